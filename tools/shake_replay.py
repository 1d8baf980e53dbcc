"""Replay a recording through the emulated LIS3DH and the real
``adafruit_lis3dh`` driver into the shake detector, frame by frame, as the
app reads it. Shared by the tests and ``tools/bench_shake``.

Motion, for the figures, is judged against the device at rest, with no
filter: the shake starts at the first sample (range-clipped) at least the
profile's ``band`` m/s² off the first sample's resting reading (its
orientation at 1 g) on some axis, and stops after the last sample that far
off the last sample's resting reading. Latency is the start -> the first
frame the dice tumble (MOVING or SHAKING); settle is the stop -> the frame
the roll is decided (SETTLED).
"""
import types
from unittest import mock

from host import boards, lis3dh_bus, traces

G = 9.80665
_RANGES = {2: "RANGE_2_G", 4: "RANGE_4_G", 8: "RANGE_8_G", 16: "RANGE_16_G"}


def _open(samples, now, start_ms, profile, range_g):
    """The driver on an emulated bus at ``profile``'s address, set up as the
    board profile sets it (rollbox.hardware.open_lis3dh), then to ``range_g``."""
    import adafruit_lis3dh

    from rollbox import hardware

    address = boards.PROFILES[profile][2]
    source = traces.Replay(samples, start_ms, rest=traces.still_at(samples[-1]),
                           lead=traces.still_at(samples[0]))
    model = lis3dh_bus.LIS3DHModel(source=source, clock=lambda: now[0])
    accel = hardware.open_lis3dh(lis3dh_bus.I2CBus({address: model}), (address,))
    accel.range = getattr(adafruit_lis3dh, _RANGES[range_g])
    return accel


def _samples(source):
    return traces.load(source) if isinstance(source, str) else tuple(source)


def replay(source, frame_ms=20, start_ms=500, rest_ms=1500, range_g=8, clock_start=0,
           profile="pybadge", sensitivity=1, figures=None):
    """Play ``source`` (a shipped name, a CSV path or (t_ms, x, y, z) rows)
    ``start_ms`` after the first frame, then ``rest_ms`` of the device lying
    still (tests/data/traces/README.md), still in the orientation of the
    first sample before and of the last one after (a device put down does
    not turn in no time; a jump would be a motion of its own), through Rollbox's detector with
    the board profile's figures at ``sensitivity`` (or ``figures``).

    Returns a dict: ``rolls`` (SETTLED count), ``cancelled`` (previews that
    ended with nothing rolled), ``tumble_at`` (ms from the recording's
    start of the first frame MOVING or SHAKING, or None), ``settled_at``
    (of the last SETTLED), ``first_motion`` / ``last_motion`` (ms of the
    first / last motion sample, or None), ``latency_ms`` and ``settle_ms``
    (None when not measured).
    """
    from rollbox import hardware
    from rollbox.shake import CANCELLED, MOVING, SETTLED, SHAKING, ShakeDetector

    samples = _samples(source)
    figures = figures or hardware.SHAKE[sensitivity]
    now = [clock_start]
    accel = _open(samples, now, clock_start + start_ms, profile, range_g)
    detector = ShakeDetector(figures)
    r = {"rolls": 0, "cancelled": 0, "tumble_at": None, "settled_at": None}
    end = clock_start + start_ms + samples[-1][0] + rest_ms
    while now[0] <= end:
        x, y, z = accel.acceleration
        state = detector.update(x, y, z, now[0] & (2**29 - 1))
        t = now[0] - clock_start - start_ms
        if state in (MOVING, SHAKING) and r["tumble_at"] is None:
            r["tumble_at"] = t
        if state == SETTLED:
            r["rolls"] += 1
            r["settled_at"] = t
        elif state == CANCELLED:
            r["cancelled"] += 1
        now[0] += frame_ms
    _figures(r, samples, range_g, figures[1])
    return r


def baseline(source, frame_ms=20, start_ms=500, rest_ms=1500, range_g=8, profile="pybadge",
             threshold=20):
    """The same replay through ``adafruit_lis3dh``'s own ``shake()`` rule
    (defaults: 20 m/s² RMS of 10 readings over 100 ms), called once a frame
    as its examples do; a roll is each run of True answers (counted once).
    Its sleeps advance the emulated clock. Returns the keys of
    :func:`replay` (``cancelled`` 0; ``settled_at``: the first False after
    the run)."""
    import adafruit_lis3dh

    samples = _samples(source)
    now = [0]
    accel = _open(samples, now, start_ms, profile, range_g)
    r = {"rolls": 0, "cancelled": 0, "tumble_at": None, "settled_at": None}
    end = start_ms + samples[-1][0] + rest_ms

    def sleep(seconds):
        now[0] += int(round(seconds * 1000))

    was = False
    # Only the driver's own ``time`` is replaced: the real module's sleep
    # is shared with every thread of the process.
    with mock.patch.object(adafruit_lis3dh, "time", types.SimpleNamespace(sleep=sleep)):
        while now[0] <= end:
            shaken = accel.shake(shake_threshold=threshold)
            t = now[0] - start_ms
            if shaken and not was:
                r["rolls"] += 1
                if r["tumble_at"] is None:
                    r["tumble_at"] = t
            elif was and not shaken:
                r["settled_at"] = t
            was = shaken
            now[0] += frame_ms
    _figures(r, samples, range_g, 20.0 - G)
    return r


def _figures(r, samples, range_g, band):
    clip = range_g * G
    lead, tail = traces.still_at(samples[0]), traces.still_at(samples[-1])
    first = last = None
    for row in samples:
        a = [max(-clip, min(clip, v)) for v in row[1:4]]
        if first is None and max(abs(v - w) for v, w in zip(a, lead)) >= band:
            first = row[0]
        if max(abs(v - w) for v, w in zip(a, tail)) >= band:
            last = row[0]
    r["first_motion"], r["last_motion"] = first, last
    r["latency_ms"] = r["settle_ms"] = None
    if r["rolls"] and r["tumble_at"] is not None and first is not None:
        r["latency_ms"] = r["tumble_at"] - first
    if r["rolls"] and r["settled_at"] is not None and last is not None:
        r["settle_ms"] = r["settled_at"] - last
