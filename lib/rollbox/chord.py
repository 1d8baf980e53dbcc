"""Controls for boards whose only buttons are A and B (Circuit Playground
Bluefruit): a press of either waits until it is known not to be the pause
chord (``rollbox.controls``: A and B held together 1 s). It acts when let
go, or once held ``_CHORD_MS`` alone; the other pressed within that
time makes a chord, and a chord let go before 1 s acts as the two
presses, in the order pressed. Loaded only on such boards
(``rollbox.app``): the others pay nothing for it.
"""

from adafruit_ticks import ticks_diff
from micropython import const

from rollbox.controls import PAUSE, Controls

_CHORD_MS = const(80)  # A or B waits this long for the other (a chord); issue 14


class ChordControls(Controls):
    """:class:`rollbox.controls.Controls` whose A and B presses wait (same
    parameters). ``waiting``: the bits of the presses not yet acted on, in
    press order."""

    def __init__(self, keys, key_map, now=0):
        super().__init__(keys, key_map, now)
        self.waiting = []  # type: list
        self._since = 0  # when the first waiting press came (ticks)

    def _flush(self):
        for bit in self.waiting:
            self._push(bit)
        self.waiting.clear()

    def _down(self, bit, t):
        if not self.waiting:
            self._since = t
        self.waiting.append(bit)

    def _up(self, bit):
        if bit in self.waiting:
            self._flush()  # a tap, or a chord let go early: the presses act

    def _wait(self, now):
        if self._count and self._queue[self._count - 1] == PAUSE:
            self.waiting.clear()  # the chord paused: its keys do nothing more
        elif self._chord < 0 and self.waiting and ticks_diff(now, self._since) >= _CHORD_MS:
            self._flush()  # held alone: it acts
