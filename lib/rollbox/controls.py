"""Controls: `keypad` events -> logical presses, queued in order.

The board profile (``rollbox.hardware``) says which key number is which
logical button; the app only sees :data:`A`, :data:`B`, :data:`START`,
:data:`SELECT`, the directions and :data:`PAUSE`. Debouncing is the
`keypad` module's.

Every press counts (issue 14): each key-down event becomes one logical
press in a queue that the app takes one at a time, in order, even when a
slow frame (a refresh, a computer's decision) lets several arrive at once;
two keys pressed together each act.

The pause chord: A and B held together for ``_HOLD_MS`` is a
:data:`PAUSE` press (the pause screen; on boards with START, START opens
it too). On a board without START A and B are the only buttons, and their
presses wait to see whether they are the chord: ``rollbox.chord``, loaded
only on such boards.
"""

from adafruit_ticks import ticks_diff
from micropython import const

A = const(1)
B = const(2)
START = const(4)
SELECT = const(8)
UP = const(16)
DOWN = const(32)
LEFT = const(64)
RIGHT = const(128)
PAUSE = const(256)  # not a key: A+B held (or START, the app decides)
NAMES = ("A", "B", "START", "SELECT", "UP", "DOWN", "LEFT", "RIGHT", "PAUSE")
_STARTUP_MS = const(150)  # a press reported this soon after start was held at power-up
_HOLD_MS = const(1000)  # A and B held together this long: PAUSE
QUEUE = const(16)  # presses kept between two takes (more are dropped, counted)
_AB = const(3)


class Controls:
    """Drains a keypad object's event queue into a queue of logical presses.

    A key held through power-up is reported by the scanner's first scan as
    a press: such presses (timestamped within ``_STARTUP_MS`` of the
    start) only mark the key held, in ``held`` and ``held_at_start``; the
    key acts from its next press.

    :param keys: a ``keypad.Keys`` / ``ShiftRegisterKeys`` (or None: no buttons).
    :param key_map: tuple, logical button bit for each key number.
    :param now: ``ticks_ms()`` when the keys were made (the start).

    Attributes: ``held`` (logical buttons down now), ``held_at_start``,
    ``dropped`` (presses lost: more than :data:`QUEUE` between two takes,
    or the keypad's own queue overflowing).
    """

    def __init__(self, keys, key_map, now=0):
        self._keys = keys
        self._map = key_map
        self._start = now
        self._starting = True
        self.held = self.held_at_start = self.dropped = 0
        self._queue = [0] * QUEUE  # presses not yet taken, oldest first (no allocation)
        self._count = 0
        self._chord = -1  # ticks when A and B were both down (-1: no chord)
        if keys is not None:
            import keypad

            self._event = keypad.Event()  # reused: no allocation per event

    def poll(self, now):
        """Take the keypad's events into the press queue, and the chord
        held ``_HOLD_MS`` by ``now`` (``ticks_ms()``). Events of
        unmapped keys are dropped; an overflowed keypad queue has its flag
        reset (held state resyncs on release)."""
        keys = self._keys
        if keys is None:
            return
        if self._starting and ticks_diff(now, self._start) >= _STARTUP_MS:
            self._starting = False  # later presses are presses, whatever the clock says
        event = self._event
        events = keys.events
        while events.get_into(event):
            n = event.key_number
            if n < len(self._map):
                bit = self._map[n]
                if not event.pressed:
                    self.held &= ~bit
                    if bit & _AB:
                        self._chord = -1
                        self._up(bit)
                elif self._starting and ticks_diff(event.timestamp, self._start) < _STARTUP_MS:
                    self.held |= bit
                    self.held_at_start |= bit  # held through power-up: not a press
                else:
                    self.held |= bit
                    if bit & _AB and self.held & _AB == _AB:
                        self._chord = event.timestamp  # the pause chord begins
                    self._down(bit, event.timestamp)
        if events.overflowed:
            self.dropped += 1
            events.clear()  # the queue is empty now; clear() resets the flag
        if self._chord >= 0 and ticks_diff(now, self._chord) >= _HOLD_MS:
            self._chord = -1
            self._push(PAUSE)
        self._wait(now)

    def press(self):
        """The next logical press (a bit above), oldest first; 0 when none."""
        if not self._count:
            return 0
        q = self._queue
        bit = q[0]
        self._count -= 1
        for i in range(self._count):
            q[i] = q[i + 1]
        return bit

    def _push(self, bit):
        if self._count == QUEUE:
            self.dropped += 1
        else:
            self._queue[self._count] = bit
            self._count += 1

    # What ``rollbox.chord`` changes: a key down at ticks ``t``, A or B up,
    # each frame's wait.
    def _down(self, bit, t):
        self._push(bit)

    def _up(self, bit):
        pass

    def _wait(self, now):
        pass
