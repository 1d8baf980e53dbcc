"""Skull & Dragon on the device: RULES.md 3's examples through the real
buttons (and shakes) with scripted dice, the Skull and Dragon symbols in
the framebuffer, refusals on the message line, the layout at both sizes and
whole games to a winner (host boards, real displayio through Blinka)."""
import pytest
from conftest import ScriptedRoller, overlaps, press, quiet_sim, run_until, shake, started, text_box

from games.skull_dragon import screen as screen_module
from games.skull_dragon.rules import (
    ACCEPT,
    ACCEPT_OR_MULTIPLY,
    AFTER_SUCCESS,
    BOOK,
    DIRECTION,
    DRAGON,
    DRAGON_DIE,
    MULTIPLY,
    OVER,
    PICK_DIE,
    ROLL_DRAGON,
    ROLL_SKULL,
    SKULL,
    SKULL_DIE,
    UNDER,
)
from host.keys import keys_for
from host.simulation import Simulation
from rollbox import app as app_module
from rollbox import play
from rollbox.controls import B
from rollbox.faces import pip_grid

LARGE = ("cpb_gizmo", "generic")


def skull_dragon_game(board="pybadge", seats=(0, 0), dice=(), **kw):
    """The app on ``board`` in a new game, no scripted player, the dice
    landing on ``dice`` (worths; the tumble's faces from the simulation's
    random numbers)."""
    sim = quiet_sim(board=board, game="skull-dragon", players=len(seats), seats=seats, **kw)
    sim.app.roller = ScriptedRoller(dice, sim.rng.randrange)
    return started(sim)


def prompted(sim):
    return sim.app.phase == play.PROMPT and not sim.keys.busy()


def answer(sim, name):
    """Press and release ``name``; wait until the app asks again (a roll
    tumbles and lands first)."""
    press(sim, name, frames=1)
    run_until(sim, lambda: prompted(sim) or sim.app.mode == app_module.OVER)
    sim.step()


def shake_until_asked(sim):
    """Shake (a real recording) and wait until the app asks again."""
    replay = shake(sim)
    run_until(sim, lambda: sim.clock.now > replay.end_ms and prompted(sim), 20_000)
    sim.step()


def texts(sim):
    v = sim.app.view
    return v.message.text, v.status.text


