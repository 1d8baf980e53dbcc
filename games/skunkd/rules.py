"""SKUNK'D, the rules of docs/RULES.md section 1 (see also the comments below).

Our reading of overtime: the leader never takes an overtime turn; the next
player is the next seat in order still in and not the leader; when there is
none, the leader wins. An overtaken leader is still in; entry still applies.
"""
# Nodes: the roll-off (chance: six dice per contender in seat order; the tied
# roll again), the house options (the setter picks goal and entry), then
# turns: ROLL, one chance node per die, a keep, then BANK or ROLL.
# Actions: a keep is the bitmask 1..63 of the slots kept; BANK 64; ROLL 65;
# house options HOUSE_BASE + 4 * goal index + entry index (80..99). Chance:
# faces 1..6, weight 1 each, one die per node; a roll's dice land in the
# rolled slots in ascending order.
#
# More readings of RULES.md 1:
# - Carbuncle "exactly two dice": two of that face in the keep (2-2-2-2-2 is
#   a Mega, never Mega + Carbuncle);
# - a Mega extension may take every die of its face in one roll and the best
#   split decides (3-3-3 rolled over a Mega of 3s: 300 + 600 + 1200);
# - mega_faces gets every face kept three or more times in one keep;
# - the Single SKUNK +5400 is in keep_points (on the sixth single Skunk),
#   not in keep_value;
# - the last roll stays in ``dice`` after a turn ends (``busted`` tells a
#   skunk); roll-off dice stay until the next roller's first die lands;
# - with a ``setter`` seat the roll-off still decides who plays first.
#
# The keep rules the screen and the computer read are here too:
# keep_value (a keep's points from its faces), legal_keeps, explain_keep
# (why dice cannot be kept) and bust_chance (the exact chance of SKUNK'D).
# Boards run this module as .mpy (tools/deploy): no compiling on the board.

from micropython import const

from rollbox.engine import CHANCE, TERMINAL, Game, State

try:
    from typing import Optional, Sequence, Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass

BANK = const(64)
ROLL = const(65)
HOUSE_BASE = const(80)
GOALS = (2000, 5000, 10000, 15000, 20000)  # points
ENTRIES = (0, 300, 500, 1000)  # points
# A house option, less HOUSE_BASE: goal index << _ENTRY_SHIFT | entry index.
_ENTRY_SHIFT = const(2)
_ENTRY_MASK = const(3)  # four entries
_HOUSES = const(20)  # five goals times four entries
# GOALS[2] 10,000 and ENTRIES[2] 500 (RULES.md 1 "Before play"): 90.
DEFAULT_HOUSE = const(HOUSE_BASE + (2 << _ENTRY_SHIFT) + 2)
_SINGLE_SKUNK_BONUS = const(5400)  # the sequence is worth 6000 instead of 600

# The ``phase`` attribute.
PHASE_ROLLOFF = const(0)  # chance: roll-off dice
PHASE_HOUSE = const(1)  # the setter picks goal and entry
PHASE_START = const(2)  # a turn starts: ROLL only
PHASE_ROLLING = const(3)  # chance: the dice of a roll land
PHASE_KEEP = const(4)  # the player picks a keep
PHASE_KEPT = const(5)  # after a keep: BANK or ROLL (ROLL only when and_rolling)
PHASE_OVER = const(6)

_ALL = const(63)  # all six slots
_MAX = const(0x3FFFFFFF)  # den and boards saturate here (a small int everywhere)
_POLECAT = const(0o111111)  # count key of 1-2-3-4-5-6 (see count_key)
_ONE_DIE = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1))
_ROLL_ONLY = (ROLL,)
_BANK_OR_ROLL = (BANK, ROLL)
_HOUSE_ACTIONS = tuple(range(HOUSE_BASE, HOUSE_BASE + _HOUSES))
_SCRATCH = bytearray(_ALL)  # the legal keep masks being found (_keep_masks)
_SLOTS = bytearray(19)  # _keep_masks' slots by face, then (slots, counts) per face

# The save (the table at SkunkdGame.state_from_bytes). First these one-byte
# fields, in this order (-1 saved as 255):
_FIELDS = ("phase", "_player", "first", "_house", "leader", "headband", "contenders",
           "entered", "out_mask", "den_mask", "rolled_mask", "_pending", "mega_faces",
           "skunk_run", "busted")
