"""Host stand-in for the `adafruit_gizmo` library (TFT Gizmo display)."""
