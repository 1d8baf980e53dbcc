"""Shake-to-roll detector: a non-blocking state machine fed one acceleration
sample at a time, that tells a shake from a swing by counting reversals.

States: :data:`IDLE` -> :data:`MOVING` (strong motion: the app previews a
tumble) -> :data:`SHAKING` (confirmed: the roll is on) -> :data:`SETTLED`
(reported once: decide the roll now) -> :data:`IDLE`; or :data:`MOVING` ->
:data:`CANCELLED` (reported once: it was a swing, a throw, a gesture, a
bump: nothing rolls) -> :data:`IDLE`.

The rule (issue 13). A swing, a throw or a letter drawn in the air is as
strong as a shake and lasts as long; what sets a shake apart is that it goes
back and forth many times, fast, and keeps doing so. Each axis is taken
without gravity and its sign followed with a hysteresis band (``band``
m/s²): a reversal is the acceleration along that axis crossing from beyond
``+band`` to beyond ``-band`` or back. Reversals on one axis chain while
each comes within half a period of the slowest shake (``min_hz``) of the
one before; a chain of ``reversals`` that has lasted ``span_ms`` confirms
a shake (a throw's whip at the end reverses fast, but only for a moment).

Gravity is a low-pass (``gravity_hz``) of the samples that are within
2 m/s² of 1 g in magnitude: the board turned over slowly moves it;
a shake or a throw, whose samples are far from 1 g, does not drag it.

Motion starts (MOVING) at a sample ``start`` m/s² or more off gravity on
any axis, and stops after 150 ms inside the band on every axis,
or when no reversal has come for half a period of the slowest shake:
SETTLED if confirmed by then, else CANCELLED. After a CANCELLED, motion
starts again once the board has been still for that half period, or at a
strong sample right after a reversal: a swing on the recordings is one
or two previews, not a flicker, and a shake straight after a brisk pick-up
still rolls.

On the real recordings (tests/data/traces), at the normal figures, a shake
chains 14-36 reversals; a swing, a throw, a Z, an S or an O drawn in the air
at most 3, none lasting the span; walking none (tools/bench_shake).

Figures (the board profile, ``rollbox.hardware.SHAKE``): ``(start m/s²,
band m/s², reversals, span_ms ms, min_hz Hz, gravity_hz Hz)``. Time is
wrap-safe ``adafruit_ticks`` arithmetic. Per sample the detector works in
small integers (cm/s², gravity in 1/256 cm/s²): the only objects it makes
are the three products that turn the driver's floats into cm/s², none on
ports whose floats are immediate (48 bytes on the 32-bit unix build, where
the float detector before issue 13 made 80).
"""

from adafruit_ticks import ticks_diff
from micropython import const

try:
    from typing import Any  # noqa: F401 (used in type comments)
except ImportError:
    pass

IDLE = const(0)
MOVING = const(1)
SHAKING = const(2)
SETTLED = const(3)
CANCELLED = const(4)
# Sensitivities: the index of a figure set in the board profile's table.
GENTLE = const(0)
NORMAL = const(1)
FIRM = const(2)

_CM = const(100)  # samples are taken in cm/s²
_FIX = const(256)  # gravity is kept in 1/256 cm/s²
# Gravity is learnt from samples within 2 m/s² of 1 g (9.80665 m/s²): the
# board is then hardly accelerating. Above a LIS3DH's zero-g offset (up to
# 40 mg per axis, datasheet DocID17530 table 4) and noise, below a shake.
# Squared magnitudes in (cm/s²)²: 780.665² and 1180.665².
_CALM_LO = const(609437)
_CALM_HI = const(1393969)
_MAX_STEP_MS = const(200)  # a longer gap between samples (a stalled frame) counts as this
# Motion has stopped after this long (ms) with every axis inside the band:
# longer than a 3 Hz shake spends inside it on a pass (70 ms at the gentle
# figures), short enough that the roll is decided within 300 ms (issue 13).
_STILL_MS = const(150)


