"""Rollbox on the device: find the board, run the app (it seeds the dice
once and loads one mode's modules at a time).

Wiring only; everything else lives in lib/rollbox (engine, app, screens)
and games/ (rules). What only power-up needs (the board profiles and the
boot notice) is unloaded before the app starts: RAM is the scarce resource.
"""

import rollbox

if __name__ == "__main__":  # CircuitPython runs code.py as __main__; never on import
    from rollbox import bootmode, hardware

    hw = hardware.detect()
    notice = bootmode.status()[1]  # "USB drive: saves nvm only"...
    del bootmode, hardware
    rollbox.unload("rollbox.bootmode", "rollbox.hardware")
    from rollbox.app import App

    App(hw, boot_notice=notice).run()
