"""SKUNK'D, the HARD computer player: the exact per-turn optimum, read from
the tables of tools/solve_skunkd (games/data/skunkd_ev.bin, skunkd_ot.bin)
by seeking, one 2-byte record at a time (rollbox.table).

Out of overtime it maximises the expected banked points of the turn (with
the entry: no bank below it); in overtime it maximises the chance to pass
the leader. Positions and files: see the docstring of tools/solve_skunkd.
Imported by games.skunkd.bot only when a HARD decision is needed.
"""

from micropython import const

from games.skunkd.rules import BANK, PHASE_KEEP, ROLL, count_key, keep_points
from rollbox.table import Table

try:
    from typing import Tuple  # noqa: F401 (used in type comments)

    from games.skunkd.rules import SkunkdState  # noqa: F401 (used in type comments)
except ImportError:
    pass

_UNIT = const(50)  # points per den unit
_ONE_SKUNK = const(1)  # count_key of a lone Skunk (a 1)
_ev = None  # the open tables, once needed
_ot = None
# The two tables, rollbox.table files written by tools/solve_skunkd (their
# layout: its docstring, "Files"). games/data/skunkd_ev.bin, expected
# points: magic _EV_MAGIC, then u16 header fields at _EV_W (W, the den cap
# in units), _EV_W6 (W6, position 0's row) and _EV_SCALE (SCALE, per
# point); the records are positions 1..22 for dens 0..W-1, position 0 for
# 0..W6-1, then per entry (in units: 6, 10, 20) all positions below it.
# games/data/skunkd_ot.bin, overtime: magic _OT_MAGIC, u16 at _OT_RW (RW,
# the needs in units), records per position for needs 0..RW-1.
_EV_MAGIC = const(b"SKE1")
_OT_MAGIC = const(b"SKO1")
_EV_W = const(12)
_EV_W6 = const(14)
_EV_SCALE = const(16)
_OT_RW = const(12)
_POSITIONS = const(23)  # position kinds (see position)
_SLOPE = const(16)  # beyond W6 position 0's row goes on at its slope over this many units


def tables():
    # type: () -> tuple
    """The two tables (opened on the first call)."""
    global _ev, _ot
    if _ev is None:
        _ev = Table("skunkd_ev.bin", _EV_MAGIC)
        _ot = Table("skunkd_ot.bin", _OT_MAGIC)
    return _ev, _ot


def position(n, mega_faces, run):
    # type: (int, int, int) -> int
    """Index 0..22 of the position with ``n`` dice to roll (0 or 6: a new
    sequence), the den's ``mega_faces`` and ``skunk_run``."""
    # In the solver's order: 0 a new sequence; 1, 2 five dice (run broken,
    # intact); 3, 4 four dice; from 23 - 6n for n = 3, 2, 1 six each: no
    # Mega, a Mega of 2, 3, 4 or 6 (run broken), then run intact.
    if n == 0 or n == 6:
        return 0
    if n > 3:
        return 11 - 2 * n + (run >= 0)
    i = 23 - 6 * n
    if run >= 0:
        return i + 5
    for f in (2, 3, 4, 6):
        if mega_faces >> f - 1 & 1:
            return i + (f if f < 6 else 5) - 1
    return i


def _read(t, index):
    # type: (Table, int) -> int
    b = t.read(index)
    return b[0] | b[1] << 8


def ev(pos, d, need):
    # type: (int, int, int) -> int
    """(V - D) * SCALE at ``pos`` with a den of ``d`` units after a keep; V:
    the best expected banked points of the turn; ``need``: the entry in
    units when the player is not on the board, else 0."""
    t = tables()[0]
    w = t.u16(_EV_W)
    w6 = t.u16(_EV_W6)
    if d < need:  # no bank yet: the entry's own table (300, 500, 1000)
        i = (_POSITIONS - 1) * w + w6
        for e in (6, 10, 20):
            if e == need:
                break
            i += _POSITIONS * e
        v = _read(t, i + pos * need + d)
    elif pos:
        if d >= w:
            return 0  # bank
        v = _read(t, (pos - 1) * w + d)
    else:
        i = (_POSITIONS - 1) * w + min(d, w6 - 1)
        v = _read(t, i)
        v -= (v >> 15) << 16
        if d >= w6:  # beyond the row: straight on (the slope over _SLOPE units)
            u = _read(t, i - _SLOPE)
            u -= (u >> 15) << 16
            v += (v - u) * (d - w6 + 1) // _SLOPE
        return v
    return v - ((v >> 15) << 16)  # i16


def ot(pos, r):
    # type: (int, int) -> int
    """-log2 of the best chance to bank ``r`` more units from ``pos`` after a
    keep, times LSCALE (0: certain)."""
    if r <= 0 and pos:
        return 0
    t = tables()[1]
    return _read(t, pos * t.u16(_OT_RW) + max(r, 0))


def _need(state):
    # type: (SkunkdState) -> Tuple[int, int]
    """(entry units not yet reached or 0, need to pass the leader in units
    or 0 out of overtime) for the player to act."""
    p = state.turn_player()
    e = 0 if state.entered >> p & 1 else state.entry // _UNIT
    k = state.leader
    if k < 0:
        return e, 0
    r = (state.scores[k] - state.scores[p]) // _UNIT + 1
    return e, max(r, e, 1)


def after(state, m):
    # type: (SkunkdState, int) -> Tuple[int, int, int]
    """(dice the next roll rolls, 6 for a new sequence; the den's
    mega_faces then; the position) after the keep ``m``."""
    k = count_key(state.dice, m)
    left = 0
    mega = state.mega_faces
    for i in range(6):
        left += (state.rolled_mask & ~m) >> i & 1
        if k >> 3 * i & 7 > 2:
            mega |= 1 << i
    if not left:
        return 6, 0, 0  # "...and rolling!"
    run = state.skunk_run + 1 if k == _ONE_SKUNK and state.skunk_run >= 0 else -1
    return left, mega, position(left, mega, run)


def banks_after(state, m):
    # type: (SkunkdState, int) -> bool
    """HARD banks right after the legal keep ``m``."""
    n, _, p = after(state, m)
    d = (state.den + keep_points(state, m)) // _UNIT
    e, r = _need(state)
    if n == 6 or d < e:
        return False
    return d >= r if r else ev(p, d, 0) <= 0


def choose(state):
    # type: (SkunkdState) -> int
    """HARD's action at a keep or a bank-or-roll decision (or ROLL)."""
    acts = state.legal_actions()
    d = state.den // _UNIT
    e, r = _need(state)
    if state.phase != PHASE_KEEP:
        if BANK not in acts:
            return ROLL
        if r:
            return BANK if d >= r else ROLL
        p = position(state.dice_left(), state.mega_faces, state.skunk_run)
        return ROLL if ev(p, d, 0) > 0 else BANK
    best = -1
    best_v = 0
    seen = []
    shift = 0
    if r:  # a need beyond the table: decided as the largest need in it
        shift = max(0, r - d - tables()[1].u16(_OT_RW) + 1)
    scale = tables()[0].u16(_EV_SCALE) * _UNIT
    for m in acts:
        k = count_key(state.dice, m)
        if k in seen:
            continue  # the same faces: the same keep
        seen.append(k)
        pts = keep_points(state, m) // _UNIT
        p = after(state, m)[2]
        if r:
            v = -ot(p, r - d - pts - shift)
        else:
            dd = d + pts
            v = dd * scale + ev(p, dd, e if dd < e else 0)
        if best < 0 or v > best_v:
            best = m
            best_v = v
    return best
