"""Computer seats for Skull & Dragon (games/skull_dragon/rules.py), three levels.

Pure: reads the state, returns an action; no display, no randomness.
Chances are counted exactly out of 36 (each die fair, 6 faces).

EASY (the first bot, unchanged):

- Setting the target: roll the skull die; accept a Skull, 2 or 3 (a small
  target, good for "over"), multiply anything higher (a large product, good
  for "under").
- Direction: the one whose best attempt succeeds more often (ties: over).
- An attempt: start with the die that gives the better chance (ties: dragon
  for over, skull for under); accept the first die when it already succeeds,
  otherwise multiply.
- After a success: throw again when success is certain; otherwise book with
  2 points or more, or when the chance is below 2 in 3.

MEDIUM (a rule a person can follow at the table with the odds out of 36):

- Setting the target: roll the dragon die; accept a 1 or 2, multiply 3 or
  more. Direction: over for a target of 4 or less, under above.
- An attempt: the die with the better chance (as EASY). Over: accept the
  first die when it succeeds. Under: multiply when at least 4 of the 6
  products still succeed, else accept when the die succeeds, else multiply.
- After a success with k points: go on while the chance of failing is below
  1 in k + 1 (out of 36: successes > 36 k / (k + 1)), book otherwise.

HARD (exact; games/skull_dragon/hard.py, imported on first use so
that EASY and MEDIUM seats never compile it): the turn is a finite Markov
decision process. Its state after a success is (target, direction, points
k); every success adds a point, so the values at k depend only on those at
k + 1. W(t, d, k) = max(book: k, throw either die: the mean over its 6 faces
of the better of accept and multiply, a success worth W(result, d, k + 1), a
fail 0). The recursion runs down from a level where the values are known in
closed form:

- W(t, d, k) = k + C(t, d) for k >= K_LIN(d) (35 over, 7 under): from there
  on the optimal policy only throws when success is certain (over with a
  target 0 or 1, under with 6 or more) and its value is a constant C above
  booking. Below, W(t, d, k) = k (book) for k >= B(t, d). The constants were
  derived by running the full recursion down from k = 600 (the tests derive
  them again and compare).
- W(t, d, 0) (just after the direction) is the table V0 (the same recursion).

At the turn's start, HARD takes the die, accept or multiply, and direction
with the largest W(., ., 0): roll the dragon die, accept 1 or 2, multiply 3
or more; over for a target of 4 or less. Its expected points from the start
of a turn are 1.9713 (EASY 1.4581, MEDIUM 1.8480; exact, by enumeration in
tests/test_ai_skull_dragon.py).

The score race: from round 4 on (the game can end after each of these
rounds, RULES.md 3) HARD maximises the expected *utility* u(x) of the
points x it books (a fail books 0) instead of x itself, with the same
recursion (book at k gives u(k), a fail u(0)):

- The last seat of the round: u(x) = 1 when its score + x passes every other
  score, 1 / (m + 1) when it ties the lead with m seats (another round), 0
  below: the exact chance of winning (a tie counted as a share).
- An earlier seat: u(x) = the product over the seats that played this round
  of 1 (behind me), 1/2 (level) or 0 (ahead), times, for each seat still to
  play, the chance it does not pass me: 1 - (R(a) + R(a + 1)) / 2 where it
  needs a more points to tie and R(m) is the best chance of making m points
  in a turn (the table _R, exact; ties count half). An approximation: those
  seats are taken as independent and playing only to pass this seat.
- The recursion looks at most _HORIZON points ahead: u(k + _HORIZON) is
  booked there (the last seat counts reaching it as reaching its need; the
  chance to make 9 or more points in a turn is below 1 %). When u cannot
  change any more (or cannot grow), HARD plays for expected points.
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
    SKULL_DIE,
    UNDER,
    succeeds,
)
from rollbox.bots import EASY, FRAME, HARD, MEDIUM

try:
    from typing import Any  # noqa: F401 (used in type comments)
except ImportError:
    pass

_CERTAIN = const(36)
_GOOD_ENOUGH = const(24)  # 2 in 3: below this, book even a single point
_BOOK_AT = const(2)  # turn points the bot books
_SMALL_FIRST = const(3)  # a first die up to this is accepted as the target
_MEDIUM_OVER_UP_TO = const(4)  # MEDIUM (and HARD's start): over up to this target
_MEDIUM_SMALL_FIRST = const(2)  # MEDIUM accepts a first dragon die up to this as the target
_MEDIUM_MULTIPLY_AT = const(4)  # MEDIUM, under: multiply when this many of 6 products succeed
def chance36(direction, target, die):
    # type: (int, int, int) -> int
    """Successes out of 36 for an attempt that starts with ``die`` (SKULL_DIE
    / DRAGON_DIE), accepts the first die when it succeeds and multiplies
    otherwise."""
    wins = 0
    for first in FACES[die]:
        if succeeds(direction, target, first):
            wins += 6
            continue
        for second in FACES[1 - die]:
            if succeeds(direction, target, first * second):
                wins += 1
    return wins


def best_die(direction, target):
    # type: (int, int) -> int
    """The die to start an attempt with (ties: dragon for over, skull for under)."""
    skull = chance36(direction, target, SKULL_DIE)
    dragon = chance36(direction, target, DRAGON_DIE)
    if skull == dragon:
        return DRAGON_DIE if direction == OVER else SKULL_DIE
    return SKULL_DIE if skull > dragon else DRAGON_DIE


def best_chance(direction, target):
    # type: (int, int) -> int
    """Successes out of 36 of the better first die."""
    return chance36(direction, target, best_die(direction, target))


def _roll(die):
    # type: (int) -> int
    return ROLL_SKULL if die == SKULL_DIE else ROLL_DRAGON


def _easy(state):
    # type: (Any) -> int
    phase = state.phase
    target, direction = state.target, state.direction
    if phase == PICK_DIE:
        if target < 0:
            return ROLL_SKULL
        return _roll(best_die(direction, target))
    if phase == ACCEPT_OR_MULTIPLY:
        first = state.first_value
        if target < 0:
            return ACCEPT if first <= _SMALL_FIRST else MULTIPLY
        return ACCEPT if succeeds(direction, target, first) else MULTIPLY
    if phase == DIRECTION:
        return OVER if best_chance(OVER, target) >= best_chance(UNDER, target) else UNDER
    die = best_die(direction, target)  # AFTER_SUCCESS
    chance = chance36(direction, target, die)
    if chance < _CERTAIN and (state.turn_points >= _BOOK_AT or chance < _GOOD_ENOUGH):
        return BOOK
    return _roll(die)


def _medium(state):
    # type: (Any) -> int
    phase = state.phase
    target, direction = state.target, state.direction
    if phase == PICK_DIE:
        return ROLL_DRAGON if target < 0 else _roll(best_die(direction, target))
    if phase == ACCEPT_OR_MULTIPLY:
        first = state.first_value
        if target < 0:
            return ACCEPT if first <= _MEDIUM_SMALL_FIRST else MULTIPLY
        if direction == UNDER:
            ok = 0
            for second in FACES[1 - state.first_die]:
                ok += first * second <= target
            if ok >= _MEDIUM_MULTIPLY_AT:
                return MULTIPLY
        return ACCEPT if succeeds(direction, target, first) else MULTIPLY
    if phase == DIRECTION:
        return OVER if target <= _MEDIUM_OVER_UP_TO else UNDER
    die = best_die(direction, target)  # AFTER_SUCCESS
    k = state.turn_points
    if chance36(direction, target, die) * (k + 1) > _CERTAIN * k:
        return _roll(die)
    return BOOK


def choose(state, level=EASY):
    # type: (Any, int) -> int
    """A legal action for the seat to act (``state`` at a decision node of a
    ``SkullDragonState``); ``level`` EASY, MEDIUM or HARD (rollbox.bots).

    :raises ValueError: the state is a chance node or over.
    """
    if state.phase not in (PICK_DIE, ACCEPT_OR_MULTIPLY, DIRECTION, AFTER_SUCCESS):
        raise ValueError("no decision to take")
    if level >= HARD:
        return _hard().choose(state)
    if level == MEDIUM:
        return _medium(state)
    return _easy(state)


def plan(state, level=EASY):
    """HARD's :func:`choose` in pieces (``games.skull_dragon.hard.plan``:
    a generator yielding between pieces, returning the action), for the
    app to spread over frames (rollbox.bots); None for EASY and MEDIUM,
    which decide at once. The first loads the module in a piece of its own,
    which ends its frame (rollbox.bots; the think time's collection came the
    frame before)."""
    if level >= HARD and state.phase in (PICK_DIE, ACCEPT_OR_MULTIPLY, DIRECTION,
                                         AFTER_SUCCESS):
        if _hard_module is None:
            return _load_then_plan(state)
        return _hard_module.plan(state)
    return None


def _load_then_plan(state):
    hard = _hard(False)
    yield FRAME
    return (yield from hard.plan(state))


_hard_module = None  # games.skull_dragon.hard, once loaded


def _hard(collect=True):
    """The HARD module, loaded on first use after a collection (it is the
    largest piece of this game: room for it in a fragmented heap; ``collect``
    False: one was just made)."""
    global _hard_module
    if _hard_module is None:
        import gc

        if collect:
            gc.collect()
        from games.skull_dragon import hard as skull_dragon_hard

        _hard_module = skull_dragon_hard
    return _hard_module




_NAMES = ("skull die", "dragon die", "accept", "multiply", "over", "under", "book")


def coach(state):
    # type: (Any) -> tuple
    """Two lines of at most 26 characters for a human at a decision: the
    odds (the chance the next attempt succeeds with the better die, or
    HARD's expected points where the turn starts), and what HARD does now.
    ("", "") when there is no decision (and never an exception)."""
    try:
        phase = state.phase
        if phase not in (PICK_DIE, ACCEPT_OR_MULTIPLY, DIRECTION, AFTER_SUCCESS):
            return "", ""
        hard = _hard()
        action = hard.choose(state)
        if action == BOOK:
            hint = "Hard: book %d" % state.turn_points
        elif action == ACCEPT:
            hint = "Hard: accept %d" % state.first_value
        else:
            hint = "Hard: " + _NAMES[action]
        target, direction = state.target, state.direction
        if target < 0:
            start = hard.start_values(None)
            if phase == PICK_DIE:
                line = "Turn worth %.2f points" % hard.first_die_value(DRAGON_DIE, start)
            else:
                first = state.first_value
                mul = 0.0
                for g in FACES[1 - state.first_die]:
                    mul += start[first * g]
                line = "Accept %.2f, mult %.2f" % (start[first], mul / 6)
        elif phase == DIRECTION:
            line = "Over %d/36, under %d/36" % (best_chance(OVER, target),
                                               best_chance(UNDER, target))
        elif phase == ACCEPT_OR_MULTIPLY:
            first = state.first_value
            ok = 0
            for g in FACES[1 - state.first_die]:
                ok += succeeds(direction, target, first * g)
            line = "Mult %d/6, accept %s" % (ok, "wins" if succeeds(direction, target, first)
                                             else "fails")
        else:
            n = best_chance(direction, target)
            line = "Next throw: %d/36 (%d%%)" % (n, (n * 100 + 18) // 36)
        return line[:26], hint[:26]
    except Exception:  # the overlay must never stop the game
        return "", ""
