"""The app: menu -> play -> game over, one non-blocking :meth:`App.step` per frame.

Each step drains the keypad events, feeds one accelerometer sample to the
shake detector, advances the app's state machine and refreshes only what
changed. The game is only touched through its screen
(``rollbox.screens``), which asks the state for legal actions and applies
them; dice come from the :class:`rollbox.dice.Roller` when a roll settles
(the end of a shake, or the end of a button / computer tumble). Only the
chosen game's rules, screen and bot are imported, when the game starts.
Games played one after another with the same game and player count are a
series: where the rules take a ``setter`` (SKUNK'D), the last winner sets
the house options (RULES.md 1, "Before play").

Save and resume (``rollbox.store`` on the board's nvm): the game (catalog
index, parameters, seats, the state's bytes) is saved when it starts and
whenever the turn passes to another seat (``turn_player()`` changes; in
SKUNK that is the next round's shooter), never per frame or per roll: each
save is a flash erase cycle. A finished game clears the save. The menu's
settings are saved when a game starts and restored at power-up; a saved
game puts "Resume: <game>" first on the menu, and A on it rebuilds the game,
its screen and seats and goes on from the start of the saved turn. A write
that fails ("Save failed" on the message line) never stops play.
"""

import gc

from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from micropython import const

from rollbox import catalog, dice, store
from rollbox.controls import START, A, Controls
from rollbox.dice import Roller
from rollbox.menu import RESUME, STATS, Menu
from rollbox.shake import IDLE, SETTLED, SHAKING, ShakeDetector
from rollbox.view import MENU_LINES, View

try:
    from typing import Any, Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass

_MENU = const(0)
_PLAY = const(1)
_OVER = const(2)
_STATS = const(3)  # the lifetime stats screen (from the menu)

_PROMPT = const(0)  # waiting for the seat to act
_TUMBLE = const(1)  # dice tumbling; the roll is decided when it ends

TUMBLE_MS = const(700)  # a button or computer roll tumbles this long
FACE_MS = const(80)  # tumbling faces change this often
MAX_SHAKE_MS = const(10000)  # a shake that never settles is decided anyway

_BY_BUTTON = const(0)
_BY_SHAKE = const(1)
_BY_COMPUTER = const(2)
_HOW = ("button", "shake", "computer")


