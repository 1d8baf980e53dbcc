"""``microcontroller`` for CircuitPython's unix port: ``nvm``, 8,192 bytes
as on the SAMD51 and nRF52840 boards, never written (0xFF). On a board
nvm is flash, not heap: the benchmark counts this bytearray as a stand-in."""

nvm = bytearray(8192)
for _i in range(8192):
    nvm[_i] = 0xFF
del _i
