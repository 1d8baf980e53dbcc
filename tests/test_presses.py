"""Every press counts (issue 14, item 1): each keypad press is one logical
press, taken in order even when several arrive in one frame (a slow
refresh or a computer's decision stalls the loop on a board); two keys
pressed together each act; on two-button boards A and B held together for
1 s pause, and a quick A+B is the two presses.

A burst of six presses inside one frame (``conftest.burst``: the app
stalls while the keypad stand-in's scanner sees them) must leave the app
exactly as six presses one frame apart: same state, same screen pixels."""
import pytest
from conftest import asked, burst, drawn, frames, hold, press, run_until

from rollbox import app as app_module
from rollbox import controls, play


def at_menu(sim):
    sim.setup = []  # no menu taps: the menu as it comes up
    for _ in range(10):
        sim.step()


def to_prompt(sim, *names):
    """The first human prompt, then ``names`` pressed one by one, each
    followed by the next human prompt (a roll settled)."""
    run_until(sim, lambda: asked(sim))
    for name in names:
        press(sim, name)
        run_until(sim, lambda: asked(sim))


def screen_of(sim):
    app = drawn(sim).app
    state = None if app.state is None else app.state.to_bytes()
    return state, app.mode, app.coach, bytes(sim.board.framebuffer.framebuffer)


# (where, board, game, presses to get there, the burst): screens that take presses.
CASES = (
    ("menu", "pybadge", "pig", None, ("A", "A", "B", "A", "DOWN", "A")),
    ("menu", "cpb_gizmo", "pig", None, ("A", "B", "A", "B", "B", "A")),
    ("pig", "pybadge", "pig", (), ("B", "B", "B", "B", "B", "B")),
    ("hog count", "pybadge", "hog", (), ("UP", "UP", "DOWN", "UP", "UP", "UP")),
    ("hog count", "cpb_gizmo", "hog", (), ("B", "B", "B", "B", "B", "B")),
    ("skunkd keep", "pybadge", "skunkd", ("A", "A"), ("UP", "RIGHT", "UP", "RIGHT", "UP", "RIGHT")),
    ("skunkd keep", "cpb_gizmo", "skunkd", ("A", "A"), ("B", "B", "B", "B", "B", "B")),
    ("skunk roster", "cpb_gizmo", "skunk", (), ("B", "B", "B", "B", "B", "B")),
    ("skull-dragon pick", "pybadge", "skull-dragon", (),
     ("RIGHT", "LEFT", "DOWN", "UP", "RIGHT", "DOWN")),
    ("pause", "pybadge", "pig", (), ("START", "B", "A", "DOWN", "DOWN", "A")),
    ("pause", "cpb_gizmo", "hog", (), ("B", "B", "B", "B", "B", "B")),
    ("help", "pybadge", "skunkd", (), ("START", "B", "B", "A", "B", "B")),
)


@pytest.mark.parametrize("where,board,game,before,keys", CASES,
                         ids=["%s-%s" % (c[0], c[1]) for c in CASES])
def test_a_burst_of_six_presses_in_one_frame_acts_as_six_frames(where, board, game, before,
                                                                keys, quiet_sim):
    sims = [quiet_sim(board=board, game=game, seats=(0, 0), seed=5) for _ in range(2)]
    for sim in sims:
        if before is None:
            at_menu(sim)
        else:
            to_prompt(sim, *before)
            if where == "pause" and board == "cpb_gizmo":
                sim.app.open_pause(sim.clock.ticks_ms())  # opened by the chord: tested below
    assert screen_of(sims[0])[0] == screen_of(sims[1])[0]
    one_frame, frame_by_frame = sims
    burst(one_frame, keys)
    for name in keys:
        press(frame_by_frame, name, frames=0)
    for sim in sims:
        for _ in range(3):
            sim.step()
    assert screen_of(one_frame) == screen_of(frame_by_frame)
    assert one_frame.app.controls.dropped == 0


def test_the_burst_is_not_one_press(quiet_sim):
    """The check above can fail: six UPs in one frame are not one UP."""
    sims = [quiet_sim(game="hog", seats=(0, 0), seed=5) for _ in range(2)]
    for sim in sims:
        to_prompt(sim)
    burst(sims[0], ("UP",) * 6)
    press(sims[1], "UP", frames=0)
    assert sims[0].app.screen.counts[0] != sims[1].app.screen.counts[0]


