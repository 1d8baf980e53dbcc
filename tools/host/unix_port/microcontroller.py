"""``microcontroller`` for CircuitPython's unix port: ``nvm``, never written
(0xFF). On a board nvm is flash, not heap: every byte here is heap a board
does not spend, so it is 2,048 bytes, the least ``rollbox.store`` lays its
regions in (boards have 8,192: the same code, halves of 1,024 bytes instead
of 4,096)."""

nvm = bytearray(2048)
for _i in range(2048):
    nvm[_i] = 0xFF
del _i
