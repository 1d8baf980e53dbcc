"""Host stand-in for CircuitPython's ``synthio`` (shared-bindings/synthio at
cd3da4a5d8): ``Synthesizer``, ``Note``, ``Envelope``, ``EnvelopeState``,
``midi_to_hz``, ``voct_to_hz``. The voices run in ``host.synth`` (synthio's
arithmetic, block by block) while an output plays the synthesizer; every
call is logged in the board's recorder (``host.boards.current().audio``),
which makes the sound from that log (``host.audio``).

Not here: LFO, Math, Biquad, MidiTrack, ring modulation (BlockInputs are
numbers only).
"""
import collections

from host import audio as _audio
from host import boards as _boards
from host import clock as _clock
from host import synth as _synth

waveform_max_length = 16384  # SYNTHIO_WAVEFORM_SIZE


class EnvelopeState:
    """Where a note's envelope is (``Synthesizer.note_info``)."""

    ATTACK = _synth.ATTACK
    DECAY = _synth.DECAY
    SUSTAIN = _synth.SUSTAIN
    RELEASE = _synth.RELEASE


_EnvelopeBase = collections.namedtuple(
    "Envelope", "attack_time decay_time release_time attack_level sustain_level")


class Envelope(_EnvelopeBase):
    """synthio.Envelope: keyword-only, defaults 0.1 s, 0.05 s, 0.2 s, 1.0, 0.8
    (shared-bindings/synthio/__init__.c)."""

    __slots__ = ()

    def __new__(cls, *, attack_time=0.1, decay_time=0.05, release_time=0.2, attack_level=1.0,
                sustain_level=0.8):
        for name, value in (("attack_time", attack_time), ("decay_time", decay_time),
                            ("release_time", release_time)):
            if float(value) < 0:
                raise ValueError("%s must be >= 0" % name)
        for name, value in (("attack_level", attack_level), ("sustain_level", sustain_level)):
            if not 0 <= float(value) <= 1:
                raise ValueError("%s must be 0-1" % name)
        return super().__new__(cls, float(attack_time), float(decay_time), float(release_time),
                               float(attack_level), float(sustain_level))


def _waveform(value, name="waveform"):
    """parse_common: None, or a buffer of typecode 'h', 2..16384 long."""
    if value is None:
        return None
    try:
        view = memoryview(value)
    except TypeError:
        raise TypeError("object with buffer protocol required") from None
    if view.format != "h":
        raise ValueError("%s must be array of type 'h'" % name)
    if not 2 <= len(view) <= waveform_max_length:
        raise ValueError("%s length must be 2-%d" % (name, waveform_max_length))
    return value


def _envelope(value):
    if value is not None and not isinstance(value, Envelope):
        raise TypeError("envelope must be of type Envelope, not %s" % type(value).__name__)
    return value


def _number(value, name):
    if value is None:
        return 0.0
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("%s must be of type BlockInput, not %s" % (name, type(value).__name__))
    return float(value)


class Note:
    """synthio.Note(frequency, *, panning=0, amplitude=1, bend=0,
    waveform=None, envelope=None, ...): every attribute may change while
    the note sounds (logged as a ``note`` event)."""

    def __init__(self, frequency, *, panning=0.0, amplitude=1.0, bend=0.0, waveform=None,
                 waveform_loop_start=0, waveform_loop_end=waveform_max_length, envelope=None,
                 filter=None, ring_frequency=0.0, ring_bend=0.0, ring_waveform=None,
                 ring_waveform_loop_start=0, ring_waveform_loop_end=waveform_max_length):
        if filter is not None or ring_frequency or ring_waveform is not None:
            raise NotImplementedError("host synthio: no filter or ring modulation")
        object.__setattr__(self, "_ready", False)
        self.frequency = frequency
        self.panning = panning
        self.amplitude = amplitude
        self.bend = bend
        self.waveform = waveform
        self.envelope = envelope
        self.waveform_loop_start = waveform_loop_start
        self.waveform_loop_end = waveform_loop_end
        self.filter = None
        self.ring_frequency = 0.0
        self.ring_bend = 0.0
        self.ring_waveform = None
        object.__setattr__(self, "_ready", True)

    def __setattr__(self, name, value):
        if name == "frequency":
            value = float(value)
            if not 0 <= value <= 32767:
                raise ValueError("frequency must be 0-32767")
        elif name in ("panning", "amplitude", "bend", "ring_bend"):
            value = _number(value, name)
        elif name in ("waveform", "ring_waveform"):
            value = _waveform(value, name)
        elif name == "envelope":
            value = _envelope(value)
        object.__setattr__(self, name, value)
        if self._ready and name in _audio.NoteParams.NAMES:
            _log(self, "note", (name, value))


