"""Lights (issue 25): the board's NeoPixels through Adafruit's ``neopixel``
library, never blocking: the colour of the seat to act (the status line's
colour, ``rollbox.view.SEATS``), a pulse while the dice tumble, a red flash
on a bust, a run of the winner's colour round the pixels on a win.

Cues (``rollbox.play.cue``'s kinds, as in ``rollbox.sound``): 0 a roll
begins and 1 its faces change (the pulse: bright, then dim, by turns), 2 a
press (nothing), 3 a bust (red, three flashes in 600 ms), 4 a bank (the
banking seat's colour, two flashes in 400 ms), 5 a win (the run, about
2 s), 6 the seat to act is ``seat`` (its colour, steady, once the flashes
are over). :meth:`Lights.step` plays the flashes and
the run; it writes the pixels only when they change. Levels:
:data:`LEVEL_NAMES` (the menu's Lights line), the library's brightness
0.05 low (about 1 mA a pixel) or 0.3 high.
"""

from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

from rollbox.view import SEATS

LEVEL_NAMES = ("off", "low", "high")
_BRIGHTNESS = (0.0, 0.05, 0.3)
_RED = const(0xFF0000)
_FLASH_MS = const(100)  # a bust's flash on, then off
_RUN_MS = const(60)  # a win's run: one pixel a step
_RUN_STEPS = const(32)


class Lights:
    """The board's NeoPixels. ``hw``: a ``rollbox.Hardware`` whose
    ``pixels`` is (pin, count); ``level`` 1 low or 2 high (0: dark).

    :raises ImportError: no ``neopixel`` library on the board.
    :raises ValueError, RuntimeError: the pin cannot drive NeoPixels.
    """

    def __init__(self, hw, level):
        import neopixel

        pin, count = hw.pixels
        self.pixels = neopixel.NeoPixel(pin, count, brightness=_BRIGHTNESS[level],
                                        auto_write=False)
        self.level = level
        self.colour = 0  # the seat's colour
        self.kind = 6  # what plays: 6 steady, 3 or 4 flashes, 5 the win's run
        self.flash = 0  # the flashes' colour
        self.count = 0  # steps left of the flashes or the run
        self.due = 0  # ticks of the next step
        self.shown = -1  # the colour on show (-1: a run or unknown)
        self._fill(0)

    def cue(self, kind, now, seat=0):
        """Cue ``kind`` (the module's list) at ``now`` (ms, ``ticks_ms``);
        ``seat`` (0-based) for kind 6 and 5 (the winner)."""
        if not self.level:
            return
        if kind == 6 or kind == 5:
            self.colour = SEATS[seat % len(SEATS)]
        if kind <= 1:  # the pulse: every change of faces, bright or dim
            self.kind = 6
            self._fill(self.colour if self.shown != self.colour else self.colour >> 2 & 0x3F3F3F)
        elif kind >= 3 and kind <= 5:
            self.kind = kind
            self.flash = _RED if kind == 3 else self.colour  # (the seat that banked)
            self.count = (6, 4, _RUN_STEPS)[kind - 3]
            self.due = now
            self.step(now)
        elif kind == 6 and self.kind == 6:  # the seat to act: steady
            self._fill(self.colour)

    def step(self, now):
        """The frame's work (ms, ``ticks_ms``): the next flash or step of the
        run when due. Allocates nothing."""
        if not self.level or self.kind == 6 or ticks_diff(now, self.due) < 0:
            return
        if not self.count:  # done: back to the seat's colour
            self.kind = 6
            self._fill(self.colour)
            return
        self.count -= 1
        if self.kind != 5:  # a bust's or a bank's flashes
            self._fill(self.flash if self.count & 1 else 0)
            self.due = ticks_add(self.due, _FLASH_MS)
            return
        pixels = self.pixels
        n = len(pixels)
        lit = (_RUN_STEPS - self.count) % n
        for i in range(n):
            pixels[i] = self.colour if i == lit else 0
        pixels.show()
        self.shown = -1
        self.due = ticks_add(self.due, _RUN_MS)

    def _fill(self, colour):
        if colour != self.shown:
            self.pixels.fill(colour)
            self.pixels.show()
            self.shown = colour

    def set_level(self, level):
        """Level 0 off (dark), 1 low, 2 high."""
        self.level = level
        self.pixels.brightness = _BRIGHTNESS[level]
        self.shown = -1
        self._fill(self.colour if level else 0)
