"""SKUNK'D helpers for the screen and the AI, and a simple computer seat.

The pure functions over games.skunkd states that are not needed to play:
:func:`keep_value` (a keep's points from its faces), :func:`legal_keeps`,
:func:`explain_keep` (why dice cannot be kept, for the screen) and
:func:`bust_chance` (the exact chance of SKUNK'D). They live here, not in
games/skunkd.py, so that each module compiles in a small heap (the device and
the 64 KB MicroPython tests compile from source). :func:`choose` is the
computer player at three levels (EASY, MEDIUM, HARD: see choose); :func:`coach`
the two lines of the coach overlay.
"""

from games.skunkd import (
    BANK,
    DEFAULT_HOUSE,
    PHASE_HOUSE,
    PHASE_KEEP,
    ROLL,
    count_key,
    face_value,
    keep_points,
    key_value,
)

try:
    from typing import List, Optional, Sequence, Tuple  # noqa: F401 (used in type comments)

    from games.skunkd import SkunkdState  # noqa: F401 (used in type comments)
except ImportError:
    pass


def keep_value(faces, rolled, completes, mega_faces=0):
    # type: (Sequence[int], int, bool, int) -> int
    """Points of keeping ``faces`` (1..6 each, up to six): the best split
    into scoring combinations, -1 if there is none (RULES.md 1 table).
    ``rolled``: dice in the roll; ``completes``: the keep puts all six dice
    of the sequence in the den; ``mega_faces``: bit f-1 for a Mega of face
    f in the den from an earlier roll. No Single SKUNK bonus. ValueError on
    a bad face."""
    if len(faces) > 6 or [f for f in faces if not 1 <= f <= 6]:
        raise ValueError("a keep is up to six faces 1..6")
    return key_value(count_key(faces, 63 >> 6 - len(faces)), len(faces), rolled, completes,
                     mega_faces)


def legal_keeps(state):
    # type: (SkunkdState) -> List[Tuple[int, int]]
    """The keeps now as (points, mask), one per multiset of faces (its
    smallest mask), most points first, then smaller masks."""
    out = []
    seen = []
    for mask in state.legal_actions() if state.phase == PHASE_KEEP else ():
        key = count_key(state.dice, mask)
        if key not in seen:
            seen.append(key)
            out.append((keep_points(state, mask), mask))
    out.sort(key=lambda pm: (-pm[0], pm[1]))
    return out


def explain_keep(state, mask):
    # type: (SkunkdState, int) -> Optional[str]
    """None when the slot bitmask ``mask`` is a legal keep now, else why not,
    in at most 22 characters: "no keep now", "pick at least one die", "pick
    dice just rolled", "the 2 scores nothing", "3-3 needs all dice in"."""
    if state.phase != PHASE_KEEP:
        return "no keep now"
    if not mask:
        return "pick at least one die"
    if mask & ~state.rolled_mask or mask > 63:
        return "pick dice just rolled"
    if keep_points(state, mask) >= 0:
        return None
    key = count_key(state.dice, mask)
    for face in range(1, 7):  # each face must score on its own (but in a Polecat)
        count = key >> 3 * face - 3 & 7
        if count and face_value(face, count, mask == state.rolled_mask, state.mega_faces) < 0:
            if count == 2:
                return "%d-%d needs all dice in" % (face, face)
            return "the %d scores nothing" % face
    return None  # not reached: a keep that does not split has such a face


def bust_chance(dice_left, mega_faces=0):
    # type: (int, int) -> Tuple[int, int]
    """Exact chance that a roll of ``dice_left`` (1..6) dice is SKUNK'D, as a
    reduced fraction ``(numerator, denominator)``, by enumerating every roll
    (each multiset of faces once, weighted by its orderings). ``mega_faces``:
    bit f-1 for a Mega of face f in the den (as in keep_value).
    With no Mega: 2/3, 1/3, 5/18, 7/54, 25/324, 5/216 for 1..6 dice.

    :raises ValueError: ``dice_left`` outside 1..6.
    """
    if not 1 <= dice_left <= 6:
        raise ValueError("dice_left is 1..6")
    busts = _busts(1, dice_left, 0, 1, dice_left, mega_faces)
    total = 6 ** dice_left
    a, b = busts, total
    while b:
        a, b = b, a % b
    return busts // a, total // a


def _busts(face, left, key, ways, size, mega_faces):
    # type: (int, int, int, int, int, int) -> int
    """Ordered rolls that bust, given the counts of the faces below ``face``
    (``key``) and ``ways`` orderings of them."""
    if face < 6:
        n = 0
        pick = 1  # ways to place c of the ``left`` dice
        for c in range(left + 1):
            n += _busts(face + 1, left - c, key + (c << 3 * face - 3), ways * pick, size,
                        mega_faces)
            pick = pick * (left - c) // (c + 1)
        return n
    key += left << 15
    for f in range(1, 7):  # some face scores without the other dice
        count = key >> 3 * f - 3 & 7
        if count and face_value(f, count, False, mega_faces) >= 0:
            return 0
    return 0 if key_value(key, size, size, True, mega_faces) >= 0 else ways


# MEDIUM's bank thresholds (points) by dice left: no Mega of 2, 3, 4 or 6
# in the den / such a Mega in the den (HARD's thresholds, rounded).
_BANK_AT = (0, 450, 700, 800, 2000, 4000)
_BANK_AT_MEGA = (0, 800, 2000, 3000)


def _medium_bank_at(n, mega_faces, skunk_run):
    # type: (int, int, int) -> int
    if skunk_run >= 0 and n == 1:
        return 1600  # one die for the Single SKUNK (6000)
    if mega_faces & 0b101110 and n < 4:
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
        if (k == 1 or k == 0o10000) and one < 0:
            one = m
    return one if one >= 0 else best


def choose(state, level=1):
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
    (rollbox.bots.skunkd_hard)."""
    if state.phase == PHASE_HOUSE:
        return DEFAULT_HOUSE
    if level == 3:
        from rollbox.bots import skunkd_hard

        return skunkd_hard.choose(state)
    if state.phase == PHASE_KEEP:
        if level == 2:
            return _medium_keep(state)
        return legal_keeps(state)[0][1]
    if BANK in state.legal_actions():
        board = state.scores[state.turn_player()]
        if state.leader >= 0:
            if board + state.den > state.scores[state.leader]:
                return BANK
        elif level == 2:
            if state.den >= _medium_bank_at(state.dice_left(), state.mega_faces,
                                            state.skunk_run):
                return BANK
        elif state.den >= 300 and state.dice_left() <= 2:
            return BANK
    return ROLL


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
    from rollbox.bots import skunkd_hard

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
