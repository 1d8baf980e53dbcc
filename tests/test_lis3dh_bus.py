"""The real adafruit_lis3dh driver against the emulated I2C bus and LIS3DH,
and the recordings' loader and replay."""

import errno
import itertools
import os
import struct

import adafruit_lis3dh
import pytest

from host import lis3dh_bus, traces
from host.lis3dh_bus import STANDARD_GRAVITY as G

ADDR = 0x19
REST = (0.0, 0.0, G)
# range constant -> (full scale g, the driver's divider in LSB/g)
RANGES = {
    adafruit_lis3dh.RANGE_2_G: (2, 16380),
    adafruit_lis3dh.RANGE_4_G: (4, 8190),
    adafruit_lis3dh.RANGE_8_G: (8, 4096),
    adafruit_lis3dh.RANGE_16_G: (16, 1365),
}
# mode -> (bits, CTRL_REG1 LPen bit, CTRL_REG4 HR bit)
MODES = {"high_res": (12, 0x00, 0x08), "normal": (10, 0x00, 0x00), "low_power": (8, 0x08, 0x00)}


class Clock:
    """A settable clock in ms."""

    def __init__(self, now=0):
        self.now = now

    def __call__(self):
        return self.now


def make(source=None, clock=None):
    model = lis3dh_bus.LIS3DHModel(source=source, clock=clock)
    bus = lis3dh_bus.I2CBus({ADDR: model})
    sensor = adafruit_lis3dh.LIS3DH_I2C(bus, address=ADDR)
    return model, bus, sensor


def write_reg(bus, reg, value):
    assert bus.try_lock()
    try:
        bus.writeto(ADDR, bytes([reg, value]))
    finally:
        bus.unlock()


def read_regs(bus, reg, n):
    buf = bytearray(n)
    assert bus.try_lock()
    try:
        bus.writeto_then_readfrom(ADDR, bytes([reg | (0x80 if n > 1 else 0)]), buf)
    finally:
        bus.unlock()
    return bytes(buf)


def set_mode(bus, mode):
    _, lpen, hr = MODES[mode]
    ctrl1 = read_regs(bus, 0x20, 1)[0]
    ctrl4 = read_regs(bus, 0x23, 1)[0]
    write_reg(bus, 0x20, (ctrl1 & ~0x08) | lpen)
    write_reg(bus, 0x23, (ctrl4 & ~0x08) | hr)


def raw_xyz(bus):
    return struct.unpack("<hhh", read_regs(bus, 0x28, 6))


def driver_value(raw, divider):
    """What the driver computes from a raw 16-bit value (same float operations)."""
    return (raw / divider) * adafruit_lis3dh.STANDARD_GRAVITY


# --- construction, bus protocol -------------------------------------------------------


def test_driver_constructs_and_initialises_the_chip():
    model, bus, sensor = make()
    assert sensor.range == adafruit_lis3dh.RANGE_2_G
    assert sensor.data_rate == adafruit_lis3dh.DATARATE_400_HZ
    assert read_regs(bus, 0x0F, 1) == b"\x33"
    assert read_regs(bus, 0x20, 1) == b"\x77"  # 400 Hz, all axes, LPen=0
    assert read_regs(bus, 0x23, 1) == b"\x88"  # BDU, HR, +-2 g
    assert read_regs(bus, 0x1F, 1) == b"\x80"  # ADC enabled
    assert read_regs(bus, 0x24, 1) == b"\x08"  # LIR_INT1, BOOT cleared
    assert (model.full_scale_g, model.resolution_bits, model.odr_hz) == (2, 12, 400)
    assert bus.try_lock()
    assert bus.scan() == [ADDR]
    bus.unlock()
    # At rest: 1 g on z -> raw 16380 rounded to 12 bits -> 16384.
    assert sensor.acceleration == (0.0, 0.0, driver_value(16384, 16380))


def test_wrong_address_raises_value_error():
    bus = lis3dh_bus.I2CBus({ADDR: lis3dh_bus.LIS3DHModel()})
    with pytest.raises(ValueError, match="No I2C device at address: 0x18"):
        adafruit_lis3dh.LIS3DH_I2C(bus, address=0x18)
    assert bus.try_lock()  # the probe released the lock


def test_no_device_is_enodev():
    bus = lis3dh_bus.I2CBus()
    assert bus.try_lock()
    with pytest.raises(OSError) as info:
        bus.writeto(0x19, b"")
    assert info.value.errno == errno.ENODEV
    bus.attach(0x19, lis3dh_bus.LIS3DHModel())
    bus.writeto(0x19, b"")
    assert bus.scan() == [0x19]


