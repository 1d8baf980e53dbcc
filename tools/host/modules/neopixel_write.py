"""Host stand-in for CircuitPython's ``neopixel_write`` (Blinka's drives a
Raspberry Pi's hardware): ``neopixel_write(digitalinout, buf)`` sends the
bytes to the host board's light log (``host.boards.current().lights``,
``host.lights``) instead of the strip, at the host clock's now. The
real Adafruit ``neopixel`` library runs on top unchanged (it has applied
its brightness and byte order to ``buf`` already)."""
import sys


def neopixel_write(digitalinout, buf):
    """Write ``buf`` (bytes, GRB order for the boards' NeoPixels) out of
    ``digitalinout``'s pin (a host ``digitalio.DigitalInOut``)."""
    import digitalio

    if not isinstance(digitalinout, digitalio.DigitalInOut):
        raise TypeError("digitalinout must be of type DigitalInOut, not %s"
                        % type(digitalinout).__name__)
    digitalinout._check()
    data = bytes(memoryview(buf).cast("B"))
    caller = sys._getframe(1).f_locals.get("self")  # the neopixel.NeoPixel showing, if any
    brightness = getattr(caller, "brightness", None)
    digitalinout._board.lights.show(digitalinout._pin.name, data, brightness)
