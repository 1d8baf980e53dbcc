"""Failing hardware and a full heap never break a game: the app catches,
says what happened and keeps the game (the issue's "abuse-proof" classes)."""
import sys

import pytest
from conftest import asked, frames, press, run_until, shake, started

from host.simulation import Simulation
from rollbox import app as app_module
from rollbox import controls, play


class Flaky:
    """Wraps a method: raises MemoryError the first ``times`` calls."""

    def __init__(self, method, times):
        self.method = method
        self.times = times
        self.calls = 0

    def __call__(self, *args):
        self.calls += 1
        if self.calls <= self.times:
            raise MemoryError("memory allocation failed")
        return self.method(*args)


def test_memory_error_in_a_screen_change_is_retried_once(quiet_sim):
    sim = started(quiet_sim(seed=3))
    screen = sim.app.screen
    screen.apply = Flaky(screen.apply, 1)
    press(sim, "A")  # roll
    assert screen.apply.calls == 2  # failed, collected, retried
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    s = sim.app.state
    assert s.dice[0] in range(1, 7)  # exactly one roll happened
    assert s.turn_total == (s.dice[0] if s.dice[0] != 1 else 0)


def test_memory_error_twice_undoes_the_move_and_the_game_goes_on(quiet_sim):
    sim = started(quiet_sim(seed=3))
    screen = sim.app.screen
    before = sim.app.state.to_bytes()
    screen.settle = Flaky(screen.settle, 2)
    press(sim, "A")
    run_until(sim, lambda: screen.settle.calls >= 2)
    frames(sim, 2)
    assert sim.app.view.message.text == "Out of memory: move undone"
    s = sim.app.state
    assert s.is_chance_node() and s.to_bytes() != before  # back before the landing
    run_until(sim, lambda: sim.app.phase == play.PROMPT and not s.is_chance_node())
    assert sim.app.mode == app_module.PLAY and s.dice[0] in range(1, 7)


@pytest.mark.parametrize("phase,method,calls", [("RESTING", "rest", 2), ("LANDED", "draw", 3)])
def test_memory_error_in_a_frame_after_a_landing_keeps_the_landed_dice(phase, method, calls,
                                                                       quiet_sim):
    """A MemoryError twice in a frame after the dice land: the one that
    shows them at rest (``play.RESTING``: the screen's ``rest``) or the next
    prompt's (``play.LANDED``: its ``draw``, called once more by the
    prompt). The landing was its own frame's and stays (the roll is not
    rolled again); the prompt comes once there is room."""
    sim = started(quiet_sim(seed=3))
    app = sim.app
    press(sim, "A", frames=0)
    run_until(sim, lambda: app.phase == getattr(play, phase))
    landed = app.state.to_bytes()
    flaky = Flaky(getattr(app.screen, method), 2)
    setattr(app.screen, method, flaky)
    sim.step()
    assert flaky.calls == calls and app.view.message.text == "Out of memory: move undone"
    assert app.phase == play.PROMPT and app.state.to_bytes() == landed
    frames(sim, 5)
    assert app.mode == app_module.PLAY and asked(sim) and app.state.to_bytes() == landed


def test_memory_error_in_a_computers_decision_keeps_the_game(quiet_sim):
    sim = started(quiet_sim(seats=(1, 1), seed=4))
    screen = sim.app.screen
    screen.computer = Flaky(screen.computer, 2)
    before = sim.app.state.to_bytes()
    run_until(sim, lambda: screen.computer.calls >= 2)
    assert sim.app.state.to_bytes() == before  # nothing half-done
    assert sim.app.view.message.text == "Out of memory: move undone"
    assert sim.run() in (0, 1)  # the third try works: the game ends normally


def test_memory_error_while_a_game_starts_brings_the_menu_back(monkeypatch, quiet_sim):
    import rollbox

    sim = quiet_sim()
    real = rollbox.load_class
    calls = []

    def flaky(name):
        calls.append(name)
        if len(calls) == 1:
            raise MemoryError("memory allocation failed")
        return real(name)

    monkeypatch.setattr(rollbox, "load_class", flaky)
    run_until(sim, lambda: calls)  # the menu's Start: the game's rules fail to load
    frames(sim, 2)
    app = sim.app
    assert app.mode == app_module.MENU and app.game is None and app.screen is None
    assert app.view.title.text == "Out of memory: not started"
    assert app.view.screen is app.menu_screen.group  # the menu is back, drawn
    press(sim, "START")  # the same choice again: it starts
    run_until(sim, lambda: app.mode == app_module.PLAY)
    assert app.game.NAME == "pig"


def test_display_that_raises_on_refresh_keeps_the_game(quiet_sim):
    sim = started(quiet_sim(seed=5))
    display = sim.hw.display
    real = display.refresh
    fails = [0]

    def broken(*a, **k):
        if fails[0] < 10:
            fails[0] += 1
            raise OSError(5, "Input/output error")
        return real(*a, **k)

    display.refresh = broken
    press(sim, "A")  # the tumble and the roll go on while the display fails
    run_until(sim, lambda: fails[0] >= 10)
    frames(sim, 1)
    assert sim.app.view.refresh_errors == 10
    assert sim.app.view.message.text == "Display error: redrawn"
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    assert sim.app.state.dice[0] in range(1, 7) and sim.app.mode == app_module.PLAY


