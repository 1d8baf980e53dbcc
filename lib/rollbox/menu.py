"""The set-up menu as data: game, its options, players, seats (human or a
computer level), the coach, start.

Pure (no display): the screen draws :meth:`Menu.line`. The lines depend on
the game (``rollbox.catalog``): "6 is bad" and "Goal" only where the game
has them. Buttons: UP/DOWN (or B on two-button boards) move the cursor;
LEFT/RIGHT or A change the value under it (a seat goes human, easy,
medium, hard and round); A on "Start" or START anywhere starts the game.
"""

from micropython import const

from rollbox import catalog, controls
from rollbox.bots import LEVEL_NAMES

_GAME = const(0)
_SIX = const(1)
_PLAYERS = const(2)
_GOAL = const(3)
_SEAT = const(4)
_COACH = const(5)
_START = const(6)
SEAT_KINDS = LEVEL_NAMES  # 0 human, then the computer levels of rollbox.bots
MAX_SEATS = const(8)


class Menu:
    """Menu state: ``game`` (index in ``catalog.GAMES``), ``six_bad`` (0/1),
    ``players``, ``goal`` (points), ``seats`` (list of 0 human or a computer
    level, 1 easy .. 3 hard, for up to 8 seats), ``coach`` (0/1: the odds
    overlay for human seats), ``cursor`` (line index)."""

    def __init__(self):
        self.game = 0
        self.six_bad = 0
        self.players = 2
        self.goal = 100
        self.seats = [0, 1, 1, 1, 1, 1, 1, 1]
        self.coach = 0
        self.cursor = 0

    def entry(self):
        """The chosen game's catalog entry."""
        return catalog.GAMES[self.game]

    def _items(self):
        # The item kind of each line, as a small tuple (built per press, not per frame).
        e = self.entry()
        items = [_GAME]
        if e[catalog.OPTIONS] & catalog.SIX_BAD:
            items.append(_SIX)
        items.append(_PLAYERS)
        if e[catalog.GOALS]:
            items.append(_GOAL)
        return tuple(items) + (_SEAT,) * self.players + (_COACH, _START)

    def size(self):
        """Number of lines: the game's items, one per seat, then Start."""
        return len(self._items())

    def line(self, i):
        """Text of line ``i`` (without the cursor)."""
        items = self._items()
        kind = items[i]
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

    def press(self, buttons):
        """Apply a bitmask of pressed logical buttons. Returns True when the
        player chose to start."""
        last = self.size() - 1
        if buttons & controls.START:
            return True
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
            return bool(buttons & controls.A)
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

    def _fit(self):
        """Keep players and goal valid for the newly chosen game; the cursor
        stays on the Game line."""
        e = self.entry()
        self.players = min(max(self.players, e[catalog.MIN_PLAYERS]), e[catalog.MAX_PLAYERS])
        if e[catalog.GOALS] and self.goal not in e[catalog.GOALS]:
            self.goal = e[catalog.GOAL]
