"""Rollbox in a window (``make play``, ``host.window``): a real pygame window
on a real X server (Xvfb), code.py on a host board, a person at it by
injected keyboard and mouse events (``conftest.at_window``)."""
import math
import os

import pytest
from conftest import run_tool, watch_rolls

from host import hand, savefile
from host import window as host_window
from host.person import click, drag, key_shake, key_tap, taps, wiggle
from host.person import run as at_window
from host.simulation import awaiting_human, menu_taps
from rollbox import play
from rollbox.app import MENU, OVER, PLAY
from rollbox.shake import FIRM, GENTLE, NORMAL

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
pygame = pytest.importorskip("pygame")


@pytest.fixture(autouse=True)
def fixed_dice(monkeypatch):
    """The same dice in every run: the app seeds them from ``os.urandom``
    (``rollbox.seed``), here four fixed bytes."""
    monkeypatch.setattr(os, "urandom", lambda n: bytes(range(1, n + 1)))


def to_game(app, goal=None, seats=(0, 1), shake=NORMAL):
    """Frames that set the menu by keys (Z and X, as a person on a
    two-button board would) to a Pig game of ``seats`` at the ``shake``
    sensitivity, then wait for it."""
    yield from taps(menu_taps(0, 0, len(seats), seats, goal, start=app.menu, shake=shake))
    while app.mode != PLAY:
        yield


def prompt(app):
    """Frames until the app asks the human seat (or the game is over), then
    300 ms more: a shake counts once it begins with the board still at the
    prompt (issue 24, item 7: the detector's half period, 250 ms, from the
    game's start), as a person's would."""
    while not awaiting_human(app) and app.mode != OVER:
        yield
    yield from range(15)


@pytest.mark.parametrize("profile, buttons, size", [
    ("pybadge", {"A", "B", "START", "SELECT", "UP", "DOWN", "LEFT", "RIGHT"}, (160, 128)),
    ("pygamer", {"A", "B", "START", "SELECT"}, (160, 128)),
    ("cpb_gizmo", {"A", "B"}, (240, 240)),
])
def test_the_window_opens_with_the_screen_and_the_boards_buttons(profile, buttons, size, x_display):
    seen = {}

    def person(window, app):
        seen["driver"] = pygame.display.get_driver()
        seen["size"] = pygame.display.get_surface().get_size()
        seen["caption"] = pygame.display.get_caption()[0]
        seen["mode"] = app.mode
        yield

    window = at_window(person, profile, scale=2)
    assert seen["driver"] == "x11" and seen["mode"] == MENU
    assert window.screen_rect.size == (size[0] * 2, size[1] * 2)
    assert set(window.buttons) == buttons
    width, height = seen["size"]
    assert width >= window.screen_rect.right + 200 and height >= window.screen_rect.bottom
    assert all(window.screen_rect.right < r.left and r.bottom <= height
               for r in window.buttons.values())  # beside the screen, inside the window
    assert "Rollbox" in seen["caption"]
    assert not pygame.display.get_init()  # closed at the end


def test_keys_and_mouse_clicks_reach_the_app_as_the_boards_buttons(x_display):
    seen = []

    def person(window, app):
        yield
        seen.append((app.menu.game, app.menu.cursor))
        yield from key_tap(pygame.K_z)  # A: the next game
        seen.append((app.menu.game, app.menu.cursor))
        yield from click(window, "A")
        seen.append((app.menu.game, app.menu.cursor))
        yield from key_tap(pygame.K_x)  # B: the next line
        seen.append((app.menu.game, app.menu.cursor))
        yield from click(window, "B")
        seen.append((app.menu.game, app.menu.cursor))
        yield from key_tap(pygame.K_q)  # no button: nothing
        seen.append((app.menu.game, app.menu.cursor))

    at_window(person)
    (game, cursor), *after = seen
    assert after == [(game + 1, cursor), (game + 2, cursor), (game + 2, cursor + 1),
                     (game + 2, cursor + 2), (game + 2, cursor + 2)]