_NUM_FIELDS = const(15)
# The fields that may be -1, by their index in _FIELDS, and as a bitmask.
_FIRST = const(2)
_LEADER = const(4)
_HEADBAND = const(5)
_SKUNK_RUN = const(13)
_NEG = const(1 << _FIRST | 1 << _LEADER | 1 << _HEADBAND | 1 << _SKUNK_RUN)
# The largest value of each field, in _FIELDS order; two codes stand for the
# bounds that depend on the seats.
_LAST_SEAT = const(0)  # players - 1
_ALL_SEATS = const(9)  # 2**players - 1, the mask of every seat
_MAXIMA = const(
    b"\x06"  # phase: PHASE_OVER
    b"\x00"  # _player: _LAST_SEAT
    b"\x00"  # first: _LAST_SEAT
    b"\x13"  # _house: 19, the last house option (_HOUSES - 1)
    b"\x00"  # leader: _LAST_SEAT
    b"\x00"  # headband: _LAST_SEAT
    b"\x09"  # contenders: _ALL_SEATS
    b"\x09"  # entered: _ALL_SEATS
    b"\x09"  # out_mask: _ALL_SEATS
    b"\x3f"  # den_mask: _ALL, the six slots
    b"\x3f"  # rolled_mask: _ALL
    b"\x3f"  # _pending: _ALL
    b"\x3f"  # mega_faces: the six faces
    b"\x06"  # skunk_run: six single Skunks
    b"\x01"  # busted: True
)
# Then the six dice, rolloff + 1 per seat, and 4-byte integers (_WORD,
# little-endian): den, last_keep_points, each seat's board.
_DICE_AT = const(_NUM_FIELDS)
_ROLLOFF_AT = const(_DICE_AT + 6)
_WORD = const(4)


def _bits(m):
    # type: (int) -> int
    n = 0  # slots in the mask m
    while m:
        m &= m - 1
        n += 1
    return n


def count_key(dice, m):
    # type: (list, int) -> int
    """The faces in mask ``m``'s slots as one int: face f's count at bits 3f-3.."""
    k = 0
    for i in range(6):
        if m >> i & 1:
            k += 1 << 3 * dice[i] - 3
    return k


def face_value(f, n, completes, mega_faces):
    # type: (int, int, bool, int) -> int
    """Best points of ``n`` kept dice of face ``f``, -1 if some cannot score."""
    if f == 1 or f == 5:  # singles 100 / 50; Megas 1000 / 500, x1..x8
        v = 100 if f == 1 else 50
        return n * v if n < 3 else 10 * v << n - 3
    v = -1
    if n > 2:
        v = 100 * f << n - 3  # Mega: x1, x2, x4, x8 for 3..6 dice
    elif n == 2 and completes:
        v = 250  # Carbuncle
    if mega_faces >> f - 1 & 1:  # extension: 100 x face, then each doubles
        v = max(v, 100 * f * ((1 << n) - 1))
    return v


def key_value(k, n, rolled, completes, mega_faces):
    # type: (int, int, int, bool, int) -> int
    """keep_value of a count key ``k`` holding ``n`` dice."""
    six = n == 6 == rolled
    if six and k == _POLECAT:
        return 1500  # Stinkin' Polecat
    total = pairs = triples = bases = 0
    for f in range(1, 7):
        c = k >> 3 * f - 3 & 7
        if c:
            v = face_value(f, c, completes, mega_faces)
            total = total + v if v >= 0 <= total else -1
            pairs += c == 2
            if c == 3:
                triples += 1
                bases += 1000 if f == 1 else 100 * f
    if six and pairs == 3:
        total = max(total, 1000)  # Stripes
    if six and triples == 2:
        total = max(total, 2 * bases)  # Double Mega
    return total if k else -1


def keep_points(state, m):
    # type: (SkunkdState, int) -> int
    """Points the keep ``m`` (a slot mask) adds to the den now, with the
    Single SKUNK bonus; -1 when it is not a legal keep."""
    r = state.rolled_mask
    if state.phase != PHASE_KEEP or not 0 < m <= _ALL or m & ~r:
        return -1
    n = _bits(m)
    v = key_value(count_key(state.dice, m), n, _bits(r), m == r, state.mega_faces)
    if state.skunk_run == 5 and n == 1 == state.dice[_bits((m & -m) - 1)]:
        v += _SINGLE_SKUNK_BONUS  # the sixth single Skunk of the sequence
    return v


