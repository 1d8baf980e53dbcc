"""Skull & Dragon (docs/RULES.md section 3; sheet in docs/seeds/).

Two dice: skull (Skull = worth 0, 2..6) and dragon (1..5, Dragon = worth
7). A throw rolls the die the player picks, then accepts it or multiplies
by the other die (0..42). A turn's first throw sets the target, then the
player declares over or under; each further throw scores 1 turn point when
it meets the target (equal succeeds) and is the next target, or fails and
loses the turn's points. Four rounds, more while the lead is tied.

Seat actions: ROLL_SKULL 0, ROLL_DRAGON 1, ACCEPT 2, MULTIPLY 3, OVER 4,
UNDER 5, BOOK 6. Chance actions: the worth of ONE die, weight 1 each.
"""

from micropython import const

from rollbox.engine import CHANCE, TERMINAL, Game, State

try:
    from typing import Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass

# Readings where RULES.md 3 leaves a choice (comments cost no RAM):
# - BOOK only after a success: before the first success there is nothing to
#   book, so the attempt must be thrown (rule 3 offers the book after a
#   success only).
# - A throw may always ACCEPT or MULTIPLY, even when the first die already
#   decides the attempt; the target throw may accept a Skull (target 0).
# - Seat 0 begins every round; after the last seat's turn of round 4 (or a
#   later one) the game ends when one seat alone has the most points,
#   otherwise every seat plays one more round (ties below the lead do not
#   matter). The end needs no other score: 0-0 after four rounds is a tie.
# - A fail ends the turn at once (no book), the turn's points are lost; the
#   throw that ended a turn stays on show (result, dice, last_event) until the
#   next throw begins, while target, direction and turn_points reset.
# - Turn points, scores and the round saturate at 65535 (2-byte save fields).

# Actions of a seat.
ROLL_SKULL = const(0)  # start a throw with the skull die
ROLL_DRAGON = const(1)  # start a throw with the dragon die
ACCEPT = const(2)  # the first die's worth is the throw's result
MULTIPLY = const(3)  # roll the other die; the product is the result
OVER = const(4)  # declare "over" for the turn (also a ``direction`` value)
UNDER = const(5)  # declare "under" for the turn (also a ``direction`` value)
BOOK = const(6)  # turn points to the score, the turn ends

# The dice (``first_die``, index into ``dice`` and :data:`FACES`): the same
# numbers as the actions that roll them.
SKULL_DIE = const(0)
DRAGON_DIE = const(1)
SKULL = const(0)  # worth of the skull face
DRAGON = const(7)  # worth of the dragon face
ROUNDS = const(4)  # rounds before the tie-break rounds (RULES.md 3)

# Phases (``phase``): what the game waits for.
PICK_DIE = const(0)  # the seat picks the die to roll (ROLL_SKULL / ROLL_DRAGON)
FIRST_ROLL = const(1)  # chance: the first die of a throw
ACCEPT_OR_MULTIPLY = const(2)  # the seat: ACCEPT or MULTIPLY
SECOND_ROLL = const(3)  # chance: the other die (the throw multiplies)
DIRECTION = const(4)  # the seat declares OVER or UNDER (target just set)
AFTER_SUCCESS = const(5)  # the seat: BOOK, ROLL_SKULL or ROLL_DRAGON
GAME_OVER = const(6)

# What the last throw did (``last_event``).
NO_EVENT = const(0)  # no throw finished yet (or one is under way)
TARGET_SET = const(1)  # the turn's first throw: its result is the target
SUCCESS = const(2)  # an attempt succeeded: +1 turn point, result is the new target
FAIL = const(3)  # an attempt failed: the turn's points are lost, the turn ended

_SAVE_MAX = const(0xFFFF)  # 2-byte save fields saturate here
# Save layout (table at SkullDragonGame.state_from_bytes): byte offsets.
_ROUND_AT = const(11)  # the round, 2 bytes
_POINTS_AT = const(13)  # turn points, 2 bytes
_SCORES_AT = const(15)  # the scores, 2 bytes per seat

