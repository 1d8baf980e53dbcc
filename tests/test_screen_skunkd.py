"""SKUNK'D on the device: the screen through real buttons (keypad stand-in),
real displayio (Blinka) and scripted dice, on a PyBadge (directions,
160x128) and a Circuit Playground Bluefruit + TFT Gizmo (A and B, 240x240).
"""
import random

import pytest
from conftest import (
    press,
    quiet,
    quiet_sim,
    roll,
    run_until,
    shake,
)
from conftest import skunkd_house as house

from games.skunkd.rules import (
    BANK,
    PHASE_HOUSE,
    PHASE_KEEP,
    PHASE_KEPT,
    PHASE_START,
    ROLL,
    legal_keeps,
)
from host.keys import keys_for
from host.simulation import Simulation, awaiting_human
from rollbox import app as app_module
from rollbox import play
from rollbox.view import BAD, KEPT, PICKED, PLAIN

# Roll-off: P1 two Skunks, P2 none: P1 goes first and sets the house options.
ROLLOFF = (1, 1, 2, 3, 4, 6, 2, 2, 3, 4, 6, 6)
NO_SCORE = (2, 2, 3, 3, 4, 6)  # a six-dice roll with nothing to keep


def prompt(sim):
    """Run until a human seat is asked (or the game is over)."""
    run_until(sim, lambda: awaiting_human(sim.app) or sim.app.mode == app_module.OVER)


def taps(sim, names):
    for name in names:
        press(sim, name)


def game(board="pybadge", faces=(), seats=(0, 1), goal=10000, entry=500, accelerometer=True):
    """A game at P1's first turn: the roll-off of ROLLOFF (P3, P4 roll no
    Skunk), then P1 sets the house options with this board's keys; ``faces``
    land next."""
    sim = quiet_sim(board=board, game="skunkd", players=len(seats), seats=seats,
                    accelerometer=accelerometer,
                    dice=ROLLOFF + (2, 2, 3, 4, 6, 6) * (len(seats) - 2) + tuple(faces))
    prompt(sim)
    s = sim.app.state
    assert s.phase == PHASE_HOUSE and s.turn_player() == 0
    taps(sim, keys_for(sim.app.screen, s, house(goal, entry)))
    prompt(sim)
    assert s.phase == PHASE_START and (s.goal, s.entry) == (goal, entry)
    return sim


def shake_until_landed(sim, lands=True):
    """Shake the board (a real recording); run until the dice have landed,
    or (``lands`` False) until the recording is over."""
    replay = shake(sim)
    if lands:
        run_until(sim, lambda: sim.app.phase == play.TUMBLE)
        run_until(sim, lambda: sim.app.phase == play.PROMPT)
    else:
        run_until(sim, lambda: sim.clock.now > replay.end_ms + 500)
        assert sim.app.phase == play.PROMPT


def tints(screen):
    return [d.tint for d in screen.dice]


# -- roll-off and house options ---------------------------------------------


def test_rolloff_shows_each_contenders_dice_and_skunks_then_who_goes_first():
    sim = quiet_sim(game="skunkd", seats=(0, 1),
                    dice=(1, 5, 2, 3, 4, 6) + (3, 1, 2, 2, 4, 6) + ROLLOFF)  # a tie first
    run_until(sim, lambda: sim.app.view.message.text.startswith("Tie"))
    run_until(sim, lambda: sim.app.phase == play.PROMPT)  # the prompt: a frame after the landing
    screen, v = sim.app.screen, sim.app.view
    assert v.message.text == "Tie: P1 P2 roll again"
    assert screen.seat_lines[0].text == "%-13s%s" % (">P1 1 Skunk", " P2 1 Skunk")
    assert screen.den_line.text == "Most Skunks goes first"
    prompt(sim)
    assert screen.seat_lines[0].text == "%-13s%s" % (">P1 2 Skunks", " P2 0 Skunks")
    assert v.message.text == "P1 goes first"
    assert sim.app.state.first == 0
    assert [d.face for d in screen.dice] == [2, 2, 3, 4, 6, 6]  # the last roller's dice


