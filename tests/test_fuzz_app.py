"""App-level fuzzing (the issue "Abuse-proof"): the whole device app on a
host board, fed random key presses and releases on the keypad stand-in
(several keys at once, presses shorter than a frame, keys held for
seconds), shakes of random strength, shape and length on the board's motion
source, pauses and stalled frames, for every game of ``rollbox.catalog`` on
a PyBadge and a Circuit Playground + TFT Gizmo, with and without the
accelerometer, human and computer seats. After every frame:

- no exception escaped ``App.step``;
- while a game is on, its state survives ``to_bytes`` / ``state_from_bytes``
  unchanged, is terminal exactly when the app shows the game over (or, in
  the frame of the game's last action, is just made terminal), and
  otherwise waits on chance or on a seat that has a legal action;
- a roll (``rollbox.play.tumble``) starts only at the app's prompt in play, from the
  seat to act (a computer seat's decision, or a human seat's button press,
  one kept from the roll before, or shake) or from a chance node that no
  seat starts; nothing changes the
  state while the dice tumble;
- a finished game takes no roll and no action: its state bytes stay the same
  until the app is back in the menu.

Seeded (hypothesis, derandomized) and bounded: a few examples of some
hundreds of frames each per game, board and accelerometer. Displayio draws
for real every ``RENDER_EVERY`` frames (and at the end of each example):
Blinka's rendering is most of a frame's host time, and what changed in
between is drawn then.
"""
import collections
import heapq
import math

import pytest
from conftest import quiet_sim
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from host.simulation import FRAME_MS, GAMES, MENU_TAP_MS
from rollbox import app as app_module
from rollbox import catalog, play
from rollbox.engine import CHANCE
from rollbox.shake import SHAKING

G = 9.80665  # m/s²
BOARDS = ("pybadge", "cpb_gizmo")
RENDER_EVERY = 10  # frames between real displayio refreshes
FRAMES = 600  # frames per example once the game is on (12 s of host time)
EXAMPLES = 2  # examples per game, board and accelerometer
OVER_FRAMES = 600  # frames of fuzz after a finished game
WRAP_MS = 2**29 - 6000  # a start 6 s before ticks_ms() wraps
# No shrinking: an example is hundreds of frames of the whole app, and
# shrinking one runs it thousands of times (hours); the failing example and
# its last log lines (``note``) are reported as generated.
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                phases=(Phase.explicit, Phase.generate),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# -- the input timeline ------------------------------------------------------
# A segment starts ``gap`` ms after the one before it; its effects may
# overlap the next ones (a key held for seconds while others are tapped).

GAPS = st.one_of(st.integers(0, 300), st.integers(1000, 6000))  # ms; the second: pauses
HOLDS = st.one_of(st.integers(1, FRAME_MS - 1),  # shorter than a frame (and a key scan)
                  st.integers(FRAME_MS, 400),
                  st.integers(1000, 5000))  # held for seconds
KEYS = st.tuples(st.just("keys"), GAPS,
                 st.lists(st.integers(0, 7), min_size=1, max_size=4, unique=True).map(tuple),
                 HOLDS, st.integers(0, 15))  # key numbers (mod the board's), hold, stagger ms
SHAKES = st.tuples(st.just("shake"), GAPS,
                   st.integers(0, 160),  # strength, m/s² (the LIS3DH clips at 8 g)
                   st.integers(5, 150),  # frequency, 0.1 Hz
                   st.one_of(st.integers(10, 600), st.integers(600, 12_000)),  # length, ms
                   st.integers(0, 3),  # axis x, y, z, or all three
                   st.integers(0, 2))  # shape: sine, square, a constant push
STALLS = st.tuples(st.just("stall"), GAPS, st.integers(FRAME_MS + 1, 3000))  # a long frame, ms
TIMELINES = st.lists(st.one_of(KEYS, KEYS, SHAKES, STALLS), min_size=4, max_size=40)


