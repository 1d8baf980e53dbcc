"""The Pig family: Pig, Two-Dice Pig and Big Pig, with the "6 is bad" option.

Rules exactly as docs/RULES.md section 2 reads the sheet in
``docs/seeds/pig_family_rules.txt``: a turn is rolls until the player holds or a
bad face ends it; a hold that brings the score to the goal or more wins.

Actions of a seat: :data:`ROLL` (0) and :data:`HOLD` (1; legal once the turn
total is above 0). Chance actions are the dice: the face 1..6 for one die,
``10 * first + second`` (11..66, ordered, each weight 1) for two dice.
"""

from micropython import const

from games import is_bad
from rollbox.engine import CHANCE, TERMINAL, Game, State

try:
    from typing import Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass

ROLL = const(0)
HOLD = const(1)

# Variants (the ``variant`` parameter); names as RULES.md section 2's table.
PIG = const(0)
TWO_DICE = const(1)
BIG_PIG = const(2)
VARIANT_NAMES = ("Pig", "Two-Dice Pig", "Big Pig")

# What a roll does (first item of :func:`score_roll`).
ADD = const(0)  # add the points to the turn total, the turn goes on
BUST = const(1)  # turn total lost, turn ends
WIPE = const(2)  # whole score lost, turn ends

_ROLL_ONLY = (ROLL,)
_ROLL_OR_HOLD = (ROLL, HOLD)
# Chance outcomes, built once: a roll allocates nothing.
_FIRST = const(10)  # a two-dice outcome is _FIRST * first face + second face
_ONE_DIE = tuple((f, 1) for f in range(1, 7))
_TWO_DICE = tuple((_FIRST * a + b, 1) for a in range(1, 7) for b in range(1, 7))

_DECIDE = const(0)
_ROLLING = const(1)
_OVER = const(2)

# Save layout (table at PigGame.state_from_bytes): byte offsets.
_TOTAL_AT = const(5)  # the turn total, 2 bytes
_SCORES_AT = const(7)  # the scores, 2 bytes per seat


def score_roll(variant, six_bad, faces):
    # type: (int, int, Tuple[int, ...]) -> Tuple[int, int]
    """What one roll does: ``(ADD, points)``, ``(BUST, 0)`` or ``(WIPE, 0)``.

    ``faces`` holds one face (Pig) or two (Two-Dice Pig, Big Pig), each 1..6.
    Bad faces are 1, and 6 too when ``six_bad`` (a 6 counts exactly as a 1,
    also in doubles). Source: RULES.md section 2, table and examples
    (Big Pig: 3-3 adds 12, 1-1 adds 25; Two-Dice Pig: 1-1 loses the score).
    """
    bad = 0
    for f in faces:
        if is_bad(six_bad, f):
            bad += 1
    if bad == 0:
        total = sum(faces)
        if variant == BIG_PIG and faces[0] == faces[1]:
            total *= 2
        return ADD, total
    if bad == 1:
        return BUST, 0
    if variant == BIG_PIG:
        return ADD, 25
    return WIPE, 0


class PigGame(Game):
    """Parameters: ``variant`` (PIG, TWO_DICE, BIG_PIG), ``six_bad`` (0/1),
    ``players`` (2..8), ``goal`` (points, 10..1000; RULES.md: 100 unless the
    players change it).

    :raises ValueError: a parameter out of range (see ``Game``).
    """

    NAME = "pig"
    PARAMS = (
        ("variant", PIG, PIG, BIG_PIG),
        ("six_bad", 0, 0, 1),
        ("players", 2, 2, 8),
        ("goal", 100, 10, 1000),
    )

    def dice(self):
        # type: () -> int
        """Dice rolled at once: 1 for Pig, 2 for the two-dice games."""
        return 1 if self.params["variant"] == PIG else 2

    def title(self):
        # type: () -> str
        name = VARIANT_NAMES[self.params["variant"]]
        return name + " (6 bad)" if self.params["six_bad"] else name

    def new_initial_state(self):
        # type: () -> PigState
        return PigState(self)

    def state_from_bytes(self, data):
        # type: (bytes) -> PigState
        """The state of :meth:`PigState.to_bytes`: ``7 + 2 * players`` bytes,
        integers little-endian.

        ==========  ====  ======================================  =============
        offset      size  meaning                                 range
        ==========  ====  ======================================  =============
        0           1     phase: deciding, rolling, over          0..2
        1           1     seat whose turn it is                   0..players-1
        2           1     winner + 1 (0: no winner yet)           0..players
        3           1     die 1 of the last roll (0: none yet)    0..6
        4           1     die 2 (Pig: 0, not read)                0..6
        5           2     turn total, points                      0..65535
        7 + 2 * i   2     seat i's score, points                  below goal
        ==========  ====  ======================================  =============

        Only the winner's score may reach the goal; a winner exactly when the
        phase is over.

        :raises ValueError: wrong length or a field out of range.
        """
        n = self.num_players()
        if len(data) != _SCORES_AT + 2 * n:
            raise ValueError("a %s state is %d bytes, not %d" % (self.NAME, _SCORES_AT + 2 * n,
                                                                 len(data)))
        s = PigState(self)
        s._phase, s._player, winner, d1, d2 = data[0], data[1], data[2], data[3], data[4]
        s._winner = winner - 1
        s.turn_total = data[_TOTAL_AT] | data[_TOTAL_AT + 1] << 8
        s.scores = [data[_SCORES_AT + 2 * i] | data[_SCORES_AT + 1 + 2 * i] << 8
                    for i in range(n)]
        s.dice = (d1,) if self.dice() == 1 else (d1, d2)
        goal = self.params["goal"]
        if (s._phase > _OVER or s._player >= n or not -1 <= s._winner < n
                or (s._phase == _OVER) != (s._winner >= 0)
                or any(not 0 <= d <= 6 for d in s.dice)
                or any(x >= goal for i, x in enumerate(s.scores) if i != s._winner)):
            raise ValueError("not a valid %s state" % self.NAME)
        return s


