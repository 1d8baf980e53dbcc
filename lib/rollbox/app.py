"""The app: the frame loop and the mode dispatch, menu -> play (-> pause)
-> game over, one non-blocking :meth:`App.step` per frame.

Each step takes the keypad's presses (``rollbox.controls``: every press, in
order, each handled as in a frame of its own), feeds one accelerometer
sample to the shake detector and hands both to the mode: the menu
(``rollbox.menu``), play (``rollbox.play``: prompt, act, tumble, settle),
the pause screen (``rollbox.pause``, START or A and B held 1 s in play;
loaded while it shows: the game waits, a computer's turn too), or the game
over (its saving a piece a frame; A: back to the menu). Saves in play are
``rollbox.saves``'. A MemoryError in a frame is caught here, once: the
game goes back to the state before the frame's action
(``rollbox.play.undo``) and the frame is tried again.

One mode's modules in RAM at a time (tools/bench_device measures it): the
menu (``rollbox.menu`` with the catalog, the saved settings, the lifetime
stats screen) is imported when the menu shows and unloaded when a game
starts (``rollbox.launch`` brings the game's package in, ``games/``), and
the game's modules and tables are unloaded (``sys.modules`` and every
reference) when it is over and the menu comes back. Between the two the
app keeps only a few bytes: the menu's settings, the game's catalog index,
its seats. Games played one after another with the same game and player
count are a series: where the rules take a ``setter`` (SKUNK'D), the last
winner sets the house options (RULES.md 1, "Before play").
"""

import gc

from adafruit_ticks import ticks_diff, ticks_ms
from micropython import const

import games  # noqa: F401 (resident: see below)
import rollbox
import rollbox.engine  # noqa: F401 (every game's rules and screens build on these two:
import rollbox.screen  # noqa: F401  they stay loaded, names interned once at power-up)
from rollbox import play
from rollbox.controls import PAUSE, START, A
from rollbox.shake import IDLE, ShakeDetector
from rollbox.view import WARN

try:
    from typing import Any, Tuple  # noqa: F401 (the annotations, type comments)
except ImportError:
    pass

_DIM_MS = const(30_000)  # ms with nothing to do before the screen dims
_DARK_MS = const(120_000)  # ... and before it goes nearly dark, the frames slowed
_DARK_SLEEP_MS = const(50)  # a nearly dark frame's sleep: shakes still seen at 20 Hz
_BRIGHTNESS = (1.0, 0.3, 0.02)  # the display's brightness by ``App.dim``

# The app's modes (``App.mode``); plain ints, not const(): they are also the
# class's attributes (``App.OVER``...), for the modes' modules to use.
MENU = 0
PLAY = 1
OVER = 2
PAUSED = 3  # the pause screen over a game (``rollbox.pause``)