def test_a_landing_sends_its_dice_in_the_frame_after_its_chance_outcomes():
    """Issue 26: the roll lands in the state in one frame, with no pixel
    sent (the dice stay as they tumbled, not moved); the next shows all six
    at rest, nothing else, and says the roll; the next goes on to the prompt
    with the message drawn. Each frame within 20 ms on a SAMD51."""
    sim = quiet_sim(game="skunkd", seats=(0, 1), dice=ROLLOFF)
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    run_until(sim, lambda: sim.app.phase != play.TUMBLE)
    screen, v = sim.app.screen, sim.app.view
    assert sim.app.phase == play.RESTING and sim.pixels == 0
    assert tuple(sim.app.state.dice) == ROLLOFF[:6] and v.message.text != "P1: 2 Skunks"
    sim.step()
    assert sim.app.phase == play.LANDED and [d.face for d in screen.dice] == list(ROLLOFF[:6])
    assert 6 * 18 * 18 <= sim.pixels <= 6 * 22 * 22  # the six dice, not the message yet
    assert v.message.text == "P1: 2 Skunks" and v.waiting()
    sim.step()
    assert sim.app.phase == play.PROMPT and sim.pixels


def test_house_options_with_directions():
    sim = quiet_sim(game="skunkd", seats=(0, 1), dice=ROLLOFF)
    prompt(sim)
    screen, v, s = sim.app.screen, sim.app.view, sim.app.state
    assert screen.value_line.text == "goal [10000] entry 500"
    assert v.status.text == "P1 <>:field ^v:value A:ok"
    before = s.to_bytes()
    press(sim, "SELECT")
    assert v.message.text == "SELECT does nothing now" and s.to_bytes() == before
    taps(sim, ("DOWN", "DOWN", "RIGHT", "UP", "UP"))
    assert screen.value_line.text == "goal 2000 entry [0]"  # 1000 wraps to 0
    press(sim, "B")  # B switches field too
    assert screen.value_line.text == "goal [2000] entry 0"
    assert s.to_bytes() == before
    press(sim, "A")
    assert (s.goal, s.entry, s.phase) == (2000, 0, PHASE_START)
    assert v.message.text == "P1 set goal and entry"
    assert screen.info_line.text == "goal 2000, entry 0"


def test_house_options_with_two_buttons():
    sim = quiet_sim(board="cpb_gizmo", game="skunkd", seats=(0, 1), dice=ROLLOFF)
    prompt(sim)
    screen, v, s = sim.app.screen, sim.app.view, sim.app.state
    assert screen.value_line.text == "goal 10000 entry 500 [ok]"
    assert v.status.text == "P1 A:ok B:step"
    taps(sim, ("B", "A", "A", "A", "B", "A"))  # goal 10000 -> 15000 -> 20000 -> 2000
    assert screen.value_line.text == "goal 2000 entry [1000] ok"
    assert v.status.text == "P1 A:change B:step"
    assert s.phase == PHASE_HOUSE
    taps(sim, ("B", "A"))
    assert (s.goal, s.entry) == (2000, 1000)
    assert screen.info_line.text == "Goal 2000; entry: bank 1000+ first"


def test_a_computer_setter_takes_the_bots_choice():
    sim = quiet_sim(game="skunkd", seats=(1, 0), dice=ROLLOFF)  # P1, the computer, goes first
    run_until(sim, lambda: sim.app.state is not None and sim.app.state.phase > PHASE_HOUSE)
    s = sim.app.state
    assert (s.goal, s.entry) == (10000, 500)
    assert sim.app.view.message.text == "P1 set goal and entry"


# -- picking a keep ------------------------------------------------------------


