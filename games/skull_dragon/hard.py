"""HARD for Skull & Dragon: the exact turn recursion of the module doc of
games/skull_dragon/bot.py (which imports this module on first use). Pure,
no randomness; floats only for the values.

The score race's recursions (400 pieces at a last-round turn's start)
take up to ~0.4 s on a 120 MHz SAMD51 (tools/bench_cpu; ~0.8 s before
the values of multiplying were shared by a level's targets), so
:func:`plan` works a decision out in pieces, a level's values of
multiplying or one target of it at a time (about 1 ms each there), for
the app to spread across the frames of the seat's think time (issue 26);
:func:`choose` is the same decision at once.
"""

from micropython import const

from games.skull_dragon.rules import (
    ACCEPT,
    ACCEPT_OR_MULTIPLY,
    AFTER_SUCCESS,
    BOOK,
    DIRECTION,
    DRAGON_DIE,
    FACES,
    MULTIPLY,
    OVER,
    PICK_DIE,
    ROLL_DRAGON,
    ROLL_SKULL,
    ROUNDS,
    SKULL_DIE,
    UNDER,
    succeeds,
)

try:
    from typing import Any, Optional  # noqa: F401 (used in type comments)
except ImportError:
    pass

_HORIZON = const(8)  # points the race recursion looks ahead
_NEVER = const(255)  # a B threshold: never book

# Every result a throw can give (0.._TOP), ascending.
RESULTS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 28, 30, 35,
           42)
_TOP = const(42)  # the largest result, DRAGON x 6
_VALUES = const(_TOP + 1)  # entries of a list indexed by the result value
# Tables (module doc), values in units of 1e-8 point (small ints, no floats
# to build): per direction OVER then UNDER, per target in RESULTS order.
# _B: one byte per target, 255 (_NEVER) where the turn never books.
_K_LIN = (35, 7)
_B = (b"\xff\xff\x23\x0b\x07\x04\x03\x02\x02\x02\x02" + b"\x01" * 13,
      b"\x01\x01\x01\x02\x03\x07" + b"\xff" * 18)
_SCALE = 1e-8
_V0 = (215574349, 211718199, 191250468, 158326067, 129505606, 100338887, 82523148, 70370370,
       62962963, 56172840, 53086420, 47222222, 38888889, 36111111, 30555556, 27777778, 25000000,
       19444444, 16666667, 13888889, 11111111, 8333333, 5555556, 2777778, 16666667, 30555556,
       44444444, 61111111, 82870370, 112500069, 147574517, 156647671, 160119341, 160119341,
       167018906, 177984556, 177984556, 185440587, 185440587, 193181983, 200778535, 200778535,
       209068932, 211512591, 211512591, 220166839, 220166839, 223474991)
_UNDER_AT = const(24)  # _V0: the UNDER values start here (after len(RESULTS) OVER ones)
# C over targets 0 and 1, then C under targets 6..42 (the others are 0).
_C = (139354839, 120000000, 120000000, 124000000, 124000000, 124000000, 124000000, 138057143,
      138057143, 138057143, 138057143, 156862041, 156862041, 156862041, 177257423, 177257423,
      177257423, 199355538, 199355538, 202980900)
_C_OVER = const(2)  # C over: targets RESULTS[:_C_OVER] (0, 1), _C[:_C_OVER]
_C_UNDER_FROM = const(6)  # C under: targets RESULTS[_C_UNDER_FROM:] (6..42), then
_C_UNDER_SHIFT = const(_C_UNDER_FROM - _C_OVER)  # at _C[RESULTS index - _C_UNDER_SHIFT]
# R(m), m = 1..12: the best chance of m or more points in one turn.
_R = (99614198, 81365741, 54487514, 30502668, 14877496, 6496970, 2593787, 965734, 339551, 113643,
      36468, 11296)
# _vector_steps works a level out from the values of multiplying (issue 26:
# a quarter of the float work of valuing each of the 36 products at each
# target; the score race's start, 384 pieces, took ~0.8 s on a SAMD51).
# Per die first and face of it (a pair), 7 values: by the number j of the
# other die's faces (ascending) whose product with it is below the cut (the
# target for OVER, one past it for UNDER), the value of multiplying over
# 6: OVER fails on the first j, UNDER succeeds on them.
_PAIRS = const(12)
_ROWS = const(7 * _PAIRS)
_ROWS_SIZE = const(6)  # a level's rows take six targets' time (rollbox.bots: a plan's piece sizes)


# -- HARD ---------------------------------------------------------------------


def _face_value(direction, target, first, other, nxt, fail):
    # type: (int, int, int, tuple, list[float], float) -> float
    """Six times the value of multiplying ``first`` by the die ``other``."""
    total = 0.0
    if direction == OVER:
        for g in other:
            r = first * g
            total += nxt[r] if r >= target else fail
    else:
        for g in other:
            r = first * g
            total += nxt[r] if r <= target else fail
    return total


