"""The screen: displayio groups built once, updated only where a value changed.

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
_INK = const(0xFFFFFF)
_DIM = const(0x9FC5A8)
_WARN = const(0xFFD040)
_DIE = const(0xFFFFFF)
_PIP = const(0x000000)
_BAD_DIE = const(0xFF9090)

# Pips in the order TL, TR, ML, C, MR, BL, BR; bit i set = pip i shown.
_FACES = (0, 0b0001000, 0b1000001, 0b1001001, 0b1100011, 0b1101011, 0b1110111)
_PIP_AT = ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2))

# Die size, die x, die gap, die y, score x, score y0, line height, turn y,
# message y, status y, menu y0, menu line height: for 160x128 and up, and
# for 240x240 and up (a larger display uses its top-left part).
_SMALL = (40, 6, 44, 22, 94, 24, 14, 74, 90, 121, 17, 11)
_LARGE = (64, 12, 80, 44, 164, 50, 20, 134, 156, 228, 30, 20)
MAX_SEATS = const(4)
MENU_LINES = const(9)


def _label(group, x, y, color=_INK):
    lbl = bitmap_label.Label(terminalio.FONT, text=" ", color=color,
                             anchor_point=(0.0, 0.5), anchored_position=(x, y))
    group.append(lbl)
    return lbl


class Die:
    """One die: a ``size``-pixel square with pips, at (x, y) in pixels."""

    def __init__(self, group, x, y, size):
        self.x = x
        self.y = y
        self.palette = displayio.Palette(2)
        self.palette[0] = _DIE
        self.palette[1] = _PIP
        self.group = displayio.Group(x=x, y=y)
        self.group.append(vectorio.Rectangle(pixel_shader=self.palette, width=size,
                                             height=size, color_index=0))
        r = size // 10
        step = size // 4
        self._pips = []
        for col, row in _PIP_AT:
            pip = vectorio.Circle(pixel_shader=self.palette, radius=r, color_index=1,
                                  x=step * (col + 1), y=step * (row + 1))
            pip.hidden = True
            self.group.append(pip)
            self._pips.append(pip)
        self.face = 0
        self.bad = False
        group.append(self.group)

    def show(self, face, bad=False):
        """Show ``face`` (1..6; 0 = blank); ``bad`` tints the die. Returns
        True when anything changed."""
        changed = False
        if face != self.face:
            bits = _FACES[face]
            for i in range(7):
                self._pips[i].hidden = not (bits >> i) & 1
            self.face = face
            changed = True
        if bad != self.bad:
            self.palette[0] = _BAD_DIE if bad else _DIE
            self.bad = bad
            changed = True
        return changed


class View:
    """All screens on one display (at least 160x128 pixels).

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
        layout = self.layout(display.width, display.height)
        (size, dx, gap, dy, sx, sy, lh, ty, my, st, my0, mlh) = layout
        self.root = displayio.Group()
        bg = displayio.Palette(1)
        bg[0] = _FELT
        self.root.append(vectorio.Rectangle(pixel_shader=bg, width=display.width,
                                            height=display.height))
        self.title = _label(self.root, 2, 6, _WARN)
        self.status = _label(self.root, 2, st, _DIM)
        self.menu = displayio.Group()
        self.menu_lines = [_label(self.menu, 4, my0 + i * mlh) for i in range(MENU_LINES)]
        self.play = displayio.Group()
        self.dice = [Die(self.play, dx + i * gap, dy, size) for i in range(2)]
        self.scores = [_label(self.play, sx, sy + i * lh) for i in range(MAX_SEATS)]
        self.turn = _label(self.play, dx, ty)
        self.message = _label(self.play, dx, my, _WARN)
        self.root.append(self.menu)
        self.root.append(self.play)
        self.dirty = True
        self.label_updates = 0  # labels whose text changed (each costs a bitmap)
        self.show_menu()
        display.auto_refresh = False  # refresh() sends each change whole
        display.root_group = self.root

    def set_text(self, label, text):
        """Set a label's text only if it changed (a change costs a bitmap)."""
        if label.text != text:
            label.text = text
            self.label_updates += 1
            self.dirty = True

    def show_menu(self):
        """Menu screen on, play screen off."""
        if self.menu.hidden is not False or self.play.hidden is not True:
            self.menu.hidden = False
            self.play.hidden = True
            self.dirty = True

    def show_play(self, dice):
        """Play screen on with ``dice`` (1 or 2) dice visible."""
        self.menu.hidden = True
        self.play.hidden = False
        self.dice[1].group.hidden = dice < 2
        self.dirty = True

    def set_dice(self, faces, bad=0):
        """Show faces (a tuple of 1 or 2 ints); ``bad``: bitmask of dice to tint."""
        for i in range(len(faces)):
            if self.dice[i].show(faces[i], bool(bad >> i & 1)):
                self.dirty = True

    def jiggle(self, i, dx, dy):
        """Offset die ``i`` by (dx, dy) pixels from its place (0, 0: home);
        the tumble shakes the dice with it."""
        die = self.dice[i]
        if die.group.x != die.x + dx or die.group.y != die.y + dy:
            die.group.x = die.x + dx
            die.group.y = die.y + dy
            self.dirty = True

    def refresh(self):
        """Send what changed to the display. Returns True if it refreshed."""
        if not self.dirty:
            return False
        self.dirty = False
        self.display.refresh()
        return True
