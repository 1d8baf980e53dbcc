"""A whole game on the host: the device app, a host board, and a scripted
human who shakes (a real recording through the emulated LIS3DH) and presses
keys (keypad events), frame by frame on the host clock.

Used by ``tools/sim`` and the tests.
"""
import os
import random

from host import boards, motions, traces, transcript
from host import clock as host_clock
from host.gif import GifRecorder
from host.keys import keys_for

FRAME_MS = 20  # the app's frame period on the host (50 frames/s)
REACT_MS = 400  # the scripted human waits this long before acting
PRESS_MS = 120  # a key press lasts this long
MENU_TAP_MS = 200  # the menu is set with a tap this often
ACT_TIMEOUT_MS = 5000  # an action the app ignored is followed by the next
EASY = 1  # the level whose rule a scripted SKUNK seat sits by (rollbox.bots.EASY)
FIRM_SHAKE = motions.shake(5.0, 1.5, 30.0)  # rolls at every sensitivity (tests/test_shake.py)
# --game names for the simulator, in catalog order.
GAMES = ("pig", "two-dice", "big-pig", "hog", "skunkd", "skunk", "skull-dragon")


def awaiting_human(app):
    """True when ``app`` (a ``rollbox.app.App``) is asking a human seat to
    act: in play, at a prompt, a seat that is no computer's."""
    from rollbox.app import PLAY
    from rollbox.play import PROMPT

    if app.mode != PLAY or app.phase != PROMPT:
        return False
    p = app.state.current_player()
    return p >= 0 and not app.seats[p]


