"""The whole app on CircuitPython's unix port: code.py's path (board
detected, App, menu, screens, rules, bots) on the stand-ins of
tools/host/unix_port, every seat a hard computer, each game chosen on the
menu with key presses and played to the end, then back to the menu. Run by
tools/bench_device and tests/test_device.py, never on a board.

``circuitpython-unix32 -X heapsize=N -c "import play_device" PROFILE GAMES PLAYERS SEED``
``[EFFECTS [LEVELS CAP]]``

- PROFILE: pybadge (160x128, 8 keys) or cpb_gizmo (240x240, A and B);
- GAMES: catalog indexes separated by commas, played in that order in one
  power-on;
- PLAYERS: a number, or "max" (each game's most players);
- SEED: the dice (``random.seed``, after code.py seeded them);
- EFFECTS: the menu's Sound and Lights levels, two digits ("11");
- LEVELS (the time mode, tools/bench_cpu): each seat's menu kind, comma
  separated (0 a human, whom the driver plays by pressing a key every
  :data:`HUMAN_EVERY` frames at its prompts; 1 easy, 2 medium, 3 hard),
  and CAP, the most frames of play a game gets before the run ends.

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

and twice ``micropython.qstr_info(1)``: its line ("qstr pool: n_pool=..,
n_qstr=.., ...") and every name as "Q(name)", then "qstr end": after the
baseline (the names the driver and the stand-ins interned) and at the end
(every name interned, never freed).

The time mode (LEVELS given: tools/mp/play_timed.py, loaded only then)
collects nothing between frames (the collector runs when the heap fills,
as on a board) and marks every frame's step for valgrind, writing each
frame's phase and what it sent to the file timed.bin. It prints instead::

    frames N                  frames run (records of timed.bin)
    capped INDEX              a game was stopped at CAP frames of play
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
HUMAN_EVERY = 15  # a human seat presses a key this often (frames) at its prompt
OVER_FRAMES = 10  # frames of the game-over screen before A goes back to the menu
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


def choose(d, index, players, effects="11", levels=None):
    """The menu set for game ``index`` (tools/mp/play_setup.py, loaded for
    it and unloaded before the game starts)."""
    import play_setup

    play_setup.choose(d, index, players, effects, levels)
    del play_setup, sys.modules["play_setup"]


def visit_pause(d):
    """The pause screen over the game (START; the A+B chord held 1.1 s on
    a board without START), the game's Rules and keys page by page, its
    Last turn, then back to the game: the most heap in use meanwhile (bytes; the game's
    live peak counts it too)."""
    from rollbox import controls

    top = 0
    d.pausing = True
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
        if d.timed is None:
            top = max(top, d.live())
    d.pausing = False
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
        self.timed = None  # the time mode: timed.bin, open (tools/mp/play_timed.py)
        self.pausing = False  # visit_pause is on
        self.lcg = 1

    def live(self):
        gc.collect()
        return gc.mem_alloc() - self.base

    def frame(self):
        self.now += FRAME_MS
        supervisor._now = self.now
        if self.timed is not None:
            self.timed_frame()
            return
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

    def human(self, start, keys):
        """At a human seat's prompt, every :data:`HUMAN_EVERY` frames, a
        press of one of ``keys`` (logical bits), picked by an LCG of the
        driver's own (``random`` is the dice's)."""
        app = self.app
        if app.mode != 1 or app.phase or (self.frames - start) % HUMAN_EVERY:
            return False
        p = app.state.current_player()
        if p < 0 or app.seats[p]:
            return False
        self.lcg = (self.lcg * 1103515245 + 12345) & 0x7FFFFFFF
        self.press(keys[(self.lcg >> 16) % len(keys)])
        return True

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
    levels = [int(k) for k in sys.argv[6].split(",")] if len(sys.argv) > 6 else None
    cap = int(sys.argv[7]) if len(sys.argv) > 7 else MAX_FRAMES
    if players != "max":
        players = int(players)
    print("driver", _BASE0)
    print("standins", standins(profile))
    gc.collect()
    base = gc.mem_alloc()
    import micropython

    micropython.qstr_info(1)  # the names interned before the app: the driver's, the stand-ins'
    print("qstr end")
    supervisor._now = 0
    app = power_up()
    hw = app.hw
    random.seed(int(seed))  # the same dice every run (code.py seeded from urandom)
    d = Driver(app, hw, base)
    if levels is not None:
        timed(d, levels)
    print("boot", d.live())
    d.frame()
    print("menu0", d.live())
    print("loaded first", ",".join(sorted(sys.modules)))
    from rollbox import controls

    keys = [b for b in (controls.A, controls.B, controls.UP, controls.DOWN, controls.LEFT,
                        controls.RIGHT) if b in d.key_map]
    for index in [int(g) for g in games.split(",")]:
        d.peak = 0
        choose(d, index, players, effects, levels)
        d.press(controls.A)  # Start
        start = d.frames
        paused = None
        while app.game is not None and app.mode != 2:  # (rollbox.app.OVER: the result shown)
            if (paused is None and d.frames - start >= PAUSE_AT and app.phase == 0
                    and not app.state.is_terminal()):
                paused = visit_pause(d)  # at a prompt (a press in a roll does nothing)
                if levels is None:
                    print("pause", index, paused)
            if d.frames - start > cap:
                if levels is None:
                    print("no_end", index)
                    return
                print("capped", index)
                report_time(d)  # the run ends here
                print("memory_errors", app.memory_errors)
                print("done")
                return
            if levels is None or not d.human(start, keys):
                d.frame()
        if app.game is None:
            print("not_started", index)
            return
        if levels is not None:  # the game-over screen a while, then the menu
            for _ in range(OVER_FRAMES):
                d.frame()
            d.press(controls.A)
            for _ in range(OVER_FRAMES):
                d.frame()
            continue
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
    if levels is not None:
        report_time(d)
    print("memory_errors", app.memory_errors)
    print("all_peak", d.all_peak)
    micropython.qstr_info(1)  # "qstr pool: n_pool=.., n_qstr=..": names interned, never freed
    print("qstr end")
    print("done")


def timed(d, levels):
    """The time mode on (tools/mp/play_timed.py)."""
    import play_timed

    play_timed.timed(d)


def report_time(d):
    """The frames' count, after the last mark (timed.bin holds them)."""
    d.timed.close()
    print("frames", d.frames)


try:
    main()
except MemoryError as e:
    print("escaped MemoryError", e)
    sys.exit(3)