# Faces as worths, per die; chance outcomes and legal actions, built once.
FACES = ((SKULL, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, DRAGON))
_OUTCOMES = tuple(tuple((w, 1) for w in f) for f in FACES)  # per die
_SHOWN = tuple((-1,) + f for f in FACES)  # a die's field: -1 (not rolled) or a face
_LEGAL = ((ROLL_SKULL, ROLL_DRAGON), (), (ACCEPT, MULTIPLY), (), (OVER, UNDER),
          (ROLL_SKULL, ROLL_DRAGON, BOOK), ())  # per phase
_ACTION_NAMES = ("roll skull die", "roll dragon die", "accept", "multiply", "over", "under",
                 "book")


def succeeds(direction, target, result):
    # type: (int, int, int) -> bool
    """True when ``result`` meets ``target`` in ``direction`` (OVER: result
    >= target, UNDER: result <= target; equal always succeeds). RULES.md 3.2."""
    if direction == OVER:
        return result >= target
    return result <= target


def face_name(die, worth):
    # type: (int, int) -> str
    """A face as shown: "Skull" (skull die, worth 0), "Dragon" (dragon die,
    worth 7), else the worth as digits."""
    if die == SKULL_DIE and worth == SKULL:
        return "Skull"
    if die == DRAGON_DIE and worth == DRAGON:
        return "Dragon"
    return str(worth)


def is_result(value):
    # type: (int) -> bool
    """True for a value a throw can give: a face's worth or a product of one
    skull and one dragon face (0..42)."""
    for s in FACES[SKULL_DIE]:
        if s == value:
            return True
        for d in FACES[DRAGON_DIE]:
            if d == value or s * d == value:
                return True
    return False


class SkullDragonGame(Game):
    """Parameters: ``players`` (2..8, default 2; RULES.md 3: two or more).

    :raises ValueError: a parameter out of range (see ``Game``).
    """

    NAME = "skull_dragon"
    PARAMS = (("players", 2, 2, 8),)

    def title(self):
        # type: () -> str
        return "Skull & Dragon"

    def new_initial_state(self):
        # type: () -> SkullDragonState
        return SkullDragonState(self)

    def state_from_bytes(self, data):
        # type: (bytes) -> SkullDragonState
        """The state of :meth:`SkullDragonState.to_bytes`: ``15 + 2 *
        players`` bytes, integers little-endian. A field that may be -1 is
        saved plus 1 (0: -1).

        ===========  ====  ==========================================  ================
        offset       size  meaning                                     range
        ===========  ====  ==========================================  ================
        0            1     phase, PICK_DIE .. GAME_OVER                0..6
        1            1     seat whose turn it is                       0..players-1
        2            1     winner + 1 (0: no winner yet)               0..players
        3            1     direction: 0 (not declared), OVER, UNDER    0, 4, 5
        4            1     first_die + 1 (0: no throw)                 0..2
        5            1     first_value + 1 (0: not rolled)             0..8
        6            1     skull die's worth + 1 (0: not rolled)       0..7
        7            1     dragon die's worth + 1 (0: not rolled)      0..8
        8            1     last_event, NO_EVENT .. FAIL                0..3
        9            1     target + 1 (0: no target yet)               0..43
        10           1     result + 1 (0: the throw is not over)       0..43
        11           2     round, 0-based                              0..65535
        13           2     turn points                                 0..65535
        15 + 2 * i   2     seat i's score, points                      0..65535
        ===========  ====  ==========================================  ================

        :raises ValueError: wrong length, a field out of range, or fields
            that no play can reach together (e.g. a target without a throw).
        """
        n = self.num_players()
        if len(data) != _SCORES_AT + 2 * n:
            raise ValueError("a %s state is %d bytes, not %d" % (self.NAME, _SCORES_AT + 2 * n,
                                                                 len(data)))
        s = SkullDragonState(self)
        s.phase, s._player, s._winner = data[0], data[1], data[2] - 1
        s.direction, s.first_die, s.first_value = data[3], data[4] - 1, data[5] - 1
        s.dice[SKULL_DIE], s.dice[DRAGON_DIE] = data[6] - 1, data[7] - 1
        s.last_event, s.target, s.result = data[8], data[9] - 1, data[10] - 1
        s.round = data[_ROUND_AT] | data[_ROUND_AT + 1] << 8
        s.turn_points = data[_POINTS_AT] | data[_POINTS_AT + 1] << 8
        s.scores = [data[_SCORES_AT + 2 * i] | data[_SCORES_AT + 1 + 2 * i] << 8
                    for i in range(n)]
        if not _valid(s, n):
            raise ValueError("not a valid %s state" % self.NAME)
        return s