class ScriptedHuman:
    """Plays the human seats, one action every REACT_MS, through the keys
    and the accelerometer like a person.

    Pig family: a per-turn script of tokens decides, ``S`` shake (replay the
    recording), ``A`` press A (button roll), ``B`` press B (hold); each turn
    starts the script from its first token; when a turn outlasts the script,
    its last token repeats. Other games: the game's bot decides each action
    and the screen says which buttons make it; an action that starts a roll
    is a shake when the script's token is ``S``. SKUNK: between rolls every
    standing human seat sits by the easy rule (``bots.skunk.sits``: round
    total 20 or more), the shooter's or a computer's turn alike, one seat
    at a time (the one with the fewest buttons first); then a human shooter
    rolls, by a shake where no button rolls (A is the eighth seat's sit
    button): the recording on ``S``, else `FIRM_SHAKE`."""

    def __init__(self, board, script, recording):
        if not script or set(script) - set("SAB"):
            raise ValueError("a script is one or more of S, A, B, e.g. SASB")
        self.board = board
        self.script = script
        self.samples = traces.load(recording)
        self._seen = None  # seat whose turn it was at the last frame
        self._index = 0
        self._ready_at = None
        self._acted_at = None
        self._queue = []  # buttons still to press for the chosen action
        self._before = b""  # SKUNK: the state when the last action was made

    def _ready(self, now, keys):
        """The scripted player's pace: True when it may press now (REACT_MS
        after it was first ready, a quarter of that between the keys of one
        action, never while a key is down or just let go)."""
        if self._ready_at is None:
            self._ready_at = now + REACT_MS // (4 if self._queue else 1)
            return False
        if now < self._ready_at or keys.busy(now):
            return False
        self._ready_at = None
        return True

    def act(self, app, now, keys):
        """Called each frame; acts when the app waits on a human seat (and
        has taken the last action, or ignored it for ACT_TIMEOUT_MS)."""
        if app.state is not None and app.state.turn_player() != self._seen:
            self._seen = app.state.turn_player()  # a new turn: the script starts again
            self._index = 0
        if app.game is not None and app.game.NAME == "skunk":
            self._table(app, now, keys)
            return
        if not awaiting_human(app):
            self._ready_at = self._acted_at = None
            self._queue = []
            return
        if self._acted_at is not None and now - self._acted_at < ACT_TIMEOUT_MS \
                and not self._queue:
            return
        if not self._ready(now, keys):
            return
        self._acted_at = now
        if self._queue:
            keys.tap(self._queue.pop(0), now)
            return
        token = self.script[min(self._index, len(self.script) - 1)]
        self._index += 1
        if app.game.NAME == "pig":
            if token == "S" and app.accel_ok:
                self.board.motion = traces.Replay(self.samples, now)
            else:
                keys.tap("B" if token == "B" else "A", now)
            return
        self._play(app, now, keys, token)

    def _play(self, app, now, keys, token):
        state = app.state
        action = app.screen.computer(state)
        if token == "S" and app.accel_ok and app.screen.shake(state) == action:
            self.board.motion = traces.Replay(self.samples, now)
            return
        self._queue = list(keys_for(app.screen, state, action))
        keys.tap(self._queue.pop(0), now)

    def _table(self, app, now, keys):
        """SKUNK's human seats, one action at a time at the table's prompt
        (class doc); the next waits until the app has taken the last (the
        state changed) or ignored it for ACT_TIMEOUT_MS."""
        from rollbox.app import PLAY
        from rollbox.play import PROMPT

        state = app.state
        if app.mode != PLAY or app.phase != PROMPT or state.is_chance_node() \
                or state.is_terminal():
            self._ready_at = self._acted_at = None
            self._queue = []
            return
        if self._acted_at is not None and not self._queue and \
                now - self._acted_at < ACT_TIMEOUT_MS and state.to_bytes() == self._before:
            return
        if not self._ready(now, keys):
            return
        if not self._queue:
            plan = self._table_plan(app, state, now)
            if plan is None:
                return
            self._queue = list(plan)
        if self._queue:
            keys.tap(self._queue.pop(0), now)
        self._acted_at = now
        self._before = state.to_bytes()

    def _table_plan(self, app, state, now):
        """The buttons of SKUNK's next human action: () for a shake (started
        here), None for nothing to do (a computer shoots, no human sits)."""
        from games.skunk.rules import ROLL, SIT_BASE

        screen = app.screen
        plans = [keys_for(screen, state, SIT_BASE + p) for p in range(len(app.seats))
                 if not app.seats[p] and screen.bot.sits(state, p, EASY)]
        if plans:
            return min(plans, key=len)
        if app.seats[state.turn_player()]:
            return None  # the computer shooter rolls
        token = self.script[min(self._index, len(self.script) - 1)]
        self._index += 1
        if token == "S" and app.accel_ok:
            self.board.motion = traces.Replay(self.samples, now)
            return ()
        try:
            return keys_for(screen, state, ROLL)
        except ValueError:  # no button rolls at this table: a shake
            self.board.motion = traces.Replay(FIRM_SHAKE, now)
            return ()


class Keys:
    """Presses logical buttons on the board's keypad stand-in by key number."""

    def __init__(self, hw):
        from rollbox import controls

        self.hw = hw
        self._bits = {n: getattr(controls, n) for n in controls.NAMES}
        self._release = []
        self._released_at = None

    def tap(self, name, now):
        """Press ``name`` (A, B, START, ...) now, release it PRESS_MS later."""
        n = self.hw.key_map.index(self._bits[name])
        self.hw.keys._press(n)
        self._release.append((now + PRESS_MS, n))

    def update(self, now):
        for item in [r for r in self._release if r[0] <= now]:
            self.hw.keys._release(item[1])
            self._release.remove(item)
            self._released_at = now

    def busy(self, now=None):
        """True while a key is down, and (given ``now``) for two frames after
        a release: the keypad scans every 20 ms like the board's, so a key
        released and pressed again within one scan would be one press."""
        if self._release:
            return True
        return now is not None and self._released_at is not None \
            and now - self._released_at < 2 * FRAME_MS


