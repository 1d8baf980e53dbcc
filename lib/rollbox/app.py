"""The app: menu -> play -> game over, one non-blocking :meth:`App.step` per frame.

Each step drains the keypad events, feeds one accelerometer sample to the
shake detector, advances the screen's state machine and refreshes only what
changed. The game is only touched through its state's legal actions and
``apply_action``; dice come from the :class:`rollbox.dice.Roller` when a
roll settles (the end of a shake, or the end of a button / computer tumble).
"""

import gc

from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

from rollbox import seats
from rollbox.controls import START, A, B, Controls
from rollbox.dice import Roller
from rollbox.menu import Menu
from rollbox.shake import IDLE, SETTLED, SHAKING, ShakeDetector
from rollbox.view import View

try:
    from typing import Any, Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass

_MENU = const(0)
_PLAY = const(1)
_OVER = const(2)

_PROMPT = const(0)  # waiting for the seat to act
_TUMBLE = const(1)  # dice tumbling; the roll is decided when it ends

TUMBLE_MS = const(700)  # a button or computer roll tumbles this long
FACE_MS = const(80)  # tumbling faces change this often
THINK_MS = const(700)  # a computer seat waits this long before acting
MAX_SHAKE_MS = const(10000)  # a shake that never settles is decided anyway

_ROLL = const(0)  # the Pig family's ROLL and HOLD actions (games.pig)
_HOLD = const(1)