def _valid(s, n):
    # type: (SkullDragonState, int) -> bool
    """Every field in range, and the fields fit each other and the phase as
    play leaves them (RULES.md 3)."""
    phase, die, first, result, event, target = (s.phase, s.first_die, s.first_value, s.result,
                                                s.last_event, s.target)
    declared = s.direction != 0
    if not (phase <= GAME_OVER and s._player < n and -1 <= s._winner < n and event <= FAIL
            and (phase == GAME_OVER) == (s._winner >= 0) and s.direction in (0, OVER, UNDER)
            and -1 <= die <= 1 and s.dice[SKULL_DIE] in _SHOWN[SKULL_DIE]
            and s.dice[DRAGON_DIE] in _SHOWN[DRAGON_DIE]
            and (target < 0 or is_result(target))):
        return False
    # The throw: the first die shows first_value; once the other die shows,
    # the result is the product; a finished throw has an event.
    other = s.dice[1 - die] if die >= 0 else max(s.dice)
    if not (first == (s.dice[die] if die >= 0 else -1) and (first >= 0 or other < 0)
            and (event == NO_EVENT) == (result < 0) and (other < 0 or result >= 0)
            and (result < 0 or result == (first * other if other >= 0 else first))
            # The turn: a target waits for the direction; points need one.
            and (target >= 0 and not declared) == (phase == DIRECTION)
            and (target >= 0 or not declared) and (declared or s.turn_points == 0)):
        return False
    if FIRST_ROLL <= phase <= SECOND_ROLL:
        return die >= 0 and (first < 0) == (phase == FIRST_ROLL) and result < 0
    if target >= 0:  # DIRECTION, AFTER_SUCCESS, or PICK_DIE after the declaration
        return (phase != GAME_OVER and target == result
                and event == (SUCCESS if phase == AFTER_SUCCESS else TARGET_SET)
                and (s.turn_points > 0) == (phase == AFTER_SUCCESS))
    # A turn's start (PICK_DIE) or the end: the last throw, if any, ended a turn.
    if phase == AFTER_SUCCESS or event == TARGET_SET or (die >= 0 and result < 0):
        return False
    best = max(s.scores)  # GAME_OVER: after the last seat of round 4 or later, one leader
    return phase == PICK_DIE or (s.round >= ROUNDS - 1 and s._player == n - 1 and event > NO_EVENT
                                 and s.scores[s._winner] == best and s.scores.count(best) == 1)


