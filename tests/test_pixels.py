"""What a frame sends to the display (the real displayio through the host's
framebuffer bus, counted as CircuitPython sends them: tools/host/display.py):
never more than one full screen, whatever the game, board or phase; and a
tumbling frame that changes no text sends only the dice."""
import pytest

from host.simulation import Simulation
from rollbox import app as app_module
from rollbox import play

GAMES = ("pig", "two-dice", "hog", "skunkd", "skunk", "skull-dragon")
SIZES = {"pybadge": (160, 128), "cpb_gizmo": (240, 240)}


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
@pytest.mark.parametrize("game", GAMES)
def test_no_frame_sends_more_than_one_screen(game, board):
    w, h = SIZES[board]
    sim = Simulation(board=board, game=game, seats=(0, 1), log=None, seed=5)
    app = sim.app
    worst = tumbles = 0
    for _ in range(2500):
        texts = app.view.label_updates
        tumbling = app.mode == app_module.PLAY and app.phase == play.TUMBLE
        sim.step()
        worst = max(worst, sim.pixels)
        if tumbling and app.phase == play.TUMBLE and app.view.label_updates == texts:
            tumbles += 1
            dice = [d for d in app.screen.dice if not d._top.hidden]
            size = dice[0].sheet.tile * dice[0].sheet.scale + 6  # the wobble's reach
            assert sim.pixels <= 2 * len(dice) * size * size  # old and new places
        if app.mode == app_module.OVER:
            break
    assert 0 < worst <= w * h
    assert tumbles > 10
