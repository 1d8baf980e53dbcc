"""The Pig family's play screen (Pig, Two-Dice Pig, Big Pig; RULES.md 2).

One or two big dice, a score line per seat (">" marks the turn), the turn
total. A: roll, B: hold; a shake rolls.
"""

from micropython import const

import rollbox
from games import is_bad
from games.pig.rules import ADD, BUST, HOLD, ROLL, WIPE, score_roll
from rollbox.controls import A, B
from rollbox.screen import Screen
from rollbox.view import BAD, PLAIN

try:
    from typing import Any  # noqa: F401 (the annotations)
except ImportError:
    pass

_NO_BAD = const(0)


class PigScreen(Screen):
    """See :class:`rollbox.screen.Screen` for the contract."""

    # The attributes (set by games.pig.build.screen, for the type check):
    lines: list  # a score line per seat
    turn: Any  # the turn total's line

    def __init__(self, view, game, seats, buttons, bot):
        super().__init__(view, game, seats, buttons, bot)
        from games.pig import build  # the set-up's code: in RAM for the moment

        build.screen(self, view, game)
        rollbox.unload("games.pig.build")

    def draw(self, state):
        v = self.view
        turn = -1 if state.is_terminal() else state.turn_player()
        for i in range(len(self.lines)):
            mark = ">" if i == turn else " "
            who = "cpu" if self.seats[i] else "you"
            v.set_text(self.lines[i], "%sP%d %s %d" % (mark, i + 1, who, state.scores[i]))
        v.set_text(self.turn, "Turn total: %d" % state.turn_total)

    def status(self, state, accel_ok):
        roll = "Shake/A:roll" if accel_ok else "A:roll"
        hold = " B:hold" if state.turn_total > 0 else ""
        return "P%d %s%s" % (state.turn_player() + 1, roll, hold)

    def press(self, state, pressed):
        if pressed & A:
            return ROLL
        if pressed & B:
            if state.turn_total > 0:
                return HOLD
            self.say("Nothing to hold yet")
        return None

    def shake(self, state):
        return ROLL

    def apply(self, state, action):
        p = state.turn_player()
        held = state.turn_total
        state.apply_action(action)
        if action == ROLL:
            self.rolling = (1 << len(self.dice)) - 1
            return ""
        return "P%d holds %d: score %d" % (p + 1, held, state.scores[p])

    def rest(self, state):
        """One die a frame at rest, the faces that ended the turn tinted: a
        die is ~1,750 px on a PyBadge, two ~18 ms of pixels (tools/bench_pixels)."""
        params = self.game.params
        six_bad = params["six_bad"]
        dice = state.dice
        ended = score_roll(params["variant"], six_bad, dice)[0] != ADD
        n = len(dice)
        for i in range(n):
            bad = ended and is_bad(six_bad, dice[i])
            die = self.dice[i]
            if die.show(dice[i], BAD if bad else PLAIN) | die.move(0, 0):
                self.view.dirty = True
                return i == n - 1  # the next die, if any, in the next frame
        return True

    def settle(self, state, roller):
        p = state.turn_player()
        before = state.turn_total
        while state.is_chance_node():
            state.apply_action(roller.outcome(state))
        self.still()
        params = self.game.params
        dice = state.dice
        kind, points = score_roll(params["variant"], params["six_bad"], dice)
        roll = "-".join(str(d) for d in dice)
        if kind == BUST:  # no "-0" when the turn total was 0 (issue 14)
            return "P%d rolled %s: bust%s" % (p + 1, roll, " -%d" % before if before else "")
        if kind == WIPE:
            return "P%d rolled %s: score wiped" % (p + 1, roll)
        return "P%d rolled %s: +%d" % (p + 1, roll, points)
