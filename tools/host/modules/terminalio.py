"""Host stand-in for CircuitPython's `terminalio`: ``FONT`` and ``Terminal``.

Blinka's own `terminalio` has no ``Terminal``, and its ``FONT.bitmap`` is not
the glyph sheet a board has. Here ``FONT`` is Blinka's `fontio.BuiltinFont`
(the same Terminus ``ter-u12n.bdf`` CircuitPython builds its font from,
loaded by `adafruit_bitmap_font`) plus ``bitmap``: a Blinka `displayio.Bitmap`
of the 95 printable ASCII glyphs side by side, 6x12 pixels each, as
CircuitPython's built-in font bitmap (570x12; the glyph of character ``c``
is tile ``ord(c) - 0x20``).

``Terminal`` writes into a TileGrid of that sheet the way CircuitPython's
``shared-module/terminalio/Terminal.c`` does for this subset: printable ASCII
sets the tile under the cursor and moves it right (wrapping to the next row,
and from the last row to the first), ``\\r``, ``\\n``, ``\\b``, and the VT100
sequences ``ESC [ K`` / ``ESC [ 0 K`` (clear to the end of the line),
``ESC [ 1 K``, ``ESC [ 2 K``, ``ESC [ n D``, ``ESC [ 2 J`` and
``ESC [ n ; m H``. Other escape sequences are skipped; non-ASCII characters
are not drawn. Differences: no scrolling (the board's terminal scrolls its
rows when the cursor leaves the last one), no status bar, no colours.
"""
import fontio
from displayio import Bitmap, TileGrid

_FIRST = 0x20
_LAST = 0x7E


class _BuiltinFont(fontio.BuiltinFont):
    """Blinka's BuiltinFont with the board's glyph sheet as ``bitmap``."""

    _sheet = None

    @property
    def bitmap(self):
        if self._sheet is None:
            w, h = self.get_bounding_box()
            sheet = Bitmap(w * (_LAST - _FIRST + 1), h, 2)
            for c in range(_FIRST, _LAST + 1):
                glyph = self.get_glyph(c)
                x0 = (c - _FIRST) * w
                for y in range(glyph.height):
                    for x in range(glyph.width):
                        if glyph.bitmap[x, y]:
                            sheet[x0 + x, y] = 1
            self._sheet = sheet
        return self._sheet


FONT = _BuiltinFont()


class Terminal:
    """Writes characters into ``scroll_area`` (a TileGrid of ``font.bitmap``).

    :raises TypeError: ``scroll_area`` is not a TileGrid or ``font`` not a
        BuiltinFont ("unsupported font type").
    :raises ValueError: a TileGrid of fewer than 2 tiles.
    """

    def __init__(self, scroll_area, font, *, status_bar=None):
        if not isinstance(scroll_area, TileGrid):
            raise TypeError("scroll_area must be of type TileGrid")
        if not isinstance(font, fontio.BuiltinFont):
            raise TypeError("unsupported font type")
        self._grid = scroll_area
        self._w = scroll_area.width
        self._h = scroll_area.height
        if self._w * self._h < 2:
            raise ValueError("scroll_area_area must be >= 2")
        self.cursor_x = 0
        self.cursor_y = 0
        for y in range(self._h):
            for x in range(self._w):
                self._grid[x, y] = 0

    def _clear(self, start, end):
        for x in range(start, end):
            self._grid[x, self.cursor_y] = 0

    def write(self, buf):
        """Write ``buf`` (str, or any buffer of UTF-8: bytes, bytearray,
        memoryview); returns the bytes taken."""
        text = buf if isinstance(buf, str) else bytes(buf).decode()
        i = 0
        n = len(text)
        while i < n:
            c = text[i]
            i += 1
            o = ord(c)
            if _FIRST <= o <= _LAST:
                self._grid[self.cursor_x, self.cursor_y] = o - _FIRST
                self.cursor_x += 1
            elif c == "\r":
                self.cursor_x = 0
            elif c == "\n":
                self.cursor_y += 1
            elif c == "\b":
                self.cursor_x = max(0, self.cursor_x - 1)
            elif c == "\x1b":
                i = self._escape(text, i)
            if self.cursor_x >= self._w:
                self.cursor_y += 1
                self.cursor_x %= self._w
            self.cursor_y %= self._h
        return len(text.encode())

    def _escape(self, text, i):
        """Handle the sequence after ESC at ``text[i]``; returns the index after it."""
        if i >= len(text) or text[i] != "[":
            return i
        j = i + 1
        numbers = [0]
        while j < len(text) and (text[j].isdigit() or text[j] == ";"):
            if text[j] == ";":
                numbers.append(0)
            else:
                numbers[-1] = numbers[-1] * 10 + int(text[j])
            j += 1
        if j >= len(text):
            return j
        command = text[j]
        n = numbers[0]
        if command == "K":
            if n == 0:
                self._clear(self.cursor_x, self._w)
            elif n == 1:
                self._clear(0, self.cursor_x + 1)
            elif n == 2:
                self._clear(0, self._w)
        elif command == "D":
            self.cursor_x = max(0, self.cursor_x - n)
        elif command == "J" and n == 2:
            self.cursor_x = self.cursor_y = 0
            for y in range(self._h):
                for x in range(self._w):
                    self._grid[x, y] = 0
        elif command == "H":
            row = min(max(n - 1, 0), self._h - 1)
            col = min(max((numbers[1] if len(numbers) > 1 else 1) - 1, 0), self._w - 1)
            self.cursor_x, self.cursor_y = col, row
        return j + 1
