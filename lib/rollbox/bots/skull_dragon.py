"""A simple computer seat for Skull & Dragon (games/skull_dragon.py).

Pure: reads the state, returns an action; no display, no randomness.

- Setting the target: roll the skull die; accept a Skull, 2 or 3 (a small
  target, good for "over"), multiply anything higher (a large product, good
  for "under").
- Direction: the one whose best attempt succeeds more often (ties: over).
- An attempt: start with the die that gives the better chance (ties: dragon
  for over, skull for under); accept the first die when it already succeeds,
  otherwise multiply.
- After a success: throw again when success is certain; otherwise book with
  2 points or more, or when the chance is below 2 in 3.

Chances are counted exactly out of 36 (each die fair, 6 faces).
"""

from micropython import const

from games.skull_dragon import (
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

try:
    from typing import Any  # noqa: F401 (used in type comments)
except ImportError:
    pass

_CERTAIN = const(36)
_GOOD_ENOUGH = const(24)  # 2 in 3: below this, book even a single point
_BOOK_AT = const(2)  # turn points the bot books
_SMALL_FIRST = const(3)  # a first die up to this is accepted as the target


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


def choose(state):
    # type: (Any) -> int
    """A legal action for the seat to act (``state`` at a decision node of a
    ``SkullDragonState``).

    :raises ValueError: the state is a chance node or over.
    """
    phase = state.phase
    target, direction = state.target, state.direction
    if phase == PICK_DIE:
        if target < 0:
            return ROLL_SKULL
        return ROLL_SKULL if best_die(direction, target) == SKULL_DIE else ROLL_DRAGON
    if phase == ACCEPT_OR_MULTIPLY:
        first = state.first_value
        if target < 0:
            return ACCEPT if first <= _SMALL_FIRST else MULTIPLY
        return ACCEPT if succeeds(direction, target, first) else MULTIPLY
    if phase == DIRECTION:
        return OVER if best_chance(OVER, target) >= best_chance(UNDER, target) else UNDER
    if phase == AFTER_SUCCESS:
        die = best_die(direction, target)
        chance = chance36(direction, target, die)
        if chance < _CERTAIN and (state.turn_points >= _BOOK_AT or chance < _GOOD_ENOUGH):
            return BOOK
        return ROLL_SKULL if die == SKULL_DIE else ROLL_DRAGON
    raise ValueError("no decision to take")

