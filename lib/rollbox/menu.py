"""The set-up menu as data: a saved game to resume, game, its options,
players, seats (human or a computer level), the coach, start.

Pure (no display): the screen draws :meth:`Menu.line`. The lines depend on
the game (``rollbox.catalog``): "6 is bad" and "Goal" only where the game
has them; "Resume: <game>" comes first while ``resume`` names a saved game.
Buttons: UP/DOWN (or B on two-button boards) move the cursor; LEFT/RIGHT or
A change the value under it (a seat goes human, easy, medium, hard and
round); A on "Start" or START anywhere starts a new game; A (or START) on
"Resume" resumes the saved one. :meth:`Menu.settings` and
:meth:`Menu.restore` turn the choices into 14 bytes and back (the settings
record of ``rollbox.store``).
"""

from micropython import const

from rollbox import catalog, controls
from rollbox.bots import LEVEL_NAMES

try:
    from typing import Any, Optional  # noqa: F401 (used in type comments)
except ImportError:
    pass

_GAME = const(0)
_SIX = const(1)
_PLAYERS = const(2)
_GOAL = const(3)
_SEAT = const(4)
_COACH = const(5)
_START = const(6)
_STATS = const(8)
_RESUME = const(7)
START_GAME = const(1)  # press(): a new game
RESUME = const(2)  # press(): resume the saved game
STATS = const(3)  # press(): show the lifetime stats
SETTINGS_BYTES = const(14)
SEAT_KINDS = LEVEL_NAMES  # 0 human, then the computer levels of rollbox.bots
MAX_SEATS = const(8)


