"""The app through the code.py path on host boards: real displayio (Blinka),
the real LIS3DH driver on the emulated bus, keypad events."""
import pytest
from conftest import frames, run_until, shake, started

from host import boards, motions, traces
from host.simulation import FRAME_MS, Simulation, awaiting_human
from rollbox import app as app_module
from rollbox import controls, hardware, play
from rollbox.view import View


def test_whole_game_to_a_winner_writes_frames(tmp_path):
    lines = []
    sim = Simulation(out=str(tmp_path), log=lines.append, seed=3)
    winner = sim.run()
    assert sim.app.state.is_terminal() and winner == sim.app.state.winner()
    assert sim.app.state.scores[winner] >= 100
    assert lines[-1].startswith("P%d" % (winner + 1)) and "wins" in lines[-1]
    assert any(line.startswith("P1 rolled") and "(shake;" in line for line in lines)
    assert any(line.startswith("P1 rolled") and "(button;" in line for line in lines)
    assert any(line.startswith("P2 rolled") and "(computer;" in line for line in lines)
    pngs = sorted(p.name for p in tmp_path.iterdir())
    assert len(pngs) == sim.frames > 20 and pngs[0] == "frame_00001.png"


def test_a_shake_rolls_once_for_the_human(sim):
    assert awaiting_human(sim.app)
    shake(sim)
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    assert sim.app.state.is_chance_node()
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    assert sim.app.state.dice[0] in range(1, 7)
    frames(sim, 150)  # the recording's tail and the rest after it: no second roll
    assert sim.app.phase == play.PROMPT and not sim.app.state.is_chance_node()


def play_motion(sim, rows):
    """Motion ``rows`` ((t_ms, x, y, z), a recording or tools/host/motions)
    from now, the board still in its first and last orientation around it."""
    sim.board.motion = traces.Replay(rows, sim.clock.now, rest=traces.still_at(rows[-1]),
                                     lead=traces.still_at(rows[0]))


def test_the_dice_tumble_within_100_ms_of_a_shake_and_it_rolls_once(sim):
    start = sim.clock.now
    play_motion(sim, traces.load("cse590_phone_shake"))  # strong from 340 ms
    run_until(sim, lambda: sim.app.phase != play.PROMPT)
    assert sim.app.phase == play.PREVIEW and not sim.app.state.is_chance_node()
    assert sim.clock.now - start <= 340 + 100
    assert sim.app.view.status.text == "Shaking..."
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)  # confirmed: rolling
    assert sim.app.state.is_chance_node()
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    assert sim.app.state.turn_total > 0 or sim.app.state.turn_player() == 1
    frames(sim, 150)
    assert sim.app.phase == play.PROMPT


@pytest.mark.parametrize("swing", ["cse590_phone_baseball_throw", "cse590_phone_forehand_tennis",
                                   "cse590_phone_midair_zorro_z"])
def test_a_swing_tumbles_then_puts_the_dice_back_with_nothing_rolled(swing, quiet_sim):
    lines = []
    sim = started(quiet_sim(log=lines.append))
    frames(sim, 2)
    before = sim.app.state.to_bytes()
    faces = [die.face for die in sim.app.screen.dice]
    logged = len(lines)
    play_motion(sim, traces.load(swing))
    seen = set()
    for _ in range(200):  # 4 s: the swing and the stillness after it
        sim.step()
        seen.add(sim.app.phase)
        if sim.app.phase == play.PREVIEW:
            faces_during = [die.face for die in sim.app.screen.dice]
    assert play.PREVIEW in seen and play.TUMBLE not in seen
    assert faces_during != faces or len(faces) == 1  # tumbling faces
    assert sim.app.phase == play.PROMPT and sim.app.state.to_bytes() == before
    assert [die.face for die in sim.app.screen.dice] == faces
    assert all(die.x == die._top.x and die.y == die._top.y for die in sim.app.screen.dice)
    assert len(lines) == logged  # nothing happened, nothing logged
    assert sim.app.view.status.text != "Shaking..."


def _at_a_shake_prompt(sim):
    """Play P1's decisions by its keys (the bot's choice) until a shake
    would roll something."""
    from host.keys import keys_for

    end = sim.clock.now + 60_000
    while not (awaiting_human(sim.app) and sim.app.screen.shake(sim.app.state) is not None):
        assert sim.clock.now < end
        if awaiting_human(sim.app) and not sim.keys.busy(sim.clock.now):
            state = sim.app.state
            for key in keys_for(sim.app.screen, state, sim.app.screen.computer(state)):
                sim.keys.tap(key, sim.clock.now)
                run_until(sim, lambda: not sim.keys.busy(sim.clock.now))
        sim.step()


