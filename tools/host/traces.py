"""Real accelerometer recordings (tests/data/traces) and their replay.

`load(name)` reads one recording (a shipped name or any CSV path) as
``(t_ms, x, y, z)`` rows: t_ms an int from the sensor's nanosecond
timestamps, starting at 0; x, y, z in m/s^2 as recorded (phones: far beyond
a LIS3DH's range, the model saturates them). `Replay` turns a recording
into a `lis3dh_bus.LIS3DHModel` source. Sources, licences and
notes are in tests/data/traces/README.md and the .txt beside each file.
"""

import bisect
import csv
import functools
import math
import os

TRACES_DIR = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    "tests",
    "data",
    "traces",
)

EXPECTED = {
    "cse590_phone_shake": 1,
    "cse590_phone_shake_2": 1,
    "cse590_phone_at_rest": 0,
    "cse590_phone_midair_clockwise_o": 0,
    "cse590_phone_midair_counter_clockwise_o": 0,
    "cse590_phone_midair_s": 0,
    "cse590_phone_midair_zorro_z": 0,
    "cse590_phone_backhand_tennis": 0,
    "cse590_phone_forehand_tennis": 0,
    "cse590_phone_baseball_throw": 0,
    "cse590_phone_underhand_bowling": 0,
    "oxford_s6_walking_in_hand": 0,
}
"""Rolls each shipped recording must give (tests/data/traces/README.md)."""

NAMES = tuple(EXPECTED)
"""The shipped recordings, shakes first."""

REST = (0.0, 0.0, 9.80665)
"""Lying flat and still: 1 g on +z, m/s^2."""


def path_of(name):
    """The CSV of a shipped recording ``name``, or ``name`` itself when it
    is a path (it has a ``/`` or ends in ``.csv``)."""
    if "/" in name or os.sep in name or name.endswith(".csv"):
        return name
    return os.path.join(TRACES_DIR, name + ".csv")


def label(name):
    """A recording's short name: the file name without ``.csv``."""
    base = os.path.basename(name)
    return base[:-4] if base.endswith(".csv") else base


@functools.cache
def load(name):
    """Read a recording (a shipped name or a CSV path); return a tuple of
    (t_ms, x, y, z).

    Two layouts (tests/data/traces/README.md): the cse590 files have a
    header ``Sensor, CurrentTimeMs, SensorTimestampNano, X, Y, Z`` (50 Hz);
    the oxford file has none: ``timestamp_ns, ax, ay, az, ...`` (100 Hz,
    first row all zeros, kept). Times in ns, accelerations in m/s²; a
    spreadsheet's byte-order mark is skipped.

    :raises ValueError: a name that is neither shipped nor a path, no such
        file, a file that is not UTF-8 text (binary), fewer than two
        samples (no motion), a row that is not finite numbers in one of the
        two layouts (the message names file and row), timestamps that go
        backwards or repeat, or samples not 1-1000 ms apart (the median
        step: times in ms or s instead of ns). Always one line.
    """
    path = path_of(name)
    if path != name and name not in EXPECTED:
        raise ValueError("no shipped recording %r (one of %s; a CSV path has a / or ends "
                         "in .csv)" % (name, ", ".join(NAMES)))
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            rows = [row for row in csv.reader(f) if row]
    except OSError as err:
        raise ValueError("cannot read recording %s: %s" % (path, err.strerror)) from err
    except (UnicodeDecodeError, csv.Error) as err:
        raise ValueError("recording %s is not a text CSV: %s" % (path, err)) from err
    first = 1 if rows and rows[0][0].strip() == "Sensor" else 0  # the cse590 header
    if len(rows) <= first:
        raise ValueError("recording %s has no samples" % path)
    samples = []
    for n in range(first, len(rows)):
        try:
            ns, x, y, z = rows[n][2:6] if first else rows[n][:4]
            row = (int(ns), float(x), float(y), float(z))
            if not all(math.isfinite(v) for v in row[1:]):
                raise ValueError
            samples.append(row)
        except ValueError:
            got = ",".join(rows[n])
            got = got if len(got) <= 60 else got[:57] + "..."  # a line of binary: the start
            raise ValueError("recording %s, row %d: expected a time in ns and x, y, z "
                             "in m/s^2, got %r" % (path, n + 1, got)) from None
    if len(samples) < 2:
        raise ValueError("recording %s has one sample: a motion needs two or more" % path)
    steps = sorted(b[0] - a[0] for a, b in zip(samples, samples[1:]))
    if steps[0] <= 0:
        raise ValueError("recording %s: timestamps go backwards or repeat" % path)
    if not 1_000_000 <= steps[len(steps) // 2] <= 1_000_000_000:
        raise ValueError("recording %s: samples %d ns apart; times must be in ns, "
                         "1-1000 ms apart" % (path, steps[len(steps) // 2]))
    t0 = samples[0][0]
    return tuple(((ns - t0 + 500_000) // 1_000_000, x, y, z) for ns, x, y, z in samples)


def still_at(row):
    """The device lying still in the orientation of sample ``row`` (t_ms, x,
    y, z): its direction at 1 g (m/s^2); lying flat for an all-zero row."""
    x, y, z = row[1:4]
    norm = (x * x + y * y + z * z) ** 0.5
    if norm == 0:
        return REST
    return (x * 9.80665 / norm, y * 9.80665 / norm, z * 9.80665 / norm)


class Replay:
    """A recording as an acceleration source: ``replay(t_ms) -> (x, y, z)`` m/s^2.

    :param samples: (t_ms, x, y, z) rows in time order, e.g. from `load`.
    :param start_ms: the time (ms) at which the first sample plays.
    :param rest: (x, y, z) m/s^2 after the recording (and before it, unless
        ``lead`` is given); default lying flat and still.
    :param lead: (x, y, z) m/s^2 before the recording, or None for ``rest``.

    Before ``start_ms`` it returns ``lead``, after `end_ms` ``rest``; from ``start_ms``
    to `end_ms` inclusive, the latest sample at or before ``t_ms - start_ms``
    (sample-and-hold). Times are plain (unwrapped) integer ms.
    """

    def __init__(self, samples, start_ms, rest=REST, lead=None):
        if not samples:
            raise ValueError("empty recording")
        self.start_ms = start_ms
        self.rest = tuple(rest)
        self.lead = self.rest if lead is None else tuple(lead)
        self._t0 = samples[0][0]
        self._times = [row[0] - self._t0 for row in samples]
        self._values = [tuple(row[1:4]) for row in samples]

    @property
    def end_ms(self):
        """Time (ms) of the last sample: start_ms + duration of the recording."""
        return self.start_ms + self._times[-1]

    def __call__(self, t_ms):
        """Acceleration (x, y, z) in m/s^2 at ``t_ms``."""
        if t_ms < self.start_ms:
            return self.lead
        if t_ms > self.end_ms:
            return self.rest
        return self._values[bisect.bisect_right(self._times, t_ms - self.start_ms) - 1]