def line(sim, name):
    return getattr(sim.app.screen, name).text


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
def test_first_example_through_the_buttons(board):
    """RULES.md 3: target 2 (skull die alone), over; dragon 4 -> 1 point;
    dragon 3 then skull 3 -> 9 -> 2 points; dragon 7 x skull 6 = 42 -> 3
    points; book 3. Only A and B, on a small and a large display."""
    large = board in LARGE
    sim = skull_dragon_game(board, dice=(2, 4, 3, 3, DRAGON, 6))
    s = sim.app.state
    assert line(sim, "target_line") == "Target: first throw"
    assert line(sim, "round_line") == "Round 1/4"
    assert texts(sim)[1] == "P1 Shake/A:skull B:dragon"
    answer(sim, "A")  # the skull die
    assert (s.phase, s.first_die, s.dice) == (ACCEPT_OR_MULTIPLY, SKULL_DIE, [2, -1])
    assert texts(sim) == ("Skull die: 2", "P1 A:accept 2 Shake/B:x dragon" if large
                          else "A:take 2 Shake/B:x dragon")
    answer(sim, "A")  # accept
    assert (s.phase, s.target) == (DIRECTION, 2)
    assert texts(sim) == ("Skull 2: target 2", "P1 A:over B:under")
    assert line(sim, "target_line") == "Target 2 over/under?"
    answer(sim, "A")  # over
    assert (s.phase, s.direction) == (PICK_DIE, OVER)
    assert texts(sim) == ("P1 goes over 2", "P1 Shake/A:skull B:dragon")
    assert line(sim, "target_line") == "Target 2 OVER"
    answer(sim, "B")  # the dragon die: 4
    answer(sim, "A")  # accept
    assert (s.phase, s.target, s.turn_points) == (AFTER_SUCCESS, 4, 1)
    assert texts(sim) == ("Dragon 4 >= 2: 1 point", "P1 A:go on B:book 1")
    assert line(sim, "points_line") == "Turn points: 1"
    answer(sim, "A")  # go on: the die choice, the shake on the dragon die (picked last)
    assert texts(sim) == ("Pick a die to throw", "P1 A:skull Shake/B:dragon")
    assert s.phase == AFTER_SUCCESS and not sim.app.screen.frame.hidden
    answer(sim, "B")  # dragon 3
    assert texts(sim)[1] == ("P1 A:accept 3 Shake/B:x skull" if large
                             else "A:take 3 Shake/B:x skull")
    answer(sim, "B")  # multiply: skull 3
    assert (s.result, s.target, s.turn_points) == (9, 9, 2)
    assert texts(sim)[0] == ("Dragon 3 x Skull 3 = 9 >= 4: 2 points" if large
                             else "3x3=9 >= 4: 2 points")
    answer(sim, "A")
    answer(sim, "B")  # the Dragon face
    assert texts(sim)[0] == "Dragon die: Dragon (7)"
    assert not sim.app.screen.symbols[DRAGON_DIE].hidden
    answer(sim, "B")  # multiply: skull 6
    assert (s.result, s.target, s.turn_points) == (42, 42, 3)
    assert texts(sim)[0] == ("Dragon 7 x Skull 6 = 42 >= 9: 3 points" if large
                             else "7x6=42 >= 9: 3 points")
    answer(sim, "B")  # book
    assert s.scores == [3, 0] and s.turn_player() == 1 and s.phase == PICK_DIE
    assert texts(sim)[0] == "P1 books 3: score 3"
    assert [line.text for line in sim.app.screen.lines] == [" P1 you 3", ">P2 you 0"]
    assert line(sim, "target_line") == "Target: first throw"
    assert sim.app.roller.script == []


def test_second_example_with_shakes_fails():
    """RULES.md 3: skull 6 x dragon 4 = 24, under; skull 3 then dragon 3 = 9
    -> 1 point; skull 2 then dragon 5 = 10 > 9 -> fail, 0 points. Every roll
    by a shake: the shake rolls the die in the frame, then multiplies."""
    sim = skull_dragon_game("pybadge", dice=(6, 4, 3, 3, 2, 5))
    s = sim.app.state
    screen = sim.app.screen
    assert screen.picks[0] == SKULL_DIE and not screen.frame.hidden
    shake_until_asked(sim)
    assert (s.phase, s.first_die, s.first_value) == (ACCEPT_OR_MULTIPLY, SKULL_DIE, 6)
    shake_until_asked(sim)  # multiplies
    assert texts(sim) == ("6x4=24: target 24", "P1 A:over B:under")
    answer(sim, "B")  # under
    assert line(sim, "target_line") == "Target 24 UNDER"
    shake_until_asked(sim)
    shake_until_asked(sim)
    assert (s.turn_points, s.target) == (1, 9)
    assert texts(sim)[0] == "3x3=9 <= 24: 1 point"
    answer(sim, "A")  # go on
    shake_until_asked(sim)
    shake_until_asked(sim)
    assert s.scores == [0, 0] and s.turn_points == 0 and s.turn_player() == 1
    assert texts(sim)[0] == "2x5=10 > 9: fail, 0 points"
    assert screen.body == [screen_module._FAILED] * 2  # the failed throw stays on show, red
    assert screen.dice[SKULL_DIE].palette[0] == screen_module._BODY[SKULL_DIE][2]


def test_messages_on_the_large_display_name_the_dice():
    sim = skull_dragon_game("cpb_gizmo", dice=(6, 4, 2, 5))
    answer(sim, "A")  # skull 6
    answer(sim, "B")  # x dragon 4
    assert texts(sim)[0] == "Skull 6 x Dragon 4 = 24: target 24"
    for name in "BAB":  # under; skull 2 x dragon 5
        answer(sim, name)
    assert texts(sim)[0] == "Skull 2 x Dragon 5 = 10 <= 24: 1 point"


