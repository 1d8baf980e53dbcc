"""boot.py placeholder: changes nothing yet.

It will (flashing issue): remount the filesystem writable by code so saves
and mpremote work; keep the USB drive writable by the computer instead when
a named button is held at power-up (and say so on screen); catch and record
a remount error instead of failing.
"""
print("Rollbox boot.py: placeholder, filesystem left as CircuitPython set it")
