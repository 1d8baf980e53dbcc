"""Rollbox boot.py: runs once at power-up or reset, before USB starts.

Normally it makes CIRCUITPY writable by code (saves and mpremote work; the
computer sees the drive read-only). Hold SELECT (PyBadge, EdgeBadge,
PyGamer) or A (Circuit Playground Bluefruit) while powering up or pressing
reset to keep the drive writable by the computer instead, to edit files.
Its one line of output goes to /boot_out.txt, and code.py shows a notice
from it (rollbox.bootmode). Nothing here is fatal: a button that cannot be
read counts as not held, a remount error is recorded, and if the Rollbox
library cannot even be loaded the drive is left to the computer so the
files can be fixed. See the README, "Boot modes and recovery".
"""
try:
    from rollbox.bootmode import boot

    boot()
except Exception as e:  # a missing or broken lib/rollbox: leave CIRCUITPY to the computer
    print("rollbox-boot: not-loaded %s: %s; CIRCUITPY left writable by the computer"
          % (type(e).__name__, e))
