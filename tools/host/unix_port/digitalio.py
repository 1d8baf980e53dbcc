"""``digitalio`` for CircuitPython's unix port: ``adafruit_lis3dh`` imports
it (for an interrupt pin Rollbox never passes); the app drives the
speaker's amplifier (``board.SPEAKER_ENABLE``) and ``neopixel`` its pin.
On a board a ``DigitalInOut`` is 16 bytes (12: base, pin, two bools,
ports/atmel-samd/common-hal/digitalio/DigitalInOut.h; 8 on the nRF52840;
mp_obj_malloc, shared-bindings/digitalio/DigitalInOut.c:76); here an
instance with its dict is 32-48, the least a Python object costs."""


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DigitalInOut:
    def __init__(self, pin):
        self.value = False
        self.direction = 0

    def switch_to_output(self, value=False, **kw):
        self.direction = 1
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = 0

    def deinit(self):
        pass
