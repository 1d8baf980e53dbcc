"""Time on the board (issue 26): a computer's decision frame does not also
collect the heap, SKUNK'D's hard module loads in a frame of its own, and
the driver's time mode (tools/mp/play_device.py and play_timed.py,
run by tools/bench_cpu) records every frame's phase, I2C bytes and the
board's C calls (the unix port's stand-ins, taken out by bench_cpu) on real
CircuitPython, with valgrind's mark found and the calibration loop's count
as the calibration was made (tools/bench_cpu's CPI).

The real-CircuitPython tests need ``ROLLBOX_CIRCUITPYTHON`` (skipped
without, and say so); the calibration's needs valgrind too.
"""
import collections
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT, frames, started, watch_collect_and_act

from host import circuitpython as cp
from rollbox import bots, play

PHASES = ("empty", "menu", "load", "prompt", "decision", "tumble", "settle", "pause", "over",
          "to menu", "think", "landed", "rest")  # tools/mp/play_timed.py's


def bench_cpu():
    path = os.path.join(ROOT, "tools", "bench_cpu")
    loader = importlib.machinery.SourceFileLoader("bench_cpu", path)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("bench_cpu", loader))
    loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["pig", "skunkd", "skunk"])
def test_a_computer_collects_the_heap_in_a_frame_before_its_decision(game, quiet_sim,
                                                                      monkeypatch):
    sim = started(quiet_sim(game=game, players=2, seats=(3, 3)))
    events, frame = [], [0]
    watch_collect_and_act(monkeypatch, events, frame)
    for frame[0] in range(1, 600):
        frames(sim, 1)
    before, checked = None, 0
    for e in events:
        if e[0] == "act" and e[2] == play.BY_COMPUTER:
            if checked or before is not None:  # (the first prompt began before the patch)
                assert before is not None and before < e[1], events  # an earlier frame
                checked += 1
            before = None
        elif e[0] == "collect" and before is None:
            before = e[1]
    assert checked >= 3


def test_a_plan_done_after_the_think_time_has_a_collection_before_its_seat_acts(quiet_sim,
                                                                               monkeypatch):
    """Skull & Dragon's hard plan, made to end late (its think time's
    frames and more of extra pieces): a frame between its end and the act
    collects the search's garbage, so the roll's tumble does not allocate
    in a heap full of it (8.6 ms in a tumbling frame on a SAMD51,
    tools/bench_cpu)."""
    sim = started(quiet_sim(game="skull-dragon", players=2, seats=(3, 3)))
    screen = sim.app.screen
    events, frame = [], [0]
    extra = screen.THINK_MS // 20 * bots.PIECES  # more than the think time's frames of pieces

    def late_plan(state):
        plan = type(screen).plan(screen, state)
        value = (yield from plan) if plan is not None else screen.bot.choose(state, bots.HARD)
        for _ in range(extra):
            yield 1
        events.append(("done", frame[0]))
        return value

    monkeypatch.setattr(screen, "plan", late_plan)
    watch_collect_and_act(monkeypatch, events, frame)
    checked = 0
    for frame[0] in range(1, 1200):
        frames(sim, 1)
    done = None
    for e in events:
        if e[0] == "done":
            done = e[1]
        elif e[0] == "act" and e[2] == play.BY_COMPUTER and done is not None:
            between = [c[1] for c in events if c[0] == "collect" and done < c[1] < e[1]]
            assert between, events  # in a frame of its own, after the plan's
            checked += 1
            done = None
    assert checked >= 3, events


@pytest.fixture(scope="module")
def binaries():
    try:
        return cp.find()
    except cp.NotFound as e:
        pytest.skip("real CircuitPython not found, so not run: %s" % e)


@pytest.fixture(scope="module")
def folder(binaries, tmp_path_factory):
    dest = str(tmp_path_factory.mktemp("circuitpy"))
    cp.build(dest, binaries[1])
    return dest


OPS = ("fill", "show", "set", "press", "release", "release_all", "get_into")  # play_timed's
RECORD, CAL = 3 + len(OPS), 15


def timed(binaries, folder, board, levels, cap, calibration=None, game="0"):
    """The time mode's frames: their phase bytes, I2C bytes and op counts
    (tools/mp/play_timed.py); the calibration frames' ops go in
    ``calibration`` (a list), in order; ``game``: its index in the menu."""
    run = cp.run(binaries[0], folder, 160 * 1024, ["play_device", board, game, "2", "1", "11",
                                                   levels, cap], keep=("timed.bin",))
    assert run.passed, run.output[-3000:]
    record = run.files["timed.bin"]
    assert len(record) == RECORD * run.number("frames")
    frames = [record[i:i + RECORD] for i in range(0, len(record), RECORD)]
    if calibration is not None:
        calibration.extend(f[0] >> 4 for f in frames if f[0] & 15 == CAL)
    frames = [f for f in frames if f[0] & 15 != CAL]
    return [f[0] for f in frames], [f[1] for f in frames], [f[2:] for f in frames]


def collected(ops):
    """Whether the collector ran in each frame (its record's last byte)."""
    return [o[len(OPS)] for o in ops]


