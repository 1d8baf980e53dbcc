"""Host millisecond clock that the simulation advances by hand.

Replaces the board's free-running millisecond tick (what CircuitPython's
`supervisor.ticks_ms()` reads). On the host nothing moves unless the simulation
calls `advance()`, so tests and simulated runs are deterministic.

Differences from the board:
- `Clock.now` is the unwrapped time in milliseconds (a Python int, never wraps);
  `Clock.ticks_ms()` is what the board reports: `now` modulo 2**29, the same
  period as `supervisor.ticks_ms()` (and `adafruit_ticks`).
- The board's tick is 1/1024 s underneath; here every millisecond is exact.

The stand-ins (`supervisor`, `keypad`) read the clock chosen with `use()`
through `current()`. `CLOCK` names the clock in use; read it as `clock.CLOCK`
(or `clock.current()`) at call time, never `from host.clock import CLOCK`, which
would keep the old one after a `use()`.
"""
import operator

TICKS_PERIOD = 1 << 29
"""`ticks_ms()` wraps to 0 after TICKS_PERIOD - 1 (2**29 ms, about 6.2 days)."""
TICKS_MAX = TICKS_PERIOD - 1


class Clock:
    """A millisecond clock that only moves when `advance()` is called.

    :param int start_ms: initial value of `now`, in milliseconds (>= 0).
    """

    __slots__ = ("_now",)

    def __init__(self, start_ms=0):
        start_ms = operator.index(start_ms)
        if start_ms < 0:
            raise ValueError("start_ms must be >= 0")
        self._now = start_ms

    @property
    def now(self):
        """Unwrapped time in milliseconds (int, monotonic, never wraps)."""
        return self._now

    def advance(self, ms):
        """Move the clock forward by `ms` milliseconds (int >= 0). Returns the new `now`."""
        ms = operator.index(ms)
        if ms < 0:
            raise ValueError("a clock cannot go backwards: ms must be >= 0")
        self._now += ms
        return self._now

    def ticks_ms(self):
        """The board's view of `now`: milliseconds modulo 2**29 (`now & (2**29 - 1)`)."""
        return self._now & TICKS_MAX

    def __repr__(self):
        return f"Clock(now={self._now} ms)"


CLOCK = Clock()
"""The clock the stand-ins read (the default instance until `use()` swaps it)."""


def use(clock):
    """Make `clock` the one the stand-ins read from now on; returns the previous one.

    Typical test use: ``old = clock.use(Clock()); ...; clock.use(old)``.
    A `keypad` scanner keeps the clock that was current when it was created.
    """
    global CLOCK
    if not isinstance(clock, Clock):
        raise TypeError(f"use() needs a Clock, not {type(clock).__name__}")
    previous = CLOCK
    CLOCK = clock
    return previous


def current():
    """The clock in use (the one last given to `use()`, else the default)."""
    return CLOCK
