"""The host board's sound, recorded and rendered (issue 25). Host only.

Every call the device code makes on the audio stand-ins (``synthio``,
``audioio``, ``audiopwmio``, and the amplifier's ``digitalio`` pin,
``board.SPEAKER_ENABLE``) is logged by the board's :class:`AudioRecorder`
(``host.boards.current().audio``) as an :class:`Event` at the host clock's
``now`` (ms). :meth:`AudioRecorder.render` replays the log through
``host.synth`` (synthio's own arithmetic) into the board's sound track:
mono int16 PCM at :attr:`AudioRecorder.sample_rate`, sample ``i`` at host
time ``i * 1000 / sample_rate`` ms. The track is silent while no output
plays, while it is paused or stopped, and while the amplifier pin is low
(or not yet an output): a board's speaker gives nothing then either.

Timing: a synthesizer makes blocks of 256 samples from the moment an
output starts (or resumes) playing it; a change made at time t reaches the
first block that starts at or after t; stop and pause cut the sound at t,
the amplifier at the sample of t. A board's DMA buffers add a block or two
of delay that is not modelled.

Events (``kind``, ``source``, ``data``):

- ``synth``: a Synthesizer made (source); data ``(sample_rate, waveform, envelope)``
- ``press``, ``release``: source the Synthesizer, data ``(key, params)`` /
  ``key``; key a ``synthio.Note`` or a MIDI int, params a :class:`NoteParams`
  snapshot (None for an int); ``release_all``: data None
- ``envelope``: the synthesizer's envelope set (data the Envelope or None)
- ``note``: a Note's attribute set (source the Note, data ``(name, value)``)
- ``play`` (data the source played), ``stop``, ``pause``, ``resume``,
  ``deinit``: source the AudioOut / PWMAudioOut
- ``amp``: the amplifier pin's level (data True/False)
"""
import collections
import wave

import numpy as np

from host import clock as host_clock
from host import synth

Event = collections.namedtuple("Event", "t kind source data")
"""One logged call: ``t`` host ms, ``kind`` (module doc), ``source``, ``data``."""

DEFAULT_RATE = 11025  # synthio.Synthesizer's default sample_rate (Hz)


class NoteParams:
    """What of a Note the sound depends on, at one time (a snapshot)."""

    __slots__ = ("frequency", "amplitude", "panning", "bend", "waveform", "envelope")
    NAMES = __slots__

    @classmethod
    def of(cls, note):
        p = cls()
        for name in cls.NAMES:
            value = getattr(note, name)
            if name == "waveform" and value is not None:
                value = tuple(value)
            setattr(p, name, value)
        return p

    def __repr__(self):
        return "NoteParams(%s)" % ", ".join("%s=%r" % (n, getattr(self, n)) for n in self.NAMES
                                            if n != "waveform")


