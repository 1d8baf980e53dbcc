"""Leave a game (issue 14, item 2): START (or A+B held 1 s) pauses; the
pause screen offers Resume, Coach, Rules and keys, and Quit to menu, which
asks first and keeps the game saved for the menu's Resume; a computer's
turn waits too. Through the real keypad and display paths."""
import re

import pytest
from conftest import (
    asked,
    check_window,
    frames,
    help_items,
    hold,
    panel_lines,
    press,
    run_until,
    shake,
)

from rollbox import app as app_module
from rollbox import pause as pause_module
from rollbox import play


def rows_of(sim):
    """The pause screen's lines: the title, its body as the screen shows
    it, the message, the hint."""
    v = sim.app.view
    return [v.title.text] + panel_lines(sim) + [v.message.text, v.status.text]


def test_start_pauses_and_resumes_where_it_was(quiet_sim):
    sim = quiet_sim(game="pig", seats=(0, 0))
    run_until(sim, lambda: asked(sim))
    press(sim, "A")  # a roll: the turn total is what the pause must keep
    run_until(sim, lambda: asked(sim))
    before = sim.app.state.to_bytes()
    press(sim, "START")
    assert sim.app.mode == app_module.PAUSED
    assert rows_of(sim)[:6] == ["Paused: Pig to 100", "> Resume", "  Coach: off",
                                "  Rules and keys", "  Last turn", "  Quit to menu"]
    assert rows_of(sim)[-1] == "A:choose B:next START:back"
    press(sim, "A")  # on Resume
    assert sim.app.mode == app_module.PLAY and sim.app.pause is None
    assert sim.app.state.to_bytes() == before
    assert "rollbox.pause" not in __import__("sys").modules  # unloaded in play


def test_the_pause_covers_the_screen_and_goes(quiet_sim):
    sim = quiet_sim(game="hog", seats=(0, 0))
    run_until(sim, lambda: asked(sim))
    fb = sim.board.framebuffer
    playing = bytes(fb.framebuffer)
    press(sim, "START")
    paused = bytes(fb.framebuffer)
    assert paused != playing
    assert fb.pixel(150, 60) == (0x10, 0x28, 0x18)  # the panel's shade (RGB565 of 0x102A18)
    white = (248, 252, 248)
    ink = [(x, y) for y in range(13, 61) for x in range(2, 158) if fb.pixel(x, y) == white]
    assert ink and min(y for _, y in ink) < 25 and max(y for _, y in ink) > 48  # 4 item rows
    press(sim, "START")
    assert bytes(fb.framebuffer) == playing


def test_a_computer_turn_waits_while_paused(quiet_sim):
    sim = quiet_sim(game="pig", seats=(2, 0))
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    for _ in range(5):  # 100 ms into the computer's 700 ms think
        sim.step()
    before = sim.app.state.to_bytes()
    press(sim, "START")
    for _ in range(250):  # 5 s paused
        sim.step()
    assert sim.app.state.to_bytes() == before
    press(sim, "START", frames=0)
    steps = 0
    while sim.app.state.to_bytes() == before and sim.app.phase == play.PROMPT:
        sim.step()
        steps += 1
    # the think goes on from where it stopped: not at once, and not again in full
    assert 10 <= steps <= 35, steps


def test_quit_asks_then_the_menu_resumes_the_game_mid_turn(quiet_sim):
    sim = quiet_sim(game="pig", seats=(0, 3))
    run_until(sim, lambda: asked(sim))
    press(sim, "A")
    run_until(sim, lambda: asked(sim))
    state = sim.app.state
    turn_total = state.turn_total
    before = state.to_bytes()
    press(sim, "START")
    for name in ("UP", "A"):  # the last item, Quit: it asks
        press(sim, name)
    assert rows_of(sim)[:3] == ["Quit to menu?", "The game stays saved:", "Resume is on the menu."]
    press(sim, "B")  # stay
    assert sim.app.mode == app_module.PAUSED and rows_of(sim)[5] == "> Quit to menu"
    for name in ("A", "A"):
        press(sim, name)
    app = sim.app
    assert app.mode == app_module.MENU and app.game is None
    assert app.menu.line(0) == "Resume: Pig"
    press(sim, "A")
    run_until(sim, lambda: asked(sim))
    assert sim.app.state.to_bytes() == before and sim.app.state.turn_total == turn_total


