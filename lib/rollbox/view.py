"""The display's shared parts: the felt, the title, message and status
lines, the coach panel, and the text line and die every screen uses.
Groups are built once and updated only where a value changed.

Layouts for 160x128 (PyBadge, PyGamer) and 240x240 (TFT Gizmo) displays;
other sizes use the larger one that fits (in their top-left corner).

Text is CircuitPython's built-in font (``terminalio.FONT``, 6x12 pixels a
character) drawn by a ``displayio.TileGrid`` of its glyphs, one tile a
character, written by a ``terminalio.Terminal``: a line costs about 200
bytes of heap, where an ``adafruit_display_text`` label costs 1-1.5 KB and
its library 17 KB (measured with tools/bench_device).

Dice come from one face sheet per die size (:class:`FaceSheet`: a 1-bit
``displayio.Bitmap`` of the blank face and faces 1..6) and one TileGrid a
die, 96 bytes; tints are four shared two-colour palettes. A die drawn
with vectorio (a square and seven pips) cost about 1 KB.

Depends on: displayio, vectorio, terminalio.
"""

import displayio  # before vectorio (Blinka's import order)
import terminalio
import vectorio
from micropython import const

import rollbox

try:
    from typing import Any  # noqa: F401 (used in type comments)
except ImportError:
    pass

_FELT = const(0x0B3D20)
INK = const(0xFFFFFF)
DIM = const(0x9FC5A8)
WARN = const(0xFFD040)
_PIP = const(0x000000)
_COACH_BG = const(0x14305E)  # the coach panel: dark blue over the felt
# Die tints: plain, a bad face, kept (in the den), picked by the cursor.
PLAIN = const(0)
BAD = const(1)
KEPT = const(2)
PICKED = const(3)
_TINTS = (0xFFFFFF, 0xFF9090, 0x9AA0A6, 0xFFE066)
# Each seat's colour (P1..P8): the status line while the seat acts and its
# NeoPixels (rollbox.lights, issue 25); light enough to read on the felt.
SEATS = (0x5FB4FF, 0xFF6060, 0xFFE040, 0xD080FF, 0xFF9A3C, 0x40F0E0, 0xFF80C0, 0xC0FF60)

_BIG_DIE = const(40)  # dice larger than this (pixels) are drawn at scale 2

# Status y, message y (the line above it, on 160x128 right above it: the
# SKUNK pad's eight rows need every pixel): for 160x128 and up, and for
# 240x240 and up (a larger display uses its top-left). Lines are given by
# their middle y (pixels).
_SMALL = (121, 108)
_LARGE = (228, 206)
COACH_AT = (6, 18)  # the coach's lines (middle y, pixels): the title line and the one below
_LINE_CHARS = const(40)  # a text line's tiles: 240 pixels (clipped on 160)
_inks = {}  # type: dict  # colour -> the Palette that draws text in it (made when first asked)
_AT = bytearray(b"\x1b[1;00H")  # the Terminal's cursor to a column (its digits set per use)
_TEXT_PX = const(1500)  # a frame's text pixels past its first line (~8 ms on a PyBadge)
_LINE_PX = const(240)  # a line's draw, as pixels of the same time (~1.3 ms on a SAMD51)


def fill_disc(bitmap, cx, cy, r, value):
    """Set the pixels of a filled disc (centre ``cx``, ``cy``, radius ``r``,
    pixels) of ``bitmap`` to ``value``: a die's pip, a symbol's round part."""
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx * dx + dy * dy <= r * r + r:
                bitmap[cx + dx, cy + dy] = value


def ink(color):
    """The Palette (transparent, ``color``) that draws text in ``color``
    (0xRRGGBB); one per colour, made when first asked."""
    palette = _inks.get(color)
    if palette is None:
        palette = displayio.Palette(2)
        palette.make_transparent(0)
        palette[1] = color
        _inks[color] = palette
    return palette