def test_pick_and_keep_with_directions():
    sim = game(faces=(1, 2, 3, 5, 5, 6))
    screen, v, s = sim.app.screen, sim.app.view, sim.app.state
    assert v.status.text == "P1 Shake/A:roll 6"
    roll(sim)
    assert s.phase == PHASE_KEEP and v.message.text == "P1 rolled 1-2-3-5-5-6"
    assert screen.cursor == 0 and not screen.bar.hidden and screen.bar.x == screen.dice[0].x
    assert screen.value_line.text == "pick at least one die"
    # <>^v, A, B, SELECT do not fit 26 characters: the key, then the help's
    assert v.status.text == "P1 A:keep START: help"
    press(sim, "UP")
    assert screen.value_line.text == "keep 1: 100" and tints(screen)[0] == PICKED
    taps(sim, ("RIGHT", "RIGHT", "RIGHT", "DOWN"))
    assert screen.bar.x == screen.dice[3].x
    assert screen.value_line.text == "keep 1-5: 150"
    press(sim, "LEFT")
    assert screen.cursor == 2
    press(sim, "A")
    assert s.phase == PHASE_KEPT and s.den == 150 and s.den_mask == 0b1001
    assert v.message.text == "P1 keeps 1-5: +150"
    assert tints(screen) == [KEPT, PLAIN, PLAIN, KEPT, PLAIN, PLAIN]
    assert screen.dice[0].tilegrid.y == screen.dice[1].tilegrid.y + 4  # the den is set apart
    assert screen.bar.hidden
    assert screen.den_line.text == "den 150 kept 2/6"
    assert screen.value_line.text == "need 500 to enter"
    assert v.status.text == "P1 Shake/A:roll 4"


def test_keep_status_names_every_key_or_the_help_key():
    """Issue 14 item 3: the PyGamer's keys (A B START SELECT) fit in 26
    characters with the short words ("A:next", "A:pick"); a board without
    START names A+B held as its help key."""
    sim = game(board="pygamer", faces=(1, 2, 3, 5, 5, 6))
    screen, v = sim.app.screen, sim.app.view
    roll(sim)
    assert screen.cursor == 6 and v.status.text == "P1 A:next B:step SEL:next"
    press(sim, "B")
    assert v.status.text == "P1 A:keep B:step SEL:next"
    press(sim, "B")
    assert screen.cursor == 0 and v.status.text == "P1 A:pick B:step SEL:next"
    screen.dirs, screen.select = False, False  # a two-button board with 160-px lines
    assert screen.status(sim.app.state, True) == "P1 A:pick/drop B:step"
    assert screen.help_key() == "START: help"
    screen.buttons = 3  # A and B: no START
    assert screen.help_key() == "A+B hold: help"


def test_pick_and_keep_with_two_buttons():
    sim = game(board="cpb_gizmo", faces=(1, 2, 3, 5, 5, 6))
    screen, v, s = sim.app.screen, sim.app.view, sim.app.state
    roll(sim)
    assert screen.cursor == 6 and screen.bar.hidden  # on "next keep"
    assert v.status.text == "P1 A:next keep B:step Shake:keep+roll"
    press(sim, "B")
    assert v.status.text == "P1 A:keep B:step Shake:keep+roll"
    press(sim, "B")  # round to the first die
    assert screen.cursor == 0 and not screen.bar.hidden
    assert v.status.text == "P1 A:pick/drop B:step Shake:keep+roll"
    press(sim, "A")
    assert screen.value_line.text == "keep 1: 100"
    taps(sim, ("B", "B", "B", "A"))
    assert screen.cursor == 3 and screen.value_line.text == "keep 1-5: 150"
    taps(sim, ("B", "B", "B", "B"))  # past the last die and "next keep" to "keep"
    assert screen.cursor == 7
    press(sim, "A")
    assert s.den == 150 and s.den_mask == 0b1001 and v.message.text == "P1 keeps 1-5: +150"


def test_a_die_that_scores_nothing_is_explained_and_nothing_changes():
    for board, picks in (("pybadge", ("RIGHT", "UP")), ("cpb_gizmo", ("B", "B", "B", "A"))):
        sim = game(board=board, faces=(1, 2, 3, 5, 5, 6))
        screen, v, s = sim.app.screen, sim.app.view, sim.app.state
        roll(sim)
        taps(sim, picks)  # the 2
        assert screen.value_line.text == "the 2 scores nothing"
        before = s.to_bytes()
        keep = ("A",) if board == "pybadge" else ("B",) * 6 + ("A",)
        taps(sim, keep)
        assert v.message.text == "the 2 scores nothing"
        assert s.to_bytes() == before and s.phase == PHASE_KEEP
        shake_until_landed(sim, lands=False)  # a shake keeps the selection and rolls: refused alike
        assert v.message.text == "the 2 scores nothing" and s.to_bytes() == before


