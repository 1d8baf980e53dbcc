"""Host stand-in for CircuitPython's `keypad` module (Event, EventQueue, Keys,
ShiftRegisterKeys, KeyMatrix), with the CircuitPython 9/10 API and validation.

Replaces the board's background key scanner. Key levels are set by the host
(`_press()` / `_release()`, host-only) and scanned like on the board: every
`interval` seconds of the host clock (`host.clock`), starting with a scan at
construction (and at `reset()`). Each scan looks at the level each key has at
that moment and runs CircuitPython's debounce (`debounce_threshold`), so a press
that starts and ends between two scans is missed, exactly as on the board.
Keys start as released, so a key already down at construction is reported by
the first scan. Event timestamps are the scan's `supervisor.ticks_ms()` value.

Differences from the board:
- Scanning is lazy: scans due since the last one are run (in order, from the
  recorded level changes) when the program looks at `.events` (`get`,
  `get_into`, `clear`, `len`, `bool`, `overflowed`) or calls `reset()`.
  The outcome is the same as a background scanner.
- Scans are every round(interval * 1000) ms (at least 1 ms) of the host clock;
  the board counts in 1/1024 s ticks (0.020 s -> 19.5 ms).
- A level change made in the same millisecond as a scan is seen by that scan,
  unless the scan already ran (events were read in that millisecond).
- A scanner keeps the host clock that was current when it was created.
- Pins are any objects except None (the board wants `microcontroller.Pin`);
  duplicates within one scanner are refused, but pins are not checked
  against other scanners ("in use"), so tests need not deinit every scanner.
- `value_when_pressed`, `pull`, `value_to_latch`, `columns_to_anodes` are
  validated and kept but have no effect: the host sets logical pressed levels.

Host-only names (start with an underscore, absent on the board):
`Keys._press(key_number)`, `Keys._release(key_number)`, `Keys._is_down(key_number)`
(same on every scanner), `_instances` (live scanners, oldest first),
`_deinit_all()` (what a soft reload does).
"""
import numbers
import operator

import supervisor

from host import clock as _clock

_TICKS_MAX = (1 << 29) - 1
_DEINITED = "Object has been deinitialized and can no longer be used. Create a new object."

_instances = []
"""Host-only: the live (not deinitialized) scanners, oldest first."""


def _deinit_all():
    """Host-only: deinit every live scanner (what a soft reload does on the board)."""
    while _instances:
        _instances[-1].deinit()


def _int_arg(value, name):
    if not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return operator.index(value)


def _int_min(value, minimum, name):
    value = _int_arg(value, name)
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}")
    return value


class Event:
    """A key transition event.

    :param int key_number: the key number (>= 0).
    :param bool pressed: True for a press, False for a release.
    :param int timestamp: milliseconds in the `supervisor.ticks_ms()` time base;
      None means the current `supervisor.ticks_ms()`.
    """

    __slots__ = ("_key_number", "_pressed", "_timestamp")

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        key_number = _int_min(key_number, 0, "key_number")
        if timestamp is None:
            timestamp = supervisor.ticks_ms()
        self._key_number = key_number
        self._pressed = bool(pressed)
        self._timestamp = _int_arg(timestamp, "timestamp")

    @property
    def key_number(self):
        """The key number (int, read-only)."""
        return self._key_number

    @property
    def pressed(self):
        """True for a key-down transition; the opposite of `released` (read-only)."""
        return self._pressed

    @property
    def released(self):
        """True for a key-up transition; the opposite of `pressed` (read-only)."""
        return not self._pressed

    @property
    def timestamp(self):
        """When the transition was seen, in `supervisor.ticks_ms()` milliseconds (read-only)."""
        return self._timestamp

    def __eq__(self, other):
        """Equal when `key_number` and `pressed` are equal; timestamps are not compared."""
        if not isinstance(other, Event):
            return False
        return self._key_number == other._key_number and self._pressed == other._pressed

    def __hash__(self):
        """Like CircuitPython: (pressed << 15) + key_number; ignores the timestamp."""
        return (int(self._pressed) << 15) + self._key_number

    def __repr__(self):
        return "<Event: key_number {} {}>".format(
            self._key_number, "pressed" if self._pressed else "released")


