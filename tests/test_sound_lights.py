"""Sound and lights in play (issue 25, items 1, 2 and 6): every game on a
PyBadge and a Circuit Playground + Gizmo, a scripted human against a
computer, heard and seen through the host board's recorder
(``host.boards.current().audio`` and ``.lights``): each roll rattles
(noise clicks) and pulses the pixels, a bust plays its falling notes and
flashes red, a bank its rising notes, the win its tune and run; the seat
to act shows its colour; the amplifier is on only around the sounds; a
board without a speaker or NeoPixels plays the whole game; the levels
survive a power cut with the settings."""
import pytest
from conftest import frames, press, run_until

from host import boards
from host.simulation import GAMES, Simulation
from rollbox import app as app_module
from rollbox import play
from rollbox.view import SEATS

BUST, BANK, WIN, SEAT = 3, 4, 5, 6  # rollbox.play.cue's kinds (rollbox.sound)
NOISE_HZ = 150  # rollbox.sound's rattle voice
TICK_HZ = 2093  # its press tick (C7)
LOW = 0.05  # rollbox.lights' low brightness


def scaled(colour, brightness=LOW):
    """(r, g, b) of 0xRRGGBB at the neopixel library's ``brightness``."""
    return tuple(int((colour >> s & 0xFF) * brightness) for s in (16, 8, 0))


def played(board, game, **kw):
    """A whole game with sound quiet and lights low; returns (sim, cues):
    every ``rollbox.play.cue`` as (host ms, kind, arg)."""
    cues = []
    cue = play.cue

    def heard(app, kind, now, arg=0):
        cues.append((sim.clock.now, kind, arg))
        cue(app, kind, now, arg)

    play.cue = heard
    try:
        sim = Simulation(board=board, game=game, seats=(0, 2), seed=1, log=None, **kw)
        sim.run()
        frames(sim, 150)  # the win's tune and run play out (3 s)
    finally:
        play.cue = cue
    return sim, cues


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
@pytest.mark.parametrize("game", GAMES)
def test_each_moment_of_play_is_heard_and_seen(game, board):
    sim, cues = played(board, game)
    b = boards.current()
    audio, lights = b.audio, b.lights
    kinds = [k for _, k, _ in cues]
    assert kinds.count(0) >= 2 and kinds[-1] == WIN and WIN not in kinds[:-1]
    assert BUST in kinds or BANK in kinds
    presses = audio.presses()
    hz = [(t, round(p.frequency)) for t, _, p in presses]
    for t, kind, arg in cues:
        at = [f for s, f in hz if t <= s <= t + 20]  # the cue's frame
        if kind in (0, 1):
            assert NOISE_HZ in at, (kind, t)  # a rattle's click
            assert audio.amp_at(t + 1)
        elif kind in (BUST, BANK, WIN):  # (after the frame's ticks and the landing's click)
            at = [f for f in at if f not in (TICK_HZ, NOISE_HZ)]
            assert at and at[0] == {BUST: 392, BANK: 523, WIN: 523}[kind], (kind, t, at)
            assert audio.amp_at(t + 1)
        if kind == BUST:
            assert lights.colours_at(t + 1)[0] == scaled(0xFF0000), t  # the first red flash
        if kind == SEAT and arg >= 0 and not any(k in (BUST, BANK, WIN) and t - 600 < s <= t
                                                 for s, k, _ in cues):
            assert lights.colours_at(t + 1) == [scaled(SEATS[arg])] * b.lights.pixels
    win_t = cues[-1][0]
    tune = [f for s, f in hz if s >= win_t and f not in (TICK_HZ, NOISE_HZ)]
    assert tune == [523, 659, 784, 1047, 784, 1047]
    winner = cues[-1][2]
    run = [lights.colours_at(win_t + 60 * i + 30) for i in range(3)]
    assert all(sum(c != (0, 0, 0) for c in colours) == 1 for colours in run)  # one lit, moving
    assert run[0] != run[1] and scaled(SEATS[winner]) in run[0]
    assert not audio.amp_at(sim.clock.now)  # quiet again: the amplifier off


def test_no_speaker_and_no_pixels_plays_a_whole_game():
    sim, cues = played("generic", "pig")
    assert sim.app.sound is None and sim.app.lights is None
    assert sim.app.mode == app_module.OVER and cues[-1][1] == WIN


def test_sound_off_and_lights_off_leave_the_board_silent_and_dark(quiet_sim):
    sim = Simulation(game="pig", seats=(1, 2), seed=1, log=None, sound=0, lights=0)
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    start = sim.clock.now  # (the menu ticked until its Sound line was off)
    sim.run()
    b = boards.current()
    assert not [t for t, _, _ in b.audio.presses() if t >= start]
    assert not b.audio.amp_at(sim.clock.now)
    assert all(c == (0, 0, 0) for c in b.lights.colours_at())


def test_the_levels_survive_a_power_cut_with_the_settings(quiet_sim):
    sim = Simulation(game="pig", seats=(0, 1), log=None, sound=2, lights=2)
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)  # the settings saved at start
    nvm = sim.nvm
    again = quiet_sim(nvm=nvm)
    again.setup = []
    frames(again, 25)  # past the keys' start-up window
    assert (again.app.menu.sound, again.app.menu.lights) == (2, 2)
    assert again.app.sound.level == 2 and again.app.lights.level == 2
    press(again, "B")  # a press at high: the tick as loud as loud is
    assert boards.current().audio.presses()[-1][2].amplitude == 1.0