@pytest.mark.parametrize("game", ["two-dice", "big-pig", "hog", "skunkd", "skunk",
                                  "skull-dragon"])
@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
def test_every_game_puts_its_dice_back_after_a_swing(game, board, quiet_sim):
    players = 3 if game == "skunk" else 2
    sim = started(quiet_sim(board=board, game=game, players=players,
                            seats=(0,) + (1,) * (players - 1)))
    _at_a_shake_prompt(sim)
    frames(sim, 2)
    before = sim.app.state.to_bytes()
    screen = sim.app.screen
    faces = [(die.face, die.tint, die._top.x, die._top.y) for die in screen.dice]
    play_motion(sim, traces.load("cse590_phone_baseball_throw"))
    seen = set()
    for _ in range(200):
        sim.step()
        seen.add(sim.app.phase)
    assert play.PREVIEW in seen and play.TUMBLE not in seen
    assert sim.app.state.to_bytes() == before and awaiting_human(sim.app)
    assert [(die.face, die.tint, die._top.x, die._top.y) for die in screen.dice] == faces


def test_a_refused_shake_puts_the_dice_back_once_and_says_why(sim):
    before = sim.app.state.to_bytes()
    faces = [die.face for die in sim.app.screen.dice]
    tries = []

    def illegal(state):
        tries.append(sim.app.phase)
        return 99  # no Pig action: the rules refuse it (ValueError)

    sim.app.screen.shake = illegal
    play_motion(sim, traces.load("cse590_phone_shake"))
    run_until(sim, lambda: sim.app.phase == play.PREVIEW)
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    frames(sim, 250)  # the rest of the shake
    assert sim.app.state.to_bytes() == before and sim.app.phase == play.PROMPT
    assert [die.face for die in sim.app.screen.dice] == faces
    assert sim.app.view.message.text  # the refusal, said
    assert tries == [play.PROMPT, play.PREVIEW]  # may it preview? the action, once


def test_a_press_during_the_preview_acts_and_the_motion_rolls_nothing_more(quiet_sim):
    lines = []
    sim = started(quiet_sim(log=lines.append))
    play_motion(sim, traces.load("cse590_phone_shake"))
    run_until(sim, lambda: sim.app.phase == play.PREVIEW)
    sim.keys.tap("A", sim.clock.now)  # A: roll by the button
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    frames(sim, 250)  # the rest of the shake: no second roll
    rolls = [line for line in lines if line.startswith("P1 rolled")]
    assert len(rolls) == 1 and "(button;" in rolls[0]


@pytest.mark.parametrize("sensitivity, rolls", [(0, 1), (1, 0), (2, 0)])
def test_the_menus_shake_sensitivity_decides_a_gentle_shake(sensitivity, rolls, quiet_sim):
    lines = []
    sim = started(quiet_sim(log=lines.append, shake=sensitivity))
    assert sim.app.sensitivity == sensitivity
    play_motion(sim, motions.gentle_shake(4.0))
    frames(sim, 150)
    assert len([line for line in lines if line.startswith("P1 rolled")]) == rolls


def test_shake_and_keys_in_the_menu_never_roll():
    sim = Simulation(log=None)
    sim.setup = []  # nobody touches the menu
    shake(sim)
    frames(sim, 300)
    assert sim.app.mode == app_module.MENU and sim.app.state is None
    sim.keys.tap("B", sim.clock.now)
    frames(sim, 5)
    assert sim.app.menu.cursor == 1 and sim.app.mode == app_module.MENU


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
@pytest.mark.parametrize("last_tap_ms", [0, 60, 200])
def test_a_shake_carried_over_from_the_menu_never_rolls(board, last_tap_ms, quiet_sim):
    """Issue 24, item 7: the board shaken from just before the menu's last
    tap until well into play: the new game's detector starts mid-shake and
    nothing tumbles or rolls; once the board was still, a shake rolls."""
    sim = quiet_sim(board=board)
    run_until(sim, lambda: len(sim.setup) == 1)
    frames(sim, last_tap_ms // FRAME_MS)
    play_motion(sim, motions.shake(5.0, 2.5, 30.0, lead_ms=0))
    end = sim.clock.now + 2800
    phases = set()
    while sim.clock.now < end:
        sim.step()
        if sim.app.mode == app_module.PLAY:
            phases.add(sim.app.phase)
    assert sim.app.mode == app_module.PLAY and phases == {play.PROMPT}
    assert not sim.app.state.is_chance_node() and sim.app.state.turn_total == 0
    play_motion(sim, motions.shake(5.0, 1.5, 30.0))
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)


