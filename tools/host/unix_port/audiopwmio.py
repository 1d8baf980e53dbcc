"""``audiopwmio`` for CircuitPython's unix port (silent), heap as on the
nRF52840 (Circuit Playground Bluefruit) at CircuitPython cd3da4a5d8:

- ``PWMAudioOut``: 48 bytes (audiopwmio_pwmaudioout_obj_t, 40 bytes,
  ports/nordic/common-hal/audiopwmio/PWMAudioOut.h;
  mp_obj_malloc_with_finaliser, shared-bindings/audiopwmio/PWMAudioOut.c:104).
- ``play()`` of a mono 16-bit Synthesizer: two PWM buffers of
  max_buffer_length (512) x 2 x sizeof(uint16_t) = 2,048 bytes each, 4,096
  (ports/nordic/common-hal/audiopwmio/PWMAudioOut.c:257-267), freed by
  ``stop()`` (free_buffers).
"""
from _audioout import _Out


class PWMAudioOut(_Out):
    _OBJECT = 48
    _PLAY = 4096
    _KEEP = False