def test_a_key_shows_on_the_screen_at_the_end_of_the_frame_after_it(x_display):
    """Latency within one frame: a key posted during frame k reaches the
    board at k's end, frame k+1 draws, and the window shows it at k+1's end."""
    seen = []

    def screen(window):
        r = window.screen_rect
        return pygame.surfarray.array3d(window.surface)[r.left:r.right, r.top:r.bottom].copy()

    def person(window, app):
        yield from range(3)
        before = screen(window)
        yield
        seen.append((screen(window) == before).all())  # nothing changes by itself
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode=""))
        yield
        seen.append((screen(window) == before).all())
        yield from key_tap(pygame.K_z, held=0)

    at_window(person)
    assert seen == [True, False]


def test_a_drag_back_and_forth_rolls_once_and_a_sweep_rolls_nothing(x_display):
    seen = {}

    def person(window, app):
        yield from to_game(app)
        yield from prompt(app)
        before = app.state.to_bytes()
        yield from drag(window, 120, 0, 400)  # one sweep: a swing
        for _ in range(60):
            yield
        seen["sweep"] = app.state.to_bytes() == before and awaiting_human(app)
        hows = []  # how each roll was made, as its tumble runs
        for step in drag(window, 100, 4, 1500):  # back and forth at 4 Hz
            if app.phase == play.TUMBLE and app.how not in hows:
                hows.append(app.how)
            yield step
        while app.phase != play.PROMPT:
            if app.how not in hows:
                hows.append(app.how)
            yield
        seen["shake"] = (hows[:1], app.state.to_bytes() != before)

    at_window(person)
    assert seen["sweep"]
    assert seen["shake"] == ([play.BY_SHAKE], True)


@pytest.mark.parametrize("hz, ms", [
    (1.5, 1333), (2.0, 1000), (2.5, 800),  # four sweeps, 3, 4 or 5 a second
    (3.0, 1333), (4.0, 1000), (5.0, 800),  # four times back and forth at 3, 4, 5 Hz
], ids=["4-sweeps-3/s", "4-sweeps-4/s", "4-sweeps-5/s", "4x-3Hz", "4x-4Hz", "4x-5Hz"])
def test_a_short_brisk_drag_of_100_px_each_way_rolls_every_time(hz, ms, x_display):
    """From the centre, from either end or midway, with every third frame
    on time or 40 ms late (a slow step), each drag rolls once (issue 24:
    "a 4-5 sweep drag of +/-100 px sometimes rolls nothing")."""
    seen = {}

    def person(window, app):
        yield from to_game(app, seats=(0, 0))
        for phase in (0.0, math.pi / 2, math.pi, 3 * math.pi / 2):
            for late in (0, 40):
                yield from prompt(app)
                yield from range(10)
                rolls = seen[phase, late] = []
                yield from watch_rolls(app, drag(window, 100, hz, ms, phase, late), rolls)
                yield from watch_rolls(app, range(60), rolls)

    at_window(person)
    assert seen and all(rolls == ["roll", "landed"] for rolls in seen.values()), seen


TIRING = ((1000, 100, 4), (600, 40, 2), (1400, 100, 4), (600, 40, 2), (1200, 100, 4))
UNEVEN = ((1200, 100, 3), (800, 100, 1), (1200, 100, 3), (800, 100, 1), (1000, 100, 3))


@pytest.mark.parametrize("parts", [((5000, 100, 2),), ((5000, 100, 4),), TIRING, UNEVEN],
                         ids=["steady-2Hz", "steady-4Hz", "tiring", "uneven"])
def test_a_long_drag_rolls_once_and_the_rest_of_it_is_still(parts, x_display):
    """About 5 s of back and forth without letting go (issue 24: "one
    continuous 4.8 s drag rolled three times"): one roll, the dice land
    while the drag goes on, the board still from the roll to the end."""
    seen = {"during": [], "after": [], "still": []}

    def person(window, app):
        yield from to_game(app)
        yield from prompt(app)
        for frame in watch_rolls(app, wiggle(window, parts), seen["during"]):
            yield frame
            if seen["during"] and window.meter is not None:
                seen["still"].append((window.board.motion(window.clock.now), window.meter[2]))
        yield from watch_rolls(app, range(60), seen["after"])

    at_window(person)
    assert seen["during"] == ["roll", "landed"] and seen["after"] == []
    assert seen["still"] and set(seen["still"]) == {(hand.STILL, host_window.SPENT)}


