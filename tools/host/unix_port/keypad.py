"""``keypad`` for CircuitPython's unix port (no key scanner there):
``Event``, ``Keys`` and ``ShiftRegisterKeys`` with the part of
CircuitPython's API the app uses (``events.get_into``, ``clear``,
``overflowed``; every method and argument name costs heap a board does
not spend, so the constructors take keywords as they come). The driver
queues events itself with ``keys.events._put(key_number, pressed,
timestamp)`` (host only)."""


class Event:
    """A key transition: ``key_number``, ``pressed``, ``timestamp`` (ms)."""

    key_number = 0
    pressed = True
    timestamp = 0


class _Queue:
    """Up to 64 events, oldest first (``max_events``' default);
    ``overflowed`` when one more was dropped."""

    def __init__(self):
        self._events = []
        self.overflowed = False

    def _put(self, key_number, pressed, timestamp):
        if len(self._events) >= 64:
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
    """Keys on ``pins`` (or ``key_count`` of them), one key number each;
    the other arguments are the board API's and change nothing here."""

    def __init__(self, pins=(), **kw):
        self.key_count = kw.get("key_count", len(pins))
        self.events = _Queue()


ShiftRegisterKeys = Keys
