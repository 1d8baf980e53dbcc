"""Skull & Dragon's play screen set up (:func:`screen`, for
``games.skull_dragon.screen.SkullDragonScreen.__init__``): loaded for that
moment and unloaded after, so that code run once a game is not in RAM while
it plays (the screen's attributes are declared in its class body). The
layout is the screen module's docstring.
"""

import displayio  # before vectorio (Blinka's import order)
import vectorio
from micropython import const

import rollbox
from games.skull_dragon.rules import SKULL_DIE
from rollbox.view import WARN, Die, FaceSheet, label

# Die size, skull die x, dragon die x, dice y, name y, column x, round y,
# first score y, score line height, target y, turn points y, frame border
# (pixels), characters on a line.
_SMALL = (36, 6, 48, 26, 70, 92, 6, 30, 12, 82, 94, 2, 26)
_LARGE = (64, 12, 92, 28, 104, 168, 34, 58, 20, 140, 162, 3, 40)

_DIM = const(1)  # (games.skull_dragon.screen's body colours)
_NAMES = ("skull", "dragon")


def screen(s, view, game):
    """Set ``s`` (a ``SkullDragonScreen`` being made, its base's part
    done) up: the two dice in their frame, their names, the text lines and
    the first values."""
    (size, sx, dx, dy, ny, cx, ry, sy, lh, ty, py, border,
     s.chars) = _LARGE if view.large else _SMALL
    s.border = border
    frame = displayio.Palette(1)
    frame[0] = WARN
    s.frame = vectorio.Rectangle(pixel_shader=frame, width=size + 2 * border,
                                 height=size + 2 * border, x=sx - border, y=dy - border)
    s.frame.hidden = True
    s.group.append(s.frame)
    sheet = FaceSheet(size, tints=False)  # each die has its own body colour
    s.dice = [Die(s.group, x, dy, sheet, own_palette=True, holder=True)
              for x in (sx, dx)]
    from games.skull_dragon import art as skull_dragon_art  # drawing code: gone once drawn

    s.symbols = skull_dragon_art.symbols(s.dice)
    del skull_dragon_art
    rollbox.unload("games.skull_dragon.art")
    s.body = [-1, -1]  # body colour (_PLAIN, _DIM, _FAILED) per die
    s.worth = [-2, -2]  # worth on show per die (-1 blank)
    s.names = []  # the dice's names under them (set once)
    for i in range(2):
        s._face(i, -1, _DIM)
        name = _NAMES[i]
        line = label(s.group, s.dice[i].x + (size - 6 * len(name)) // 2, ny,
                     chars=len(name))
        view.set_text(line, name)
        s.names.append(line)
    s.round_line = label(s.group, cx, ry)
    n = game.num_players()
    s.lines = [label(s.group, cx, sy + i * lh) for i in range(n)]
    s.target_line = label(s.group, sx, ty)
    s.points_line = label(s.group, sx, py)
    s.picks = [SKULL_DIE] * n  # each seat's cursor (the die a shake rolls)
    s.going = False  # AFTER_SUCCESS: "go on" pressed, the die choice is up
    s.shook = False  # a shake was explained since the last draw
