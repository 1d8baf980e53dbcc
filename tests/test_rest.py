"""Battery care (issue 25, item 3): the screen dims after 30 s with no
press, shake or computer's turn, goes nearly dark after 2 minutes, and any
press or shake wakes it at once; the waking press does nothing else."""
import pytest
from adafruit_ticks import ticks_diff
from conftest import asked, frames, press, run_until, shake

from rollbox import app as app_module

WRAP_MS = 2**29 - 60_000  # a minute before ticks_ms() wraps


def brightness(sim):
    return sim.hw.display.brightness


@pytest.mark.parametrize("start_ms", [0, WRAP_MS], ids=["boot", "across-the-wrap"])
@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
def test_the_menu_dims_then_goes_dark_and_a_press_only_wakes_it(board, start_ms, quiet_sim):
    sim = quiet_sim(board=board, start_ms=start_ms)
    sim.setup = []  # stay in the menu
    app = sim.app
    frames(sim, 5)
    idle = app.idle_at  # ms (ticks): the app has seen nothing since it began
    run_until(sim, lambda: app.dim == 1, 40_000)
    assert 30_000 <= ticks_diff(sim.clock.ticks_ms(), idle) <= 30_100
    assert brightness(sim) == pytest.approx(0.3)
    run_until(sim, lambda: app.dim == 2, 100_000)
    assert 120_000 <= ticks_diff(sim.clock.ticks_ms(), idle) <= 120_200
    assert brightness(sim) == pytest.approx(0.02)
    cursor, text = app.menu.cursor, [line.text for line in app.menu_screen.lines]
    press(sim, "B")  # wakes; the cursor stays
    assert app.dim == 0 and brightness(sim) == pytest.approx(1.0)
    assert app.menu.cursor == cursor and [line.text for line in app.menu_screen.lines] == text
    press(sim, "B")  # awake: B moves on
    assert app.menu.cursor == cursor + 1


def test_a_shake_wakes_the_screen_and_does_not_roll(quiet_sim):
    sim = quiet_sim(game="pig", seats=(0, 1))
    run_until(sim, lambda: asked(sim))
    app = sim.app
    run_until(sim, lambda: app.dim == 2, 130_000)
    before = app.state.to_bytes()
    replay = shake(sim)
    run_until(sim, lambda: app.dim == 0, 2000)
    assert brightness(sim) == pytest.approx(1.0)
    run_until(sim, lambda: sim.clock.now > replay.end_ms)
    frames(sim, 50)
    assert app.state.to_bytes() == before  # the waking shake rolled nothing


def test_a_game_of_computers_never_dims():
    from host.simulation import Simulation

    sim = Simulation(game="skunkd", seats=(3, 3), log=None, seed=2)
    app = sim.app
    run_until(sim, lambda: app.mode == app_module.PLAY)
    while app.mode == app_module.PLAY:
        sim.step()
        assert app.dim == 0
    assert sim.clock.now > 60_000  # long enough to have dimmed twice over


@pytest.mark.parametrize("board,title", [("pybadge", "Rollbox battery 3.9V"),
                                         ("cpb_gizmo", "Rollbox")])
def test_the_menu_shows_the_battery_where_the_board_reads_it(board, title):
    """PyBadge: A6 reads half the battery (issue 25, item 3); the Circuit
    Playground has no battery pin: the title stays."""
    from host import boards as host_boards
    from host.simulation import Simulation

    sim = Simulation(board=board, log=None)
    sim.setup = []
    host_boards.current().battery_volts = 3.9
    sim.app.to_menu()  # the menu made again reads it
    frames(sim, 2)
    assert sim.app.view.title.text == title