def test_an_empty_selection_and_a_carbuncle_that_does_not_complete_are_refused():
    sim = game(faces=(3, 3, 5, 2, 1, 1))
    screen, v, s = sim.app.screen, sim.app.view, sim.app.state
    roll(sim)
    before = s.to_bytes()
    press(sim, "A")
    assert v.message.text == "pick at least one die" and s.to_bytes() == before
    taps(sim, ("UP", "RIGHT", "UP"))
    assert screen.value_line.text == "3-3 needs all dice in"
    press(sim, "B")
    assert v.message.text == "3-3 needs all dice in" and s.to_bytes() == before


def test_select_cycles_the_legal_keeps_by_value():
    sim = game(faces=(1, 5, 5, 1, 2, 6))
    screen, s = sim.app.screen, sim.app.state
    roll(sim)
    keeps = legal_keeps(s)
    assert [p for p, _ in keeps] == sorted((p for p, _ in keeps), reverse=True)
    n = len(keeps)
    for i in range(n + 1):
        press(sim, "SELECT")
        points, mask = keeps[i % n]
        assert screen.pick == mask
        faces = "-".join(str(f) for f in sorted(s.dice[j] for j in range(6) if mask >> j & 1))
        assert screen.value_line.text == "keep %s: %d (%d/%d)" % (faces, points, i % n + 1, n)
    assert screen.value_line.text == "keep 1-1-5-5: 300 (1/%d)" % n


def test_next_keep_item_cycles_the_legal_keeps_on_two_buttons():
    sim = game(board="cpb_gizmo", faces=(1, 5, 5, 1, 2, 6))
    screen, s = sim.app.screen, sim.app.state
    roll(sim)
    keeps = legal_keeps(s)
    seen = []
    for _ in keeps:
        press(sim, "A")
        seen.append((screen.value_line.text, screen.pick))
    assert [m for _, m in seen] == [m for _, m in keeps]
    assert seen[0][0] == "keep 1-1-5-5: 300 (1/%d)" % len(keeps)
    taps(sim, ("A", "B", "A"))  # round to the best again, "keep"
    assert s.den == 300 and s.phase == PHASE_KEPT


def test_bank_is_refused_below_the_entry():
    sim = game(faces=(1, 2, 3, 4, 6, 6) + (1, 5, 2, 3, 4))
    v, s = sim.app.view, sim.app.state
    roll(sim)
    taps(sim, ("UP", "A"))  # keep the 1: den 100
    before = s.to_bytes()
    press(sim, "B")
    assert v.message.text == "need 500 to enter" and s.to_bytes() == before
    assert v.status.text == "P1 Shake/A:roll 5"  # no B:bank
    roll(sim)
    press(sim, "SELECT")  # the best: 1-5, den 250
    before = s.to_bytes()
    press(sim, "B")  # keep and bank: still below the entry
    assert v.message.text == "need 500 to enter" and s.to_bytes() == before


def test_keep_and_bank_shortcut():
    sim = game(faces=(1, 1, 1, 5, 2, 3))
    screen, v, s = sim.app.screen, sim.app.view, sim.app.state
    roll(sim)
    press(sim, "SELECT")
    assert screen.value_line.text.startswith("keep 1-1-1-5: 1050")
    press(sim, "B")
    assert s.scores == [1050, 0] and s.entered == 1 and s.turn_player() == 1
    assert v.message.text == "P1 banks 1050: 1050"
    assert screen.seat_lines[0].text == "%-13s%s" % (" P1 1050", ">P2 -")


