"""``digitalio`` for CircuitPython's unix port: the names
``adafruit_lis3dh`` imports (it uses them only for an interrupt pin)."""


class DigitalInOut:
    def __init__(self, pin):
        self.value = False


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2
