"""Dice: draw a chance outcome of a game state from a random source.

On the device the source is CircuitPython's ``random``, seeded once at
start (:func:`seed_once`), never per roll. Tests and the simulator inject
their own ``randrange``.
"""

import random

try:
    from typing import Callable, Optional  # noqa: F401 (used in type comments)
except ImportError:
    pass


def seed_once(mix=0):
    """Seed ``random`` once from ``os.urandom`` where the board has it (else
    from ``mix``, e.g. ticks and accelerometer noise), then throw one value
    away: the first value after a seed is biased on CircuitPython.
    Returns the seed used (an int)."""
    seed = mix
    try:
        import os

        seed ^= int.from_bytes(os.urandom(4), "little")
    except (ImportError, AttributeError, NotImplementedError, OSError):
        pass
    random.seed(seed)
    random.getrandbits(16)
    return seed


class Roller:
    """Chooses chance outcomes with their weights.

    :param randrange: ``randrange(n) -> int in 0..n-1``; default
        ``random.randrange``.
    """

    def __init__(self, randrange=None):
        # type: (Optional[Callable[[int], int]]) -> None
        self._randrange = randrange or random.randrange

    def outcome(self, state):
        """One chance action of ``state``, drawn by weight.

        :raises ValueError: ``state`` is not at a chance node.
        """
        outcomes = state.chance_outcomes()
        if not outcomes:
            raise ValueError("not a chance node")
        r = self._randrange(sum(w for _, w in outcomes))
        for action, weight in outcomes:
            r -= weight
            if r < 0:
                return action
        raise ValueError("randrange out of range")

    def face(self):
        """A face 1..6 (for the tumble animation only)."""
        return self._randrange(6) + 1