def test_bank_after_a_keep_with_b():
    sim = game(board="cpb_gizmo", faces=(1, 1, 1, 5, 2, 3), entry=0)
    v, s = sim.app.view, sim.app.state
    roll(sim)
    taps(sim, ("A", "B", "A"))  # next keep (the best), keep
    assert s.phase == PHASE_KEPT and s.den == 1050
    assert v.status.text == "P1 Shake/A:roll 2 B:bank"
    assert sim.app.screen.value_line.text == "a bank makes 1050"
    press(sim, "B")
    assert s.scores[0] == 1050 and v.message.text == "P1 banks 1050: 1050"
    assert sim.app.screen.seat_lines[0].text == " P1 you 1050"


def test_a_shake_keeps_the_selection_and_rolls_the_rest():
    sim = game(faces=(1, 2, 3, 5, 5, 6) + (5, 4, 4, 2, 6))
    screen, v, s = sim.app.screen, sim.app.view, sim.app.state
    shake_until_landed(sim)  # a shake rolls at the turn start
    assert s.rolled_mask == 63
    assert s.phase == PHASE_KEEP
    press(sim, "UP")  # the 1
    shake_until_landed(sim)
    assert s.den_mask == 1 and s.den == 100 and s.rolled_mask == 0b111110
    assert s.phase == PHASE_KEEP and s.dice == [1, 5, 4, 4, 2, 6]
    assert v.message.text == "P1 rolled 2-4-4-5-6"
    assert tints(screen)[0] == KEPT and screen.cursor == 1 and screen.pick == 0
    assert screen.den_line.text == "den 100 Skunk run 1/6"


def test_the_den_line_names_a_mega_the_next_roll_may_extend():
    sim = game(board="cpb_gizmo", faces=(3, 3, 3, 2, 4, 6) + (3, 3, 2))
    screen, v = sim.app.screen, sim.app.view
    roll(sim)
    taps(sim, ("A", "B", "A"))  # the best: 3-3-3
    assert screen.den_line.text == "den 300 kept 3/6 mega 3s"
    roll(sim)
    assert v.message.text == "P1 rolled 2-3-3"
    taps(sim, ("A",))
    assert screen.value_line.text == "keep 3-3: 900 (1/2)"  # 300 + 600; or one 3


def test_and_rolling_after_all_six_are_kept():
    sim = game(faces=(3, 3, 3, 4, 4, 4))
    screen, v, s = sim.app.screen, sim.app.view, sim.app.state
    roll(sim)
    press(sim, "SELECT")
    press(sim, "A")
    assert s.and_rolling and s.den == 1400
    assert v.message.text == "P1 +1400 ...and rolling!"
    assert screen.den_line.text == "den 1400 ...and rolling!"
    assert tints(screen) == [KEPT] * 6
    assert v.status.text == "P1 Shake/A:roll all 6"
    before = s.to_bytes()
    press(sim, "B")
    assert v.message.text == "...and rolling! Roll on" and s.to_bytes() == before
    roll(sim)
    assert s.rolled_mask == 63 and s.den == 1400


def test_skunkd_loses_the_den_and_super_skunkd_takes_the_headband():
    sim = game(faces=(1, 2, 3, 4, 6, 6) + (2, 3, 4, 6, 6) + NO_SCORE)
    screen, v, s = sim.app.screen, sim.app.view, sim.app.state
    roll(sim)
    taps(sim, ("UP", "A"))
    roll(sim)
    assert v.message.text == "P1 SKUNK'D! den 100 lost"
    assert s.turn_player() == 1 and s.phase == PHASE_START
    assert tints(screen) == [KEPT] + [BAD] * 5
    run_until(sim, lambda: s.headband >= 0)  # P2, the computer, rolls NO_SCORE
    run_until(sim, lambda: sim.app.phase == play.PROMPT)  # the prompt: a frame after the landing
    assert v.message.text == "Super SKUNK'D! P2 headband"
    assert tints(screen) == [BAD] * 6
    assert screen.seat_lines[0].text == "%-13s%s" % (">P1 -", " P2* -")


