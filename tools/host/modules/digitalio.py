"""Host stand-in for CircuitPython's ``digitalio`` (shared-bindings/digitalio
at cd3da4a5d8). Blinka's own does not work on a PC (its generic x86 board
has no pin driver: ``DigitalInOut`` fails), so this one takes the host
board's pins (``board.*``).

An output's level changes are kept on the board (``HostBoard.levels``,
``HostBoard.level(name, t)``); the amplifier pin, ``board.SPEAKER_ENABLE``,
is also logged in the sound recorder (``amp`` events). An input reads
``HostBoard.inputs.get(name)`` (None: the pull's level, else low). A pin
is taken by one object at a time ("... in use"), as on a board, until
``deinit``.
"""
from host import boards as _boards


class _Enum:
    def __init__(self, qualname):
        self._name = qualname

    def __repr__(self):
        return self._name


class Direction:
    INPUT = _Enum("digitalio.Direction.INPUT")
    OUTPUT = _Enum("digitalio.Direction.OUTPUT")


class Pull:
    UP = _Enum("digitalio.Pull.UP")
    DOWN = _Enum("digitalio.Pull.DOWN")


class DriveMode:
    PUSH_PULL = _Enum("digitalio.DriveMode.PUSH_PULL")
    OPEN_DRAIN = _Enum("digitalio.DriveMode.OPEN_DRAIN")


class DigitalInOut:
    """digitalio.DigitalInOut(pin): an input with no pull at first."""

    def __init__(self, pin):
        board = _boards.current()
        board.claim(pin)
        self._board = board
        self._pin = pin
        self._direction = Direction.INPUT
        self._pull = None
        self._drive_mode = DriveMode.PUSH_PULL
        self._value = False

    def _check(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used."
                             " Create a new object.")

    def deinit(self):
        if self._pin is not None:
            if self._direction is Direction.OUTPUT:
                self._board.set_level(self._pin, None)  # back to an input: not driven
            self._board.release(self._pin)
            self._pin = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self._check()
        self._direction = Direction.OUTPUT
        self._drive_mode = drive_mode
        self._pull = None
        self._value = bool(value)
        self._board.set_level(self._pin, self._value)

    def switch_to_input(self, pull=None):
        self._check()
        if pull not in (None, Pull.UP, Pull.DOWN):
            raise TypeError("pull must be of type Pull or None")
        if self._direction is Direction.OUTPUT:
            self._board.set_level(self._pin, None)
        self._direction = Direction.INPUT
        self._pull = pull

    @property
    def direction(self):
        self._check()
        return self._direction

    @direction.setter
    def direction(self, value):
        if value is Direction.OUTPUT:
            self.switch_to_output()
        elif value is Direction.INPUT:
            self.switch_to_input()
        else:
            raise TypeError("direction must be of type Direction")

    @property
    def value(self):
        self._check()
        if self._direction is Direction.OUTPUT:
            return self._value
        level = self._board.inputs.get(self._pin.name)
        if level is None:
            return self._pull is Pull.UP
        return bool(level)

    @value.setter
    def value(self, value):
        self._check()
        if self._direction is Direction.INPUT:
            raise AttributeError("Cannot set value when direction is input.")
        self._value = bool(value)
        self._board.set_level(self._pin, self._value)

    @property
    def pull(self):
        self._check()
        if self._direction is Direction.OUTPUT:
            raise AttributeError("Pull not used when direction is output.")
        return self._pull

    @pull.setter
    def pull(self, value):
        self._check()
        if self._direction is Direction.OUTPUT:
            raise AttributeError("Pull not used when direction is output.")
        self.switch_to_input(value)

    @property
    def drive_mode(self):
        self._check()
        if self._direction is Direction.INPUT:
            raise AttributeError("Drive mode not used when direction is input.")
        return self._drive_mode

    @drive_mode.setter
    def drive_mode(self, value):
        self._check()
        if self._direction is Direction.INPUT:
            raise AttributeError("Drive mode not used when direction is input.")
        self._drive_mode = value
