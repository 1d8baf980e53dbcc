"""The whole app on CircuitPython's unix port: code.py's path (board
detected, App, menu, screens, rules, bots) on the stand-ins of
tools/host/unix_port, every seat a hard computer, each game chosen on the
menu with key presses and played to the end, then back to the menu. Run by
tools/bench_device and tests/test_device.py, never on a board.

``circuitpython-unix32 -X heapsize=N -c "import play_device" PROFILE GAMES PLAYERS SEED``

- PROFILE: pybadge (160x128, 8 keys) or cpb_gizmo (240x240, A and B);
- GAMES: catalog indexes separated by commas, played in that order in one
  power-on;
- PLAYERS: a number, or "max" (each game's most players);
- SEED: the dice (``random.seed``, after code.py seeded them).

The app is built by code.py itself (its source, compiled here as on a board),
with ``App.run`` replaced so that the driver steps the frames. One frame is
20 ms of simulated time (``supervisor`` stand-in). After every
frame it collects and reads ``gc.mem_alloc()``; figures are bytes above the
baseline taken before the first Rollbox import (the driver and stand-ins
are below it). Output, one fact per line (tools/bench_device parses it)::

    driver BYTES              the heap in use before the stand-ins: the driver
                              and the interpreter's own
    standins BYTES            what the stand-ins hold (modules and objects)
    boot BYTES                after the App is built, before its first frame
    menu0 BYTES               at the first menu
    game INDEX NAME           a game starts (menu presses follow)
    peak INDEX BYTES          that game's live peak (menu to game over)
    modules INDEX a,b,...     modules in sys.modules at that peak
    pause INDEX BYTES         most heap in use on its pause screen and help pages
    over INDEX FRAMES         the game ended after FRAMES frames of play
    menu INDEX BYTES          back at the menu after it
    loaded INDEX a,b,...      modules in sys.modules back at the menu
                              (``loaded first``: at the first menu)
    memory_errors N           MemoryErrors the app caught (0 to pass)
    all_peak BYTES            the peak over the whole power-on
    done

and twice ``micropython.qstr_info()``'s line ("qstr pool: n_pool=..,
n_qstr=.., ..."): after the baseline (the names the driver and the
stand-ins interned) and at the end (every name interned, never freed).
"""
import gc
import random
import sys

gc.collect()
_BASE0 = gc.mem_alloc()

import board  # noqa: E402, F401 (the stand-ins, before the baseline)
import digitalio  # noqa: E402, F401
import keypad  # noqa: E402, F401
import microcontroller  # noqa: E402, F401
import storage  # noqa: E402, F401
import supervisor  # noqa: E402

FRAME_MS = 20
MAX_FRAMES = 400000  # a game that has not ended by then is reported as not ending
PAUSE_AT = 30  # frames into each game, at the next prompt: the pause screen and help
_peak_modules = [None] * 48  # filled in place at a new peak (no allocation)


def standins(profile):
    """Set the board up (tools/mp/play_setup.py, unloaded after); the
    bytes the stand-ins hold (their modules, the display, the I2C model, a
    keypad object, nvm)."""
    import play_setup

    play_setup.standins(profile)
    del play_setup, sys.modules["play_setup"]
    gc.collect()
    return gc.mem_alloc() - _BASE0


def choose(d, index, players, effects="11"):
    """The menu set for game ``index`` (tools/mp/play_setup.py, loaded for
    it and unloaded before the game starts)."""
    import play_setup

    play_setup.choose(d, index, players, effects)
    del play_setup, sys.modules["play_setup"]


def visit_pause(d):
    """The pause screen over the game (START; the A+B chord held 1.1 s on
    a board without START), the game's Rules and keys page by page, its
    Last turn, then back to the game: the most heap in use meanwhile (bytes; the game's
    live peak counts it too)."""
    from rollbox import controls

    top = 0
    if controls.START in d.key_map:
        d.press(controls.START)
    else:
        events = d.hw.keys.events
        for bit in (controls.A, controls.B):
            events._put(d.key_map.index(bit), True, d.now)
        for _ in range(55):
            d.frame()
        for bit in (controls.A, controls.B):
            events._put(d.key_map.index(bit), False, d.now)
        d.frame()
    B, A = controls.B, controls.A
    # Rules and keys, 5 windows, back; Last turn and back; on to Resume.
    for bit in (B, B, A, B, B, B, B, A, B, A, A, B, B, A):
        d.press(bit)
        top = max(top, d.live())
    if d.app.pause is not None:
        raise RuntimeError("the pause screen did not close")
    return top