def test_skunkd_messages_on_the_large_display():
    sim = game(board="cpb_gizmo", faces=NO_SCORE)
    v = sim.app.view
    roll(sim)
    assert v.message.text == "Super SKUNK'D! P1 takes the headband"
    assert sim.app.screen.seat_lines[0].text == " P1 you - headband"


def test_overtime_leader_out_and_winner():
    sim = game(faces=(1, 1, 1, 1, 2, 3) + NO_SCORE, goal=2000, entry=0)
    screen, v = sim.app.screen, sim.app.view
    roll(sim)
    press(sim, "SELECT")
    assert screen.value_line.text.startswith("keep 1-1-1-1: 2000")
    press(sim, "B")  # keep and bank: overtime
    assert v.message.text == "Overtime! P1 leads 2000"
    assert screen.info_line.text == "Overtime: P1 leads 2000"
    assert screen.seat_lines[0].text == "%-13s%s" % (" P1 2000 #", ">P2 -")
    run_until(sim, lambda: sim.app.mode == app_module.OVER)
    assert v.message.text == "SKUNK'D! P2 is out"
    assert v.title.text == "P1 (human) wins!"
    assert tints(screen) == [BAD] * 6  # the skunked roll stays on the table
    assert screen.seat_lines[0].text == "%-13s%s" % (" P1 2000 #", " P2* - x")
    assert screen.info_line.text == "P1 wins with 2000"


def test_overtime_a_new_leader_and_seats_out_with_three_players():
    sim = game(seats=(0, 0, 0), goal=2000, entry=0,
               faces=(1, 1, 1, 1, 2, 3) + (1, 1, 1, 1, 1, 2) + NO_SCORE + NO_SCORE)
    screen, v, s = sim.app.screen, sim.app.view, sim.app.state
    assert [line.text for line in screen.seat_lines] == ["%-13s%s" % (">P1 -", " P2 -"), " P3 -"]
    for leads in ("Overtime! P1 leads 2000", "P2 leads with 4000"):
        roll(sim)
        taps(sim, ("SELECT", "B"))
        assert v.message.text == leads
    assert screen.info_line.text == "Overtime: P2 leads 4000"
    assert [line.text for line in screen.seat_lines] == [
        "%-13s%s" % (" P1 2000", " P2 4000 #"), ">P3 -"]
    roll(sim)
    assert v.message.text == "SKUNK'D! P3 is out"
    assert s.turn_player() == 0  # P1, overtaken, is still in
    assert [line.text for line in screen.seat_lines] == [
        "%-13s%s" % (">P1 2000", " P2 4000 #"), " P3* - x"]
    roll(sim)
    assert sim.app.mode == app_module.OVER and s.winners() == [1]
    assert v.title.text == "P2 (human) wins!"
    assert [line.text for line in screen.seat_lines] == [
        "%-13s%s" % (" P1* 2000 x", " P2 4000 #"), " P3 - x"]


def test_a_button_while_the_computer_plays_changes_nothing():
    sim = game(faces=NO_SCORE)
    v, s = sim.app.view, sim.app.state
    roll(sim)  # Super SKUNK'D: P2's turn
    before = s.to_bytes()
    press(sim, "A", frames=0)
    assert v.message.text == "P2 (computer) is playing" and s.to_bytes() == before


def test_buttons_that_mean_nothing_now_explain_themselves():
    sim = game()
    v, s = sim.app.view, sim.app.state
    before = s.to_bytes()
    press(sim, "B")
    assert v.message.text == "nothing to bank: roll"
    press(sim, "LEFT")
    assert v.message.text == "LEFT does nothing now"
    press(sim, "START")  # the pause screen, nothing else
    assert sim.app.mode == app_module.PAUSED
    press(sim, "START")
    assert sim.app.mode == app_module.PLAY and s.to_bytes() == before


