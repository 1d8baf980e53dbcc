"""``audioio`` for CircuitPython's unix port (silent), heap as on a SAMD51
(PyBadge, EdgeBadge, PyGamer) at CircuitPython cd3da4a5d8:

- ``AudioOut``: 176 bytes (audioio_audioout_obj_t,
  ports/atmel-samd/common-hal/audioio/AudioOut.h: two audio_dma_t of 72
  bytes, ports/atmel-samd/audio_dma.h; 164 bytes in 16-byte blocks;
  mp_obj_malloc_with_finaliser, shared-bindings/audioio/AudioOut.c:105).
- ``play()`` of a mono 16-bit Synthesizer: its DMA's two buffers, 2 x 512
  bytes (the sample's max_buffer_length, converted to the DAC's unsigned
  samples in place; m_realloc in audio_dma_setup_playback,
  ports/atmel-samd/audio_dma.c:203-222), kept after ``stop()`` until
  ``deinit()`` (audio_dma_stop frees none).
"""
import board
from _audioout import _Out

if board.board_id == "circuitplayground_bluefruit":  # the nRF52840's port has none
    raise ImportError("no module named 'audioio'")


class AudioOut(_Out):
    _OBJECT = 176
    _PLAY = 1024
    _KEEP = True