def menu_taps(game, six_bad, players, seats, goal, coach=0, start=None, shake=1, sound=1,
              lights=1):
    """Logical buttons that set the menu from its defaults to ``game``
    (index in ``rollbox.catalog.GAMES``), the "6 is bad" option, player
    count, seat kinds (0 human, 1..3 a computer level) and goal (None: the
    game's default), the coach (0/1), the shake sensitivity (0 gentle, 1
    normal, 2 firm), the sound (0 off, 1 quiet, 2 loud) and lights (0 off,
    1 low, 2 high) and start, with A and B only (the
    two-button boards). Worked out on a real ``Menu``, from ``start`` (the
    app's menu as restored at power-up: settings and a Resume line) or the
    defaults."""
    from rollbox import catalog
    from rollbox.menu import Menu

    m = Menu()
    if start is not None:
        m.restore(start.settings())
        m.resume, m.cursor = start.resume, start.cursor
    taps = []

    def press(name):
        from rollbox import controls

        taps.append(name)
        m.press(getattr(controls, name))

    if m.on_resume():
        press("B")  # past "Resume": a new game
    while m.game != game:
        press("A")
    press("B")
    entry = m.entry()
    if entry[catalog.OPTIONS] & catalog.SIX_BAD:
        while m.six_bad != six_bad:
            press("A")
        press("B")
    if not entry[catalog.MIN_PLAYERS] <= players <= entry[catalog.MAX_PLAYERS]:
        raise ValueError("%s takes %d..%d players" % (
            entry[catalog.NAME], entry[catalog.MIN_PLAYERS], entry[catalog.MAX_PLAYERS]))
    while m.players != players:
        press("A")
    press("B")
    if entry[catalog.GOALS]:
        goal = entry[catalog.GOAL] if goal is None else goal
        if goal not in entry[catalog.GOALS]:
            raise ValueError("goal is one of %s" % (entry[catalog.GOALS],))
        while m.goal != goal:
            press("A")
        press("B")
    for i in range(players):
        while m.seats[i] != seats[i]:
            press("A")
        press("B")
    if m.coach != coach:
        press("A")
    press("B")
    while m.shake != shake:
        press("A")
    press("B")
    while m.sound != sound:
        press("A")
    press("B")
    while m.lights != lights:
        press("A")
    press("B")  # to "Lifetime stats"
    press("B")
    press("A")  # A on "Start": every board has A (not all have START)
    if m.resume:
        taps.append("A")  # "Replace saved game?": yes
    return taps


