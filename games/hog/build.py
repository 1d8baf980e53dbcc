"""Hog's play screen set up (:func:`screen`, for
``games.hog.screen.HogScreen.__init__``): loaded for that moment and
unloaded after, so that code run once a game is not in RAM while it plays
(the screen's attributes are declared in its class body).
"""

from micropython import const

from games.hog.rules import MAX_DICE
from rollbox.view import Die, FaceSheet, label

# Die size, x0, y0, x pitch, y pitch, count y, first score y, line height
# (pixels); 8 dice a row. The tumble's wobble spans (pitch - size - 1)
# pixels each way, so neighbours never touch (issue 14).
_SMALL = (15, 6, 14, 19, 17, 71, 83, 12)
_LARGE = (24, 6, 24, 29, 28, 120, 142, 18)
_COLUMNS = const(8)


def screen(s, view, game, bot):
    """Set ``s`` (a ``HogScreen`` being made, its base's part done) up: the
    dice, the count and score lines, each seat's first count."""
    size, x0, y0, px, py, cy, sy, lh = _LARGE if view.large else _SMALL
    s.wobble = (px - size - 1, py - size - 1)  # the tumble's reach (pixels)
    sheet = FaceSheet(size)
    s.dice = [Die(s.group, x0 + (i % _COLUMNS) * px, y0 + (i // _COLUMNS) * py, sheet)
              for i in range(MAX_DICE)]
    s.shown = MAX_DICE  # dice not hidden now
    s._show_count(0)
    s.count_line = label(s.group, x0, cy)
    n = game.num_players()
    s.lines = [label(s.group, x0, sy + i * lh) for i in range((n + 1) // 2)]
    best = bot.best_expected(game.params["six_bad"])
    s.counts = [best] * n  # each seat's chosen number of dice