class EventQueue:
    """A queue of `Event` objects filled by a scanner; read it through `scanner.events`.

    Cannot be created directly (TypeError), as on CircuitPython. When full, a
    new event is discarded and `overflowed` becomes True.
    """

    __slots__ = ("_events", "_max_events", "_overflowed", "_scanner")

    def __init__(self, *args, **kwargs):
        raise TypeError("cannot create 'EventQueue' instances")

    @classmethod
    def _create(cls, max_events, scanner):
        queue = object.__new__(cls)
        queue._events = []
        queue._max_events = max_events
        queue._overflowed = False
        queue._scanner = scanner
        return queue

    def _sync(self):
        if self._scanner is not None:
            self._scanner._scan_due()

    def _record(self, key_number, pressed, timestamp):
        if len(self._events) >= self._max_events:
            self._overflowed = True
            return
        self._events.append((key_number, pressed, timestamp))

    def get(self):
        """Remove and return the oldest `Event`, or None if there is none."""
        self._sync()
        if not self._events:
            return None
        key_number, pressed, timestamp = self._events.pop(0)
        return Event(key_number, pressed, timestamp)

    def get_into(self, event):
        """Move the oldest event into `event` (an `Event`); return True, or False if empty.

        An empty queue leaves `event` untouched.
        """
        if not isinstance(event, Event):
            raise TypeError(f"event must be of type Event, not {type(event).__name__}")
        self._sync()
        if not self._events:
            return False
        key_number, pressed, timestamp = self._events.pop(0)
        event._key_number = key_number
        event._pressed = pressed
        event._timestamp = timestamp
        return True

    def clear(self):
        """Discard all queued events and set `overflowed` to False."""
        self._sync()
        self._events.clear()
        self._overflowed = False

    def __bool__(self):
        """True if there is at least one event queued."""
        self._sync()
        return bool(self._events)

    def __len__(self):
        """The number of events queued."""
        self._sync()
        return len(self._events)

    @property
    def overflowed(self):
        """True if an event was discarded because the queue was full (read-only).

        Set back to False by `clear()`.
        """
        self._sync()
        return self._overflowed