def test_a_gentle_drag_says_shake_harder_and_rolls_nothing(x_display):
    """25 px each way at 1.5 Hz: the meter stays under the mark, the panel
    says so in the window (the device's screen is its own), nothing rolls."""
    seen = {"meter": set(), "rolls": [], "bar": set()}

    def person(window, app):
        yield from to_game(app)
        yield from prompt(app)
        px, py = window._panel
        x, y, _, h = host_window.METER
        for frame in watch_rolls(app, drag(window, 25, 1.5, 2000), seen["rolls"]):
            yield frame
            if window.meter is not None:
                strength, need, words = window.meter
                seen["meter"].add((strength < need, words))
                if strength > need / 10:
                    seen["bar"].add(tuple(window.surface.get_at((px + x, py + y + h // 2)))[:3])
        yield from watch_rolls(app, range(60), seen["rolls"])
        seen["after"] = window.meter

    at_window(person)
    assert seen["meter"] == {(True, host_window.HARDER)}
    assert seen["bar"] == {host_window.LOW}  # drawn in the window's panel
    assert seen["rolls"] == [] and seen["after"] is None


@pytest.mark.parametrize("sensitivity, words, rolls", [
    (GENTLE, host_window.SHAKING, ["roll", "landed"]),
    (NORMAL, host_window.SHAKING, ["roll", "landed"]),
    (FIRM, host_window.HARDER, []),
], ids=["gentle", "normal", "firm"])
def test_the_meter_marks_what_the_detector_needs_at_the_sensitivity(sensitivity, words, rolls,
                                                                     x_display):
    """Four sweeps of 100 px, three a second (about 15 m/s²): over the
    gentle and normal marks (4 and 10 m/s²), under the firm one (20); the
    mark is the start of the app's own detector."""
    seen = {"words": set(), "need": set(), "rolls": []}

    def person(window, app):
        yield from to_game(app, shake=sensitivity)
        yield from prompt(app)
        seen["start"] = app.detector._start / 100  # cm/s² in the detector
        for frame in watch_rolls(app, drag(window, 100, 1.5, 1333), seen["rolls"]):
            yield frame
            if window.meter is not None and window.meter[2] != host_window.SPENT:
                seen["words"].add(window.meter[2])
                seen["need"].add(window.meter[1])
        yield from watch_rolls(app, range(60), seen["rolls"])

    at_window(person)
    assert seen["need"] == {seen["start"]}
    assert words in seen["words"] and seen["rolls"] == rolls
    if sensitivity == FIRM:
        assert seen["words"] == {host_window.HARDER}


def test_s_held_for_5_s_rolls_once_and_the_rest_of_it_is_still(x_display):
    seen = {"during": [], "after": [], "end": None}

    def person(window, app):
        yield from to_game(app)
        yield from prompt(app)
        for frame in watch_rolls(app, key_shake(5000), seen["during"]):
            yield frame
            if window.meter is not None:
                seen["end"] = (window.board.motion(window.clock.now), window.meter[2])
        yield from watch_rolls(app, range(60), seen["after"])

    at_window(person)
    assert seen["during"] == ["roll", "landed"] and seen["after"] == []
    assert seen["end"] == (hand.STILL, host_window.SPENT)


def test_the_s_key_held_shakes_and_rolls_once(x_display):
    seen = []

    def person(window, app):
        yield from to_game(app, seats=(0, 0))  # (no computer's roll to follow)
        yield from prompt(app)
        before = app.state.to_bytes()
        yield from key_shake(1500)
        while app.phase != play.PROMPT:
            yield
        seen.append((app.how, app.state.to_bytes() != before))
        yield from range(30)
        seen.append(app.phase == play.PROMPT)  # one roll: no second one after the key

    at_window(person)
    assert seen == [(play.BY_SHAKE, True), True]


def test_a_whole_pig_game_through_the_window_to_a_winner(tmp_path, x_display):
    """Pig to 20 against the easy computer: Z rolls, X holds at 8 or more,
    every third roll a mouse drag and every third the S key."""
    nvm, drive = savefile.open_folder(str(tmp_path))
    seen = {}

    def person(window, app):
        yield from to_game(app, goal=20)
        rolls = 0
        hows = set()
        while app.mode != OVER:
            yield from prompt(app)
            if app.mode == OVER:
                break
            state = app.state
            if state.turn_total >= 8:
                yield from key_tap(pygame.K_x)
            elif rolls % 3 == 1:
                yield from drag(window, 100, 4, 1500)
            elif rolls % 3 == 2:
                yield from key_shake(1500)
            else:
                yield from key_tap(pygame.K_z)
            rolls += 1
            while app.mode == PLAY and app.phase != play.PROMPT:
                yield
            hows.add(app.how)
        seen["winner"] = app.state.winner()
        seen["scores"] = list(app.state.scores)
        seen["rolls"] = rolls
        seen["hows"] = hows
        yield from range(10)

    at_window(person, nvm=nvm, drive=drive)
    assert seen["winner"] in (0, 1) and seen["scores"][seen["winner"]] >= 20
    assert max(seen["scores"]) == seen["scores"][seen["winner"]]
    assert seen["rolls"] >= 3 and {play.BY_SHAKE, play.BY_BUTTON} <= seen["hows"]
    assert os.path.getsize(str(tmp_path / "nvm.bin")) == 8192  # the game's saves and stats
    assert sorted(os.listdir(tmp_path / "CIRCUITPY")) == [
        "rollbox-game.sav", "rollbox-set.sav", "rollbox-stats.sav"]


def test_a_window_screenshot_is_the_framebuffer_pixel_for_pixel_at_scale_1(x_display):
    from PIL import ImageGrab
    from pygame._sdl2.video import Window as SDLWindow

    shots = []

    def person(window, app):
        yield from to_game(app)
        yield from prompt(app)
        yield from key_tap(pygame.K_z)  # tumbling dice
        yield
        x, y = SDLWindow.from_display_module().position
        r = window.screen_rect
        shots.append((ImageGrab.grab(bbox=(x + r.left, y + r.top, x + r.right, y + r.bottom),
                                     xdisplay=os.environ["DISPLAY"]).convert("RGB"),
                      window.board.framebuffer.to_image()))

    at_window(person, scale=1)
    shot, framebuffer = shots[0]
    assert shot.size == framebuffer.size == (160, 128)
    assert len(shot.getcolors(1 << 16)) > 4  # felt, dice, pips, text: not a blank window
    assert shot.tobytes() == framebuffer.tobytes()


@pytest.mark.parametrize("turns", [2, 3])
def test_leave_and_resume_across_runs(turns, tmp_path, x_display):
    """Two humans, two or three turns passed (the PyBadge's saves alternate
    between the nvm and a CIRCUITPY file: the newest is in one, then the
    other; both are kept), then the window closed; the next run resumes the
    last turn."""
    seen = {}

    def first(window, app):
        yield from to_game(app, seats=(0, 0))
        for _ in range(turns):  # each seat rolls once, then holds
            seat = app.state.turn_player()
            while app.state.turn_player() == seat and app.mode == PLAY:
                yield from prompt(app)
                yield from key_tap(pygame.K_x if app.state.turn_total else pygame.K_z)
                while app.phase != play.PROMPT:
                    yield
        yield from prompt(app)
        seen["saved"] = app.state.to_bytes()

    def second(window, app):
        yield
        seen["resume"] = app.menu.resume
        yield from key_tap(pygame.K_z)  # A on Resume
        while app.mode != PLAY:
            yield
        seen["resumed"] = app.state.to_bytes()

    nvm, drive = savefile.open_folder(str(tmp_path))
    at_window(first, nvm=nvm, drive=drive)
    assert os.path.getsize(str(tmp_path / "nvm.bin")) == 8192
    assert (tmp_path / "CIRCUITPY" / "rollbox-game.sav").exists()
    nvm, drive = savefile.open_folder(str(tmp_path))
    at_window(second, nvm=nvm, drive=drive)
    assert seen["resume"] and seen["resumed"] == seen["saved"]


def test_a_save_file_of_the_wrong_size_is_kept_aside_and_play_starts_blank(tmp_path):
    path = tmp_path / "nvm.bin"
    for garbage in (b"not a save", b"nor this" * 2000):
        path.write_bytes(garbage)
        nvm, _ = savefile.open_folder(str(tmp_path))
        assert nvm.data == bytearray(b"\xff" * 8192) and not path.exists()
        assert "%d bytes" % len(garbage) in nvm.note
    assert (tmp_path / "nvm.bin.bad").read_bytes() == b"not a save"  # the first kept too
    assert (tmp_path / "nvm.bin.bad1").read_bytes() == b"nor this" * 2000


def test_a_save_the_host_refuses_is_an_os_error_to_the_app_and_remembered(tmp_path):
    nvm, drive = savefile.open_folder(str(tmp_path / "board"))
    nvm[0:2] = b"ok"
    drive.open("rollbox-set.sav", "wb").close()
    (tmp_path / "board" / "nvm.bin").unlink()
    (tmp_path / "board" / "CIRCUITPY" / "rollbox-set.sav").unlink()
    os.rmdir(tmp_path / "board" / "CIRCUITPY")
    os.rmdir(tmp_path / "board")
    (tmp_path / "board").write_text("a file where the folder was")
    with pytest.raises(OSError):
        nvm[0:2] = b"no"
    with pytest.raises(OSError):
        drive.open("rollbox-set.sav", "wb").close()
    assert nvm.error is not None and drive.error is not None


def test_play_refuses_bad_options_and_says_when_no_window_can_open(tmp_path):
    import subprocess
    import sys

    (tmp_path / "a_file").write_text("")
    (tmp_path / "CIRCUITPY").write_text("a file where the drive's folder goes")
    for args, words in ((["--board", "nokia"], "invalid choice"),
                        (["--scale", "9"], "invalid choice"),
                        (["--scale", "two"], "invalid int"),
                        (["--save", ""], "needs a folder"),
                        (["--save", str(tmp_path / "a_file" / "sub")], "cannot be kept in"),
                        (["--save", str(tmp_path)], "cannot be kept in")):  # CIRCUITPY a file
        result = run_tool("play", *args)
        assert result.returncode == 2 and words in result.stderr, result.stderr
    play_py = os.path.join(os.path.dirname(__file__), "..", "tools", "play")
    for display in (":9999", None):  # no X server there; none at all
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "SDL_VIDEODRIVER")}
        if display:
            env["DISPLAY"] = display
        result = subprocess.run([sys.executable, play_py, "--save", str(tmp_path / "s")],
                                capture_output=True, text=True, timeout=60, env=env)
        assert result.returncode == 1 and "no window could be opened" in result.stderr, \
            result.stderr


def test_presses_shorter_than_a_frame_or_mashed_each_count(x_display):
    seen = []

    def person(window, app):
        yield
        cursor = app.menu.cursor
        for _ in range(5):  # five taps of B (X) inside one frame
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0,
                                                 unicode=""))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_x, mod=0,
                                                 unicode=""))
        yield from range(14)
        seen.append(app.menu.cursor - cursor)
        line = app.menu.line(app.menu.cursor)
        pos = window.buttons["A"].center  # a click shorter than a frame
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        yield from range(4)
        seen.append(app.menu.line(app.menu.cursor) != line)

    at_window(person)
    assert seen == [5, True]