class SkullDragonState(State):
    """A Skull & Dragon position; the screen reads (never sets):

    - ``scores``: booked points per seat; ``round``: 0-based (4 on are
      tie-break rounds; at the end, the last one played); ``phase``:
      PICK_DIE .. GAME_OVER (what the game waits for).
    - The turn (reset when it ends): ``target`` (-1 before the first throw
      ends), ``direction`` (0, OVER, UNDER), ``turn_points`` (at risk).
    - The throw (reset when one begins, kept after, so the throw that ended
      a turn stays on show): ``first_die`` (SKULL_DIE, DRAGON_DIE, -1),
      ``first_value`` (-1 not rolled), ``dice`` ([skull, dragon] worths, -1
      not rolled), ``result`` (-1 until it ends), ``last_event`` (NO_EVENT,
      TARGET_SET, SUCCESS, FAIL).
    """

    def __init__(self, game):
        # type: (SkullDragonGame) -> None
        super().__init__(game)
        self.game = game  # type: SkullDragonGame
        self.phase = PICK_DIE
        self._player = 0
        self._winner = -1
        self.round = 0
        self.scores = [0] * game.num_players()
        self.target = -1
        self.direction = 0
        self.turn_points = 0
        self.first_die = -1
        self.first_value = -1
        self.dice = [-1, -1]  # type: list[int]
        self.result = -1
        self.last_event = NO_EVENT

    def current_player(self):
        # type: () -> int
        if self.phase == GAME_OVER:
            return TERMINAL
        if self.phase == FIRST_ROLL or self.phase == SECOND_ROLL:
            return CHANCE
        return self._player

    def turn_player(self):
        # type: () -> int
        """Seat whose turn it is (also while a die is rolling); at the end,
        the seat that played the last turn."""
        return self._player

    def rolling_die(self):
        # type: () -> int
        """At a chance node the die being rolled (SKULL_DIE / DRAGON_DIE), else -1."""
        if self.phase == FIRST_ROLL:
            return self.first_die
        if self.phase == SECOND_ROLL:
            return 1 - self.first_die
        return -1

    def winner(self):
        # type: () -> int
        return self._winner

    def _legal_actions(self):
        # type: () -> Tuple[int, ...]
        return _LEGAL[self.phase]

    def chance_outcomes(self):
        # type: () -> Tuple[Tuple[int, int], ...]
        die = self.rolling_die()
        return _OUTCOMES[die] if die >= 0 else ()

    def _apply_action(self, action):
        # type: (int) -> None
        phase = self.phase
        if phase == FIRST_ROLL:
            self.first_value = action
            self.dice[self.first_die] = action
            self.phase = ACCEPT_OR_MULTIPLY
        elif phase == SECOND_ROLL:
            self.dice[1 - self.first_die] = action
            self._end_throw(self.first_value * action)
        elif action == ROLL_SKULL or action == ROLL_DRAGON:
            self.first_die = action
            self.first_value = -1
            self.dice[SKULL_DIE] = self.dice[DRAGON_DIE] = -1
            self.result = -1
            self.last_event = NO_EVENT
            self.phase = FIRST_ROLL
        elif action == ACCEPT:
            self._end_throw(self.first_value)
        elif action == MULTIPLY:
            self.phase = SECOND_ROLL
        elif action == BOOK:
            p = self._player
            self.scores[p] = min(self.scores[p] + self.turn_points, _SAVE_MAX)
            self._end_turn()
        else:  # OVER / UNDER
            self.direction = action
            self.phase = PICK_DIE

    def _end_throw(self, result):
        # type: (int) -> None
        """A throw's result: the target, a success or a fail (RULES.md 3.1-3.3)."""
        self.result = result
        if self.target < 0:
            self.target = result
            self.last_event = TARGET_SET
            self.phase = DIRECTION
        elif succeeds(self.direction, self.target, result):
            self.target = result
            self.turn_points = min(self.turn_points + 1, _SAVE_MAX)
            self.last_event = SUCCESS
            self.phase = AFTER_SUCCESS
        else:
            self.last_event = FAIL
            self._end_turn()

    def _end_turn(self):
        # type: () -> None
        """Next seat; after the last seat's turn of round 4 or later the game
        ends unless the lead is tied (RULES.md 3: another round)."""
        self.target = -1
        self.direction = 0
        self.turn_points = 0
        self.phase = PICK_DIE
        n = self.game.num_players()
        if self._player < n - 1:
            self._player += 1
            return
        if self.round >= ROUNDS - 1:
            best = max(self.scores)
            if self.scores.count(best) == 1:
                self._winner = self.scores.index(best)
                self.phase = GAME_OVER
                return
        self._player = 0
        self.round = min(self.round + 1, _SAVE_MAX)

    def to_bytes(self):
        # type: () -> bytes
        """The position in ``15 + 2 * players`` bytes: phase, seat, winner +
        1, the turn and the throw (-1 saved as 0), round, turn points, the
        scores (the table at :meth:`SkullDragonGame.state_from_bytes`)."""
        out = bytearray((self.phase, self._player, self._winner + 1, self.direction,
                         self.first_die + 1, self.first_value + 1, self.dice[SKULL_DIE] + 1,
                         self.dice[DRAGON_DIE] + 1, self.last_event, self.target + 1,
                         self.result + 1, self.round & 0xFF, self.round >> 8,
                         self.turn_points & 0xFF, self.turn_points >> 8))
        for score in self.scores:
            out.append(score & 0xFF)
            out.append(score >> 8)
        return bytes(out)

    def action_to_string(self, action):
        # type: (int) -> str
        """Chance: the face ("Skull", "Dragon" or the worth). Seat: "roll
        skull die", "roll dragon die", "accept 4", "multiply", "over",
        "under", "book 3"."""
        die = self.rolling_die()
        if die >= 0:
            return face_name(die, action)
        if action == ACCEPT and self.first_value >= 0:
            return "accept %d" % self.first_value
        if action == BOOK:
            return "book %d" % self.turn_points
        if 0 <= action < len(_ACTION_NAMES):
            return _ACTION_NAMES[action]
        return str(action)