def _log(source, kind, data):
    recorder = getattr(source, "_recorder", None)
    if recorder is None:  # a Note: every board's log that has seen it
        for rec in _recorders_with(source):
            rec.log(kind, source, data)
    else:
        recorder.log(kind, source, data)


_seen = {}  # id(Note) -> (Note, [recorders]) for the notes pressed on some synth


def _recorders_with(note):
    entry = _seen.get(id(note))
    return entry[1] if entry and entry[0] is note else ()


def _validate_note(note):
    if isinstance(note, bool) or not isinstance(note, (int, Note)):
        raise TypeError("note must be of type int or Note, not %s" % type(note).__name__)
    if isinstance(note, int) and not 0 <= note <= 127:
        raise ValueError("note must be 0-127")
    return note


def _notes(arg):
    if isinstance(arg, (int, Note)) and not isinstance(arg, bool):
        return [_validate_note(arg)]
    return [_validate_note(n) for n in arg]


class Synthesizer:
    """synthio.Synthesizer(*, sample_rate=11025, channel_count=1,
    waveform=None, envelope=None): plays on an ``audioio.AudioOut`` /
    ``audiopwmio.PWMAudioOut`` (``out.play(synth)``)."""

    max_polyphony = _synth.VOICES
    bits_per_sample = 16

    def __init__(self, *, sample_rate=11025, channel_count=1, waveform=None, envelope=None):
        if not 1 <= channel_count <= 2:
            raise ValueError("channel_count must be 1-2")
        self.sample_rate = int(sample_rate)
        self.channel_count = channel_count
        self.waveform = _waveform(waveform)
        self._envelope = _envelope(envelope)
        self.blocks = []
        self._deinited = False
        self._recorder = _boards.current().audio
        model = _synth.SynthModel(self.sample_rate, self.waveform, envelope)
        self._clocked = _audio.Clocked(model)
        self._recorder.log("synth", self, (self.sample_rate, None if waveform is None
                                           else tuple(waveform), envelope))

    def _check(self):
        if self._deinited:
            raise ValueError("Object has been deinitialized and can no longer be used."
                             " Create a new object.")

    def _now(self):
        """The voices brought up to the host clock's now."""
        now = _clock.current().now
        self._clocked.advance(now)
        return now

    @property
    def envelope(self):
        return self._envelope

    @envelope.setter
    def envelope(self, value):
        self._check()
        self._now()
        self._envelope = _envelope(value)
        self._clocked.model.set_envelope(value)
        self._recorder.log("envelope", self, value)

    def press(self, press=()):
        self._check()
        self._now()
        for note in _notes(press):
            if isinstance(note, Note):
                entry = _seen.setdefault(id(note), (note, []))
                if entry[0] is not note:
                    entry = _seen[id(note)] = (note, [])
                if self._recorder not in entry[1]:
                    entry[1].append(self._recorder)
                params = _audio.NoteParams.of(note)
            else:
                params = None
            self._clocked.model.press(note)
            self._recorder.log("press", self, (note, params))

    def release(self, release=()):
        self._check()
        self._now()
        for note in _notes(release):
            self._clocked.model.release(note)
            self._recorder.log("release", self, note)

    def release_all(self):
        self._check()
        self._now()
        self._clocked.model.release_all()
        self._recorder.log("release_all", self, None)

    def change(self, release=(), press=(), retrigger=()):
        self.release(release)
        self.press(press)

    release_then_press = change

    def release_all_then_press(self, press=()):
        self.release_all()
        self.press(press)

    @property
    def pressed(self):
        """The notes pressed and not released (voices in use, not in RELEASE)."""
        self._check()
        self._now()
        return self._clocked.model.pressed()

    def note_info(self, note):
        """(EnvelopeState, level 0..1) of ``note``, or (None, 0.0)."""
        self._check()
        self._now()
        return self._clocked.model.note_info(note)

    def deinit(self):
        self._deinited = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


def midi_to_hz(midi_note):
    """common_hal_synthio_midi_to_hz_float."""
    return voct_to_hz(midi_note / 12.0 - 3)


def voct_to_hz(octave):
    return _synth.NOTES[0] * 2.0 ** (octave - 7)