class Motion:
    """The board's motion source: lying still plus the shakes in progress,
    (x, y, z) m/s² at host time ``t`` ms."""

    def __init__(self):
        self.shakes = []

    def add(self, start, strength, hz10, length, axis, shape):
        self.shakes = [s for s in self.shakes if s[1] > start]
        self.shakes.append((start, start + length, strength, hz10, axis, shape))

    def __call__(self, t):
        a = [0.0, 0.0, G]
        for start, end, strength, hz10, axis, shape in self.shakes:
            if not start <= t < end:
                continue
            for k in range(3) if axis == 3 else (axis,):
                w = math.sin(2 * math.pi * hz10 * (t - start) / 10_000 + k)
                if shape == 1:
                    w = 1.0 if w >= 0 else -1.0
                elif shape == 2:
                    w = 1.0
                a[k] += strength * w
        return tuple(a)


class Fuzz:
    """A ``host.simulation.Simulation`` whose human seats are played by a timeline of
    raw key and motion events, checked after every frame (and each roll it
    starts: :func:`watch_rolls`)."""

    current = None  # the Fuzz playing now

    def __init__(self, timeline=(), **kw):
        self.log = collections.deque(maxlen=12)
        self.sim = sim = quiet_sim(log=self.log.append, **kw)  # the timeline plays instead
        self.app = app = sim.app
        self.clock = sim.clock
        self.keys = sim.hw.keys
        self.key_count = len(sim.hw.key_map)
        self.motion = Motion()
        sim.board.motion = self.motion
        self.timeline = list(timeline)
        self._events = []  # heap of (t, order, kind, arg)
        self._order = 0
        self._index = 0
        self._next = None  # start of the next segment (host ms)
        self.frames = 0
        self.problems = []
        self.rolls = 0
        self.games_over = 0
        self._pressed = 0
        self._player = None  # the player to act when the frame began at a prompt
        self._frozen = None  # state bytes of the finished game on show
        display = sim.hw.display
        self._render = display.refresh
        display.refresh = self._refresh
        press = app.controls.press
        Fuzz.current = self

        def press_seen():  # every press the app takes this frame (issue 14: one by one)
            bit = press()
            self._pressed |= bit
            return bit

        app.controls.press = press_seen

    # -- driving -----------------------------------------------------------

    def _refresh(self, *args, **kwargs):
        if self.frames % RENDER_EVERY == 0:
            return self._render(*args, **kwargs)
        return True

    def start(self, limit=2000):
        """The scripted menu taps (A and B), frame by frame, until the game is on."""
        sim = self.sim
        for _ in range(limit):
            if self.app.mode == app_module.PLAY and not sim.keys.busy():
                break
            now = self.clock.now
            sim.keys.update(now)
            if sim.setup and not sim.keys.busy() and now >= sim._next_tap:
                sim.keys.tap(sim.setup.pop(0), now)
                sim._next_tap = now + MENU_TAP_MS
            self.clock.advance(FRAME_MS)
            self.frame()
        assert self.app.mode == app_module.PLAY, "the menu did not start the game"
        return self

    def run(self, frames, period=FRAME_MS, until=None):
        """``frames`` frames of ``period`` ms with the timeline's events
        (stopping early when ``until()`` holds)."""
        if self._next is None and self.timeline:
            self._next = self.clock.now + self.timeline[0][1]
        for _ in range(frames):
            if until is not None and until():
                break
            end = self.clock.now + period
            while True:
                self._schedule(end)
                if not self._events or self._events[0][0] >= end:
                    break
                t, _, kind, arg = heapq.heappop(self._events)
                if t > self.clock.now:
                    self.clock.advance(t - self.clock.now)
                if kind == "down":
                    self.keys._press(arg)
                elif kind == "up":
                    self.keys._release(arg)
                elif kind == "shake":
                    self.motion.add(t, *arg)
                else:  # a stalled frame
                    end = max(end, t + arg)
            self.clock.advance(end - self.clock.now)
            self.frame()
        return self

    def _push(self, t, kind, arg):
        self._order += 1
        heapq.heappush(self._events, (t, self._order, kind, arg))

    def _schedule(self, end):
        """Turn the segments that start before ``end`` into events (the
        timeline repeats, a frame apart)."""
        while self.timeline and self._next < end:
            seg = self.timeline[self._index]
            t = self._next
            if seg[0] == "keys":
                _, _, numbers, hold, stagger = seg
                for i, n in enumerate(numbers):
                    self._push(t + i * stagger, "down", n % self.key_count)
                    self._push(t + i * stagger + hold, "up", n % self.key_count)
            elif seg[0] == "shake":
                self._push(t, "shake", seg[2:])
            else:
                self._push(t, "stall", seg[2])
            self._index = (self._index + 1) % len(self.timeline)
            self._next = t + self.timeline[self._index][1] + (FRAME_MS if self._index == 0 else 0)

    def release_all(self):
        for n in range(self.key_count):
            if self.keys._is_down(n):
                self.keys._release(n)

    # -- checking ----------------------------------------------------------

    def frame(self):
        """One app step, then the checks."""
        app = self.app
        before_mode, before_phase = app.mode, app.phase
        before = app.state.to_bytes() if app.state is not None else None
        self._player = None
        if before_mode == app_module.PLAY and before_phase in (play.PROMPT,
                                                                play.PREVIEW):
            self._player = app.state.current_player()
        self._pressed = 0
        self.frames += 1
        rolls = self.rolls
        app.step(self.clock.ticks_ms())
        if self.rolls != rolls:  # the dice landed and a kept press rolled again
            before_phase = None
        self._check(before_mode, before_phase, before)

    def _where(self):
        return "frame %d at %d ms, mode %d phase %d; log: %s" % (
            self.frames, self.clock.now, self.app.mode, self.app.phase, list(self.log))

    def _check_roll(self, how):
        """Called as a tumble starts: only from the prompt (or its shake
        preview, which only a confirmed shake turns into a roll), by the
        seat to act."""
        app = self.app
        p = self._player
        ok = app.mode == app_module.PLAY and p is not None and (
            app.phase == play.PROMPT
            or app.phase == play.PREVIEW and how == play.BY_SHAKE)
        if ok and (p == CHANCE or app.seats[p]):
            ok = how == play.BY_COMPUTER
        elif ok:  # a human seat: its button press or its shake, this frame
            ok = (how == play.BY_BUTTON and self._pressed != 0) or (
                how == play.BY_SHAKE and app.accel_ok and app.detector.state == SHAKING)
        if not ok:
            self.problems.append("a roll (how %r, seat %r) outside a roll prompt: %s" % (
                how, p, self._where()))

    def _check(self, before_mode, before_phase, before):
        app = self.app
        assert not self.problems, self.problems[0]
        if app.mode == app_module.MENU:
            self._frozen = None
            assert app.state is None, self._where()
            return
        s = app.state
        raw = s.to_bytes()
        assert app.game.state_from_bytes(raw).to_bytes() == raw, "round trip: " + self._where()
        p = s.current_player()
        if s.is_terminal():  # the result shows in the frame after the last action
            assert app.mode == app_module.OVER or (
                app.mode == app_module.PLAY and before_mode == app_module.PLAY
                and raw != before and app.phase == play.PROMPT), \
                "a terminal state in play: " + self._where()
        else:
            assert app.mode in (app_module.PLAY, app_module.PAUSED), \
                "game over before the end: " + self._where()
            if app.mode == app_module.PAUSED:
                assert raw == before or before is None or before_mode != app_module.PAUSED, \
                    "the state changed while paused: " + self._where()
            assert p == CHANCE or (0 <= p < len(app.seats) and s.legal_actions()), \
                "seat %d cannot act: %s" % (p, self._where())
            if app.phase == play.TUMBLE:
                assert p == CHANCE, "tumbling at a decision: " + self._where()
        if before_mode == app_module.PLAY and before_phase == play.TUMBLE and \
                app.mode == app_module.PLAY and app.phase == play.TUMBLE:
            assert raw == before, "the state changed while the dice tumble: " + self._where()
        if app.mode == app_module.OVER:
            if self._frozen is None:
                self._frozen = raw
                self.games_over += 1
            assert raw == self._frozen, "a finished game changed: " + self._where()

    def finish(self):
        """Draw what is pending for real."""
        self.frames = 0
        self.app.view.dirty = True
        self.app.view.refresh()