def test_quit_keeps_the_save_across_a_power_cycle(quiet_sim):
    sim = quiet_sim(game="pig", seats=(0, 3))
    run_until(sim, lambda: asked(sim))
    press(sim, "A")
    run_until(sim, lambda: asked(sim))
    before = sim.app.state.to_bytes()
    for name in ("START", "UP", "A", "A"):
        press(sim, name)
    again = quiet_sim(nvm=sim.nvm, seats=(0, 3))  # power-up on the same nvm
    again.setup = ["A"]  # Resume
    run_until(again, lambda: again.app.mode == app_module.PLAY and asked(again))
    assert again.app.state.to_bytes() == before


def _help_window(sim):
    """(first line, shown lines, lines in all) from the title ("Rules and
    keys 8-14/95") and the panel as the screen shows it."""
    match = re.fullmatch(r"Rules and keys (\d+)-(\d+)/(\d+)", sim.app.view.title.text)
    assert match, sim.app.view.title.text
    first, last, count = (int(n) for n in match.groups())
    shown = panel_lines(sim)
    assert not any(shown[last - first + 1:]), shown  # the rows below the window are blank
    return first - 1, shown[:last - first + 1], count


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
@pytest.mark.parametrize("game", ["pig", "two-dice", "big-pig", "hog", "skunkd", "skunk",
                                  "skull-dragon"])
def test_rules_and_keys_windows_on_the_screen(quiet_sim, game, board):
    """The Rules and keys on the screen, window by window with B to the
    end and round to the first (the pybadge also item by item with DOWN
    and back with UP): each window is the help's lines from its title's
    first, whole items, a sentence never cut; the status names the keys;
    A goes back to the pause menu."""
    sim = quiet_sim(board=board, game=game, seats=(0, 0))
    run_until(sim, lambda: asked(sim))
    if board == "pybadge":
        press(sim, "START")
    else:
        hold(sim, ("A", "B"), 1100)
    for name in ("B", "B", "A"):
        press(sim, name)
    lines = pause_module.window(pause_module.open_help(sim.app), 0, 10 ** 6)[1]
    rows = len(sim.app.pause.body)
    assert rows == (pause_module.BODY if board == "pybadge" else 15)
    grid = sim.app.view.overlay[1]
    assert grid.width > max(len(line) for line in lines)  # no line fills a row (see pause)
    assert rows_of(sim)[-1] == ("^v:line B:next page A:back" if board == "pybadge"
                                else "B:next page A:back")
    seen = []
    for _ in range(40):
        first, shown, count = _help_window(sim)
        assert count == len(lines)
        check_window(lines, first, shown, rows)
        if first == 0 and seen:
            break
        seen += shown
        press(sim, "B")
    assert seen == lines  # every line once, in order, then the first window again
    if board == "pybadge":
        items = help_items(lines)
        for item in range(1, len(items)):
            press(sim, "DOWN")
            first, shown, _ = _help_window(sim)
            check_window(lines, first, shown, rows)
            if first + len(shown) == len(lines):
                break  # the last line shows: DOWN stops
            assert first == items[item][0]
        press(sim, "DOWN")
        assert _help_window(sim)[0] == first
        press(sim, "UP")
        assert _help_window(sim)[0] == items[item - 1][0]
    press(sim, "A")
    assert rows_of(sim)[3] == "> Rules and keys"
    assert panel_lines(sim)[2] == "> Rules and keys"  # the help's rows all rewritten