def test_hold_before_rolling_is_refused_with_a_message(sim):
    before = sim.app.state.to_bytes()
    sim.keys.tap("B", sim.clock.now)
    frames(sim, 5)
    assert sim.app.state.to_bytes() == before
    assert sim.app.view.message.text == "Nothing to hold yet"


def test_button_roll_then_hold(quiet_sim):
    sim = started(quiet_sim(seed=5))
    sim.keys.tap("A", sim.clock.now)
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    s = sim.app.state
    if s.turn_player() == 0:  # not a bust: hold it
        total = s.turn_total
        sim.keys.tap("B", sim.clock.now)
        frames(sim, 5)
        assert s.scores[0] == total and s.turn_player() == 1


def test_i2c_error_mid_game_switches_to_button_roll(sim):
    sim.board.i2c.fail_always()
    frames(sim, 3)
    assert not sim.app.accel_ok
    assert sim.app.view.message.text == "No accelerometer: A rolls"
    assert sim.app.view.status.text == "P1 A:roll"
    sim.keys.tap("A", sim.clock.now)
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    assert sim.app.state.dice[0] in range(1, 7)


def test_accelerometer_tried_again_next_game():
    sim = Simulation(log=None, goal=20, seats=(1, 1), seed=4)
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    sim.board.i2c.fail_next(1)
    frames(sim, 2)
    assert not sim.app.accel_ok
    sim.run()
    assert sim.app.view.message.text  # the game's last message
    sim.keys.tap("A", sim.clock.now)  # back to the menu, which shows the notice
    frames(sim, 10)
    assert sim.app.view.title.text == "No accelerometer: A rolls"
    sim.keys.tap("START", sim.clock.now)  # the bus works again: shaking is back
    frames(sim, 10)
    assert sim.app.mode == app_module.PLAY and sim.app.accel_ok


def test_script_restarts_each_turn_after_an_opening_bust():
    lines = []
    sim = Simulation(log=lines.append, script="AB", seed=2, goal=20)
    sim.run(max_ms=1_200_000)
    assert sim.app.state.is_terminal()


def test_menu_set_up_from_a_clock_near_the_wrap():
    sim = Simulation(log=None, start_ms=2**29 - 5000, goal=20, seats=(1, 1), seed=3)
    assert sim.run() in (0, 1)


@pytest.mark.parametrize("size", [(320, 240), (240, 135), (160, 128), (240, 240)])
def test_layouts_fit_other_displays(size):
    from host.display import make_display

    display, bus = make_display(*size)
    view = View(display)
    status_y = View.layout(*size)[0]
    assert status_y + 6 <= size[1]
    view.set_text(view.status, "x")
    view.refresh()


def test_i2c_error_during_a_shake_still_decides_the_roll(sim):
    shake(sim)
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    sim.board.i2c.fail_always()
    run_until(sim, lambda: sim.app.phase == play.PROMPT, limit_ms=2000)
    assert sim.app.state.dice[0] in range(1, 7) and not sim.app.accel_ok


def test_no_accelerometer_plays_by_button():
    sim = Simulation(accelerometer=False, log=None, goal=20, seats=(1, 1), seed=2)
    assert sim.hw.accel is None and sim.hw.message == "No accelerometer: A rolls"
    assert sim.app.view.title.text == "No accelerometer: A rolls"
    assert sim.run() in (0, 1)


def test_finished_game_takes_no_roll():
    sim = Simulation(log=None, goal=20, seats=(1, 1), seed=4)
    sim.run()
    state = sim.app.state.to_bytes()
    shake(sim)
    frames(sim, 250)
    assert sim.app.state.to_bytes() == state and sim.app.mode == app_module.OVER
    sim.keys.tap("A", sim.clock.now)
    frames(sim, 5)
    assert sim.app.mode == app_module.MENU


@pytest.mark.parametrize("profile, size, keys", [
    ("edgebadge", (160, 128), (controls.B, controls.A, controls.START, controls.SELECT,
                               controls.RIGHT, controls.DOWN, controls.UP, controls.LEFT)),
    ("pybadge", (160, 128), (controls.B, controls.A, controls.START, controls.SELECT,
                             controls.RIGHT, controls.DOWN, controls.UP, controls.LEFT)),
    ("pygamer", (160, 128), (controls.A, controls.B, controls.START, controls.SELECT)),
    ("cpb_gizmo", (240, 240), (controls.A, controls.B)),
    ("generic", (240, 240), (controls.A, controls.B)),
])
def test_board_profiles(profile, size, keys):
    board = boards.use(profile)
    hw = hardware.detect()
    assert (hw.display.width, hw.display.height) == size
    assert hw.key_map == keys and hw.keys.key_count == len(keys)
    assert hw.accel is not None and hw.message == ""
    assert hw.accel.range == 2  # adafruit_lis3dh.RANGE_8_G
    assert board.lis3dh.full_scale_g == 8 and board.lis3dh.odr_hz == 100