def test_a_lost_focus_lets_go_of_every_button_and_the_shake(x_display):
    seen = []

    def person(window, app):
        key_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="")
        pygame.event.post(key_down)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode=""))
        yield
        seen.append((set(window.down), type(window.board.motion).__name__))
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
        yield
        seen.append((set(window.down), window.board.motion(window.clock.now)))

    at_window(person)
    assert seen == [({"B"}, "HeldShake"), (set(), (0.0, 0.0, 9.80665))]


def test_tools_play_opens_its_window_and_a_close_is_a_clean_exit(x_display, tmp_path):
    """The real command: the desktop's close (SDL turns SIGTERM into the
    same QUIT event) ends it with status 0 and the save file's name."""
    import signal
    import subprocess
    import sys
    import time

    save = str(tmp_path / "nvm.bin")
    process = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__), "..",
                                                             "tools", "play"), "--save", save],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = process.stdout.readline()  # said at the first frame: the window is up
    time.sleep(0.5)  # code.py in its frame loop
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert "Rollbox on a simulated PyBadge" in first and "Z = A" in first
    assert process.returncode == 0, err
    assert "bye" in out and save in out


def test_the_neopixels_are_dots_under_the_screen_and_the_screen_dims(x_display):
    """The board's NeoPixel writes (the light log the real ``neopixel``
    library writes through ``neopixel_write``) show as dots in their
    colours under the screen; ``board.DISPLAY.brightness`` dims the screen."""
    from host.lights import shown

    seen = {}

    def person(window, app):
        yield
        lights = window.board.lights
        seen["count"] = (lights.pixels, len(window.light_centres))
        lights.show("NEOPIXEL", bytes([0, 255, 0, 40, 0, 0, 0, 0, 0, 0, 0, 60, 0, 0, 0]))  # GRB
        r = window.screen_rect
        seen["bright"] = pygame.surfarray.array3d(window.surface)[r.left:r.right,
                                                                  r.top:r.bottom].sum()
        yield
        seen["dots"] = [tuple(window.surface.get_at(c))[:3] for c in window.light_centres]
        window.board.display.brightness = 0.25
        yield
        seen["dim"] = pygame.surfarray.array3d(window.surface)[r.left:r.right,
                                                               r.top:r.bottom].sum()
        seen["rects"] = (window.screen_rect, window.lights_rect, pygame.display.get_surface()
                         .get_size())
        window.board.display.brightness = 1.0

    at_window(person, "pybadge", scale=2)
    assert seen["count"] == (5, 5)
    assert seen["dots"] == [shown(c) for c in ((255, 0, 0), (0, 40, 0), (0, 0, 0),
                                                (0, 0, 60), (0, 0, 0))]
    assert 0.2 < seen["dim"] / seen["bright"] < 0.3
    screen, lights, (width, height) = seen["rects"]
    assert lights.top > screen.bottom and lights.bottom <= height and lights.width == screen.width


