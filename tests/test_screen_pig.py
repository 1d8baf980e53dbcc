"""The Pig family's messages on the device (issue 14, item 4): a bust
says what it lost (no "bust -0"), a wipe says what went."""
from conftest import asked, press, quiet_sim, roll, run_until

from rollbox import play as play_module
from rollbox.view import BAD, PLAIN


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


def test_two_dice_come_to_rest_a_die_a_frame_and_the_message_with_the_last():
    """Issue 26 (each frame of a landing within 20 ms on a SAMD51): the
    frame that lands the roll sends nothing, then each of Two-Dice Pig's
    dice (~1,750 pixels on the PyBadge, ~9 ms) comes to rest in a frame
    of its own, tinted, and the message is said with the last."""
    sim = quiet_sim(game="two-dice", seats=(0, 0), dice=(16,))
    run_until(sim, lambda: asked(sim))
    press(sim, "A", frames=0)
    run_until(sim, lambda: sim.app.phase == play_module.RESTING)
    app, dice = sim.app, sim.app.screen.dice
    assert sim.pixels == 0 and app.view.message.text != "P1 rolled 1-6: bust"
    sim.step()
    assert app.phase == play_module.RESTING and (dice[0].face, dice[0].tint) == (1, BAD)
    assert 1_500 <= sim.pixels <= 2_000
    sim.step()
    assert app.phase == play_module.LANDED and (dice[1].face, dice[1].tint) == (6, PLAIN)
    assert 1_500 <= sim.pixels <= 2_000 and app.view.message.text == "P1 rolled 1-6: bust"
