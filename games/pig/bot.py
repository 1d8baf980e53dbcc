"""Computer seats for the Pig family (Pig, Two-Dice Pig, Big Pig), three
levels (``rollbox.bots``):

- EASY: "hold at 20" (Neller & Presser, "Optimal Play of the Dice Game Pig",
  UMAP Journal 25(1), 2004, the simple policy they compare against), also
  holding whenever the hold wins.
- MEDIUM: "keep pace and end race" (Neller & Presser, the Pig Nifty
  Assignment, 2010): when either score is within 29 of the goal (71+ of
  100), roll for the goal; else hold at ``21 + round((j - i) / 8)``, ``i``
  the seat's score, ``j`` the best other score.
- HARD: the exact optimal two-player policy, solved by tools/solve_pig for
  goal 100 and read from games/data (one 6-byte record per pair of scores,
  by seeking: see tools/solvers/pig.py for the format). A goal below 100 is
  the same game with both scores shifted up (only the points still needed
  matter), so the table is exact for every goal up to 100; above 100 a score
  more than 100 from the goal is read as 100 from it. With more than two
  players the best other score stands for the opponent (an approximation:
  the solution is for two).

:func:`coach` gives the chance that the next roll busts, HARD's move, and
the seat's chance of winning from the table (exact for two players).
"""

from micropython import const

from games.pig.rules import ADD, BUST, HOLD, PIG, ROLL, WIPE, score_roll
from rollbox.bots import EASY, HARD, MEDIUM, best_other, table_score

try:
    from typing import Tuple  # noqa: F401 (used in type comments)

    from games.pig.rules import PigState  # noqa: F401 (used in type comments)
except ImportError:
    pass

_HOLD_AT = const(20)  # EASY's turn total to hold at
_RACE = const(29)  # MEDIUM: within this many points of the goal, roll for it
_PACE = const(21)  # MEDIUM: hold at this plus round((j - i) / 8)
_ONE = const(65535)  # a table's probability 1
_NAMES = ("pig", "twodice", "bigpig")
# The table files games/data/pig.bin, pig6.bin, twodice.bin ... (a
# rollbox.table file, written by tools/solve_pig: tools/solvers/pig.py
# encode). Header: the magic, then at _GOAL_AT the goal solved for (u16,
# 100). Record i * goal + j: the chance of winning (u16 out of _ONE), then
# from _FLIPS_AT the turn totals where the decision flips (255 past the last).
_MAGIC = const(b"PIG1")
_GOAL_AT = const(12)
_FLIPS_AT = const(2)

_open = None  # the rollbox.table.OneOpen of the table in use, once needed


def _table(params):
    """The open table for ``params``' variant and "6 is bad" option."""
    global _open
    if _open is None:
        from rollbox.table import OneOpen

        _open = OneOpen()
    return _open.get(_NAMES[params["variant"]] + ("6" if params["six_bad"] else "") + ".bin",
                     _MAGIC)


def _seats(state):
    # type: (PigState) -> Tuple[int, int, int]
    """(the seat's score, the best other score, the turn total)."""
    p = state.turn_player()
    return state.scores[p], best_other(state.scores, p), state.turn_total


def _rolls(record, t):
    """The decision in ``record`` (a table row) at ``t``: True to roll.
    Flips are the ``t`` where the decision changes, starting from roll."""
    roll = True
    for n in range(_FLIPS_AT, len(record)):
        if record[n] > t:
            break
        roll = not roll
    return roll


def hard_rolls(state):
    # type: (PigState) -> bool
    """HARD's decision at a decision node: True to roll.

    :raises OSError: the table file is missing.
    :raises ValueError: the table file is not a Pig table or is truncated.
    """
    i, j, k = _seats(state)
    goal = state.game.params["goal"]
    if k == 0 or i + k >= goal:
        return k == 0  # roll to start; hold to win
    table = _table(state.game.params)
    top = table.u16(_GOAL_AT)
    ti, tj = table_score(top, goal, i), table_score(top, goal, j)
    t = ti + k
    if t >= top:
        return False
    return _rolls(table.read(ti * top + tj), t)