def symbol_pixels(sim, die, points):
    """Framebuffer colours at ``points`` (on the 32x32 symbol grid) of ``die``."""
    screen = sim.app.screen
    d = screen.dice[die]
    size = d.sheet.tile * d.sheet.scale
    fb = sim.board.framebuffer
    return [fb.pixel(d.x + gx * size // 32, d.y + gy * size // 32) for gx, gy in points]


def pip_pixels(sim, die):
    """Colours where the seven pips would be."""
    screen = sim.app.screen
    d = screen.dice[die]
    side, start, pitch = pip_grid(d.sheet.tile)
    at = [(start + side // 2 + k * pitch) * d.sheet.scale for k in range(3)]  # pip middles
    fb = sim.board.framebuffer
    return [fb.pixel(d.x + at[c], d.y + at[r])
            for c, r in ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2))]


BLACK, WHITE, RED, YELLOW = (0, 0, 0), (248, 252, 248), (160, 24, 24), (248, 208, 64)
GREEN = (176, 224, 168)  # the dragon die's body, 0xB6E3A8 in RGB565


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
def test_skull_and_dragon_faces_are_symbols_not_pips(board):
    sim = skull_dragon_game(board, dice=(SKULL, DRAGON, 5, 5))
    screen = sim.app.screen
    answer(sim, "A")  # the skull die: Skull
    assert sim.app.state.dice == [SKULL, -1]
    assert texts(sim)[0] == "Skull die: Skull (0)"
    assert screen.dice[SKULL_DIE].face == 7 and not screen.symbols[SKULL_DIE].hidden  # 7: no pips
    # Head bone-white, eye sockets and nose black, the jaw's teeth white.
    assert symbol_pixels(sim, SKULL_DIE, ((16, 7), (12, 13), (20, 13), (16, 18), (12, 24))) \
        == [WHITE, BLACK, BLACK, BLACK, WHITE]
    answer(sim, "B")  # multiply: the Dragon
    assert sim.app.state.dice == [SKULL, DRAGON]
    assert screen.dice[DRAGON_DIE].face == 7 and not screen.symbols[DRAGON_DIE].hidden
    # Red scales, a yellow eye, the die's green body around.
    assert symbol_pixels(sim, DRAGON_DIE, ((10, 18), (22, 15), (15, 15), (28, 5), (28, 28))) \
        == [RED, RED, YELLOW, GREEN, GREEN]
    answer(sim, "A")  # over 0
    answer(sim, "A")  # the skull die: 5, pips and no symbol
    assert screen.dice[SKULL_DIE].face == 5 and screen.symbols[SKULL_DIE].hidden
    assert symbol_pixels(sim, SKULL_DIE, ((12, 13),)) != [BLACK]  # no eye socket
    pips = pip_pixels(sim, SKULL_DIE)
    assert [p == BLACK for p in pips] == [True, True, False, True, False, True, True]


def test_the_tumble_shows_symbols_too():
    sim = skull_dragon_game("pybadge", dice=(3,))
    screen = sim.app.screen
    seen = set()
    sim.keys.tap("A", sim.clock.now)
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    while sim.app.phase == play.TUMBLE:
        sim.step()
        seen.add((screen.worth[SKULL_DIE], screen.symbols[SKULL_DIE].hidden))
    assert (SKULL, False) in seen or len(seen) >= 3
    assert all(hidden == (worth != SKULL) for worth, hidden in seen)
    assert screen.dice[SKULL_DIE].group.x == screen.dice[SKULL_DIE].x  # home again


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
def test_a_shake_during_over_under_changes_nothing(board):
    sim = skull_dragon_game(board, dice=(4,))
    answer(sim, "A")
    answer(sim, "A")  # target 4
    s = sim.app.state
    before = s.to_bytes()
    shake_until_asked(sim)
    assert s.to_bytes() == before and s.phase == DIRECTION
    assert texts(sim) == ("Target 4: A over, B under", "P1 A:over B:under")
    answer(sim, "B")
    assert s.direction == UNDER


def test_a_shake_after_a_success_waits_for_the_die_choice():
    sim = skull_dragon_game("cpb_gizmo", dice=(2, 4, 5))
    for name in "AAAB":  # skull 2, over; dragon 4
        answer(sim, name)
    answer(sim, "A")  # accept: 1 point
    s = sim.app.state
    before = s.to_bytes()
    shake_until_asked(sim)
    assert s.to_bytes() == before
    assert texts(sim) == ("A throws again, B books 1", "P1 A:go on B:book 1")
    answer(sim, "A")  # go on
    shake_until_asked(sim)  # the dragon die (picked last)
    assert s.first_die == DRAGON_DIE and s.first_value == 5


def test_the_dpad_moves_the_cursor_and_the_shake_follows_it():
    sim = skull_dragon_game("pybadge", dice=(DRAGON,))
    screen = sim.app.screen
    frame = screen.frame
    assert frame.x == screen.dice[SKULL_DIE].x - screen.border
    answer(sim, "RIGHT")
    assert screen.picks[0] == DRAGON_DIE and frame.x == screen.dice[DRAGON_DIE].x - screen.border
    assert texts(sim)[1] == "P1 A:skull Shake/B:dragon"
    answer(sim, "LEFT")
    answer(sim, "DOWN")
    assert sim.app.state.first_die == -1  # moving never rolls
    shake_until_asked(sim)
    assert sim.app.state.dice == [-1, DRAGON] and frame.hidden


def test_refusals_explain_and_change_nothing():
    sim = skull_dragon_game("pybadge", dice=(3, 2))
    s = sim.app.state
    answer(sim, "SELECT")  # (START toggles the coach)
    assert texts(sim)[0] == "A skull die, B dragon die"
    answer(sim, "A")  # skull 3
    before = s.to_bytes()
    for name in ("UP", "SELECT"):
        answer(sim, name)
        assert texts(sim)[0] == "A accepts 3, B multiplies" and s.to_bytes() == before
    answer(sim, "A")
    before = s.to_bytes()
    answer(sim, "LEFT")
    assert texts(sim)[0] == "Target 3: A over, B under" and s.to_bytes() == before
    answer(sim, "B")  # under 3
    answer(sim, "A")  # skull 2
    answer(sim, "A")  # 2 <= 3: 1 point
    before = s.to_bytes()
    answer(sim, "RIGHT")
    assert texts(sim)[0] == "A throws again, B books 1" and s.to_bytes() == before
    screen = sim.app.screen
    assert keys_for(screen, s, BOOK) == ("B",)
    assert keys_for(screen, s, ROLL_DRAGON) == ("A", "B")
    answer(sim, "A")  # go on: book is gone
    with pytest.raises(ValueError):
        keys_for(screen, s, BOOK)
    answer(sim, "SELECT")
    assert texts(sim)[0] == "A skull die, B dragon die" and s.to_bytes() == before


def test_buttons_while_the_computer_thinks_do_not_act_for_it():
    sim = skull_dragon_game("cpb_gizmo", seats=(1, 0), dice=(5,))
    s = sim.app.state
    screen = sim.app.screen
    sim.keys.tap("B", sim.clock.now)
    run_until(sim, lambda: not sim.keys.busy())
    assert s.phase == PICK_DIE and s.first_die == -1  # B did not roll the dragon die for P1
    assert screen.press(s, B) is None  # the app drops it (ASIDE off); the screen refuses too
    assert texts(sim)[0] == "P1 (computer) is thinking"
    run_until(sim, lambda: s.phase == ACCEPT_OR_MULTIPLY)
    assert s.dice == [5, -1]  # the bot's own choice: the skull die


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
def test_keys_for_makes_every_action_on_this_board(board):
    """The scripted player's buttons: each action of each phase, pressed,
    is the action."""
    sim = skull_dragon_game(board, dice=(2, 4, 3))
    screen = sim.app.screen
    s = sim.app.state
    expect = {ROLL_SKULL: ("A",), ROLL_DRAGON: ("B",), ACCEPT: ("A",), MULTIPLY: ("B",),
              OVER: ("A",), UNDER: ("B",)}
    for action in (ROLL_SKULL, ACCEPT, OVER, ROLL_DRAGON, ACCEPT):
        keys = keys_for(screen, s, action)
        assert keys == expect[action]
        for name in keys:
            answer(sim, name)
    assert s.phase == AFTER_SUCCESS
    for name in keys_for(screen, s, ROLL_SKULL):
        answer(sim, name)
    assert (s.first_die, s.first_value) == (SKULL_DIE, 3)


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
def test_the_widest_texts_fit_without_overlap(board):
    """Every label with its widest text, the dice and the frame: inside the
    layout, clear of each other and of the message and status lines."""
    sim = skull_dragon_game(board, seats=(0, 1, 1, 1))
    screen = sim.app.screen
    view = sim.app.view
    v = view.set_text
    v(screen.round_line, "Tie round 9")
    v(screen.round_line, screen_module._round_text(12))
    for i, lbl in enumerate(screen.lines):
        v(lbl, ">P%d cpu 123" % (i + 1))
    v(screen.target_line, "Target 42 over/under?")
    v(screen.points_line, "Turn points: 12")
    lines = [screen.round_line, *screen.lines, screen.target_line, screen.points_line]
    boxes = [text_box(line) for line in lines + screen.names]
    assert len(boxes) == 2 + 1 + 4 + 2  # the dice's names, round, scores, target, points
    b = screen.border
    for d in screen.dice:
        size = d.sheet.tile * d.sheet.scale
        boxes.append((d.x - b, d.y - b, d.x + size + b, d.y + size + b))
    title = text_box(view.title)
    if not view.large:  # the round shares the title line, right of the title
        round_box = boxes.pop(0)
        assert view.title.text == "Skull & Dragon"
        assert round_box[1] == 0 and title[2] < round_box[0] and round_box[2] <= view.width
    message_top = text_box(view.message)[1]
    for i, box in enumerate(boxes):
        assert 0 <= box[0] and box[2] <= view.width and title[3] <= box[1]
        assert box[3] <= message_top, box
        for other in boxes[i + 1:]:
            assert not overlaps(box, other), (box, other)
    # The longest status and hint lines fit the status / message line.
    chars = view.width // 6
    assert all(len(t) <= chars for t in (
        "P1 Shake/A:skull B:dragon", "A:take 7 Shake/B:x dragon", "A throws again, B books 12",
        "Target 42: A over, B under", "A accepts 7, B multiplies"))


@pytest.mark.parametrize("board,accel,seats,frames", [
    ("pybadge", True, (0, 1), True),
    ("cpb_gizmo", False, (0, 0, 1), False),
])
def test_whole_game_to_a_winner(tmp_path, board, accel, seats, frames):
    sim = Simulation(board=board, game="skull-dragon", log=None, seed=7, players=len(seats),
                     seats=seats, accelerometer=accel, out=str(tmp_path) if frames else None)
    winner = sim.run()
    s = sim.app.state
    assert s.scores[winner] == max(s.scores) and s.scores.count(max(s.scores)) == 1
    assert s.round >= 3
    if frames:
        assert sim.frames > 50 and (tmp_path / ("frame_%05d.png" % sim.frames)).exists()
    assert sim.app.screen.target_line.text == "Game over"
    assert sim.app.view.title.text.endswith("wins!")


def test_the_sim_transcript_names_no_target_before_one_is_set():
    """The transcript's state words: "target none set" before a turn's first
    roll, never the state's -1 placeholder; "target N over" once chosen."""
    out = []
    sim = Simulation(log=out.append, game="skull-dragon", seed=1)
    sim.run()
    text = "\n".join(out)
    assert "target -1" not in text and "target none set" in text, text[:2000]
    assert " over, turn points" in text or " under, turn points" in text
