"""Rollbox on the device: find the board, seed the dice once, run the app.

Wiring only; everything else lives in lib/rollbox (engine, app, screens)
and games/ (rules).
"""

from rollbox import bootmode, dice, hardware
from rollbox.app import App

if __name__ == "__main__":  # CircuitPython runs code.py as __main__; never on import
    hw = hardware.detect()
    dice.seed_once()
    App(hw, boot_notice=bootmode.status()[1]).run()  # "USB drive mode: saves off"...
