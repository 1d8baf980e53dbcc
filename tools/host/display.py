"""Framebuffer display: the real Blinka `busdisplay.BusDisplay` drawing into memory.

Replaces the board's SPI display (e.g. the ST7735R of a PyBadge, `board.DISPLAY`)
with `FramebufferBus`, a `fourwire.FourWire` that skips the pin set-up and acts
as the display controller: it understands the three commands `BusDisplay` sends
while refreshing (0x2A column range, 0x2B row range, 0x2C memory write of
RGB565 big-endian pixels) and stores the pixels in a `bytearray`. Everything
above the bus (displayio groups, vectorio, fonts, dirty-area tracking) is the
real Blinka code, so what lands in the framebuffer is what the board would send.

Differences from a real panel:
- Other controller commands (init sequences, MADCTL 0x36, sleep, ...) are
  ignored; the framebuffer is in controller memory order, and `pixel()` /
  `to_image()` undo the display's `rotation` so they show what the user sees.
- Colours come back as RGB565 expanded by shifting (0xFF0000 -> (248, 0, 0);
  white -> (248, 252, 248)), not rescaled to 255.
- Blinka allows one display at a time (like the board): `make_display()`
  releases the previous one.
- After a full refresh (a new `root_group`) Blinka would send the areas of
  the items changed before it again at the next refresh; `HostBusDisplay`
  clears them as CircuitPython does, so `pixels_written` counts what a board
  sends.

Import `displayio` before `vectorio` (the other order fails in Blinka);
this module imports displayio and never vectorio.
"""
import array
import struct
import sys

import busdisplay
import displayio
import fourwire
from displayio._constants import DISPLAY_COMMAND, DISPLAY_DATA

CMD_COLUMN_RANGE = 0x2A
CMD_ROW_RANGE = 0x2B
CMD_MEMORY_WRITE = 0x2C


def rgb565_to_rgb(value):
    """Expand a 16-bit RGB565 value to an (r, g, b) tuple of 8-bit ints (by shifting)."""
    return ((value >> 11) << 3, ((value >> 5) & 0x3F) << 2, (value & 0x1F) << 3)


_RGB_BYTES = None


def _rgb_bytes_table():
    global _RGB_BYTES
    if _RGB_BYTES is None:
        _RGB_BYTES = [bytes(rgb565_to_rgb(v)) for v in range(1 << 16)]
    return _RGB_BYTES