# -- keys_for -----------------------------------------------------------------


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo", "pygamer"])
def test_keys_for_make_every_legal_keep(board):
    """keys_for, tapped, makes the keep asked for, from a cursor moved away."""
    for seed in range(4):
        sim = game(board=board, faces=[random.Random(seed).randrange(6) + 1 for _ in range(6)])
        screen, s = sim.app.screen, sim.app.state
        roll(sim)
        if s.phase != PHASE_KEEP:
            continue  # SKUNK'D
        press(sim, "B" if screen.dirs is False else "RIGHT")
        masks = list(s.legal_actions())
        target = masks[seed * 7 % len(masks)]
        taps(sim, keys_for(screen, s, target))
        assert s.phase == PHASE_KEPT and s.den_mask == target


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
def test_keys_for_bank_roll_and_house(board):
    sim = game(board=board, goal=5000, entry=300, faces=(1, 5, 5, 5, 2, 3))
    screen, s = sim.app.screen, sim.app.state
    assert keys_for(screen, s, ROLL) == ("A",)
    roll(sim)
    keep = keys_for(screen, s, legal_keeps(s)[0][1])
    assert len(keep) == (2 if board == "pybadge" else 3)  # one button a line: cycling wins
    taps(sim, keep)
    assert s.den == 600
    assert keys_for(screen, s, BANK) == ("B",)
    taps(sim, keys_for(screen, s, BANK))
    assert s.scores[0] == 600


# -- whole games -----------------------------------------------------------------


@pytest.mark.parametrize("board,seats,accelerometer", [
    ("pybadge", (0, 1), True),
    ("cpb_gizmo", (0, 1, 1), True),
    ("cpb_gizmo", (0, 0), False),
])
def test_whole_game_to_a_winner(board, seats, accelerometer, tmp_path):
    """The scripted player (the bot's choices through keys_for and shakes)
    against computer seats; the goal 2000 is set with the keys or by the
    bot (patched: the bot's own choice is 10,000)."""
    sim = Simulation(board=board, game="skunkd", players=len(seats), seats=seats, seed=3,
                     log=None, out=str(tmp_path), accelerometer=accelerometer)
    run_until(sim, lambda: sim.app.screen is not None)
    screen = sim.app.screen
    choose = screen.computer
    screen.computer = lambda s, planned=None: (house(2000, 0) if s.phase == PHASE_HOUSE
                                               else choose(s, planned))
    act = sim.human.act
    quiet(sim)
    run_until(sim, lambda: sim.app.state.phase >= PHASE_HOUSE)
    prompt(sim)
    s = sim.app.state
    if s.phase == PHASE_HOUSE:  # a human setter: spaced taps (the scripted
        taps(sim, keys_for(screen, s, house(2000, 0)))  # player's repeats run together)
    sim.human.act = act
    winner = sim.run(max_ms=1_800_000)
    assert s.goal == 2000 and s.scores[winner] >= 2000
    assert s.winners() == [winner] and s.leader == winner
    assert sim.frames > 20 and any(tmp_path.iterdir())


def test_in_a_series_the_last_winner_sets_the_house_options():
    """RULES.md 1, Before play: "the winner of the previous game sets them in a series"."""
    sim = Simulation(game="skunkd", log=None, seats=(1, 1), seed=2)
    winner = sim.run()
    assert sim.app.game.params["setter"] == 0  # the first game: the roll-off winner sets
    sim.keys.tap("A", sim.clock.now)  # game over -> menu
    run_until(sim, lambda: sim.app.mode == app_module.MENU and not sim.keys.busy(now=None))
    sim.keys.tap("START", sim.clock.now + 100)
    run_until(sim, lambda: sim.app.state is not None and sim.app.state.phase == PHASE_HOUSE)
    assert sim.app.game.params["setter"] == winner + 1
    assert sim.app.state.current_player() == winner


def test_two_full_seat_cells_keep_a_space_and_their_marks():
    """Issue 14: the longest 160-px cells ("*" headband, five digits, the
    "#" leader or "x" out mark) fit 12 characters: a space always parts
    two seats (it read "P2* 12600out")."""
    sim = game()
    screen, s = sim.app.screen, sim.app.state
    s.scores[0], s.scores[1] = 12600, 12650
    s.entered, s.headband, s.out_mask, s.leader = 3, 0, 1, 1
    screen.draw(s)
    assert screen.seat_lines[0].text == ">P1* 12600 x  P2 12650 #"