class TextLine:
    """One line of text in the built-in font, left edge at ``x`` and middle
    at ``y`` (pixels), at most ``chars`` characters, in ``group``: a
    TileGrid of ``terminalio.FONT.bitmap``'s 6x12 glyphs written by a
    ``terminalio.Terminal``. ``text`` and ``color`` (0xRRGGBB) are what it
    shows, or will show once :meth:`View.refresh` has drawn it; change them
    with :meth:`View.set_text` and :meth:`View.set_color` (only a change
    touches the tiles). No property: a class with one makes every
    attribute stored on its objects look through the class first (issue
    26: a line's draw stores two)."""

    def __init__(self, group, x, y, color=INK, chars=_LINE_CHARS):
        font = terminalio.FONT
        self.tilegrid = displayio.TileGrid(font.bitmap, pixel_shader=ink(color), width=chars,
                                           height=1, tile_width=6, tile_height=12, x=x, y=y - 6)
        self._terminal = terminalio.Terminal(self.tilegrid, font)
        self.chars = chars
        self.text = ""
        self._shown = ""  # the text its tiles show (the first ``chars`` characters)
        self.color = color
        self.queued = False  # a change waits in the View's queue (View.refresh)
        group.append(self.tilegrid)

    def write(self, text):
        """Show ``text`` (cut at ``chars``) now; returns the pixels touched
        (:meth:`draw`)."""
        self.text = text
        return self.draw()

    def span(self):
        """``(first, end)``: the columns whose glyph changes from the text
        shown to :attr:`text` (:func:`_span`)."""
        k = _span(self._shown, self.text, self.chars)
        return k >> 8, k & 255

    def cost(self):
        """The most pixels :meth:`draw` may touch, found without comparing
        the texts (:meth:`View.refresh`'s budget): the columns either text
        fills, or the whole line's when its colour changes (a new shader
        redraws it)."""
        tg = self.tilegrid
        n = self.chars
        if tg.pixel_shader is ink(self.color):
            a, b = len(self._shown), len(self.text)
            a = b if b > a else a
            n = a if a < n else n
        return tg.tile_width * tg.tile_height * n

    def _begin(self, whole):
        """Out of the queue, in its colour, its text taken as shown: the
        columns to write, ``first << 8 | end`` (:func:`_span`; with
        ``whole``, or a new colour, which redraws the line anyway, every
        column either text fills), plus 1 << 16 for a new colour. An int,
        not a tuple: nothing allocated but the comparison's bytes."""
        tg = self.tilegrid
        old, text, w = self._shown, self.text, self.chars
        self._shown = text
        self.queued = False
        shader = ink(self.color)
        recolour = tg.pixel_shader is not shader
        if recolour:
            tg.pixel_shader = shader
        elif not whole:
            return _span(old, text, w)
        a, b = len(old), len(text)
        a = b if b > a else a
        return recolour << 16 | (w if a > w else a)

    def _pixels(self, k):
        """The pixels of :meth:`_begin`'s ``k``."""
        tg = self.tilegrid
        n = self.chars if k >> 16 else (k & 255) - (k >> 8 & 255)
        return tg.tile_width * tg.tile_height * n

    def draw(self, whole=False):
        """Put the text and colour on the tiles now: only the glyphs that
        change (:meth:`span`), so displayio sends and renders only those
        (issue 26: a frame's pixels cost more to render than to send);
        ``whole``: every glyph of the new text and the old one's tail, not
        compared (a page of new lines: the comparing would cost more time
        than it saves). Returns the pixels it touched (at most
        :meth:`cost`)."""
        k = self._begin(whole)
        i, j = k >> 8 & 255, k & 255
        if i < j:
            # No new str on the way: each is looked up among the interned
            # names (about 12,000 instructions with 1,000 of them).
            t = self._terminal
            text = self.text
            b = len(text)
            if i:  # the cursor to column i + 1 of row 1 (VT100 ESC [ 1 ; n H)
                at = _AT
                at[4] = 48 + (i + 1) // 10
                at[5] = 48 + (i + 1) % 10
                t.write(at)
            else:
                t.write("\r")  # type: ignore[arg-type]
            e = j if j < b else b
            if i < e:
                if not i and e == b:  # a str is a buffer to CircuitPython's stream write
                    t.write(text)  # type: ignore[arg-type]
                else:  # (ASCII: the columns are its bytes)
                    data = text.encode()
                    t.write(memoryview(data)[i:e] if len(data) == b else text[i:e])  # type: ignore[arg-type]
            if j > e:
                t.write(b" " * (j - (e if e > i else i)))
        return self._pixels(k)