_TUMBLE = play.tumble
_KEPT = play.press


@pytest.fixture(autouse=True, scope="module")
def watch_rolls():
    """Every roll the app starts (``rollbox.play.tumble``) is checked by the
    Fuzz playing (``Fuzz._check_roll``) and counted. A press kept during a
    roll (``rollbox.play.press``, issue 24) acts at the prompt that follows,
    in the frame the dice land: the seat to act then is the one it is for."""
    def tumble_checked(app, now, how):
        fuzz = Fuzz.current
        if fuzz is not None and fuzz.app is app:
            fuzz._check_roll(how)
            fuzz.rolls += 1
        return _TUMBLE(app, now, how)

    def kept_checked(app):
        bit = _KEPT(app)
        fuzz = Fuzz.current
        if bit and fuzz is not None and fuzz.app is app:
            fuzz._pressed |= bit
            fuzz._player = app.state.current_player()
        return bit

    play.tumble = tumble_checked
    play.press = kept_checked
    yield
    play.tumble = _TUMBLE
    play.press = _KEPT


def setups(game):
    """A game's menu settings: players, seat kinds, "6 is bad", goal, the
    dice's seed and the clock's start."""
    entry = catalog.GAMES[GAMES.index(game)]
    players = st.integers(entry[catalog.MIN_PLAYERS], entry[catalog.MAX_PLAYERS])
    return st.fixed_dictionaries({
        "seats": players.flatmap(lambda n: st.lists(st.integers(0, 1), min_size=n, max_size=n)),
        "six_bad": st.integers(0, 1) if entry[catalog.OPTIONS] & catalog.SIX_BAD else st.just(0),
        "goal": st.sampled_from(entry[catalog.GOALS]) if entry[catalog.GOALS] else st.none(),
        "seed": st.integers(0, 2**16),
        "start_ms": st.sampled_from((0, WRAP_MS)),
    })


