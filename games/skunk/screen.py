"""SKUNK's play screen (RULES.md 2, "SKUNK"): the table's scorepad, the
round total and the two dice.

The round's **shooter** (seat ``round % players``) rolls for the whole
table: a shake rolls (A too, unless A is a seat's sit button). Between
rolls any standing human seat may sit, also while a computer shooter
thinks; a button pressed while the dice tumble is ignored (the app reads no
buttons then). Computer seats ask the bot (``sits``) just before each roll;
a computer shooter asks ``choose``.

Controls:

- A board with 8 buttons (PyBadge: UP among them): each human seat sits
  with its own button, seats P1..P8 in the order LEFT, UP, RIGHT, DOWN,
  SELECT, START, B, A (shown as ``L U R D Se St B A`` at the right end of
  the seat's row). A rolls, unless an eighth seat is human: then A is P8's
  sit button and the shooter rolls by shaking only; with no accelerometer
  that table falls back to the roster cursor below.
- Other boards (PyGamer, Circuit Playground + Gizmo, generic: A and B): a
  roster cursor over a "roll" item (when the shooter is human) and the
  standing human seats, the shooter first, then on round the table. B
  steps the cursor, A acts on it (sit that seat / roll). The cursor goes
  back to its first item ("roll", or the first standing human while a
  computer shoots) after every roll and every sit, so a shooter's A never
  sits anyone by accident: the shooter rolls with A, sits with B then A.

A button that means nothing now (a seat that sat, a computer's or a missing
seat's button) says so on the message line and changes nothing.

Layout (pixels; labels are 6x12 per character, ``y`` their middle). Rows:
``P1^ 12 0* 24        36 Se`` = seat, ``^`` standing / ``_`` sat, the
columns S K U N K (blank = not played, ``0*`` = points wiped by a double
1), the game total, then the seat's sit button, ``<--`` (the roster cursor)
or ``cpu``; ``win`` marks the winners at the end. A light band behind a
column marks the round being played, a gold band behind a row the shooter.

- 160x128: header y 12..24, up to six rows from y 24 every 12 (the last
  ends at 96); seven or eight seats: the header and rows in the short font
  (``rollbox.short``, 10 pixels high), header y 12..22, rows from y 22
  every 10 (the last ends at 102, where the message line starts); x 2..158
  (26 characters). The round total (x 36) and two 12-pixel dice (x 128 and
  143) share the title line after "SKUNK"; they are hidden at the end, when
  the title shows the result. The coach's lines go over the message and
  status lines (the pad and the title line are the game).
- 240x240: header y 26..38, rows from y 42 every 16 (the last ends at
  166); x 18..216 (33 characters); "Round 2 (K)  total 24" at (18, 179),
  two 28-pixel dice at x 156 and 192, y 167..195 (above the message line
  at 200). The coach's lines cover the title line and y 12..24 above the
  pad.
"""

from micropython import const

import rollbox
from games.skunk.rules import (
    ADDED,
    COLUMNS,
    DOUBLE_SKUNK,
    ROLL,
    ROUNDS,
    SIT_BASE,
    SKUNK,
    UNPLAYED,
)
from rollbox.controls import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from rollbox.screen import Screen
from rollbox.view import BAD, PLAIN

try:
    from typing import Any  # noqa: F401 (the annotations)
except ImportError:
    pass

_THINK_KEYS = const(1500)  # a computer shooter waits (ms) while a human stands: own buttons
_THINK_ROSTER = const(2500)  # ... with the roster cursor (B then A)

# Seat i's own sit button on an 8-button board
# and its label on the pad.
_SEAT_KEYS = (LEFT, UP, RIGHT, DOWN, SELECT, START, B, A)
_KEY_LABELS = ("<", "^", ">", "v", "Sel", "Sta", "B", "A")  # the d-pad as arrows

_ROLL_ITEM = const(-1)  # the roster cursor's "roll" item
_HOME = const(-2)  # the roster cursor goes to its default item


