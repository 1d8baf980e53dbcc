"""``adafruit_gizmo.tft_gizmo`` for CircuitPython's unix port: the TFT
Gizmo's 240x240 display as ``board.Display`` (the real one drives an
ST7789 over SPI, which the unix port does not have)."""
import board


def TFT_Gizmo():  # noqa: N802 (the library's class name)
    return board.Display(240, 240)