def test_lock_discipline():
    _, bus, _ = make()
    with pytest.raises(RuntimeError):
        bus.writeto(ADDR, b"\x0f")
    with pytest.raises(RuntimeError):
        bus.readfrom_into(ADDR, bytearray(1))
    with pytest.raises(RuntimeError):
        bus.writeto_then_readfrom(ADDR, b"\x0f", bytearray(1))
    with pytest.raises(RuntimeError):
        bus.scan()
    assert bus.try_lock() is True
    assert bus.try_lock() is False
    bus.unlock()
    assert bus.try_lock() is True
    bus.unlock()


def test_start_end_slices():
    _, bus, _ = make()
    buf = bytearray(b"\xaa\x0f\xaa\xaa\xaa")
    assert bus.try_lock()
    bus.writeto(ADDR, buf, start=1, end=2)
    bus.readfrom_into(ADDR, buf, start=3, end=4)
    bus.unlock()
    assert buf == bytearray(b"\xaa\x0f\xaa\x33\xaa")


def test_register_pointer_auto_increment():
    _, bus, _ = make()
    write_reg(bus, 0x3A, 0x11)
    assert bus.try_lock()
    bus.writeto(ADDR, bytes([0x3B | 0x80, 0x22, 0x33, 0x44]))  # 0x3B..0x3D
    bus.writeto(ADDR, bytes([0x3A, 0x55, 0x66]))  # no auto-increment: 0x3A twice
    buf = bytearray(4)
    bus.writeto_then_readfrom(ADDR, bytes([0x3A | 0x80]), buf)
    assert buf == bytearray([0x66, 0x22, 0x33, 0x44])
    bus.writeto_then_readfrom(ADDR, bytes([0x3A]), buf)  # no auto-increment
    assert buf == bytearray([0x66] * 4)
    bus.writeto(ADDR, bytes([0x0F, 0x00]))  # WHO_AM_I is read-only
    bus.unlock()
    assert read_regs(bus, 0x0F, 1) == b"\x33"


def test_deinit_and_context_manager():
    with lis3dh_bus.I2CBus() as bus:
        assert bus.try_lock()
    with pytest.raises(ValueError):
        bus.try_lock()


# --- acceleration: ranges, resolution, saturation ---------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("rng", RANGES)
@pytest.mark.parametrize("axis", (0, 1, 2))
@pytest.mark.parametrize("fraction", (0.731, -0.731, 0.0123, -0.4, 0.95, -1.0))
def test_in_range_values_come_back_within_half_an_lsb(mode, rng, axis, fraction):
    fs, divider = RANGES[rng]
    bits = MODES[mode][0]
    step = 1 << (16 - bits)
    lsb_g = step / divider  # one LSB at this range and resolution, in g
    g_in = [0.25 * fs, -0.5 * fs, 0.1]
    g_in[axis] = fraction * fs
    vector = tuple(g * G for g in g_in)
    model, bus, sensor = make(source=lambda t: vector)
    sensor.range = rng
    sensor.data_rate = adafruit_lis3dh.DATARATE_100_HZ
    set_mode(bus, mode)
    assert model.resolution_bits == bits
    g_out = [a / adafruit_lis3dh.STANDARD_GRAVITY for a in sensor.acceleration]
    for want, got in zip(g_in, g_out):
        assert abs(got - want) <= lsb_g / 2 + 1e-12  # rounded to the nearest LSB
    for raw in raw_xyz(bus):
        assert raw % step == 0  # left-justified


@pytest.mark.parametrize(
    ("mode", "raw"), (("high_res", 4912), ("normal", 4928), ("low_power", 4864))
)
def test_quantisation_exact(mode, raw):
    # 0.3 g at +-2 g: 4914 on the 16-bit scale, rounded to 12/10/8 bits.
    _, bus, sensor = make(source=lambda t: (0.3 * G, -0.3 * G, 0.0))
    set_mode(bus, mode)
    assert raw_xyz(bus) == (raw, -raw, 0)
    x, y, z = sensor.acceleration
    assert (x, y, z) == (driver_value(raw, 16380), driver_value(-raw, 16380), 0.0)


