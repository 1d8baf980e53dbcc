"""``neopixel_write`` for CircuitPython's unix port: writes nowhere. On a
board it allocates nothing for Rollbox's strips: the SAMD51 bit-bangs from
the buffer, the nRF52840 builds its PWM pattern on the stack for up to
24 pixels (STACK_PIXELS, ports/nordic/common-hal/neopixel_write/__init__.c:111)."""


def neopixel_write(digitalinout, buf):
    pass
