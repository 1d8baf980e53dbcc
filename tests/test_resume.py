"""Save and resume through the whole app: a game cut by a power cut mid-save
(the nvm object carried over to a new Simulation, as after the power comes
back) offers "Resume" and plays on to a winner from the saved scores; the
settings come back; a corrupt save is ignored; a write error is told and
play goes on; a finished game is not offered."""
import microcontroller
import pytest
from conftest import rebuild_game, run_until

from host.simulation import Simulation
from rollbox import app as app_module
from rollbox import saves, store


def menu_text(sim):
    sim.step()
    return [label.text for label in sim.app.menu_screen.lines]


def saved_state(nvm):
    data = store.open_region(nvm, store.KIND_GAME).load()
    return None if data is None else rebuild_game(data)


def cut_mid_game(nvm, after, saves=4, **kw):
    """Play until ``saves`` nvm writes happened, then cut the power ``after``
    bytes into the next one. Returns the game record the nvm held before."""
    sim = Simulation(log=None, nvm=nvm, **kw)
    run_until(sim, lambda: nvm.writes >= saves and sim.app.mode == app_module.PLAY)
    before = store.open_region(nvm, store.KIND_GAME).load()
    nvm.cut(after)
    with pytest.raises(microcontroller.PowerCut):
        run_until(sim, lambda: False)
    return before


@pytest.mark.parametrize("after", [1, 20, 10_000])
def test_a_game_cut_by_a_power_cut_resumes_from_the_menu(after):
    nvm = microcontroller.ByteArray()
    before = cut_mid_game(nvm, after, game="pig", seats=(0, 1), goal=50, seed=3)
    after_cut = store.open_region(nvm, store.KIND_GAME).load()
    assert after_cut is not None and (after_cut == before or after >= len(after_cut) + 12)
    _, _, expected, _ = rebuild_game(after_cut)

    sim = Simulation(log=None, nvm=nvm, seed=9)
    shown = menu_text(sim)
    assert shown[0] == ">Resume: Pig" and shown[1] == " Game: Pig"
    assert sim.app.view.status.text == "A:resume B:next"
    sim.setup = ["A"]
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    assert sim.app.state.to_bytes() == expected.to_bytes()
    assert sim.app.seats == (0, 1) and sim.app.game.params["goal"] == 50
    assert sim.app.view.title.text == "Pig to 50"
    winner = sim.run()
    assert sim.app.state.scores[winner] >= 50
    assert all(a >= b for a, b in zip(sim.app.state.scores, expected.scores))
    # The finished game is cleared: the next power-up offers no resume.
    again = Simulation(log=None, nvm=nvm)
    assert menu_text(again)[0] == ">Game: Pig"


@pytest.mark.parametrize("game,players,seats,finish", [
    ("hog", 3, (0, 2, 3), False), ("skunkd", 2, (1, 0), False), ("skunk", 3, (1, 1, 0), True),
    ("skull-dragon", 2, (3, 0), True)])
def test_every_kind_of_game_resumes(game, players, seats, finish):
    nvm = microcontroller.ByteArray()
    cut_mid_game(nvm, 5, saves=5, game=game, players=players, seats=seats, seed=4)
    _, _, expected, want_seats = saved_state(nvm)
    sim = Simulation(log=None, nvm=nvm, seed=5)
    sim.setup = ["A"]
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    assert sim.app.state.to_bytes() == expected.to_bytes() and sim.app.seats == want_seats
    if finish:
        sim.run()
        assert sim.app.state.is_terminal()
    else:  # plays on: the next turn is saved again
        writes = nvm.writes
        run_until(sim, lambda: nvm.writes > writes)
        assert saved_state(nvm)[2].turn_player() != expected.turn_player()


def test_settings_are_restored_at_power_up():
    nvm = microcontroller.ByteArray()
    sim = Simulation(log=None, nvm=nvm, game="hog", six_bad=1, players=3, seats=(0, 2, 3),
                     goal=50, coach=1, seed=2)
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    again = Simulation(log=None, nvm=nvm)
    m = again.app.menu
    assert (m.game, m.six_bad, m.players, m.goal, m.coach, m.seats[:3]) == \
        (3, 1, 3, 50, 1, [0, 2, 3])
    shown = menu_text(again)
    assert shown[:3] == [">Resume: Hog", " Game: Hog", " 6 is bad: on"]
    again.setup = ["B", "START", "A"]  # a new game instead: asked, the save is replaced
    run_until(again, lambda: again.app.mode == app_module.PLAY)
    assert again.app.game.NAME == "hog" and again.app.seats == (0, 2, 3)
    assert again.app.coach == 1 and again.app.state.to_bytes() == \
        again.app.game.new_initial_state().to_bytes()