def _attempt(direction, target, die, nxt, fail):
    # type: (int, int, int, list[float], float) -> float
    """The value of an attempt with ``die`` first: per face the better of
    accept and multiply; a success at result r is worth ``nxt[r]``, a fail
    ``fail``."""
    other = FACES[1 - die]
    total = 0.0
    for f in FACES[die]:
        acc = nxt[f] if succeeds(direction, target, f) else fail
        mul = _face_value(direction, target, f, other, nxt, fail) / 6
        total += acc if acc > mul else mul
    return total / 6


def _c(d, i):
    # type: (int, int) -> float
    """C(RESULTS[i], OVER if d == 0 else UNDER)."""
    if d == 0:
        return _C[i] * _SCALE if i < _C_OVER else 0.0
    return _C[i - _C_UNDER_SHIFT] * _SCALE if i >= _C_UNDER_FROM else 0.0


def _r(m):
    # type: (int) -> float
    """R(m): the best chance of m or more points in a turn (0 beyond 12)."""
    if m <= 0:
        return 1.0
    return _R[m - 1] * _SCALE if m <= len(_R) else 0.0


def _live(direction, target):
    # type: (int, int) -> list[int]
    """The indices (into RESULTS) of the targets a turn at ``target`` can
    still reach (a success never moves against the direction)."""
    if direction == OVER:
        return [i for i in range(len(RESULTS)) if RESULTS[i] >= target]
    return [i for i in range(len(RESULTS)) if RESULTS[i] <= target]


def finish(steps):
    """What the generator ``steps`` returns, run to its end."""
    try:
        while True:
            next(steps)
    except StopIteration as e:
        return e.value


def _vector(direction, target, level, util=None):
    # type: (int, int, int, Optional[list[float]]) -> list[float]
    """W(t, direction, level) for every target t reachable from ``target``,
    indexed by the result value (43 entries; unreachable ones 0). ``util``
    None: expected points; else the race utility (module doc)."""
    return finish(_vector_steps(direction, target, level, util))


def _vector_steps(direction, target, level, util=None):
    """:func:`_vector` as a generator: it yields after each target of each
    level it works out (None: a piece of size 1) and after each level's
    values of multiplying (their size, rollbox.bots), and returns the
    list."""
    d = 0 if direction == OVER else 1
    live = _live(direction, target)
    nxt = [0.0] * _VALUES
    if util is None:
        k = _K_LIN[d] if level < _K_LIN[d] else level
        bs, fail = _B[d], 0.0
        for i in live:
            nxt[RESULTS[i]] = k + _c(d, i)
    else:
        k = len(util) - 1
        if level > k:
            k = level
        fail = util[0]
        for i in live:
            nxt[RESULTS[i]] = util[-1]
    cur = [0.0] * _VALUES
    rows = [0.0] * _ROWS
    cuts = bytearray(_PAIRS)
    while k > level:
        k -= 1
        book = (k if util is None else util[k]) if k else -1.0
        ready = False  # the level's rows made
        for i in live:  # (ascending: the cuts only move up)
            t = RESULTS[i]
            if util is None and k >= bs[i]:
                cur[t] = k
                continue
            if not ready:
                _multiplies(direction, nxt, fail, rows)
                for j in range(_PAIRS):
                    cuts[j] = 0
                ready = True
                yield _ROWS_SIZE
            v = _best_attempt(direction, t, nxt, fail, rows, cuts)
            cur[t] = v if v > book else book
            yield
        nxt, cur = cur, nxt
    return nxt


def _multiplies(direction, nxt, fail, rows):
    # type: (int, list[float], float, list[float]) -> None
    """The level's values of multiplying into ``rows`` (:data:`_ROWS`
    floats, 7 a pair): a success at result r worth ``nxt[r]``, a fail
    ``fail``."""
    n = 0
    for die in (SKULL_DIE, DRAGON_DIE):
        other = FACES[1 - die]
        for f in FACES[die]:
            total = 0.0
            if direction == OVER:  # the products from the j-th on succeed
                rows[n + 6] = fail
                for j in range(5, -1, -1):
                    total += nxt[f * other[j]]
                    rows[n + j] = (total + j * fail) / 6
            else:  # the first j succeed
                rows[n] = fail
                for j in range(6):
                    total += nxt[f * other[j]]
                    rows[n + j + 1] = (total + (5 - j) * fail) / 6
            n += 7


def _best_attempt(direction, target, nxt, fail, rows, cuts):
    # type: (int, int, list[float], float, list[float], bytearray) -> float
    """The better die's :func:`_attempt` at ``target``, from the level's
    ``rows`` (:func:`_multiplies`); ``cuts`` (a pair's j at the last target,
    0 at a level's first) moves up as the targets do."""
    lo, hi = (target, _TOP) if direction == OVER else (0, target)
    cut = target if direction == OVER else target + 1
    best = -1.0
    n = 0
    for die in (SKULL_DIE, DRAGON_DIE):
        other = FACES[1 - die]
        total = 0.0
        for f in FACES[die]:
            j = cuts[n]
            while j < 6 and f * other[j] < cut:
                j += 1
            cuts[n] = j
            acc = nxt[f] if lo <= f <= hi else fail
            mul = rows[7 * n + j]
            total += acc if acc > mul else mul
            n += 1
        total /= 6
        if total > best:
            best = total
    return best


