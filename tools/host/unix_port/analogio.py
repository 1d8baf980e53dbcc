"""``analogio`` for CircuitPython's unix port: ``AnalogIn(pin).value`` reads
a LiPo at 3.7 V through the badges' 1/2 divider on a 3.3 V, 12-bit ADC
(SAMD51: ``(v << 4) | (v >> 8)``, ports/atmel-samd/common-hal/analogio/
AnalogIn.c), ``reference_voltage`` 3.3. On a board an ``AnalogIn`` is 16
bytes (13 on the SAMD51, 8 on the nRF52840; mp_obj_malloc,
shared-bindings/analogio/AnalogIn.c:57); here the instance costs 16-32."""


class AnalogIn:
    reference_voltage = 3.3
    value = ((2296 << 4) | (2296 >> 8))  # 1.85 V of 3.3 V in 12 bits

    def __init__(self, pin):
        pass

    def deinit(self):
        pass
