"""The coach overlay in the app: on from the menu's Coach line, toggled by
the pause screen and remembered for the next game, hidden
while a computer seat thinks, its lines those of the game's bot, at most 26
characters, in every game."""
import pytest
from conftest import asked, menu_lines, press, run_until

import rollbox
from host.simulation import GAMES, Simulation, awaiting_human
from rollbox import app as app_module
from rollbox import play
from rollbox.bots import COACH_CHARS


def shown(sim):
    view = sim.app.view
    return view.coach_shown()


def test_coach_from_the_menu_shows_the_bots_lines(quiet_sim):
    sim = quiet_sim(game="pig", seats=(0, 3), coach=1)
    run_until(sim, lambda: asked(sim))
    assert shown(sim) == ("Bust 17%; hard: roll", "Win 53% if both play hard")


def test_the_pause_screen_toggles_the_coach_and_the_next_game_remembers(quiet_sim):
    sim = quiet_sim(game="pig", seats=(0, 3))
    run_until(sim, lambda: asked(sim))
    assert shown(sim) is None
    for name in ("START", "B", "A", "START"):  # pause, to Coach, on, back
        press(sim, name)
    run_until(sim, lambda: shown(sim) is not None)
    assert sim.app.coach == 1 and sim.app.phase == play.PROMPT
    assert sim.app.state.turn_total == 0  # only toggled: no roll
    for name in ("START", "B", "A", "START"):
        press(sim, name)
    run_until(sim, lambda: shown(sim) is None)
    assert sim.app.coach == 0
    for name in ("START", "B", "A", "START"):
        press(sim, name)
    run_until(sim, lambda: shown(sim) is not None)
    sim.app.to_menu()  # back at the menu: its Coach line is on
    assert sim.app.menu.coach == 1 and "Coach: on" in menu_lines(sim.app.menu)
    press(sim, "START")  # the next game: coach still on
    run_until(sim, lambda: asked(sim))
    assert shown(sim) is not None


def test_hidden_while_a_computer_seat_thinks(quiet_sim):
    sim = quiet_sim(game="pig", seats=(3, 0), coach=1)
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    sim.step()
    assert sim.app.state.current_player() == 0 and shown(sim) is None


def test_two_button_board_gets_the_coach_from_the_menu(quiet_sim):
    sim = quiet_sim(board="cpb_gizmo", game="hog", seats=(0, 2), coach=1)
    run_until(sim, lambda: asked(sim))
    assert shown(sim) == ("5 dice bust 60%; hard: 6", "Win 53% if both play hard")


def test_skunk_start_stays_a_sit_key_at_a_big_table(quiet_sim):
    sim = quiet_sim(game="skunk", players=6, seats=(0,) * 6)
    run_until(sim, lambda: asked(sim))
    assert sim.app.screen.pause_key() == 0


@pytest.mark.parametrize("game", GAMES)
def test_every_game_coaches_within_the_line(game):
    """A whole game (capped) with the coach on, the scripted human playing:
    at every human prompt the overlay shows the bot's lines, each at most
    26 characters."""
    sim = Simulation(game=game, seats=(0, 3), coach=1, log=None, seed=3)
    seen = set()
    end = sim.clock.now + 600_000
    while sim.app.mode != app_module.OVER and sim.clock.now < end:
        sim.step()
        if awaiting_human(sim.app):
            lines = shown(sim)
            assert lines is not None and lines == tuple(sim.app.screen.coach(sim.app.state))
            assert all(len(line) <= COACH_CHARS for line in lines), lines
            seen.add(lines)
    # The odds change from prompt to prompt (SKUNK's scripted human is only
    # asked at a round's first roll, where they are the same).
    assert len(seen) >= (1 if game == "skunk" else 3)


@pytest.mark.parametrize("damage", ("missing", "truncated"))
@pytest.mark.parametrize("game,name", (("pig", "pig.bin"), ("hog", "hog.bin"),
                                       ("skunkd", "skunkd_ev.bin")))
def test_a_hard_seat_without_its_table_plays_medium_and_says_so(
        tmp_path, monkeypatch, damage, game, name):
    import rollbox.table as table

    real = table.data_path
    (tmp_path / "data").mkdir()
    for other in ("pig.bin", "hog.bin", "skunkd_ev.bin", "skunkd_ot.bin"):
        (tmp_path / "data" / other).write_bytes(open(real(other), "rb").read())
    if damage == "missing":
        (tmp_path / "data" / name).unlink()
    else:
        (tmp_path / "data" / name).write_bytes(open(real(name), "rb").read()[:100])
    monkeypatch.setattr(table, "data_path", lambda n: str(tmp_path / "data" / n))
    # A game's end unloads only its own bot and rollbox.table: another game's
    # hard module this process loaded earlier still reads the old table
    # module, so all of them are loaded afresh here.
    rollbox.unload("games.pig.bot", "games.hog.bot", "games.skunkd.bot", "games.skunkd.hard")
    from games.hog import bot as hog
    from games.pig import bot as pig
    from games.skunkd import hard as skunkd_hard

    monkeypatch.setattr(pig, "_open", None)  # no table opened before this test's
    monkeypatch.setattr(hog, "_open", None)
    monkeypatch.setattr(skunkd_hard, "_ev", None)
    monkeypatch.setattr(skunkd_hard, "_ot", None)
    told = []
    sim = Simulation(game=game, seats=(3, 3), coach=1, log=None, seed=2)
    say = sim.app.view.set_text

    def watch(label, text):
        if label is sim.app.view.message:
            told.append(text)
        say(label, text)

    sim.app.view.set_text = watch
    sim.run()
    assert sim.app.state.is_terminal() and "Hard table unreadable: medium" in told


def test_the_coach_steps_aside_for_the_result():
    # A human's winning hold ends the game: the result line is not covered.
    sim = Simulation(game="pig", seats=(0, 1), coach=1, log=None, goal=20, seed=1)
    sim.run()
    assert sim.app.state.winners() == [0]  # P1, the human, held to win
    assert sim.app.mode == app_module.OVER and sim.app.view.coach_shown() is None
