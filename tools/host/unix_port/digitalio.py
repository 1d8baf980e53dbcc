"""``digitalio`` for CircuitPython's unix port: ``adafruit_lis3dh`` imports
it at the top but uses it only for an interrupt pin, which Rollbox never
passes; nothing else here touches it, so the module is empty (a class costs
about 400 bytes of heap that a board does not spend)."""
