"""Every screen a player meets, on both layouts (issue 24, items 1 and 5):
every game played to its end on a PyBadge (160x128) and a Circuit
Playground with the TFT Gizmo (240x240), the coach on, the pause screen,
its help pages and the quit question visited at the first human prompt,
the game over and the menu after it; and the menu itself for every game,
its question and the lifetime stats. At every frame that changes the
screen no two text lines garble each other and no line is cut by the
screen's edge (``conftest.text_faults``, on the displayio tree as drawn),
and no line is written longer than it can show."""
import re

import pytest
from conftest import asked, hold, press, run_until, text_faults

from host.simulation import GAMES, Simulation
from rollbox import app as app_module
from rollbox import controls
from rollbox.bots import MEDIUM
from rollbox.view import TextLine

BOARDS = ("pybadge", "cpb_gizmo")
# (game, players): the fewest, and the fullest tables of the games whose
# screens grow with the seats.
TABLES = [(g, 2) for g in GAMES] + [("skunk", 8), ("skunkd", 4), ("skull-dragon", 4),
                                    ("hog", 4)]


class Watch:
    """Checks ``sim``'s screen at every frame that sends pixels (and each
    text line's writes), collecting each fault once with where it was."""

    def __init__(self, sim, monkeypatch, what):
        self.sim = sim
        self.what = what
        self.faults = {}
        step = sim.step

        def watched():
            step()
            if sim.pixels:
                self.check()

        sim.step = watched
        write = TextLine.write
        faults = self.faults

        def counted(line, text):
            if len(text) > line.chars:
                faults.setdefault("%r cut to %d characters" % (text, line.chars), what)
            write(line, text)

        monkeypatch.setattr(TextLine, "write", counted)

    def check(self):
        app = self.sim.app
        v = app.view
        for fault in text_faults(v):
            self.faults.setdefault(fault, "%s: title %r, status %r" % (
                self.what, v.title.text, v.status.text))
        if not named_keys(v.status.text, app.buttons, app.accel_ok) and (
                app.mode != app_module.PLAY or asked(self.sim)):
            self.faults.setdefault("status %r names no key of this board" % v.status.text,
                                   self.what)


# Key names a status line uses, "KEY:what" (several joined by "/": "Shake/A:roll"),
# and the buttons each needs (SKUNK's sit keys as its rows show them).
_KEYS = {"A": controls.A, "B": controls.B, "START": controls.START, "SELECT": controls.SELECT,
         "<>": controls.LEFT | controls.RIGHT, "^v": controls.UP | controls.DOWN,
         "<": controls.LEFT, "^": controls.UP, ">": controls.RIGHT, "v": controls.DOWN,
         "Sel": controls.SELECT, "SEL": controls.SELECT, "Sta": controls.START,
         "A+B hold": controls.A | controls.B,
         "Any key": controls.A, "Row key": controls.LEFT, "Shake": 0}
_NAMED = re.compile(r"(A\+B hold|Any key|Row key|\S+) ?:")


def named_keys(status, buttons, accel_ok):
    """The keys ``status`` names ("A:roll B:hold", "Shake/A:skull", "START:
    help"), each on this board (a shake only with an accelerometer);
    None when a "name:" is no key here (SKUNK's old "Key:sit")."""
    found = []
    for group in _NAMED.findall(status):
        for name in group.split("/"):
            need = _KEYS.get(name)
            if need is None or not (need & buttons == need if need else accel_ok):
                return None
            found.append(name)
    return found


def visit_pause(sim):
    """The first human prompt (the scripted human held back till then),
    then the pause screen, the coach toggled twice, every help page, the
    last turn, the quit question (stay), back to the game."""
    act = sim.human.act
    sim.human.act = lambda *a: None
    run_until(sim, lambda: asked(sim), 600_000)
    app = sim.app
    if app.buttons & controls.START and app.screen.pause_key() == controls.START:
        press(sim, "START")
    else:
        hold(sim, ("A", "B"), 1100)
    assert app.mode == app_module.PAUSED
    for name in ("B", "A", "A", "B", "A"):  # Coach on/off, into Rules and keys
        press(sim, name)
    first = app.view.title.text
    for _ in range(100):  # every page (or line) until back at the first
        press(sim, "B")
        if app.view.title.text == first:
            break
    for name in ("A", "B", "A", "A"):  # back, Last turn and back
        press(sim, name)
    for name in ("B", "A", "B", "B", "A"):  # Quit?, stay, on to Resume
        press(sim, name)
    assert app.mode == app_module.PLAY
    sim.human.act = act


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game,players", TABLES)
def test_no_text_garbles_or_leaves_the_screen_in_a_whole_game(board, game, players,
                                                              monkeypatch):
    sim = Simulation(board=board, game=game, players=players,
                     seats=(0,) + (MEDIUM,) * (players - 1), coach=1, seed=3, log=None)
    watch = Watch(sim, monkeypatch, "%s, %d seats, %s" % (game, players, board))
    visit_pause(sim)
    sim.run()
    watch.check()  # the game over
    press(sim, "A")
    assert sim.app.mode == app_module.MENU
    watch.check()
    assert not watch.faults, watch.faults


@pytest.mark.parametrize("board", BOARDS)
def test_no_text_garbles_in_the_menu_its_question_and_the_stats(board, monkeypatch):
    sim = Simulation(board=board, log=None)
    sim.setup = []
    watch = Watch(sim, monkeypatch, "menu, %s" % board)
    run_until(sim, lambda: sim.app.menu is not None)
    sim.step()
    watch.check()
    menu = sim.app.menu
    for _ in range(len(GAMES)):
        for _ in range(menu.size()):  # every line under the cursor
            press(sim, "B")
            watch.check()
        menu.cursor = 0
        press(sim, "A")  # the next game
        watch.check()
    menu.cursor = menu.size() - 2  # Lifetime stats
    press(sim, "A")
    watch.check()
    press(sim, "A")
    sim.app.menu.resume = "Skull & Dragon"  # as if saved: the question names it
    sim.app.resume = b"\x86"
    menu.cursor = menu.size() - 1
    press(sim, "A")  # on Start
    assert sim.app.view.title.text == "Replace saved game?"
    watch.check()
    assert not watch.faults, watch.faults
