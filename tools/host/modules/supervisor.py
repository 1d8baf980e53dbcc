"""Host stand-in for CircuitPython's `supervisor` module: only `ticks_ms()`.

Replaces the board's `supervisor.ticks_ms()` with the host clock
(`host.clock.current()`, advanced by hand by the simulation), read at call time,
so a `host.clock.use()` swap takes effect at once. `adafruit_ticks` does
`from supervisor import ticks_ms`, so it runs unchanged on this clock.

Differences from the board: nothing else of `supervisor` exists here
(`runtime`, `reload()`, `set_next_code_file()`, ...); time only moves when the
simulation advances the host clock.
"""
from host import clock as _clock


def ticks_ms():
    """Milliseconds since an arbitrary moment, wrapping to 0 after 2**29 - 1 (int)."""
    return _clock.current().ticks_ms()
