"""SKUNK'D's play screen (RULES.md 1; the rules, with the keep helpers
``legal_keeps`` and ``explain_keep``, are games/skunkd/rules.py).

Six dice in a row; the den's dice drop a few pixels and turn grey (KEPT),
the selection is yellow (PICKED), a bust's dice are red (BAD) and a bar
marks the die under the cursor. Text lines give the den and the sequence
state, the live value of the selection (or why it cannot be kept), each
seat's board and the goal, entry or overtime.

Controls (a shake works wherever "shake" is named):

- Turn start, "...and rolling!", after a keep: shake or A rolls; after a
  keep B banks (refused with the reason, e.g. "need 500 to enter").
- Picking a keep, boards with directions (PyBadge): LEFT/RIGHT move the
  cursor over the dice just rolled, UP/DOWN put the die under it in or out
  of the selection, SELECT sets the selection to the next legal keep by
  value (highest first, cycling), A keeps it, B keeps it and banks, a shake
  keeps it and rolls the rest.
- Picking a keep, boards without directions (two buttons; PyGamer, whose
  key map is A B START SELECT, adds SELECT as above): B steps the cursor
  over the dice just rolled, then the items "next keep" and "keep" (named
  on the status line; after a roll it starts on "next keep", so A B A
  keeps the best); A puts the die in or out of the selection, or does the
  item; a shake keeps the selection and rolls.
- An empty or unkeepable selection is refused on the message line with the
  reason (the rules' ``explain_keep``); nothing changes.
- House options (a human setter): with directions, LEFT picks the goal,
  RIGHT the entry, UP/DOWN step the value, B switches field, A confirms;
  without, B steps the cursor over goal, entry and "ok" (it starts on
  "ok"), A steps the value under it (cycling) or confirms on "ok". The
  defaults are the rules' (goal 10000, entry 500). A computer setter takes
  the bot's choice.
- The roll-off needs no buttons: each contender's six dice tumble in turn.
- Any other button explains on the message line that it does nothing now;
  so does a button while a computer seat plays (``ASIDE``).

Layout (pixels, 160x128 / 240x240; text is 6x12 a character, 26 / 39 a
line; y is a label's middle):

- den line, y 18 / 20: den points, dice kept of six (or the Single SKUNK
  run: "Skunk run 2/6"), a Mega face the next roll may extend, "...and
  rolling!"; the roll-off rule; who sets the house options.
- dice, 18 px at x 6 + 26 i, y 27 / 32 px at x 9 + 38 i, y 34; den dice
  4 / 6 px lower; the cursor bar at y 51 / 76, 2 / 3 px high.
- value line, y 59 / 90: the selection's value ("keep 1-5: 150") or its
  reason ("the 2 scores nothing"); what a bank would make; the house editor.
- seat lines, y 71 and 83 (two seats a line) / 110 + 18 i (one a line):
  ">" the seat to act, the board or "-" before entering, "*" beside the
  name (large: "headband") the Stinker headband, "#" (large: "leader")
  the overtime leader, "x" (large: "out") out of overtime; in the
  roll-off each seat's six dice, sorted, and Skunk count. The marks are
  explained on the help page (``games.skunkd.help``).
- info line, y 95 / 184: goal and entry, "Overtime: P2 leads 10250", the
  winner; while the house options are set, what the entry means.
- the coach's two lines: over the title line and the info line (never the
  den, dice or seats; issue 14).

Message line and status line: the view's (never drawn over).
"""

from micropython import const

import rollbox
from games.skunkd.rules import (
    BANK,
    PHASE_HOUSE,
    PHASE_KEEP,
    PHASE_KEPT,
    PHASE_OVER,
    PHASE_ROLLING,
    PHASE_ROLLOFF,
    PHASE_START,
    ROLL,
    explain_bank,
    explain_keep,
    keep_points,
    legal_keeps,
)
from rollbox.controls import DOWN, LEFT, NAMES, RIGHT, SELECT, START, UP, A, B
from rollbox.screen import Screen
from rollbox.view import BAD, KEPT, PICKED, PLAIN

try:
    from typing import Any  # noqa: F401 (the annotations)
except ImportError:
    pass