@pytest.mark.parametrize("accelerometer", [True, False], ids=["accel", "no-accel"])
@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data(), timeline=TIMELINES)
def test_fuzz_play(game, board, accelerometer, data, timeline):
    setup = data.draw(setups(game), label="setup")
    seats = tuple(setup.pop("seats"))
    fuzz = Fuzz(timeline, game=game, board=board, accelerometer=accelerometer,
                players=len(seats), seats=seats, **setup).start()
    fuzz.run(FRAMES)
    fuzz.finish()
    note("rolls %d, games over %d" % (fuzz.rolls, fuzz.games_over))


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=1)
@given(timeline=TIMELINES)
def test_fuzz_computers_then_game_over(game, board, timeline):
    """Computer seats only (so the game ends), the fewest players, the
    smallest goal, 100 ms frames while they play; buttons and shakes all
    along, and after the end through the game-over screen into the menu."""
    entry = catalog.GAMES[GAMES.index(game)]
    players = entry[catalog.MIN_PLAYERS]
    goal = min(entry[catalog.GOALS]) if entry[catalog.GOALS] else None
    fuzz = Fuzz(timeline, game=game, board=board, players=players, seats=(1,) * players,
                goal=goal, seed=GAMES.index(game)).start()
    fuzz.run(20_000, period=100, until=lambda: fuzz.app.mode == app_module.OVER)
    assert fuzz.app.mode == app_module.OVER and fuzz.app.state.is_terminal()
    fuzz.run(OVER_FRAMES)
    fuzz.finish()
