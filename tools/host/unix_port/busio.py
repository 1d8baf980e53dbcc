"""``busio.I2C`` for CircuitPython's unix port: a bus with one LIS3DH at
0x19 lying still (1 g on z), enough for the real ``adafruit_lis3dh`` driver
to open it and read samples. Registers as on the chip (ST LIS3DH
datasheet): WHO_AM_I 0x0F reads 0x33, a register address with bit 7 set
auto-increments, OUT_X_L..OUT_Z_H (0x28..0x2D) hold 16-bit little-endian
samples, left-justified (+/-8 g: 4096 counts per g). ``_wire`` counts
the bytes a transfer puts on the wire, address bytes included
(tools/bench_cpu turns them into time at the bus's clock). Only what
``adafruit_bus_device`` calls, with its argument names: each name costs
heap a board does not spend."""


class I2C:
    """The bus; the pins and frequency are ignored."""

    def __init__(self, *pins, **kw):
        self._regs = bytearray(64)
        self._regs[0x0F] = 0x33
        self._regs[0x2D] = 0x10  # z = 4096 counts = 1 g at +/-8 g
        self._at = 0
        self._locked = False
        self._wire = 0

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def writeto(self, address, buffer, start=0, end=None):
        if not self._locked:
            raise RuntimeError("Function requires lock")
        if address != 0x19:
            raise OSError(19)  # ENODEV, as CircuitPython says for no answer
        end = len(buffer) if end is None else end
        self._wire += 1 + max(0, end - start)  # the address byte, then the data
        if end > start:
            self._at = buffer[start]
            for i in range(start + 1, end):
                self._regs[(self._at + i - start - 1) & 0x3F] = buffer[i]

    def readfrom_into(self, address, buffer, start=0, end=None):
        self.writeto(address, b"")  # the same checks, the address byte counted
        end = len(buffer) if end is None else end
        self._wire += end - start
        step = 1 if self._at & 0x80 else 0
        for i in range(start, end):
            buffer[i] = self._regs[(self._at + step * (i - start)) & 0x3F]

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, out_start=0, out_end=None,
                              in_start=0, in_end=None):
        self.writeto(address, out_buffer, out_start, out_end)
        self.readfrom_into(address, in_buffer, in_start, in_end)