_ALL = const(63)  # the six slots
_NEXT = const(6)  # cursor items after the dice (boards without directions)
_KEEP = const(7)
# Screen actions beyond the rules' ones: the selection (low 6 bits) and what
# follows it. A plain rules keep (1..63) is also accepted.
_KEEP_ONLY = const(0x100)
_THEN_ROLL = const(0x200)
_THEN_BANK = const(0x400)
_KINDS = const(0x700)


def _faces(dice, mask):
    """The faces of the slots in ``mask``, ascending, as "1-5-5"."""
    return "-".join(str(f) for f in sorted(dice[i] for i in range(6) if mask >> i & 1))


def _count(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def _step(cursor, rolled, d, items):
    """The cursor ``d`` (+1/-1) places on over the slots in ``rolled``
    (and the items "next keep", "keep" when ``items``), cycling."""
    size = 8 if items else 6
    c = cursor
    for _ in range(size):
        c = (c + d) % size
        if c >= 6 or rolled >> c & 1:
            return c
    return cursor


def _low(mask):
    i = 0
    while mask and not mask >> i & 1:
        i += 1
    return i


class SkunkdScreen(Screen):
    """See :class:`rollbox.screen.Screen` for the contract and the module
    docstring for the controls and the layout."""

    ASIDE = True  # a button while a computer seat plays is explained

    # The attributes (set by games.skunkd.build.screen, for the type check):
    _x0: int  # the dice's x, their pitch, the den's drop (pixels)
    _pitch: int
    _drop: int
    bar: Any  # the cursor bar (vectorio.Rectangle)
    den_line: Any
    value_line: Any
    per_line: int  # seats a line
    seat_lines: list
    info_line: Any
    _coach_at: tuple
    width: int  # characters a line
    dirs: bool  # LEFT/RIGHT/UP/DOWN move and toggle
    select: bool
    cursor: int  # slot 0..5, or _NEXT / _KEEP
    pick: int  # the selection, a slot mask
    cycle: int  # index in legal_keeps of the last SELECT / "next keep"
    cycled: Any  # the masks of legal_keeps when it was cycled
    goal_i: int  # the house editor: GOALS and ENTRIES indexes
    entry_i: int
    field: int  # 0 goal, 1 entry, 2 "ok"
    rolloff: bytearray  # each seat's last roll-off faces

    def __init__(self, view, game, seats, buttons, bot):
        super().__init__(view, game, seats, buttons, bot)
        from games.skunkd import build  # the set-up's code: in RAM for the moment

        build.screen(self, view, game, buttons)
        rollbox.unload("games.skunkd.build")

    def coach_at(self):
        return self._coach_at

    # -- text helpers ------------------------------------------------------

    def _fit(self, *texts):
        """The first of ``texts`` that fits a line (else the last, cut)."""
        for t in texts:
            if len(t) <= self.width:
                return t
        return texts[-1][:self.width]

    def _join(self, text, event, short=""):
        """``text`` and ``event`` on one line; else ``short`` (if given and
        it fits), else ``event``."""
        if not event:
            return text
        if not text:
            return event
        if short and len(short) <= self.width:
            return self._fit(text + "; " + event, short)
        return self._fit(text + "; " + event, event)

    def _human(self, state):
        p = state.current_player()
        return p >= 0 and not self.seats[p]

    # -- drawing -------------------------------------------------------------

    def draw(self, state):
        v = self.view
        phase = state.phase
        if phase > PHASE_HOUSE:
            self._setup(state)  # play has begun: the set-up's module goes
        human = self._show_dice(state)
        v.set_text(self.den_line, self._den_text(state))
        v.set_text(self.value_line, self._value_text(state, human))
        turn = -1 if phase == PHASE_OVER else state.turn_player()
        per = self.per_line
        for i in range(len(self.seat_lines)):
            text = ""
            end = min(i * per + per, len(state.scores))
            for p in range(i * per, end):
                cell = self._cell(state, p, turn)
                text += cell if p == end - 1 else "%-12s " % cell  # a space between
            v.set_text(self.seat_lines[i], text)
        v.set_text(self.info_line, self._info_text(state))

    def _show_dice(self, state):
        """The dice's faces and tints, the cursor's bar (the landing's frame
        shows them, the prompt's finds them shown); True for a human seat."""
        phase = state.phase
        changed = False
        den = state.den_mask
        bad = 0
        if (phase == PHASE_START or phase == PHASE_OVER) and state.busted:
            bad = state.rolled_mask  # the skunked roll; the rest was the den
            den = _ALL & ~bad
        elif phase < PHASE_START:
            den = 0
        human = self._human(state)
        for i in range(6):
            bit = 1 << i
            tint = PLAIN
            if den & bit:
                tint = KEPT
            elif bad & bit:
                tint = BAD
            elif phase == PHASE_KEEP and human and self.pick & bit:
                tint = PICKED
            die = self.dice[i]
            changed |= die.show(state.dice[i], tint)
            changed |= die.move(0, self._drop if tint == KEPT else 0)
        show_bar = phase == PHASE_KEEP and human and self.cursor < 6
        if self.bar.hidden == show_bar:
            self.bar.hidden = not show_bar
            changed = True
        x = self._x0 + self.cursor * self._pitch
        if show_bar and self.bar.x != x:
            self.bar.x = x
            changed = True
        if changed:
            self.view.dirty = True
        return human

    modules = ("games.skunkd.options",)  # while paused, out of RAM (_setup imports it again)

    def _setup(self, state):
        """``games.skunkd.options`` (loaded) while the roll-off or
        the house options are on, else None (and it is unloaded)."""
        if state.phase <= PHASE_HOUSE:
            from games.skunkd import options as skunkd_setup

            return skunkd_setup
        rollbox.unload("games.skunkd.options")
        return None

    def _den_text(self, state):
        phase = state.phase
        if phase <= PHASE_HOUSE:
            return self._setup(state)._den_text(self, state)
        if phase == PHASE_OVER:
            return "Game over"
        text = "den %d" % state.den
        if state.and_rolling:
            return self._fit(text + " ...and rolling!")
        kept = _count(state.den_mask)
        parts = []
        if state.skunk_run > 0:  # every die in the den is a single Skunk
            parts.append(" Skunk run %d/6" % state.skunk_run)
        elif kept and phase != PHASE_START:
            parts.append(" kept %d/6" % kept)
        for f in (2, 3, 4, 6):
            if state.mega_faces >> f - 1 & 1:
                parts.append(" mega %ds" % f)
        for part in parts:
            if len(text) + len(part) <= self.width:
                text += part
        return text

    def _value_text(self, state, human):
        phase = state.phase
        p = state.turn_player()
        if phase == PHASE_KEEP:
            if not human:
                return "P%d picks a keep" % (p + 1)
            reason = explain_keep(state, self.pick)
            if reason:
                return reason
            text = "keep %s: %d" % (_faces(state.dice, self.pick), keep_points(state, self.pick))
            if self.cycle >= 0 and self.cycle < len(self.cycled) and \
                    self.cycled[self.cycle] == self.pick:
                text = self._fit("%s (%d/%d)" % (text, self.cycle + 1, len(self.cycled)), text)
            return text
        if phase == PHASE_KEPT:
            if state.and_rolling:
                return "...and rolling! Roll all 6"
            if BANK in state.legal_actions():
                return "a bank makes %d" % (state.scores[p] + state.den)
            return "need %d to enter" % state.entry
        if phase == PHASE_START:
            if not state.entered >> p & 1 and state.entry:
                return "P%d needs %d to enter" % (p + 1, state.entry)
            return "P%d to roll" % (p + 1)
        if phase == PHASE_ROLLING:
            return "rolling %d %s" % (_count(state.rolled_mask),
                                      "die" if _count(state.rolled_mask) == 1 else "dice")
        if phase == PHASE_HOUSE:
            return self._setup(state)._value_text(self, state, human)
        return ""

    def _cell(self, state, p, turn):
        """One seat's text: up to 13 characters on two-seat lines."""
        mark = ">" if p == turn else " "
        large = self.per_line == 1
        who = ("cpu " if self.seats[p] else "you ") if large else ""
        if state.phase <= PHASE_HOUSE:  # the roll-off's dice and Skunks
            return self._setup(state)._cell(self, state, p, turn)
        score = "%d" % state.scores[p] if state.entered >> p & 1 else "-"
        band = state.headband == p
        flag = ""
        if state.leader == p:  # not "L": that is SKUNK's LEFT key (issue 14)
            flag = " leader" if large else " #"
        elif state.out_mask >> p & 1:
            flag = " out" if large else " x"
        if large:
            return "%sP%d %s%s%s%s" % (mark, p + 1, who, score, " headband" if band else "", flag)
        return "%sP%d%s %s%s" % (mark, p + 1, "*" if band else "", score, flag)

    def _info_text(self, state):
        phase = state.phase
        if phase <= PHASE_HOUSE:
            return self._setup(state)._info_text(self, state)
        leader = state.leader
        if phase == PHASE_OVER:
            return "P%d wins with %d" % (leader + 1, state.scores[leader])
        if leader >= 0:
            return self._fit("Overtime: P%d leads with %d" % (leader + 1, state.scores[leader]),
                             "Overtime: P%d leads %d" % (leader + 1, state.scores[leader]))
        return self._fit("Goal %d; entry: bank %d+ first" % (state.goal, state.entry),
                         "goal %d, entry %d" % (state.goal, state.entry))

    def help_key(self):
        """The status line's last resort when a step's keys do not fit it:
        the pause screen's key (issue 14, item 3)."""
        return "START: help" if self.buttons & START else "A+B hold: help"

    def status(self, state, accel_ok):
        phase = state.phase
        who = "P%d " % (state.turn_player() + 1)
        if phase == PHASE_HOUSE:
            return self._setup(state).status(self, who)
        if phase == PHASE_KEEP:  # every key of the step, else the help key (issue 14)
            shake = " Shake:keep+roll" if accel_ok else ""
            if self.dirs:
                return self._fit(who + "<>^v:pick A:keep B:+bank SEL:next",
                                 who + "A:keep " + self.help_key())
            act = ("A:pick/drop", "A:next keep", "A:keep")[max(0, self.cursor - 5)]
            sel = " SEL:next" if self.select else ""
            return self._fit(who + act + " B:step" + sel + shake, who + act + " B:step" + sel,
                             who + act[:6] + " B:step" + sel, who + act + " " + self.help_key())
        roll = "Shake/A:roll" if accel_ok else "A:roll"
        if state.and_rolling:
            return who + roll + " all 6"
        text = "%s%s %d" % (who, roll, state.dice_left())
        if phase == PHASE_KEPT and BANK in state.legal_actions():
            text += " B:bank"
        return text

    # -- input ---------------------------------------------------------------

    def _no_use(self, pressed):
        """Explain a button that does nothing now."""
        i = _low(pressed)
        self.say("%s does nothing now" % (NAMES[i] if i < len(NAMES) else "that"))

    def press(self, state, pressed):
        p = state.current_player()
        if p < 0:
            return None
        if self.seats[p]:
            self.say("P%d (computer) is playing" % (p + 1))
            return None
        phase = state.phase
        if phase == PHASE_HOUSE:
            return self._setup(state).press(self, state, pressed)
        if phase == PHASE_KEEP:
            return self._press_keep(state, pressed)
        if pressed & A:
            return ROLL
        if pressed & B:
            reason = explain_bank(state)
            if reason is None:
                return BANK
            self.say(reason)
            return None
        self._no_use(pressed)
        return None

    def _press_keep(self, state, pressed):
        rolled = state.rolled_mask
        if self.dirs and pressed & (LEFT | RIGHT):
            self.cursor = _step(self.cursor, rolled, 1 if pressed & RIGHT else -1, False)
        elif self.dirs and pressed & (UP | DOWN):
            self.pick ^= 1 << self.cursor
        elif pressed & SELECT:
            self._next_keep(state)
        elif pressed & A:
            if self.dirs or self.cursor == _KEEP:
                return self.pick | _KEEP_ONLY
            if self.cursor == _NEXT:
                self._next_keep(state)
            else:
                self.pick ^= 1 << self.cursor
        elif pressed & B:
            if self.dirs:
                return self.pick | _THEN_BANK
            self.cursor = _step(self.cursor, rolled, 1, True)
        else:
            self._no_use(pressed)
            return None
        self.draw(state)
        return None

    def _next_keep(self, state):
        """The selection becomes the next legal keep by value (cycling)."""
        keeps = legal_keeps(state)
        self.cycled = [m for _, m in keeps]
        self.cycle = (self.cycle + 1) % len(keeps)
        self.pick = keeps[self.cycle][1]

    def shake(self, state):
        phase = state.phase
        if phase == PHASE_KEEP:
            return self.pick | _THEN_ROLL
        if phase == PHASE_START or phase == PHASE_KEPT:
            return ROLL
        return None

    def shake_dice(self, state):
        """The dice not in the den (nor picked now); all six when none is
        left ("...and rolling!")."""
        rest = _ALL & ~state.den_mask
        if state.phase == PHASE_KEEP:
            rest &= ~self.pick
        return rest or _ALL

    # -- actions -------------------------------------------------------------

    def apply(self, state, action):
        p = state.turn_player()
        kind = action & _KINDS
        if kind or 0 < action <= _ALL:
            text = self._keep(state, action & _ALL, kind)
        elif action == ROLL:
            state.apply_action(ROLL)
            self.rolling = state.rolled_mask
            text = ""
        elif action == BANK:
            text = self._bank(state)
        else:
            state.apply_action(action)  # house options (ValueError if illegal)
            text = "P%d set goal and entry" % (p + 1)  # the info line shows them
        self.draw(state)
        return text

    def _keep(self, state, mask, kind):
        """Keep ``mask`` (then roll or bank). Checks everything first: a
        refusal raises ValueError with the reason and changes nothing."""
        reason = explain_keep(state, mask)
        if reason:
            raise ValueError(reason)
        if kind == _THEN_BANK:
            reason = explain_bank(state, mask)
            if reason:
                raise ValueError(reason)
        p = state.turn_player()
        points = keep_points(state, mask)
        faces = _faces(state.dice, mask)
        state.apply_action(mask)
        text = self._fit("P%d keeps %s: +%d" % (p + 1, faces, points),
                         "P%d %s: +%d" % (p + 1, faces, points))
        if state.and_rolling:
            text = self._fit(text + " ...and rolling!", "P%d +%d ...and rolling!" % (p + 1, points))
        if kind == _THEN_ROLL:
            state.apply_action(ROLL)
            self.rolling = state.rolled_mask
        elif kind == _THEN_BANK:
            text = self._bank(state)
        return text

    def _bank(self, state):
        p = state.turn_player()
        den = state.den
        leader, out = state.leader, state.out_mask
        state.apply_action(BANK)
        event = self._events(state, p, leader, out)
        return self._join("P%d banks %d: %d" % (p + 1, den, state.scores[p]), event,
                          "P%d banks %d, out" % (p + 1, den) if state.out_mask & ~out else "")

    def _events(self, state, p, leader, out):
        """Overtime news after seat ``p``'s turn ended ("" for none)."""
        if state.leader != leader:
            q = state.leader
            if leader < 0:
                return self._fit("Overtime: P%d leads with %d" % (q + 1, state.scores[q]),
                                 "Overtime! P%d leads %d" % (q + 1, state.scores[q]))
            return "P%d leads with %d" % (q + 1, state.scores[q])
        if state.out_mask & ~out:
            return "P%d is out" % (p + 1)
        return ""

    def rest(self, state):
        self._show_dice(state)  # six dice (~2,250 px): their own frame, not the landing's
        return True

    def settle(self, state, roller):
        p = state.turn_player()
        if state.phase == PHASE_ROLLOFF:
            return self._setup(state).settle(self, state, roller, p)
        den = state.den
        leader, out = state.leader, state.out_mask
        while state.is_chance_node():
            state.apply_action(roller.outcome(state))
        self.still()
        if state.busted:
            if state.rolled_mask == _ALL:
                text = self._fit("Super SKUNK'D! P%d takes the headband" % (p + 1),
                                 "Super SKUNK'D! P%d headband" % (p + 1))
            else:
                text = self._fit("P%d SKUNK'D! den %d lost" % (p + 1, den),
                                 "SKUNK'D! den %d lost" % den)
            event = self._events(state, p, leader, out)
            return self._join(text, event, "SKUNK'D! " + event)
        rolled = state.rolled_mask
        self.pick = 0
        self.cycle = -1
        self.cycled = ()
        self.cursor = _low(rolled) if self.dirs else _NEXT
        return "P%d rolled %s" % (p + 1, _faces(state.dice, rolled))
