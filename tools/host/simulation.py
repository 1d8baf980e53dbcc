"""A whole game on the host: the device app, a host board, and a scripted
human who shakes (a real recording through the emulated LIS3DH) and presses
keys (keypad events), frame by frame on the host clock.

Used by ``tools/sim`` and the tests.
"""
import os
import random

from host import boards, traces
from host import clock as host_clock

FRAME_MS = 20  # the app's frame period on the host (50 frames/s)
REACT_MS = 400  # the scripted human waits this long before acting
PRESS_MS = 120  # a key press lasts this long
MENU_TAP_MS = 200  # the menu is set with a tap this often
ACT_TIMEOUT_MS = 5000  # an action the app ignored is followed by the next
VARIANTS = {"pig": 0, "two-dice": 1, "big-pig": 2}


class ScriptedHuman:
    """Plays the human seats from a per-turn script of tokens:
    ``S`` shake (replay the recording), ``A`` press A (button roll),
    ``B`` press B (hold). Each turn starts the script from its first token;
    when a turn outlasts the script, its last token repeats."""

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

    def act(self, app, now, keys):
        """Called each frame; acts when the app waits on a human seat (and
        has taken the last action, or ignored it for ACT_TIMEOUT_MS)."""
        if app.state is not None and app.state.turn_player() != self._seen:
            self._seen = app.state.turn_player()  # a new turn: the script starts again
            self._index = 0
        if not app.awaiting_human():
            self._ready_at = self._acted_at = None
            return
        if self._acted_at is not None and now - self._acted_at < ACT_TIMEOUT_MS:
            return
        if self._ready_at is None:
            self._ready_at = now + REACT_MS
            return
        if now < self._ready_at:
            return
        self._ready_at = None
        self._acted_at = now
        token = self.script[min(self._index, len(self.script) - 1)]
        self._index += 1
        if token == "S" and app.accel_ok:
            self.board.motion = traces.Replay(self.samples, now)
        else:
            keys.tap("B" if token == "B" else "A", now)


class Keys:
    """Presses logical buttons on the board's keypad stand-in by key number."""

    def __init__(self, hw):
        from rollbox import controls

        self.hw = hw
        self._bits = {n: getattr(controls, n) for n in controls.NAMES}
        self._release = []

    def tap(self, name, now):
        """Press ``name`` (A, B, START, ...) now, release it PRESS_MS later."""
        n = self.hw.key_map.index(self._bits[name])
        self.hw.keys._press(n)
        self._release.append((now + PRESS_MS, n))

    def update(self, now):
        for item in [r for r in self._release if r[0] <= now]:
            self.hw.keys._release(item[1])
            self._release.remove(item)

    def busy(self):
        return bool(self._release)


def menu_taps(variant, six_bad, players, seats, goal):
    """Logical buttons that set the menu from its defaults (Pig, 6 is bad
    off, 2 players, P1 human / others computer, goal 100) and start,
    with A and B only (the two-button boards)."""
    from rollbox.menu import GOALS, Menu

    m = Menu()
    taps = ["A"] * variant + ["B"] + ["A"] * six_bad + ["B"]
    taps += ["A"] * (players - 2) + ["B"]
    taps += ["A"] * ((GOALS.index(goal) - GOALS.index(m.goal)) % len(GOALS)) + ["B"]
    for i in range(players):
        taps += ["A"] * (seats[i] != m.seats[i]) + ["B"]
    return taps + ["A"]  # A on "Start": every board has A (not all have START)


class Simulation:
    """Set up a host board and the app, then :meth:`run` to a winner.

    :param out: folder for frame PNGs (None: keep no frames).
    """

    def __init__(self, board="pybadge", variant=0, six_bad=0, players=2, seats=(0, 1),
                 goal=100, script="SASB", recording="cse590_phone_shake", seed=1,
                 out=None, log=print, accelerometer=True, start_ms=0):
        if len(seats) != players:
            raise ValueError("need one seat kind per player")
        host_clock.use(host_clock.Clock(start_ms))
        self.clock = host_clock.current()
        self.board = boards.use(board, accelerometer=accelerometer)
        from rollbox import hardware
        from rollbox.app import App
        from rollbox.dice import Roller

        self.hw = hardware.detect()
        self.rng = random.Random(seed)
        self.app = App(self.hw, roller=Roller(self.rng.randrange), log=log)
        self.keys = Keys(self.hw)
        self.human = ScriptedHuman(self.board, script, recording)
        self.setup = menu_taps(variant, six_bad, players, seats, goal)
        self._next_tap = self.clock.now + MENU_TAP_MS
        self.out = out
        self.frames = 0
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
        if self.board.framebuffer.take_dirty() and self.out:
            self.frames += 1
            path = os.path.join(self.out, "frame_%05d.png" % self.frames)
            self.board.framebuffer.save_png(path)
        self.clock.advance(FRAME_MS)

    def run(self, max_ms=3_600_000):
        """Play until the game is over; returns the winner's seat.

        :raises RuntimeError: no winner within ``max_ms`` of host time.
        """
        from rollbox.app import _OVER

        end = self.clock.now + max_ms
        while self.app.mode != _OVER:
            if self.clock.now > end:
                raise RuntimeError("no winner after %d ms" % max_ms)
            self.step()
        for _ in range(3):  # the final screen
            self.step()
        return self.app.state.winner()