def test_the_time_mode_records_every_phase_of_a_computers_game(binaries, folder):
    calibration = []
    phases, wire, ops = timed(binaries, folder, "pybadge", "1,1", 100000, calibration)
    # every op measured, then the LIS3DH's sample and the empty call (Sound, Lights on)
    assert calibration == list(range(len(OPS) + 2))
    seen = collections.Counter(PHASES[p & 15] for p in phases)
    assert seen["empty"] == 32
    assert seen["load"] == 1 and seen["to menu"] == 1
    assert seen["over"] >= 10
    for name in ("menu", "think", "decision", "tumble", "settle", "rest", "landed", "pause"):
        assert seen[name] > 0, seen
    assert seen["prompt"] == 0  # (every seat's a computer: its think time)
    assert {p >> 4 for p in phases if p & 15 in (4, 10)} == {1}  # every one an easy seat's
    # A computer's think time: 700 ms of 20 ms frames before it acts, 34
    # of them think frames (the first is the one its roll settled in), but
    # for the pause screen's, opened in one.
    assert 34 * seen["decision"] - seen["pause"] <= seen["think"] <= 34 * seen["decision"]
    # A LIS3DH read on the bus: its range (address and register, address
    # and one byte), then x, y, z (address and register, address and six
    # bytes): 13 bytes a frame once the app runs (adafruit_lis3dh).
    assert {w & 127 for p, w in zip(phases, wire) if p & 15 in (3, 5, 10)} == {13}
    # Bit 7: the frame refreshed the display (a load draws the game's
    # screen; a think frame with nothing new draws nothing).
    assert all(w & 128 for p, w in zip(phases, wire) if p == 2)
    assert any(not w & 128 for p, w in zip(phases, wire) if p & 15 == 10)
    # The board's C calls, counted: the keys read every frame of play, a
    # change of faces in a tumble pulses the lights and clicks the rattle
    # (rollbox.play.cue: a fill and a show, a release and a press).
    get_into = OPS.index("get_into")
    assert all(o[get_into] >= 1 for p, o in zip(phases, ops) if p & 15 in (3, 5, 10))
    tumbling = [o for p, o in zip(phases, ops) if p & 15 == 5]
    fill, show, press, release = (OPS.index(n) for n in ("fill", "show", "press", "release"))
    assert any(o[show] for o in tumbling)
    assert all(o[fill] == o[show] and o[press] == o[release] == o[show] for o in tumbling)
    assert not any(o[0] for o in ops[:32])  # (the empty frames)


def test_the_time_mode_plays_a_human_seat_and_stops_at_its_cap(binaries, folder):
    phases, _, _ = timed(binaries, folder, "cpb_gizmo", "0,3", 400)
    seen = collections.Counter(PHASES[p & 15] for p in phases)
    assert {p >> 4 for p in phases if p & 15 in (4, 10)} == {3}  # the human decides nothing
    assert seen["prompt"] > 0 and seen["tumble"] > 0 and seen["think"] > 0
    play_frames = sum(seen[p] for p in PHASES[3:9] + PHASES[10:])
    assert play_frames == 400 + 1  # its cap, and the frame past it


@pytest.mark.parametrize("game,levels", [("2", "0,3"), ("6", "3,3")])  # Big Pig, S&D
def test_the_heap_is_collected_in_idle_frames_so_no_tumble_or_landing_meets_the_collector(
        binaries, folder, game, levels):
    """The heap is collected in a human's idle prompt frames (a frame
    with nothing to do, once a second) and in a computer's think time once
    its plan is done (rollbox.play), so the collector (12-15 ms on a
    SAMD51, tools/bench_cpu) never runs while the dice tumble, nor in a
    prompt frame that redraws (a press's). Skull & Dragon's hard search
    leaves the most garbage (it met the collector in 12 tumble frames of
    tools/bench_cpu's runs before)."""
    phases, wire, ops = timed(binaries, folder, "pybadge", levels, 2000, game=game)
    ran = collected(ops)
    names = [PHASES[p & 15] for p in phases]
    seen = collections.Counter(n for n, c in zip(names, ran) if c)
    assert not seen["tumble"], seen
    assert seen["think"] >= 5, seen
    if levels.startswith("0"):  # a human seat
        assert seen["prompt"] >= 5 and not (seen["settle"] or seen["rest"] or seen["landed"]), seen
    assert not any(c and w & 128 for n, w, c in zip(names, wire, ran) if n == "prompt")
    assert set(ran) <= {0, 1}


def test_bench_cpu_refuses_a_cap_of_no_frames():
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bench_cpu"), "--cap", "0"],
                         capture_output=True, text=True)
    assert run.returncode == 2 and "--cap: at least 1 frame of play, not 0" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.skipif(not shutil.which("valgrind"), reason="valgrind not installed")
def test_the_calibration_loop_counts_as_when_the_calibration_was_made(binaries, tmp_path):
    bench = bench_cpu()
    assert round(bench.loop_instructions(binaries[0], str(tmp_path))) == bench.LOOP_INSTRUCTIONS
    assert bench.find_mark(binaries[0], str(tmp_path)).startswith("0x")


