"""``keypad`` for CircuitPython's unix port (no key scanner there):
``Event``, ``EventQueue``, ``Keys`` and ``ShiftRegisterKeys`` with the part
of CircuitPython's API the app uses (``get_into``, ``clear``,
``overflowed``; every method costs heap a board does not spend). The
driver queues events itself with ``EventQueue._put(key_number, pressed,
timestamp)`` (host only)."""


class Event:
    """A key transition: ``key_number``, ``pressed``, ``released``,
    ``timestamp`` (ms)."""

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = 0 if timestamp is None else timestamp

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    """Up to ``max_events`` events, oldest first; ``overflowed`` when one
    more was dropped."""

    def __init__(self, max_events=64):
        self._events = []
        self._max = max_events
        self.overflowed = False

    def _put(self, key_number, pressed, timestamp):
        if len(self._events) >= self._max:
            self.overflowed = True
        else:
            self._events.append((key_number, pressed, timestamp))

    def get_into(self, event):
        if not self._events:
            return False
        event.key_number, event.pressed, event.timestamp = self._events.pop(0)
        return True

    def clear(self):
        self._events.clear()
        self.overflowed = False


class Keys:
    """Keys on ``pins``, one key number each."""

    def __init__(self, pins, value_when_pressed=False, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        self.key_count = len(pins)
        self.events = EventQueue(max_events)

    def reset(self):
        pass

    def deinit(self):
        pass


class ShiftRegisterKeys(Keys):
    """``key_count`` keys on a shift register."""

    def __init__(self, clock=None, data=None, latch=None, value_to_latch=True, key_count=8,
                 value_when_pressed=True, interval=0.02, max_events=64, debounce_threshold=1):
        super().__init__(range(key_count), value_when_pressed, False, interval, max_events)
