"""synthio's synthesizer as CircuitPython computes it, block by block
(host only): the voices, envelopes and mix-down of
shared-module/synthio/__init__.c and Synthesizer.c at CircuitPython
cd3da4a5d8, ported to Python and numpy. The host ``synthio`` stand-in runs
it without sound (for ``pressed`` and ``note_info``); the recorder
(``host.audio``) runs it again from the log to make the samples.

What it follows from the C source:

- Samples come in blocks of ``BLOCK`` (256, ``SYNTHIO_MAX_DUR``) per call
  of ``synthio_synth_synthesize``; a press, release or change of a note
  takes effect at the next block; the envelope steps once a block.
- 12 voices (``CIRCUITPY_SYNTHIO_MAX_CHANNELS`` on SAMD51 and nRF52840,
  ports/*/mpconfigport.mk). A press finds the note's voice if it has one
  (also while it is releasing) and puts it back in ATTACK without
  restarting its level or phase; else a free voice, else the releasing voice
  with the lowest level; else the press is dropped. A voice is freed the
  block after its level reaches 0.
- Envelope (``synthio_envelope_definition_set``): levels are 0..32767,
  steps are level changes per block (a time of 0 is one block).
  No envelope: attack, decay and release in one block, sustain 1.0.
- Oscillator: 16.16 fixed-point phase over the waveform (default square
  ``{-32768, 32767}``), no interpolation; a note above Nyquist is silent.
- Loudness: envelope level x amplitude x (mono: the left) panning, in
  Q15, changed at a zero crossing within a block; voices summed and
  compressed above +-28000 (``synthio_mix_down_sample``).

Not modelled: LFOs and other BlockInputs (numbers only), filters, ring
modulation, stereo (``channel_count=2`` renders its left channel),
``waveform_loop_start``/``end``.

Units: frequency Hz, levels int (0..32767), samples int16, times in samples.
"""
import numpy as np

BLOCK = 256  # SYNTHIO_MAX_DUR: samples per block
VOICES = 12  # CIRCUITPY_SYNTHIO_MAX_CHANNELS (SAMD51, nRF52840)
SHIFT = 16  # SYNTHIO_FREQUENCY_SHIFT
SQUARE = (-32768, 32767)
MIX_LOW, MIX_HIGH = -28000, 28000
MIX_SCALE = 0xFFFFFFF // (32768 * VOICES - MIX_HIGH)  # SYNTHIO_MIX_DOWN_SCALE(12) = 735
ATTACK, DECAY, SUSTAIN, RELEASE = 1, 2, 3, 4  # synthio.EnvelopeState values
NOTES = (8372, 8870, 9397, 9956, 10548, 11175, 11840, 12544, 13290, 14080, 14917, 15804)
ALMOST_ONE = np.float32(32767.0 / 32768)


def f32(x):
    """``x`` as the board's ``mp_float_t`` (single precision)."""
    return np.float32(x)


