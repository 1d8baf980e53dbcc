"""Computer seats, one module per rule set: ``choose(state, level)`` gives the
action of the seat to act; ``coach(state)`` two short lines of odds for the
coach overlay (each at most :data:`COACH_CHARS` characters). A bot whose
decision can take longer than a frame also has ``plan(state, level)``: a
generator that yields between pieces of the same decision and returns its
action (None where the level decides at once), which the app steps
:data:`PIECES` a frame during the seat's think time (``rollbox.play``,
issue 26). A piece yields its size: None for one (about 0.75 ms on a
SAMD51, tools/bench_cpu), an int for more; :data:`FRAME` ends its frame,
and as a plan's first piece has the frame to itself (a module loaded,
~30-45 ms).

Levels (a seat's kind in the menu, 0 is a human seat): :data:`EASY` plays
the sheet's simple rule (hold at 20, bank at 300...), :data:`MEDIUM` a rule a
person can follow at the table, :data:`HARD` the exact policy (solved tables
in ``games/data`` or exact counting).
"""

from micropython import const

EASY = const(1)
MEDIUM = const(2)
HARD = const(3)
LEVEL_NAMES = ("human", "easy", "medium", "hard")
COACH_CHARS = const(26)  # 160 pixels of terminalio's 6-pixel glyphs
PIECES = const(16)  # a plan's pieces a frame (the last may pass it)
FRAME = const(PIECES)  # a piece's size that ends its frame


def best_other(scores, seat):
    """The highest score (points) among the seats other than ``seat``: the
    opponent a two-player solved table plays against (0 with none)."""
    best = 0
    for q in range(len(scores)):
        if q != seat and scores[q] > best:
            best = scores[q]
    return best


def table_score(top, goal, score):
    """A score's row in a table solved for goal ``top``: the same points
    still to go (exact while ``goal - score <= top``; else read as ``top``
    to go)."""
    return max(0, score + top - goal)
