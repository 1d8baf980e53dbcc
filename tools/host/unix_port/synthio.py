"""``synthio`` for CircuitPython's unix port (it has no audio): silent, but
each object holds on the heap what the C one holds on a board, from
CircuitPython cd3da4a5d8 (32-bit, MICROPY_OBJ_REPR_C: floats are not
heap objects, py/circuitpy_mpconfig.h:26; 16-byte GC blocks):

- ``Synthesizer``: 1,424 bytes. The object, 368 (synthio_synthesizer_obj_t:
  synthio_synth_t of shared-module/synthio/__init__.h:39-55 with 12 voices,
  CIRCUITPY_SYNTHIO_MAX_CHANNELS ports/atmel-samd/mpconfigport.mk:129 and
  ports/nordic/mpconfigport.mk:32, plus ``blocks``); its two sample
  buffers, 2 x 512 (256 samples x 2 bytes x 1 channel, m_malloc in
  synthio_synth_init, shared-module/synthio/__init__.c); ``blocks``, an
  empty list, 32 (16 + 4 items, LIST_MIN_ALLOC py/objlist.c:40).
- ``Note``: 128 bytes (synthio_note_obj_t, shared-module/synthio/Note.h:14-36,
  126 bytes; mp_obj_malloc in shared-bindings/synthio/Note.c:63).
- ``Envelope``: a 5-field namedtuple, 32 bytes (28), as in C.

A Python instance costs heap of its own (measured on circuitpython-unix32:
instance 16, its dict 16 and more as attributes come, a bytearray's header
16), so the bytearrays are that much shorter: measured totals, Synthesizer
1,424, Note 128, Envelope 32. An attribute the app adds to an instance
adds dict entries a board does not spend. ``pressed`` is the notes
pressed and not released (no envelopes run here).
"""
from collections import namedtuple

_E = namedtuple("Envelope", ("attack_time", "decay_time", "release_time", "attack_level",
                             "sustain_level"))


def Envelope(attack_time=0.1, decay_time=0.05, release_time=0.2, attack_level=1.0,  # noqa: N802
             sustain_level=0.8):
    return _E(attack_time, decay_time, release_time, attack_level, sustain_level)


class Note:
    def __init__(self, frequency, **kw):
        self._heap = bytearray(48)  # 128 with the instance and its dict
        self.frequency = frequency
        self.amplitude = kw.get("amplitude", 1.0)
        self.waveform = kw.get("waveform")
        self.envelope = kw.get("envelope")


class Synthesizer:
    def __init__(self, **kw):
        self._heap = bytearray(1312)  # object 368 + buffers 1,024, with the instance
        self.blocks = []  # 32, as in C
        self.sample_rate = kw.get("sample_rate", 11025)
        self.envelope = kw.get("envelope")
        self.pressed = ()

    def press(self, notes=()):
        if not isinstance(notes, (tuple, list)):
            notes = (notes,)
        self.pressed = tuple(n for n in self.pressed if n not in notes) + tuple(notes)

    def release(self, notes=()):
        if not isinstance(notes, (tuple, list)):
            notes = (notes,)
        self.pressed = tuple(n for n in self.pressed if n not in notes)

    def release_all(self):
        self.pressed = ()

    def deinit(self):
        self._heap = None
