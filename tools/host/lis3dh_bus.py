"""Host emulation of an I2C bus with an ST LIS3DH accelerometer on it.

`I2CBus` stands in for CircuitPython's `busio.I2C` (lock, `writeto`,
`readfrom_into`, `writeto_then_readfrom`, `scan`), so that the unchanged
`adafruit_lis3dh` driver (5.2.10) and `adafruit_bus_device.i2c_device.I2CDevice`
run against it. It can inject bus faults for tests.

`LIS3DHModel` emulates the registers of the LIS3DH that the driver touches,
after ST's datasheet "LIS3DH: MEMS digital output motion sensor, ultra-low-power
high-performance 3-axis nano accelerometer", DocID17530 (I2C operation:
sub-address bit 7 = auto-increment; register map and descriptions; table 4
sensitivity; operating modes). Acceleration comes from a source
callable in m/s^2; each read of OUT_X_L..OUT_Z_H samples it at the current
clock time (held at the output data rate), saturates each axis at the full
scale and quantises it to the resolution of the operating mode.

Not emulated: FIFO, interrupt generation, click detection (CLICK_SRC can be
latched by hand with `LIS3DHModel.click`), self-test, temperature, ADC inputs.
"""

import errno
import itertools
import math
import struct

STANDARD_GRAVITY = 9.80665
"""m/s^2 per g (the conventional value; the driver multiplies by 9.806)."""

WHO_AM_I = 0x0F
OUT_ADC1_L = 0x08
TEMP_CFG = 0x1F
CTRL_REG1 = 0x20
CTRL_REG3 = 0x22
CTRL_REG4 = 0x23
CTRL_REG5 = 0x24
OUT_X_L = 0x28
INT1_SRC = 0x31
CLICK_CFG = 0x38
CLICK_SRC = 0x39

AUTO_INCREMENT = 0x80
"""Bit 7 of the register sub-address: auto-increment on multi-byte transfers."""

# Power-on values (datasheet register descriptions): everything else is 0x00.
_DEFAULTS = {WHO_AM_I: 0x33, 0x1E: 0x10, CTRL_REG1: 0x07}
# Read/write registers (datasheet register map); writes elsewhere are ignored.
_WRITABLE = frozenset(
    (*range(0x1E, 0x27), 0x2E, 0x30, 0x32, 0x33, 0x34, 0x36, 0x37, 0x38, *range(0x3A, 0x40))
)
# CTRL_REG1 ODR[3:0] -> output data rate in Hz (0 = power-down; 10..15 unused).
_ODR_HZ = (0, 1, 10, 25, 50, 100, 200, 400, 1600, 1344)
_ODR_LOW_POWER_9 = 5376
# CTRL_REG4 FS[1:0] -> (full scale in g, driver's divider in LSB/g of the
# 16-bit left-justified value). With 12-bit data these are 1/2/3.9/11.7 mg per
# digit, the driver's reading of table 4's 1/2/4/12 mg.
_FULL_SCALE = ((2, 16380), (4, 8190), (8, 4096), (16, 1365))


def _at_rest(t_ms):
    return (0.0, 0.0, STANDARD_GRAVITY)