def _utility(state):
    # type: (Any) -> Optional[list[float]]
    """The race utility of the points booked this turn (module doc), or None
    to play for expected points."""
    if state.round < ROUNDS - 1:
        return None
    scores, p = state.scores, state.turn_player()
    base, n = scores[p], len(scores)
    top = state.turn_points + _HORIZON
    util = [0.0] * (top + 1)
    if p == n - 1:
        lead = max(scores[:p])
        need = lead - base + 1
        if need <= 0:
            return None  # it wins whatever it books
        tied = scores.count(lead)
        for x in range(top + 1):
            if x >= need or x == top:
                util[x] = 1.0
                return util[:x + 1]
            util[x] = 1.0 / (tied + 1) if base + x == lead else 0.0
    for x in range(top + 1):
        mine = base + x
        u = 1.0
        for q in range(n):
            other = scores[q]
            if q < p:
                u *= 1.0 if mine > other else (0.5 if mine == other else 0.0)
            elif q > p:
                a = mine - other
                u *= 1.0 - (_r(a) + _r(a + 1)) / 2
        util[x] = u
    while len(util) > 1 and util[-2] == util[-1]:
        util.pop()  # nothing more to gain: book there
    if util[-1] <= util[0] or len(util) == 1:
        return None
    return util


def start_values(util):
    # type: (Optional[list[float]]) -> list[float]
    """Per result value (43 entries): the value of that target at the start
    of a turn with the better direction, max(W(t, over, 0), W(t, under, 0))."""
    return finish(_start_steps(util))


def _start_steps(util):
    if util is None:
        out = [0.0] * _VALUES
        for i in range(len(RESULTS)):
            a, b = _V0[i] * _SCALE, _V0[_UNDER_AT + i] * _SCALE
            out[RESULTS[i]] = a if a > b else b
        return out
    over = yield from _vector_steps(OVER, 0, 0, util)
    under = yield from _vector_steps(UNDER, _TOP, 0, util)
    for t in range(_VALUES):  # in place: no third list (floats are objects on some ports)
        if under[t] > over[t]:
            over[t] = under[t]
    return over


def first_die_value(die, start):
    # type: (int, list[float]) -> float
    total = 0.0
    for f in FACES[die]:
        acc = start[f]
        mul = 0.0
        for g in FACES[1 - die]:
            mul += start[f * g]
        mul /= 6
        total += acc if acc > mul else mul
    return total / 6


def _direction_values(state, util):
    t = state.target
    if util is None:
        i = RESULTS.index(t)
        return _V0[i] * _SCALE, _V0[_UNDER_AT + i] * _SCALE
    over = yield from _vector_steps(OVER, t, 0, util)
    under = yield from _vector_steps(UNDER, t, 0, util)
    return over[t], under[t]


def choose(state):
    # type: (Any) -> int
    """HARD's action for the seat to act (``state`` at a decision node)."""
    return finish(plan(state))


def plan(state):
    """:func:`choose` in pieces: a generator that yields between pieces
    (their sizes, rollbox.bots) and returns the action."""
    phase, target, direction = state.phase, state.target, state.direction
    util = _utility(state)
    if target < 0:  # the throw that sets the target
        start = yield from _start_steps(util)
        if phase == PICK_DIE:
            sv = first_die_value(SKULL_DIE, start)
            dv = first_die_value(DRAGON_DIE, start)
            return ROLL_SKULL if sv > dv else ROLL_DRAGON
        first, die = state.first_value, state.first_die
        mul = 0.0
        for g in FACES[1 - die]:
            mul += start[first * g]
        return MULTIPLY if mul / 6 > start[first] else ACCEPT
    if phase == DIRECTION:
        over, under = yield from _direction_values(state, util)
        return UNDER if under > over else OVER
    k = state.turn_points
    nxt = yield from _vector_steps(direction, target, k + 1, util)
    fail = 0.0 if util is None else util[0]
    if phase == ACCEPT_OR_MULTIPLY:
        first = state.first_value
        acc = nxt[first] if succeeds(direction, target, first) else fail
        mul = _face_value(direction, target, first, FACES[1 - state.first_die], nxt, fail)
        return MULTIPLY if mul / 6 > acc else ACCEPT
    sv = _attempt(direction, target, SKULL_DIE, nxt, fail)
    dv = _attempt(direction, target, DRAGON_DIE, nxt, fail)
    if phase == AFTER_SUCCESS:
        book = k if util is None else util[k if k < len(util) else -1]
        if book >= sv and book >= dv:
            return BOOK
    return ROLL_SKULL if sv > dv else ROLL_DRAGON


def expected_points(direction, target, points):
    # type: (int, int, int) -> float
    """HARD's expected booked points after a success (``points`` >= 1) at
    ``target`` in ``direction``: W(target, direction, points)."""
    return _vector(direction, target, points)[target]
