"""The display's shared parts: felt, title, message, status, menu, and the
die widget every game screen uses. Groups are built once and updated only
where a value changed.

Layouts for 160x128 (PyBadge, PyGamer) and 240x240 (TFT Gizmo) displays;
other sizes use the larger one that fits.
Dice are vectorio shapes (a square and seven pips whose ``hidden`` flag
shows a face); text is ``adafruit_display_text.bitmap_label`` in the
built-in font (6x12 pixels). A label's text is set only when it differs.
Depends on: displayio, vectorio, terminalio, adafruit_display_text.
"""

import displayio  # before vectorio (Blinka's import order)
import terminalio
import vectorio
from adafruit_display_text import bitmap_label
from micropython import const

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

# Pips in the order TL, TR, ML, C, MR, BL, BR; bit i set = pip i shown.
_FACES = (0, 0b0001000, 0b1000001, 0b1001001, 0b1100011, 0b1101011, 0b1110111)
_PIP_AT = ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2))

# Status y, message y (the line above it), menu y0, menu line height: for
# 160x128 and up, and for 240x240 and up (a larger display uses its top-left).
_SMALL = (121, 107, 17, 11)
_LARGE = (228, 206, 30, 20)
MENU_LINES = const(8)


def label(group, x, y, color=INK, scale=1):
    """A text label in the built-in font (6x12 pixels per character at scale
    1), left-aligned with its middle at (x, y) pixels, appended to ``group``.
    Made once per screen; change it with :meth:`View.set_text`."""
    lbl = bitmap_label.Label(terminalio.FONT, text=" ", color=color, scale=scale,
                             anchor_point=(0.0, 0.5), anchored_position=(x, y))
    group.append(lbl)
    return lbl


class Die:
    """One die: a ``size``-pixel square with pips, at (x, y) pixels in
    ``group``. :meth:`show` sets the face and a tint (:data:`PLAIN`,
    :data:`BAD`, :data:`KEPT`, :data:`PICKED`); :meth:`move` offsets it."""

    def __init__(self, group, x, y, size):
        self.x = x
        self.y = y
        self.palette = displayio.Palette(2)
        self.palette[0] = _TINTS[PLAIN]
        self.palette[1] = _PIP
        self.group = displayio.Group(x=x, y=y)
        self.group.append(vectorio.Rectangle(pixel_shader=self.palette, width=size,
                                             height=size, color_index=0))
        r = max(1, size // 10)
        step = size // 4
        self._pips = []
        for col, row in _PIP_AT:
            pip = vectorio.Circle(pixel_shader=self.palette, radius=r, color_index=1,
                                  x=step * (col + 1), y=step * (row + 1))
            pip.hidden = True
            self.group.append(pip)
            self._pips.append(pip)
        self.face = 0
        self.tint = PLAIN
        group.append(self.group)

    def show(self, face, tint=PLAIN):
        """Show ``face`` (1..6; 0 = blank) in ``tint``. Returns True when
        anything changed."""
        changed = False
        if face != self.face:
            bits = _FACES[face]
            for i in range(7):
                self._pips[i].hidden = not (bits >> i) & 1
            self.face = face
            changed = True
        if tint != self.tint:
            self.palette[0] = _TINTS[tint]
            self.tint = tint
            changed = True
        return changed

    def move(self, dx, dy):
        """Offset by (dx, dy) pixels from its place ((0, 0): home); the
        tumble shakes the dice with it. Returns True when it moved."""
        g = self.group
        if g.x != self.x + dx or g.y != self.y + dy:
            g.x = self.x + dx
            g.y = self.y + dy
            return True
        return False


class View:
    """The parts every screen shares on one display (at least 160x128
    pixels): the felt, the title line, the message line, the status line
    and the menu. A game's screen adds its own group with
    :meth:`show_screen`.

    Attributes: ``width``, ``height`` (pixels), ``large`` (True for the
    240x240 layout), ``title``, ``message``, ``status`` (labels).

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
        status_y, message_y, menu_y, menu_h = self.layout(display.width, display.height)
        self.large = status_y == _LARGE[0]
        self.width = 240 if self.large else 160  # the layout's area, top-left
        self.height = 240 if self.large else 128
        self.root = displayio.Group()
        bg = displayio.Palette(1)
        bg[0] = _FELT
        self.root.append(vectorio.Rectangle(pixel_shader=bg, width=display.width,
                                            height=display.height))
        self.menu = displayio.Group()
        self.menu_lines = [label(self.menu, 4, menu_y + i * menu_h) for i in range(MENU_LINES)]
        self.root.append(self.menu)
        self.title = label(self.root, 2, 6, WARN)
        self.coach = displayio.Group()  # the coach overlay: a panel over the top two lines
        shade = displayio.Palette(1)
        shade[0] = _COACH_BG
        self.coach.append(vectorio.Rectangle(pixel_shader=shade, width=self.width, height=26))
        self.coach_lines = (label(self.coach, 2, 6, INK), label(self.coach, 2, 19, INK))
        self.coach.hidden = True
        self.message = label(self.root, 2, message_y, WARN)
        self.status = label(self.root, 2, status_y, DIM)
        self.root.append(self.coach)
        self.screen = None  # the game's group while a game is on
        self.dirty = True
        self.label_updates = 0  # labels whose text changed (each costs a bitmap)
        self.refresh_errors = 0  # refreshes the display refused
        display.auto_refresh = False  # refresh() sends each change whole
        display.root_group = self.root

    def set_text(self, label, text):
        """Set a label's text only if it changed (a change costs a bitmap)."""
        if label.text != text:
            label.text = text
            self.label_updates += 1
            self.dirty = True

    def show_coach(self, lines):
        """The coach overlay on with ``lines`` (two strings, at most 26
        characters each), or off when ``lines`` is None or ("", "")."""
        on = lines is not None and bool(lines[0] or lines[1])
        if on:
            self.set_text(self.coach_lines[0], lines[0])
            self.set_text(self.coach_lines[1], lines[1])
        if self.coach.hidden == on:
            self.coach.hidden = not on
            self.dirty = True

    def show_menu(self):
        """Menu on; the game's group (if any) is dropped."""
        if self.screen is not None:
            self.root.remove(self.screen)
            self.screen = None
        self.set_text(self.message, "")
        self.show_coach(None)
        if self.menu.hidden:
            self.menu.hidden = False
            self.dirty = True

    def show_screen(self, group):
        """Menu off, a game's ``group`` on (below the shared lines)."""
        self.menu.hidden = True
        if self.screen is not None:
            self.root.remove(self.screen)
        self.screen = group
        self.root.insert(1, group)
        self.set_text(self.message, "")
        self.dirty = True

    def refresh(self):
        """Send what changed to the display. Returns True if it refreshed,
        False if nothing changed, None if the display raised (``OSError``,
        ``RuntimeError``: a bus error; counted in ``refresh_errors``): the
        change stays pending and is sent again next frame."""
        if not self.dirty:
            return False
        try:
            self.display.refresh()
        except (OSError, RuntimeError):
            self.refresh_errors += 1
            return None
        self.dirty = False
        return True