class FramebufferBus(fourwire.FourWire):
    """A display bus whose "controller" is a RGB565 framebuffer in memory.

    :param int width: controller columns (pixels) kept in the framebuffer.
    :param int height: controller rows (pixels) kept in the framebuffer.
    :param int rotation: degrees (0, 90, 180, 270) the display is rotated by;
      `pixel()` and `to_image()` use display (user) coordinates. `make_display()`
      keeps this in step with the display.

    Attributes: `framebuffer` (bytearray, width*height*2 bytes, RGB565 big-endian,
    row-major), `pixels_written` (pixels received by 0x2C writes since the last
    `take_dirty()`, including any outside the framebuffer), `dirty` (bounding
    box ``(x1, y1, x2, y2)`` of those writes in controller coordinates, end
    exclusive, or None), `display` (the `BusDisplay` once `make_display()` made it).
    """

    def __init__(self, width, height, rotation=0):  # pylint: disable=super-init-not-called
        # FourWire.__init__ would claim SPI and pins; a framebuffer has none.
        if width < 1 or height < 1:
            raise ValueError("width and height must be >= 1")
        self._dc = None
        self._chip_select = None
        self._reset = None
        self._spi = None
        self._frequency = 24000000
        self._polarity = 0
        self._phase = 0
        self.width = width
        self.height = height
        self.rotation = rotation
        self.display = None
        self.framebuffer = bytearray(width * height * 2)
        self.pixels_written = 0
        self.dirty = None
        self.ignored_commands = {}  # command byte -> times seen (init sequences etc.)
        self._locked = False
        self._command = None
        self._columns = (0, width - 1)
        self._rows = (0, height - 1)
        self._x = 0
        self._y = 0
        self._odd_byte = None
        self.dim_changed = False  # the backlight changed since the last take_dim()

    # --- the bus interface displayio's _DisplayCore calls -------------------------------
    def reset(self):
        """Hardware reset: nothing to do for a framebuffer."""

    def deinit(self):
        """Release the bus (no pins to free)."""
        self._locked = False

    def _release(self):
        self._locked = False

    def _free(self):
        return not self._locked

    def _begin_transaction(self):
        # Must refuse a second lock: BusDisplay's init loop spins until it gets False.
        if self._locked:
            return False
        self._locked = True
        return True

    def _end_transaction(self):
        self._locked = False

    def send(self, command, data, *, toggle_every_byte=False):
        """Send a command and its parameters (FourWire.send); raises if the bus is busy."""
        if not 0 <= command <= 255:
            raise ValueError("Command must be an int between 0 and 255")
        if not self._begin_transaction():
            raise RuntimeError("display bus busy")
        try:
            self._send(DISPLAY_COMMAND, 0, bytes([command]))
            self._send(DISPLAY_DATA, 0, data)
        finally:
            self._end_transaction()

    def _send(self, data_type, chip_select, data):
        if isinstance(data, int):  # Blinka's brightness setter sends a bare int
            data = bytes([data])
        data = bytes(data)
        if data_type == DISPLAY_COMMAND:
            if not data:
                return
            self._command = data[0]
            self._odd_byte = None
            if self._command == CMD_MEMORY_WRITE:
                self._x, self._y = self._columns[0], self._rows[0]
            elif self._command not in (CMD_COLUMN_RANGE, CMD_ROW_RANGE):
                self.ignored_commands[self._command] = (
                    self.ignored_commands.get(self._command, 0) + 1
                )
            if len(data) > 1:  # data_as_commands: parameters follow the command byte
                self._data(data[1:])
        else:
            self._data(data)

    # --- the controller ---------------------------------------------------------------
    def _data(self, data):
        command = self._command
        if command in (CMD_COLUMN_RANGE, CMD_ROW_RANGE):
            if len(data) >= 4:
                start, end = struct.unpack(">HH", data[:4])
            elif len(data) >= 2:
                start, end = data[0], data[1]
            else:
                return
            if command == CMD_COLUMN_RANGE:
                self._columns = (start, end)
            else:
                self._rows = (start, end)
        elif command == CMD_MEMORY_WRITE:
            self._write_pixels(data)

    def _write_pixels(self, data):
        if self._odd_byte is not None:
            data = self._odd_byte + data
            self._odd_byte = None
        if len(data) % 2:
            self._odd_byte = data[-1:]
            data = data[:-1]
        count = len(data) // 2
        if not count:
            return
        self.pixels_written += count
        x1, x2 = self._columns
        y1, y2 = self._rows
        if x2 < x1 or y2 < y1:
            return
        fb = self.framebuffer
        width, height = self.width, self.height
        x, y = self._x, self._y
        offset = 0
        while offset < count:
            run = min(count - offset, x2 - x + 1)
            if y < height and x < width:
                visible = min(run, width - x)
                start = (y * width + x) * 2
                fb[start:start + visible * 2] = data[offset * 2:(offset + visible) * 2]
                self._mark(x, y, x + visible, y + 1)
            offset += run
            x += run
            if x > x2:
                x = x1
                y = y1 if y >= y2 else y + 1
        self._x, self._y = x, y

    def _mark(self, x1, y1, x2, y2):
        if self.dirty is None:
            self.dirty = (x1, y1, x2, y2)
        else:
            d = self.dirty
            self.dirty = (min(d[0], x1), min(d[1], y1), max(d[2], x2), max(d[3], y2))

    # --- host-side inspection -----------------------------------------------------------
    def take_dirty(self):
        """Return `pixels_written` since the last call and reset it (and `dirty`) to zero.

        The bounding box of those writes is in `dirty` until this call; read it first.
        """
        count = self.pixels_written
        self.pixels_written = 0
        self.dirty = None
        return count

    def take_dim(self):
        """True once after the display's brightness (its backlight) changed:
        the screen looks different though no pixel was sent."""
        changed, self.dim_changed = self.dim_changed, False
        return changed

    def brightness(self):
        """The display's backlight, 0.0 (off) to 1.0 (``display.brightness``)."""
        return 1.0 if self.display is None else float(self.display.brightness)

    def _current_rotation(self):
        if self.display is not None:
            return self.display.rotation % 360
        return self.rotation % 360

    def _view_size(self):
        if self._current_rotation() in (90, 270):
            return self.height, self.width
        return self.width, self.height

    def _to_native(self, x, y):
        """Display (user) coordinates -> controller coordinates, as Blinka's transform."""
        rotation = self._current_rotation()
        if rotation == 0:
            return x, y
        if rotation == 180:
            return self.width - 1 - x, self.height - 1 - y
        if rotation == 90:
            return self.width - 1 - y, x
        return y, self.height - 1 - x  # 270

    def raw_pixel(self, x, y):
        """The RGB565 value (int) at display coordinates (x, y)."""
        view_w, view_h = self._view_size()
        if not (0 <= x < view_w and 0 <= y < view_h):
            raise IndexError(f"pixel ({x}, {y}) outside {view_w}x{view_h}")
        nx, ny = self._to_native(x, y)
        i = (ny * self.width + nx) * 2
        return (self.framebuffer[i] << 8) | self.framebuffer[i + 1]

    def pixel(self, x, y):
        """(r, g, b) 8-bit ints at display coordinates (x, y), expanded from RGB565."""
        return rgb565_to_rgb(self.raw_pixel(x, y))

    def to_image(self, dimmed=True):
        """The screen as a PIL RGB Image, in display (user) orientation;
        ``dimmed``: as the backlight shows it (every channel times
        :meth:`brightness`), else the controller's pixels."""
        from PIL import Image  # pylint: disable=import-outside-toplevel

        words = array.array("H", self.framebuffer)
        if sys.byteorder == "little":
            words.byteswap()
        table = _rgb_bytes_table()
        image = Image.frombytes("RGB", (self.width, self.height),
                                b"".join([table[v] for v in words]))
        rotation = self._current_rotation()
        if rotation == 90:  # inverse of _to_native: counter-clockwise
            image = image.transpose(Image.Transpose.ROTATE_90)
        elif rotation == 180:
            image = image.transpose(Image.Transpose.ROTATE_180)
        elif rotation == 270:
            image = image.transpose(Image.Transpose.ROTATE_270)
        level = self.brightness() if dimmed else 1.0
        if level < 1.0:
            table = [int(v * level) for v in range(256)] * 3
            image = image.point(table)
        return image

    def save_png(self, path, scale=1):
        """Write the screen to `path` as a PNG (`scale`: integer enlargement, nearest)."""
        from PIL import Image  # pylint: disable=import-outside-toplevel

        image = self.to_image()
        if scale != 1:
            image = image.resize((image.width * scale, image.height * scale),
                                 Image.Resampling.NEAREST)
        image.save(path, "PNG")
        return path


