"""Host stand-in for CircuitPython's ``analogio.AnalogIn`` (Blinka's raises
NotImplementedError on a PC). ``value`` is what the board's ADC gives for
the host board's voltage at the pin (``HostBoard.volts(name)``: on the
badges ``board.A6`` reads the battery through a 1/2 divider, set
``host.boards.current().battery_volts``), in the chip's resolution spread
over 16 bits as the port does it: SAMD51 12-bit ``(v << 4) | (v >> 8)``
(ports/atmel-samd/common-hal/analogio/AnalogIn.c), nRF52840 14-bit
``(v << 2) | (v >> 12)`` (ports/nordic/common-hal/analogio/AnalogIn.c);
``reference_voltage`` 3.3 on both."""
from host import boards as _boards


class AnalogIn:
    """analogio.AnalogIn(pin): an analog pin of the board ("Pin ... does
    not have ADC capabilities" otherwise)."""

    def __init__(self, pin):
        board = _boards.current()
        if getattr(pin, "name", None) not in board.analog:
            raise ValueError("%r does not have ADC capabilities" % (pin,))
        board.claim(pin)
        self._board = board
        self._pin = pin

    def _check(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used."
                             " Create a new object.")

    @property
    def value(self):
        self._check()
        bits = self._board.adc_bits
        top = (1 << bits) - 1
        volts = self._board.volts(self._pin.name)
        v = max(0, min(top, round(volts / self.reference_voltage * top)))
        return ((v << (16 - bits)) | (v >> (2 * bits - 16))) & 0xFFFF

    @property
    def reference_voltage(self):
        self._check()
        return 3.3

    def deinit(self):
        if self._pin is not None:
            self._board.release(self._pin)
            self._pin = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
