"""Text lines in the built-in font cut to 10 pixels high, for tables that
need a line every 10 pixels on 160x128: SKUNK's pad with seven or eight
rows (issue 14: 12-pixel rows 9 pixels apart overlapped) and the lifetime
stats (issue 24: 12-pixel rows 10 pixels apart let a g's tail touch the
next line). Loaded by ``games.skunk.screen`` for such a table and by
``rollbox.stats_screen`` on 160x128 only.
"""

import bitmaptools
import displayio
import terminalio
from micropython import const

from rollbox.view import TextLine, ink

HEIGHT = const(10)  # the short font's glyph height (pixels)


def short_font():
    """The built-in font's first 95 glyphs (ASCII 0x20..0x7E, 6x12 pixels)
    without their top and bottom pixel rows (used only by the backquote and
    by the tails of g j p q y): a 570x10 1-bit Bitmap (0.7 KB) that fits
    eight rows and the header between the title and message lines on
    160x128 (issue 14)."""
    sheet = displayio.Bitmap(95 * 6, HEIGHT, 2)
    bitmaptools.blit(sheet, terminalio.FONT.bitmap, 0, 0, x1=0, y1=1, x2=95 * 6, y2=1 + HEIGHT)
    return sheet


class ShortLine(TextLine):
    """A :class:`rollbox.view.TextLine` of 26 characters in
    :func:`short_font` (6x10 pixels a character), its top at ``top``: a
    TileGrid whose tiles :meth:`write` sets (``terminalio.Terminal`` takes
    only the built-in font); a character outside ASCII shows as a blank.
    Its text is drawn from the View's queue as a TextLine's is."""

    def __init__(self, group, x, top, sheet, color, chars=26):  # pylint: disable=super-init-not-called
        self.tilegrid = displayio.TileGrid(sheet, pixel_shader=ink(color), width=chars, height=1,
                                           tile_width=6, tile_height=HEIGHT, x=x, y=top)
        self.chars = chars
        self.text = ""
        self._shown = ""
        self.color = color
        self.queued = False
        group.append(self.tilegrid)

    def draw(self, whole=False):
        """Put the text and colour on the tiles that change now
        (:meth:`TextLine.span`; ``whole``: :meth:`TextLine.draw`'s); returns
        the pixels it touched."""
        k = self._begin(whole)
        tg = self.tilegrid
        text = self.text
        data = text.encode()  # (bytes: a str's character costs a name lookup)
        if len(data) != len(text):  # outside ASCII: by character
            data = [ord(c) for c in text]  # type: ignore[assignment]
        n = len(data)
        for i in range(k >> 8 & 255, k & 255):
            c = data[i] - 32 if i < n else 0
            tg[i] = c if 0 < c < 95 else 0
        return self._pixels(k)