def test_pybadge_key_one_is_a():
    sim = Simulation(log=None)
    sim.setup = []
    sim.hw.keys._press(1)
    frames(sim, 3)
    assert sim.app.controls.held == controls.A


def test_frame_period_matches_the_app():
    assert FRAME_MS == 20


PIP, DIE, FELT = (0, 0, 0), (248, 252, 248), (8, 60, 32)


@pytest.mark.parametrize("width, height, size", [(160, 128, 40), (240, 240, 64)])
def test_rendered_die_pixels(width, height, size):
    import displayio

    from host.display import make_display
    from rollbox.view import Die, FaceSheet

    display, bus = make_display(width, height)
    view = View(display)
    group = displayio.Group()
    x, y = 6, 22
    die = Die(group, x, y, FaceSheet(size))  # 64 pixels: a 32-pixel sheet at scale 2
    view.show_screen(group)
    assert die.show(5)
    view.refresh()
    from rollbox.faces import pip_grid

    scale = 2 if size > 40 else 1
    side, start, pitch = pip_grid(size // scale)

    def at(col, row):  # the middle of a pip place (col, row of the 3x3 grid), screen pixels
        return (x + scale * (start + col * pitch + side // 2),
                y + scale * (start + row * pitch + side // 2))

    assert bus.pixel(*at(1, 1)) == PIP  # centre pip of a 5
    assert bus.pixel(*at(0, 0)) == PIP  # top-left pip
    assert bus.pixel(*at(1, 0)) == DIE  # no top-middle pip on a 5
    assert bus.pixel(x + 1, y + 1) == DIE  # the die's corner
    assert bus.pixel(x + size - 1, y + size - 1) == DIE  # the other corner
    assert bus.pixel(x - 2, y - 2) == FELT  # outside the die
    assert bus.pixel(x + size, y + size) == FELT
    view.dirty = die.show(1)  # the screen marks the view dirty on a change
    view.refresh()
    assert bus.pixel(*at(0, 0)) == DIE  # top-left pip gone on a 1
    assert bus.pixel(*at(1, 1)) == PIP


@pytest.mark.parametrize("size", [12, 15, 18])
def test_small_dice_keep_six_separate_pips(size):
    """A small die's 6 shows six pips with the body between them (not two bars)."""
    from rollbox.view import FaceSheet

    sheet = FaceSheet(size)
    t = sheet.tile
    from rollbox.faces import pip_grid

    side, start, _ = pip_grid(t)
    left = [y for y in range(t) if sheet.bitmap[6 * t + start + side // 2, y]]  # face 6's left pips
    runs = 1 + sum(1 for a, b in zip(left, left[1:]) if b != a + 1)
    assert runs == 3  # three pips, body between them
    assert not any(sheet.bitmap[6 * t + x, 0] or sheet.bitmap[6 * t + x, t - 1] for x in range(t))


def test_keys_during_the_tumble_do_nothing(quiet_sim):
    sim = started(quiet_sim(seed=11))
    shake(sim)
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    rolling = sim.app.state.to_bytes()
    for name in ("A", "B", "START", "A", "B"):
        sim.keys.tap(name, sim.clock.now)
        frames(sim, 8)
        if sim.app.phase != play.TUMBLE:
            break
        assert sim.app.state.to_bytes() == rolling
    run_until(sim, lambda: sim.app.phase == play.PROMPT)
    s = sim.app.state
    # Exactly one roll happened: either it added to P1's turn or ended it.
    assert (s.turn_player() == 0 and s.turn_total == s.dice[0]) or \
           (s.turn_player() == 1 and s.dice[0] == 1)
    assert s.scores == [0, 0]


def test_buttons_during_the_computers_turn_do_nothing(quiet_sim):
    sim = started(quiet_sim(seats=(1, 1), seed=6))
    before = sim.app.state.to_bytes()
    sim.keys.tap("A", sim.clock.now)  # nobody's button: both seats are computers
    frames(sim, 8)
    assert sim.app.state.to_bytes() == before and sim.app.phase == play.PROMPT