def test_two_keys_pressed_together_each_act_in_scan_order(quiet_sim):
    """UP and RIGHT down in the same scan on a PyBadge at SKUNK'D's keep
    (key order: RIGHT is key 4, UP key 6): both act, as RIGHT then UP."""
    sims = [quiet_sim(game="skunkd", seats=(0, 0), seed=5) for _ in range(2)]
    for sim in sims:
        to_prompt(sim, "A", "A")  # the house rules as they are, the first roll
    together, apart = sims
    keys, key_map = together.hw.keys, together.hw.key_map
    for bit in (controls.UP, controls.RIGHT):
        keys._press(key_map.index(bit))
    together.clock.advance(40)
    for bit in (controls.UP, controls.RIGHT):
        keys._release(key_map.index(bit))
    together.clock.advance(40)
    together.step()
    press(apart, "RIGHT", frames=0)
    press(apart, "UP", frames=0)
    for sim in sims:
        sim.step()
    assert screen_of(together) == screen_of(apart)
    assert together.app.screen.pick != 0  # UP picked the die under the moved cursor


def chord(sim, ms):
    hold(sim, ("A", "B"), ms)
    frames(sim, 3)


@pytest.mark.parametrize("board", ("cpb_gizmo", "pybadge"))
def test_a_and_b_held_one_second_pause_and_act_on_nothing(board, quiet_sim):
    sim = quiet_sim(board=board, game="hog", seats=(0, 0), seed=5)
    to_prompt(sim)
    before = sim.app.state.to_bytes()
    counts = list(sim.app.screen.counts)
    chord(sim, 1100)
    assert sim.app.mode == app_module.PAUSED
    if board == "cpb_gizmo":  # the A and B presses waited: nothing acted
        assert sim.app.state.to_bytes() == before and sim.app.screen.counts == counts
    else:  # A rolled (with START, no press waits); the pause came after the roll
        assert sim.app.state.to_bytes() != before


def test_a_quick_a_and_b_on_two_buttons_is_both_presses_in_order(quiet_sim):
    """Hog on a Circuit Playground: B steps the count, A rolls. B then A
    (40 ms apart, let go after 200 ms): the count steps, then the roll."""
    sim = quiet_sim(board="cpb_gizmo", game="hog", seats=(0, 0), seed=5)
    to_prompt(sim)
    count = sim.app.screen.counts[0]
    keys, key_map = sim.hw.keys, sim.hw.key_map
    keys._press(key_map.index(controls.B))
    sim.step()
    sim.step()
    keys._press(key_map.index(controls.A))
    for _ in range(10):
        sim.step()
    assert sim.app.phase == play.PROMPT and sim.app.screen.counts[0] == count  # waiting
    keys._release(key_map.index(controls.A))
    keys._release(key_map.index(controls.B))
    for _ in range(3):
        sim.step()
    assert sim.app.phase == play.TUMBLE
    assert sim.app.screen.counts[0] == count % 24 + 1  # stepped once, then rolled


def test_one_button_held_alone_acts_without_waiting_for_the_release(quiet_sim):
    sim = quiet_sim(board="cpb_gizmo", game="pig", seats=(0, 0), seed=5)
    to_prompt(sim)
    keys, key_map = sim.hw.keys, sim.hw.key_map
    keys._press(key_map.index(controls.A))
    for _ in range(7):  # 140 ms: past the 80 ms chord wait and a scan
        sim.step()
    assert sim.app.phase == play.TUMBLE  # A rolled while still down
    keys._release(key_map.index(controls.A))