def test_a_shake_while_paused_rolls_nothing(quiet_sim):
    sim = quiet_sim(game="pig", seats=(0, 0))
    run_until(sim, lambda: asked(sim))
    before = sim.app.state.to_bytes()
    press(sim, "START")
    shake(sim)  # the recording the scripted human shakes with
    frames(sim, 150)
    assert sim.app.mode == app_module.PAUSED and sim.app.state.to_bytes() == before
    press(sim, "START")
    frames(sim, 5)
    assert sim.app.phase == play.PROMPT and sim.app.state.to_bytes() == before


def test_two_buttons_pause_with_the_chord_and_resume_with_a(quiet_sim):
    sim = quiet_sim(board="cpb_gizmo", game="pig", seats=(0, 0))
    run_until(sim, lambda: asked(sim))
    before = sim.app.state.to_bytes()
    hold(sim, ("A", "B"), 1100)
    assert sim.app.mode == app_module.PAUSED
    assert rows_of(sim)[-1] == "A:choose B:next"
    press(sim, "A")
    assert sim.app.mode == app_module.PLAY and sim.app.state.to_bytes() == before


def test_skunk_big_table_pauses_with_the_chord_not_start(quiet_sim):
    sim = quiet_sim(game="skunk", players=6, seats=(0,) * 6)
    run_until(sim, lambda: asked(sim))
    assert sim.app.screen.pause_key() == 0
    hold(sim, ("A", "B"), 1100)
    for _ in range(40):
        sim.step()
    assert sim.app.mode == app_module.PAUSED


def test_a_new_game_asks_before_it_replaces_the_saved_one(quiet_sim):
    """Issue 24, item 2: one saved game, and a question before another game
    (or the same one anew) takes its place; B keeps it, untouched."""
    from rollbox import store

    sim = quiet_sim(game="skunkd", seats=(0, 3))
    run_until(sim, lambda: asked(sim))
    for name in ("START", "UP", "A", "A"):  # quit: saved
        press(sim, name)
    saved = store.open_region(sim.nvm, store.KIND_GAME).load()
    assert sim.app.menu.line(0) == "Resume: SKUNK'D"
    for name in ("B", "A"):  # the Game line: SKUNK'D -> SKUNK
        press(sim, name)
    press(sim, "START")  # start a new SKUNK game
    v = sim.app.view
    assert sim.app.mode == app_module.MENU and v.title.text == "Replace saved game?"
    assert [line.text for line in sim.app.menu_screen.lines[:2]] == [
        "A new game replaces the", "saved SKUNK'D game."]
    press(sim, "B")  # keep it
    assert sim.app.mode == app_module.MENU and sim.app.menu.on_resume()
    assert v.message.text == "Saved game kept"
    assert store.open_region(sim.nvm, store.KIND_GAME).load() == saved
    press(sim, "START")  # on "Resume": START resumes, no question
    assert sim.app.mode == app_module.PLAY and sim.app.game.NAME == "skunkd"
    for name in ("START", "UP", "A", "A"):
        press(sim, name)
    for name in ("B", "START", "A"):  # a new game this time: A says yes
        press(sim, name)
    assert sim.app.mode == app_module.PLAY
    assert store.open_region(sim.nvm, store.KIND_GAME).load() != saved


def test_last_turn_lists_what_the_computer_did(quiet_sim):
    """Issue 24, item 6: the pause screen's "Last turn" shows the messages
    of the turn before, the computer's, whole (cut at spaces)."""
    sim = quiet_sim(game="skunkd", seats=(3, 0))
    # app.last_turn: [seat on turn, its messages, the seat before, its messages]
    run_until(sim, lambda: asked(sim) and sim.app.last_turn[2] == 0)
    notes = sim.app.last_turn[3]
    assert notes and all(isinstance(n, str) for n in notes)
    press(sim, "START")
    for name in ("UP", "UP", "A"):  # Quit, then Last turn
        press(sim, name)
    shown = rows_of(sim)
    assert shown[0] == "Last turn: P1 (computer)"
    body = " ".join(line.strip() for line in shown[1:-1] if line)
    assert " ".join(notes[-3:]) in body and shown[-1] == "Any key: back"
    press(sim, "B")
    assert rows_of(sim)[4] == "> Last turn"
