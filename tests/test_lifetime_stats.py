"""Lifetime stats in the app: every die the roller lands is counted, a
finished game is counted with the kinds of its winning seats and saved to
the nvm once, and the menu's "Lifetime stats" shows them (a key goes back)."""
import sys

import microcontroller
from conftest import press, run_until, stores

import rollbox
from host.simulation import Simulation
from rollbox import app as app_module
from rollbox import store
from rollbox.bots import EASY, HARD
from rollbox.stats import Stats


def saved_stats(nvm):
    """The lifetime stats record in ``nvm``, as a board reads it at power-up."""
    return Stats(store.open_region(nvm, store.KIND_STATS).load())


def played_game(game, seats, nvm, seed=4):
    sim = Simulation(game=game, seats=seats, log=None, nvm=nvm, seed=seed)
    landed = []
    outcome = sim.app.roller.outcome

    def counting(state):
        n = len(state.chance_outcomes())
        action = outcome(state)
        landed.append(n)
        return action

    sim.app.roller.outcome = counting
    sim.run()
    return sim, landed


def faces(stats):
    return [stats.face(f) for f in range(1, 7)]


def test_a_finished_game_is_counted_and_survives_a_power_cut():
    nvm = microcontroller.ByteArray()
    sim, landed = played_game("pig", (EASY, HARD), nvm)
    won = sim.app.state.winners()
    assert len(won) == 1 and set(landed) == {6}
    assert sim.app.roller.face_counts == [0] * 6  # counted into the record, not kept twice
    Simulation(log=None, nvm=nvm)  # power up again
    again = saved_stats(nvm)
    assert again.played(0) == 1 and again.won(0, (EASY, HARD)[won[0]]) == 1
    assert sum(faces(again)) == len(landed)  # one die a roll


def test_two_dice_count_two_faces_and_games_add_up():
    nvm = microcontroller.ByteArray()
    _, first = played_game("two-dice", (EASY, EASY), nvm, seed=1)
    sim, second = played_game("two-dice", (EASY, EASY), nvm, seed=2)
    stats = saved_stats(nvm)
    assert set(first + second) == {36}
    assert stats.played(1) == 2 and stats.won(1, EASY) == 2
    assert sum(faces(stats)) == 2 * (len(first) + len(second))


def test_the_menu_shows_the_stats_and_a_key_goes_back(quiet_sim):
    nvm = microcontroller.ByteArray()
    played_game("pig", (EASY, EASY), nvm)
    sim = quiet_sim(nvm=nvm)
    sim.setup = []  # the test presses the menu's keys
    app = sim.app
    while app.menu.line(app.menu.cursor) != "Lifetime stats":
        press(sim, "B")  # the next line
    press(sim, "A")
    screen = app.menu_screen.stats_screen
    assert screen is not None and app.view.status.text == "Any key: menu"
    assert app.view.screen is screen.group
    assert any("Pig" in line.text for line in screen.game_lines)
    press(sim, "B")
    assert app.mode == app_module.MENU and app.menu_screen.stats_screen is None
    assert app.view.screen is app.menu_screen.group


def test_the_saving_of_a_game_takes_a_frame_a_piece_after_its_end():
    """Issue 26: the frame after the game's last action shows the result;
    the three frames after load ``rollbox.stats``, then ``rollbox.store``, then clear the
    record and count the game (no frame of it over ~27 ms on a SAMD51)."""
    nvm = microcontroller.ByteArray()
    sim = Simulation(game="pig", seats=(EASY, HARD), log=None, nvm=nvm, seed=4)
    run_until(sim, lambda: sim.app.mode == app_module.OVER, 3_600_000)
    app = sim.app
    assert app.to_count == 3 and saved_stats(nvm).played(0) == 0
    assert stores(nvm)[0].load() is not None  # the last turn's record, not yet cleared
    rollbox.unload("rollbox.stats", "rollbox.store")  # (the checks' own imports)
    seen = []
    for _ in range(3):
        sim.step()
        seen.append((app.to_count, "rollbox.stats" in sys.modules, "rollbox.store" in sys.modules))
    assert seen == [(2, True, False), (1, True, True), (0, False, False)]
    assert saved_stats(nvm).played(0) == 1 and stores(nvm)[0].load() is None


def test_a_at_once_on_the_game_over_screen_still_counts_the_game():
    """A pressed in the first frames of the game-over screen: the menu
    comes back with the game counted and no game to resume."""
    nvm = microcontroller.ByteArray()
    sim = Simulation(game="pig", seats=(EASY, HARD), log=None, nvm=nvm, seed=4)
    run_until(sim, lambda: sim.app.mode == app_module.OVER, 3_600_000)
    sim.keys.tap("A", sim.clock.now - 100)  # (down already, let go now: read next frame)
    sim.step()
    assert sim.app.mode == app_module.MENU and sim.app.to_count == 0
    assert saved_stats(nvm).played(0) == 1 and stores(nvm)[0].load() is None
    assert not sim.app.menu_screen.lines[0].text.startswith(">Resume")


def test_a_full_heap_in_the_saving_clears_the_record_and_says_so(monkeypatch):
    """Out of memory while the game is counted: the record is cleared all
    the same (no finished game offered to resume), the game is not
    counted, the message line says so, and A still goes to the menu."""
    import rollbox.stats

    def full(*args):
        raise MemoryError

    monkeypatch.setattr(rollbox.stats, "count_game", full)
    unload = rollbox.unload  # the patched module stays; the rest go (rollbox.ending)
    monkeypatch.setattr(rollbox, "unload",
                        lambda *names: unload(*(n for n in names if n != "rollbox.stats")))
    nvm = microcontroller.ByteArray()
    sim = Simulation(game="pig", seats=(EASY, HARD), log=None, nvm=nvm, seed=4)
    sim.run()
    assert sim.app.to_count == 0 and sim.app.view.message.text == "Out of memory: not counted"
    assert saved_stats(nvm).played(0) == 0 and stores(nvm)[0].load() is None
    press(sim, "A")
    assert sim.app.mode == app_module.MENU
