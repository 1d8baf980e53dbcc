"""The menu as data (rollbox.menu) and on screen: every game of the
catalog, its options, player counts, seats and scrolling."""
import pytest
from conftest import menu_lines as lines

import rollbox
from host.simulation import GAMES, Simulation, menu_taps
from rollbox import app as app_module
from rollbox import catalog, controls
from rollbox.menu import MENU_LINES, Menu


def test_pig_lines_and_params():
    m = Menu()
    assert lines(m) == ["Game: Pig", "6 is bad: off", "Players: 2", "Goal: 100",
                        "P1: human", "P2: computer, easy", "Coach: off", "Shake: normal",
                        "Sound: quiet", "Lights: low", "Lifetime stats", "Start"]
    assert m.params() == {"variant": 0, "six_bad": 0, "players": 2, "goal": 100}


def test_seats_cycle_through_the_levels_and_the_coach_toggles():
    m = Menu()
    m.cursor = 5  # P2
    assert [m.press(controls.A) or m.line(5) for _ in range(4)] == [
        "P2: computer, medium", "P2: computer, hard", "P2: human", "P2: computer, easy"]
    m.press(controls.LEFT)
    assert m.seats[1] == 0 and m.line(5) == "P2: human"
    m.press(controls.B)  # down to the coach
    assert not m.press(controls.A) and m.line(6) == "Coach: on" and m.coach == 1
    assert not m.press(controls.RIGHT) and m.coach == 0


def test_games_without_options_or_goal():
    m = Menu()
    m.game = [e[catalog.NAME] for e in catalog.GAMES].index("Skull & Dragon")
    assert lines(m) == ["Game: Skull & Dragon", "Players: 2", "P1: human", "P2: computer, easy",
                        "Coach: off", "Shake: normal", "Sound: quiet", "Lights: low",
                        "Lifetime stats", "Start"]
    assert m.params() == {"players": 2}


def test_changing_game_keeps_players_and_goal_valid():
    m = Menu()
    skunk = [e[catalog.NAME] for e in catalog.GAMES].index("SKUNK")
    while m.game != skunk:
        m.press(controls.A)
    m.cursor = 1  # Players
    for _ in range(6):
        m.press(controls.A)
    assert m.players == 8 and m.size() == 2 + 8 + 6  # Game, Players, seats, Coach..Start
    m.cursor = 0
    m.press(controls.A)  # on to Skull & Dragon: 2..4 players
    assert m.entry()[catalog.NAME] == "Skull & Dragon" and m.players == 4
    m.press(controls.A)  # wraps to Pig
    assert m.game == 0 and m.goal == 100 and m.params()["players"] == 4


def test_shake_sensitivity_cycles_and_is_kept_in_the_settings():
    m = Menu()
    m.cursor = lines(m).index("Shake: normal")
    assert [m.press(controls.A) or m.line(m.cursor) for _ in range(3)] == [
        "Shake: firm", "Shake: gentle", "Shake: normal"]
    m.press(controls.LEFT)
    assert m.shake == 0 and m.line(m.cursor) == "Shake: gentle"
    other = Menu()
    assert other.restore(m.settings()) and other.shake == 0


def test_settings_saved_before_the_shake_line_read_as_normal():
    m = Menu()
    m.shake = 2
    old = m.settings()[:14]  # a record from before the Shake line
    other = Menu()
    other.shake = 0
    assert other.restore(old) and other.shake == 1 and other.game == m.game


def test_players_wrap_within_the_games_range():
    m = Menu()
    m.cursor = 2
    assert [m.press(controls.A) or m.players for _ in range(4)] == [3, 4, 2, 3]
    m.press(controls.LEFT)
    assert m.players == 2