class SkunkdGame(Game):
    """Parameters: players 2..8; setter 0..players (ValueError otherwise)."""

    # setter 0: the roll-off winner sets the house options; k >= 1: seat k-1
    # does, the previous winner in a series (RULES.md 1 "Before play").

    NAME = "skunkd"
    PARAMS = (("players", 2, 2, 8), ("setter", 0, 0, 8))

    def __init__(self, **params):
        # type: (int) -> None
        super().__init__(**params)
        if self.params["setter"] > self.params["players"]:
            raise ValueError("setter is 0..players")

    def title(self):
        # type: () -> str
        return "SKUNK'D"

    def new_initial_state(self):
        # type: () -> SkunkdState
        return SkunkdState(self)

    def state_from_bytes(self, data):
        # type: (bytes) -> SkunkdState
        """The state of :meth:`SkunkdState.to_bytes`: ``29 + 5 * players``
        bytes, integers little-endian; -1 saved as 255 (the fields of
        _FIELDS, their bounds in _MAXIMA, those that may be -1 in _NEG).

        ====================  ====  ===================================  =================
        offset                size  meaning                              range
        ====================  ====  ===================================  =================
        0                     1     phase, PHASE_ROLLOFF .. PHASE_OVER   0..6
        1                     1     _player: roller, setter or player    0..players-1
        2                     1     first: first player (-1: roll-off)   0..players-1, 255
        3                     1     _house: house option - HOUSE_BASE    0..19
        4                     1     leader in overtime (-1: none)        0..players-1, 255
        5                     1     headband's wearer (-1: none)         0..players-1, 255
        6                     1     contenders, bit p: seat p            0..2**players-1
        7                     1     entered, bit p: seat p               0..2**players-1
        8                     1     out_mask, bit p: seat p              0..2**players-1
        9                     1     den_mask, bit i: slot i              0..63
        10                    1     rolled_mask, bit i: slot i           0..63
        11                    1     _pending: slots to land, bit i       0..63
        12                    1     mega_faces, bit f-1: face f          0..63
        13                    1     skunk_run (-1: broken)               0..6, 255
        14                    1     busted                               0..1
        15 + i                1     slot i's face (0: empty)             0..6
        21 + p                1     seat p's rolloff + 1 (0: none yet)   0..7
        21 + players          4     den, points                          0..2**30-1
        25 + players          4     last_keep_points, points             0..2**30-1
        29 + players + 4 * p  4     seat p's board, points               0..2**30-1
        ====================  ====  ===================================  =================

        :raises ValueError: a wrong length, a field out of range or
            contradicting fields.
        """
        n = self.num_players()
        s = SkunkdState(self)
        ok = len(data) == _ROLLOFF_AT + 2 * _WORD + (1 + _WORD) * n
        for i in range(_NUM_FIELDS if ok else 0):
            v = data[i]
            if v == 255 and _NEG >> i & 1:
                v = -1
            k = _MAXIMA[i]
            ok = ok and v <= (n - 1 if k == _LAST_SEAT else (1 << n) - 1 if k == _ALL_SEATS
                              else k)
            setattr(s, _FIELDS[i], v)
        if ok:
            s.dice = list(data[_DICE_AT:_ROLLOFF_AT])
            s.rolloff = list(data[_ROLLOFF_AT:_ROLLOFF_AT + n])
            for i in range(n):
                s.rolloff[i] -= 1
            s.scores = []
            for i in range(_ROLLOFF_AT + n, len(data), _WORD):
                s.scores.append(int.from_bytes(data[i:i + _WORD], "little"))
            s.den = s.scores.pop(0)
            s.last_keep_points = s.scores.pop(0)
            p = s.phase
            q = s._player
            ok = (max(s.dice + s.rolloff) < 7
                  and s.den | s.last_keep_points | max(s.scores) <= _MAX  # _MAX: all ones
                  and (p == PHASE_ROLLOFF) == (s.first < 0)
                  and (p == PHASE_ROLLOFF or p == PHASE_ROLLING) == (s._pending > 0)
                  and (p != PHASE_ROLLOFF or s.contenders >> q & 1)
                  and (p != PHASE_OVER or s.leader >= 0)
                  and (p < PHASE_START or p == PHASE_OVER
                       or not (s.out_mask >> q & 1 or q == s.leader)))
            for i in range(6):  # once a roll starts, the empty slots are those to land
                ok = ok and (p < PHASE_ROLLING or (s.dice[i] == 0) == (s._pending >> i & 1))
            ok = ok and (p != PHASE_KEEP or s._keep_masks())
        if not ok:
            raise ValueError("not a valid skunkd state")
        s._sync()
        return s


