"""The Pig family's play screen set up (:func:`screen`, for
``games.pig.screen.PigScreen.__init__``): loaded for that moment and
unloaded after, so that code run once a game is not in RAM while it plays
(the screen's attributes are declared in its class body).
"""

from rollbox.view import Die, FaceSheet, label

# Die size, die x, die gap, die y, score x, score y0, line height, turn y
# (pixels); all below y 24, the coach's lines (issue 14).
_SMALL = (40, 6, 44, 26, 94, 30, 14, 84)
_LARGE = (64, 12, 80, 44, 164, 50, 20, 134)


def screen(s, view, game):
    """Set ``s`` (a ``PigScreen`` being made, its base's part done) up: the
    dice, a score line per seat, the turn total's line."""
    size, dx, gap, dy, sx, sy, lh, ty = _LARGE if view.large else _SMALL
    sheet = FaceSheet(size)
    s.dice = [Die(s.group, dx + i * gap, dy, sheet) for i in range(game.dice())]
    s.lines = [label(s.group, sx, sy + i * lh) for i in range(game.num_players())]
    s.turn = label(s.group, dx, ty)
