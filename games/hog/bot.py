"""Computer seats for Hog (games/hog/rules.py): how many dice to roll, three
levels (``rollbox.bots``):

- EASY: the number of dice that scores the most points on average
  (:func:`best_expected`: 5 dice, or 2 with "6 is bad"), every turn.
- MEDIUM: the same, unless the seat needs fewer points than that average to
  reach the goal; then the number most likely to reach the goal this turn
  (:func:`best_chance`). Exact integer arithmetic; ties go to fewer dice.
- HARD: the exact optimal two-player choice for every pair of scores,
  solved by tools/solve_pig (goal 100) and read from games/data/hog.bin or
  hog6.bin by seeking (3-byte records: dice, chance of winning). Goals
  other than 100 and more players as in games.pig.bot: scores shifted
  by the points still needed (exact for goals up to 100), the best other
  score standing for the opponent.

Pure: no display, no randomness.
"""

from micropython import const

from games import is_bad
from games.hog.rules import MAX_DICE, HogState  # noqa: F401 (HogState in type comments)
from rollbox.bots import EASY, HARD, MEDIUM, best_other, table_score

try:
    from typing import Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass


def good_faces(six_bad):
    # type: (int) -> Tuple[int, ...]
    """Faces that score (not bad by :func:`games.is_bad`): 2..6, or 2..5
    with "6 is bad"."""
    return tuple(f for f in range(1, 7) if not is_bad(six_bad, f))


def expected_points(six_bad, n):
    # type: (int, int) -> Tuple[int, int]
    """Average points of one roll of ``n`` dice as ``(numerator,
    denominator)``: ``n * S * g**(n-1) / 6**n`` for ``g`` good faces summing
    to ``S`` (every die good, probability ``(g/6)**n``, each worth ``S/g``
    on average). E.g. ``(62500, 7776)`` for 5 dice, about 8.04 points."""
    good = good_faces(six_bad)
    return n * sum(good) * len(good) ** (n - 1), 6 ** n


def best_expected(six_bad):
    # type: (int) -> int
    """The fewest dice with the most points on average: 5 (6 ties with it),
    or 2 with "6 is bad" (3 ties). From one more die the average changes by
    the factor ``(n+1) * g / (6 * n)``, which falls as ``n`` grows: add dice
    while it is above 1."""
    g = len(good_faces(six_bad))
    n = 1
    while n < MAX_DICE and (n + 1) * g > 6 * n:
        n += 1
    return n


def reach_counts(six_bad, most, need):
    # type: (int, int, int) -> Tuple[int, ...]
    """For 1..``most`` dice, how many of the ``6**n`` ordered rolls of ``n``
    dice have no bad face and a sum of at least ``need`` (>= 1) points. One
    table of sums capped at ``need``: ``ways[s]``, the rolls so far with all
    faces good and sum ``s`` (``ways[need]``: ``need`` or more)."""
    good = good_faces(six_bad)
    ways = [0] * (need + 1)
    ways[0] = 1
    out = []
    for _ in range(most):
        nxt = [0] * (need + 1)
        for s in range(need + 1):
            w = ways[s]
            if w:
                for f in good:
                    t = s + f
                    nxt[t if t < need else need] += w
        ways = nxt
        out.append(ways[need])
    return tuple(out)


def best_chance(six_bad, need):
    # type: (int, int) -> int
    """The fewest dice most likely to score at least ``need`` points in one
    roll. Only 1..ceil(need / 2) dice are compared: from there on every roll
    without a bad face reaches ``need`` and each further die only adds a
    chance of a bad face."""
    need = max(need, 1)
    lowest = good_faces(six_bad)[0]
    most = min(MAX_DICE, max(1, (need + lowest - 1) // lowest))
    counts = reach_counts(six_bad, most, need)
    best = 1
    for n in range(2, most + 1):
        # counts[n-1] / 6**n > counts[best-1] / 6**best, in integers.
        if counts[n - 1] > counts[best - 1] * 6 ** (n - best):
            best = n
    return best


_open = None  # the rollbox.table.OneOpen of the table in use, once needed
# The table files games/data/hog.bin and hog6.bin (a rollbox.table file,
# written by tools/solve_pig: tools/solvers/hog.py encode). Header: the
# magic, then at _GOAL_AT the goal solved for (u16, 100). Record i * goal +
# j: the dice to roll (u8), then at _WIN_AT the chance of winning (u16 out
# of 65535).
_MAGIC = const(b"HOG1")
_GOAL_AT = const(12)
_WIN_AT = const(1)


def _table(six_bad):
    global _open
    if _open is None:
        from rollbox.table import OneOpen

        _open = OneOpen()
    return _open.get("hog6.bin" if six_bad else "hog.bin", _MAGIC)


def hard_record(state):
    # type: (HogState) -> bytearray
    """The table's record for the seat to act: ``[dice, chance low byte,
    chance high byte]`` (chance of winning out of 65535).

    :raises OSError: the table file is missing.
    :raises ValueError: not a Hog table, or truncated.
    """
    params = state.game.params
    p = state.current_player()
    table = _table(params["six_bad"])
    top, goal = table.u16(_GOAL_AT), params["goal"]
    i = table_score(top, goal, state.scores[p])
    j = table_score(top, goal, best_other(state.scores, p))
    return table.read(i * top + j)


def choose(state, level=EASY):
    # type: (HogState, int) -> int
    """How many dice the seat to act rolls (``level``: EASY, MEDIUM, HARD;
    module doc).

    :raises ValueError: ``state`` is not at a decision node.
    :raises OSError: HARD and its table file is missing.
    """
    p = state.current_player()
    if p < 0:
        raise ValueError("no seat is to act")
    params = state.game.params
    six_bad = params["six_bad"]
    if level >= HARD:
        return hard_record(state)[0]
    n = best_expected(six_bad)
    if level < MEDIUM:
        return n
    need = params["goal"] - state.scores[p]
    num, den = expected_points(six_bad, n)
    if need * den < num:  # fewer points needed than the average roll brings
        n = best_chance(six_bad, need)
    return n


def coach(state, dice=0):
    # type: (HogState, int) -> Tuple[str, str]
    """Two lines of at most 26 characters for the seat to act: the chance
    that ``dice`` dice (HARD's count when 0) show a bad face, and HARD's
    count with the seat's chance of winning. ("", "") when no seat is to
    act; a missing table is said, never raised."""
    if state.current_player() < 0:
        return "", ""
    g = len(good_faces(state.game.params["six_bad"]))
    try:
        rec = hard_record(state)
        best, win = rec[0], rec[_WIN_AT] | rec[_WIN_AT + 1] << 8
    except (OSError, ValueError):
        best, win = 0, -1
    n = dice or best or best_expected(state.game.params["six_bad"])
    bust = 6 ** n - g ** n
    first = "%d %s bust %d%%" % (n, "die" if n == 1 else "dice",
                                 (100 * bust + 6 ** n // 2) // 6 ** n)
    if win < 0:
        return first, "No table for the coach"
    return "%s; hard: %d" % (first, best), "Win %d%% if both play hard" % (
        (100 * win + 32767) // 65535)
