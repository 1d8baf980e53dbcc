"""Sound (issue 25): short synthesized sounds, never blocking, from one
audio output made once per power-on (freeing and making it again fragments
the heap) and one ``synthio.Synthesizer`` on it; no sound files. They are
made by ``rollbox.build.sound``, loaded for that moment.

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

from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

try:
    from typing import Any  # noqa: F401 (the annotations)
except ImportError:
    pass

LEVEL_NAMES = ("off", "quiet", "loud")
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

    # The attributes (set by rollbox.build.sound, for the type check):
    out: Any  # the audio output
    enable: Any  # the amplifier's DigitalInOut, or None
    synth: Any  # the synthio.Synthesizer playing on ``out``
    tone: Any  # the tunes' synthio.Note (a square wave)
    noise: Any  # the rattle's synthio.Note (noise)
    level: int
    tune: Any  # the tune playing: _TUNES' (frequency, ms) pairs, or ()
    at: int  # index of the tune's next note
    due: int  # ticks: the next note (or the tune's end)
    quiet: int  # ticks: the amplifier off from then (0: off already)

    def __init__(self, hw, level):
        import rollbox
        from rollbox import build  # the set-up's code: in RAM for the moment

        try:
            build.sound(self, hw, level)
        finally:
            rollbox.unload("rollbox.build")

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