class LIS3DHModel:
    """Register-level LIS3DH, an I2C target for `I2CBus`.

    :param source: ``source(t_ms) -> (x, y, z)``: acceleration in m/s^2 at time
      ``t_ms`` (int, ms on the `clock`); default: lying flat at rest, (0, 0, 1 g).
    :param clock: ``clock() -> int``: the time in ms; default: a counter that
      starts at 0 and advances 1 ms per call.

    Both are plain attributes and may be replaced at any time.
    """

    def __init__(self, source=None, clock=None):
        self.source = source or _at_rest
        self.clock = clock or itertools.count().__next__
        self.registers = bytearray(0x80)
        self._pointer = 0
        self.reset()

    def reset(self):
        """Reload the power-on register values (what CTRL_REG5 BOOT does)."""
        self.registers[:] = bytes(0x80)
        for reg, value in _DEFAULTS.items():
            self.registers[reg] = value

    # --- configuration, decoded from the registers ---------------------------------

    @property
    def low_power(self):
        """True in low-power mode (CTRL_REG1 LPen): 8-bit data."""
        return bool(self.registers[CTRL_REG1] & 0x08)

    @property
    def resolution_bits(self):
        """Bits of output data: 8 low-power, 12 high-resolution (CTRL_REG4 HR), else 10.

        LPen and HR both set is not allowed by the datasheet; low-power wins here.
        """
        if self.low_power:
            return 8
        return 12 if self.registers[CTRL_REG4] & 0x08 else 10

    @property
    def full_scale_g(self):
        """Full scale in g: 2, 4, 8 or 16 (CTRL_REG4 FS bits 5:4)."""
        return _FULL_SCALE[(self.registers[CTRL_REG4] >> 4) & 3][0]

    @property
    def odr_hz(self):
        """Output data rate in Hz (CTRL_REG1 bits 7:4); 0 when powered down."""
        odr = self.registers[CTRL_REG1] >> 4
        if odr == 9 and self.low_power:
            return _ODR_LOW_POWER_9
        return _ODR_HZ[odr] if odr < len(_ODR_HZ) else 0

    def click(self, flags=0x44):
        """Latch a click event into CLICK_SRC (default: IA | single-click on Z)."""
        self.registers[CLICK_SRC] = flags & 0x7F

    # --- output ------------------------------------------------------------------

    def _sample(self):
        """Refresh OUT_X_L..OUT_Z_H from the source (unchanged when powered down)."""
        hz = self.odr_hz
        if not hz:
            return
        # Sample-and-hold: the most recent sample instant n * 1000 / hz ms.
        t_ms = (self.clock() * hz // 1000) * 1000 // hz
        fs_g, divider = _FULL_SCALE[(self.registers[CTRL_REG4] >> 4) & 3]
        bits = self.resolution_bits
        step = 1 << (16 - bits)  # left-justified: the low 16 - bits are zero
        top = (1 << (bits - 1)) - 1
        for axis, value in enumerate(self.source(t_ms)):
            g = max(-fs_g, min(fs_g, value / STANDARD_GRAVITY))
            code = max(-top - 1, min(top, math.floor(g * divider / step + 0.5)))
            struct.pack_into("<h", self.registers, OUT_X_L + 2 * axis, code * step)

    # --- I2C target protocol (used by I2CBus) -------------------------------------

    def write(self, data):
        """An I2C write: sub-address byte, then register values to store."""
        if not data:
            return
        self._pointer = data[0]
        for value in data[1:]:
            reg = self._pointer & 0x7F
            if reg == CTRL_REG5 and value & 0x80:
                self.reset()  # BOOT; self-clears
            elif reg in _WRITABLE:
                self.registers[reg] = value
            self._advance()

    def read(self, nbytes):
        """An I2C read of ``nbytes`` from the sub-address set by the last write."""
        first = self._pointer & 0x7F
        span = nbytes if self._pointer & AUTO_INCREMENT else 1
        if first < OUT_X_L + 6 and first + span > OUT_X_L:
            self._sample()
        out = bytearray()
        for _ in range(nbytes):
            reg = self._pointer & 0x7F
            out.append(self.registers[reg])
            if reg == CLICK_SRC:
                self.registers[reg] = 0  # cleared by reading
            self._advance()
        return bytes(out)

    def _advance(self):
        if self._pointer & AUTO_INCREMENT:
            self._pointer = AUTO_INCREMENT | ((self._pointer + 1) & 0x7F)


class I2CBus:
    """Pure-Python `busio.I2C`: routes transactions to device models by address.

    :param devices: dict of 7-bit address -> device, a device being any object
      with ``write(data: bytes)`` and ``read(nbytes: int) -> bytes``.
    """

    def __init__(self, devices=None):
        self.devices = dict(devices or {})
        self._locked = False
        self._deinited = False
        self._fail_count = 0
        self._fail_exc = None

    def attach(self, address, device):
        """Put ``device`` on the bus at 7-bit ``address``."""
        self.devices[address] = device

    # --- fault injection ------------------------------------------------------------

    def fail_next(self, n, exc=None):
        """Make the next ``n`` transactions raise ``exc``
        (default: a new ``OSError(errno.EIO, "I2C error")`` each time)."""
        self._fail_count = n
        self._fail_exc = exc

    def fail_always(self, exc=None):
        """Make every transaction raise ``exc`` until `heal`."""
        self.fail_next(math.inf, exc)

    def heal(self):
        """Stop injecting faults."""
        self.fail_next(0)

    # --- busio.I2C API ------------------------------------------------------------

    def try_lock(self):
        """Take the bus lock: True if taken, False if already held."""
        self._check_alive()
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        """Release the bus lock."""
        self._check_alive()
        self._locked = False

    def scan(self):
        """Return the sorted list of addresses that have a device."""
        self._check_lock()
        return sorted(self.devices)

    def writeto(self, address, buffer, *, start=0, end=None):
        """Write ``buffer[start:end]`` to the device at ``address``."""
        device = self._transaction(address)
        device.write(bytes(memoryview(buffer)[start:end]))

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        """Read into ``buffer[start:end]`` from the device at ``address``."""
        device = self._transaction(address)
        self._read(device, buffer, start, end)

    def writeto_then_readfrom(
        self, address, buffer_out, buffer_in, *, out_start=0, out_end=None, in_start=0, in_end=None
    ):
        """Write ``buffer_out[out_start:out_end]``, then (repeated start) read into
        ``buffer_in[in_start:in_end]``: one transaction."""
        device = self._transaction(address)
        device.write(bytes(memoryview(buffer_out)[out_start:out_end]))
        self._read(device, buffer_in, in_start, in_end)

    def deinit(self):
        """Release the bus; any further use raises ValueError."""
        self._deinited = True
        self._locked = False

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.deinit()
        return False

    # --- internals ------------------------------------------------------------------

    @staticmethod
    def _read(device, buffer, start, end):
        if end is None:
            end = len(buffer)
        buffer[start:end] = device.read(end - start)

    def _check_alive(self):
        if self._deinited:
            raise ValueError("Object has been deinitialized and can no longer be used.")

    def _check_lock(self):
        self._check_alive()
        if not self._locked:
            raise RuntimeError("Function requires lock")

    def _transaction(self, address):
        self._check_lock()
        if self._fail_count > 0:
            self._fail_count -= 1
            raise self._fail_exc or OSError(errno.EIO, "I2C error")
        try:
            return self.devices[address]
        except KeyError:
            raise OSError(errno.ENODEV, f"No device at address 0x{address:02x}") from None
