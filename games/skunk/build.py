"""SKUNK's play screen set up (:func:`screen`, for
``games.skunk.screen.SkunkScreen.__init__``): loaded for that moment and
unloaded after, so that code run once a game is not in RAM while it plays
(the screen's attributes are declared in its class body). The layout is the
screen module's docstring.
"""

import displayio
import vectorio
from micropython import const

from games.skunk.rules import COLUMNS, ROUNDS
from rollbox.view import DIM, INK, Die, FaceSheet, label

# x0, header top, first row top, row pitch (text boxes never overlap: the
# header and rows are 12 pixels high, 10 in the short font), name width, cell width, total width,
# control width (characters), round line x, y, its format (0: "Round total
# 24", 1: "Round 2 (K)  total 24"), die size, die x, die pitch, die y,
# vertical wobble (0/1), info on the title line (hidden at the end).
_SMALL = (2, 12, 24, 12, 3, 3, 4, 4, 36, 6, 0, 12, 128, 15, 0, 0, True)
_LARGE = (18, 26, 42, 16, 4, 4, 5, 5, 18, 179, 1, 28, 156, 36, 167, 1, False)
_SMALL_ROWS = const(6)  # more seats on 160x128: the short font (header top 12, rows 22 + 10 i)

_COLUMN_BAND = const(0x1E6A3A)  # behind the round's column (felt is 0x0B3D20)
_SHOOTER_BAND = const(0x5A4A12)  # behind the shooter's row

_HOME = const(-2)  # (games.skunk.screen's roster cursor: its default item)


def _band(s, x, y, w, h, color):
    palette = displayio.Palette(1)
    palette[0] = color
    band = vectorio.Rectangle(pixel_shader=palette, width=w, height=h, x=x, y=y)
    s.group.append(band)
    return band


def _line(s, sheet, x, top, color):
    """A text line with its top at ``top``: a view label, or one in the
    short font when ``sheet`` is given (26 characters)."""
    if sheet is None:
        return label(s.group, x, top + 6, color)
    return s._short.ShortLine(s.group, x, top, sheet, color)


def screen(s, view, game, seats):
    """Set ``s`` (a ``SkunkScreen`` being made, its base's part done) up:
    the pad's bands, header and rows, the round line, the dice and the
    first values."""
    lay = _LARGE if view.large else _SMALL
    (x0, head_top, row_top, pitch, name_w, cell_w, total_w, ctl_w, info_x, info_y,
     s._long_info, size, die_x, die_pitch, die_y, s._wobble, s._top) = lay
    n = game.num_players()
    high = 12  # the rows' text height (pixels)
    s._short = None  # the short font's module (rollbox.short), when used
    sheet = None
    if not view.large and n > _SMALL_ROWS:  # 12-pixel rows would overlap
        from rollbox import short

        s._short = short
        sheet = short.short_font()
        high = short.HEIGHT
        row_top, pitch = head_top + high, high
    s._cell = "%" + str(cell_w) + "s"
    s._total = "%" + str(total_w) + "d"
    s._ctl = " %-" + str(ctl_w - 1) + "s"
    s._sep = " " if name_w > 3 else ""  # between "P1" and the stand mark
    s._width = 40 if view.large else 26  # characters on a line
    chars = name_w + ROUNDS * cell_w + total_w + ctl_w
    # Bands first: they lie behind the text.
    s._band_x = x0 + name_w * 6
    s._band_w = cell_w * 6
    s.column_band = _band(s, s._band_x, head_top, s._band_w,
                           row_top + (n - 1) * pitch + high - head_top,
                           _COLUMN_BAND)
    s._row_top = row_top + high // 2 - pitch // 2 - 1  # the band: a pitch and 1 pixel
    s._pitch = pitch
    s.shooter_band = _band(s, x0 - 2, s._row_top, chars * 6 + 4, pitch + 1,
                            _SHOOTER_BAND)
    head = " " * name_w
    for c in COLUMNS:
        head += s._cell % c
    s.header = _line(s, sheet, x0, head_top, DIM)
    view.set_text(s.header, head + ("%" + str(total_w) + "s") % "tot")
    s.rows = [_line(s, sheet, x0, row_top + i * pitch, DIM if seats[i] else INK)
              for i in range(n)]
    s.info = label(s.group, info_x, info_y)
    sheet = FaceSheet(size)
    s.dice = [Die(s.group, die_x + i * die_pitch, die_y, sheet) for i in range(2)]
    s.accel_ok = True  # as the app last said (status); A's job depends on it
    s.cursor = _HOME  # roster cursor: a seat, _ROLL_ITEM, or _HOME
    s._keys = s._own_keys()
