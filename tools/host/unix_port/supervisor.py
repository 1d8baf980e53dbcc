"""``supervisor.ticks_ms`` for CircuitPython's unix port, on the driver's
simulated clock (``_now``, ms, set by the driver each frame), so
``adafruit_ticks`` and the app see the same time."""

_now = 0


def ticks_ms():
    return _now & 0x1FFFFFFF  # wraps at 2**29 ms, as on a board