def test_bench_cpu_takes_the_board_s_c_calls_out_of_a_frame():
    """tools/bench_cpu: an op's cost is its calibration frame's
    instructions less the empty call's, over its 16 calls; the LIS3DH's
    a byte of its 13-byte sample; a frame's count loses its ops' and its
    I2C bytes' (bit 7, the refresh, aside), and the calibration frames go."""
    bench = bench_cpu()
    n = len(OPS)
    cal = [bytes([CAL + 16 * i]) + bytes(RECORD - 1) for i in range(n + 2)]
    cal_counts = [10_000 + 16 * 100 * (i + 1) for i in range(n)] + [10_000 + 16 * 13 * 50,
                                                                       10_000]
    frame = bytes([5, 128 | 13, 1, 1, 0, 1, 1, 0, 1, 1])  # a tumble's change of faces, collected
    frames, costs = bench.standins_out(cal + [frame], cal_counts + [100_000])
    assert costs == [100.0 * (i + 1) for i in range(n)] + [50.0]
    out = 100 + 200 + 400 + 500 + 700 + 13 * 50
    assert frames == [(5, 100_000 - out, 128 | 13, 1, out, 1)]
    with pytest.raises(RuntimeError):
        bench.standins_out([frame], [100_000])  # no calibration: refused


def test_skull_and_dragons_hard_decisions_are_spread_over_frames(quiet_sim, monkeypatch):
    """Skull & Dragon's hard seat works its decisions out a few pieces a
    frame (``rollbox.bots.PIECES``, by the sizes the pieces yield: the last
    may pass it) and acts what ``hard.choose`` gives;
    the score race's need more than one frame (up to ~0.4 s of work on a
    SAMD51, tools/bench_cpu)."""
    from games.skull_dragon import hard

    sim = started(quiet_sim(game="skull-dragon", players=2, seats=(3, 3)))
    app = sim.app
    pieces, frame, expected, actions = {}, [0], [], []
    plan, act = type(app.screen).plan, play.act

    def counted(screen, state):
        expected.append(hard.choose(state))
        return steps(plan(screen, state))

    def steps(made):
        try:
            while True:
                size = next(made)
                pieces[frame[0]] = pieces.get(frame[0], 0) + (size or 1)
                yield size
        except StopIteration as done:
            return done.value

    def acting(app, action, now, how):
        if how == play.BY_COMPUTER:
            actions.append(action)
        act(app, action, now, how)

    monkeypatch.setattr(type(app.screen), "plan", counted)
    monkeypatch.setattr(play, "act", acting)
    while app.mode != app.OVER and frame[0] < 40_000:
        frame[0] += 1
        frames(sim, 1)
    assert app.mode == app.OVER
    assert actions[-len(expected):] == expected and len(expected) > 20
    assert max(pieces.values()) <= bots.PIECES + hard._ROWS_SIZE - 1
    assert max(pieces.values()) > bots.PIECES  # (sizes counted: a level's rows are 6)
    assert len(pieces) > len(expected)  # some decisions took more than one frame


def test_skunkds_hard_module_loads_in_a_think_frame_of_its_own(quiet_sim, monkeypatch):
    """SKUNK'D's first hard decision loads ``games.skunkd.hard`` (~40 ms on
    a SAMD51, tools/bench_cpu) in a frame with neither the think time's
    heap collection, nor the seat's act, nor a text line drawn (the
    landing's text is drawn first: ``View.refresh``), and acts what
    ``choose`` gives."""
    import sys

    from games.skunkd import bot
    from rollbox.view import TextLine

    monkeypatch.delitem(sys.modules, "games.skunkd.hard", raising=False)
    package = sys.modules.get("games.skunkd")
    if hasattr(package, "hard"):  # (an earlier test's import: never loaded again without)
        monkeypatch.delattr(package, "hard")
    sim = started(quiet_sim(game="skunkd", players=2, seats=(3, 3)))
    app = sim.app
    events, frame, actions = collections.defaultdict(set), [0], []
    collect, act, draw = play.gc.collect, play.act, TextLine.draw

    def collecting():
        events[frame[0]].add("collect")
        collect()

    def acting(app, action, now, how):
        if how == play.BY_COMPUTER:
            events[frame[0]].add("act")
            actions.append((action, bot.choose(app.state, 3)))
        act(app, action, now, how)

    def drawing(line):
        events[frame[0]].add("text")
        return draw(line)

    monkeypatch.setattr(play.gc, "collect", collecting)
    monkeypatch.setattr(play, "act", acting)
    monkeypatch.setattr(TextLine, "draw", drawing)
    loaded = None
    while len(actions) < 8:
        frame[0] += 1
        frames(sim, 1)
        if loaded is None and "games.skunkd.hard" in sys.modules:
            loaded = frame[0]
    assert loaded is not None and not events[loaded], (loaded, dict(events))
    assert any("collect" in events[f] for f in range(loaded))  # its think time had begun
    assert all(a == b for a, b in actions), actions
    assert bot.plan(app.state, 3) is None  # once loaded, choose decides at once
