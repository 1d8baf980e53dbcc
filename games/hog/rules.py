"""Hog: the Pig family's one-roll game, with the "6 is bad" option.

Rules exactly as docs/RULES.md section 2 reads the sheet in
``docs/seeds/pig_family_rules.txt`` (the family table's last row): on a turn
the roller chooses how many dice to roll (1 to :data:`MAX_DICE`; "Hog needs
at least 1 die; the device must allow at least 20") and rolls them once. If
any die shows a bad face (1, and 6 too with "6 is bad", see
:func:`games.is_bad`) the turn scores 0, otherwise the sum of the faces
is added to the roller's score; the turn ends either way. "A player wins when
a hold brings their score to the goal or more": in Hog the roll is the hold,
so a roll that brings the score to the goal wins at once.

Actions of a seat: ``n`` = 1..:data:`MAX_DICE`, "roll n dice". Chance
actions are the faces 1..6, one die per chance node: a roll of ``n`` dice is
``n`` chance nodes in a row, and every die lands (the screen shows them all)
even after a bad face has decided the turn.
"""

from micropython import const

from games import is_bad
from rollbox.engine import CHANCE, TERMINAL, Game, State

try:
    from typing import Sequence, Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass

MAX_DICE = const(24)  # most dice one roll may use (RULES.md 2: at least 20)

# Decisions and chance outcomes, built once: a roll allocates nothing more.
_ROLL_CHOICES = tuple(range(1, MAX_DICE + 1))
_ONE_DIE = tuple((f, 1) for f in range(1, 7))

_DECIDE = const(0)
_ROLLING = const(1)
_OVER = const(2)

# Save layout (table at HogGame.state_from_bytes): byte offsets.
_COUNT_AT = const(3)  # the number of dice rolled
_POINTS_AT = const(4)  # last_points, 2 bytes
_HEAD = const(6)  # bytes before the faces
_MAX_POINTS = const(6 * MAX_DICE)  # the most one roll can score


def score_dice(six_bad, faces):
    # type: (int, Sequence[int]) -> int
    """Points one Hog roll scores: the sum of ``faces`` (each 1..6), or 0 if
    any of them is a bad face (1, and 6 too when ``six_bad``; two or more bad
    faces also score 0, nothing more is lost). Source: RULES.md section 2,
    the table's Hog row."""
    total = 0
    for f in faces:
        if is_bad(six_bad, f):
            return 0
        total += f
    return total


class HogGame(Game):
    """Parameters: ``six_bad`` (0/1), ``players`` (2..8), ``goal`` (points,
    10..1000; RULES.md: 100 unless the players change it).

    :raises ValueError: a parameter out of range (see ``Game``).
    """

    NAME = "hog"
    PARAMS = (
        ("six_bad", 0, 0, 1),
        ("players", 2, 2, 8),
        ("goal", 100, 10, 1000),
    )

    def title(self):
        # type: () -> str
        """Short display name (at most 16 characters)."""
        return "Hog (6 bad)" if self.params["six_bad"] else "Hog"

    def new_initial_state(self):
        # type: () -> HogState
        return HogState(self)

    def state_from_bytes(self, data):
        # type: (bytes) -> HogState
        """The state of :meth:`HogState.to_bytes`: ``6 + n + 2 * players``
        bytes for a roll of ``n`` dice (at most 6 + 24 + 16), integers
        little-endian.

        ==============  ====  =====================================  =============
        offset          size  meaning                                range
        ==============  ====  =====================================  =============
        0               1     phase: deciding, rolling, over         0..2
        1               1     seat whose turn it is                  0..players-1
        2               1     winner + 1 (0: no winner yet)          0..players
        3               1     n, the dice of the last roll           0..MAX_DICE
        4               2     last_points, points                    0..6*MAX_DICE
        6 + k           1     face of die k (0: not landed yet)      0..6
        6 + n + 2 * i   2     seat i's score, points                 below goal
        ==============  ====  =====================================  =============

        Dice land left to right; only the winner's score may reach the goal.

        :raises ValueError: wrong length, a field out of range, or fields
            that no game reaches together (e.g. a finished roll whose points
            disagree with its faces).
        """
        n = self.num_players()
        if len(data) < _HEAD or data[_COUNT_AT] > MAX_DICE:
            raise ValueError("not a valid %s state" % self.NAME)
        count = data[_COUNT_AT]
        size = _HEAD + count + 2 * n
        if len(data) != size:
            raise ValueError("a %s state is %d bytes, not %d" % (self.NAME, size, len(data)))
        s = HogState(self)
        s._phase, s._player, s._winner = data[0], data[1], data[2] - 1
        s.last_points = data[_POINTS_AT] | data[_POINTS_AT + 1] << 8
        s.dice = [data[_HEAD + i] for i in range(count)]
        at = _HEAD + count
        s.scores = [data[at + 2 * i] | data[at + 1 + 2 * i] << 8 for i in range(n)]
        landed = 0
        while landed < count and s.dice[landed] != 0:
            landed += 1
        s._landed = landed
        if not s._consistent(landed):
            raise ValueError("not a valid %s state" % self.NAME)
        return s