class _Started(Exception):
    """Raised by the driver's App.run: code.py built the app."""


def power_up():
    """code.py as the board runs it (compiled from source), its
    ``App.run()`` replaced by a return of the app to the driver."""
    from rollbox import app as app_module

    def run(app):
        raise _Started(app)

    app_module.App.run = run
    with open("code.py") as f:
        source = f.read()
    try:
        exec(source, {"__name__": "__main__"})
    except _Started as started:
        return started.args[0]
    raise RuntimeError("code.py did not start the app")


class Driver:
    """Steps the app on the simulated clock and keeps the figures."""

    def __init__(self, app, hw, base):
        self.app = app
        self.hw = hw
        self.base = base
        self.now = 0
        self.peak = 0
        self.all_peak = 0
        self.frames = 0
        self.key_map = hw.key_map

    def live(self):
        gc.collect()
        return gc.mem_alloc() - self.base

    def frame(self):
        self.now += FRAME_MS
        supervisor._now = self.now
        self.app.step(self.now)
        self.frames += 1
        used = self.live()
        if used > self.peak:
            self.peak = used
            i = 0
            for name in sys.modules:
                if i < len(_peak_modules):
                    _peak_modules[i] = name
                    i += 1
            while i < len(_peak_modules) and _peak_modules[i] is not None:
                _peak_modules[i] = None
                i += 1
        if used > self.all_peak:
            self.all_peak = used

    def press(self, bit):
        """One press and release of a logical button, then a frame."""
        n = self.key_map.index(bit)
        events = self.hw.keys.events
        events._put(n, True, self.now)
        events._put(n, False, self.now)
        self.frame()


def main():
    profile, games, players, seed = sys.argv[1:5]
    effects = sys.argv[5] if len(sys.argv) > 5 else "11"  # the Sound and Lights levels
    if players != "max":
        players = int(players)
    print("driver", _BASE0)
    print("standins", standins(profile))
    gc.collect()
    base = gc.mem_alloc()
    import micropython

    micropython.qstr_info()  # the names interned before the app: the driver's, the stand-ins'
    supervisor._now = 0
    app = power_up()
    hw = app.hw
    random.seed(int(seed))  # the same dice every run (code.py seeded from urandom)
    d = Driver(app, hw, base)
    print("boot", d.live())
    d.frame()
    print("menu0", d.live())
    print("loaded first", ",".join(sorted(sys.modules)))
    from rollbox import controls

    for index in [int(g) for g in games.split(",")]:
        d.peak = 0
        choose(d, index, players, effects)
        d.press(controls.A)  # Start
        start = d.frames
        paused = None
        while app.game is not None and not app.state.is_terminal():
            if paused is None and d.frames - start >= PAUSE_AT and app.phase == 0:
                paused = visit_pause(d)  # at a prompt (a press in a roll does nothing)
                print("pause", index, paused)
            if d.frames - start > MAX_FRAMES:
                print("no_end", index)
                return
            d.frame()
        if app.game is None:
            print("not_started", index)
            return
        print("peak", index, d.peak)
        print("modules", index, end=" ")  # name by name: the game is still in the heap
        sep = ""
        for name in _peak_modules:
            if name is not None:
                print(sep, name, sep="", end="")
                sep = ","
        print()
        print("over", index, d.frames - start)
        d.press(controls.A)
        print("menu", index, d.live())
        print("loaded", index, ",".join(sorted(sys.modules)))
    print("memory_errors", app.memory_errors)
    print("all_peak", d.all_peak)
    micropython.qstr_info()  # "qstr pool: n_pool=.., n_qstr=..": names interned, never freed
    print("done")


try:
    main()
except MemoryError as e:
    print("escaped MemoryError", e)
    sys.exit(3)