class App:
    """The whole device program.

    :param hw: a ``rollbox.hardware.Hardware`` (display, keys, key map,
        accelerometer or None, shake figures, start-up notice).
    :param roller: the dice (default: ``Roller()`` on ``random``).
    :param log: optional ``log(text)`` for a transcript (the simulator's).
    :param nvm: where saves go (default: ``hw.nvm`` if the hardware has one,
        else ``microcontroller.nvm``; None on a board without it: no saves).
    :param boot_notice: boot.py's outcome when saves cannot work ("USB drive
        mode: saves off", ``rollbox.bootmode.status``), shown on the menu.
    """

    def __init__(self, hw, roller=None, log=None, now=None, nvm=None, boot_notice=""):
        self.hw = hw
        self.view = View(hw.display)
        self.controls = Controls(hw.keys, hw.key_map, ticks_ms() if now is None else now)
        self.detector = ShakeDetector(*hw.shake)
        self.roller = roller or Roller()
        self.log = log
        self.menu = Menu()
        self.mode = _MENU
        self.phase = _PROMPT
        self.game = None  # type: Any
        self.state = None  # type: Any
        self.screen = None  # type: Any
        self.seats = ()  # type: Tuple[int, ...]
        self.coach = 0  # the coach overlay on (1) or off (0), kept from game to game
        self.accel_ok = hw.accel is not None
        self.notice = hw.message
        self._since = 0
        self._face_at = 0
        self._how = _BY_BUTTON
        self._armed = False
        self._series = None  # (game index, players, winner) of the last game
        self._saved = None  # the state's bytes before the last action
        self._acting = False  # this frame began an action (after saving)
        self._xyz = (0.0, 0.0, 0.0)  # the last accelerometer sample (m/s²)
        self.notice_display = False
        self.memory_errors = 0  # MemoryErrors caught by step() (the benchmark's pass mark)
        self._told_held = False
        buttons = 0
        for bit in hw.key_map:
            buttons |= bit
        self._buttons = buttons
        self._game_store = self._settings_store = self._stats_store = None  # type: Any
        self.stats = None  # type: Any  # rollbox.stats.Stats, with an nvm
        self._resume = None  # type: Any  # the saved game's record, while offered
        self._turn = -1  # turn_player() at the last game save
        self._open_saves(getattr(hw, "nvm", None) if nvm is None else nvm)
        self._draw_menu()
        if boot_notice:
            self.view.set_text(self.view.message, boot_notice)

    # -- save and resume -----------------------------------------------------

    def _open_saves(self, nvm):
        """Find the nvm, restore the settings, offer a saved game."""
        if nvm is None:
            try:
                import microcontroller

                nvm = microcontroller.nvm
            except (ImportError, AttributeError):
                nvm = None
        stores = store.open_stores(nvm)
        if stores is None:
            return
        self._game_store, self._settings_store = stores
        self._open_stats(nvm)
        self.menu.restore(self._settings_store.load())
        data = self._game_store.load()
        if data is None:
            return
        try:
            index = store.unpack_game(data)[0]
            name = str(catalog.GAMES[index][catalog.NAME])
        except (ValueError, IndexError):
            return  # not a game this catalog knows: offer nothing, keep it
        self._resume = data
        self.menu.resume = name
        self.menu.cursor = 0

    def _open_stats(self, nvm):
        """The lifetime stats (``rollbox.stats``) from their nvm region; the
        roller counts every die's face into them, saved when a game ends
        (not per roll: each save is an erase cycle)."""
        from rollbox.stats import Stats

        self._stats_store = store.open_stats(nvm)
        self.stats = Stats(self._stats_store.load())
        self.roller.stats = self.stats

    def _count_game(self, won):
        """A finished game into the lifetime stats: the game, the kinds of
        its winning seats (0 human, 1..3 a computer level)."""
        if self.stats is None:
            return
        try:
            self.stats.record_game(self.menu.game, [self.seats[p] for p in won])
        except ValueError:
            return
        self._write(self._stats_store, self.stats.to_bytes())

    def _show_stats(self):
        """The lifetime stats screen (the menu's "Lifetime stats"); any key
        goes back to the menu."""
        from rollbox.screens.stats import StatsScreen
        from rollbox.stats import Stats

        if self.stats is None:
            self.stats = Stats()  # no nvm: this power-up's dice only
            self.roller.stats = self.stats
        v = self.view
        self.screen = StatsScreen(v)
        v.show_screen(self.screen.group)
        self.screen.update(self.stats)
        v.set_text(v.message, "")
        v.set_text(v.status, "Any key: menu")
        self.mode = _STATS

    def _write(self, target, payload):
        """One save; a failed write is told, and play goes on."""
        if target is None:
            return
        try:
            if payload is None:
                target.clear()
            else:
                target.save(payload)
        except (OSError, RuntimeError, ValueError):
            self._say("Save failed")

    def _save_game(self):
        s = self.state
        self._turn = s.turn_player()
        if self._game_store is None:
            return
        try:
            payload = store.pack_game(self.menu.game, self.game, self.seats, s)
        except ValueError:
            self._say("Save failed")
            return
        self._write(self._game_store, payload)

    def _resume_game(self, now):
        """A on "Resume": the saved game, its screen and seats, at the saved
        turn's prompt; an unreadable record is dropped from the menu."""
        data = self._resume
        self._resume = self.menu.resume = None
        self.menu.cursor = 0
        gc.collect()
        try:
            index, game, state, seats = store.rebuild_game(data)
        except (ValueError, IndexError, ImportError):
            self._draw_menu()
            self.view.set_text(self.view.title, "Save unreadable")  # until the next key
            return
        self.menu.take_game(index, game.params, seats)
        self._begin(game, state, seats, now, "resumed")

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
        pressed = self.controls.buttons(now)
        if self.controls.held_at_start and self.mode == _MENU and not self._told_held:
            self._told_held = True
            self._say("Key held at start: let go")
        motion = self._sample(now)
        if (pressed or motion != IDLE) and dice.needs_input():
            # No os.urandom on this board: seed from the first input's time
            # and the accelerometer's noise (never the boot tick alone).
            x, y, z = self._xyz
            dice.seed_from_input(now, x, y, z)
        self._acting = False
        try:
            self._dispatch(pressed, motion, now)
        except MemoryError:
            self._recover(pressed, motion, now)
        if self.view.refresh() is None:  # the display raised: say so when it works again
            self.notice_display = True
        elif self.notice_display:
            self.notice_display = False
            self._say("Display error: redrawn")

    def _dispatch(self, pressed, motion, now):
        if self.mode == _MENU:
            self._step_menu(pressed, now)
        elif self.mode == _PLAY:
            self._step_play(pressed, motion, now)
        elif self.mode == _STATS:
            if pressed:
                self.screen = None
                self._to_menu()
        elif pressed & (A | START):
            self._to_menu()

    def _recover(self, pressed, motion, now):
        """Collect, go back to the saved state, retry the frame once."""
        self.memory_errors += 1
        for attempt in (0, 1):
            gc.collect()
            self._restore()
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

    # -- input -------------------------------------------------------------

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

    # -- menu --------------------------------------------------------------

    def _step_menu(self, pressed, now):
        if not pressed:
            return
        chose = self.menu.press(pressed)
        if chose == RESUME:
            self._resume_game(now)
        elif chose == STATS:
            self._show_stats()
        elif chose:
            self._start_game(now)
        else:
            self._draw_menu()

    def _draw_menu(self):
        v = self.view
        v.show_menu()
        v.set_text(v.title, self.notice or "Rollbox")
        m = self.menu
        size = m.size()
        top = min(max(0, m.cursor - MENU_LINES + 2), max(0, size - MENU_LINES))
        for i in range(MENU_LINES):
            n = top + i
            text = ""
            if n < size:
                text = (">" if n == m.cursor else " ") + m.line(n)
            v.set_text(v.menu_lines[i], text)
        if m.cursor == size - 1:
            v.set_text(v.status, "A:start B:next")
        elif m.on_resume():
            v.set_text(v.status, "A:resume B:next")
        else:
            v.set_text(v.status, "A:change B:next START:go" if self._buttons & START
                       else "A:change B:next")

    def _to_menu(self):
        self.mode = _MENU
        self.game = self.state = self.screen = self._saved = None
        self.view.show_menu()
        gc.collect()
        self._draw_menu()

    # -- play --------------------------------------------------------------

    def _start_game(self, now):
        m = self.menu
        entry = m.entry()
        gc.collect()
        game_class = catalog.load_class(entry[catalog.GAME])
        params = m.params()
        series = self._series
        if series is not None and series[:2] == (m.game, m.players) and any(
                p[0] == "setter" for p in game_class.PARAMS):
            params["setter"] = series[2] + 1  # the last winner sets the house options
        game = game_class(**params)
        self._resume = m.resume = None  # the new game's save replaces the old one
        self._begin(game, game.new_initial_state(), tuple(m.seats[:m.players]), now,
                    "new game")
        self._write(self._settings_store, m.settings())
        self._save_game()

    def _begin(self, game, state, seats, now, how):
        """Play ``game`` from ``state`` with ``seats``: its screen, title
        and the first prompt (a new game or a resumed one)."""
        m = self.menu
        entry = m.entry()
        self.game = game
        self.state = state
        self._saved = state.to_bytes()
        self._turn = state.turn_player()
        self.seats = seats
        self.coach = m.coach
        self.screen = catalog.load_class(entry[catalog.SCREEN])(
            self.view, game, seats, self._buttons, catalog.load(entry[catalog.BOT]))
        self.mode = _PLAY
        if self.hw.accel is not None and not self.accel_ok:
            self.accel_ok = True  # try the accelerometer again each game
            self.notice = self.hw.message
        v = self.view
        v.show_screen(self.screen.group)
        title = self.game.title()
        goal = self.game.params.get("goal")
        if goal is not None:
            title = "%s to %d" % (title, goal) if len(title) < 20 else "%s %d" % (title, goal)
        v.set_text(v.title, title)
        v.set_text(v.message, self.notice)
        self._log("%s: %s, seats %s" % (how, title, ", ".join(
            "P%d (%s)" % (p + 1, "computer" if seats[p] else "human")
            for p in range(len(seats)))))
        gc.collect()
        self._prompt(now)

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
        v.show_coach(self.screen.coach(s) if self.coach and p >= 0 and not self.seats[p] else None)

    def _toggle_coach(self):
        """START at a human seat's prompt: the coach overlay on or off,
        remembered for the next game (the menu's Coach line)."""
        self.coach ^= 1
        self.menu.coach = self.coach
        self._draw_prompt()

    def _step_play(self, pressed, motion, now):
        if self.phase == _TUMBLE:
            self._step_tumble(motion, now)
            return
        s = self.state
        p = s.current_player()
        if p < 0:  # chance with no seat to start it (e.g. a roll-off)
            self._tumble(now, _BY_COMPUTER)
            return
        screen = self.screen
        if self.seats[p]:
            if ticks_diff(now, self._since) >= screen.THINK_MS:
                self._act(screen.computer(s), now, _BY_COMPUTER)
            elif pressed and screen.ASIDE:
                self._human_aside(pressed, now)
            return
        if motion == IDLE:
            self._armed = True  # a shake must begin inside the prompt
        action = None
        how = _BY_BUTTON
        if self._armed and motion == SHAKING:
            action = screen.shake(s)
            how = _BY_SHAKE
        elif pressed:
            key = screen.coach_key()
            if pressed & key:
                self._toggle_coach()
                pressed &= ~key
            if pressed:
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
            self._log("%s (%s; %s)" % (text, _HOW[how], self.screen.summary(self.state)))
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

    def _step_tumble(self, motion, now):
        if ticks_diff(now, self._face_at) >= 0:
            self.screen.tumble(self.roller)
            self._face_at = ticks_add(now, FACE_MS)
        age = ticks_diff(now, self._since)
        if self._how == _BY_SHAKE and self.accel_ok:
            done = motion == SETTLED or age >= MAX_SHAKE_MS
        else:
            done = age >= TUMBLE_MS
        if done:
            self._saved = self.state.to_bytes()
            self._acting = True
            text = self.screen.settle(self.state, self.roller)
            self._log("%s (%s; %s)" % (text, _HOW[self._how], self.screen.summary(self.state)))
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
            self._series = (self.menu.game, len(self.seats), won[0]) if len(won) == 1 else None
            v.set_text(v.title, result)
            v.set_text(v.status, "A: menu")
            v.show_coach(None)  # the result is the news now
            self._log("%s (%s)" % (result, self.screen.summary(s)))
            self._write(self._game_store, None)  # a finished game is not resumed
            self._count_game(won)
            return
        if s.turn_player() != self._turn:
            self._save_game()
        self._prompt(now)

    # -- drawing -----------------------------------------------------------

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