@pytest.mark.parametrize("entry", catalog.GAMES, ids=lambda e: e[catalog.NAME])
def test_every_catalog_entry_loads(entry):
    game_class = rollbox.load_class(catalog.dotted(entry, catalog.GAME))
    screen_class = rollbox.load_class(catalog.dotted(entry, catalog.SCREEN))
    bot = rollbox.load(entry[catalog.PACKAGE] + ".bot")
    assert callable(bot.choose) and screen_class.__name__.endswith("Screen")
    params = dict(entry[catalog.FIXED], players=entry[catalog.MAX_PLAYERS])
    if entry[catalog.GOALS]:
        params["goal"] = entry[catalog.GOAL]
    game = game_class(**params)
    assert len(game.title()) <= 16 and game.num_players() == entry[catalog.MAX_PLAYERS]


def test_long_menu_scrolls_to_keep_the_cursor_on_screen():
    sim = Simulation(game="skunk", players=8, seats=(0,) * 8, log=None)
    sim.setup.pop()  # stay in the menu on "Start"
    while sim.setup or sim.keys.busy():
        sim.step()
    sim.step()
    shown = [label.text for label in sim.app.menu_screen.lines]
    assert len(shown) == MENU_LINES and shown[-1] == ">Start"
    assert shown[-2] == " Lifetime stats" and shown[-3] == " Lights: low"
    assert shown[-4] == " Sound: quiet" and shown[-5] == " Shake: normal"
    # The game being set up stays in view; "^": lines off screen above
    # (the mark in the last column of the 26 on a 160-pixel line).
    assert shown[0] == " Game: SKUNK"
    assert shown[1] == " P8: human" + " " * 15 + "^" and len(shown[1]) == 26
    sim.keys.tap("B", sim.clock.now)  # wraps to the top
    for _ in range(10):
        sim.step()
    shown = [label.text for label in sim.app.menu_screen.lines]
    assert shown[0] == ">Game: SKUNK" and shown[1] == " Players: 8"
    assert shown[-1] == " P6: human" + " " * 15 + "v"  # lines off screen below
    assert not any(line.endswith("^") for line in shown)


def test_scroll_marks_and_the_game_line_on_240x240_with_a_saved_game():
    """The large layout's mark column is the 39th; with "Resume" first,
    the Game line (line 1) is pinned once it scrolls off."""
    sim = Simulation(board="cpb_gizmo", game="skunk", players=8, seats=(0,) * 8, log=None)
    sim.setup.pop()
    while sim.setup or sim.keys.busy():
        sim.step()
    sim.step()
    screen = sim.app.menu_screen
    screen.menu.resume = "Pig"
    screen.menu.cursor = 2  # Players: the window starts at the top
    screen.draw()
    shown = [label.text for label in screen.lines]
    assert shown[0] == " Resume: Pig" and shown[1] == " Game: SKUNK"
    assert shown[-1] == " P5: human" + " " * 28 + "v" and len(shown[-1]) == 39
    screen.menu.cursor = 7  # P5: the Resume line scrolls off, Game stays
    screen.draw()
    shown = [label.text for label in screen.lines]
    assert shown[0] == " Game: SKUNK" + " " * 26 + "^"
    assert shown[1:3] == [" Players: 8", " P1: human"] and shown[-1].endswith("v")
    screen.menu.cursor = 10  # P8: Game pinned, seven lines scroll below it
    screen.draw()
    shown = [label.text for label in screen.lines]
    assert shown[0] == " Game: SKUNK"
    assert shown[1] == " P3: human" + " " * 28 + "^" and shown[6] == ">P8: human"
    assert shown[7] == " Coach: off" + " " * 27 + "v"


@pytest.mark.parametrize("game", GAMES)
def test_menu_taps_reach_every_game(game):
    taps = menu_taps(GAMES.index(game), 0, 2, (0, 1), None)
    m = Menu()
    started = False
    for name in taps:
        started = m.press(getattr(controls, name))
    assert started and m.entry() is catalog.GAMES[GAMES.index(game)]
    assert set(taps) <= {"A", "B"}


def test_start_button_starts_from_anywhere():
    sim = Simulation(log=None)
    sim.setup = ["B", "START"]
    for _ in range(30):
        sim.step()
    assert sim.app.mode == app_module.PLAY
