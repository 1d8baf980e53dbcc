"""Motions made by hand at the window, as acceleration sources for the
emulated LIS3DH (``HostBoard.motion``: ``source(t_ms) -> (x, y, z)`` m/s²,
the board lying flat: 1 g on +z).

- :class:`HeldShake`: a key held down shakes the board back and forth at
  5 Hz, 30 m/s² on z (``simulation.FIRM_SHAKE``'s figures: a roll at every
  sensitivity) until the key is let go.
- :class:`DragShake`: the mouse drags the board's picture; the board moves
  with it, ``MM_PER_PX`` mm of travel per window pixel, and its acceleration
  is the second difference of the pointer's positions, one per frame.
  Dragged back and forth about 100 px at 4 Hz peaks near 30 m/s² (a firm
  shake); one sweep across the window is a swing, which rolls nothing.

Both go through the emulated bus and the real driver, so the app's shake
detector decides as it does on a board.
"""
import math

G = 9.80665
STILL = (0.0, 0.0, G)
SHAKE_HZ = 5.0
SHAKE_MS2 = 30.0
MM_PER_PX = 0.5
_KEEP = 16  # accelerations kept for the LIS3DH's late reads (16 frames)


class HeldShake:
    """Back and forth along z from ``start_ms`` until :meth:`release`."""

    def __init__(self, start_ms):
        self.start_ms = start_ms
        self.end_ms = None

    def release(self, t_ms):
        """The key was let go at ``t_ms``: still from then on."""
        if self.end_ms is None:
            self.end_ms = t_ms

    def __call__(self, t_ms):
        if t_ms < self.start_ms or (self.end_ms is not None and t_ms >= self.end_ms):
            return STILL
        s = SHAKE_MS2 * math.sin(2 * math.pi * SHAKE_HZ * (t_ms - self.start_ms) / 1000)
        return (0.0, 0.0, G + s)


class DragShake:
    """The board dragged with the pointer: :meth:`add` the pointer's window
    position (pixels) once a frame; window x is the board's x, window y its
    -y (the screen faces up)."""

    def __init__(self):
        self._points = []  # (t_ms, x px, y px), the last three
        self._accel = []  # (t_ms, (x, y, z) m/s²), the last _KEEP

    def add(self, t_ms, x, y):
        """The pointer at (``x``, ``y``) window pixels at ``t_ms``; a second
        position in the same millisecond replaces the first."""
        points = self._points
        if points and points[-1][0] == t_ms:
            points.pop()
        points.append((t_ms, x, y))
        del points[:-3]
        if len(points) < 3:
            return
        (t0, x0, y0), (t1, x1, y1), (t2, x2, y2) = points
        d1, d2 = (t1 - t0) / 1000, (t2 - t1) / 1000
        k = MM_PER_PX / 1000 / ((d1 + d2) / 2)  # px/s -> m/s², over the middle span
        ax = ((x2 - x1) / d2 - (x1 - x0) / d1) * k
        ay = ((y2 - y1) / d2 - (y1 - y0) / d1) * k
        self._accel.append((t_ms, (ax, -ay, G)))
        del self._accel[:-_KEEP]

    def __call__(self, t_ms):
        for t, value in reversed(self._accel):
            if t <= t_ms:
                return value
        return STILL
