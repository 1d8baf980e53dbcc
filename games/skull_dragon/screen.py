"""Skull & Dragon's play screen (RULES.md 3; rules in games/skull_dragon/rules.py).

Two big dice side by side: the skull die (left, slate body, faces Skull
and 2..6) and the dragon die (right, green body, faces 1..5 and Dragon),
each with its name under it. Number faces are pips; the Skull and the
Dragon faces are symbols (a skull: round head, dark eye sockets, nose, jaw
with teeth; a dragon: a horned head in profile with a yellow eye), drawn
once into a 2-bit bitmap each and shown by toggling ``hidden``. A die not
rolled in this throw is dim and shows a "?"; the dice of a failed throw turn red.
Always on show: the round ("Round 2/4", "Tie round 5"), each seat's score
with ">" at the seat to act, the target and direction ("Target 9 UNDER")
and the turn points at risk.

Controls (every board has A and B; the status line says what they do now):

- Die choice (a throw begins): A rolls the skull die, B the dragon die. A
  shake rolls the die in the yellow frame (the cursor): the die this seat
  picked last (the skull die at first). On boards with a d-pad LEFT/UP
  move the cursor to the skull die, RIGHT/DOWN to the dragon die, without
  rolling.
- Accept or multiply (the first die landed): A accepts its worth, B (or a
  shake) rolls the other die and multiplies.
- Over or under (the target was just set): A over, B under; a shake is
  ignored.
- After a success, two steps: A goes on (then the die choice above, no way
  back), B books the turn points; a shake is ignored until the die choice.

Status prompts: "P1 Shake/A:skull B:dragon" (the shake sits on the framed
die; "P1 A:skull B:dragon die" without an accelerometer), "P1 A:accept 4
Shake/B:x dragon" (on 160-pixel lines "A:take 4 Shake/B:x dragon"), "P1
A:over B:under", "P1 A:go on B:book 2".

Any other button explains on the message line and changes nothing (so
does a button passed on while a computer seat thinks; ``ASIDE`` is off, so
the app does not pass them).

Layout (pixels, text 6x12, labels by their middle y):

- 160x128: dice 36 px at (6, 26) and (48, 26), names at y 70; round at
  (92, 6) on the title line, scores at x 92, y 30 + 12 per seat; target at
  (6, 82), turn points at (6, 94). The coach's lines (y 0..24) cover only
  the title and the round; the shared message line (y 102..114) and status
  line (y 115..127) stay clear.
- 240x240: dice 64 px at (12, 28) and (92, 28), names at y 104; round at
  (168, 34), scores at x 168, y 58 + 20 per seat; target at (12, 140),
  turn points at (12, 162). The message line (y 196..216) stays clear.
"""

from micropython import const

import rollbox
from games.skull_dragon.rules import (
    ACCEPT,
    ACCEPT_OR_MULTIPLY,
    AFTER_SUCCESS,
    BOOK,
    DIRECTION,
    DRAGON,
    DRAGON_DIE,
    FACES,
    FAIL,
    MULTIPLY,
    OVER,
    PICK_DIE,
    ROLL_DRAGON,
    ROLL_SKULL,
    ROUNDS,
    SKULL,
    SKULL_DIE,
    SUCCESS,
    TARGET_SET,
    UNDER,
)
from rollbox.controls import DOWN, LEFT, RIGHT, UP, A, B
from rollbox.screen import Screen

try:
    from typing import Any  # noqa: F401 (the annotations)
except ImportError:
    pass

# Body colours per die: plain, dim (not rolled this throw), failed throw.
_BODY = ((0xC9D3E6, 0x7D889C, 0xFF9090), (0xB6E3A8, 0x6E9A6A, 0xFF9090))
_PLAIN = const(0)
_DIM = const(1)
_FAILED = const(2)
_NAMES = ("skull", "dragon")
_CAPS = ("Skull", "Dragon")

def _round_text(r):
    """"Round 2/4", "Tie round 5", "Tie rnd 12" (at most 11 characters)."""
    if r <= ROUNDS:
        return "Round %d/%d" % (r, ROUNDS)
    return ("Tie round %d" if r < 10 else "Tie rnd %d") % r


