"""Controls: `keypad` events -> logical presses, queued in order.

The board profile (``rollbox.hardware``) says which key number is which
logical button; the app only sees :data:`A`, :data:`B`, :data:`START`,
:data:`SELECT`, the directions and :data:`PAUSE`. Debouncing is the
`keypad` module's.

Every press counts (issue 14): each key-down event becomes one logical
press in a queue that the app takes one at a time, in order, even when a
slow frame (a refresh, a computer's decision) lets several arrive at once;
two keys pressed together each act.

The pause chord: A and B held together for :data:`HOLD_MS` is a
:data:`PAUSE` press (the pause screen; on boards with START, START opens
it too). On a board without START (Circuit Playground Bluefruit) A and B
are the only buttons, so a press of either waits until it is known not to
be the chord: it acts when released, or once held :data:`CHORD_MS` alone;
the other pressed within that time makes a chord, and a chord let go
before :data:`HOLD_MS` acts as the two presses, in the order pressed.
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
STARTUP_MS = const(150)  # a press reported this soon after start was held at power-up
CHORD_MS = const(80)  # no START: A or B waits this long for the other (a chord)
HOLD_MS = const(1000)  # A and B held together this long: PAUSE
QUEUE = const(16)  # presses kept between two takes (more are dropped, counted)
_AB = const(3)


class Controls:
    """Drains a keypad object's event queue into a queue of logical presses.

    A key held through power-up is reported by the scanner's first scan as
    a press: such presses (timestamped within :data:`STARTUP_MS` of the
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
        # Without START, A/B presses wait (``_wait``: their bits, in press order).
        self._defer = START not in key_map
        self._wait = []  # type: list
        self._since = 0  # when the first waiting press came
        self._chord = -1  # ticks when A and B were both down (-1: no chord)
        if keys is not None:
            import keypad

            self._event = keypad.Event()  # reused: no allocation per event

    def poll(self, now):
        """Take the keypad's events into the press queue, with the presses
        time decides at ``now`` (``ticks_ms()``): a waiting A/B held alone
        :data:`CHORD_MS`, the chord held :data:`HOLD_MS`. Events of
        unmapped keys are dropped; an overflowed keypad queue has its flag
        reset (held state resyncs on release)."""
        keys = self._keys
        if keys is None:
            return
        if self._starting and ticks_diff(now, self._start) >= STARTUP_MS:
            self._starting = False  # later presses are presses, whatever the clock says
        event = self._event
        events = keys.events
        while events.get_into(event):
            n = event.key_number
            if n < len(self._map):
                self._key(self._map[n], event.pressed, event.timestamp)
        if events.overflowed:
            self.dropped += 1
            events.clear()  # the queue is empty now; clear() resets the flag
        if self._chord >= 0:
            if ticks_diff(now, self._chord) >= HOLD_MS:
                self._chord = -1
                self._wait.clear()
                self._push(PAUSE)  # its keys' releases then find nothing waiting
        elif self._wait and ticks_diff(now, self._since) >= CHORD_MS:
            self._flush()  # held alone: it acts

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

    def _flush(self):
        for bit in self._wait:
            self._push(bit)
        self._wait.clear()

    def _key(self, bit, pressed, t):
        if not pressed:
            self.held &= ~bit
            if bit & _AB:
                self._chord = -1
                if bit in self._wait:
                    self._flush()  # a tap, or a chord let go early: the presses act
        elif self._starting and ticks_diff(t, self._start) < STARTUP_MS:
            self.held |= bit
            self.held_at_start |= bit  # held through power-up: not a press
        else:
            self.held |= bit
            if bit & _AB and self.held & _AB == _AB:
                self._chord = t  # the pause chord begins
            elif self._wait:
                self._flush()  # order: the waiting press came first
            if self._defer and bit & _AB:
                if not self._wait:
                    self._since = t
                self._wait.append(bit)
            else:
                self._push(bit)
