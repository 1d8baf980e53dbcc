"""Sound (issue 25): short synthesized sounds, never blocking, from one
audio output made once per power-on (freeing and making it again fragments
the heap) and one ``synthio.Synthesizer`` on it; no sound files.

Cues (``rollbox.play.cue``'s kinds, plain ints): 0 a roll begins (a
rattle's first click), 1 the tumbling faces change (a click of noise, as
loud as the shake: ``strength`` 1..8), 2 a button press or a die kept (a
short tick), 3 a bust (three falling notes), 4 a bank or hold (two rising
notes), 5 a win (a six-note tune), 6 the seat to act changes (silent).
Each cue but a tick replaces the tune playing; :meth:`Sound.step` plays the next note
of a tune when its time comes and turns the speaker amplifier
(``board.SPEAKER_ENABLE``) off once all is quiet.

The output: ``audioio.AudioOut`` on the SAMD51 boards, ``audiopwmio.PWMAudioOut``
on the nRF52840 (it has no ``audioio``); ``hw.speaker`` gives the speaker
pin and the amplifier pin (``rollbox.hardware``). Levels:
:data:`LEVEL_NAMES` (the menu's Sound line); quiet is a quarter of loud.
A Synthesizer at 11025 Hz mono holds two 256-sample buffers (about 1 KB,
CircuitPython shared-module/synthio/__init__.c ``synthio_synth_init``).
Known fault left as it is: a display refresh can glitch ``audioio``
playback on the SAMD51 (circuitpython #1762, #7322): the sounds are short.
"""

import array

import synthio
from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

LEVEL_NAMES = ("off", "quiet", "loud")
_RATE = const(11025)  # Hz: enough for clicks and square-wave tunes
_QUIET_MS = const(60)  # after the last note's release, the amplifier goes off
# Tunes: (frequency Hz, length ms) pairs, flat. Notes of C major.
_TUNES = (
    (),  # roll: the rattle's clicks only
    (),  # face change: a click
    (2093, 12),  # a press: C7, a tick
    (392, 110, 311, 110, 196, 260),  # bust: G4 E-flat4 G3, falling
    (523, 70, 784, 140),  # bank or hold: C5 G5, rising
    (523, 110, 659, 110, 784, 110, 1047, 160, 784, 90, 1047, 320),  # win
    (),  # the seat to act: lights only
)
_AMPLITUDE = (0.0, 0.25, 1.0)  # by level


class Sound:
    """The board's speaker. ``hw``: a ``rollbox.Hardware`` whose
    ``speaker`` is (speaker pin, amplifier pin or None);
    ``level``: 1 quiet or 2 loud (0: made silent).

    :raises ImportError: the board's CircuitPython has no such audio module
        or no ``synthio`` (the app then plays no sound, saying nothing).
    :raises ValueError, RuntimeError: the pin cannot play audio.
    """

    def __init__(self, hw, level):
        pin, enable = hw.speaker
        try:
            import audioio

            out = audioio.AudioOut(pin)
        except ImportError:  # the nRF52840's port: PWM audio only
            import audiopwmio

            out = audiopwmio.PWMAudioOut(pin)
        self.enable = None
        if enable is not None:
            import digitalio

            self.enable = digitalio.DigitalInOut(enable)
            self.enable.switch_to_output(value=False)
        synth = synthio.Synthesizer(sample_rate=_RATE)
        self.out = out
        self.synth = synth
        # Two voices: the tunes' square wave, and the rattle's noise (a
        # cycle of 64 random samples at ~150 Hz: about 9,600 random steps a second).
        env = synthio.Envelope(attack_time=0.002, decay_time=0.02, release_time=0.03,
                               attack_level=1.0, sustain_level=0.8)
        noise = array.array("h", (((i * 7919 + 13) * 2654435761 >> 16) % 40000 - 20000
                                  for i in range(64)))
        # (press() and release() take one Note without making a tuple;
        # pressing a note that still sounds strikes it again: synthio_span_change_note)
        self.tone = synthio.Note(frequency=440, envelope=env)
        self.noise = synthio.Note(frequency=150, waveform=noise, envelope=synthio.Envelope(
            attack_time=0.001, decay_time=0.035, release_time=0.01, attack_level=1.0,
            sustain_level=0.0))
        self.level = level
        self.tune = ()
        self.at = 0  # index of the tune's next note
        self.due = 0  # ticks: the next note (or the tune's end)
        self.quiet = 0  # ticks: the amplifier off from then (0: off already)
        out.play(synth)

    def cue(self, kind, now, strength=8):
        """The sound of cue ``kind`` (the module's list) starts at ``now``
        (ms, ``ticks_ms``); ``strength`` 1..8 scales a rattle's click."""
        if not self.level or kind == 6 or kind == 2 and self.tune:  # (no tick over a tune)
            return
        self._on(now)
        synth = self.synth
        if kind <= 1:  # a rattle's click, on the noise voice
            self.noise.amplitude = _AMPLITUDE[self.level] * strength / 8
            synth.release(self.noise)
            synth.press(self.noise)
            self.quiet = ticks_add(now, 100 + _QUIET_MS)
            return
        self.tune = _TUNES[kind]
        self.at = 0
        self.due = now
        self.step(now)

    def step(self, now):
        """The frame's work (ms, ``ticks_ms``): the tune's next note when it
        is due, the amplifier off once quiet. Allocates nothing."""
        tune = self.tune
        if tune and ticks_diff(now, self.due) >= 0:
            at = self.at
            tone = self.tone
            if at < len(tune):
                tone.frequency = tune[at]
                tone.amplitude = _AMPLITUDE[self.level]
                self.synth.release(tone)  # each note struck again
                self.synth.press(tone)
                self.due = ticks_add(self.due, tune[at + 1])
                self.at = at + 2
                self.quiet = ticks_add(self.due, _QUIET_MS)
            else:
                self.synth.release(tone)
                self.tune = ()
        if self.quiet and ticks_diff(now, self.quiet) >= 0 and not self.tune:
            self.quiet = 0
            if self.enable is not None:
                self.enable.value = False

    def _on(self, now):
        if self.enable is not None and not self.quiet:
            self.enable.value = True
        self.quiet = ticks_add(now, _QUIET_MS)

    def set_level(self, level):
        """Level 0 off (all notes let go, the amplifier off), 1 quiet, 2 loud."""
        self.level = level
        if not level:
            self.synth.release_all()
            self.tune = ()
            self.quiet = 0
            if self.enable is not None:
                self.enable.value = False
