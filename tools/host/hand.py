"""Motions made by hand at the window, as acceleration sources for the
emulated LIS3DH (``HostBoard.motion``: ``source(t_ms) -> (x, y, z)`` m/s²,
the board lying flat: 1 g on +z).

- :class:`HeldShake`: a key held down shakes the board back and forth at
  5 Hz, 30 m/s² on z (``simulation.FIRM_SHAKE``'s figures: a roll at every
  sensitivity) until the key is let go.
- :class:`DragShake`: a mouse drag shakes the board the same way (5 Hz on
  z), as hard as the pointer goes back and forth: as a 5 Hz sine whose
  mean speed is the pointer's over the last ``WINDOW_MS`` (``MM_PER_PX``
  mm a window pixel), flat-topped (its peak held over two thirds of each
  stroke), for as long as the pointer turns back at least every
  ``WINDOW_MS``. 100 px each way at 1.5 Hz (three sweeps a second) peaks
  at 15 m/s², over the normal sensitivity's start (10), and rolls in 4
  sweeps; the press counts as a turn, so a sweep that never turns back
  (a swing) shakes for ``WINDOW_MS`` only, too short to roll.

Why a drag no longer moves the board with the pointer (issue 24, measured
in the window): a mouse goes back and forth slower than a hand shakes a
board. At 0.5 mm a pixel, 100 px each way at 2 Hz peaks at 8 m/s², under
the normal start; three sweeps a second turn back 333 ms apart, too slow
to chain (the detector wants 250 ms); four sweeps turn back three or four
times, where the normal figures want seven strokes (six reversals) kept
up for about 0.6 s. The acceleration, the second difference of positions
taken once a frame, was mostly noise: a position 5 ms off its frame at
2,000 px/s is 10 px, 12 m/s², enough to roll a gentle drag or break a
shake's chain. A drag that slowed for a moment settled the shake, and
the next brisk part rolled again. (The LIS3DH's 8 g range was not it:
100 px each way at 5 Hz peaks at 49 m/s², under 78.)

Both go through the emulated bus and the real driver, so the app's shake
detector decides as it does on a board. Both stop (the board still) at
:meth:`spend`: the window calls it once the detector has confirmed a
shake, so a hold or a drag, however long, rolls once.
"""
import math

G = 9.80665
STILL = (0.0, 0.0, G)
SHAKE_HZ = 5.0
SHAKE_MS2 = 30.0
MM_PER_PX = 0.5
WINDOW_MS = 400  # the pointer's speed is over this long; a shake turns back this often
TURN_PX = 8  # a turn: the pointer comes back this far on x or y (a hand's tremor is less)
# m/s² of the shake per px/s of the pointer: a sine of mean speed v peaks
# at pi² f v (peak speed pi/2 v, times 2 pi f).
_GAIN = math.pi ** 2 * SHAKE_HZ * MM_PER_PX / 1000


def needed(figures):
    """The strength (m/s²) a :class:`DragShake` needs to start the app's
    shake detector: the start of ``figures`` (a row of
    ``rollbox.hardware.SHAKE``, the app's ``hw.shake[app.sensitivity]``),
    how far off gravity one sample must be. A drag's shake holds its peak
    over two thirds of each stroke, so a frame as late as 60 ms still
    samples it there."""
    return figures[0]


class HeldShake:
    """Back and forth along z from ``start_ms`` until :meth:`release` or
    :meth:`spend`. ``strength``: its peak, m/s² (0 once still); ``spent``:
    True after :meth:`spend`."""

    def __init__(self, start_ms):
        self.start_ms = start_ms
        self.end_ms = None
        self.strength = SHAKE_MS2
        self.spent = False

    def release(self, t_ms):
        """The key was let go at ``t_ms``: still from then on."""
        if self.end_ms is None:
            self.end_ms = t_ms
            self.strength = 0.0

    def spend(self, t_ms):
        """The shake was taken (the detector confirmed it) at ``t_ms``:
        still from then on, though the key is still held."""
        self.release(t_ms)
        self.spent = True

    def __call__(self, t_ms):
        if t_ms < self.start_ms or (self.end_ms is not None and t_ms >= self.end_ms):
            return STILL
        s = SHAKE_MS2 * math.sin(2 * math.pi * SHAKE_HZ * (t_ms - self.start_ms) / 1000)
        return (0.0, 0.0, G + s)


class DragShake:
    """The board shaken by a drag that began at ``t_ms`` with the pointer
    at (``x``, ``y``) window pixels: :meth:`add` the pointer once a frame
    (or at every move). ``strength``: the shake's peak now, m/s²
    (:data:`_GAIN` times the pointer's mean speed; 0 when still);
    ``spent``: True after :meth:`spend`."""

    def __init__(self, t_ms, x, y):
        self._points = [(t_ms, x, y)]  # the pointer over the last WINDOW_MS
        self._path = 0.0  # px the pointer went along _points
        self._peak = [x, y]  # per axis: the farthest since the last turn
        self._way = [0, 0]  # per axis: +1, -1, or 0 before it first moved TURN_PX
        self._turned = t_ms  # the last turn (the press counts as one)
        self._phase_at = None  # ms the shake's sine began, None while still
        self.spent = False
        self.strength = 0.0

    def add(self, t_ms, x, y):
        """The pointer at (``x``, ``y``) window pixels at ``t_ms``."""
        points = self._points
        t0, x0, y0 = points[-1]
        if t_ms < t0:
            return
        self._path += math.hypot(x - x0, y - y0)
        points.append((t_ms, x, y))
        while len(points) > 2 and points[1][0] <= t_ms - WINDOW_MS:
            (_, xa, ya), (_, xb, yb) = points[0], points[1]
            self._path -= math.hypot(xb - xa, yb - ya)
            del points[0]
        self._turn(0, x, t_ms)
        self._turn(1, y, t_ms)
        self.strength = self._strength(t_ms)
        if self.strength <= 0:
            self._phase_at = None
        elif self._phase_at is None:
            self._phase_at = t_ms

    def _strength(self, t_ms):
        """m/s² from the pointer's mean speed, 0 when spent or not turning."""
        if self.spent or t_ms - self._turned > WINDOW_MS:
            return 0.0
        # Over at least half the window: just after the press, a sine's
        # peak speed would read as its mean (a start no hand makes).
        span = max(WINDOW_MS // 2, t_ms - self._points[0][0])
        return _GAIN * self._path * 1000 / span

    def _turn(self, axis, p, t_ms):
        """Follow one axis: a turn when ``p`` comes back TURN_PX from the peak."""
        way, peak = self._way[axis], self._peak[axis]
        if (p - peak) * way > 0 or way == 0 and abs(p - peak) < TURN_PX:
            if way:
                self._peak[axis] = p  # further the same way
            return
        if abs(p - peak) >= TURN_PX:
            if way:
                self._turned = t_ms
            self._way[axis] = 1 if p > peak else -1
            self._peak[axis] = p

    def spend(self, t_ms):
        """The shake was taken (the detector confirmed it) at ``t_ms``:
        still from then on, though the drag goes on."""
        self.spent = True
        self.strength = 0.0
        self._phase_at = None

    def __call__(self, t_ms):
        if self._phase_at is None:
            return STILL
        s = 2 * math.sin(2 * math.pi * SHAKE_HZ * (t_ms - self._phase_at) / 1000)
        return (0.0, 0.0, G + self.strength * max(-1.0, min(1.0, s)))  # flat-topped
