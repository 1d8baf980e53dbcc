"""Shake-to-roll detector: a non-blocking state machine fed one acceleration
sample at a time.

States: :data:`IDLE` -> :data:`SHAKING` (the dice tumble) -> :data:`SETTLED`
(reported once: decide the roll now) -> back to :data:`IDLE`.

A sample counts by its deviation from gravity, ``| |a| - g |`` in m/s², so
the board's orientation does not matter. Shaking starts when two samples
deviate by ``start`` or more, 40 ms to ``window_ms`` apart: one bump (a tap, a step, a
set-down) never rolls. It lasts while samples deviating by ``keep`` or more
keep coming, and settles ``quiet_ms`` after the last one. The figures live
in the board profile (``rollbox.hardware``) and were chosen on the real
recordings in ``tests/data/traces`` (walking peaks 6.9 m/s² from gravity, a
mid-air circle 10.2, a shake 83). Time is wrap-safe ``adafruit_ticks``
arithmetic; no allocation per sample.
"""

from adafruit_ticks import ticks_diff
from micropython import const

IDLE = const(0)
SHAKING = const(1)
SETTLED = const(2)

_G = 9.80665  # standard gravity, m/s²
# The two start samples must be this far apart: a shake goes back and forth,
# while one jolt (a tap, the board set down) is over within a few samples.
_MIN_GAP_MS = const(40)


class ShakeDetector:
    """Feed :meth:`update` with each sample; read the returned state.

    :param start: deviation (m/s²) a sample needs to count towards a start.
    :param keep: deviation (m/s²) that keeps a shake going.
    :param window_ms: two start samples must fall within this many ms.
    :param quiet_ms: the shake settles this many ms after the last ``keep``
        sample.
    :raises ValueError: ``keep`` above ``start`` or a non-positive figure.
    """

    def __init__(self, start=15.0, keep=8.0, window_ms=250, quiet_ms=300):
        if not 0 < keep <= start or window_ms <= 0 or quiet_ms <= 0:
            raise ValueError("need 0 < keep <= start and positive times")
        # Squared-magnitude bands: no sqrt per sample.
        self._start_hi = (_G + start) ** 2
        self._start_lo = (_G - start) ** 2 if start < _G else -1.0
        self._keep_hi = (_G + keep) ** 2
        self._keep_lo = (_G - keep) ** 2 if keep < _G else -1.0
        self._window = window_ms
        self._quiet = quiet_ms
        self.state = IDLE
        self.started_ms = 0  # time of the first start sample of this shake
        self._hit_ms = 0
        self._hit = False
        self._last_ms = 0

    def reset(self):
        """Forget any shake in progress (back to IDLE)."""
        self.state = IDLE
        self._hit = False

    def update(self, x, y, z, now_ms):
        """Take one sample (m/s² per axis, ``now_ms`` from ``ticks_ms()``);
        return the state. SETTLED is returned once, then IDLE again."""
        m2 = x * x + y * y + z * z
        if self.state == SETTLED:
            self.state = IDLE
        if self.state == IDLE:
            if m2 >= self._start_hi or m2 <= self._start_lo:
                gap = ticks_diff(now_ms, self._hit_ms)
                if self._hit and _MIN_GAP_MS <= gap <= self._window:
                    self.state = SHAKING
                    self.started_ms = self._hit_ms
                    self._last_ms = now_ms
                elif not self._hit or not 0 <= gap <= self._window:
                    # (a gap below 0: the old hit is so stale that ticks_diff wrapped)
                    self._hit = True
                    self._hit_ms = now_ms
            return self.state
        if m2 >= self._keep_hi or m2 <= self._keep_lo:
            self._last_ms = now_ms
        elif ticks_diff(now_ms, self._last_ms) >= self._quiet:
            self.state = SETTLED
            self._hit = False
        return self.state
