"""Optimal two-player Hog (how many dice to roll, RULES.md 2) by value
iteration, as Neller & Presser solve Pig (UMAP Journal 25(1), 2004).

``P[i, j]``: the chance that the player to move, with score ``i`` against
``j``, wins. Rolling ``n`` dice (1..``MAX_DICE``) scores their sum ``s`` when
no die shows a bad face (1, and 6 with "6 is bad"), else 0; then the
opponent moves: ``1 - P[j, i + s]``, or 1 when ``i + s`` reaches the goal.
"""
import numpy as np

from games import is_bad
from games.hog.rules import MAX_DICE

GOAL = 100


def sum_chances(six_bad, most=MAX_DICE):
    """``p[n, s]``: the chance that ``n`` dice (0..most) score ``s`` points
    (``s = 0``: some die was bad). Exact counts divided by ``6**n``."""
    good = [f for f in range(1, 7) if not is_bad(six_bad, f)]
    top = 6 * most
    p = np.zeros((most + 1, top + 1))
    ways = [1] + [0] * top  # ordered all-good rolls of n dice by sum
    for n in range(1, most + 1):
        nxt = [0] * (top + 1)
        for s, w in enumerate(ways):
            if w:
                for f in good:
                    nxt[s + f] += w
        ways = nxt
        total = 6 ** n
        p[n, 1:] = [w / total for w in ways[1:]]
        p[n, 0] = (total - sum(ways)) / total
    return p


class Solution:
    """``win[i, j]`` (float64) and ``dice[i, j]`` (the best number of dice,
    ties to fewer), plus the sweeps it took."""

    def __init__(self, win, dice, sweeps):
        self.win, self.dice, self.sweeps = win, dice, sweeps

    def start(self):
        return float(self.win[0, 0])


def _values(win, p, goal):
    """``q[n, i, j]``: the value of rolling ``n`` dice for the mover at
    (i, j), the opponent's values being ``win``."""
    most, top = p.shape[0] - 1, p.shape[1] - 1
    lose = np.ones((goal, goal + top + 1))  # lose[j, t] = 1 - win[j, t]; 1 past the goal
    lose[:, :goal] = 1.0 - win
    i = np.arange(goal)
    q = np.zeros((most + 1, goal, goal))
    for s in range(1, top + 1):
        after = lose[:, i + s].T  # [i, j] = 1 - win[j, i + s]
        q += p[:, s, None, None] * after[None, :, :]
    q += p[:, 0, None, None] * (1.0 - win.T)[None, :, :]  # a bad face: 1 - win[j, i]
    q[0] = -1.0  # 0 dice is not a move
    return q


def solve(six_bad, goal=GOAL, tol=1e-12, dice=None):
    """Value iteration; ``dice``: None for optimal play, else a fixed int
    array ``[i, j]`` of dice to roll for both seats."""
    p = sum_chances(six_bad)
    win = np.zeros((goal, goal))
    sweeps = 0
    ii, jj = np.indices((goal, goal))
    while True:
        sweeps += 1
        q = _values(win, p, goal)
        pick = np.argmax(q, axis=0) if dice is None else dice  # argmax: the first (fewest) of ties
        new = q[pick, ii, jj]
        change = np.max(np.abs(new - win))
        win = new
        if change < tol:
            return Solution(win, pick, sweeps)


def evaluate(six_bad, dice_a, dice_b, goal=GOAL, tol=1e-12):
    """Chance that seat A wins rolling ``dice_a[i, j]`` against B's
    ``dice_b``, as ``(A first, A second)``."""
    p = sum_chances(six_bad)
    ii, jj = np.indices((goal, goal))
    win_a = np.zeros((goal, goal))
    win_b = np.zeros((goal, goal))
    while True:
        new_a = _values(win_b, p, goal)[dice_a, ii, jj]
        new_b = _values(win_a, p, goal)[dice_b, ii, jj]
        change = max(np.max(np.abs(new_a - win_a)), np.max(np.abs(new_b - win_b)))
        win_a, win_b = new_a, new_b
        if change < tol:
            return float(win_a[0, 0]), 1.0 - float(win_b[0, 0])


MAGIC = b"HOG1"
HEADER = 16  # magic, header size, record size, count, goal u16, six_bad u8, pad
RECORD = 3


def file_name(six_bad):
    return "hog6.bin" if six_bad else "hog.bin"


def encode(solution, six_bad, goal=GOAL):
    """The table file's bytes. Header (16 bytes, little-endian): b"HOG1",
    u16 16, u16 record size 3, u32 ``goal * goal`` records, u16 goal, u8
    six_bad, u8 0. Record ``i * goal + j``: u8 the dice to roll, u16
    ``round(P * 65535)`` (the mover's chance of winning at (i, j))."""
    out = bytearray(MAGIC)
    out += HEADER.to_bytes(2, "little") + RECORD.to_bytes(2, "little")
    out += (goal * goal).to_bytes(4, "little") + goal.to_bytes(2, "little") + bytes((six_bad, 0))
    for i in range(goal):
        for j in range(goal):
            out.append(int(solution.dice[i, j]))
            out += round(float(solution.win[i, j]) * 65535).to_bytes(2, "little")
    return bytes(out)