def sample_at(t_ms, rate):
    """The first sample (index) at or after host time ``t_ms``."""
    return -(-t_ms * rate // 1000)


class Clocked:
    """A :class:`host.synth.SynthModel` on the host clock: while running,
    one block every 256 samples from the sample it started at."""

    def __init__(self, model):
        self.model = model
        self.running = False
        self.next = 0  # the next block's first sample

    def advance(self, t_ms, sink=None):
        """Run the blocks that start before ``t_ms``; ``sink(first_sample,
        samples)`` takes their samples (None: no samples made)."""
        rate = self.model.sample_rate
        while self.running and self.next * 1000 < t_ms * rate:
            samples = self.model.block(sink is not None)
            if sink is not None:
                sink(self, self.next, samples)
            self.next += synth.BLOCK

    def start(self, t_ms, sink=None):
        self.advance(t_ms, sink)
        if not self.running:
            self.running = True
            self.next = sample_at(t_ms, self.model.sample_rate)

    def halt(self, t_ms, sink=None):
        self.advance(t_ms, sink)
        self.running = False


class OutputModel:
    """An AudioOut's state as CircuitPython keeps it: ``play`` stops what
    played first; a synthesizer plays until ``stop`` (it never ends)."""

    def __init__(self):
        self.source = None  # the Clocked played, or None
        self.paused = False

    @property
    def playing(self):
        return self.source is not None

    def play(self, t, clocked, sink=None):
        self.stop(t, sink)
        self.source = clocked
        self.paused = False
        clocked.start(t, sink)

    def stop(self, t, sink=None):
        if self.source is not None:
            self.source.halt(t, sink)
        self.source = None
        self.paused = False

    def pause(self, t, sink=None):
        if self.source is not None and not self.paused:
            self.paused = True
            self.source.halt(t, sink)

    def resume(self, t, sink=None):
        if self.source is not None and self.paused:
            self.paused = False
            self.source.start(t, sink)


class Stream:
    """The track from the start of the log, read forward in pieces
    (:meth:`read`): the window's live sound, and :meth:`AudioRecorder.render`.

    Attributes: ``rate`` (Hz), ``position`` (the next sample's index).
    """

    def __init__(self, recorder):
        self.recorder = recorder
        self.rate = recorder.sample_rate
        self.position = 0
        self._cursor = 0  # events applied
        self._synths = {}  # Synthesizer -> Clocked (a replayed model)
        self._outputs = {}  # output -> OutputModel
        self._params = {}  # Note -> NoteParams (as last logged)
        self._chunks = []  # [Clocked, first sample, int16 array]
        self._amp = [(0, not recorder.has_amp)]  # (sample, level) from that sample on

    def _sink(self, clocked, first, samples):
        self._chunks.append([clocked, first, samples])

    def _cut(self, clocked, t):
        """Stop and pause are immediate: drop what the last block has after ``t``."""
        end = sample_at(t, self.rate)
        for chunk in self._chunks:
            if chunk[0] is clocked and chunk[1] < end < chunk[1] + len(chunk[2]):
                chunk[2] = chunk[2][:end - chunk[1]]

    def _apply(self, ev):
        for clocked in self._synths.values():
            clocked.advance(ev.t, self._sink)
        kind, source, data = ev.kind, ev.source, ev.data
        if kind == "synth":
            rate, waveform, envelope = data
            model = synth.SynthModel(rate, waveform, envelope, params=self._params.__getitem__)
            self._synths[source] = Clocked(model)
        elif kind == "press":
            key, params = data
            if params is not None:
                self._params[key] = params
            self._synths[source].model.press(key)
        elif kind == "release":
            self._synths[source].model.release(data)
        elif kind == "release_all":
            self._synths[source].model.release_all()
        elif kind == "envelope":
            self._synths[source].model.set_envelope(data)
        elif kind == "note":
            params = self._params.get(source)
            if params is not None:
                setattr(params, data[0], tuple(data[1]) if data[0] == "waveform" and
                        data[1] is not None else data[1])
        elif kind == "amp":
            self._amp.append((sample_at(ev.t, self.rate), bool(data)))
        else:
            output = self._outputs.setdefault(source, OutputModel())
            before = output.source
            if kind == "play":
                output.play(ev.t, self._synths[data], self._sink)
            elif kind in ("stop", "deinit"):
                output.stop(ev.t, self._sink)
            elif kind == "pause":
                output.pause(ev.t, self._sink)
            elif kind == "resume":
                output.resume(ev.t, self._sink)
            if before is not None and (before is not output.source or output.paused):
                self._cut(before, ev.t)

    def read(self, t_ms):
        """The samples from :attr:`position` up to host time ``t_ms``
        (int16 numpy array, maybe empty); the position moves on."""
        events = self.recorder.events
        while self._cursor < len(events) and events[self._cursor].t <= t_ms:
            self._apply(events[self._cursor])
            self._cursor += 1
        for clocked in self._synths.values():
            clocked.advance(t_ms, self._sink)
        end = max(self.position, sample_at(t_ms, self.rate))
        n = end - self.position
        out = np.zeros(n, dtype=np.int32)
        keep = []
        for chunk in self._chunks:
            first, samples = chunk[1:]
            a, b = max(first, self.position), min(first + len(samples), end)
            if a < b:
                out[a - self.position:b - self.position] += samples[a - first:b - first]
            if first + len(samples) > end:
                keep.append(chunk)
        self._chunks = keep
        gate = np.zeros(n, dtype=bool)
        for i, (at, level) in enumerate(self._amp):
            until = self._amp[i + 1][0] if i + 1 < len(self._amp) else end
            a, b = max(at, self.position), min(until, end)
            if level and a < b:
                gate[a - self.position:b - self.position] = True
        last = max(i for i, (at, _) in enumerate(self._amp) if at <= end)
        self._amp = self._amp[last:]  # the level at the end, and any later changes
        self.position = end
        return np.where(gate, out, 0).clip(-32768, 32767).astype(np.int16)


class AudioRecorder:
    """The sound log of one host board (module doc).

    Attributes: ``events`` (list of :class:`Event`, time order), ``has_amp``
    (the board has an amplifier pin: silent until it is driven high).
    """

    def __init__(self, has_amp=True, clock=None):
        self.events = []
        self.has_amp = has_amp
        self._clock = clock or (lambda: host_clock.current().now)

    def log(self, kind, source=None, data=None):
        """Log one event at the host clock's now."""
        self.events.append(Event(self._clock(), kind, source, data))

    @property
    def sample_rate(self):
        """The track's rate (Hz): the first Synthesizer's, else 11025."""
        for ev in self.events:
            if ev.kind == "synth":
                return ev.data[0]
        return DEFAULT_RATE

    # --- what was played (for tests) ------------------------------------------------
    def presses(self):
        """``[(t, key, params)]``: every note pressed (key a Note or a MIDI
        int, params its :class:`NoteParams` at the press, None for an int)."""
        return [(ev.t, ev.data[0], ev.data[1]) for ev in self.events if ev.kind == "press"]

    def amp_at(self, t):
        """The amplifier pin's level at host ms ``t`` (False before it was driven;
        True on a board without one)."""
        level = not self.has_amp
        for ev in self.events:
            if ev.t > t:
                break
            if ev.kind == "amp":
                level = bool(ev.data)
        return level

    def playing_at(self, t):
        """True when an output plays (not paused) at host ms ``t``."""
        outputs = {}
        for ev in self.events:
            if ev.t > t:
                break
            if ev.kind == "play":
                outputs[ev.source] = True
            elif ev.kind in ("stop", "deinit", "pause"):
                if ev.kind != "pause" or outputs.get(ev.source):
                    outputs[ev.source] = False if ev.kind != "pause" else "paused"
            elif ev.kind == "resume" and outputs.get(ev.source) == "paused":
                outputs[ev.source] = True
        return any(v is True for v in outputs.values())

    def notes_at(self, t):
        """The note keys pressed and not released at host ms ``t`` (press
        order; envelopes aside: a released note may still ring)."""
        held = []
        for ev in self.events:
            if ev.t > t:
                break
            if ev.kind == "press":
                key = ev.data[0]
                if not any(synth.SynthModel.same(key, k) for k in held):
                    held.append(key)
            elif ev.kind == "release":
                held = [k for k in held if not synth.SynthModel.same(k, ev.data)]
            elif ev.kind == "release_all":
                held = []
        return held

    # --- the track --------------------------------------------------------------------
    def stream(self):
        """A :class:`Stream` from sample 0."""
        return Stream(self)

    def render(self, start_ms=0, end_ms=None):
        """The track from host ms ``start_ms`` to ``end_ms`` (None: now) as an
        int16 numpy array at :attr:`sample_rate`."""
        end_ms = self._clock() if end_ms is None else end_ms
        stream = Stream(self)
        stream.read(start_ms)
        return stream.read(end_ms)

    def write_wav(self, path, start_ms=0, end_ms=None):
        """Write :meth:`render`'s track to ``path`` (mono 16-bit WAV); returns
        the sample count."""
        samples = self.render(start_ms, end_ms)
        write_wav(path, samples, self.sample_rate)
        return len(samples)


def write_wav(path, samples, rate):
    """Write int16 ``samples`` to ``path``: a mono 16-bit PCM WAV at ``rate`` Hz."""
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(np.asarray(samples, dtype="<i2").tobytes())


class HostAudioOut:
    """What ``audioio.AudioOut`` and ``audiopwmio.PWMAudioOut`` share on the
    host (shared-bindings/audioio/AudioOut.c): ``AudioOut(left_channel, *,
    right_channel=None, quiescent_value=0x8000)`` claims the pin (a second
    one raises ValueError "... in use"); ``play(sample, *, loop=False)``
    (a ``synthio.Synthesizer`` only: it plays until ``stop()``), ``stop``,
    ``pause``, ``resume``, ``playing``, ``paused``, ``deinit`` (also on
    ``with``). Logged in the board's recorder."""

    MODULE = "audioio"

    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        from host import boards

        board = boards.current()
        board.require_module(self.MODULE)
        if left_channel is None:
            raise TypeError("left_channel must be of type Pin, not None")
        if left_channel is not board.attrs.get("SPEAKER"):
            raise ValueError("Invalid pins")  # the host plays board.SPEAKER only
        board.claim(left_channel)
        self._board = board
        self._pin = left_channel
        self._recorder = board.audio
        self._model = OutputModel()
        self._deinited = False

    def _check(self):
        if self._deinited:
            raise ValueError("Object has been deinitialized and can no longer be used."
                             " Create a new object.")

    def _now(self):
        return host_clock.current().now

    def play(self, sample, *, loop=False):
        self._check()
        clocked = getattr(sample, "_clocked", None)
        if clocked is None:
            raise TypeError("host audio plays a synthio.Synthesizer only, not %s"
                            % type(sample).__name__)
        sample._check()
        self._model.play(self._now(), clocked)
        self._recorder.log("play", self, sample)

    def stop(self):
        self._check()
        self._model.stop(self._now())
        self._recorder.log("stop", self)

    def pause(self):
        self._check()
        if not self._model.playing:
            raise RuntimeError("Not playing")
        self._model.pause(self._now())
        self._recorder.log("pause", self)

    def resume(self):
        self._check()
        if self._model.paused:
            self._model.resume(self._now())
            self._recorder.log("resume", self)

    @property
    def playing(self):
        self._check()
        return self._model.playing

    @property
    def paused(self):
        self._check()
        return self._model.paused

    def deinit(self):
        if self._deinited:
            return
        self._model.stop(self._now())
        self._recorder.log("deinit", self)
        self._board.release(self._pin)
        self._deinited = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