class SkunkScreen(Screen):
    """See :class:`rollbox.screen.Screen` for the contract and the module
    docstring for the controls and the layout."""

    ASIDE = True  # humans sit while a computer shooter thinks

    # The attributes (set by games.skunk.build.screen, for the type check):
    _long_info: int  # the round line's format (0 short, 1 long)
    _wobble: int  # the dice's vertical wobble (0/1)
    _top: bool  # info on the title line (hidden at the end)
    _short: Any  # the short font's module (rollbox.short), when used
    _cell: str  # the pad's formats
    _total: str
    _ctl: str
    _sep: str  # between "P1" and the stand mark
    _width: int  # characters on a line
    _band_x: int  # the round's column band: x, width (pixels)
    _band_w: int
    column_band: Any
    _row_top: int  # the shooter's band: first top, pitch (pixels)
    _pitch: int
    shooter_band: Any
    header: Any
    rows: list
    info: Any
    accel_ok: bool  # as the app last said (status); A's job depends on it
    cursor: int  # roster cursor: a seat, _ROLL_ITEM, or _HOME
    _keys: Any

    def __init__(self, view, game, seats, buttons, bot):
        super().__init__(view, game, seats, buttons, bot)
        from games.skunk import build  # the set-up's code: in RAM for the moment

        build.screen(self, view, game, seats)
        rollbox.unload("games.skunk.build")

    def coach(self, state):
        """The bot's two lines; with seven or eight rows on 160x128 only
        the second (stand or sit, and HARD's move), over the message line:
        every other line there is the game or the keys."""
        lines = self.bot.coach(state)
        if self._short is not None:
            return "", lines[1]
        return lines

    def coach_at(self):
        """On 160x128 the pad's rows, the title line (the dice) and the
        status line (the keys) are the game: the coach goes over the
        header (y 12..24, above six rows) and the message line."""
        if self.view.large:
            return Screen.coach_at(self)
        return (18, self.view.message.tilegrid.y + 6)

    # -- who presses what ----------------------------------------------------

    def _a_sits(self):
        """True when A is a human seat's sit button (an eighth human seat)."""
        return len(self.seats) == 8 and not self.seats[7]

    def _own_keys(self):
        """True: each seat sits with its own button; False: roster cursor."""
        return bool(self.buttons & UP) and (self.accel_ok or not self._a_sits())

    def _items(self, state):
        """The roster: the roll (when the shooter is human), then the
        standing human seats from the shooter on (the shooter holds the
        board: B, A sits them)."""
        n = len(self.seats)
        shooter = state.turn_player()
        items = [] if self.seats[shooter] else [_ROLL_ITEM]
        for k in range(n):
            p = (shooter + k) % n
            if not self.seats[p] and state.is_standing(p):
                items.append(p)
        return items

    def _cursor(self, items):
        """The roster cursor's item now: its first item (the roll, or the
        first standing human while a computer shoots) when unset or gone."""
        if self.cursor in items:
            return self.cursor
        return items[0] if items else _HOME

    # -- drawing -------------------------------------------------------------

    def _move(self, shape, x=None, y=None, hidden=False):
        if (x is not None and shape.x != x) or (y is not None and shape.y != y):
            shape.x = shape.x if x is None else x
            shape.y = shape.y if y is None else y
            self.view.dirty = True
        if shape.hidden != hidden:
            shape.hidden = hidden
            self.view.dirty = True

    def _show_dice(self, state):
        for i in range(2):
            face = state.dice[i]
            if self.dice[i].show(face, BAD if face == 1 else PLAIN):
                self.view.dirty = True

    def draw(self, state):
        v = self.view
        over = state.is_terminal()
        r = state.round
        shooter = state.turn_player()
        n = len(self.seats)
        won = state.winners()
        cursor = _HOME
        if not over and not self._keys:
            cursor = self._cursor(self._items(state))
        for p in range(n):
            row = state.pad[p]
            standing = over or state.is_standing(p)
            text = "P%d%s%s" % (p + 1, self._sep, " ")
            for c in range(ROUNDS):
                if row[c] == UNPLAYED:
                    text += self._cell % ""
                elif state.wiped[p] >> c & 1:
                    text += self._cell % "0*"
                else:
                    text += self._cell % row[c]
            text += self._total % state.scores[p]
            if p in won:
                ctl = "win"
            elif not standing:
                ctl = "sat"
            elif self.seats[p]:
                ctl = "cpu"
            elif self._keys:
                ctl = _KEY_LABELS[p]
            else:
                ctl = "<--" if p == cursor else ""
            v.set_text(self.rows[p], (text + self._ctl % ctl).rstrip())
        self._move(self.column_band, x=self._band_x + min(r, ROUNDS - 1) * self._band_w,
                   hidden=over)
        self._move(self.shooter_band, y=self._row_top + shooter * self._pitch, hidden=over)
        if self._long_info and not over:  # the line is hidden at the end
            info = "Round %d (%s)  total %d" % (r + 1, COLUMNS[r], state.round_total)
        else:
            info = "Round total %d" % state.round_total
        v.set_text(self.info, info)
        self._move(self.info.tilegrid, hidden=over)
        for die in self.dice:  # the result needs the whole title line
            if die.hide(over and self._top):
                v.dirty = True
        self._show_dice(state)
        humans = False
        for p in range(n):
            humans |= not self.seats[p] and state.is_standing(p)
        if humans and self.seats[shooter]:
            self.THINK_MS = _THINK_KEYS if self._keys else _THINK_ROSTER
        else:
            self.THINK_MS = Screen.THINK_MS

    def status(self, state, accel_ok):
        """The status line; also notes ``accel_ok``: without a shake, a
        table whose A is a sit button switches to the roster cursor."""
        if accel_ok != self.accel_ok:
            self.accel_ok = accel_ok
            keys = self._own_keys()
            if keys != self._keys:
                self._keys = keys
                self.cursor = _HOME
                self.draw(state)
        p = state.turn_player()
        if self._keys:
            if not self._a_sits():
                roll = "Shake/A:roll" if accel_ok else "A:roll"
            else:
                roll = "Shake:roll"
            keys = [_KEY_LABELS[i] for i in range(len(self.seats))
                    if not self.seats[i] and state.is_standing(i)]
            if not keys:
                return "P%d %s" % (p + 1, roll)
            text = "P%d %s %s:sit" % (p + 1, roll, "/".join(keys))  # the keys on their rows
            return text if len(text) <= self._width else "P%d %s Row key:sit" % (p + 1, roll)
        item = self._cursor(self._items(state))
        if item == _ROLL_ITEM:
            return "P%d %s B:next" % (p + 1, "Shake/A:roll" if accel_ok else "A:roll")
        if item == _HOME:
            return "P%d %s" % (p + 1, "Shake/A:roll" if accel_ok else "A:roll")
        return "A:sit P%d B:next%s" % (item + 1, " Shake:roll" if accel_ok else "")

    def pause_key(self):
        """START opens the pause screen, unless it is P6's sit key here
        (then A and B held together for 1 s do)."""
        return 0 if self._keys and len(self.seats) > 5 else START

    # -- input ---------------------------------------------------------------

    def press(self, state, pressed):
        if state.is_terminal() or state.is_chance_node():
            self.say("Wait for the dice")
            return None
        if self._keys:
            return self._press_key(state, pressed)
        return self._press_roster(state, pressed)

    def _press_key(self, state, pressed):
        n = len(self.seats)
        a_sits = self._a_sits()
        for i in range(len(_SEAT_KEYS)):
            if not pressed & _SEAT_KEYS[i] or (_SEAT_KEYS[i] == A and not a_sits):
                continue
            if i >= n:
                self.say("No P%d at this table" % (i + 1))
            elif self.seats[i]:
                self.say("P%d is a computer" % (i + 1))
            elif not state.is_standing(i):
                self.say("P%d sat already" % (i + 1))
            else:
                return SIT_BASE + i
            return None
        if pressed & A:
            return self._roll(state)
        return None

    def _press_roster(self, state, pressed):
        items = self._items(state)
        item = self._cursor(items)
        if pressed & A:
            if item == _ROLL_ITEM:
                return self._roll(state)
            if item == _HOME:
                self.say("No one standing can sit")
                return None
            return SIT_BASE + item
        if pressed & B:
            if not items:
                self.say("No one standing can sit")
                return None
            self.cursor = items[(items.index(item) + 1) % len(items)]
            self.say("A: roll" if self.cursor == _ROLL_ITEM else "A: P%d sits" % (self.cursor + 1))
            self.draw(state)
            return None
        if pressed:
            self.say("B: next  A: sit/roll")
        return None

    def _roll(self, state):
        p = state.turn_player()
        if self.seats[p]:
            self.say("P%d (computer) rolls" % (p + 1))
            return None
        return ROLL

    def shake(self, state):
        return ROLL

    # -- actions -------------------------------------------------------------

    def apply(self, state, action):
        """A sit, or a roll: first every standing computer seat the bot
        sends down (``bots.skunk.sits``), then the dice (no roll when that
        sat the last standing seat)."""
        self.cursor = _HOME
        r = state.round
        total = state.round_total
        if action != ROLL:
            state.apply_action(action)
            return self._round_over(state, r, "P%d sits at %d" % (action - SIT_BASE + 1, total))
        down = [p for p in range(len(self.seats))
                if self.seats[p] and self.bot.sits(state, p, self.seats[p])]
        for p in down:
            state.apply_action(SIT_BASE + p)
        text = ""
        if len(down) == 1:
            text = "P%d sits at %d" % (down[0] + 1, total)
        elif down:
            text = " ".join("P%d" % (p + 1) for p in down) + " sit at %d" % total
            if len(text) > self._width:
                text = "%d seats sit at %d" % (len(down), total)
        if state.round != r:  # they were the last standing: no roll
            return self._round_over(state, r, text)
        state.apply_action(ROLL)
        self.rolling = 3
        return text

    def _round_over(self, state, r, text):
        """``text``, with the next round's name when round ``r`` just ended
        and it fits on the line."""
        if state.round == r or state.is_terminal():
            return text
        longer = "%s. Round %d (%s)" % (text, state.round + 1, COLUMNS[state.round])
        return longer if len(longer) <= self._width else text

    def tumble(self, roller):
        """Both dice: random faces and a wobble: -2..3 pixels across and
        -1..1 up and down below the pad (large layout), -1..1 across only
        on the title line (small)."""
        w = self._wobble
        for i in range(len(self.dice)):
            face = roller.face()
            dx = roller.face() - 3
            self.next_face(i, face, dx if w else dx // 2, (roller.face() - 3) // 2 * w)

    def settle(self, state, roller):
        p = state.turn_player()
        r = state.round
        while state.is_chance_node():
            state.apply_action(roller.outcome(state))
        self.home()
        self.cursor = _HOME
        self._show_dice(state)
        d1, d2 = state.dice
        event = state.last_event
        if event == ADDED:
            return "P%d rolled %d-%d: +%d" % (p + 1, d1, d2, d1 + d2)
        if event == SKUNK:
            text = "%d-%d: SKUNK! standing 0" % (d1, d2)
        elif event == DOUBLE_SKUNK:
            text = "%d-%d: double SKUNK! totals wiped" % (d1, d2)
            if len(text) > self._width:
                text = "%d-%d: double SKUNK! wiped" % (d1, d2)
        else:
            text = "%d-%d" % (d1, d2)
        return self._round_over(state, r, text)

    # -- words ---------------------------------------------------------------

    def result(self, state):
        won = state.winners()
        if len(won) == 1:
            return Screen.result(self, state)
        text = "Shared win: " + " ".join("P%d" % (p + 1) for p in won)
        if len(text) > self._width:
            text = "%d seats share the win" % len(won)
        return text