def _span(old, new, w):
    """The columns whose glyph changes from text ``old`` to ``new`` (both
    cut at ``w`` characters, a space past either's end), as ``first << 8
    | end``; ``first == end`` when none does; the whole line for a text
    outside ASCII. CircuitPython's TileGrid marks every tile it is given
    as changed, the same glyph too, so only these are written (issue 26: a
    menu's cursor move was two whole lines, 3,700 pixels, where two glyphs
    change). The texts are compared as bytes: a str's character is a new
    str, looked up among every interned name (about 12,000 x86
    instructions on the unix port with 1,000 names)."""
    ob, nb = old.encode(), new.encode()
    a, b = len(ob), len(nb)
    if a != len(old) or b != len(new):
        return w
    a = a if a < w else w
    b = b if b < w else w
    m = a if a < b else b
    i = 0
    while i < m and ob[i] == nb[i]:
        i += 1
    if a == b and ob[i + 1:a] == nb[i + 1:b]:  # one glyph (a cursor), compared in C
        return i << 8 | (i + 1 if i < a else i)
    j = a if a > b else b
    while j > i:
        k = j - 1
        if (ob[k] if k < a else 32) != (nb[k] if k < b else 32):
            break
        j = k
    return i << 8 | j


def label(group, x, y, color=INK, chars=_LINE_CHARS):
    """A :class:`TextLine` (left edge ``x``, middle ``y``, pixels) appended
    to ``group``; made once per screen."""
    return TextLine(group, x, y, color, chars)




class FaceSheet:
    """The faces of one die size: a Bitmap of 8 square tiles (the "?" of
    a die not rolled yet, faces 1..6, a blank: body 0, pip 1) and the four
    tint palettes (:data:`PLAIN`, :data:`BAD`, :data:`KEPT`, :data:`PICKED`)
    the dice share.

    :param size: the die's side on screen (pixels). Above 40 the sheet is
        drawn at half size and the dice at scale 2 (a 64-pixel die costs a
        32-pixel sheet: 0.9 KB instead of 3.6 KB).
    :param tints: False when every die of the sheet has a palette of its
        own (``Die(own_palette=True)``): ``palettes`` is then None (0.4 KB
        less).
    """

    def __init__(self, size, tints=True):
        scale = 2 if size > _BIG_DIE else 1
        t = size // scale
        self.scale = scale
        self.tile = t
        self.bitmap = bitmap = displayio.Bitmap(8 * t, t, 2)
        palettes = []
        for tint in _TINTS if tints else ():
            p = displayio.Palette(2)
            p[0] = tint
            p[1] = _PIP
            palettes.append(p)
        self.palettes = palettes if tints else None  # type: Any
        from rollbox import faces  # drawing code: gone once drawn

        faces.draw(bitmap, t)
        del faces
        rollbox.unload("rollbox.faces")


class Die:
    """One die at (x, y) pixels in ``group``, drawn from ``sheet`` (a
    :class:`FaceSheet`): a TileGrid (in a Group of the sheet's scale when
    that is 2). With ``holder`` it is always in such a Group, ``group``,
    where a screen may add TileGrids over the die (in the sheet's pixels:
    they scale and tumble with it). With ``own_palette`` the die has
    a ``palette`` of its own (body, pip: a screen may set the body colour,
    ``palette[0]``) and a tint sets its body colour; otherwise a tint picks
    one of the sheet's palettes (``palette`` is None).

    :meth:`show` sets the face and tint, :meth:`move` offsets it,
    :meth:`hide` hides it.
    """

    def __init__(self, group, x, y, sheet, own_palette=False, holder=False):
        self.x = x
        self.y = y
        self.sheet = sheet
        self.palette = palette = None
        if own_palette:
            self.palette = palette = displayio.Palette(2)
            palette[0] = _TINTS[PLAIN]
            palette[1] = _PIP
        t = sheet.tile
        self.tilegrid = displayio.TileGrid(sheet.bitmap, pixel_shader=palette or sheet.palettes[0],
                                           tile_width=t, tile_height=t)
        top = self.tilegrid  # type: Any
        self.group = None
        if sheet.scale > 1 or holder:
            top = self.group = displayio.Group(scale=sheet.scale)
            top.append(self.tilegrid)
        top.x = x
        top.y = y
        self._top = top
        self.face = 0
        self.tint = PLAIN
        group.append(top)

    def show(self, face, tint=PLAIN):
        """Show ``face`` (1..6; 0: not rolled yet, a "?" (issue 24, item
        5); 7: no pips, for a symbol over it) in ``tint``. Returns True when
        anything changed."""
        changed = False
        if face != self.face:
            self.tilegrid[0] = face
            self.face = face
            changed = True
        if tint != self.tint:
            if self.palette is None:
                self.tilegrid.pixel_shader = self.sheet.palettes[tint]
            else:
                self.palette[0] = _TINTS[tint]
            self.tint = tint
            changed = True
        return changed

    def move(self, dx, dy):
        """Offset by (dx, dy) pixels from its place ((0, 0): home); the
        tumble shakes the dice with it. Returns True when it moved."""
        g = self._top
        if g.x != self.x + dx or g.y != self.y + dy:
            g.x = self.x + dx
            g.y = self.y + dy
            return True
        return False

    def hide(self, hidden):
        """Hide (True) or show the die. Returns True when that changed."""
        if self._top.hidden == hidden:
            return False
        self._top.hidden = hidden
        return True


