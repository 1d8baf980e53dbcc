"""Controls: `keypad` events -> logical buttons, one bitmask per frame.

The board profile (``rollbox.hardware``) says which key number is which
logical button; the app only sees :data:`A`, :data:`B`, :data:`START`,
:data:`SELECT` and the directions. Debouncing is the `keypad` module's.
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
NAMES = ("A", "B", "START", "SELECT", "UP", "DOWN", "LEFT", "RIGHT")
STARTUP_MS = const(150)  # a press reported this soon after start was held at power-up


class Controls:
    """Drains a keypad object's event queue each frame.

    A key held through power-up is reported by the scanner's first scan as
    a press: such presses (timestamped within :data:`STARTUP_MS` of the
    start) only mark the key held, in ``held`` and ``held_at_start``; the
    key acts from its next press.

    :param keys: a ``keypad.Keys`` / ``ShiftRegisterKeys`` (or None: no buttons).
    :param key_map: tuple, logical button bit for each key number.
    :param now: ``ticks_ms()`` when the keys were made (the start).
    """

    def __init__(self, keys, key_map, now=0):
        self._keys = keys
        self._map = key_map
        self._start = now
        self._starting = True
        self.held = 0  # logical buttons down now
        self.held_at_start = 0  # logical buttons held through power-up
        if keys is not None:
            import keypad

            self._event = keypad.Event()  # reused: no allocation per event

    def buttons(self, now=None):
        """Logical buttons whose press arrived since the last call (bitmask).
        Events for unmapped keys are dropped; an overflowed queue has its flag
        reset (the lost events are gone; held state resyncs on release).
        ``now`` (``ticks_ms()``) ends the start-up window once it is past."""
        keys = self._keys
        if keys is None:
            return 0
        if self._starting and now is not None and ticks_diff(now, self._start) >= STARTUP_MS:
            self._starting = False  # later presses are presses, whatever the clock says
        pressed = 0
        event = self._event
        events = keys.events
        while events.get_into(event):
            n = event.key_number
            if n >= len(self._map):
                continue
            bit = self._map[n]
            if event.pressed:
                self.held |= bit
                if self._starting and ticks_diff(event.timestamp, self._start) < STARTUP_MS:
                    self.held_at_start |= bit  # held through power-up: not a press
                else:
                    pressed |= bit
            else:
                self.held &= ~bit
        if events.overflowed:
            events.clear()  # the queue is empty now; clear() resets the flag
        return pressed
