"""Hog on the device: pick the number of dice, roll them once, a grid of dice."""
from conftest import press, run_until, started

from host.simulation import Simulation
from rollbox import play
from rollbox.view import BAD, PLAIN


def test_count_starts_at_the_best_average_and_moves_with_the_directions(quiet_sim):
    sim = started(quiet_sim(game="hog"))
    screen = sim.app.screen
    assert screen.counts[0] == 5  # 5 dice: the most points on average
    assert screen.count_line.text == "P1 rolls 5 dice"
    press(sim, "UP")
    press(sim, "UP")
    press(sim, "DOWN")
    assert screen.counts[0] == 6 and screen.count_line.text == "P1 rolls 6 dice"
    assert sim.app.state.to_bytes() == sim.app.game.new_initial_state().to_bytes()


def test_b_steps_the_count_and_wraps_on_two_button_boards(quiet_sim):
    sim = started(quiet_sim(game="hog", board="cpb_gizmo", six_bad=1))
    screen = sim.app.screen
    assert screen.counts[0] == 2  # with "6 is bad" two dice score most on average
    for _ in range(22):
        press(sim, "B")
    assert screen.counts[0] == 24
    press(sim, "B")
    assert screen.counts[0] == 1 and screen.count_line.text == "P1 rolls 1 die"
    assert sim.app.view.status.text == "P1 Shake/A:roll B:+1"


def test_a_rolls_the_chosen_count_once_and_shows_every_die(quiet_sim):
    sim = started(quiet_sim(game="hog", seed=4))
    for _ in range(19):
        press(sim, "UP")
    assert sim.app.screen.counts[0] == 24
    press(sim, "A")
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    s = sim.app.state
    assert len(s.dice) == 24 and all(1 <= f <= 6 for f in s.dice)
    shown = [d for d in sim.app.screen.dice if not d.tilegrid.hidden]
    assert [d.face for d in shown] == s.dice
    assert s.scores[0] == (0 if 1 in s.dice else sum(s.dice))
    assert s.turn_player() == 1  # one roll a turn


def test_24_dice_land_in_a_frame_that_sends_nothing_and_rest_in_the_next(quiet_sim):
    """Issue 26: the landing's frame is its 24 chance outcomes (one a die)
    and words; the dice come to rest, the bad faces tinted, in the next."""
    sim = started(quiet_sim(game="hog", seed=4))
    for _ in range(19):
        press(sim, "UP")
    press(sim, "A", frames=0)
    run_until(sim, lambda: sim.app.phase == play.RESTING)
    dice, s = sim.app.screen.dice, sim.app.state
    assert sim.pixels == 0 and len(s.dice) == 24 and [d.face for d in dice[:24]] != s.dice
    sim.step()
    assert sim.app.phase == play.LANDED and sim.pixels > 0
    assert [d.face for d in dice[:24]] == s.dice
    assert [d.tint for d in dice[:24]] == [BAD if f == 1 else PLAIN for f in s.dice]


def test_whole_game_to_a_winner():
    sim = Simulation(game="hog", log=None, seed=5, players=3, seats=(0, 1, 1), goal=50)
    winner = sim.run()
    assert sim.app.state.scores[winner] >= 50
    assert sim.app.screen.count_line.text == "Game over"  # not the last roller's count (issue 14)
