"""Replay a real recording through the emulated LIS3DH and the real
``adafruit_lis3dh`` driver into the shake detector, frame by frame, as the
app reads it. Shared by the tests and ``tools/bench_shake``.
"""
from host import lis3dh_bus, traces

G = 9.80665


def replay(name, frame_ms=20, start_ms=500, rest_ms=1500, range_g=8, clock_start=0):
    """Play recording ``name`` starting ``start_ms`` after the first frame, then
    ``rest_ms`` of the device lying still (RULES of tests/data/traces/README.md).

    Returns a dict: ``rolls`` (SETTLED count), ``shaking_at`` (ms from the
    recording's start when SHAKING was first reported, or None),
    ``first_active`` (ms of the recording's first sample deviating by the
    start figure, after the range clip), ``settled_at`` and ``last_keep``
    (ms of the last sample deviating by the keep figure).
    """
    import adafruit_lis3dh

    from rollbox import hardware
    from rollbox.shake import SETTLED, SHAKING, ShakeDetector

    samples = traces.load(name)
    now = [clock_start]
    model = lis3dh_bus.LIS3DHModel(source=traces.Replay(samples, clock_start + start_ms),
                                   clock=lambda: now[0])
    bus = lis3dh_bus.I2CBus({0x19: model})
    accel = hardware.open_lis3dh(bus, (0x19,))
    accel.range = {2: adafruit_lis3dh.RANGE_2_G, 4: adafruit_lis3dh.RANGE_4_G,
                   8: adafruit_lis3dh.RANGE_8_G, 16: adafruit_lis3dh.RANGE_16_G}[range_g]
    start, keep, window, quiet = hardware.SHAKE
    detector = ShakeDetector(start, keep, window, quiet)
    result = {"rolls": 0, "shaking_at": None, "settled_at": None}
    duration = samples[-1][0]
    end = clock_start + start_ms + duration + rest_ms
    while now[0] <= end:
        x, y, z = accel.acceleration
        state = detector.update(x, y, z, now[0] & (2**29 - 1))
        t = now[0] - clock_start - start_ms
        if state == SHAKING and result["shaking_at"] is None:
            result["shaking_at"] = t
        if state == SETTLED:
            result["rolls"] += 1
            result["settled_at"] = t
        now[0] += frame_ms
    clip = range_g * G
    first_active = last_keep = None
    for t, x, y, z in samples:
        dev = abs(sum(max(-clip, min(clip, v)) ** 2 for v in (x, y, z)) ** 0.5 - G)
        if dev >= start and first_active is None:
            first_active = t
        if dev >= keep:
            last_keep = t
    result["first_active"] = first_active
    result["last_keep"] = last_keep
    return result
