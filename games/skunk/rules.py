"""SKUNK, the group game on two dice: five rounds scored in columns S, K, U, N, K.

Rules exactly as docs/RULES.md section 2 ("SKUNK") reads the sheet in
``docs/seeds/pig_family_rules.txt``. In a round every seat starts standing;
two dice are rolled over and over. A roll with no 1 adds its sum to the one
round total that every standing seat shares. Between rolls any standing seat
may sit down, which fixes its round score at the round total. A roll with
one 1 ends the round and every standing seat scores 0 for it; two 1s end the
round, every standing seat scores 0 for it and loses its whole game total.
The round also ends, without another roll, when everyone has sat. After five
rounds the highest total wins; equal totals share the win.

Model (the table acts between rolls): at a decision node
:meth:`SkunkState.current_player` is the round's **shooter**, seat
``round % players``, who rolls the dice for the table, also after sitting
down. Its legal actions are :data:`ROLL` (0) and ``SIT_BASE + seat``
(:data:`SIT_BASE` = 1) for every standing seat, the shooter's own included:
the device asks each standing seat (human or computer) before the shooter
rolls. Sitting is possible at every decision node, the first of a round too
(a sit at round total 0 scores 0 for the round but is safe from a double
1). Chance is one die per node, two nodes per roll: the action is the face
1..6, each of weight 1.

Readings of this project (RULES.md decides): "lose their whole game total"
sets the seat's earlier columns to 0 on the pad (:attr:`SkunkState.wiped`
records which of them held points); a round total saturates at
:data:`MAX_TOTAL` points (the 2-byte save field; it would take thousands of
rolls without a 1).
"""

from micropython import const

from rollbox.engine import CHANCE, TERMINAL, Game, State

try:
    from typing import Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass

ROLL = const(0)
SIT_BASE = const(1)  # SIT_BASE + seat: that seat sits down

ROUNDS = const(5)
COLUMNS = "SKUNK"  # the pad's column letters, COLUMNS[round]
UNPLAYED = const(-1)  # a pad entry of a round not yet scored for that seat
MAX_TOTAL = const(0xFFFE)  # a round total saturates here (0xFFFF is UNPLAYED saved)

# What happened last (SkunkState.last_event); the last three end a round.
NO_ROLL = const(0)  # nothing yet this game
ADDED = const(1)  # a roll with no 1 added its sum to the round total
SKUNK = const(2)  # one 1: round over, standing seats score 0
DOUBLE_SKUNK = const(3)  # two 1s: round over, standing seats score 0 and are wiped
ALL_SAT = const(4)  # the last standing seat sat: round over without a roll

# Chance outcomes, built once: a roll allocates nothing.
_ONE_DIE = tuple((f, 1) for f in range(1, 7))

_DECIDE = const(0)
_DIE1 = const(1)  # waiting for the first die of a roll
_DIE2 = const(2)  # waiting for the second die
_OVER = const(3)

# Save layout (table at SkunkGame.state_from_bytes): byte offsets, sizes.
_TOTAL_AT = const(6)  # the round total, 2 bytes
_HEAD = const(8)  # bytes before the seats
_SEAT_SIZE = const(1 + 2 * ROUNDS)  # per seat: wiped mask, five pad entries
_SAVED_UNPLAYED = const(0xFFFF)  # a pad entry's UNPLAYED as saved


def score_roll(first, second):
    # type: (int, int) -> Tuple[int, int]
    """What a roll of two faces (1..6 each) does: ``(ADDED, sum)``,
    ``(SKUNK, 0)`` (one 1) or ``(DOUBLE_SKUNK, 0)`` (two 1s). Source:
    RULES.md section 2, SKUNK."""
    ones = (first == 1) + (second == 1)
    if ones == 0:
        return ADDED, first + second
    return (SKUNK if ones == 1 else DOUBLE_SKUNK), 0


