"""Dice: draw a chance outcome of a game state from the turn's committed
stream, so that a roll is final the moment it is made (issue 24, item 3).

Every chance outcome comes from the :class:`Roller`'s *stream*, a 32-bit
xorshift generator (Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8(14),
2003: shifts 13, 17, 5). The stream is *committed* (:meth:`Roller.commit`:
a new state from fresh randomness) each time a game's turn passes to
another seat, and the game's save at that moment holds it
(``rollbox.saves``): a power cut later in the turn resumes the turn with
the same stream, so the same actions meet the same dice in the same order:
no roll can be made again to come out otherwise, seen or not (cut during
the tumble). A quit saves the stream where it stands.

Fresh randomness (each commit, and the tumble's faces, which must never
move the stream) comes from ``randrange``: on the device CircuitPython's
``random`` (the Yasmarang generator), seeded once per power-on by
``rollbox.seed``; tests and the simulator inject their own.
"""

import random

from micropython import const

try:
    from typing import Callable, Optional  # noqa: F401 (used in type comments)
except ImportError:
    pass

_MASK = const(0xFFFFFFFF)


class Roller:
    """Chooses chance outcomes with their weights, from the committed stream.

    :param randrange: ``randrange(n) -> int in 0..n-1``, the fresh
        randomness; default ``random.randrange`` (seeded by
        ``rollbox.seed``).

    Attributes: ``seed`` (the stream: the xorshift state, 1..2**32-1; 0
    until the first commit), ``face_counts`` (dice landed on 1..6 since the app last
    counted them).
    """

    def __init__(self, randrange=None):
        # type: (Optional[Callable[[int], int]]) -> None
        self._randrange = randrange or random.randrange
        self.seed = 0
        self.face_counts = [0] * 6

    def commit(self):
        """A new stream from fresh randomness (a turn change); returns its
        state as 4 bytes (big-endian) for the save that follows. A quit
        saves ``roller.seed.to_bytes(4, "big")``, the stream where it
        stands (0: never committed, the first draw commits); a resume goes
        on with ``roller.seed = int.from_bytes(data, "big")``."""
        r = self._randrange
        s = self.seed = r(0x10000) << 16 | r(0x8000) << 1 | 1  # odd: never xorshift's fixed 0
        return s.to_bytes(4, "big")

    def _draw(self, n):
        """The stream's next value in 0..n-1 (``n`` at most 36 here: the
        modulo's bias is below 1e-8)."""
        s = self.seed or self.commit() and self.seed
        s ^= s << 13 & _MASK
        s ^= s >> 17
        s ^= s << 5 & _MASK
        self.seed = s
        return s % n

    def outcome(self, state):
        """One chance action of ``state``, drawn by weight from the stream.
        A die's face is counted in ``face_counts`` (for the lifetime stats):
        the outcome's place among six equally likely ones (one die, 1..6 in
        list order), or among 36 (two dice: first die ``i // 6 + 1``,
        second ``i % 6 + 1``).

        :raises ValueError: ``state`` is not at a chance node.
        """
        outcomes = state.chance_outcomes()
        if not outcomes:
            raise ValueError("not a chance node")
        r = 0
        for _, w in outcomes:  # (no generator: nothing allocated a die)
            r += w
        r = self._draw(r)
        i = 0
        for action, weight in outcomes:
            r -= weight
            if r < 0:
                self._count(outcomes, i)
                return action
            i += 1
        raise ValueError("weights changed during the draw")

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
        """A face 1..6 for the tumble's animation: fresh randomness, never
        the stream."""
        return self._randrange(6) + 1