class SkunkdState(State):
    """A SKUNK'D position (RULES.md 1); public attributes in the comment."""

    # phase: PHASE_*; dice: 6 faces by slot, 0 = not rolled; den_mask: slots
    # in the den this sequence (bit i: slot i); rolled_mask: slots of the
    # last roll (a keep takes only these); den: points at risk this turn;
    # last_keep_points: the latest keep's points this turn (0 at a turn
    # start); scores: the boards (points per seat); entered: seats on the
    # board (bit p: seat p); headband: seat wearing the Stinker headband or
    # -1; leader: overtime leader or -1; out_mask: seats out in overtime;
    # and_rolling: all six dice are in the den, ROLL is the only action;
    # mega_faces: bit f-1 for a Mega of face f in the den this sequence;
    # skunk_run: single-Skunk keeps this sequence, -1 once broken; busted:
    # the last roll was SKUNK'D (until the next ROLL); goal, entry: house
    # options in points (10,000 and 500 until picked); first: the first
    # player, -1 during the roll-off; contenders: seats in the roll-off
    # round (then the first player alone); rolloff: per seat, Skunks in
    # their last roll-off roll, -1 if none yet.

    def __init__(self, game):
        # type: (SkunkdGame) -> None
        super().__init__(game)
        n = game.num_players()
        for k in _FIELDS:
            setattr(self, k, 0)
        self.first = self.leader = self.headband = -1
        self._house = DEFAULT_HOUSE - HOUSE_BASE
        self.contenders = (1 << n) - 1
        self._pending = _ALL  # slots still to land in this roll
        self.dice = [0] * 6
        self.rolloff = [-1] * n
        self.scores = [0] * n
        self.den = self.last_keep_points = 0
        self._keeps = None  # the legal keeps, once asked (see _keep_masks)
        self._sync()

    def _sync(self):
        # type: () -> None
        # The attributes that follow from the others.
        self.busted = self.busted > 0
        self.goal = GOALS[self._house >> _ENTRY_SHIFT]
        self.entry = ENTRIES[self._house & _ENTRY_MASK]
        self.and_rolling = self.phase == PHASE_KEPT and self.den_mask == _ALL

    def current_player(self):
        # type: () -> int
        p = self.phase
        if p == PHASE_OVER:
            return TERMINAL
        return CHANCE if p == PHASE_ROLLOFF or p == PHASE_ROLLING else self._player

    def turn_player(self):
        # type: () -> int
        """The roll-off roller, the setter, then the player (also rolling)."""
        return self._player

    def winner(self):
        # type: () -> int
        return self.leader if self.phase == PHASE_OVER else -1

    def dice_left(self):
        # type: () -> int
        """Dice the next ROLL rolls (6 at a turn start and "...and rolling!")."""
        return 6 if self.phase == PHASE_START or self.and_rolling else 6 - _bits(self.den_mask)

    def _legal_actions(self):
        # type: () -> Sequence[int]
        p = self.phase
        if p == PHASE_KEEP:
            return self._keep_masks()
        if p == PHASE_HOUSE:
            return _HOUSE_ACTIONS
        if p == PHASE_KEPT and not self.and_rolling and (
                self.entered >> self._player & 1 or self.den >= self.entry):
            return _BANK_OR_ROLL  # entry: RULES.md 1 "Turn" 6
        return _ROLL_ONLY

    def _keep_masks(self):
        # type: () -> bytes
        # Every legal keep mask, ascending, one byte each (kept until the
        # next action; engine.State reads any sequence of ints). A keep short
        # of all the dice rolled is legal when each face in it scores alone
        # (key_value: the six-dice combinations need all six), so each face's
        # scoring counts are found once, the dice of a face that never scores
        # alone left out of the masks tried, and only the faces that score
        # at some counts (a Mega's three or more) counted in each mask:
        # about a tenth of the work of scoring every mask (issue 26).
        if self._keeps is None:
            r = self.rolled_mask
            slots = _SLOTS  # slot masks by face, then (slots, counts) pairs
            for f in range(7):
                slots[f] = 0
            for i in range(6):
                if r >> i & 1:
                    slots[self.dice[i]] |= 1 << i
            free = r  # the dice a keep short of all may hold
            n = 7
            for f in range(1, 7):
                s = slots[f]
                if s:
                    c = _bits(s)
                    ok = 1  # bit c: c dice of face f may be kept (none may)
                    for k in range(1, c + 1):
                        if face_value(f, k, False, self.mega_faces) >= 0:
                            ok |= 1 << k
                    if ok == 1:
                        free &= ~s
                    elif ok != (2 << c) - 1:  # some counts only: checked per mask
                        slots[n] = s
                        slots[n + 1] = ok
                        n += 2
            i = 0  # into a scratch made once, then bytes at their size: nothing
            m = 0  # grows in a heap that play may have cut up
            while True:
                m = (m - free) & free  # the next mask of those dice, ascending
                if not m or m == r:
                    break
                j = 7
                while j < n and slots[j + 1] >> _bits(m & slots[j]) & 1:
                    j += 2
                if j >= n:
                    _SCRATCH[i] = m
                    i += 1
            if key_value(count_key(self.dice, r), _bits(r), _bits(r), True,  # all of them
                         self.mega_faces) >= 0:
                _SCRATCH[i] = r
                i += 1
            self._keeps = bytes(memoryview(_SCRATCH)[:i])
        return self._keeps

    def chance_outcomes(self):
        # type: () -> tuple
        return _ONE_DIE if self.current_player() == CHANCE else ()

    def _apply_action(self, action):
        # type: (int) -> None
        self._keeps = None
        p = self.phase
        n = self._player
        if p == PHASE_ROLLOFF or p == PHASE_ROLLING:  # a die lands
            if self._pending == _ALL and not p:
                self.dice = [0] * 6  # the previous roller's dice leave the table
            self.dice[_bits((self._pending & -self._pending) - 1)] = action  # the lowest
            self._pending &= self._pending - 1
            if self._pending:
                pass
            elif not p:  # a roll-off roll is down (RULES.md 1 "Before play")
                c = self.contenders
                self.rolloff[n] = self.dice.count(1)
                self._pending = _ALL
                k = c >> n + 1 << n + 1  # the contenders after this one
                if not k:  # all have rolled: the most Skunks roll again, or go first
                    m = -1
                    for i in range(len(self.scores)):
                        if c >> i & 1 and self.rolloff[i] >= m:
                            k = (k if self.rolloff[i] == m else 0) | 1 << i
                            m = self.rolloff[i]
                    self.contenders = k
                self._player = _bits((k & -k) - 1)  # the next to roll
                if self.contenders == k and not k & k - 1:  # one seat alone: it is first
                    self.first = self._player
                    k = self.game.params["setter"]
                    self._player = k - 1 if k else self.first
                    self._pending = 0
                    self.phase = PHASE_HOUSE
            elif not self._keep_masks():  # SKUNK'D: RULES.md 1 "Turn" 2
                self.busted = True
                if self.rolled_mask == _ALL:
                    self.headband = n  # Super SKUNK'D
                self.den = 0
                self._end_turn()
            else:
                self.phase = PHASE_KEEP
        elif p == PHASE_HOUSE:
            self._house = action - HOUSE_BASE
            self.dice = [0] * 6
            self._player = self.first
            self.phase = PHASE_START
        elif action == ROLL:  # RULES.md 1 "Turn" 1, 4 and 5
            if p == PHASE_START or self.and_rolling:
                self.den_mask = self.mega_faces = self.skunk_run = 0  # a new sequence
            self.rolled_mask = self._pending = _ALL - self.den_mask
            for i in range(6):
                self.dice[i] *= self.den_mask >> i & 1
            self.busted = False
            self.phase = PHASE_ROLLING
        elif action == BANK:  # RULES.md 1 "Turn" 5
            self.scores[n] = min(self.scores[n] + self.den, _MAX)
            self.entered |= 1 << n
            self._end_turn()
        else:  # a keep: RULES.md 1 "Turn" 3, "Scoring combinations"
            points = keep_points(self, action)
            self.den = min(self.den + points, _MAX)
            self.last_keep_points = points
            single = _bits(action) == 1 == self.dice[_bits(action - 1)]  # one Skunk alone
            self.skunk_run = self.skunk_run + 1 if single and self.skunk_run >= 0 else -1
            key = count_key(self.dice, action)
            for i in range(6):
                if key >> 3 * i & 7 > 2:  # three or more of face i + 1: a Mega
                    self.mega_faces |= 1 << i
            self.den_mask |= action
            self.phase = PHASE_KEPT
        self._sync()

    def _end_turn(self):
        # type: () -> None
        # Overtime, then the next player (RULES.md 1 "End of game" and our
        # reading in the module docstring).
        p = self._player
        n = len(self.scores)
        k = self.leader
        if k < 0:
            if self.scores[p] >= self.goal:
                self.leader = p  # overtime starts
        elif self.scores[p] > self.scores[k]:
            self.leader = p
        else:
            self.out_mask |= 1 << p
        self.den = self.den_mask = self.mega_faces = self.skunk_run = self.last_keep_points = 0
        self.phase = PHASE_START
        for i in range(1, n + 1):
            k = (p + i) % n
            if self.leader < 0 or k != self.leader and not self.out_mask >> k & 1:
                self._player = k
                return
        self.phase = PHASE_OVER  # only the leader is still in

    def to_bytes(self):
        # type: () -> bytes
        """The position in ``29 + 5 * players`` bytes: the one-byte fields of
        _FIELDS (-1 as 255), the six dice, rolloff + 1 per seat, then den,
        last_keep_points and the boards in 4 bytes each (the table at
        :meth:`SkunkdGame.state_from_bytes`)."""
        out = bytearray()
        for k in _FIELDS:
            out.append(getattr(self, k) & 255)
        out.extend(bytes(self.dice))
        for k in self.rolloff:
            out.append(k + 1)
        for k in [self.den, self.last_keep_points] + self.scores:
            out.extend(k.to_bytes(_WORD, "little"))
        return bytes(out)

    def action_to_string(self, action):
        # type: (int) -> str
        """A face ("3"), "keep 1-5", "bank", "roll 5 dice", "goal 10000 entry 500"."""
        if self.current_player() == CHANCE or not 0 < action < HOUSE_BASE + _HOUSES:
            return str(action)
        if action > ROLL:
            h = action - HOUSE_BASE
            return "goal %d entry %d" % (GOALS[h >> _ENTRY_SHIFT], ENTRIES[h & _ENTRY_MASK])
        if action == ROLL:
            n = self.dice_left()
            return "roll %d dice" % n if n > 1 else "roll 1 die"
        if action == BANK:
            return "bank"
        text = "keep "
        for f in range(1, 7):  # the faces kept, in ascending order
            for i in range(6):
                if action >> i & 1 and self.dice[i] == f:
                    text += "%d-" % f
        return text[:-1]