def test_key_held_through_power_up_is_read_not_acted_on():
    from host import boards, clock, traces  # noqa: F401

    sim = Simulation(log=None, seed=1, start_ms=1000)
    sim.setup = []
    # A new app starts while A is already down (held through power-up).
    from rollbox import hardware
    from rollbox.app import App

    sim.hw.keys._press(sim.hw.key_map.index(controls.A))
    hw = hardware.detect()
    hw.keys._press(hw.key_map.index(controls.A))
    app = App(hw, now=sim.clock.ticks_ms())
    for _ in range(5):
        app.step(sim.clock.ticks_ms())
        sim.clock.advance(20)
    assert app.controls.held == controls.A and app.controls.held_at_start == controls.A
    assert app.menu.game == 0 and app.menu.cursor == 0  # the held A changed nothing
    assert app.view.title.text == "Key held at start: let go"
    hw.keys._release(hw.key_map.index(controls.A))
    for _ in range(3):
        app.step(sim.clock.ticks_ms())
        sim.clock.advance(20)
    hw.keys._press(hw.key_map.index(controls.A))  # a real press now acts
    for _ in range(3):
        app.step(sim.clock.ticks_ms())
        sim.clock.advance(20)
    assert app.menu.game == 1 and app.controls.held == controls.A


WRAP = 2**29  # supervisor.ticks_ms() wraps here (CircuitPython)


def test_shake_tumble_and_keys_across_the_ticks_wrap(quiet_sim):
    sim = started(quiet_sim(seed=2, start_ms=WRAP - 3500))
    assert sim.clock.ticks_ms() > WRAP - 3500  # not wrapped yet (the menu taps take ~2.6 s)
    shake(sim)
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    assert sim.clock.ticks_ms() < 10_000  # the shake was decided after the wrap
    s = sim.app.state
    assert s.dice[0] in range(1, 7) and s.scores == [0, 0]
    if s.turn_player() == 0:
        press(sim, "B")  # a key press (debounced by the keypad scan) after the wrap
        frames(sim, 2)
        assert s.scores[0] == s.dice[0] and s.turn_player() == 1


def test_endless_shake_is_decided_across_the_wrap(quiet_sim):
    sim = started(quiet_sim(seed=2, start_ms=WRAP - 6000))
    frames(sim, 20)  # the board still, then a shake that starts in the prompt (issue 24, item 7)
    sim.board.motion = lambda t: (30.0 if (t // 40) % 2 else -30.0, 0.0, 9.8)
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    start = sim.clock.now
    run_until(sim, lambda: sim.app.phase == play.PROMPT, limit_ms=15_000)
    assert 10_000 <= sim.clock.now - start < 10_100  # MAX_SHAKE_MS, across the wrap


def test_computer_games_play_to_the_end_across_the_wrap():
    for game, goal in (("hog", 20), ("skull-dragon", None)):
        sim = Simulation(game=game, log=None, seed=3, seats=(1, 1), goal=goal,
                         start_ms=WRAP - 20_000)
        sim.run()
        assert sim.app.state.winners() and sim.clock.now > 20_000  # it ran past the wrap


@pytest.mark.parametrize("game", ["pig", "hog", "skunkd", "skunk", "skull-dragon"])
def test_labels_are_made_once_per_screen(game, monkeypatch):
    """No text line (a TileGrid and a Terminal each) is created after a
    game's screen is built: text changes only rewrite existing lines (1,500
    frames of computer play)."""
    from rollbox import view

    sim = Simulation(game=game, log=None, seed=8, seats=(1, 1))
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    made = []
    real = view.TextLine.__init__

    def counting(self, *a, **k):
        made.append(1)
        real(self, *a, **k)

    monkeypatch.setattr(view.TextLine, "__init__", counting)
    updates = sim.app.view.label_updates
    frames(sim, 1500)
    assert made == [] and sim.app.view.label_updates > updates + 10


class OtherChip:
    """Some other I2C device: it answers, but every register reads 0 (so the
    LIS3DH's WHO_AM_I check fails and the driver raises RuntimeError)."""

    def write(self, data):
        pass

    def read(self, nbytes):
        return bytes(nbytes)


def test_the_wrong_chip_at_the_first_address_is_passed_over():
    from host import boards
    from rollbox import hardware

    board = boards.use("generic", accelerometer=False)
    board.i2c.attach(0x18, OtherChip())  # the generic board tries 0x18 first
    board.i2c.attach(0x19, board.lis3dh)
    hw = hardware.detect()
    assert hw.accel is not None and hw.message == ""
    board.motion = lambda t: (0.0, 9.8, 0.0)
    assert abs(hw.accel.acceleration[1] - 9.8) < 0.2  # it is the real accelerometer


def test_only_a_wrong_chip_means_button_roll_with_a_message():
    sim = Simulation(board="pybadge", accelerometer=False, log=None, goal=20, seats=(1, 1))
    sim.board.i2c.attach(0x19, OtherChip())
    from rollbox import hardware

    hw = hardware.detect()
    assert hw.accel is None and hw.message == "No accelerometer: A rolls"
    assert sim.run() in (0, 1)


def test_without_urandom_the_first_input_seeds_the_dice(monkeypatch):
    """No os.urandom: the app seeds from the first press's time and the
    accelerometer's noise, so two boots differ as soon as a player acts;
    ``rollbox.seed`` stays loaded until then, and goes."""
    import os
    import random

    def no_urandom(n):
        raise NotImplementedError("no urandom on this board")

    monkeypatch.setattr(os, "urandom", no_urandom)
    firsts = []
    for press_at in (300, 320):
        sim = Simulation(log=None, seed=1, start_ms=0)
        sim.setup = []
        frames(sim, press_at // 20)
        assert "rollbox.seed" in sys.modules
        sim.keys.tap("B", sim.clock.now)
        frames(sim, 3)
        assert "rollbox.seed" not in sys.modules
        firsts.append(random.getrandbits(32))
    assert firsts[0] != firsts[1]