class PigState(State):
    """A Pig-family position: ``scores`` (points per seat), ``turn_total``
    (points this turn), ``dice`` (faces of the last roll, 0 before any)."""

    def __init__(self, game):
        # type: (PigGame) -> None
        super().__init__(game)
        self.game = game  # type: PigGame
        self._phase = _DECIDE
        self._player = 0
        self._winner = -1
        self.turn_total = 0
        self.scores = [0] * game.num_players()
        self.dice = (0,) * game.dice()  # type: Tuple[int, ...]

    def current_player(self):
        # type: () -> int
        if self._phase == _OVER:
            return TERMINAL
        if self._phase == _ROLLING:
            return CHANCE
        return self._player

    def turn_player(self):
        # type: () -> int
        """Seat whose turn it is (also while the dice are rolling)."""
        return self._player

    def winner(self):
        # type: () -> int
        return self._winner

    def _legal_actions(self):
        # type: () -> Tuple[int, ...]
        return _ROLL_OR_HOLD if self.turn_total > 0 else _ROLL_ONLY

    def chance_outcomes(self):
        # type: () -> Tuple[Tuple[int, int], ...]
        if self._phase != _ROLLING:
            return ()
        return _ONE_DIE if self.game.dice() == 1 else _TWO_DICE

    def _apply_action(self, action):
        # type: (int) -> None
        if self._phase == _ROLLING:
            self._apply_roll(action)
        elif action == ROLL:
            self._phase = _ROLLING
        else:
            self.scores[self._player] += self.turn_total
            if self.scores[self._player] >= self.game.params["goal"]:
                self._winner = self._player
                self._phase = _OVER
                self.turn_total = 0
                return
            self._end_turn()

    def _apply_roll(self, action):
        # type: (int) -> None
        self.dice = (action,) if action < _FIRST else (action // _FIRST, action % _FIRST)
        p = self.game.params
        kind, points = score_roll(p["variant"], p["six_bad"], self.dice)
        self._phase = _DECIDE
        if kind == ADD:
            # Saturate at the 2-byte save field; any goal (<= 1000) is far below.
            self.turn_total = min(self.turn_total + points, 0xFFFF)
            return
        if kind == WIPE:
            self.scores[self._player] = 0
        self._end_turn()

    def _end_turn(self):
        # type: () -> None
        self.turn_total = 0
        self._player = (self._player + 1) % self.game.num_players()

    def to_bytes(self):
        # type: () -> bytes
        """The position in ``7 + 2 * players`` bytes: phase, seat, winner + 1,
        the two dice, the turn total, the scores (the table at
        :meth:`PigGame.state_from_bytes`)."""
        d = self.dice
        out = bytearray((self._phase, self._player, self._winner + 1, d[0],
                         d[1] if len(d) > 1 else 0, self.turn_total & 0xFF, self.turn_total >> 8))
        for score in self.scores:
            out.append(score & 0xFF)
            out.append(score >> 8)
        return bytes(out)

    def action_to_string(self, action):
        # type: (int) -> str
        if self._phase == _ROLLING:
            return "-".join(str(f) for f in ((action,) if action < _FIRST
                                             else divmod(action, _FIRST)))
        return "roll" if action == ROLL else "hold"
