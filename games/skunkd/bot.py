"""SKUNK'D's computer seat: :func:`choose` plays at three levels (EASY,
MEDIUM, HARD: see choose); :func:`coach` gives the two lines of the coach
overlay. The keep rules it reads (``legal_keeps``, ``bust_chance``...) are
the rules' own, in games/skunkd/rules.py.
"""

import sys

from micropython import const

from games.skunkd.rules import (
    BANK,
    DEFAULT_HOUSE,
    PHASE_HOUSE,
    PHASE_KEEP,
    ROLL,
    bust_chance,
    count_key,
    legal_keeps,
)
from rollbox.bots import EASY, FRAME, HARD, MEDIUM

try:
    from typing import Tuple  # noqa: F401 (used in type comments)

    from games.skunkd.rules import SkunkdState  # noqa: F401 (used in type comments)
except ImportError:
    pass


# MEDIUM's bank thresholds (points) by dice left: no Mega of 2, 3, 4 or 6
# in the den / such a Mega in the den (HARD's thresholds, rounded).
_BANK_AT = (0, 450, 700, 800, 2000, 4000)
_BANK_AT_MEGA = (0, 800, 2000, 3000)
_MEGA_2346 = const(1 << 1 | 1 << 2 | 1 << 3 | 1 << 5)  # mega_faces bits of 2, 3, 4, 6
_BANK_AT_RUN = const(1600)  # MEDIUM, one die left for the Single SKUNK (6000)
_EASY_BANK_AT = const(300)  # EASY banks this den...
_EASY_DICE_LEFT = const(2)  # ...with this many dice left or fewer
# count_key (face f's count at bits 3f-3) of a lone Skunk and of a lone 5.
_ONE_SKUNK = const(1)
_ONE_FIVE = const(1 << 3 * 5 - 3)


def _medium_bank_at(n, mega_faces, skunk_run):
    # type: (int, int, int) -> int
    if skunk_run >= 0 and n == 1:
        return _BANK_AT_RUN
    if mega_faces & _MEGA_2346 and n < len(_BANK_AT_MEGA):
        return _BANK_AT_MEGA[n]
    return _BANK_AT[n]


def _medium_keep(state):
    # type: (SkunkdState) -> int
    """MEDIUM's keep: all the dice when the whole roll scores; everything
    that scores when it reaches the bank threshold (banking next); else the
    best keep without its lone Skunks and 5s, or one Skunk (else one 5)
    when nothing else scores."""
    keeps = legal_keeps(state)
    pts, best = keeps[0]
    r = state.rolled_mask
    left = 0
    for i in range(6):
        left += (r & ~best) >> i & 1
    if best == r or left and state.den + pts >= _medium_bank_at(
            left, state.mega_faces, state.skunk_run):
        return best
    key = count_key(state.dice, best)
    for f in (1, 5):  # drop the lone Skunks and 5s
        if key >> 3 * f - 3 & 7 < 3:
            key &= ~(7 << 3 * f - 3)
    one = -1
    for _, m in keeps:  # most points first: a Skunk comes before a 5
        k = count_key(state.dice, m)
        if k == key:
            return m
        if (k == _ONE_SKUNK or k == _ONE_FIVE) and one < 0:
            one = m
    return one if one >= 0 else best


def choose(state, level=EASY):
    # type: (SkunkdState, int) -> int
    """A legal action for the current player at a decision node; ``level``
    EASY, MEDIUM or HARD (rollbox.bots). All levels: house options
    DEFAULT_HOUSE (goal 10,000, entry 500); BANK only when legal (so never
    below the entry); in overtime BANK as soon as board + den passes the
    leader's board and never before.

    EASY (the sheet's simple rule, the baseline): the legal keep worth the
    most points; BANK with a den of 300 or more and 2 or fewer dice left.
    MEDIUM (a rule a person can follow): keep as :func:`_medium_keep`; BANK
    at a den of 450, 700, 800, 2000, 4000 with 1..5 dice left, or with a
    Mega of 2, 3, 4 or 6 in the den 800, 2000, 3000 with 1..3 dice; 1600
    with one die left for the Single SKUNK. HARD: the exact per-turn optimum
    (games.skunkd.hard)."""
    if state.phase == PHASE_HOUSE:
        return DEFAULT_HOUSE
    if level == HARD:
        from games.skunkd import hard as skunkd_hard

        return skunkd_hard.choose(state)
    if state.phase == PHASE_KEEP:
        if level == MEDIUM:
            return _medium_keep(state)
        return legal_keeps(state)[0][1]
    if BANK in state.legal_actions():
        board = state.scores[state.turn_player()]
        if state.leader >= 0:
            if board + state.den > state.scores[state.leader]:
                return BANK
        elif level == MEDIUM:
            if state.den >= _medium_bank_at(state.dice_left(), state.mega_faces,
                                            state.skunk_run):
                return BANK
        elif state.den >= _EASY_BANK_AT and state.dice_left() <= _EASY_DICE_LEFT:
            return BANK
    return ROLL


def plan(state, level=EASY):
    """HARD's first decision in two pieces, for the app to spread over the
    think time's frames (rollbox.bots): ``games.skunkd.hard`` loaded (a
    frame of its own), then its tables opened and :func:`choose`. None once
    the module is loaded, and for EASY and MEDIUM: they decide at once."""
    if level < HARD or state.phase == PHASE_HOUSE or "games.skunkd.hard" in sys.modules:
        return None
    return _load_then_choose(state)


def _load_then_choose(state):
    from games.skunkd import hard as skunkd_hard

    yield FRAME  # the module was most of the frame
    skunkd_hard.tables()
    return skunkd_hard.choose(state)


def coach(state):
    # type: (SkunkdState) -> Tuple[str, str]
    """Two lines of at most 26 characters for a human at a decision: the
    chance that the next roll is SKUNK'D (after HARD's keep at a keep), and
    what HARD would do. ("", "") where there is no decision."""
    try:
        return _coach(state)
    except Exception:  # a missing table: no advice rather than a crash
        return ("", "")


def _coach(state):
    # type: (SkunkdState) -> Tuple[str, str]
    p = state.phase
    if state.current_player() < 0 or p == PHASE_HOUSE:
        return ("", "")
    from games.skunkd import hard as skunkd_hard

    a = skunkd_hard.choose(state)
    n = state.dice_left()
    mega = 0 if n == 6 else state.mega_faces
    if p == PHASE_KEEP:
        n, mega, _ = skunkd_hard.after(state, a)
        text = state.action_to_string(a)
        if n < 6:
            more = ", bank" if skunkd_hard.banks_after(state, a) else ", roll"
            if len(text) + len(more) < 21:
                text += more
    elif a == BANK:
        text = "bank %d" % state.den
    else:
        text = state.action_to_string(a)
    b, c = bust_chance(n, mega)
    return ("Bust next roll: %d%%" % ((200 * b + c) // (2 * c)), ("Hard: " + text)[:26])