class _Scanner:
    """What Keys, ShiftRegisterKeys and KeyMatrix share: levels, scans, debounce."""

    def _setup(self, pins, key_count, interval, max_events, debounce_threshold):
        if isinstance(interval, bool) or not isinstance(interval, numbers.Real):
            raise TypeError(f"can't convert {type(interval).__name__} to float")
        interval = float(interval)
        if interval < 0:
            raise ValueError("interval must be >= 0")
        max_events = _int_min(max_events, 1, "max_events")
        debounce_threshold = _int_arg(debounce_threshold, "debounce_threshold")
        if not 1 <= debounce_threshold <= 127:
            raise ValueError("debounce_threshold must be 1-127")
        self._pins = tuple(pins)
        self._key_count = key_count
        self._interval = interval
        self._period_ms = max(1, round(interval * 1000))
        self._debounce_threshold = debounce_threshold
        self._clock = _clock.current()
        # Level history: per key, the level seen by the last scan and the changes since.
        self._down = [False] * key_count              # level now (host-set)
        self._changes = [[] for _ in range(key_count)]  # [(time_ms, down)] not yet scanned
        self._scanned = [False] * key_count           # level at the last scan
        self._counter = [-debounce_threshold] * key_count  # keys start as released
        self._events = EventQueue._create(max_events, self)
        self._next_scan = self._clock.now  # scan at construction (run lazily)
        self._deinited = False
        _instances.append(self)

    # --- scanning ---------------------------------------------------------------------
    def _scan_due(self):
        """Run every scan due up to the clock's now, in order."""
        now = self._clock.now
        period = self._period_ms
        threshold = self._debounce_threshold
        while self._next_scan <= now:
            t = self._next_scan
            if all(c == (threshold if s else -threshold)
                   for c, s in zip(self._counter, self._scanned)):
                # Settled: scans before the next level change cannot produce events.
                pending = [changes[0][0] for changes in self._changes if changes]
                if not pending:
                    self._next_scan = t + ((now - t) // period + 1) * period
                    break
                earliest = min(pending)
                if earliest > t:
                    self._next_scan = t + -(-(earliest - t) // period) * period
                    continue
            timestamp = t & _TICKS_MAX
            for key in range(self._key_count):
                changes = self._changes[key]
                taken = 0
                while taken < len(changes) and changes[taken][0] <= t:
                    taken += 1
                if taken:
                    self._scanned[key] = changes[taken - 1][1]
                    del changes[:taken]
                if self._debounce(key, self._scanned[key]):
                    self._events._record(key, self._scanned[key], timestamp)
            self._next_scan = t + period

    def _debounce(self, key, current):
        # CircuitPython's keypad_debounce(): the counter runs from -threshold (released)
        # to +threshold (pressed); an event fires when it crosses zero.
        counter = self._counter
        threshold = self._debounce_threshold
        if current:
            if counter[key] < threshold:
                counter[key] += 1
                if counter[key] == 0:
                    counter[key] = threshold
                    return True
        elif counter[key] > -threshold:
            counter[key] -= 1
            if counter[key] == 0:
                counter[key] = -threshold
                return True
        return False

    def _check(self):
        if self._deinited:
            raise ValueError(_DEINITED)

    def _key_index(self, key_number):
        self._check()
        key_number = _int_arg(key_number, "key_number")
        if not 0 <= key_number < self._key_count:
            raise ValueError(f"key_number must be 0-{self._key_count - 1}")
        return key_number

    def _set_level(self, key_number, down):
        key = self._key_index(key_number)
        self._down[key] = down
        self._changes[key].append((self._clock.now, down))

    # --- host-only injection ------------------------------------------------------------
    def _press(self, key_number):
        """Host-only: put key `key_number` down now (seen by the next scan at or after now)."""
        self._set_level(key_number, True)

    def _release(self, key_number):
        """Host-only: let key `key_number` up now (seen by the next scan at or after now)."""
        self._set_level(key_number, False)

    def _is_down(self, key_number):
        """Host-only: the level the host last set for the key (not what was scanned)."""
        return self._down[self._key_index(key_number)]

    # --- the CircuitPython API ----------------------------------------------------------
    @property
    def events(self):
        """The `EventQueue` of this scanner (read-only)."""
        self._check()
        return self._events

    @property
    def key_count(self):
        """The number of keys scanned (int, read-only)."""
        self._check()
        return self._key_count

    def reset(self):
        """Assume all keys are released now and scan at once.

        Keys that are down produce a new pressed event (with this scan's timestamp).
        """
        self._check()
        self._scan_due()
        self._counter = [-self._debounce_threshold] * self._key_count
        self._next_scan = self._clock.now

    def deinit(self):
        """Stop scanning and release the pins. Further use raises ValueError.

        An `EventQueue` fetched earlier keeps the events already queued.
        """
        if self._deinited:
            return
        self._scan_due()
        self._deinited = True
        self._events._scanner = None
        if self in _instances:
            _instances.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.deinit()


def _validate_pins(pins, name):
    pins = tuple(pins)
    for i, pin in enumerate(pins):
        if pin is None:
            raise TypeError(f"{name} must be of type Pin, not NoneType")
        for other in pins[:i]:
            if pin is other or pin == other:
                raise ValueError(f"{name} contains duplicate pins")
    return pins


def _pin_arg(pin, name):
    if pin is None:
        raise TypeError(f"{name} must be of type Pin, not NoneType")
    return pin


class Keys(_Scanner):
    """Scan independent keys, one pin each; key numbers are indices into `pins`.

    :param pins: sequence of pins (any objects but None on the host).
    :param bool value_when_pressed: pin level when pressed (kept; no effect on the host).
    :param bool pull: enable the internal pull (kept; no effect on the host).
    :param float interval: seconds between scans (>= 0; default 0.020).
    :param int max_events: queue size (>= 1; default 64).
    :param int debounce_threshold: scans a new level must persist (1-127; default 1).
    """

    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.020,
                 max_events=64, debounce_threshold=1):
        pins = _validate_pins(pins, "pins")
        self.value_when_pressed = bool(value_when_pressed)
        self.pull = bool(pull)
        self._setup(pins, len(pins), interval, max_events, debounce_threshold)


class ShiftRegisterKeys(_Scanner):
    """Scan keys on parallel-in serial-out shift registers (74HC165, CD4021).

    :param clock: the shift clock pin.
    :param data: a data pin, or a sequence of data pins.
    :param latch: the latch pin.
    :param bool value_to_latch: latch level (kept; no effect on the host).
    :param key_count: keys per data pin: an int, or a sequence as long as `data`.
      Key numbers run through data[0]'s keys, then data[1]'s, ...
    :param bool value_when_pressed: pin level when pressed (kept; no effect on the host).
    :param float interval: seconds between scans (>= 0; default 0.020).
    :param int max_events: queue size (>= 1; default 64).
    :param int debounce_threshold: scans a new level must persist (1-127; default 1).
    """

    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.020, max_events=64, debounce_threshold=1):
        if isinstance(data, (list, tuple)):
            data_pins = tuple(_pin_arg(pin, "data") for pin in data)
        else:
            data_pins = (_pin_arg(data, "data"),)
        if isinstance(key_count, numbers.Integral):
            counts = (key_count,)
        else:
            counts = tuple(key_count)
        if len(counts) != len(data_pins):
            raise ValueError(f"key_count length must be {len(data_pins)}")
        counts = tuple(_int_min(count, 1, "key_count") for count in counts)
        pins = _validate_pins((_pin_arg(clock, "clock"),) + data_pins
                              + (_pin_arg(latch, "latch"),), "pins")
        self.value_to_latch = bool(value_to_latch)
        self.value_when_pressed = bool(value_when_pressed)
        self._key_counts = counts
        self._setup(pins, sum(counts), interval, max_events, debounce_threshold)


