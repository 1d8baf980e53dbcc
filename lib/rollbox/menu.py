"""The set-up menu as data: game, "6 is bad", players, seats, goal, start.

Pure (no display): the screen draws :meth:`Menu.lines`. Buttons: UP/DOWN
(or B on two-button boards) move the cursor; LEFT/RIGHT or A change the
value under it; A on "Start" or START anywhere starts the game.
"""

from micropython import const

from rollbox import controls

GOALS = (20, 50, 100, 150, 200)
_GAME = const(0)
_SIX = const(1)
_PLAYERS = const(2)
_GOAL = const(3)
_SEAT0 = const(4)  # seats follow; "Start" is last
MAX_PLAYERS = const(4)
SEAT_KINDS = ("human", "computer")


class Menu:
    """Menu state: ``variant``, ``six_bad``, ``players`` (2..4), ``goal``
    (points), ``seats`` (list of 0 human / 1 computer), ``cursor``."""

    def __init__(self):
        self.variant = 0
        self.six_bad = 0
        self.players = 2
        self.goal = 100
        self.seats = [0, 1, 1, 1]
        self.cursor = 0

    def size(self):
        """Number of lines: the fixed items, one per seat, then Start."""
        return _SEAT0 + self.players + 1

    def line(self, i, names):
        """Text of line ``i`` (without the cursor). ``names`` are the
        variant names of the game module."""
        if i == _GAME:
            return "Game: " + names[self.variant]
        if i == _SIX:
            return "6 is bad: " + ("on" if self.six_bad else "off")
        if i == _PLAYERS:
            return "Players: %d" % self.players
        if i == _GOAL:
            return "Goal: %d" % self.goal
        if i < _SEAT0 + self.players:
            seat = i - _SEAT0
            return "P%d: %s" % (seat + 1, SEAT_KINDS[self.seats[seat]])
        return "Start"

    def press(self, buttons, variants):
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
            self._change(step, variants)
        return False

    def _change(self, step, variants):
        c = self.cursor
        if c == _GAME:
            self.variant = (self.variant + step) % variants
        elif c == _SIX:
            self.six_bad ^= 1
        elif c == _PLAYERS:
            self.players = 2 + (self.players - 2 + step) % (MAX_PLAYERS - 1)
        elif c == _GOAL:
            self.goal = GOALS[(GOALS.index(self.goal) + step) % len(GOALS)]
        else:
            seat = c - _SEAT0
            self.seats[seat] ^= 1