def _medium_rolls(state):
    i, j, k = _seats(state)
    goal = state.game.params["goal"]
    if k == 0 or i + k >= goal:
        return k == 0  # roll to start; hold to win
    if i >= goal - _RACE or j >= goal - _RACE:
        return True
    return k < _PACE + (j - i + 4) // 8  # round((j - i) / 8), halves up


def choose(state, level=EASY):
    # type: (PigState, int) -> int
    """ROLL or HOLD for the seat to act (``level``: EASY, MEDIUM or HARD; see
    the module doc). ``state`` is a ``PigState`` at a decision node.

    :raises OSError: HARD and its table file is missing.
    """
    if level >= HARD:
        return ROLL if hard_rolls(state) else HOLD
    if level == MEDIUM:
        return ROLL if _medium_rolls(state) else HOLD
    if state.turn_total <= 0:
        return ROLL
    tt = state.turn_total
    score = state.scores[state.turn_player()]
    if tt >= _HOLD_AT or score + tt >= state.game.params["goal"]:
        return HOLD
    return ROLL


def outcomes(params):
    """One roll's effects as counts: ``(adds, bust, wipe, total)``, ``adds`` a
    tuple of (points, rolls) (games.pig.rules.score_roll over every ordered roll)."""
    one = params["variant"] == PIG
    rolls = 6 if one else 36
    adds = {}
    bust = wipe = 0
    for n in range(rolls):
        faces = (n + 1,) if one else (n // 6 + 1, n % 6 + 1)
        kind, points = score_roll(params["variant"], params["six_bad"], faces)
        if kind == ADD:
            adds[points] = adds.get(points, 0) + 1
        elif kind == BUST:
            bust += 1
        elif kind == WIPE:
            wipe += 1
    return tuple(adds.items()), bust, wipe, rolls


def win_chance(state):
    # type: (PigState) -> int
    """The seat's chance of winning now under HARD play by both, out of
    65535: from the table's chances at turn total 0 (``W``), back from the
    goal along this turn: ``V(t) = 1 - W(j, t)`` where HARD holds, else the
    roll's outcomes (``1 - W(j, i)`` on a bust, ``1 - W(j, 0)`` on a wipe).
    About 100 table reads; for the coach, not the frame loop.

    :raises OSError: the table file is missing.
    """
    i, j, k = _seats(state)
    params = state.game.params
    goal = params["goal"]
    if i + k >= goal and k:
        return _ONE
    table = _table(params)
    top = table.u16(_GOAL_AT)
    ti, tj = table_score(top, goal, i), table_score(top, goal, j)
    row = bytes(table.read(ti * top + tj))
    adds, bust, wipe, rolls = outcomes(params)
    most = max(p for p, _ in adds)
    lose_bust = _ONE - _w(table, tj * top + ti)
    lose_wipe = _ONE - _w(table, tj * top) if wipe else 0
    start = ti + k
    value = [_ONE] * (top - start + most + 1)  # value[t - start]; past the goal: a win
    for t in range(top - 1, start - 1, -1):
        if t > ti and not _rolls(row, t):
            v = _ONE - _w(table, tj * top + t)
        else:
            v = bust * lose_bust + wipe * lose_wipe
            for points, count in adds:
                v += count * value[t + points - start]
            v //= rolls
        value[t - start] = v
    return value[0]


def _w(table, index):
    rec = table.read(index)
    return rec[0] | rec[1] << 8


def coach(state):
    # type: (PigState) -> Tuple[str, str]
    """Two lines of at most 26 characters for a human seat at a decision:
    the chance the next roll busts (a wipe counts) with HARD's move
    ("Bust 17%; hard: hold"), and the seat's win chance, saying what it
    assumes ("Win 54% if both play hard": the solved table's, issue 24).
    ("", "") when there is nothing to decide; the table's absence is said,
    never raised."""
    if state.is_terminal() or state.is_chance_node():
        return "", ""
    _, bust, wipe, rolls = outcomes(state.game.params)
    bust = (100 * (bust + wipe) + rolls // 2) // rolls
    try:
        move = "roll" if hard_rolls(state) else "hold"
        win = (100 * win_chance(state) + _ONE // 2) // _ONE
    except (OSError, ValueError):
        return "Bust %d%% next roll" % bust, "No table for the coach"
    return "Bust %d%%; hard: %s" % (bust, move), "Win %d%% if both play hard" % win