def test_a_corrupt_save_shows_nothing_and_loses_nothing():
    nvm = microcontroller.ByteArray()
    sim = Simulation(log=None, nvm=nvm, game="big-pig", players=3, seats=(0, 1, 1), seed=2)
    run_until(sim, lambda: nvm.writes >= 6)
    for slot in (store.GAME_START, store.GAME_START + store.HALF):
        nvm.data[slot + store.HEADER] ^= 0x40  # a flipped bit in each game slot's payload
    again = Simulation(log=None, nvm=nvm)
    assert menu_text(again)[0] == ">Game: Big Pig" and again.app.menu.resume is None
    assert again.app.menu.players == 3  # the settings survive
    # One corrupt slot only: the other (one turn older) is offered.
    nvm2 = microcontroller.ByteArray()
    sim = Simulation(log=None, nvm=nvm2, seed=2)
    run_until(sim, lambda: nvm2.writes >= 6)
    game_store = store.open_region(nvm2, store.KIND_GAME)
    game_store.load()
    newest = store.GAME_START + store.HALF * game_store._newest
    older = store.Store(nvm2, store.GAME_START, store.GAME_SLOT, store.HALF, store.KIND_GAME)
    nvm2.data[newest + 4] ^= 0x01  # the newest record's sequence number
    assert older.load() is not None
    assert menu_text(Simulation(log=None, nvm=nvm2))[0] == ">Resume: Pig"


@pytest.mark.parametrize("error", [RuntimeError("Unable to write to nvm."),
                                   OSError(5, "Input/output error")])
def test_a_write_error_is_shown_and_play_goes_on(error):
    nvm = microcontroller.ByteArray()
    nvm.fail_writes = error
    sim = Simulation(log=None, nvm=nvm, goal=20, seats=(1, 1), seed=4)
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    assert sim.app.view.message.text == "Save failed"
    assert sim.run() >= 0 and sim.app.state.is_terminal()
    nvm.fail_writes = None
    assert menu_text(Simulation(log=None, nvm=nvm))[0] == ">Game: Pig"


def test_saves_only_when_the_turn_passes(monkeypatch):
    nvm = microcontroller.ByteArray()
    sim = Simulation(log=None, nvm=nvm, goal=50, players=3, seats=(0, 1, 1), seed=6)
    turns = []
    original = saves.save_game

    def counting(app, commit=False):
        turns.append(app.state.turn_player())
        original(app, commit)

    monkeypatch.setattr(saves, "save_game", counting)
    sim.run()
    # the settings (changed: none saved yet) + one save per turn (the first at
    # the start) + the clear at the end + the lifetime stats at the end; the
    # settings, the clear and the stats into both slots (rollbox.store)
    assert nvm.writes == 2 + len(turns) + 2 + 2
    assert all(a != b for a, b in zip(turns, turns[1:]))
    assert len(turns) >= 3
    # P3's turn follows a computer's (P2's): not saved, the record of P2's
    # replays both exactly (rollbox.play._replayable).
    assert set(turns) == {0, 1}
    # The same settings again: not saved again.
    sim.setup = ["A", "START"]  # back to the menu, then go
    writes = nvm.writes
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    assert nvm.writes == writes + 1  # the new game's first save only


def test_an_nvm_that_raises_on_read_means_no_save():
    nvm = microcontroller.ByteArray()
    nvm.fail_reads = OSError(5, "Input/output error")
    sim = Simulation(log=None, nvm=nvm, goal=20, seats=(1, 1), seed=4)
    assert menu_text(sim)[0] == ">Game: Pig"
    sim.run()


def test_a_save_in_play_imports_nothing_and_the_writer_goes_with_the_game():
    """Issue 12: importing rollbox.store for each save needed ~3.5 KB that
    SKUNK'D's and Skull & Dragon's play does not leave free on a board."""
    import sys

    import rollbox

    # a game module an earlier test left loaded would count as the menu's
    rollbox.unload(*[name for name in sys.modules if name.startswith("games.")])
    nvm = microcontroller.ByteArray()
    sim = Simulation(log=None, nvm=nvm, game="skunkd", seats=(1, 1), seed=6)
    sim.step()
    at_menu = set(sys.modules)
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    assert "rollbox.slot" in sys.modules and "rollbox.store" not in sys.modules
    loaded = set(sys.modules)
    writes = nvm.writes
    run_until(sim, lambda: nvm.writes >= writes + 3)
    assert set(sys.modules) <= loaded  # nothing imported (the roll-off's options may be gone)
    assert saved_state(nvm)[2].turn_player() == sim.app.turn_saved  # the turn last saved
    sim.run()
    assert store.open_region(nvm, store.KIND_GAME).load() is None  # cleared by the writer
    sim.setup = ["A"]  # back to the menu
    run_until(sim, lambda: sim.app.mode == app_module.MENU)
    assert sim.app.save_slots is None and set(sys.modules) == at_menu


def test_a_record_that_cannot_be_opened_leaves_the_game_unsaved_not_stopped():
    """The game's writer is opened when the game starts (rollbox.launch): a
    value the record cannot hold (a goal above its 2-byte field) means no
    saves for that game and False (launch then says "Save failed: not
    saving"), never an exception that would stop the game starting."""
    import types

    from rollbox import launch

    app = types.SimpleNamespace(nvm=microcontroller.ByteArray())
    too_big = types.SimpleNamespace(PARAMS=(("goal", 0),), params={"goal": 70000})
    assert launch.open_game(app, 0, too_big, (0, 1)) is False
    assert app.save_slots is None and app.nvm.writes == 0
    fits = types.SimpleNamespace(PARAMS=(("goal", 0),), params={"goal": 100})
    assert launch.open_game(app, 0, fits, (0, 1)) is True
    app.save_slots.write(app.save_head, b"state")
    assert store.open_region(app.nvm, store.KIND_GAME).load() == bytes(
        [0x80, 1, 0, 100, 2, 0, 1]) + b"state"
