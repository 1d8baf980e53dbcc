"""Optimal two-player play of Pig, Two-Dice Pig and Big Pig (with or
without "6 is bad") by value iteration, after Neller & Presser, "Optimal
Play of the Dice Game Pig", UMAP Journal 25(1), 2004.

``P[i, j, t]``: the chance that the player to move wins, with their score
``i``, the opponent's ``j`` and ``t = i + turn total`` (what holding would
make the score; ``t >= goal`` means the hold wins, value 1). Holding is worth
``1 - P[j, t, j]`` (the opponent moves next with turn total 0); rolling, the
roll's outcomes from ``games.pig.rules.score_roll`` (RULES.md 2): points move ``t``
on, a bust is worth ``1 - P[j, i, j]``, a wipe (Two-Dice Pig's double bad
face) ``1 - P[j, 0, j]``. A turn only moves ``t`` up, so one pass back from the
goal gives a whole turn's values from the next mover's start values; passes
are repeated until no start value moves by more than ``tol``.
"""
import numpy as np

from games.pig.rules import ADD, BUST, PIG, WIPE, score_roll

GOAL = 100


def outcomes(variant, six_bad):
    """What one roll does, summed over the faces: ``(adds, bust, wipe)``,
    ``adds`` a dict points -> probability."""
    rolls = [(f,) for f in range(1, 7)] if variant == PIG else [
        (a, b) for a in range(1, 7) for b in range(1, 7)]
    p = 1.0 / len(rolls)
    adds, bust, wipe = {}, 0.0, 0.0
    for faces in rolls:
        kind, points = score_roll(variant, six_bad, faces)
        if kind == ADD:
            adds[points] = adds.get(points, 0.0) + p
        elif kind == BUST:
            bust += p
        else:
            wipe += p
    assert kind in (ADD, BUST, WIPE)
    return adds, bust, wipe


class Solution:
    """``win[i, j, t]`` (float64, shape ``(goal, goal, goal + most)``) and
    ``roll[i, j, t]`` (bool: rolling is optimal; only ``i <= t < goal``
    matter), plus the sweeps it took."""

    def __init__(self, win, roll, sweeps):
        self.win, self.roll, self.sweeps = win, roll, sweeps

    def start(self):
        """The first player's chance of winning from 0-0."""
        return float(self.win[0, 0, 0])


def _turn(w0_next, adds, bust, wipe, goal, roll=None):
    """One whole turn of the mover, back from the goal along ``t``, given
    the next mover's values at turn total 0 (``w0_next[a, b]``: with score
    ``a`` against ``b``). ``roll``: the mover's fixed decisions
    (``[i, j, t]``), None for the best ones. Returns ``(win, decisions,
    gap)``, ``gap`` the value of rolling less that of holding; ``win[i, j,
    t]`` is only meaningful for ``t >= i``."""
    most = max(adds)
    win = np.ones((goal, goal, goal + most))  # t >= goal: holding wins
    decisions = np.zeros((goal, goal, goal), dtype=bool)
    gap = np.zeros((goal, goal, goal))
    lost = bust * (1.0 - w0_next.T) + wipe * (1.0 - w0_next[:, 0])[None, :]  # [i, j]
    hold = 1.0 - w0_next  # hold at (i, j, t): 1 - w0_next[j, t]
    for t in range(goal - 1, -1, -1):
        rolled = lost.copy()
        for points, p in adds.items():
            rolled += p * win[:, :, t + points]
        held = hold[None, :, t]
        if roll is None:
            d = rolled > held
            d[t, :] = True  # turn total 0 (i == t): holding is not a move
        else:
            d = roll[:, :, t]
        decisions[:, :, t] = d
        gap[:, :, t] = rolled - held
        win[:, :, t] = np.where(d, rolled, held)
    return win, decisions, gap


def _start_values(win, goal):
    a = np.arange(goal)
    return win[a[:, None], a[None, :], a[:, None]]  # w0[a, b] = win[a, b, a]: turn total 0


def _grid(goal):
    i = np.arange(goal)[:, None, None]
    j = np.arange(goal)[None, :, None]
    t = np.arange(goal)[None, None, :]
    return i, j, t


def solve(variant, six_bad, goal=GOAL, tol=1e-12):
    """Optimal play for both seats: whole turns (:func:`_turn`) until no
    start value moves by ``tol``. Returns a :class:`Solution`."""
    adds, bust, wipe = outcomes(variant, six_bad)
    w0 = np.zeros((goal, goal))
    i, j, t = _grid(goal)
    inside = (t >= i)
    sweeps = 0
    while True:
        sweeps += 1
        win, roll, _ = _turn(w0, adds, bust, wipe, goal)
        new = _start_values(win, goal)
        change = np.max(np.abs(new - w0))
        w0 = new
        if change < tol:
            return Solution(win, roll & inside, sweeps)


