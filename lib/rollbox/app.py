"""The app: menu -> play (-> pause) -> game over, one non-blocking
:meth:`App.step` per frame.

Each step takes the keypad's presses (``rollbox.controls``: every press, in
order, each handled as in a frame of its own), feeds one accelerometer
sample to the shake detector, advances the app's state machine and
refreshes only what changed. START (or A and B held 1 s) in play opens the
pause screen (``rollbox.pause``, loaded while it shows): the game waits, a
computer's turn too. The game is only touched through its screen
(``rollbox.screens``), which asks the state for legal actions and applies
them; dice come from the :class:`rollbox.dice.Roller` when a roll settles
(the end of a shake, or the end of a button / computer tumble). Games
played one after another with the same game and player count are a series:
where the rules take a ``setter`` (SKUNK'D), the last winner sets the house
options (RULES.md 1, "Before play").

One mode's modules in RAM at a time (tools/bench_device measures it): the
menu (``rollbox.menu`` with the catalog, the saved settings, the lifetime
stats screen) is imported when the menu shows and unloaded when a game
starts, and a game's rules, screen, bot and tables are imported when it
starts and unloaded (``sys.modules`` and every reference) when it is over
and the menu comes back. Between the two the app keeps only a few bytes:
the menu's settings, the game's catalog index, its seats.

Save and resume (``rollbox.store`` on the board's nvm): the game (catalog
index, parameters, seats, the state's bytes) is saved when it starts and
whenever the turn passes to another seat (``turn_player()`` changes; in
SKUNK that is the next round's shooter), and when the player quits from
the pause screen, never per frame or per roll: each save is a flash erase
cycle (``rollbox.store`` keeps a record's copies in different erase units,
power-cut safe). A finished game clears the save and is counted in the
lifetime stats (``rollbox.stats``). The menu's settings are saved when a
game starts, if they changed, and restored at power-up; a saved game puts "Resume:
<game>" first on the menu. A write that fails ("Save failed" on the message
line) never stops play.
"""

import gc
import sys

from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from micropython import const

import games  # noqa: F401 (resident: see below)
import rollbox
import rollbox.engine  # noqa: F401 (every game's rules and screens build on these two:
import rollbox.screens  # noqa: F401  they stay loaded, names interned once at power-up)
from rollbox.controls import PAUSE, START, A, Controls
from rollbox.dice import Roller
from rollbox.shake import CANCELLED, IDLE, MOVING, NORMAL, SETTLED, SHAKING, ShakeDetector
from rollbox.view import View

try:
    from typing import Any, Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass

MENU = const(0)  # the app's modes (``App.mode``)
PLAY = const(1)
OVER = const(2)
PAUSED = const(3)  # the pause screen over a game (``rollbox.pause``)
_MENU = MENU
_PLAY = PLAY
_OVER = OVER

_PROMPT = const(0)  # waiting for the seat to act
_TUMBLE = const(1)  # dice tumbling; the roll is decided when it ends
_PREVIEW = const(2)  # motion at a human prompt, not yet a shake: the dice tumble, nothing rolled

TUMBLE_MS = const(700)  # a button or computer roll tumbles this long
FACE_MS = const(80)  # tumbling faces change this often
MAX_SHAKE_MS = const(10000)  # a shake that never settles is decided anyway

# How an action came (the transcript's ``how``, ``log``): a button, a shake,
# the computer; and the two events that are no action.
_BY_BUTTON = const(0)
_BY_SHAKE = const(1)
_BY_COMPUTER = const(2)
STARTED = const(-1)  # a game started: text "new game" or "resumed"
ENDED = const(-2)  # a game ended: text the result