# -- keep rules for the screen and the computer -------------------------------


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
    return key_value(count_key(faces, _ALL >> 6 - len(faces)), len(faces), rolled, completes,
                     mega_faces)


def legal_keeps(state):
    # type: (SkunkdState) -> list[Tuple[int, int]]
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
    if mask & ~state.rolled_mask or mask > _ALL:
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


def explain_bank(state, mask=0):
    # type: (SkunkdState, int) -> Optional[str]
    """None when BANK is legal now (or, with a keep ``mask``, right after
    that legal keep), else why not: "nothing to bank: roll" (no keep this
    turn yet), "...and rolling! Roll on" (all six dice scored: the turn
    rolls on), "need N to enter" (the entry, RULES.md 1)."""
    if mask:
        state = state.clone()
        state.apply_action(mask)
    if BANK in state.legal_actions():
        return None
    if state.phase != PHASE_KEPT:
        return "nothing to bank: roll"
    if state.and_rolling:
        return "...and rolling! Roll on"
    return "need %d to enter" % state.entry


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
    key += left << 3 * 6 - 3  # the dice left are 6s (count_key)
    for f in range(1, 7):  # some face scores without the other dice
        count = key >> 3 * f - 3 & 7
        if count and face_value(f, count, False, mega_faces) >= 0:
            return 0
    return 0 if key_value(key, size, size, True, mega_faces) >= 0 else ways