def evaluate(variant, six_bad, roll_a, roll_b, goal=GOAL, tol=1e-12, most=20000):
    """Chance that seat A wins when A plays ``roll_a`` and B ``roll_b``
    (bool arrays ``[i, j, t]``: roll?), as ``(A first, A second)``; None
    when the values still move by ``tol`` after ``most`` turns each."""
    adds, bust, wipe = outcomes(variant, six_bad)
    w0_a = np.zeros((goal, goal))
    w0_b = np.zeros((goal, goal))
    for _ in range(most):
        new_a = _start_values(_turn(w0_b, adds, bust, wipe, goal, roll_a)[0], goal)
        new_b = _start_values(_turn(new_a, adds, bust, wipe, goal, roll_b)[0], goal)
        change = max(np.max(np.abs(new_a - w0_a)), np.max(np.abs(new_b - w0_b)))
        w0_a, w0_b = new_a, new_b
        if change < tol:
            return float(w0_a[0, 0]), 1.0 - float(w0_b[0, 0])
    return None


def check(data, goal=GOAL):
    """How far a table file is from optimal play: one whole turn of optimal
    play from the file's own start values. Returns ``(value, decisions)``:
    the largest change of a start value (in 1/65535), and the number of
    states whose stored decision differs from the best one by more than the
    values' rounding (a gap above 1e-3)."""
    variant, six_bad = data[14], data[15]
    rec = np.frombuffer(data[HEADER:], dtype=np.uint8).reshape(goal, goal, RECORD)
    w0 = (rec[:, :, 0] + 256.0 * rec[:, :, 1]) / 65535
    adds, bust, wipe = outcomes(variant, six_bad)
    win, best, gap = _turn(w0, adds, bust, wipe, goal)
    stored = decode(data, goal)
    i, j, t = _grid(goal)
    wrong = (stored != best) & (t >= i) & (np.abs(gap) > 1e-3)
    change = np.max(np.abs(_start_values(win, goal) - w0)) * 65535
    return float(change), int(wrong.sum())


def decode(data, goal=GOAL):
    """The decisions of a table file as a bool array ``[i, j, t]`` (roll?)."""
    rec = np.frombuffer(data[HEADER:], dtype=np.uint8).reshape(goal, goal, RECORD)
    t = np.arange(goal)[None, None, :, None]
    flipped = (rec[:, :, None, 2:] <= t).sum(axis=3)
    return flipped % 2 == 0


def hold_at(n, goal=GOAL):
    """The policy "hold at ``n``": roll while the turn total is below ``n``
    (``t >= goal`` is a win, held at once), as a bool array ``[i, j, t]``."""
    i, j, t = _grid(goal)
    return np.broadcast_to(t - i < n, (goal, goal, goal)).copy()


MAGIC = b"PIG1"
HEADER = 16  # magic, header size, record size, count, goal u16, variant u8, six_bad u8
FLIPS = 4  # most changes of decision along one (i, j) row (the solver checks)
RECORD = 2 + FLIPS
NAMES = ("pig", "twodice", "bigpig")


def file_name(variant, six_bad):
    """``games/data`` file of a variant: "pig.bin", "twodice6.bin"..."""
    return NAMES[variant] + ("6" if six_bad else "") + ".bin"


def flips(roll, i, j, goal=GOAL):
    """Where the decision changes along ``t = i .. goal - 1`` at (i, j): the
    sorted ``t`` at which it flips, starting from "roll" (turn total 0)."""
    out = []
    now = True
    for t in range(i, goal):
        if bool(roll[i, j, t]) != now:
            now = not now
            out.append(t)
    return out


def encode(solution, variant, six_bad, goal=GOAL):
    """The table file's bytes. Header (16 bytes, little-endian): b"PIG1",
    u16 16, u16 record size 6, u32 ``goal * goal`` records, u16 goal, u8
    variant, u8 six_bad. Record ``i * goal + j``: u16 ``round(P * 65535)``,
    P the mover's chance of winning at (i, j) with turn total 0; then the
    :func:`flips` of that row, 255 past the last.

    :raises ValueError: a row changes decision more than ``FLIPS`` times.
    """
    out = bytearray(MAGIC)
    out += (HEADER).to_bytes(2, "little") + RECORD.to_bytes(2, "little")
    out += (goal * goal).to_bytes(4, "little") + goal.to_bytes(2, "little")
    out += bytes((variant, six_bad))
    for i in range(goal):
        for j in range(goal):
            row = flips(solution.roll, i, j, goal)
            if len(row) > FLIPS:
                raise ValueError("row (%d, %d) flips %d times" % (i, j, len(row)))
            out += round(float(solution.win[i, j, i]) * 65535).to_bytes(2, "little")
            out += bytes(row + [255] * (FLIPS - len(row)))
    return bytes(out)