class App:
    """The whole device program.

    :param hw: a ``rollbox.Hardware`` (display, keys, key map, accelerometer
        or None, shake figures, start-up notice, nvm).
    :param roller: the dice (default: ``Roller()`` on ``random``).
    :param log: optional ``log(app, text, how)``, called with each message
        of play (``how``: 0 a button, 1 a shake, 2 the computer, or
        :data:`STARTED` and :data:`ENDED`) for a transcript (the
        simulator's, tools/host/transcript.py).
    :param now: ``ticks_ms()`` at the start (default: read it).
    :param nvm: where saves go (default: ``hw.nvm``; None on a board
        without one: no saves).
    :param boot_notice: boot.py's outcome when saves cannot work ("USB drive
        mode: saves off", ``rollbox.bootmode.status``), shown on the menu.

    Attributes the menu (``rollbox.menu``) reads and sets: ``view``,
    ``buttons`` (bitmask of the board's logical buttons), ``nvm``,
    ``notice`` (the menu's title), ``settings`` (the menu's choices while
    it is unloaded: ``Menu.settings()`` bytes, or None), ``resume`` (the
    saved game's record, while the menu offers it), ``coach`` (0/1),
    ``series``, ``stats_ram`` (the lifetime stats record when there is no
    nvm), ``roller``, ``sensitivity`` (the shake figures' index in
    ``hw.shake``, set when a game starts).

    A shake at a human seat's prompt: the dice tumble as soon as the
    detector sees strong motion (MOVING), before it is a shake, so that the
    roll feels instant; nothing is applied until the detector confirms the
    shake (SHAKING: the screen's shake action, then the tumble goes on
    until SETTLED decides the roll). A swing or a bump (CANCELLED), a
    button, or the accelerometer failing put the dice back on their faces
    with nothing rolled. Issue 13.
    """

    def __init__(self, hw, roller=None, log=None, now=None, nvm=None, boot_notice=""):
        self.hw = hw
        self.view = View(hw.display)
        controls = Controls
        if START not in hw.key_map:  # A and B only: their presses wait for the chord
            from rollbox.chord import ChordControls as controls
        self.controls = controls(hw.keys, hw.key_map, ticks_ms() if now is None else now)
        self.detector = ShakeDetector(hw.shake[NORMAL])
        self.sensitivity = NORMAL  # the menu's Shake line (rollbox.shake.GENTLE..FIRM)
        self.roller = roller or Roller()
        self.log = log
        self.mode = _MENU
        self.phase = _PROMPT
        self.menu = None  # type: Any  # rollbox.menu.Menu while the menu shows
        self.menu_screen = None  # type: Any  # rollbox.menu.MenuScreen, the same
        self.index = 0  # the game's index in rollbox.catalog.GAMES
        self.game = None  # type: Any
        self.state = None  # type: Any
        self.screen = None  # type: Any
        self.seats = ()  # type: Tuple[int, ...]
        self.save_slots = None  # type: Any  # rollbox.slot.Slots of the game's record, in play
        self.save_head = b""  # the record's bytes before the state (rollbox.store.game_head)
        self.coach = 0  # the coach overlay on (1) or off (0), kept from game to game
        self.settings = None  # type: Any
        self.resume = None  # type: Any
        self.taken = None  # type: Any  # a resumed game's (index, params, seats) for the menu
        self.series = None  # type: Any  # (game index, players, winner) of the last game
        self.stats_ram = None  # type: Any
        self.accel_ok = hw.accel is not None
        self.notice = hw.message
        self.notice_display = False
        self.memory_errors = 0  # MemoryErrors caught by step() (the benchmark's pass mark)
        self.pause = None  # type: Any  # rollbox.pause.PauseScreen while paused
        self._since = 0
        self._face_at = 0
        self._how = _BY_BUTTON
        self._armed = False
        self._saved = None  # the state's bytes before the last action
        self._acting = False  # this frame began an action (after saving)
        self._xyz = (0.0, 0.0, 0.0)  # the last accelerometer sample (m/s²)
        self._told_held = False
        self._turn = -1  # turn_player() at the last game save
        self._unseeded = not _seed_once()  # seeded at the first input (rollbox.seed)
        self._core = rollbox.loaded()  # the modules every mode keeps
        buttons = 0
        for bit in hw.key_map:
            buttons |= bit
        self.buttons = buttons
        self.nvm = hw.nvm if nvm is None else nvm
        self._show_menu()
        if boot_notice:
            self.view.set_text(self.view.message, boot_notice)

    # -- the frame -----------------------------------------------------------

    def run(self):
        """Run forever on the device clock (never returns)."""
        while True:
            self.step(ticks_ms())

    def step(self, now):
        """One frame at ``now`` (ms from ``ticks_ms()``).

        A ``MemoryError`` anywhere in the frame's work (a screen change, a
        computer's decision) is caught here: the heap is collected, the game
        goes back to the state saved before the action, and the frame is
        tried once more; if it fails again the player is told and the game
        goes on from that saved state.
        """
        controls = self.controls
        controls.poll(now)
        pressed = controls.press()
        if controls.held_at_start and self.mode == _MENU and not self._told_held:
            self._told_held = True
            self._say("Key held at start: let go")
        motion = self._sample(now)
        if self._unseeded and (pressed or motion != IDLE):
            # No os.urandom on this board: seed from the first input's time
            # and the accelerometer's noise (never the boot tick alone).
            from rollbox import seed

            x, y, z = self._xyz
            seed.seed_from_input(now, x, y, z)
            self._unseeded = False
            rollbox.unload("rollbox.seed")
        while True:  # the frame's presses in order, each as in a frame of its own
            self._frame(pressed, motion, now)
            pressed = controls.press()
            if not pressed:
                break
        if self.view.refresh() is None:  # the display raised: say so when it works again
            self.notice_display = True
        elif self.notice_display:
            self.notice_display = False
            self._say("Display error: redrawn")

    def _frame(self, pressed, motion, now):
        """The app's work for one press (or none) at ``now``."""
        self._acting = False
        try:
            self._dispatch(pressed, motion, now)
        except MemoryError:
            self._recover(pressed, motion, now)

    def _dispatch(self, pressed, motion, now):
        if self.mode == _MENU:
            choice = self._step_menu(pressed)
            if choice is not None:
                self._play(choice, now)
        elif self.mode == _PLAY:
            self._step_play(pressed, motion, now)
        elif self.mode == PAUSED:
            if pressed and self.pause is not None:
                self.pause.press(pressed, now)
            if self.pause is None and self.mode == PAUSED:  # left: play goes on
                self.mode = _PLAY
                self._draw_prompt()
        elif pressed & (A | START | PAUSE):  # the game is over: back to the menu
            self._to_menu()

    def _step_menu(self, pressed):
        """A press in the menu; the game chosen (and then the menu is let
        go: this frame's references end here, as the collector is
        conservative and the game needs the room), else None."""
        if not pressed:
            return None
        choice = self.menu_screen.press(pressed)
        if choice is not None:
            self.settings = self.menu_screen.settings()
            self.coach = self.menu.coach
            self.sensitivity = self.menu.shake
            self.menu = self.menu_screen = None
        return choice

    def _recover(self, pressed, motion, now):
        """Collect, go back to the saved state, retry the frame once."""
        self.memory_errors += 1
        for attempt in (0, 1):
            gc.collect()
            try:
                self._restore()
            except MemoryError:
                pass  # the state as it is; the next frame tries again
            if attempt:
                try:
                    self._say("Out of memory: move undone")
                    if self.mode == _PLAY:
                        self._prompt(now)
                except MemoryError:
                    pass  # the next frame draws it
                return
            try:
                self._dispatch(pressed, motion, now)
                return
            except MemoryError:
                pass

    def _restore(self):
        """The game as it was saved before this frame's action (RAM copy of
        the state's bytes); the screen redraws from it. Nothing to undo when
        the frame began no action."""
        if self.game is None or self._saved is None or not self._acting:
            return
        self._acting = False
        self._turn = -1  # the next turn boundary saves again: the nvm follows the retry
        self.state = self.game.state_from_bytes(self._saved)
        if self.mode == _OVER and not self.state.is_terminal():
            self.mode = _PLAY
        if not (self.phase == _TUMBLE and self.state.is_chance_node()):
            self.phase = _PROMPT  # a roll being settled is settled again
        self.screen.home()

    def awaiting_human(self):
        """True when a human seat is being asked to act."""
        if self.mode != _PLAY or self.phase != _PROMPT:
            return False
        p = self.state.current_player()
        return p >= 0 and not self.seats[p]

    def _sample(self, now):
        if not self.accel_ok:
            return IDLE
        try:
            x, y, z = self._xyz = self.hw.accel.acceleration
        except (OSError, RuntimeError, ValueError):
            self.accel_ok = False
            self.detector.reset()
            self.notice = "No accelerometer: A rolls"
            self._say(self.notice)
            if self.mode == _PLAY and self.phase == _PROMPT:
                self._draw_prompt()
            return IDLE
        return self.detector.update(x, y, z, now)

    # -- menu <-> play -------------------------------------------------------

    def _show_menu(self):
        """The menu's modules in, its screen on (settings as they were)."""
        gc.collect()
        from rollbox.menu import MenuScreen

        self.mode = _MENU
        self.menu_screen = MenuScreen(self)
        self.menu = self.menu_screen.menu

    def _to_menu(self):
        """Game over (A): the game and everything it loaded go, the menu comes back."""
        self.game = self.state = self.screen = self._saved = self.save_slots = None
        self.save_head = b""
        self.view.show_screen(None)
        rollbox.unload_new(self._core)
        self._show_menu()

    def _play(self, choice, now):
        """Leave the menu for ``choice`` (``rollbox.menu.MenuScreen.press``):
        the menu's screen and modules go, then ``rollbox.launch`` (loaded
        for the moment) brings the game's in, and the first prompt shows.
        Out of memory on the way, the menu comes back and says so."""
        self.detector = ShakeDetector(self.hw.shake[self.sensitivity])
        self.view.show_screen(None)
        rollbox.unload_new(self._core)
        gc.collect()
        try:
            from rollbox import launch

            started = launch.launch(self, choice)
        except MemoryError:
            started = None
        rollbox.unload("rollbox.launch")
        if not started:
            if started is False:
                self.resume = None  # an unreadable save is not offered again
            self.game = self.state = self.screen = self.save_slots = None
            self.view.show_screen(None)
            rollbox.unload_new(self._core)
            self._show_menu()
            self._say("Save unreadable" if started is False else "Out of memory: not started")
            return
        self.mode = _PLAY
        self._saved = self.state.to_bytes()
        self._turn = self.state.turn_player()
        self._log("new game" if choice[4] is None else "resumed", STARTED)
        gc.collect()
        self._prompt(now)
        if choice[4] is None:
            self._save_game()

    # -- saves (the game's through rollbox.slot; stats loaded for each) ------

    def _save_game(self, clear=False):
        """The game's record in nvm, at a turn change (or ``clear`` it: the
        game is over), through ``save_slots``, which ``rollbox.launch``
        opened: nothing is imported for a save. A failed write is told, and
        play goes on."""
        if not clear:
            self._turn = self.state.turn_player()
        slots = self.save_slots
        if slots is None:
            return  # no nvm, or one too small for the layout
        try:
            if clear:  # in two erase units, before the stats count the game
                slots.write(b"", b"")
                slots.write(b"", b"")
            else:
                slots.write(self.save_head, self.state.to_bytes())
        except (OSError, RuntimeError, ValueError):
            self._say("Save failed")

    def _drop_bots(self):
        """The game is over: its computer players (``rollbox.bots``) and
        their solved tables go before the saves load their modules."""
        self.screen.bot = None
        gone = [name for name in sys.modules
                if name.startswith("rollbox.bots.") or name == "rollbox.table"]
        rollbox.unload(*gone)
        gc.collect()

    def _count_game(self, won):
        """A finished game into the lifetime stats (``rollbox.stats``,
        loaded for it): the game, the kinds of its winning seats, the faces
        the roller counted; saved once a game (each save is an erase cycle)."""
        from rollbox import stats

        try:
            record = stats.count_game(self.nvm, self.stats_ram, self.index,
                                      [self.seats[p] for p in won], self.roller.face_counts,
                                      self.hw)
        except (OSError, RuntimeError, ValueError):
            self._say("Save failed")
            record = None
        rollbox.unload("rollbox.stats", "rollbox.store")
        for i in range(6):
            self.roller.face_counts[i] = 0
        if self.nvm is None:
            self.stats_ram = record

    # -- play ------------------------------------------------------------------

    def _prompt(self, now):
        self.phase = _PROMPT
        self._since = now
        self._armed = False
        self.screen.draw(self.state)
        self._draw_prompt()

    def _draw_prompt(self):
        """The status line: what the buttons do now."""
        s = self.state
        p = s.current_player()
        v = self.view
        if p < 0:
            v.set_text(v.status, "Rolling...")
        elif self.seats[p]:
            v.set_text(v.status, "P%d (computer) thinking" % (p + 1))
        else:
            v.set_text(v.status, self.screen.status(s, self.accel_ok))
        v.show_coach(self.screen.coach(s) if self.coach and p >= 0 and not self.seats[p] else None,
                     self.screen.coach_at())

    # -- pause -----------------------------------------------------------------

    def _pauses(self, pressed):
        """True when ``pressed`` (one press) opens the pause screen in play:
        the A+B chord, or START where the screen leaves it free."""
        return pressed == PAUSE or (pressed == START and self.screen.pause_key() == START)

    def _pause(self, now):
        """The game waits under the pause screen (``rollbox.pause``, loaded
        now; it unloads itself when play goes on)."""
        before = rollbox.loaded()
        gc.collect()
        self.mode = PAUSED
        try:
            from rollbox.pause import PauseScreen

            self.pause = PauseScreen(self, now, before)
        except MemoryError:
            self.pause = None  # play goes on at once (_dispatch)
            rollbox.unload_new(before)
            self._say("Out of memory: no pause")

    def _step_play(self, pressed, motion, now):
        if self.phase == _TUMBLE:  # a press does nothing in a roll
            self._step_tumble(motion, now)
            return
        s = self.state
        screen = self.screen
        if self.phase == _PREVIEW:
            # A confirmed shake applies the screen's shake action (the tumble
            # goes on); a cancelled one, a press or a lost accelerometer put
            # the dice back, and a press then acts.
            if not pressed:
                if motion == MOVING:
                    self._faces(now)
                    return
                action = screen.shake(s) if motion == SHAKING else None
                if action is not None:
                    self._act(action, now, _BY_SHAKE)
                    if self.phase != _PREVIEW:
                        return
                    # refused (the screen said why): the dice go back below
            screen.put_back(s)
            self._prompt(now)  # armed again once the detector is idle
            motion = CANCELLED  # the preview's motion is spent
        if self._pauses(pressed):
            self._pause(now)
            return
        p = s.current_player()
        if p < 0:  # chance with no seat to start it (e.g. a roll-off)
            self._tumble(now, _BY_COMPUTER)
            return
        if self.seats[p]:
            if ticks_diff(now, self._since) >= screen.THINK_MS:
                gc.collect()  # the bot's search wants the heap in one piece
                self._act(screen.computer(s), now, _BY_COMPUTER)
            elif pressed and screen.ASIDE:
                self._human_aside(pressed, now)
            return
        if motion == IDLE:
            self._armed = True  # a shake must begin inside the prompt
        action = None
        how = _BY_BUTTON
        if self._armed and motion == MOVING and screen.shake(s) is not None:
            self.phase = _PREVIEW  # the dice a shake would roll tumble, nothing applied
            self._face_at = now
            screen.preview(s)
            self.view.set_text(self.view.status, "Shaking...")
            return
        if self._armed and motion == SHAKING:  # (a stalled frame can skip MOVING)
            action = screen.shake(s)
            how = _BY_SHAKE
        elif pressed:
            action = screen.press(s, pressed)
            self._draw_prompt()
        if action is not None:
            self._act(action, now, how)

    def _human_aside(self, pressed, now):
        """A button while a computer seat thinks: a screen may let a human
        act out of turn (SKUNK: sit down between rolls)."""
        action = self.screen.press(self.state, pressed)
        if action is not None:
            self._act(action, now, _BY_BUTTON)

    def _act(self, action, now, how):
        self._saved = self.state.to_bytes()
        self._acting = True
        try:
            text = self.screen.apply(self.state, action)
        except ValueError as err:
            self.screen.say(str(err))
            return
        if text:
            self._log(text, how)
            self._say(text)
        if self.state.is_chance_node():
            self._tumble(now, how)
        else:
            self._after_action(now)

    def _tumble(self, now, how):
        self.phase = _TUMBLE
        self._since = now
        self._face_at = now
        self._how = how
        self.view.set_text(self.view.status, "Shaking..." if how == _BY_SHAKE else "Rolling...")

    def _faces(self, now):
        """A tumbling frame: new faces every FACE_MS."""
        if ticks_diff(now, self._face_at) >= 0:
            self.screen.tumble(self.roller)
            self._face_at = ticks_add(now, FACE_MS)

    def _step_tumble(self, motion, now):
        self._faces(now)
        age = ticks_diff(now, self._since)
        if self._how == _BY_SHAKE and self.accel_ok:
            done = motion == SETTLED or age >= MAX_SHAKE_MS
        else:
            done = age >= TUMBLE_MS
        if done:
            self._saved = self.state.to_bytes()
            self._acting = True
            text = self.screen.settle(self.state, self.roller)
            self._log(text, self._how)
            self._say(text)
            self._after_action(now)

    def _after_action(self, now):
        s = self.state
        if s.is_terminal():
            self.mode = _OVER
            self.screen.draw(s)
            v = self.view
            result = self.screen.result(s)
            won = s.winners()
            self.series = (self.index, len(self.seats), won[0]) if len(won) == 1 else None
            v.set_text(v.title, result)
            v.set_text(v.status, "A: menu")
            v.show_coach(None)  # the result is the news now
            self._log(result, ENDED)
            self._drop_bots()
            try:  # the result stands whatever the saves meet
                self._save_game(clear=True)  # a finished game is not resumed
                self._count_game(won)
            except MemoryError:
                self._say("Out of memory: not counted")
            return
        if s.turn_player() != self._turn:
            self._save_game()
        self._prompt(now)

    # -- drawing -------------------------------------------------------------

    def _say(self, text):
        v = self.view
        if self.mode == _MENU:
            self.notice = text
            v.set_text(v.title, text)
        else:
            v.set_text(v.message, text)

    def _log(self, text, how):
        if self.log is not None:
            self.log(self, text, how)


def _seed_once():
    """Seed the dice at power-up (``rollbox.seed``, unloaded when done):
    True when ``os.urandom`` did it, False when the first input must."""
    from rollbox import seed

    if seed.seed_once():
        rollbox.unload("rollbox.seed")
        return True
    return False