def test_a_board_without_neopixels_has_no_dots(x_display):
    window = at_window(lambda w, app: iter([None]), "generic", scale=2)
    assert window.lights_rect is None and window.light_centres == []


def test_live_sound_plays_the_recorded_track_and_is_quiet_without_a_device(monkeypatch):
    """The window's sound is the recorder's track fed to pygame's mixer up
    to each frame's time; no audio device means no sound and no error."""
    import numpy as np

    from host import audio, synth
    from host.window import LiveSound

    class Params:
        frequency, amplitude, panning, bend, waveform, envelope = 440.0, 1.0, 0.0, 0.0, None, None

    key = Params()
    now = [0]
    rec = audio.AudioRecorder(has_amp=False, clock=lambda: now[0])
    synth_key, out_key = object(), object()
    rec.log("synth", synth_key, (11025, None, None))
    rec.log("play", out_key, synth_key)
    rec.log("press", synth_key, (key, audio.NoteParams.of(key)))
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    live = LiveSound(rec)
    for t in range(20, 220, 20):
        now[0] = t
        live.feed(t)
    assert live.error is None and live.mixer is not None
    assert live.fed == rec.render(0, 200).size == 2205 and live.played > 0
    live.close()
    monkeypatch.setattr(pygame.mixer, "init", lambda **kw: (_ for _ in ()).throw(
        pygame.error("No available audio device")))
    quiet = LiveSound(rec)
    quiet.feed(100)
    quiet.feed(200)
    assert quiet.error == "No available audio device" and quiet.played == 0
    assert synth.BLOCK == 256 and np.abs(rec.render(0, 200)).max() > 10000