class SkullDragonScreen(Screen):
    """See :class:`rollbox.screen.Screen` for the contract and the module
    docstring for the controls and the layout."""

    # The attributes (set by games.skull_dragon.build.screen, for the type check):
    chars: int  # characters on a line
    border: int  # the frame's (pixels)
    frame: Any  # the frame round the die under the cursor (vectorio.Rectangle)
    symbols: Any  # the dice's symbols (games.skull_dragon.art)
    body: list  # body colour (_PLAIN, _DIM, _FAILED) per die
    worth: list  # worth on show per die (-1 blank)
    names: list  # the dice's names under them (set once)
    round_line: Any
    lines: list
    target_line: Any
    points_line: Any
    picks: list  # each seat's cursor (the die a shake rolls)
    going: bool  # AFTER_SUCCESS: "go on" pressed, the die choice is up
    shook: bool  # a shake was explained since the last draw

    def __init__(self, view, game, seats, buttons, bot):
        super().__init__(view, game, seats, buttons, bot)
        from games.skull_dragon import build  # the set-up's code: in RAM for the moment

        build.screen(self, view, game)
        rollbox.unload("games.skull_dragon.build")

    # -- dice ----------------------------------------------------------------

    def _face(self, i, worth, body):
        """Show ``worth`` (-1 blank) on die ``i`` (SKULL_DIE / DRAGON_DIE)
        in body colour ``body``; no allocation (the tumble calls it)."""
        die = self.dice[i]
        changed = False
        if worth != self.worth[i]:
            symbol = worth == (SKULL if i == SKULL_DIE else DRAGON)
            self.symbols[i].hidden = not symbol
            die.show(7 if symbol else 0 if worth < 0 else worth)  # 7 no pips, 0 the "?"
            self.worth[i] = worth
            changed = True
        if body != self.body[i]:
            die.palette[0] = _BODY[i][body]
            self.body[i] = body
            changed = True
        if changed:
            self.view.dirty = True

    def _show_dice(self, state):
        body = _FAILED if state.last_event == FAIL else _PLAIN
        for i in range(2):
            worth = state.dice[i]
            self._face(i, worth, body if worth >= 0 else _DIM)

    def _choosing(self, state):
        """True when the seat to act picks a die (a throw begins)."""
        return state.phase == PICK_DIE or (state.phase == AFTER_SUCCESS and self.going)

    def _show_cursor(self, state):
        p = state.current_player()
        hide = p < 0 or self.seats[p] or not self._choosing(state)
        if not hide:
            x = self.dice[self.picks[p]].x - self.border
            if self.frame.x != x:
                self.frame.x = x
                self.view.dirty = True
        if self.frame.hidden != hide:
            self.frame.hidden = hide
            self.view.dirty = True

    def show_face(self, i, face, dx, dy):
        """The rolling die's tumbling face (its symbol too) at its wobble
        (the base's tumble draws them)."""
        self._face(i, FACES[i][face - 1], _PLAIN)
        return self.dice[i].move(dx, dy)

    # -- the contract ----------------------------------------------------------

    def draw(self, state):
        v = self.view
        if state.phase != AFTER_SUCCESS:
            self.going = False
        self.shook = False
        self._show_dice(state)
        self._show_cursor(state)
        turn = -1 if state.is_terminal() else state.turn_player()
        # On 160x128 the round sits on the title line, which the result takes at the end.
        v.set_text(self.round_line, "" if turn < 0 and self.chars < 30
                   else _round_text(state.round + 1))
        for i in range(len(self.lines)):
            mark = ">" if i == turn else " "
            who = "cpu" if self.seats[i] else "you"
            v.set_text(self.lines[i], "%sP%d %s %d" % (mark, i + 1, who, state.scores[i]))
        if turn < 0:
            text = "Game over"
        elif state.target < 0:
            text = "Target: first throw"
        elif state.direction == 0:
            text = "Target %d over/under?" % state.target
        else:
            text = "Target %d %s" % (state.target, "OVER" if state.direction == OVER else "UNDER")
        v.set_text(self.target_line, text)
        v.set_text(self.points_line, "Turn points: %d" % state.turn_points)

    def status(self, state, accel_ok):
        p = state.current_player()
        phase = state.phase
        if phase == AFTER_SUCCESS and not self.going:
            return "P%d A:go on B:book %d" % (p + 1, state.turn_points)
        if phase == DIRECTION:
            return "P%d A:over B:under" % (p + 1)
        if phase == ACCEPT_OR_MULTIPLY:
            first = state.first_value
            other = _NAMES[1 - state.first_die]
            shake = "Shake/" if accel_ok else ""
            if self.chars < 30:  # 26 characters: no seat, "take" for "accept"
                return "A:take %d %sB:x %s" % (first, shake, other)
            return "P%d A:accept %d %sB:x %s" % (p + 1, first, shake, other)
        if not accel_ok:
            return "P%d A:skull B:dragon die" % (p + 1)
        if self.picks[p] == SKULL_DIE:
            return "P%d Shake/A:skull B:dragon" % (p + 1)
        return "P%d A:skull Shake/B:dragon" % (p + 1)

    def _hint(self, state):
        """What the buttons do now, for a refused button or shake (at most
        26 characters)."""
        phase = state.phase
        if phase == DIRECTION:
            return "Target %d: A over, B under" % state.target
        if phase == ACCEPT_OR_MULTIPLY:
            return "A accepts %d, B multiplies" % state.first_value
        if phase == AFTER_SUCCESS and not self.going:
            return "A throws again, B books %d" % state.turn_points
        return "A skull die, B dragon die"

    def press(self, state, pressed):
        p = state.current_player()
        if p < 0:
            return None
        if self.seats[p]:
            self.say("P%d (computer) is thinking" % (p + 1))
            return None
        phase = state.phase
        if self._choosing(state):
            if pressed & A:
                return ROLL_SKULL
            if pressed & B:
                return ROLL_DRAGON
            pick = -1
            if pressed & (LEFT | UP):
                pick = SKULL_DIE
            elif pressed & (RIGHT | DOWN):
                pick = DRAGON_DIE
            if pick >= 0:
                self.picks[p] = pick
                self._show_cursor(state)
                return None
        elif pressed & (A | B):
            a = pressed & A
            if phase == ACCEPT_OR_MULTIPLY:
                return ACCEPT if a else MULTIPLY
            if phase == DIRECTION:
                return OVER if a else UNDER
            if not a:  # AFTER_SUCCESS
                return BOOK
            self.going = True
            self._show_cursor(state)
            self.say("Pick a die to throw")
            return None
        self.say(self._hint(state))
        return None

    def shake(self, state):
        p = state.current_player()
        if p < 0 or self.seats[p]:
            return None
        if self._choosing(state):
            return ROLL_DRAGON if self.picks[p] == DRAGON_DIE else ROLL_SKULL
        if state.phase == ACCEPT_OR_MULTIPLY:
            return MULTIPLY
        if not self.shook:  # said once per prompt: no allocation per frame
            self.shook = True
            self.say(self._hint(state))
        return None

    def put_back(self, state):
        """The preview was no shake: the dice home, as the state has them."""
        self.home()
        self._show_dice(state)
        self.view.dirty = True

    def shake_dice(self, state):
        """The die the shake rolls: the framed one, or the other die when
        the shake multiplies."""
        if state.phase == ACCEPT_OR_MULTIPLY:
            return 1 << (1 - state.first_die)
        p = state.current_player()
        return 1 << (DRAGON_DIE if self.picks[p] == DRAGON_DIE else SKULL_DIE)

    def apply(self, state, action):
        p = state.turn_player()
        points, phase = state.turn_points, state.phase
        target, direction = state.target, state.direction
        state.apply_action(action)  # ValueError (illegal): nothing changed
        self.going = False
        if action == ROLL_SKULL or action == ROLL_DRAGON:
            self.picks[p] = action  # the same numbers as SKULL_DIE / DRAGON_DIE
            self._show_dice(state)
            self._show_cursor(state)  # off while the die tumbles
            self.rolling = 1 << action
            return ""
        if action == MULTIPLY:
            self.rolling = 1 << (1 - state.first_die)
            return ""
        if action == ACCEPT:
            return self._verdict(state, target, direction)
        if action == BOOK:
            return "P%d books %d: score %d" % (p + 1, points, state.scores[p])
        if phase == DIRECTION:
            return "P%d goes %s %d" % (p + 1, "over" if action == OVER else "under",
                                       state.target)
        return ""

    def settle(self, state, roller):
        target, direction = state.target, state.direction
        while state.is_chance_node():
            state.apply_action(roller.outcome(state))
        self.home()
        self._show_dice(state)
        if state.phase == ACCEPT_OR_MULTIPLY:
            die = state.first_die
            worth = state.first_value
            if worth == (SKULL if die == SKULL_DIE else DRAGON):
                return "%s die: %s (%d)" % (_CAPS[die], _CAPS[die], worth)
            return "%s die: %d" % (_CAPS[die], worth)
        return self._verdict(state, target, direction)

    def _fit(self, texts):
        """The first of ``texts`` that fits the message line."""
        for text in texts:
            if len(text) <= self.chars:
                return text
        return texts[-1]

    def _verdict(self, state, target, direction):
        """The message for a throw that just ended: the target, a success
        or a fail, against the ``target`` and ``direction`` from before the
        throw (a fail resets them in the state). The long form where the
        line has room."""
        die = state.first_die
        first = state.first_value
        result = state.result
        second = state.dice[1 - die]
        if second < 0:  # accepted
            long = short = "%s %d" % (_CAPS[die], first)
        else:
            long = "%s %d x %s %d = %d" % (_CAPS[die], first, _CAPS[1 - die], second, result)
            short = "%dx%d=%d" % (first, second, result)
        event = state.last_event
        if event == TARGET_SET:
            tail = ": target %d" % result
            return self._fit((long + tail, short + tail))
        if event == SUCCESS:
            points = state.turn_points
            tail = " %s %d: %d point%s" % (">=" if direction == OVER else "<=", target, points,
                                          "" if points == 1 else "s")
            return self._fit((long + tail, short + tail))
        tail = " %s %d: fail" % ("<" if direction == OVER else ">", target)
        return self._fit((long + tail + ", 0 points", long + tail, short + tail + ", 0 points",
                          short + tail))
