"""Controls: `keypad` events -> logical buttons, one bitmask per frame.

The board profile (``rollbox.hardware``) says which key number is which
logical button; the app only sees :data:`A`, :data:`B`, :data:`START`,
:data:`SELECT` and the directions. Debouncing is the `keypad` module's.
"""

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


class Controls:
    """Drains a keypad object's event queue each frame.

    :param keys: a ``keypad.Keys`` / ``ShiftRegisterKeys`` (or None: no buttons).
    :param key_map: tuple, logical button bit for each key number.
    """

    def __init__(self, keys, key_map):
        self._keys = keys
        self._map = key_map
        self.held = 0  # logical buttons down now
        if keys is not None:
            import keypad

            self._event = keypad.Event()  # reused: no allocation per event

    def buttons(self):
        """Logical buttons whose press arrived since the last call (bitmask).
        Events for unmapped keys are dropped; an overflowed queue has its flag
        reset (the lost events are gone; held state resyncs on release)."""
        keys = self._keys
        if keys is None:
            return 0
        pressed = 0
        event = self._event
        events = keys.events
        while events.get_into(event):
            n = event.key_number
            if n >= len(self._map):
                continue
            bit = self._map[n]
            if event.pressed:
                pressed |= bit
                self.held |= bit
            else:
                self.held &= ~bit
        if events.overflowed:
            events.clear()  # the queue is empty now; clear() resets the flag
        return pressed
