"""The host board's NeoPixels, recorded (issue 25). Host only.

Each ``neopixel_write`` (the real ``neopixel`` library's ``show()``) is a
:class:`Show` in the board's :class:`LightLog` (``board.lights``) at the
host clock's now: the bytes as sent (GRB, brightness applied by the
library) and the library's brightness then. :meth:`LightLog.colours_at`
gives the colours the strip shows at a time, as (r, g, b) 0..255 per
pixel, :data:`PIXELS` of them (PyBadge, EdgeBadge, PyGamer: 5 on
``board.NEOPIXEL``; Circuit Playground Bluefruit: its own 10); all off
before the first show. :func:`shown` lifts a colour for a picture
(a NeoPixel at 10/255 still glows: a gamma of 2.2 undone).
"""
import collections

from host import clock as host_clock

Show = collections.namedtuple("Show", "t pin data brightness")
"""One write: ``t`` host ms, ``pin`` name, ``data`` bytes, ``brightness``
(the library's, None when not known)."""


def shown(rgb):
    """A colour as a picture shows the LED: (r, g, b) with gamma 2.2 undone."""
    return tuple(round(255 * (c / 255) ** (1 / 2.2)) for c in rgb)


class LightLog:
    """The NeoPixel writes of one board.

    :param pixels: how many NeoPixels ``board.NEOPIXEL`` drives (0: none).
    :param order: the byte order of a pixel on the wire ("GRB").
    """

    def __init__(self, pixels=0, order="GRB", clock=None):
        self.pixels = pixels
        self.order = order
        self.shows = []
        self._clock = clock or (lambda: host_clock.current().now)

    def show(self, pin, data, brightness=None):
        self.shows.append(Show(self._clock(), pin, bytes(data), brightness))

    def last(self, t=None, pin="NEOPIXEL"):
        """The last :class:`Show` on ``pin`` at or before host ms ``t``
        (None: the latest), or None."""
        if t is None:
            for s in reversed(self.shows):
                if s.pin == pin:
                    return s
            return None
        found = None
        for s in self.shows:
            if t is not None and s.t > t:
                break
            if s.pin == pin:
                found = s
        return found

    def colours_at(self, t=None, pin="NEOPIXEL"):
        """The strip's colours at host ms ``t`` (None: now): a list of
        :attr:`pixels` (r, g, b) tuples; a strip takes the first bytes sent."""
        s = self.last(t, pin)
        data = s.data if s is not None else b""
        out = []
        for i in range(self.pixels):
            chunk = data[3 * i:3 * i + 3].ljust(3, b"\0")
            rgb = dict(zip(self.order, chunk))
            out.append((rgb["R"], rgb["G"], rgb["B"]))
        return out