class HostBusDisplay(busdisplay.BusDisplay):
    """Blinka's ``BusDisplay`` with CircuitPython's bookkeeping after a full
    refresh: a full refresh (a new ``root_group``) sends the whole display as
    one area, and CircuitPython's ``finish_refresh`` then clears every
    item's change flags (shared-module/displayio/TileGrid.c). Blinka's
    keeps the flags of items changed before it (its ``_finish_refresh``
    skips items whose areas were not collected), so the next refresh sends
    their areas again: up to another screen of pixels a board never sends.
    Here a full refresh collects (and drops) those areas first."""

    # Blinka's __new__ adds the display to the list its background thread
    # walks before __init__ has set this: without a class default, a thread
    # tick in between raised AttributeError (a warning in the tests).
    _auto_refresh = False

    @property
    def brightness(self):
        """0.0-1.0 (CircuitPython's BusDisplay.brightness); a change shows
        in the framebuffer's pictures (``FramebufferBus.to_image``)."""
        return busdisplay.BusDisplay.brightness.fget(self)

    @brightness.setter
    def brightness(self, value):
        before = getattr(self, "_brightness", None)
        busdisplay.BusDisplay.brightness.fset(self, value)
        bus = getattr(self._core, "_bus", None) if hasattr(self, "_core") else None
        if bus is not None and before is not None and before != self._brightness:
            bus.dim_changed = True

    def _get_refresh_areas(self):
        if self._core.full_refresh and self._core.current_group is not None:
            self._core.current_group._get_refresh_areas([])  # pylint: disable=protected-access
        return super()._get_refresh_areas()


def make_display(width, height, rotation=0):
    """Create a real `busdisplay.BusDisplay` on a `FramebufferBus`; returns (display, bus).

    :param int width: display width in pixels as the user sees it (BusDisplay's width).
    :param int height: display height in pixels (BusDisplay's height).
    :param int rotation: degrees, multiple of 90 (BusDisplay's rotation).

    The display has `auto_refresh=False` (call `display.refresh()`) and an empty
    init sequence. Any earlier display is released first (Blinka allows one).
    """
    rotation %= 360
    if rotation % 90:
        raise ValueError("Display rotation must be in 90 degree increments")
    if rotation in (90, 270):
        bus = FramebufferBus(height, width, rotation)
    else:
        bus = FramebufferBus(width, height, rotation)
    displayio.release_displays()
    display = HostBusDisplay(
        bus, b"", width=width, height=height, rotation=rotation, auto_refresh=False
    )
    bus.display = display
    return display, bus