class App:
    """The whole device program.

    :param hw: a ``rollbox.hardware.Hardware`` (display, keys, key map,
        accelerometer or None, shake figures, start-up notice).
    :param roller: the dice (default: ``Roller()`` on ``random``).
    :param log: optional ``log(text)`` for a transcript (the simulator's).
    """

    def __init__(self, hw, roller=None, log=None):
        self.hw = hw
        self.view = View(hw.display)
        self.controls = Controls(hw.keys, hw.key_map)
        self.detector = ShakeDetector(*hw.shake)
        self.roller = roller or Roller()
        self.log = log
        self.menu = Menu()
        self.mode = _MENU
        self.phase = _PROMPT
        self.game = None  # type: Any
        self.state = None  # type: Any
        self.seats = ()  # type: Tuple[int, ...]
        self.accel_ok = hw.accel is not None
        self.notice = hw.message
        self._since = 0
        self._face_at = 0
        self._by_shake = False
        self._armed = False
        self._faces = [0, 0]
        self._draw_menu()

    def run(self):
        """Run forever on the device clock (never returns)."""
        from adafruit_ticks import ticks_ms

        while True:
            self.step(ticks_ms())

    def step(self, now):
        """One frame at ``now`` (ms from ``ticks_ms()``)."""
        pressed = self.controls.buttons()
        motion = self._sample(now)
        if self.mode == _MENU:
            self._step_menu(pressed, now)
        elif self.mode == _PLAY:
            self._step_play(pressed, motion, now)
        elif pressed & (A | START):
            self._to_menu()
        self.view.refresh()

    def awaiting_human(self):
        """True when a human seat is being asked to roll or hold."""
        return (self.mode == _PLAY and self.phase == _PROMPT
                and not self.seats[self.state.current_player()])

    # -- input -------------------------------------------------------------

    def _sample(self, now):
        if not self.accel_ok:
            return IDLE
        try:
            x, y, z = self.hw.accel.acceleration
        except (OSError, RuntimeError, ValueError):
            self.accel_ok = False
            self.detector.reset()
            self.notice = "No accelerometer: A rolls"
            self._say(self.notice)
            if self.mode == _PLAY and self.phase == _PROMPT:
                self._draw_prompt()
            return IDLE
        return self.detector.update(x, y, z, now)

    # -- menu --------------------------------------------------------------

    def _step_menu(self, pressed, now):
        if not pressed:
            return
        from games.pig import VARIANT_NAMES

        if self.menu.press(pressed, len(VARIANT_NAMES)):
            self._start_game(now)
        else:
            self._draw_menu()

    def _draw_menu(self):
        from games.pig import VARIANT_NAMES

        v = self.view
        v.show_menu()
        v.set_text(v.title, self.notice or "Rollbox")
        m = self.menu
        for i in range(len(v.menu_lines)):
            text = ""
            if i < m.size():
                text = (">" if i == m.cursor else " ") + m.line(i, VARIANT_NAMES)
            v.set_text(v.menu_lines[i], text)
        if m.cursor == m.size() - 1:
            v.set_text(v.status, "A:start B:next")
        else:
            v.set_text(v.status, "A:change B:next START:go" if START in self.hw.key_map
                       else "A:change B:next")

    def _to_menu(self):
        self.mode = _MENU
        self.game = self.state = None
        gc.collect()
        self._draw_menu()

    # -- play --------------------------------------------------------------

    def _start_game(self, now):
        from games.pig import PigGame

        m = self.menu
        self.game = PigGame(variant=m.variant, six_bad=m.six_bad, players=m.players,
                            goal=m.goal)
        self.state = self.game.new_initial_state()
        self.seats = tuple(m.seats[:m.players])
        self.mode = _PLAY
        if self.hw.accel is not None and not self.accel_ok:
            self.accel_ok = True  # try the accelerometer again each game
            self.notice = self.hw.message
        gc.collect()
        v = self.view
        v.show_play(self.game.dice())
        v.set_dice((0, 0))
        title = "%s to %d" % (self.game.title(), m.goal)
        v.set_text(v.title, title if len(title) <= 26 else "%s %d" % (self.game.title(), m.goal))
        v.set_text(v.message, self.notice)
        self._log("new game: %s, goal %d, seats %s" % (
            self.game.title(), m.goal, ", ".join(self._seat_name(p) for p in range(m.players))))
        self._prompt(now)

    def _seat_name(self, p):
        return "P%d (%s)" % (p + 1, "computer" if self.seats[p] else "human")

    def _prompt(self, now):
        self.phase = _PROMPT
        self._since = now
        self._armed = False
        self._draw_state()
        self._draw_prompt()

    def _draw_prompt(self):
        """The status line: what the buttons do now."""
        p = self.state.current_player()
        v = self.view
        if self.seats[p]:
            v.set_text(v.status, "P%d (computer) thinking" % (p + 1))
            return
        roll = "Shake/A:roll" if self.accel_ok else "A:roll"
        hold = " B:hold" if _HOLD in self.state.legal_actions() else ""
        v.set_text(v.status, "P%d %s%s" % (p + 1, roll, hold))

    def _step_play(self, pressed, motion, now):
        if self.phase == _TUMBLE:
            self._step_tumble(motion, now)
            return
        p = self.state.current_player()
        if self.seats[p]:
            if ticks_diff(now, self._since) >= THINK_MS:
                self._act(seats.hold_at_20(self.state), now)
            return
        if motion == IDLE:
            self._armed = True  # a shake must begin inside the prompt
        if self._armed and motion == SHAKING:
            self._act(_ROLL, now, by_shake=True)
        elif pressed & A:
            self._act(_ROLL, now)
        elif pressed & B:
            if _HOLD in self.state.legal_actions():
                self._act(_HOLD, now)
            else:
                self._say("Nothing to hold yet")

    def _act(self, action, now, by_shake=False):
        s = self.state
        p = s.current_player()
        held = s.turn_total
        try:
            s.apply_action(action)
        except ValueError as err:
            self._say(str(err))
            return
        if s.is_chance_node():
            self.phase = _TUMBLE
            self._since = now
            self._face_at = now
            self._by_shake = by_shake
            self.view.set_text(self.view.status, "Shaking..." if by_shake else "Rolling...")
            return
        score = s.scores[p]
        text = "P%d holds %d: score %d" % (p + 1, held, score)
        self._log(text)
        self._say(text)
        self._after_action(now)

    def _step_tumble(self, motion, now):
        if ticks_diff(now, self._face_at) >= 0:
            faces = self._faces
            for i in range(self.game.dice()):
                faces[i] = self.roller.face()
                self.view.jiggle(i, faces[i] - 3, 3 - self.roller.face())
            self.view.set_dice(faces)
            self._face_at = ticks_add(now, FACE_MS)
        age = ticks_diff(now, self._since)
        if self._by_shake and self.accel_ok:
            done = motion == SETTLED or age >= MAX_SHAKE_MS
        else:
            done = age >= TUMBLE_MS
        if done:
            self._settle(now)

    def _settle(self, now):
        from games.pig import ADD, BUST, WIPE, is_bad, score_roll

        s = self.state
        p = s.turn_player()
        before = s.turn_total
        s.apply_action(self.roller.outcome(s))
        params = self.game.params
        dice = s.dice
        kind, points = score_roll(params["variant"], params["six_bad"], dice)
        bad = 0
        if kind != ADD:  # tint the faces that ended the turn
            for i in range(len(dice)):
                if is_bad(params["six_bad"], dice[i]):
                    bad |= 1 << i
        for i in range(len(dice)):
            self.view.jiggle(i, 0, 0)
        self.view.set_dice(dice, bad)
        roll = "-".join(str(d) for d in dice)
        if kind == BUST:
            text = "P%d rolled %s: bust -%d" % (p + 1, roll, before)
        elif kind == WIPE:
            text = "P%d rolled %s: wiped!" % (p + 1, roll)
        else:
            text = "P%d rolled %s: +%d" % (p + 1, roll, points)
        how = "shake" if self._by_shake else "button" if not self.seats[p] else "computer"
        self._log("%s (%s; turn total %d, scores %s)" % (text, how, s.turn_total, s.scores))
        self._say(text)
        self._after_action(now)

    def _after_action(self, now):
        s = self.state
        if s.is_terminal():
            self.mode = _OVER
            self._draw_state()
            w = s.winner()
            v = self.view
            v.set_text(v.title, "%s wins!" % self._seat_name(w))
            v.set_text(v.status, "A: menu")
            self._log("%s wins with %d" % (self._seat_name(w), s.scores[w]))
            return
        self._prompt(now)

    # -- drawing -----------------------------------------------------------

    def _draw_state(self):
        s = self.state
        v = self.view
        turn = s.turn_player()
        for i in range(len(v.scores)):
            text = ""
            if i < len(s.scores):
                mark = ">" if i == turn and self.mode == _PLAY else " "
                who = "cpu" if self.seats[i] else "you"
                text = "%sP%d %s %d" % (mark, i + 1, who, s.scores[i])
            v.set_text(v.scores[i], text)
        v.set_text(v.turn, "Turn total: %d" % s.turn_total)

    def _say(self, text):
        v = self.view
        if self.mode == _MENU:
            self.notice = text
            v.set_text(v.title, text)
        else:
            v.set_text(v.message, text)

    def _log(self, text):
        if self.log is not None:
            self.log(text)