class SkunkGame(Game):
    """Parameter: ``players`` (seats, 2..8, default 4).

    :raises ValueError: a parameter out of range (see ``Game``).
    """

    NAME = "skunk"
    PARAMS = (("players", 4, 2, 8),)

    def title(self):
        # type: () -> str
        return "SKUNK"

    def new_initial_state(self):
        # type: () -> SkunkState
        return SkunkState(self)

    def state_from_bytes(self, data):
        # type: (bytes) -> SkunkState
        """The state of :meth:`SkunkState.to_bytes`: ``8 + 11 * players``
        bytes, integers little-endian.

        ======================  ====  ==============================  ==============
        offset                  size  meaning                         range
        ======================  ====  ==============================  ==============
        0                       1     phase: deciding, die 1, die 2,  0..3
                                      over
        1                       1     round (ROUNDS once over)        0..5
        2                       1     standing, bit i: seat i         0..2**players-1
        3                       1     die 1 (0: not landed)           0..6
        4                       1     die 2 (0: not landed)           0..6
        5                       1     last_event                      NO_ROLL..ALL_SAT
        6                       2     round total, points             0..MAX_TOTAL
        8 + 11 * i              1     seat i's wiped mask, bit r:     0..31
                                      column r
        8 + 11 * i + 1 + 2 * r  2     seat i's column r, points;      0..MAX_TOTAL,
                                      UNPLAYED saved as 0xFFFF        0xFFFF
        ======================  ====  ==============================  ==============

        :raises ValueError: wrong length, a field out of range, or fields
            that no game can reach together.
        """
        n = self.num_players()
        size = _HEAD + _SEAT_SIZE * n
        if len(data) != size:
            raise ValueError("a %s state is %d bytes, not %d" % (self.NAME, size, len(data)))
        s = SkunkState(self)
        s._phase, s.round, s.standing = data[0], data[1], data[2]
        s.dice[0], s.dice[1], s.last_event = data[3], data[4], data[5]
        s.round_total = data[_TOTAL_AT] | data[_TOTAL_AT + 1] << 8
        for i in range(n):
            base = _HEAD + _SEAT_SIZE * i
            s.wiped[i] = data[base]
            row = s.pad[i]
            total = 0
            for r in range(ROUNDS):
                v = data[base + 1 + 2 * r] | data[base + 2 + 2 * r] << 8
                if v != _SAVED_UNPLAYED:
                    row[r] = v
                    total += v
            s.scores[i] = total
        if not _valid(s, n):
            raise ValueError("not a valid %s state" % self.NAME)
        return s


def _valid(s, n):
    # type: (SkunkState, int) -> bool
    """Every field in range and consistent with the others."""
    over = s._phase == _OVER
    d1, d2 = s.dice
    if (s._phase > _OVER or s.round > ROUNDS or over != (s.round == ROUNDS)
            or s.standing >> n or (s.standing == 0) != over
            or s.last_event > ALL_SAT or s.round_total > MAX_TOTAL
            or d1 > 6 or d2 > 6 or (s.last_event == NO_ROLL and s.round != 0)):
        return False
    if over and (s.round_total or s.last_event < SKUNK):
        return False
    if not over and (s.round_total > 0) != (s.last_event == ADDED):
        return False
    if s._phase == _DIE1 and (d1 or d2):
        return False
    if s._phase == _DIE2 and (not d1 or d2):
        return False
    if s._phase in (_DECIDE, _OVER) and (d1 == 0) != (d2 == 0):
        return False
    if s._phase == _DECIDE and s.last_event == NO_ROLL and d1:
        return False
    for i in range(n):
        row = s.pad[i]
        if s.wiped[i] >> max(s.round - 1, 0):  # a wipe hits columns before its round
            return False
        for r in range(ROUNDS):
            v = row[r]
            if r < s.round:
                played = True
            elif r > s.round:
                played = False
            else:  # this round: scored once the seat sat
                played = not s.standing >> i & 1
                if played and v > s.round_total:
                    return False
            if (v != UNPLAYED) != played:
                return False
            if s.wiped[i] >> r & 1 and v != 0:
                return False
    return True