@pytest.mark.parametrize(
    ("rng", "raw"),
    (
        (adafruit_lis3dh.RANGE_2_G, (32752, -32752, 32752)),
        (adafruit_lis3dh.RANGE_4_G, (32752, -32752, 32752)),
        # 8 g x 4096 = 32768: + clips at the top code, - reaches -2048 x 16
        (adafruit_lis3dh.RANGE_8_G, (32752, -32768, 32752)),
        # 9.5 g is in range at +-16 g: 9.5 x 1365 = 12967.5 -> 810 x 16
        (adafruit_lis3dh.RANGE_16_G, (12960, -12960, 21840)),
    ),
)
def test_beyond_range_is_clipped(rng, raw):
    _, bus, sensor = make(source=lambda t: (9.5 * G, -9.5 * G, 40 * G))
    sensor.range = rng
    fs, divider = RANGES[rng]
    assert raw_xyz(bus) == raw
    assert sensor.acceleration == tuple(driver_value(r, divider) for r in raw)
    assert sensor.acceleration.z == pytest.approx(fs * adafruit_lis3dh.STANDARD_GRAVITY, rel=0.001)


def test_clip_at_2g_reads_about_2g():
    _, _, sensor = make(source=lambda t: (9.5 * G, -9.5 * G, 9.5 * G))
    x, y, z = sensor.acceleration
    assert x == z == driver_value(32752, 16380) == pytest.approx(2 * 9.806, abs=0.01)
    assert y == -x


def test_boot_resets_registers():
    _, bus, sensor = make()
    sensor.range = adafruit_lis3dh.RANGE_16_G
    write_reg(bus, 0x3A, 0x42)
    assert sensor.range == adafruit_lis3dh.RANGE_16_G
    write_reg(bus, 0x24, 0x80)
    assert sensor.range == adafruit_lis3dh.RANGE_2_G
    assert sensor.data_rate == adafruit_lis3dh.DATARATE_POWERDOWN
    assert read_regs(bus, 0x20, 1) == b"\x07"
    assert read_regs(bus, 0x24, 1) == b"\x00"  # BOOT self-clears
    assert read_regs(bus, 0x3A, 1) == b"\x00"
    assert read_regs(bus, 0x0F, 1) == b"\x33"


# --- data rate ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rate", "now", "sampled"),
    (
        (adafruit_lis3dh.DATARATE_1_HZ, 2500, 2000),
        (adafruit_lis3dh.DATARATE_10_HZ, 199, 100),
        (adafruit_lis3dh.DATARATE_10_HZ, 200, 200),
        (adafruit_lis3dh.DATARATE_50_HZ, 59, 40),
        (adafruit_lis3dh.DATARATE_400_HZ, 7, 5),  # 2.5 ms period
        (adafruit_lis3dh.DATARATE_1344_HZ, 7, 6),
    ),
)
def test_sample_and_hold_at_data_rate(rate, now, sampled):
    calls = []

    def source(t_ms):
        calls.append(t_ms)
        return REST

    clock = Clock(now)
    _, _, sensor = make(source=source, clock=clock)
    sensor.data_rate = rate
    _ = sensor.acceleration
    assert calls == [sampled]


def test_power_down_holds_last_value():
    vector = [(0.5 * G, 0.0, G)]
    _, _, sensor = make(source=lambda t: vector[0])
    first = sensor.acceleration
    sensor.data_rate = adafruit_lis3dh.DATARATE_POWERDOWN
    vector[0] = (-0.5 * G, 0.0, -G)
    assert sensor.acceleration == first
    sensor.data_rate = adafruit_lis3dh.DATARATE_100_HZ
    assert sensor.acceleration == (driver_value(-8192, 16380), 0.0, driver_value(-16384, 16380))


def test_default_clock_counts_from_zero():
    model = lis3dh_bus.LIS3DHModel()
    assert [model.clock() for _ in range(3)] == [0, 1, 2]


def test_click_src_clears_on_read():
    model, bus, sensor = make()
    sensor.set_tap(1, 60)
    assert read_regs(bus, 0x38, 1) == b"\x15"
    assert read_regs(bus, 0x3A, 4) == bytes([0x80 | 60, 10, 20, 255])
    assert sensor.tapped is False
    model.click()
    assert sensor.tapped is True
    assert sensor.tapped is False


def test_adc_reads():
    _, _, sensor = make()
    assert sensor.read_adc_raw(1) == 0


# --- faults ---------------------------------------------------------------------------------


def test_fail_next_then_recovers():
    _, bus, sensor = make()
    good = sensor.acceleration
    bus.fail_next(1)
    with pytest.raises(OSError) as info:
        _ = sensor.acceleration
    assert info.value.errno == errno.EIO
    assert sensor.acceleration == good
    bus.fail_next(3)
    for _ in range(3):  # each read of .acceleration is two transactions; first fails
        with pytest.raises(OSError):
            _ = sensor.acceleration
    assert sensor.acceleration == good


