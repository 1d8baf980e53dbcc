"""Two-seat SKUNK (RULES.md 2, as games/skunk/rules.py plays it) solved exactly
for the chance of winning, by backward induction over the five rounds.

Values are the chance that seat "me" wins the game (a shared win counts
one half), with ``a`` my game total and ``b`` the other seat's at the start
of the round, and ``T`` the round total. ``W[r][a, b]``: both standing at
the start of round ``r``; ``W[5]`` is the final comparison. Within round
``r`` (``Wn = W[r + 1]``), with the rolls of games.skunk.rules.score_roll (no 1:
the 25 sums, one 1: 10/36, two 1s: 1/36):

- ``S[T][a, y]``: I stand alone, the other seat sat with final total ``y``:
  ``max(Wn[a + T, y], Wn[0, y]/36 + 10 Wn[a, y]/36 + sum c_s S[T + s]/36)``;
- ``Oth[T][x, b]``: the other seat stands alone, I sat with final ``x``: its
  policy picks sit ``Wn[x, b + T]`` or its roll ``R_O[T] = Wn[x, 0]/36 +
  10 Wn[x, b]/36 + sum c_s Oth[T + s]/36``;
- ``B[T][a, b]``: both stand. The other seat decides first (a human sits
  before the computer seats are asked, and the device asks computer seats
  in seat order, each seeing the sits before it); I answer. If it sits I
  am in ``S[T][a, b + T]``; if it stands, I sit (``R_O[T][a + T, b]``: its
  roll follows) or stand (``R_B = Wn[0, 0]/36 + 10 Wn[a, b]/36 + sum c_s
  B[T + s]/36``: the same dice for both).

The other seat's policy is ``"best"`` (it minimises my chance: a zero-sum
game in which I am the follower; the strategy found is then safe against
any opponent) or a level of games.skunk.bot ("easy": sit at 20). Round
totals stop at ``tcap`` (a seat standing there sits); game totals are
clamped at ``cap`` (beyond it they are compared as equal; the caps are
chosen so that this almost never happens).
"""
import numpy as np

from games.skunk.rules import ADDED, DOUBLE_SKUNK, ROUNDS, score_roll


def roll_odds():
    """``(adds, skunk, double)``: adds a dict sum -> number of the 36
    rolls, then the rolls with one 1 and with two 1s."""
    adds, one, two = {}, 0, 0
    for x in range(1, 7):
        for y in range(1, 7):
            event, points = score_roll(x, y)
            if event == ADDED:
                adds[points] = adds.get(points, 0) + 1
            elif event == DOUBLE_SKUNK:
                two += 1
            else:
                one += 1
    return adds, one, two


class Solution:
    """``W[r]`` (r = 0..5) as above; ``stand_alone[r][T]`` and
    ``stand_both[r][T]`` (bool arrays over (a, b)): standing beats sitting
    for me (alone, the other seat sat with final ``b``; both standing, the
    other seat has chosen to stand for this roll)."""

    def __init__(self, cap, tcap):
        self.cap, self.tcap = cap, tcap
        self.W = [None] * (ROUNDS + 1)
        self.stand_alone = [None] * ROUNDS
        self.stand_both = [None] * ROUNDS


def _other_sits(policy, t, r):
    """For a fixed-rule policy: True when it sits at round total t."""
    if policy == "easy":
        return t >= 20
    raise ValueError(policy)


def solve(policy="best", cap=250, tcap=150, eps=1e-12):
    adds, one, two = roll_odds()
    n = cap + 1
    idx = np.arange(n)
    sol = Solution(cap, tcap)
    a = idx[:, None]
    b = idx[None, :]
    sol.W[ROUNDS] = np.where(a > b, 1.0, np.where(a == b, 0.5, 0.0))
    for r in range(ROUNDS - 1, -1, -1):
        Wn = sol.W[r + 1]
        S, Oth, B = {}, {}, {}
        alone = [None] * (tcap + 1)
        both = [None] * (tcap + 1)
        for t in range(tcap, -1, -1):
            sh = np.minimum(idx + t, cap)
            # I stand alone; the other sat with final y (second index).
            sit_s = Wn[sh, :]
            if t == tcap:
                S[t] = sit_s
                alone[t] = np.zeros((n, n), bool)
            else:
                roll_s = (two * Wn[0, :][None, :] + one * Wn) / 36.0
                for s, c in adds.items():
                    roll_s = roll_s + c / 36.0 * S[min(t + s, tcap)]
                alone[t] = roll_s > sit_s + eps
                S[t] = np.maximum(sit_s, roll_s)
            # The other stands alone; I sat with final x (first index).
            sit_o = Wn[:, sh]
            if t == tcap:
                roll_o = sit_o
                Oth[t] = sit_o
            else:
                roll_o = (two * Wn[:, 0][:, None] + one * Wn) / 36.0
                for s, c in adds.items():
                    roll_o = roll_o + c / 36.0 * Oth[min(t + s, tcap)]
                if policy == "best":
                    Oth[t] = np.minimum(sit_o, roll_o)
                else:
                    Oth[t] = sit_o if _other_sits(policy, t, r) else roll_o
            # Both stand.
            other_sat = S[t][:, sh]  # me at (a, b + t), still to choose
            my_sit = roll_o[sh, :]  # I sit at a + t; it rolls on
            if t == tcap:
                both[t] = np.zeros((n, n), bool)
                answer = my_sit
            else:
                roll_b = (two * Wn[0, 0] + one * Wn) / 36.0
                for s, c in adds.items():
                    roll_b = roll_b + c / 36.0 * B[min(t + s, tcap)]
                both[t] = roll_b > my_sit + eps
                answer = np.maximum(my_sit, roll_b)
            if policy == "best":
                B[t] = np.minimum(other_sat, answer)
            else:
                B[t] = other_sat if _other_sits(policy, t, r) else answer
            for d in (S, Oth, B):
                d.pop(t + 13, None)
        sol.W[r] = B[0]
        sol.stand_alone[r] = alone
        sol.stand_both[r] = both
    return sol
