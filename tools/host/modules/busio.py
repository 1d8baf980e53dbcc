"""Host stand-in for CircuitPython's `busio`: `I2C(scl, sda)` opens the host
board's emulated I2C bus (host.lis3dh_bus.I2CBus); SPI and UART have no host
hardware and raise NotImplementedError when constructed."""


class I2C:
    """``I2C(scl, sda, *, frequency=100000, timeout=255)`` -> the emulated bus.

    :raises ValueError: pins that are not an I2C pair of the board.
    """

    def __new__(cls, scl, sda, *, frequency=100000, timeout=255):
        from host import boards  # late: host.boards imports displayio, which imports busio

        return boards.current().i2c_for(scl, sda)


class SPI:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("no SPI on the host")


class UART:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("no UART on the host")
