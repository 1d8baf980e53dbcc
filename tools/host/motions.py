"""Synthetic motions, as recordings: tuples of ``(t_ms, x, y, z)`` rows in
m/s² at 100 Hz (the LIS3DH's rate in Rollbox), the board starting flat and
still (1 g on +z). They play through ``traces.Replay`` like the real ones,
for what the recordings lack: a gentle shake (issue 13), a tap, the board
set down hard, a long shake, two shakes in a row, a slow turn-over.
"""
import math

G = 9.80665
STEP_MS = 10  # 100 Hz


def _rows(duration_ms, accel):
    return tuple((t,) + tuple(accel(t)) for t in range(0, duration_ms + 1, STEP_MS))


def _still(t):
    return (0.0, 0.0, G)


def shake(hz, seconds, amplitude, axis=(0.0, 0.0, 1.0), lead_ms=300, tail_ms=300):
    """Back and forth along ``axis`` (a unit vector in the board's frame)
    at ``hz`` for ``seconds``: gravity plus ``amplitude`` m/s² times a sine,
    with ``lead_ms`` still before and ``tail_ms`` after."""
    length = int(seconds * 1000)

    def accel(t):
        s = 0.0
        if lead_ms <= t < lead_ms + length:
            s = amplitude * math.sin(2 * math.pi * hz * (t - lead_ms) / 1000)
        return (axis[0] * s, axis[1] * s, G + axis[2] * s)

    return _rows(lead_ms + length + tail_ms, accel)


def gentle_shake(hz=4.0, seconds=1.0, peak_g=1.8, lateral=False):
    """Issue 13's gentle shake: a ``peak_g`` peak (1.8 g: 7.8 m/s² off
    gravity), back and forth at ``hz`` (3-6) for ``seconds``. Vertical
    (along gravity: amplitude = peak - 1 g) or ``lateral`` (across it:
    amplitude so that the magnitude peaks at ``peak_g``)."""
    peak = peak_g * G
    if lateral:
        return shake(hz, seconds, math.sqrt(peak * peak - G * G), axis=(1.0, 0.0, 0.0))
    return shake(hz, seconds, peak - G)


def two_shakes(gap_ms=500, hz=5.0, seconds=1.5, amplitude=30.0):
    """Two firm shakes with ``gap_ms`` of stillness between them."""
    first = shake(hz, seconds, amplitude, lead_ms=300, tail_ms=0)
    second = shake(hz, seconds, amplitude, lead_ms=gap_ms, tail_ms=300)
    offset = first[-1][0] + STEP_MS
    return first + tuple((row[0] + offset,) + row[1:] for row in second)


def tap(g_peak=3.0):
    """One sharp tap on the screen: a ``g_peak`` spike on z for 20 ms, a
    rebound half as strong, then still."""
    def accel(t):
        if 300 <= t < 320:
            return (0.0, 0.0, G + (g_peak - 1) * G)
        if 320 <= t < 340:
            return (0.0, 0.0, G - (g_peak - 1) * G / 2)
        return _still(t)

    return _rows(800, accel)


def set_down_hard():
    """The board dropped flat on a table from a few cm: 80 ms of free fall
    (0 g), a 6 g impact ringing down at 40 Hz over 150 ms, then still."""
    def accel(t):
        if 300 <= t < 380:
            return (0.0, 0.0, 0.0)
        if 380 <= t < 530:
            k = t - 380
            ring = 5 * G * math.exp(-k / 40) * math.cos(2 * math.pi * 40 * k / 1000)
            return (0.0, 0.3 * ring, G + ring)
        return _still(t)

    return _rows(1200, accel)


def turn_over(seconds=2.0):
    """The board turned face down slowly about its x axis over ``seconds``
    (gravity turns from +z to -z; no other acceleration)."""
    length = int(seconds * 1000)

    def accel(t):
        angle = math.pi * min(max(t - 300, 0), length) / length
        return (0.0, G * math.sin(angle), G * math.cos(angle))

    return _rows(length + 600, accel)
