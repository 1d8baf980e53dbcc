"""``adafruit_pixelbuf`` for CircuitPython's unix port (a board has it built
in, in C; the ``neopixel`` library subclasses it). ``PixelBuf`` keeps what
the C object keeps on a board, from CircuitPython cd3da4a5d8
(shared-module/adafruit_pixelbuf/PixelBuf.c:33,103): the transmit buffer,
``size`` x bytes per pixel, a bytearray; and, while the brightness is below
1, the colours before brightness, as many bytes again. Its own object is 48
bytes on a board (pixelbuf_pixelbuf_obj_t); here an instance with its dict
costs more (measured in tools/bench_device with the other stand-ins'
modules, not its objects). Colours are ints 0xRRGGBB or (r, g, b) tuples;
``show()`` hands the buffer to the subclass's ``_transmit``."""


class PixelBuf:
    def __init__(self, size, *, byteorder="BGR", brightness=1.0, auto_write=False,
                 header=None, trailer=None):
        self._order = tuple("RGBW".index(c) for c in byteorder)
        bpp = len(byteorder)
        self._n = size
        self._bpp = bpp
        self._buf = bytearray(size * bpp)
        self._pre = bytearray(size * bpp) if brightness < 1.0 else None
        self._b = brightness
        self.auto_write = auto_write

    def __len__(self):
        return self._n

    @property
    def brightness(self):
        return self._b

    @brightness.setter
    def brightness(self, value):
        self._b = value
        if value < 1.0 and self._pre is None:
            self._pre = bytearray(self._n * self._bpp)

    def __setitem__(self, index, colour):
        if isinstance(colour, int):
            colour = (colour >> 16 & 0xFF, colour >> 8 & 0xFF, colour & 0xFF)
        base = index * self._bpp
        for i in range(self._bpp):
            c = colour[self._order[i]] if self._order[i] < len(colour) else 0
            if self._pre is not None:
                self._pre[base + i] = c
            self._buf[base + i] = int(c * self._b)
        if self.auto_write:
            self.show()

    def fill(self, colour):
        for i in range(self._n):
            self[i] = colour

    def show(self):
        self._transmit(self._buf)
