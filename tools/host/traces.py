"""Real accelerometer recordings (tests/data/traces) and their replay.

`load(name)` reads one recording as ``(t_ms, x, y, z)`` rows: t_ms an int from
the sensor's nanosecond timestamps, starting at 0; x, y, z in m/s^2 as recorded
(phones: far beyond a LIS3DH's range, the model saturates them). `Replay` turns
a recording into a `lis3dh_bus.LIS3DHModel` source. Sources, licences and
notes are in tests/data/traces/README.md and the .txt beside each file.
"""

import bisect
import csv
import functools
import os

TRACES_DIR = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    "tests",
    "data",
    "traces",
)

NAMES = (
    "cse590_phone_shake",
    "cse590_phone_at_rest",
    "cse590_phone_midair_clockwise_o",
    "oxford_s6_walking_in_hand",
)

REST = (0.0, 0.0, 9.80665)
"""Lying flat and still: 1 g on +z, m/s^2."""


@functools.cache
def load(name):
    """Read ``tests/data/traces/<name>.csv``; return a tuple of (t_ms, x, y, z).

    Two layouts: the cse590 files have a header ``Sensor, CurrentTimeMs,
    SensorTimestampNano, X, Y, Z`` (50 Hz); the oxford file has none:
    ``timestamp_ns, ax, ay, az, ...`` (100 Hz, first row all zeros, kept).
    """
    with open(os.path.join(TRACES_DIR, name + ".csv"), newline="") as f:
        rows = [row for row in csv.reader(f) if row]
    if rows[0][0].strip() == "Sensor":  # cse590 header
        rows = [(row[2], row[3], row[4], row[5]) for row in rows[1:]]
    t0 = int(rows[0][0])
    return tuple(
        ((int(ns) - t0 + 500_000) // 1_000_000, float(x), float(y), float(z))
        for ns, x, y, z, *_ in rows
    )


class Replay:
    """A recording as an acceleration source: ``replay(t_ms) -> (x, y, z)`` m/s^2.

    :param samples: (t_ms, x, y, z) rows in time order, e.g. from `load`.
    :param start_ms: the time (ms) at which the first sample plays.
    :param rest: (x, y, z) m/s^2 before and after the recording; default lying still.

    Before ``start_ms`` and after `end_ms` it returns ``rest``; from ``start_ms``
    to `end_ms` inclusive, the latest sample at or before ``t_ms - start_ms``
    (sample-and-hold). Times are plain (unwrapped) integer ms.
    """

    def __init__(self, samples, start_ms, rest=REST):
        if not samples:
            raise ValueError("empty recording")
        self.start_ms = start_ms
        self.rest = tuple(rest)
        self._t0 = samples[0][0]
        self._times = [row[0] - self._t0 for row in samples]
        self._values = [tuple(row[1:4]) for row in samples]

    @property
    def end_ms(self):
        """Time (ms) of the last sample: start_ms + duration of the recording."""
        return self.start_ms + self._times[-1]

    def __call__(self, t_ms):
        """Acceleration (x, y, z) in m/s^2 at ``t_ms``."""
        if t_ms < self.start_ms or t_ms > self.end_ms:
            return self.rest
        return self._values[bisect.bisect_right(self._times, t_ms - self.start_ms) - 1]