def _rate(sample_rate, time, difference):
    """convert_time_to_rate: level change per block for ``difference`` over
    ``time`` seconds."""
    samples = int(np.round(f32(time) * np.float32(sample_rate)))
    if samples == 0:
        return 32767
    result = min(32767, max(1, abs(difference * BLOCK) // samples))
    return -result if difference < 0 else result


def envelope_def(envelope, sample_rate):
    """(attack_step, decay_step, release_step, attack_level, sustain_level)
    of a ``synthio.Envelope`` (None: the no-envelope one)."""
    if envelope is None:
        return (32767, -32767, -32767, 32767, 32767)
    attack_time, decay_time, release_time, attack, sustain = envelope
    attack_level = int(f32(32767) * f32(attack))
    sustain_level = int(f32(32767) * f32(sustain) * f32(attack))
    return (_rate(sample_rate, attack_time, attack_level),
            -_rate(sample_rate, decay_time, attack_level - sustain_level),
            -_rate(sample_rate, release_time, sustain_level or attack_level),
            attack_level, sustain_level)


def scaled(value, lo, hi):
    """synthio_block_slot_get_scaled: ``value`` clipped, in Q15."""
    value = min(max(f32(value), f32(lo)), f32(hi))
    return int(np.round(np.ldexp(np.float32(value), 15)))


def pitch_bend(frequency_scaled, bend):
    """Note.c pitch_bend (``bend`` in Q15 octaves)."""
    table = (0, 1948, 4013, 6200, 8517, 10972, 13573, 16329, 19248, 22341, 25618, 29090, 32768)
    octave = bend >> 15
    bend &= 0x7FFF
    semitone_q16 = bend * 24
    semitone, frac = semitone_q16 >> 16, semitone_q16 & 0xFFFF
    f = ((table[semitone] * (65535 - frac) + table[semitone + 1] * frac) >> 16) + 32768
    shift = 15 - octave
    return (frequency_scaled * f) >> shift if shift >= 0 else (frequency_scaled * f) << -shift


class Voice:
    """One of the synthesizer's channels."""

    __slots__ = ("note", "level", "substep", "state", "accum", "active")

    def __init__(self):
        self.note = None  # a note key (Note or MIDI int), None: silent
        self.level = 0
        self.substep = 0
        self.state = ATTACK
        self.accum = 0
        self.active = 0  # the loudness in use (changes at a zero crossing)


class SynthModel:
    """The state of one ``synthio.Synthesizer``.

    :param sample_rate: Hz.
    :param waveform: the synthesizer's waveform (a sequence of int16), None: square.
    :param envelope: its ``Envelope`` (a 5-tuple), or None.
    :param params: ``params(key)`` -> an object with ``frequency``,
        ``amplitude``, ``panning``, ``bend``, ``waveform``, ``envelope`` for
        a Note key (a host ``synthio.Note``, or a snapshot of one).
    """

    def __init__(self, sample_rate, waveform=None, envelope=None, params=lambda key: key):
        self.sample_rate = sample_rate
        self.waveform = np.asarray(SQUARE if waveform is None else waveform, dtype=np.int64)
        self.params = params
        self.voices = [Voice() for _ in range(VOICES)]
        self._defs = {}  # note key -> (envelope object, its definition)
        self.set_envelope(envelope)

    def set_envelope(self, envelope):
        self.envelope = envelope
        self.global_def = envelope_def(envelope, self.sample_rate)

    def _def(self, key):
        if type(key) is int:
            return self.global_def
        env = self.params(key).envelope
        if env is None:
            return self.global_def
        cached = self._defs.get(id(key))
        if cached is None or cached[0] is not env:
            cached = self._defs[id(key)] = (env, envelope_def(env, self.sample_rate))
        return cached[1]

    # --- note changes (synthio_span_change_note) -------------------------------------
    @staticmethod
    def same(a, b):
        """Two note keys are one note: the same Note, or equal MIDI ints."""
        return a is b or type(a) is int and type(b) is int and a == b

    def _find(self, key):
        """find_channel_with_note: the voice of ``key``; for None a free
        voice, else the quietest releasing one; -1 for none."""
        for i, v in enumerate(self.voices):
            if v.note is None and key is None or \
                    v.note is not None and key is not None and self.same(v.note, key):
                return i
        if key is None:
            best, level = -1, 32768
            for i, v in enumerate(self.voices):
                if v.state == RELEASE and v.level < level:
                    best, level = i, v.level
            return best
        return -1

    def press(self, key):
        """Press ``key`` (a Note key or a MIDI int); False when no voice took it."""
        i = self._find(key)
        if i >= 0:
            self.voices[i].state = ATTACK  # already sounding: attack again
            return True
        i = self._find(None)
        if i < 0:
            return False
        v = self.voices[i]
        v.note, v.level, v.substep, v.state, v.accum = key, 0, 0, ATTACK, 0
        self._step(v, self._def(key), BLOCK)
        return True

    def release(self, key):
        i = self._find(key)
        if i >= 0:
            self.voices[i].state = RELEASE

    def release_all(self):
        for v in self.voices:
            if v.note is not None:
                v.state = RELEASE

    def pressed(self):
        """The pressed notes (voices in use and not releasing), voice order."""
        return tuple(v.note for v in self.voices if v.note is not None and v.state != RELEASE)

    def note_info(self, key):
        """(state, level 0..1) of ``key``'s voice, or (None, 0.0)."""
        for v in self.voices:
            if v.note is not None and self.same(v.note, key):
                return v.state, v.level / 32767.0
        return None, 0.0

    # --- one block -------------------------------------------------------------------
    @staticmethod
    def _step(v, d, n):
        """synthio_envelope_state_step by ``n`` samples."""
        attack_step, decay_step, release_step, attack_level, sustain_level = d
        v.substep += n
        while v.substep >= BLOCK:
            v.substep -= BLOCK
            if v.state == ATTACK:
                v.level = min(v.level + attack_step, attack_level)
                if v.level == attack_level:
                    v.state = DECAY
            elif v.state == DECAY:
                v.level = max(v.level + decay_step, sustain_level)
                if v.level == sustain_level:
                    v.state = SUSTAIN
            elif v.state == RELEASE:
                v.level = max(v.level + release_step, 0)

    def block(self, synthesize=True):
        """Run one block: its BLOCK int16 samples (numpy), or None when
        ``synthesize`` is False (envelopes and voices only)."""
        out = np.zeros(BLOCK, dtype=np.int64) if synthesize else None
        sr = self.sample_rate
        for v in self.voices:
            if v.note is None:
                continue
            if v.level == 0:
                v.note = None  # finished: noticed now
                continue
            if synthesize:
                self._voice_into(v, out, sr)
        if synthesize:
            out = np.where(out < MIX_LOW, ((out - MIX_LOW) * MIX_SCALE >> 16) + MIX_LOW, out)
            out = np.where(out > MIX_HIGH, ((out - MIX_HIGH) * MIX_SCALE >> 16) + MIX_HIGH, out)
            out = out.astype(np.int16)  # C stores to int16 (wraps like the board)
        for v in self.voices:
            if v.note is not None:
                self._step(v, self._def(v.note), BLOCK)
        return out

    def _voice_into(self, v, out, sr):
        key = v.note
        loudness = v.level
        waveform = self.waveform
        if type(key) is int:
            octave, base = key // 12, NOTES[key % 12]
            length = len(waveform)
            rate = (sr // 2 + ((base * length) << (SHIFT - 10 + octave))) // sr
        else:
            p = self.params(key)
            panning = scaled(p.panning, -ALMOST_ONE, ALMOST_ONE)
            left = 32768 if panning < 0 else 32767 - panning
            amplitude = scaled(p.amplitude, -ALMOST_ONE, ALMOST_ONE)
            left = (left * amplitude) >> 15
            loudness = (loudness * left) >> 15
            frequency_scaled = int(f32(p.frequency) * f32(1 << SHIFT) + f32(0.5))
            frequency_scaled = pitch_bend(frequency_scaled, scaled(p.bend, -12, 12))
            if p.waveform is not None:
                waveform = np.asarray(p.waveform, dtype=np.int64)
            length = len(waveform)
            rate = (sr // 2 + frequency_scaled * length) // sr
        lim = length << SHIFT
        if rate > lim // 2:
            return  # beyond Nyquist: not played
        accum = v.accum
        if accum > lim:
            accum %= lim
        a = accum + rate * np.arange(1, BLOCK + 1, dtype=np.int64)
        over = a > lim
        a[over] -= lim * ((a[over] - lim + lim - 1) // lim)
        v.accum = int(a[-1])
        words = waveform[np.minimum(a >> SHIFT, length - 1)]
        # the loudness changes at the first zero crossing (assign_loudness)
        active = np.full(BLOCK, v.active, dtype=np.int64)
        if v.active != loudness:
            prev = np.concatenate(([0], words[:-1]))
            # last_word is the latest non-crossing word; a crossing needs it nonzero
            crossing = (words == 0) | (prev > 0) & (words < 0) | (prev < 0) & (words > 0)
            hits = np.flatnonzero(crossing)
            if len(hits):
                active[hits[0]:] = loudness
        v.active = loudness
        prod = words * active
        out += np.where(prod < 0, (prod + 0xFFFF) >> 16, prod >> 16).clip(-32768, 32767)