class HogState(State):
    """A Hog position.

    Public attributes (read them; change the state only by ``apply_action``):

    - ``scores``: list, points per seat (never negative);
    - ``dice``: list of the faces of the current roll while it lands, and of
      the last roll after it: length n (the dice rolled), each face 1..6, 0
      for a die not landed yet (dice land left to right); empty before the
      first roll of the game;
    - ``last_points``: points the last finished turn scored (0 when it had a
      bad face, and before any turn); while a roll lands it still describes
      the turn before.

    ``turn_player()`` is the seat whose turn it is (the roller while the dice
    land; the winner once the game is over). The seat that played the last
    finished turn is the one before ``turn_player()``, or the winner.
    """

    def __init__(self, game):
        # type: (HogGame) -> None
        super().__init__(game)
        self.game = game  # type: HogGame
        self._phase = _DECIDE
        self._player = 0
        self._winner = -1
        self._landed = 0
        self.scores = [0] * game.num_players()
        self.dice = []  # type: list[int]
        self.last_points = 0

    def current_player(self):
        # type: () -> int
        if self._phase == _OVER:
            return TERMINAL
        if self._phase == _ROLLING:
            return CHANCE
        return self._player

    def turn_player(self):
        # type: () -> int
        """Seat whose turn it is (also while the dice are landing)."""
        return self._player

    def winner(self):
        # type: () -> int
        return self._winner

    def _legal_actions(self):
        # type: () -> Tuple[int, ...]
        return _ROLL_CHOICES

    def chance_outcomes(self):
        # type: () -> Tuple[Tuple[int, int], ...]
        return _ONE_DIE if self._phase == _ROLLING else ()

    def _apply_action(self, action):
        # type: (int) -> None
        if self._phase != _ROLLING:
            self.dice = [0] * action
            self._landed = 0
            self._phase = _ROLLING
            return
        self.dice[self._landed] = action
        self._landed += 1
        if self._landed < len(self.dice):
            return
        # The last die has landed: the turn is decided (RULES.md 2, Hog row).
        p = self._player
        points = score_dice(self.game.params["six_bad"], self.dice)
        self.scores[p] += points
        self.last_points = points
        if self.scores[p] >= self.game.params["goal"]:
            self._winner = p
            self._phase = _OVER
            return
        self._phase = _DECIDE
        self._player = (p + 1) % self.game.num_players()

    def _consistent(self, landed):
        # type: (int) -> bool
        """Whether the fields (just read from bytes) belong to a reachable
        position; ``landed`` is the length of the nonzero prefix of ``dice``."""
        n = self.game.num_players()
        goal = self.game.params["goal"]
        phase, w, count, points = self._phase, self._winner, len(self.dice), self.last_points
        if (phase > _OVER or self._player >= n or not -1 <= w < n or points > _MAX_POINTS
                or (phase == _OVER) != (w >= 0) or (w >= 0 and self._player != w)):
            return False
        for i in range(count):
            if not (0 <= self.dice[i] <= 6 and (self.dice[i] == 0) == (i >= landed)):
                return False
        for i in range(n):
            if i != w and self.scores[i] >= goal:
                return False
        if phase == _ROLLING:
            return landed < count
        if count == 0:  # the start of the game
            return phase == _DECIDE and self._player == 0 and points == 0 and not any(self.scores)
        if landed < count or points != score_dice(self.game.params["six_bad"], self.dice):
            return False
        return phase != _OVER or (points > 0 and self.scores[w] - points < goal)

    def to_bytes(self):
        # type: () -> bytes
        """The position in ``6 + n + 2 * players`` bytes: phase, seat, winner
        + 1, n, last_points, the n faces, the scores (the table at
        :meth:`HogGame.state_from_bytes`)."""
        out = bytearray((self._phase, self._player, self._winner + 1, len(self.dice),
                         self.last_points & 0xFF, self.last_points >> 8))
        for f in self.dice:
            out.append(f)
        for score in self.scores:
            out.append(score & 0xFF)
            out.append(score >> 8)
        return bytes(out)

    def action_to_string(self, action):
        # type: (int) -> str
        if self._phase == _ROLLING:
            return str(action)
        return "roll 1 die" if action == 1 else "roll %d dice" % action
