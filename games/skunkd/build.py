"""SKUNK'D's play screen set up (:func:`screen`, for
``games.skunkd.screen.SkunkdScreen.__init__``): loaded for that moment and
unloaded after, so that code run once a game is not in RAM while it plays
(the screen's attributes are declared in its class body). The layout is the
screen module's docstring.
"""

import displayio  # before vectorio (Blinka's import order)
import vectorio
from micropython import const

from games.skunkd.rules import DEFAULT_HOUSE, HOUSE_BASE
from rollbox.controls import LEFT, SELECT
from rollbox.view import WARN, Die, FaceSheet, label

# Die size, die x0, die pitch, die y, den drop, bar y, bar height, den line y,
# value line y, first seat line y, seat line height, info line y (pixels);
# seats a line, characters a line.
_SMALL = (18, 6, 26, 27, 4, 51, 2, 18, 59, 71, 12, 95, 2, 26)
_LARGE = (32, 9, 38, 34, 6, 76, 3, 20, 90, 110, 18, 184, 1, 39)
_TEXT_X = const(2)
_ALL = const(63)  # the six slots


def screen(s, view, game, buttons):
    """Set ``s`` (a ``SkunkdScreen`` being made, its base's part done) up:
    the dice, the cursor bar, the text lines and the first values."""
    (size, x0, pitch, dy, drop, bar_y, bar_h, den_y, value_y, seat_y, seat_h, info_y,
     per_line, width) = _LARGE if view.large else _SMALL
    sheet = FaceSheet(size)
    s.dice = [Die(s.group, x0 + i * pitch, dy, sheet) for i in range(6)]
    s._x0 = x0
    s._pitch = pitch
    s._drop = drop
    palette = displayio.Palette(1)
    palette[0] = WARN
    s.bar = vectorio.Rectangle(pixel_shader=palette, width=size, height=bar_h,
                               x=x0, y=bar_y)
    s.bar.hidden = True
    s.group.append(s.bar)
    s.den_line = label(s.group, _TEXT_X, den_y)
    s.value_line = label(s.group, _TEXT_X, value_y)
    n = game.num_players()
    s.per_line = per_line
    s.seat_lines = [label(s.group, _TEXT_X, seat_y + i * seat_h)
                    for i in range((n + per_line - 1) // per_line)]
    s.info_line = label(s.group, _TEXT_X, info_y)
    s._coach_at = (6, info_y)  # the title line and the info line
    s.width = width  # characters a line
    s.dirs = bool(buttons & LEFT)  # LEFT/RIGHT/UP/DOWN move and toggle
    s.select = bool(buttons & SELECT)
    s.cursor = 0  # slot 0..5, or _NEXT / _KEEP
    s.pick = 0  # the selection, a slot mask
    s.cycle = -1  # index in legal_keeps of the last SELECT / "next keep"
    s.cycled = ()  # the masks of legal_keeps when it was cycled
    house = DEFAULT_HOUSE - HOUSE_BASE
    s.goal_i = house >> 2  # the house editor: GOALS and ENTRIES indexes
    s.entry_i = house & 3
    s.field = 0 if s.dirs else 2  # 0 goal, 1 entry, 2 "ok" (skunkd_setup)
    s.rolloff = bytearray(6 * n)  # each seat's last roll-off faces
    s.rolling = _ALL  # the game opens with the roll-off's tumble