class ShakeDetector:
    """Feed :meth:`update` with each sample; read the returned state.

    :param figures: ``(start, band, reversals, span_ms, min_hz,
        gravity_hz)``: m/s² off gravity on one axis that starts motion;
        m/s² of the reversal band; reversals in a chain and ms it must
        have lasted to confirm a shake; the slowest shake (Hz: a reversal
        must follow the last one within ``500 / min_hz`` ms, and motion
        stops after that long without one); the gravity low-pass
        cut-off (Hz). A new sensitivity is a new detector.
    :raises ValueError: a figure out of range (``band`` above ``start``,
        fewer than 2 reversals, a negative span, a non-positive rate).
    """

    def __init__(self, figures):
        start, band, need, span, min_hz, gravity_hz = figures
        if not 0 < band <= start or need < 2 or span < 0 or min_hz <= 0 or gravity_hz <= 0:
            raise ValueError("shake figures out of range")
        self._start = int(start * _CM)
        self._band = int(band * _CM)
        self._need = need
        self._span = span
        self._gap = int(500 / min_hz)  # ms: half a period of the slowest shake
        self._tau = int(159.15 / gravity_hz)  # ms: 1 / (2 pi f)
        self.state = IDLE
        self._g = None  # type: Any  # gravity per axis, 1/256 cm/s² (from the first sample)
        self._sign = bytearray(3)  # per axis: 0 inside the band so far, 1 above, 2 below
        self._count = bytearray(3)  # chained reversals per axis (capped at 255)
        self._rev = [0, 0, 0]  # ms of each axis's last reversal (or first excursion)
        self._chain = [0, 0, 0]  # ms where each axis's chain began
        self._active = 0  # ms of the last chained reversal on any axis, or the start of motion
        self._move = 0  # ms of the last sample beyond the band on any axis
        self._last = 0  # ms of the last sample
        self._cool = False  # after CANCELLED: wait for stillness or a reversal

    def reset(self):
        """Forget any shake in progress (back to IDLE; gravity is kept)."""
        self.state = IDLE
        self._cool = False

    def still(self, now_ms):
        """True when IDLE and no sample has left the band for half a period
        of the slowest shake (ms), counting from the first sample: a shake
        that began before (in the menu, before a new detector, while
        paused) is no shake that begins now (issue 24, item 7)."""
        return self.state == IDLE and self._g is not None \
            and not 0 <= ticks_diff(now_ms, self._move) < self._gap

    def update(self, x, y, z, now_ms):
        """Take one sample (m/s² per axis, ``now_ms`` from ``ticks_ms()``);
        return the state. SETTLED and CANCELLED are returned once each."""
        if self.state >= SETTLED:
            self.state = IDLE
        x = int(x * _CM)
        y = int(y * _CM)
        z = int(z * _CM)
        if self._g is None:
            self._g = [x * _FIX, y * _FIX, z * _FIX]
            self._last = self._move = now_ms  # still() counts from here
        step = ticks_diff(now_ms, self._last)
        self._last = now_ms
        if not 0 <= step <= _MAX_STEP_MS:
            step = _MAX_STEP_MS
        if not _CALM_LO <= x * x + y * y + z * z <= _CALM_HI:
            step = 0  # gravity is learnt from calm samples only
        strong = self._axis(0, x, step, now_ms) | self._axis(1, y, step, now_ms) \
            | self._axis(2, z, step, now_ms)
        gap = self._gap
        state = self.state
        if state == IDLE:
            if self._cool and not 0 <= ticks_diff(now_ms, self._move) < gap:
                self._cool = False
            if strong and (not self._cool or 0 <= ticks_diff(now_ms, self._active) <= gap):
                self.state = MOVING
                self._active = now_ms
                self._count[0] = self._count[1] = self._count[2] = 0
            return self.state
        quiet = not 0 <= ticks_diff(now_ms, self._move) < _STILL_MS \
            or not 0 <= ticks_diff(now_ms, self._active) <= gap
        if state == SHAKING:
            if quiet:
                self.state = SETTLED
            return self.state
        for i in range(3):
            if self._count[i] >= self._need and ticks_diff(now_ms, self._chain[i]) >= self._span:
                self.state = SHAKING
                return SHAKING
        if quiet:
            self.state = CANCELLED
            self._cool = True
        return self.state

    def _axis(self, i, a, step, now_ms):
        """One axis's sample ``a`` (cm/s²): gravity follows it over
        ``step`` ms (0: not at all), the sign is tracked and a reversal
        chained. Returns True when ``start`` or more off gravity."""
        g = self._g[i]
        if step:
            g += (a * _FIX - g) * step // (self._tau + step)
            self._g[i] = g
        d = a - g // _FIX
        if -self._band <= d <= self._band:
            return False
        self._move = now_ms
        sign = 1 if d > 0 else 2
        was = self._sign[i]
        if sign != was:
            self._sign[i] = sign
            if was and 0 <= ticks_diff(now_ms, self._rev[i]) <= self._gap:
                n = self._count[i]
                if n < 255:
                    self._count[i] = n + 1
                if not n:
                    self._chain[i] = now_ms
                self._active = now_ms
            else:
                self._count[i] = 0  # a first excursion, or one after a pause
            self._rev[i] = now_ms
        return d >= self._start or -d >= self._start