class View:
    """The parts every screen shares on one display (at least 160x128
    pixels): the felt, the title line, the message line, the status line,
    the coach panel (made when first shown) and the screen's group (the
    menu's or a game's, :meth:`show_screen`).

    Attributes: ``width``, ``height`` (pixels of the layout), ``large``
    (True for the 240x240 layout), ``title``, ``message``, ``status``
    (:class:`TextLine`).

    :raises ValueError: a display smaller than 160x128.
    """

    @staticmethod
    def layout(width, height):
        """The layout tuple for a ``width`` x ``height`` pixel display:
        the 240x240 one where it fits, else the 160x128 one.

        :raises ValueError: a display smaller than 160x128.
        """
        if width >= 240 and height >= 240:
            return _LARGE
        if width >= 160 and height >= 128:
            return _SMALL
        raise ValueError("a %dx%d display is below 160x128" % (width, height))

    def __init__(self, display):
        self.display = display
        status_y, message_y = self.layout(display.width, display.height)
        self.large = status_y == _LARGE[0]
        self.width = 240 if self.large else 160  # the layout's area, top-left
        self.height = 240 if self.large else 128
        self.root = displayio.Group()
        bg = displayio.Palette(1)
        bg[0] = _FELT
        self.root.append(vectorio.Rectangle(pixel_shader=bg, width=display.width,
                                            height=display.height))
        self.title = label(self.root, 2, 6, WARN)
        self.message = label(self.root, 2, message_y, WARN)
        self.status = label(self.root, 2, status_y, DIM)
        self.coach = None  # the coach panel (a Group), made when first shown
        self.coach_lines = ()  # type: tuple
        self.screen = None  # the menu's or a game's group
        self.overlay = None  # the pause panel's group while it shows
        self.dirty = True
        self.label_updates = 0  # text lines whose text changed
        self._lines = 0  # ... since the last refresh
        self.refresh_errors = 0  # refreshes the display refused
        self._waited = False  # the text waited a frame for the dice (refresh)
        self._whole = False  # the next refresh sends the whole screen
        self._all = False  # the next refresh draws all the text waiting (together)
        self._queue = []  # text lines set and not drawn yet, oldest first (refresh)
        display.auto_refresh = False  # refresh() sends each change whole
        display.root_group = self.root

    def set_text(self, line, text):
        """Set a :class:`TextLine`'s text only if it changed; it is drawn by
        :meth:`refresh` (this frame's, or a later one's)."""
        if line.text != text:
            line.text = text
            if not line.queued:
                line.queued = True
                self._queue.append(line)
            self.label_updates += 1
            self._lines += 1

    def set_color(self, line, color):
        """Set a :class:`TextLine`'s colour (0xRRGGBB) only if it changed;
        drawn with its text by :meth:`refresh` (a new colour redraws the
        whole line)."""
        if line.color != color:
            line.color = color
            if not line.queued:
                line.queued = True
                self._queue.append(line)

    def together(self):
        """Every text line waiting is drawn in this frame's refresh: lines
        that only read right together (the menu's page)."""
        self._all = True

    def waiting(self):
        """True while a text line's change is not drawn yet."""
        return bool(self._queue)

    def _full_refresh(self):
        """The next refresh sends the whole display as one area (a root
        group set anew) instead of an area per changed item; every text
        line waiting is drawn in it (the whole screen goes anyway)."""
        self.display.root_group = None
        self.display.root_group = self.root
        self.dirty = self._whole = True

    def show_coach(self, lines, at=COACH_AT):
        """The coach overlay on with ``lines`` (two strings, at most 26
        characters each), or off when ``lines`` is None or ("", ""): each
        line on a dark strip (none for an empty line), 12 pixels high and
        the layout's width, with its middle at the y of ``at`` (pixels; the screen's
        ``coach_at()``: by default the title line and the one below it,
        one 24-pixel panel). Made when first shown, dropped with the
        screen."""
        on = lines is not None and bool(lines[0] or lines[1])
        if on and self.coach is None:
            self.coach = displayio.Group()
            shade = displayio.Palette(1)
            shade[0] = _COACH_BG
            for _ in range(2):
                self.coach.append(vectorio.Rectangle(pixel_shader=shade, width=self.width,
                                                     height=12))
            self.coach_lines = (label(self.coach, 2, 0), label(self.coach, 2, 0))
            self.root.append(self.coach)
        coach = self.coach
        if on and coach is not None:
            for i in range(2):
                line = self.coach_lines[i]
                if line.tilegrid.y != at[i] - 6:
                    line.tilegrid.y = coach[i].y = at[i] - 6
                    self.dirty = True
                self.set_text(line, lines[i])
                if coach[i].hidden != (not lines[i]):  # an empty line: no strip either
                    coach[i].hidden = line.tilegrid.hidden = not lines[i]
                    self.dirty = True
        if self.coach is not None and self.coach.hidden == on:
            self.coach.hidden = not on
            self.dirty = True

    def coach_shown(self):
        """The coach panel's two lines while it is on, else None."""
        if self.coach is None or self.coach.hidden:
            return None
        return (self.coach_lines[0].text, self.coach_lines[1].text)

    def show_overlay(self, group):
        """``group`` (the pause panel) over the screen's group and under the
        title, message and status lines, or the one shown taken away
        (None); the next refresh redraws the whole display once."""
        if self.overlay is not None:
            self.root.remove(self.overlay)
        self.overlay = group
        if group is not None:
            self.root.insert(2 if self.screen is not None else 1, group)
        self._full_refresh()

    def show_screen(self, group):
        """``group`` (the menu's or a game's; None for none) replaces the
        screen's group, below the shared lines; the message line and the
        coach panel go; the next refresh redraws the whole display once."""
        if self.screen is not None:
            self.root.remove(self.screen)
        self.screen = group
        if group is not None:
            self.root.insert(1, group)
        self.set_color(self.message, WARN)  # the news colour (Screen.say's white is a moment's)
        self.set_color(self.status, DIM)  # (a seat's colour in play: rollbox.play)
        if self.coach is not None:
            self.root.remove(self.coach)
            self.coach = None
            self.coach_lines = ()
        self.set_text(self.message, "")
        self._full_refresh()  # one screen of pixels, not an area per item that came or went

    def refresh(self):
        """Send what changed to the display. Returns True if it refreshed,
        False if nothing changed, None if the display raised (``OSError``,
        ``RuntimeError``: a bus error; counted in ``refresh_errors``): the
        change stays pending and is sent again next frame.

        Text lines are drawn a frame's share at a time (issue 26: a frame
        within 20 ms on a PyBadge, tools/bench_cpu), oldest first: the
        first waiting line, then more while the frame's text stays within
        1,500 pixels (a 26-character line is 1,872), a line's draw counted
        as 240 more (its comparing and writing, about 1.3 ms on a SAMD51:
        tools/bench_cpu). In a frame where
        anything else changed (dice landing, a tumble), the text waits one
        frame, so the dice are shown first."""
        queue = self._queue
        if not self.dirty and not queue:
            return False
        if self._lines * 12 >= self.height - 24:  # nearly every line: one full screen is less
            self._full_refresh()
        self._lines = 0
        if self._whole or self._all:  # the whole screen goes, or a page: all its text
            whole = self._whole or len(queue) > 3  # (a cursor move, its status line: compared)
            while queue:
                queue.pop().draw(whole)
        elif queue:
            if self.dirty and not self._waited:
                self._waited = True
            else:
                self._waited = False
                spent = queue.pop(0).draw() + _LINE_PX
                while queue and spent + queue[0].cost() + _LINE_PX <= _TEXT_PX:
                    spent += queue.pop(0).draw() + _LINE_PX
        try:
            self.display.refresh()
        except (OSError, RuntimeError):
            self.refresh_errors += 1
            return None
        self.dirty = self._whole = self._all = False
        return True
