"""Dice: draw a chance outcome of a game state from a random source.

On the device the source is CircuitPython's ``random`` (the Yasmarang
generator), seeded once per power-on by ``rollbox.seed``. Tests and the
simulator inject their own ``randrange`` into :class:`Roller`.
"""

import random

try:
    from typing import Callable, Optional  # noqa: F401 (used in type comments)
except ImportError:
    pass


class Roller:
    """Chooses chance outcomes with their weights.

    :param randrange: ``randrange(n) -> int in 0..n-1``; default
        ``random.randrange`` (seeded by :func:`seed_once` or
        :func:`seed_from_input`).
    """

    def __init__(self, randrange=None):
        # type: (Optional[Callable[[int], int]]) -> None
        self._randrange = randrange or random.randrange
        self.face_counts = [0] * 6  # dice landed on 1..6 since the app last counted them

    def outcome(self, state):
        """One chance action of ``state``, drawn by weight. A die's face is
        counted in ``face_counts`` (for the lifetime stats): the outcome's place
        among six equally likely ones (one die, 1..6 in list order), or
        among 36 (two dice: first die ``i // 6 + 1``, second ``i % 6 + 1``).

        :raises ValueError: ``state`` is not at a chance node.
        """
        outcomes = state.chance_outcomes()
        if not outcomes:
            raise ValueError("not a chance node")
        r = self._randrange(sum(w for _, w in outcomes))
        i = 0
        for action, weight in outcomes:
            r -= weight
            if r < 0:
                self._count(outcomes, i)
                return action
            i += 1
        raise ValueError("randrange out of range")

    def _count(self, outcomes, i):
        n = len(outcomes)
        if outcomes[0][1] != 1 or outcomes[n - 1][1] != 1:
            return  # not dice of equal faces (a weighted node)
        if n == 6:
            self.face_counts[i] += 1
        elif n == 36:
            self.face_counts[i // 6] += 1
            self.face_counts[i % 6] += 1

    def face(self):
        """A face 1..6 (for the tumble animation only)."""
        return self._randrange(6) + 1