class Menu:
    """Menu state: ``game`` (index in ``catalog.GAMES``), ``six_bad`` (0/1),
    ``players``, ``goal`` (points), ``seats`` (list of 0 human or a computer
    level, 1 easy .. 3 hard, for up to 8 seats), ``coach`` (0/1: the odds
    overlay for human seats), ``cursor`` (line index), ``resume`` (None,
    or the name of the saved game the first line offers to resume)."""

    def __init__(self):
        self.game = 0
        self.six_bad = 0
        self.players = 2
        self.goal = 100
        self.seats = [0, 1, 1, 1, 1, 1, 1, 1]
        self.coach = 0
        self.cursor = 0
        self.resume = None  # type: Optional[str]

    def entry(self):
        """The chosen game's catalog entry."""
        return catalog.GAMES[self.game]

    def _items(self):
        # The item kind of each line, as a small tuple (built per press, not per frame).
        e = self.entry()
        items = [_RESUME] if self.resume else []
        items.append(_GAME)
        if e[catalog.OPTIONS] & catalog.SIX_BAD:
            items.append(_SIX)
        items.append(_PLAYERS)
        if e[catalog.GOALS]:
            items.append(_GOAL)
        return tuple(items) + (_SEAT,) * self.players + (_COACH, _STATS, _START)

    def size(self):
        """Number of lines: the game's items, one per seat, then Start."""
        return len(self._items())

    def line(self, i):
        """Text of line ``i`` (without the cursor)."""
        items = self._items()
        kind = items[i]
        if kind == _RESUME:
            return "Resume: %s" % self.resume
        if kind == _GAME:
            return "Game: " + self.entry()[catalog.NAME]
        if kind == _SIX:
            return "6 is bad: " + ("on" if self.six_bad else "off")
        if kind == _PLAYERS:
            return "Players: %d" % self.players
        if kind == _GOAL:
            return "Goal: %d" % self.goal
        if kind == _SEAT:
            seat = i - items.index(_SEAT)
            return "P%d: %s" % (seat + 1, SEAT_KINDS[self.seats[seat]])
        if kind == _COACH:
            return "Coach: " + ("on" if self.coach else "off")
        if kind == _STATS:
            return "Lifetime stats"
        return "Start"

    def params(self):
        """The chosen game's parameters (dict for its Game class)."""
        e = self.entry()
        params = dict(e[catalog.FIXED])
        params["players"] = self.players
        if e[catalog.OPTIONS] & catalog.SIX_BAD:
            params["six_bad"] = self.six_bad
        if e[catalog.GOALS]:
            params["goal"] = self.goal
        return params

    def on_resume(self):
        """True while the cursor is on the "Resume" line."""
        return bool(self.resume) and self.cursor == 0

    def press(self, buttons):
        """Apply a bitmask of pressed logical buttons. Returns
        :data:`START_GAME` (truthy) when the player chose a new game,
        :data:`RESUME` for the saved game, :data:`STATS` for the lifetime
        stats, else False."""
        last = self.size() - 1
        if buttons & controls.START:
            return RESUME if self.on_resume() else START_GAME
        if buttons & (controls.DOWN | controls.B):
            self.cursor = 0 if self.cursor >= last else self.cursor + 1
        if buttons & controls.UP:
            self.cursor = last if self.cursor == 0 else self.cursor - 1
        step = 0
        if buttons & (controls.RIGHT | controls.A):
            step = 1
        elif buttons & controls.LEFT:
            step = -1
        if step and self.cursor == last:
            return START_GAME if buttons & controls.A else False
        if step and self.on_resume():
            return RESUME if buttons & controls.A else False
        if step and self._items()[self.cursor] == _STATS:
            return STATS if buttons & controls.A else False
        if step:
            self._change(step)
        return False

    def _change(self, step):
        items = self._items()
        kind = items[self.cursor]
        if kind == _GAME:
            self.game = (self.game + step) % len(catalog.GAMES)
            self._fit()
        elif kind == _SIX:
            self.six_bad ^= 1
        elif kind == _PLAYERS:
            e = self.entry()
            low, high = e[catalog.MIN_PLAYERS], e[catalog.MAX_PLAYERS]
            self.players = low + (self.players - low + step) % (high - low + 1)
        elif kind == _GOAL:
            goals = self.entry()[catalog.GOALS]
            self.goal = goals[(goals.index(self.goal) + step) % len(goals)]
        elif kind == _COACH:
            self.coach ^= 1
        else:
            seat = self.cursor - items.index(_SEAT)
            self.seats[seat] = (self.seats[seat] + step) % len(SEAT_KINDS)

    def take_game(self, game, params, seats):
        """Show a resumed game's choices: catalog index ``game``, its
        parameters (dict) and seat kinds."""
        self.game = game
        self.players = len(seats)
        self.seats[:len(seats)] = list(seats)
        self.six_bad = params.get("six_bad", self.six_bad)
        self.goal = params.get("goal", self.goal)
        self._fit()
        self.cursor = 0

    def settings(self):
        """The choices as :data:`SETTINGS_BYTES` bytes: game, six_bad,
        players, goal (2 bytes, big-endian), the eight seats, coach."""
        goal = self.goal
        return bytes((self.game, self.six_bad, self.players, goal >> 8, goal & 0xFF)) \
            + bytes(self.seats) + bytes((self.coach,))

    def restore(self, data):
        """Take the choices of :meth:`settings` bytes. Returns False (and
        changes nothing) when they are not a valid set for the catalog."""
        if data is None or len(data) != SETTINGS_BYTES:
            return False
        game, six_bad, players = data[0], data[1], data[2]
        if game >= len(catalog.GAMES) or six_bad > 1 or data[13] > 1:
            return False
        e = catalog.GAMES[game]
        if not e[catalog.MIN_PLAYERS] <= players <= e[catalog.MAX_PLAYERS]:
            return False
        for i in range(MAX_SEATS):
            if data[5 + i] >= len(SEAT_KINDS):
                return False
        goal = data[3] << 8 | data[4]
        goals = e[catalog.GOALS]  # type: Any
        if goals and goal not in goals:
            return False
        self.game = game
        self.six_bad = six_bad
        self.players = players
        self.goal = goal  # a game without goals keeps it; _fit() mends it on a change
        self.seats = list(data[5:5 + MAX_SEATS])
        self.coach = data[13]
        return True

    def _fit(self):
        """Keep players and goal valid for the newly chosen game; the cursor
        stays on the Game line."""
        e = self.entry()
        self.players = min(max(self.players, e[catalog.MIN_PLAYERS]), e[catalog.MAX_PLAYERS])
        if e[catalog.GOALS] and self.goal not in e[catalog.GOALS]:
            self.goal = e[catalog.GOAL]
