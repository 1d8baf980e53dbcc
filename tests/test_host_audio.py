"""The host's sound and lights (issue 25): the synthio, audioio,
audiopwmio, digitalio, analogio and neopixel_write stand-ins, the board's
recorder and its renderer (``host.audio``, ``host.synth``, synthio's
arithmetic), the light log with the real ``neopixel`` library."""
import array
import wave

import numpy as np
import pytest
from conftest import audio_board, crossing_hz, run_tool

from host.audio import sample_at

RATE = 11025
BLOCK_MS = 256 * 1000 / RATE  # 23.2 ms


def speaker(amp=True):
    """A Synthesizer playing on board.SPEAKER of the board in use, the
    amplifier on (or off)."""
    import audioio
    import board
    import digitalio
    import synthio

    enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
    enable.switch_to_output(value=amp)
    out = audioio.AudioOut(board.SPEAKER)
    synth = synthio.Synthesizer(sample_rate=RATE)
    out.play(synth)
    return synth, out, enable


def sounding(samples):
    """Indexes of the samples that are not silent."""
    return np.flatnonzero(samples != 0)


def test_a_note_has_its_frequency_attack_release_and_amplitude():
    board, clock = audio_board()
    import synthio

    synth, out, _ = speaker()
    env = synthio.Envelope(attack_time=0.1, decay_time=0.0, release_time=0.2,
                           attack_level=1.0, sustain_level=1.0)
    note = synthio.Note(440, envelope=env)
    clock.advance(100)
    synth.press(note)
    clock.advance(500)
    assert synth.pressed == (note,)
    synth.release(note)
    assert synth.pressed == ()
    clock.advance(400)
    track = board.audio.render(0, 1000)
    assert len(track) == RATE and board.audio.sample_rate == RATE
    on = sounding(track)
    first, last = on[0], on[-1]
    assert sample_at(100, RATE) <= first < sample_at(100 + BLOCK_MS, RATE)  # the next block
    assert abs(crossing_hz(track[sample_at(300, RATE):sample_at(550, RATE)], RATE) - 440) < 2
    # full scale, square: 32767 x loudness (32767 x 32766 >> 15) >> 16 (synthio's Q16 mix)
    sustain = np.abs(track[sample_at(300, RATE):sample_at(550, RATE)]).max()
    assert sustain == (32767 * ((32767 * 32766) >> 15)) >> 16 == 16382
    peaks = np.abs(track).reshape(-1, 441).max(axis=1)  # 40 ms windows
    full = np.flatnonzero(peaks >= sustain)[0] * 441
    assert 0.08 < (full - first) / RATE < 0.13  # the attack (blocks of 23 ms)
    assert 0.17 < (last - sample_at(600, RATE)) / RATE < 0.24  # the release
    assert np.abs(track[sample_at(630, RATE):sample_at(700, RATE)]).max() < sustain


def test_a_note_changed_while_it_sounds_changes_at_the_next_block():
    board, clock = audio_board()
    import synthio

    synth, _, _ = speaker()
    note = synthio.Note(440)  # no envelope: full at once
    synth.press(note)
    clock.advance(300)
    note.frequency = 880
    note.amplitude = 0.5
    clock.advance(300)
    note.waveform = array.array("h", [0, 20000, 0, -20000])
    clock.advance(300)
    track = board.audio.render(0, 900)
    before = track[sample_at(50, RATE):sample_at(290, RATE)]
    after = track[sample_at(350, RATE):sample_at(590, RATE)]
    assert abs(crossing_hz(before, RATE) - 440) < 2 and abs(crossing_hz(after, RATE) - 880) < 4
    assert np.abs(after).max() == np.abs(before).max() // 2 or \
        abs(np.abs(after).max() - np.abs(before).max() / 2) <= 2
    last = track[sample_at(650, RATE):sample_at(890, RATE)]
    assert 3 <= len(np.unique(last)) <= 4  # the new 4-step waveform
    changed = sounding(np.diff(np.sign(track[sample_at(300, RATE) - 300:sample_at(330, RATE)])))
    assert len(changed) > 0


def test_the_amplifier_pin_stop_and_pause_silence_the_speaker():
    board, clock = audio_board()
    import synthio

    synth, out, enable = speaker(amp=False)
    synth.press(synthio.Note(440))
    clock.advance(200)
    enable.value = True  # 200..400 heard
    clock.advance(200)
    enable.value = False
    clock.advance(200)
    enable.value = True  # 600..700 heard, then paused, resumed at 800, stopped at 900
    clock.advance(100)
    out.pause()
    assert out.paused and out.playing
    clock.advance(100)
    out.resume()
    clock.advance(100)
    out.stop()
    assert not out.playing
    clock.advance(100)
    track = board.audio.render(0, 1000)

    def heard(a, b):
        return np.abs(track[sample_at(a, RATE):sample_at(b, RATE)]).max() > 0

    assert [heard(a, a + 100) for a in range(0, 1000, 100)] == [
        False, False, True, True, False, False, True, False, True, False]
    assert board.audio.amp_at(250) and not board.audio.amp_at(450)
    assert board.audio.playing_at(650) and not board.audio.playing_at(750)
    assert not board.audio.playing_at(950)
    assert sounding(track[sample_at(200, RATE):])[0] == 0  # at the pin's sample exactly
    assert board.level("SPEAKER_ENABLE", 450) is False