class App:
    """The whole device program.

    :param hw: a ``rollbox.Hardware`` (display, keys, key map, accelerometer
        or None, shake figures, start-up notice, nvm).
    :param roller: the dice (default: ``Roller()`` on ``random``).
    :param log: optional ``log(app, text, how)``, called with each message
        of play (``how``: ``rollbox.play.BY_BUTTON``, ``BY_SHAKE``,
        ``BY_COMPUTER``, or ``STARTED`` and ``ENDED``) for a transcript
        (the simulator's, tools/host/transcript.py).
    :param now: ``ticks_ms()`` at the start (default: read it).
    :param nvm: where saves go (default: ``hw.nvm``; None on a board
        without one: no saves).
    :param boot_notice: boot.py's outcome when saves cannot work ("USB drive
        mode: saves off", ``rollbox.bootmode.status``), shown on the menu.

    Attributes: ``mode`` (:data:`MENU`, :data:`PLAY`, :data:`OVER`,
    :data:`PAUSED`, also as ``App.MENU``... for the modes' modules); the
    game's (``index`` in ``rollbox.catalog.GAMES``, ``game``, ``state``,
    ``screen``, ``seats``, ``package``: set by ``rollbox.launch``); play's
    (``phase``, ``since``, ``face_at``, ``collect_at``, ``how``, ``armed``, ``held``,
    ``last_turn``, ``undo``, ``plan``: ``rollbox.play``); the saves'
    (``save_slots``, ``save_head``, ``turn_saved``: ``rollbox.saves``;
    ``to_count``: ``rollbox.ending``); the menu's, which it reads and sets
    (``view``, ``buttons``: bitmask of the board's logical buttons, ``nvm``,
    ``notice``: the menu's title, ``settings``: the menu's choices while it
    is unloaded, ``Menu.settings()`` bytes or None, ``resume``: the saved
    game's record while the menu offers it, ``taken``, ``coach`` 0/1,
    ``series``, ``stats_ram``: the lifetime stats record when there is no
    nvm, ``roller``, ``sensitivity``: the shake figures' index in
    ``hw.shake``); ``pause`` (the ``rollbox.pause.PauseScreen`` while
    paused).
    """

    MENU = MENU
    PLAY = PLAY
    OVER = OVER
    PAUSED = PAUSED

    # The attributes (set by rollbox.build.app, for the type check):
    hw: Any
    view: Any  # rollbox.view.View
    controls: Any  # rollbox.controls.Controls (or rollbox.chord.ChordControls)
    detector: Any  # rollbox.shake.ShakeDetector
    sensitivity: int  # the menu's Shake line (rollbox.shake.GENTLE..FIRM)
    roller: Any  # rollbox.dice.Roller
    log: Any
    mode: int
    menu: Any  # rollbox.menu.Menu while the menu shows
    menu_screen: Any  # rollbox.menu.MenuScreen, the same
    index: int
    game: Any
    state: Any
    screen: Any
    seats: Tuple[int, ...]
    package: str  # the game's package ("games.pig")
    phase: int
    since: int
    face_at: int
    collect_at: int  # ms: an idle prompt or think frame collects the heap then (rollbox.play)
    how: int
    armed: int
    held: bytearray  # presses during a roll, their count, their seat (rollbox.play)
    last_turn: Any  # [seat, its messages, seat before, its messages]
    undo: Any
    plan: Any  # a computer's decision under way (rollbox.play)
    save_slots: Any
    save_head: bytes
    turn_saved: int
    to_count: int  # pieces of a finished game's saving left (rollbox.ending.count_step)
    coach: int  # the coach overlay on (1) or off (0), kept from game to game
    settings: Any
    resume: Any
    taken: Any  # a resumed game's (index, params, seats) for the menu
    series: Any  # (game index, players, winner) of the last game
    stats_ram: Any
    accel_ok: bool
    notice: str
    notice_display: bool
    memory_errors: int  # MemoryErrors caught by step() (the benchmark's pass mark)
    pause: Any
    sound: Any  # rollbox.sound.Sound once the menu turns it on
    lights: Any  # rollbox.lights.Lights, the same
    dim: int  # the screen: 0 bright, 1 dimmed, 2 nearly dark (battery care)
    idle_at: int  # ms: the last press, shake or turn
    _xyz: Any  # the last accelerometer sample (m/s²)
    _told_held: bool
    _unseeded: bool  # seeded at the first input (rollbox.seed)
    _core: Any  # the modules every mode keeps
    buttons: int
    nvm: Any

    def __init__(self, hw, roller=None, log=None, now=None, nvm=None, boot_notice=""):
        from rollbox import build  # the set-up's code: in RAM for the moment

        build.app(self, hw, roller, log, now, nvm)
        rollbox.unload("rollbox.build")
        self._core = rollbox.loaded()  # the modules every mode keeps
        self._show_menu()
        if boot_notice:
            self.view.set_text(self.view.message, boot_notice)

    # -- the frame -----------------------------------------------------------

    def run(self):
        """Run forever on the device clock (never returns). Nearly dark
        (``dim`` 2), each frame sleeps :data:`_DARK_SLEEP_MS`: CircuitPython's
        ``time.sleep`` idles the CPU until the next interrupt, as light sleep
        with a ``TimeAlarm`` does while USB is attached, and the keypad
        keeps scanning (its events queue), so no press is lost."""
        import time

        while True:
            self.step(ticks_ms())
            if self.dim == 2:
                time.sleep(_DARK_SLEEP_MS / 1000)

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
        if controls.held_at_start and self.mode == MENU and not self._told_held:
            self._told_held = True
            self.say("Key held at start: let go")
        motion = self._sample(now)
        if self._rest(pressed, motion, now):
            pressed = 0  # the press that woke the screen does nothing else
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
            if self.mode == PLAY and self.state.is_terminal():
                break  # the result has the next frame to itself (rollbox.play)
            pressed = play.press(self) or controls.press()  # those kept in a roll first
            if not pressed:
                break
        if self.sound is not None:
            self.sound.step(now)
        if self.lights is not None:
            self.lights.step(now)
        if self.view.refresh() is None:  # the display raised: say so when it works again
            self.notice_display = True
        elif self.notice_display:
            self.notice_display = False
            self.say("Display error: redrawn")

    def _frame(self, pressed, motion, now):
        """The app's work for one press (or none) at ``now``."""
        self.undo = None
        if pressed and self.sound is not None:
            self.sound.cue(2, now)  # a click for every press
        try:
            self._dispatch(pressed, motion, now)
        except MemoryError:
            self._recover(pressed, motion, now)

    def _dispatch(self, pressed, motion, now):
        if self.mode == MENU:
            choice = self._step_menu(pressed)
            if choice is not None:
                self._play(choice, now)
        elif self.mode == PLAY:
            if play.step(self, pressed, motion, now):
                self.open_pause(now)
        elif self.mode == PAUSED:
            if pressed and self.pause is not None:
                self.pause.press(pressed, now)
            if self.pause is None and self.mode == PAUSED:  # left: play goes on
                self.mode = PLAY
                play.draw_prompt(self)
        else:  # the game is over: its saving a piece a frame, A back to the menu
            if self.to_count:
                self._count_step()
            if pressed & (A | START | PAUSE):
                self.to_menu()

    def _recover(self, pressed, motion, now):
        """The one place a MemoryError is handled: collect, go back to the
        state before the frame's action (``rollbox.play.undo``), retry the
        frame once; a second failure is told and play goes on."""
        self.memory_errors += 1
        for attempt in (0, 1):
            gc.collect()
            try:
                play.undo(self)
            except MemoryError:
                pass  # the state as it is; the next frame tries again
            if attempt:
                try:
                    self.say("Out of memory: move undone")
                    if self.mode == PLAY and not self.state.is_terminal():
                        play.prompt(self, now)
                except MemoryError:
                    pass  # the next frame draws it
                return
            try:
                self._dispatch(pressed, motion, now)
                return
            except MemoryError:
                pass

    def _rest(self, pressed, motion, now):
        """Battery care (issue 25): the screen dims after :data:`_DIM_MS`
        with no press, shake or computer's turn, and goes nearly dark after
        :data:`_DARK_MS`; any press or motion wakes it. True when a press
        woke it (that press does nothing else); a shake that wakes it must
        start again once the board is still."""
        busy = pressed or motion != IDLE
        if not busy and self.mode == PLAY:  # a computer's turn or a roll never dims
            p = self.state.current_player()
            busy = self.phase != play.PROMPT or p < 0 or self.seats[p]
        if busy:
            self.idle_at = now
            if self.dim:
                self._brightness(0)
                self.armed = 0
                return pressed != 0
        elif self.dim < 2 and ticks_diff(now, self.idle_at) >= (_DARK_MS if self.dim else _DIM_MS):
            self._brightness(self.dim + 1)
        return False

    def _brightness(self, dim):
        self.dim = dim
        try:
            self.hw.display.brightness = _BRIGHTNESS[dim]
        except (AttributeError, RuntimeError, ValueError):  # a display without a backlight pin
            pass

    def _sample(self, now):
        if not self.accel_ok:
            return IDLE
        try:
            x, y, z = self._xyz = self.hw.accel.acceleration
        except (OSError, RuntimeError, ValueError):
            self.accel_ok = False
            self.detector.reset()
            self.notice = "No accelerometer: A rolls"
            self.say(self.notice)
            if self.mode == PLAY and self.phase == play.PROMPT:
                play.draw_prompt(self)
            return IDLE
        return self.detector.update(x, y, z, now)

    # -- modes ---------------------------------------------------------------

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

    def _show_menu(self):
        """The menu's modules in, its screen on (settings as they were)."""
        gc.collect()
        from rollbox.menu import MenuScreen, effects

        self.mode = MENU
        self.menu_screen = MenuScreen(self)
        self.menu = self.menu_screen.menu
        effects(self, self.menu.sound, self.menu.lights)  # the saved levels at power-up

    def to_menu(self):
        """Game over (A) or quit: the game's saving finished first (the
        pieces ``rollbox.ending.count_step`` has left), then the game and
        everything it loaded go and the menu comes back."""
        while self.to_count:
            self._count_step()
        self.game = self.state = self.screen = self.undo = self.save_slots = self.plan = None
        self.save_head = b""
        self.held[8] = 0  # (rollbox.play: the count of the presses kept in a roll)
        self.last_turn = None
        self.view.show_screen(None)
        rollbox.unload_new(self._core)
        self._show_menu()

    def _count_step(self):
        from rollbox import ending  # (loaded since the game's end: rollbox.play)

        ending.count_step(self)

    def _play(self, choice, now):
        """Leave the menu for ``choice`` (``rollbox.menu.MenuScreen.press``):
        the menu's screen and modules go, then ``rollbox.launch`` (loaded
        for the moment) brings the game's in, and play starts. Out of
        memory on the way, the menu comes back and says so."""
        self.detector = ShakeDetector(self.hw.shake[self.sensitivity])
        self.armed = 0  # a shake carried over from the menu never rolls
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
            self.say("Save unreadable" if started is False else "Out of memory: not started")
            return
        self.mode = PLAY
        play.start(self, choice[4] is not None, now)

    def open_pause(self, now):
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
            self.say("Out of memory: no pause")

    # -- words -----------------------------------------------------------------

    def say(self, text):
        """``text`` on the message line (the title line in the menu)."""
        v = self.view
        if self.mode == MENU:
            self.notice = text
            v.set_text(v.title, text)
        else:
            v.set_text(v.message, text)
            v.set_color(v.message, WARN)  # news in yellow (a refusal is white: Screen.say)

    def log_event(self, text, how):
        """``text`` to the transcript's ``log`` (``how``: ``rollbox.play.BY_*``,
        ``STARTED``, ``ENDED``), when there is one."""
        if self.log is not None:
            self.log(self, text, how)