class KeyMatrix(_Scanner):
    """Scan a row/column key matrix; key number = row * len(column_pins) + column.

    :param row_pins: sequence of row pins.
    :param column_pins: sequence of column pins.
    :param bool columns_to_anodes: diode direction (kept; no effect on the host).
    :param float interval: seconds between scans (>= 0; default 0.020).
    :param int max_events: queue size (>= 1; default 64).
    :param int debounce_threshold: scans a new level must persist (1-127; default 1).
    """

    def __init__(self, row_pins, column_pins, columns_to_anodes=True, interval=0.020,
                 max_events=64, debounce_threshold=1):
        rows = tuple(row_pins)
        columns = tuple(column_pins)
        _validate_pins(rows + columns, "pins")
        self.columns_to_anodes = bool(columns_to_anodes)
        self._rows = len(rows)
        self._columns = len(columns)
        self._setup(rows + columns, self._rows * self._columns, interval, max_events,
                    debounce_threshold)

    def key_number_to_row_column(self, key_number):
        """Return (row, column) for `key_number`."""
        key = self._key_index(key_number)
        return (key // self._columns, key % self._columns)

    def row_column_to_key_number(self, row, column):
        """Return the key number for `row` and `column`."""
        self._check()
        row = _int_arg(row, "row")
        column = _int_arg(column, "column")
        if not 0 <= row < self._rows:
            raise ValueError(f"row must be 0-{self._rows - 1}")
        if not 0 <= column < self._columns:
            raise ValueError(f"column must be 0-{self._columns - 1}")
        return row * self._columns + column