def test_pressing_a_pressed_note_attacks_again_from_its_level():
    """synthio_span_change_note: a note still in a voice (even releasing)
    goes back to ATTACK with its level and phase; a new one starts at 0."""
    board, clock = audio_board()
    import synthio

    synth, _, _ = speaker()
    env = synthio.Envelope(attack_time=0.05, release_time=1.0, sustain_level=0.5)
    note = synthio.Note(300, envelope=env)
    synth.press(note)
    clock.advance(300)
    synth.release(note)
    clock.advance(100)
    state, level = synth.note_info(note)
    assert state == synthio.EnvelopeState.RELEASE and 0.2 < level < 0.5
    synth.press(note)
    clock.advance(1)
    state, again = synth.note_info(note)
    assert state == synthio.EnvelopeState.ATTACK and again >= level * 0.9
    assert synth.pressed == (note,)
    assert [p[1] for p in board.audio.presses()] == [note, note]
    assert board.audio.notes_at(350) == [] and board.audio.notes_at(401) == [note]


def test_twelve_voices_and_midi_notes():
    board, clock = audio_board()
    import synthio

    synth, _, _ = speaker()
    synth.press(range(60, 73))  # 13 notes: the 13th finds no voice
    assert len(synth.pressed) == 12 and 72 not in synth.pressed
    synth.release_all()
    assert synth.pressed == ()
    synth.press(69)  # A4
    clock.advance(500)
    track = board.audio.render(200, 500)
    assert abs(crossing_hz(track, RATE) - 440) < 2
    assert abs(synthio.midi_to_hz(69) - 440) < 0.01


def test_the_real_neopixel_library_is_recorded_in_grb_with_its_brightness():
    board, clock = audio_board()
    import neopixel

    pixels = neopixel.NeoPixel(board.attrs["NEOPIXEL"], 5, brightness=0.5, auto_write=False)
    pixels[0] = (255, 0, 0)
    pixels[1] = (10, 200, 30)
    clock.advance(40)
    pixels.show()
    show = board.lights.last()
    assert show.t == 40 and show.pin == "NEOPIXEL" and show.brightness == 0.5
    assert show.data[:6] == bytes([0, 127, 0, 100, 5, 15])  # G, R, B at half
    assert board.lights.colours_at(40) == [(127, 0, 0), (5, 100, 15)] + [(0, 0, 0)] * 3
    assert board.lights.colours_at(39) == [(0, 0, 0)] * 5
    pixels.brightness = 1.0  # auto_write off: not shown until show()
    assert board.lights.colours_at()[0] == (127, 0, 0)
    pixels.show()
    assert board.lights.colours_at()[:2] == [(255, 0, 0), (10, 200, 30)]
    with pytest.raises(ValueError, match="NEOPIXEL in use"):
        neopixel.NeoPixel(board.attrs["NEOPIXEL"], 5)
    pixels.deinit()
    assert board.lights.colours_at() == [(0, 0, 0)] * 5


def test_the_boards_pins_sound_modules_and_battery():
    from host import boards

    for profile, pixels, module in (("pybadge", 5, "audioio"), ("edgebadge", 5, "audioio"),
                                    ("pygamer", 5, "audioio"), ("cpb_gizmo", 10, "audiopwmio")):
        board, _ = audio_board(profile)
        assert {"SPEAKER", "SPEAKER_ENABLE", "NEOPIXEL", "A6"} <= set(board.attrs)
        assert board.lights.pixels == pixels and board.audio.has_amp
        assert board.modules == (module,)
    board, _ = audio_board("generic")
    assert not {"SPEAKER", "SPEAKER_ENABLE", "NEOPIXEL", "A6"} & set(board.attrs)
    assert board.lights.pixels == 0
    board, _ = audio_board("cpb_gizmo")
    with pytest.raises(ImportError):
        import audioio  # noqa: F401 (the nRF52840 has no audioio)
    board, _ = audio_board("pybadge")
    import analogio

    battery = analogio.AnalogIn(boards.current().attrs["A6"])
    for volts in (3.7, 4.2, 3.3):
        board.battery_volts = volts
        reading = battery.value * battery.reference_voltage * 2 / 65535
        assert abs(reading - volts) < 0.005 and battery.value & 0xF == battery.value >> 12
    board.battery_volts = 8.0  # over the ADC's reference: full scale
    assert battery.value == 65535


def test_the_wav_of_a_short_sim_has_the_games_length(tmp_path):
    out = tmp_path / "sim"
    run = run_tool("sim", "--goal", "20", "--seats", "human,easy", "--seed", "2",
                   "--out", str(out))
    assert run.returncode == 0, run.stderr
    line = [x for x in run.stdout.splitlines() if "s of play simulated" in x][0]
    seconds = float(line.split(" s of play simulated")[0].split("; ")[-1])
    with wave.open(str(out / "game.wav")) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE)
        assert abs(w.getnframes() / RATE - seconds) < 0.05