class SkunkState(State):
    """A SKUNK position. Public attributes (read them, never change them):

    - ``round``: 0..4 the round being played (its column ``COLUMNS[round]``),
      5 once the game is over.
    - ``round_total``: points the standing seats share this round (0..MAX_TOTAL).
    - ``standing``: bitmask of the seats still standing (bit ``seat``); 0
      once the game is over.
    - ``dice``: ``[first, second]`` faces 1..6 of the last roll; 0 for a die
      of the roll under way that has not landed yet (and before any roll).
      Kept after a roll that ends a round, until the next roll starts.
    - ``last_event``: what the last roll did, :data:`ADDED`, :data:`SKUNK`
      or :data:`DOUBLE_SKUNK`; :data:`ALL_SAT` when the last sit ended the
      round; :data:`NO_ROLL` before anything happened. A sit that does not
      end the round leaves it unchanged.
    - ``pad``: per seat a list of five column scores (points), UNPLAYED (-1)
      for a round not yet scored for that seat (a seat that sat has its
      score of the current round entered at once).
    - ``wiped``: per seat a 5-bit mask of the columns that held points and
      were set to 0 by a double 1 (bit ``r`` for column ``r``).
    - ``scores``: per seat the game total (points), the sum of its scored
      columns: what the scoreboard shows.
    """

    def __init__(self, game):
        # type: (SkunkGame) -> None
        super().__init__(game)
        self.game = game  # type: SkunkGame
        n = game.num_players()
        self._phase = _DECIDE
        self.round = 0
        self.round_total = 0
        self.standing = (1 << n) - 1
        self.dice = [0, 0]
        self.last_event = NO_ROLL
        self.pad = [[UNPLAYED] * ROUNDS for _ in range(n)]
        self.wiped = [0] * n
        self.scores = [0] * n
        self._legal = (ROLL,)  # type: Tuple[int, ...]
        self._legal_mask = -1  # standing mask self._legal was built for

    def current_player(self):
        # type: () -> int
        if self._phase == _OVER:
            return TERMINAL
        if self._phase != _DECIDE:
            return CHANCE
        return self.round % self.game.num_players()

    def turn_player(self):
        # type: () -> int
        """The shooter: seat ``round % players`` (also while the dice roll;
        the last round's shooter once the game is over)."""
        return min(self.round, ROUNDS - 1) % self.game.num_players()

    def is_standing(self, seat):
        # type: (int) -> bool
        """True while ``seat`` is standing in the current round."""
        return bool(self.standing >> seat & 1)

    def winners(self):
        # type: () -> list[int]
        """Seats with the highest total once the game is over (all of them
        share the win); empty before."""
        if self._phase != _OVER:
            return []
        best = max(self.scores)
        return [i for i, x in enumerate(self.scores) if x == best]

    def winner(self):
        # type: () -> int
        """The seat that won alone; -1 before the end and for a shared win."""
        won = self.winners()
        return won[0] if len(won) == 1 else -1

    def _legal_actions(self):
        # type: () -> Tuple[int, ...]
        # Rebuilt only when the standing seats change (a sit, a new round).
        if self._legal_mask != self.standing:
            acts = [ROLL]
            for seat in range(self.game.num_players()):
                if self.standing >> seat & 1:
                    acts.append(SIT_BASE + seat)
            self._legal = tuple(acts)
            self._legal_mask = self.standing
        return self._legal

    def chance_outcomes(self):
        # type: () -> Tuple[Tuple[int, int], ...]
        if self._phase == _DIE1 or self._phase == _DIE2:
            return _ONE_DIE
        return ()

    def _apply_action(self, action):
        # type: (int) -> None
        if self._phase == _DIE1:
            self.dice[0] = action
            self._phase = _DIE2
        elif self._phase == _DIE2:
            self.dice[1] = action
            self._apply_roll()
        elif action == ROLL:
            self.dice[0] = self.dice[1] = 0
            self._phase = _DIE1
        else:
            seat = action - SIT_BASE
            self.pad[seat][self.round] = self.round_total
            self.scores[seat] += self.round_total
            self.standing &= ~(1 << seat)
            if not self.standing:
                self._end_round(ALL_SAT)

    def _apply_roll(self):
        # type: () -> None
        event, points = score_roll(self.dice[0], self.dice[1])
        if event == ADDED:
            self._phase = _DECIDE
            self.last_event = ADDED
            self.round_total = min(self.round_total + points, MAX_TOTAL)
            return
        r = self.round
        for seat in range(self.game.num_players()):
            if not self.standing >> seat & 1:
                continue
            row = self.pad[seat]
            row[r] = 0
            if event == DOUBLE_SKUNK:
                for c in range(r):
                    if row[c] > 0:
                        self.wiped[seat] |= 1 << c
                        row[c] = 0
                self.scores[seat] = 0
        self._end_round(event)

    def _end_round(self, event):
        # type: (int) -> None
        self.last_event = event
        self.round_total = 0
        self.round += 1
        if self.round == ROUNDS:
            self._phase = _OVER
            self.standing = 0
        else:
            self._phase = _DECIDE
            self.standing = (1 << self.game.num_players()) - 1

    def to_bytes(self):
        # type: () -> bytes
        """The position in ``8 + 11 * players`` bytes: phase, round, standing,
        the two dice, last_event, the round total, then per seat its wiped
        mask and pad (the table at :meth:`SkunkGame.state_from_bytes`)."""
        out = bytearray((self._phase, self.round, self.standing, self.dice[0], self.dice[1],
                         self.last_event, self.round_total & 0xFF, self.round_total >> 8))
        for i, row in enumerate(self.pad):
            out.append(self.wiped[i])
            for v in row:
                v = _SAVED_UNPLAYED if v == UNPLAYED else v
                out.append(v & 0xFF)
                out.append(v >> 8)
        return bytes(out)

    def action_to_string(self, action):
        # type: (int) -> str
        if self._phase == _DIE1:
            return str(action)
        if self._phase == _DIE2:  # the whole roll: "4-5"
            return "%d-%d" % (self.dice[0], action)
        return "roll" if action == ROLL else "sit P%d" % (action - SIT_BASE + 1)