def test_a_full_queue_drops_and_counts(quiet_sim):
    sim = quiet_sim(game="pig", seats=(0, 0), seed=5)
    at_menu(sim)
    burst(sim, ("DOWN",) * (controls.QUEUE + 4), gap_ms=21)
    assert sim.app.controls.dropped == 4


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
def test_a_press_during_a_roll_acts_when_the_dice_land(board, quiet_sim):
    """Issue 24, item 6: B (hold) pressed while the dice tumble is kept and
    holds as soon as they land; presses for a turn the roll passed on are
    dropped."""
    sim = quiet_sim(board=board, game="pig", seats=(0, 0), dice=[4, 1])
    run_until(sim, lambda: asked(sim))
    press(sim, "A", frames=0)
    assert sim.app.phase == play.TUMBLE
    press(sim, "B", frames=0)  # hold, mid-roll
    assert sim.app.phase == play.TUMBLE and sim.app.state.is_chance_node()
    run_until(sim, lambda: sim.app.state.turn_player() == 1)
    assert sim.app.state.scores[0] == 4  # the 4 landed, then the hold
    run_until(sim, lambda: asked(sim))
    press(sim, "A", frames=0)  # P2's 1: a bust passes the turn to P1
    press(sim, "B", frames=0)  # P2's hold: not P1's
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    frames(sim, 5)
    assert sim.app.state.turn_player() == 0 and sim.app.state.scores == [4, 0]
    assert not sim.app.held[8] and sim.app.view.message.text != "Nothing to hold yet"


def test_the_presses_of_a_stalled_frame_that_lands_a_roll_are_the_rolling_seats(quiet_sim):
    """Every press taken in the frame the dice land came while they
    tumbled (here a 0.9 s stall): kept for the seat that rolled, and
    dropped with it when the roll passed the turn on, none of them acting
    for the next seat (tests/test_fuzz_app found P1's second press rolling
    for P2 after P1's bust)."""
    sim = quiet_sim(game="pig", seats=(0, 0), dice=[1, 4])
    run_until(sim, lambda: asked(sim))
    press(sim, "A", frames=0)  # P1 rolls the 1: a bust
    assert sim.app.phase == play.TUMBLE
    burst(sim, ("A", "A", "A"), gap_ms=150)  # 900 ms in one frame: the dice land in it
    frames(sim, 3)
    s = sim.app.state
    assert s.turn_player() == 1 and sim.app.phase == play.PROMPT and not s.is_chance_node()
    assert s.turn_total == 0 and not sim.app.held[8]


@pytest.mark.parametrize("after", ["RESTING", "LANDED"])
@pytest.mark.parametrize("dice,scores", [([4, 1], [4, 0]), ([1, 4], [0, 0])])
def test_a_press_in_the_frames_after_the_landing_is_the_rolling_seats(dice, scores, after,
                                                                      quiet_sim):
    """The roll lands in the state in one frame, the dice are shown at rest
    in the next (``play.RESTING``) and the prompt comes in the one after
    (``play.LANDED``; issue 26: each frame within 20 ms on a SAMD51). A
    press taken in either later frame came before the prompt: kept for the
    seat that rolled (B holds its 4), dropped when the roll passed the turn
    on (its 1), never acting for the next seat."""
    sim = quiet_sim(game="pig", seats=(0, 0), dice=dice)
    run_until(sim, lambda: asked(sim))
    draws = []
    draw = sim.app.screen.draw
    sim.app.screen.draw = lambda state: draws.append(state.to_bytes()) or draw(state)
    press(sim, "A", frames=0)
    run_until(sim, lambda: sim.app.phase == getattr(play, after))
    s = sim.app.state
    assert not s.is_chance_node() and s.dice[0] == dice[0] and not draws  # landed, not prompted
    landed = s.to_bytes()
    burst(sim, ("B",))  # a frame after the landing, then (at its prompt) the kept B
    run_until(sim, lambda: draws)
    assert draws[0] == landed
    frames(sim, 5)
    assert s.scores == scores and s.turn_player() == 1 and not sim.app.held[8]


def test_start_during_a_roll_pauses_at_once_and_the_roll_goes_on(quiet_sim):
    sim = quiet_sim(game="pig", seats=(0, 1), dice=[5])
    run_until(sim, lambda: asked(sim))
    press(sim, "A", frames=0)
    press(sim, "START", frames=0)
    assert sim.app.mode == app_module.PAUSED and sim.app.phase == play.TUMBLE
    frames(sim, 100)  # 2 s paused: the roll waits
    assert sim.app.state.is_chance_node()
    press(sim, "START")
    assert sim.app.mode == app_module.PLAY and sim.app.view.status.text == "Rolling..."
    run_until(sim, lambda: asked(sim))
    assert sim.app.state.turn_total == 5
