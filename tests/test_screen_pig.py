"""The Pig family's messages on the device (issue 14, item 4): a bust
says what it lost (no "bust -0"), a wipe says what went."""
from conftest import asked, quiet_sim, roll, run_until


def play(game, actions, taps):
    """Both seats human; the dice land on ``actions`` (the rules' chance
    actions); tap A ``taps`` times, each until the prompt is back. Returns
    the messages."""
    sim = quiet_sim(game=game, seats=(0, 0), dice=actions)
    said = []
    for _ in range(taps):
        run_until(sim, lambda: asked(sim))
        roll(sim)
        said.append(sim.app.view.message.text)
    return said


def test_a_bust_says_the_turn_total_lost_only_when_there_was_one():
    assert play("pig", (1, 4, 1), 3) == ["P1 rolled 1: bust", "P2 rolled 4: +4",
                                         "P2 rolled 1: bust -4"]


def test_two_ones_say_the_score_is_wiped():
    assert play("two-dice", (11,), 1) == ["P1 rolled 1-1: score wiped"]