def test_fail_always_until_heal():
    _, bus, sensor = make()
    bus.fail_always(OSError(errno.ETIMEDOUT, "timeout"))
    for _ in range(5):
        with pytest.raises(OSError) as info:
            _ = sensor.acceleration
        assert info.value.errno == errno.ETIMEDOUT
    bus.heal()
    assert sensor.acceleration == (0.0, 0.0, driver_value(16384, 16380))


def test_fault_during_probe_means_no_device():
    bus = lis3dh_bus.I2CBus({ADDR: lis3dh_bus.LIS3DHModel()})
    bus.fail_next(2)
    with pytest.raises(ValueError):
        adafruit_lis3dh.LIS3DH_I2C(bus, address=ADDR)
    adafruit_lis3dh.LIS3DH_I2C(bus, address=ADDR)


# --- recordings -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "rows", "duration_ms", "first", "last"),
    (
        (
            "cse590_phone_shake",
            184,
            3660,
            (0, -0.08619126, 5.094861, 8.523358),
            (3660, 4.050989, 7.5944076, 3.7349546),
        ),
        (
            "cse590_phone_at_rest",
            323,
            6440,
            (0, -0.02873042, -0.16280572, -9.902418),
            (6440, 0.7374141, -1.1587936, -9.701305),
        ),
        (
            "cse590_phone_midair_clockwise_o",
            121,
            2400,
            (0, -0.33518824, 5.2863975, 8.274361),
            (2400, -1.0726024, 4.3957543, 8.6574335),
        ),
        (
            "oxford_s6_walking_in_hand",
            19405,
            193980,
            (0, 0.0, 0.0, 0.0),
            (193980, -1.1923125, 5.8346696, 5.7999535),
        ),
    ),
)
def test_load(name, rows, duration_ms, first, last):
    samples = traces.load(name)
    assert len(samples) == rows
    assert samples[0] == first
    assert samples[-1] == last
    assert samples[-1][0] == duration_ms
    assert all(type(row[0]) is int for row in samples)
    steps = [b[0] - a[0] for a, b in itertools.pairwise(samples)]
    assert min(steps) > 0
    assert sorted(steps)[len(steps) // 2] == (10 if name.startswith("oxford") else 20)


def test_names():
    # Every shipped recording has its CSV, its notes and an expected count.
    assert set(traces.NAMES) == set(traces.EXPECTED)
    assert sorted(n + ".csv" for n in traces.NAMES) == sorted(
        f for f in os.listdir(traces.TRACES_DIR) if f.endswith(".csv"))
    assert all(os.path.exists(os.path.join(traces.TRACES_DIR, n + ".txt")) for n in traces.NAMES)
    assert [n for n in traces.NAMES if traces.EXPECTED[n]] == ["cse590_phone_shake",
                                                              "cse590_phone_shake_2"]
    for name in traces.NAMES:
        assert traces.load(name)


def test_replay_synthetic():
    samples = ((0, 1.0, 2.0, 3.0), (20, 4.0, 5.0, 6.0), (40, 7.0, 8.0, 9.0))
    replay = traces.Replay(samples, 100, rest=(0.0, 0.0, -9.0))
    assert replay.end_ms == 140
    assert replay(0) == replay(99) == (0.0, 0.0, -9.0)
    assert replay(100) == replay(119) == (1.0, 2.0, 3.0)
    assert replay(120) == replay(139) == (4.0, 5.0, 6.0)
    assert replay(140) == (7.0, 8.0, 9.0)
    assert replay(141) == replay(10**9) == (0.0, 0.0, -9.0)
    assert traces.Replay(samples, 0)(-1) == (0.0, 0.0, 9.80665)


def test_replay_recording():
    samples = traces.load("cse590_phone_shake")
    replay = traces.Replay(samples, 5000)
    assert replay.end_ms == 8660
    assert replay(4999) == REST
    for t, x, y, z in samples:
        assert replay(5000 + t) == (x, y, z)
    assert replay(8661) == REST


def test_replay_through_driver_saturates_at_2g():
    samples = traces.load("cse590_phone_shake")
    replay = traces.Replay(samples, 1000)
    clock = Clock()
    _, _, sensor = make(source=replay, clock=clock)
    top = driver_value(32752, 16380)
    readings = []
    for clock.now in range(0, replay.end_ms + 1000, 10):
        readings.append(sensor.acceleration)
    assert readings[0] == readings[-1] == (0.0, 0.0, driver_value(16384, 16380))
    peak = max(max(abs(v) for v in r) for r in readings)
    assert peak == top
    assert all(abs(v) <= top for r in readings for v in r)