class Simulation:
    """Set up a host board and the app, then :meth:`run` to a winner.

    :param out: folder for frame PNGs (None: keep no frames); the frames
        are also kept, with their times (and the NeoPixels' colours on a
        board that has them), in ``gif`` (``host.gif.GifRecorder``),
        and ``started_ms`` is the host time the game left the menu. A frame
        is kept when the screen's pixels, its brightness or the NeoPixels
        changed. The sound is in ``board.audio`` (``host.audio``):
        :meth:`write_wav`.
    :param shake: the menu's shake sensitivity (0 gentle, 1 normal, 2 firm).
    :param sound: the menu's Sound level (0 off, 1 quiet, 2 loud); ``lights``: its
        Lights level (0 off, 1 low, 2 high).
    :param nvm: the board's non-volatile memory (a ``microcontroller.ByteArray``
        of the host stand-in), e.g. one carried over from a simulation cut by
        a power cut; None: a blank one for this board. The menu taps
        (``setup``) assume the default menu: with a saved nvm set ``setup``
        yourself (``["A"]`` resumes a saved game).
    :param files: CIRCUITPY (a ``storage.VfsFat`` of the host stand-in, e.g.
        ``VfsFat(code_writes=True)`` as boot.py leaves it, or one carried
        over a power cut); None: a blank drive read-only to code (no boot.py).
    """

    def __init__(self, board="pybadge", game="pig", six_bad=0, players=2, seats=(0, 1),
                 goal=None, script="SASB", recording="cse590_phone_shake", seed=1,
                 out=None, log=print, accelerometer=True, start_ms=0, coach=0, nvm=None,
                 shake=1, files=None, sound=1, lights=1):
        if len(seats) != players:
            raise ValueError("need one seat kind per player")
        host_clock.use(host_clock.Clock(start_ms))
        self.clock = host_clock.current()
        self.board = boards.use(board, accelerometer=accelerometer)
        import microcontroller

        if nvm is not None:
            microcontroller._use_nvm(nvm)
        self.nvm = microcontroller.nvm
        import storage

        if files is not None:
            storage._use_root(files)
        self.files = storage.getmount("/")
        from rollbox import hardware
        from rollbox.app import App
        from rollbox.dice import Roller

        self.hw = hardware.detect()
        self.rng = random.Random(seed)
        self.app = App(self.hw, roller=Roller(self.rng.randrange),
                       log=None if log is None else transcript.lines(log), nvm=self.nvm)
        self.keys = Keys(self.hw)
        self.human = ScriptedHuman(self.board, script, recording)
        self.setup = menu_taps(GAMES.index(game), six_bad, players, seats, goal, coach,
                               self.app.menu, shake, sound, lights)
        self._next_tap = self.clock.now + MENU_TAP_MS
        self.out = out
        self.frames = 0
        self.pixels = 0
        self.gif = GifRecorder()  # every screen written to out, with its time
        self.started_ms = None  # host ms of the game's first frame (the menu left)
        self.start_ms = start_ms  # host ms of the power-up (the sound track's start)
        self._shows = 0  # NeoPixel shows seen
        if out:
            os.makedirs(out, exist_ok=True)

    def step(self):
        """One frame: input, app step, frame capture, clock advance."""
        now = self.clock.now
        self.keys.update(now)
        if self.setup and not self.keys.busy() and now >= self._next_tap:
            self.keys.tap(self.setup.pop(0), now)
            self._next_tap = now + MENU_TAP_MS
        elif not self.setup:
            self.human.act(self.app, now, self.keys)
        self.app.step(self.clock.ticks_ms())
        fb = self.board.framebuffer
        self.pixels = fb.take_dirty()  # pushed by this frame's refresh
        dimmed = fb.take_dim()
        lights = self.board.lights
        lit = len(lights.shows) != self._shows
        self._shows = len(lights.shows)
        if (self.pixels or dimmed or lit) and self.out:
            self.frames += 1
            image = fb.to_image()
            image.save(os.path.join(self.out, "frame_%05d.png" % self.frames), "PNG")
            self.gif.add(image, now, lights.colours_at() if lights.pixels else None)
        if self.started_ms is None and self.app.game is not None:
            self.started_ms = now
        self.clock.advance(FRAME_MS)

    def write_wav(self, path, start_ms=None, end_ms=None):
        """The board's sound from ``start_ms`` (None: power-up) to ``end_ms``
        (None: now) as a mono 16-bit WAV at the synthesizer's rate, at the
        game's pace (``host.audio``); returns the sample count."""
        start = self.start_ms if start_ms is None else start_ms
        return self.board.audio.write_wav(path, start, end_ms)

    def run(self, max_ms=3_600_000):
        """Play until the game is over and saved (the game-over screen's
        first frames: ``rollbox.ending.count_step``) and its text drawn;
        returns the winner's seat.

        :raises RuntimeError: no winner within ``max_ms`` of host time, or
            the game not yet counted 3 frames after its end.
        """
        from rollbox.app import OVER

        end = self.clock.now + max_ms
        while self.app.mode != OVER:
            if self.clock.now > end:
                raise RuntimeError("no winner after %d ms" % max_ms)
            self.step()
        for _ in range(3):  # the final screen
            self.step()
        for _ in range(50):  # its text lines, a frame's share at a time (rollbox.view)
            if not self.app.view.waiting():
                break
            self.step()
        if self.app.to_count:
            raise RuntimeError("the game's saving not done 3 frames after its end")
        return self.app.state.winner()
