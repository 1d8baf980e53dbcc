"""Host stand-in for `adafruit_gizmo.tft_gizmo`: the real one drives an ST7789
over the Circuit Playground's SPI pins, which the host does not have; this
returns the host board's 240x240 framebuffer display instead."""
from host import boards as _boards


def TFT_Gizmo(*, spi=None, cs=None, dc=None, backlight=None, rotation=180):  # noqa: N802
    """The host board's 240x240 display (a real busdisplay.BusDisplay)."""
    return _boards.current().display
