"""Hog's play screen (RULES.md 2, the family table's Hog row).

Pick how many dice (1..24), then shake (or A) to roll them once. The dice
are drawn small in a grid of 8 by 3; a bad face is tinted. Buttons:
UP/RIGHT one more die, DOWN/LEFT one fewer; on two-button boards B steps
the count up (24 wraps to 1). Each seat's last count is kept.
"""

import rollbox
from games import is_bad
from games.hog.rules import MAX_DICE
from rollbox.controls import DOWN, LEFT, RIGHT, UP, A, B
from rollbox.screen import Screen
from rollbox.view import BAD, PLAIN

try:
    from typing import Any  # noqa: F401 (the annotations)
except ImportError:
    pass

class HogScreen(Screen):
    """See :class:`rollbox.screen.Screen` for the contract."""

    # The attributes (set by games.hog.build.screen, for the type check):
    wobble: tuple  # the tumble's reach (pixels)
    shown: int  # dice not hidden now
    count_line: Any
    lines: list
    counts: list  # each seat's chosen number of dice

    def __init__(self, view, game, seats, buttons, bot):
        super().__init__(view, game, seats, buttons, bot)
        from games.hog import build  # the set-up's code: in RAM for the moment

        build.screen(self, view, game, bot)
        rollbox.unload("games.hog.build")

    def _show_count(self, n):
        """Show the first ``n`` dice, hide the rest."""
        if n == self.shown:
            return
        for i in range(MAX_DICE):
            self.dice[i].hide(i >= n)
        self.shown = n
        self.view.dirty = True

    def draw(self, state):
        v = self.view
        turn = -1 if state.is_terminal() else state.turn_player()
        for i in range(len(self.lines)):
            text = ""
            for p in (2 * i, 2 * i + 1):
                if p < len(state.scores):
                    mark = ">" if p == turn else " "
                    text += "%sP%d %s %d " % (mark, p + 1, "cpu" if self.seats[p] else "you",
                                              state.scores[p])
            v.set_text(self.lines[i], text)
        if turn < 0:  # not the last roller's count (issue 14)
            v.set_text(self.count_line, "Game over")
        else:
            v.set_text(self.count_line, "P%d rolls %d %s" % (
                turn + 1, self.counts[turn], "die" if self.counts[turn] == 1 else "dice"))

    def status(self, state, accel_ok):
        roll = "Shake/A:roll" if accel_ok else "A:roll"
        more = " B:+1" if not self.buttons & UP else " ^v:dice"
        return "P%d %s%s" % (state.turn_player() + 1, roll, more)

    def press(self, state, pressed):
        p = state.turn_player()
        if pressed & A:
            return self.counts[p]
        step = 0
        if pressed & (UP | RIGHT | B):
            step = 1
        elif pressed & (DOWN | LEFT):
            step = -1
        if step:
            self.counts[p] = (self.counts[p] - 1 + step) % MAX_DICE + 1
            self.draw(state)
        return None

    def shake(self, state):
        return self.counts[state.turn_player()]

    def tumble(self, roller):
        """Random faces and a wobble of at most ``wobble`` pixels (x, y)
        for every tumbling die: a die never reaches its neighbour."""
        wx, wy = self.wobble
        for i in range(self.shown):
            if self.rolling >> i & 1:
                self.next_face(i, roller.face(), (roller.face() - 1) % (wx + 1) - wx // 2,
                               (roller.face() - 1) % (wy + 1) - wy // 2)

    def shake_dice(self, state):
        """The dice on show (the seat's count once it has rolled)."""
        return (1 << self.shown) - 1

    def coach_at(self):
        """On 160x128 the dice start right below the title: the coach's
        second line goes over the message line (the last roll's words,
        which its dice show) instead of over them."""
        if self.view.large:
            return Screen.coach_at(self)
        return (6, self.view.message.tilegrid.y + 6)

    def coach(self, state):
        return self.bot.coach(state, self.counts[state.turn_player()])

    def computer(self, state, planned=None):
        n = super().computer(state, planned)
        self.counts[state.turn_player()] = n
        return n

    def apply(self, state, action):
        state.apply_action(action)
        self._show_count(action)
        self.rolling = (1 << action) - 1
        return ""

    def rest(self, state):
        """The dice at rest, the bad faces tinted: their own frame, not the
        landing's, whose chance outcomes are up to 24 dice, one a node
        (issue 26, tools/bench_cpu)."""
        six_bad = self.game.params["six_bad"]
        for i in range(len(state.dice)):
            face = state.dice[i]
            die = self.dice[i]
            if die.show(face, BAD if is_bad(six_bad, face) else PLAIN) | die.move(0, 0):
                self.view.dirty = True
        return True

    def settle(self, state, roller):
        p = state.turn_player()
        while state.is_chance_node():
            state.apply_action(roller.outcome(state))
        self.still()
        six_bad = self.game.params["six_bad"]
        bad = 0
        for face in state.dice:
            bad += is_bad(six_bad, face)
        n = len(state.dice)
        if bad:
            return "P%d: %d dice, %d bad: 0" % (p + 1, n, bad)
        return "P%d: %d dice, +%d" % (p + 1, n, state.last_points)
