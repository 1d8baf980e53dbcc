"""``board`` for CircuitPython's unix port (which has none): one board
profile at a time, chosen by the driver with :func:`_use` before
``rollbox.hardware.detect()`` runs.

Pins are their names (``str``); ``DISPLAY`` (not on the Circuit Playground
Bluefruit, whose TFT Gizmo is ``adafruit_gizmo.tft_gizmo``) is a
:class:`Display`; ``I2C()`` is the board's one bus with the LIS3DH model
(``busio``). Host-only names start with an underscore.
"""
import busio

board_id = ""
_PINS = ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SCL", "SDA", "BUTTON_A", "BUTTON_B",
         "ACCELEROMETER_SCL", "ACCELEROMETER_SDA", "SPEAKER", "SPEAKER_ENABLE", "NEOPIXEL", "A6")
_i2c = None


class Display:
    """What displayio's ``BusDisplay`` offers the app: ``width``,
    ``height`` (pixels), ``root_group``, ``auto_refresh``, ``refresh()``.
    It draws nothing: the C displayio objects below it are the real ones,
    but the unix port has no display core. ``refreshes`` counts the
    refreshes (host only)."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = True
        self.refreshes = 0

    def refresh(self, *args, **kw):
        self.refreshes += 1
        return True


def I2C():  # noqa: N802 (board.I2C is the board API's name)
    """The board's I2C bus (one object, as on a board)."""
    global _i2c
    if _i2c is None:
        _i2c = busio.I2C(SCL, SDA)  # noqa: F821 (set by _use)
    return _i2c


def _use(profile):
    """Become ``profile``: "pybadge" (160x128 ``DISPLAY``) or "cpb_gizmo"
    (the Circuit Playground Bluefruit, 240x240 through the TFT Gizmo)."""
    global board_id, DISPLAY
    g = globals()
    for name in _PINS:
        g[name] = name
    if profile == "pybadge":
        board_id = "pybadge"
        DISPLAY = Display(160, 128)
    elif profile == "cpb_gizmo":
        board_id = "circuitplayground_bluefruit"
    else:
        raise ValueError("profile %s: pybadge or cpb_gizmo" % profile)
