"""Host boards: what `import board` (and `busio`, `adafruit_gizmo`) give on
the host, one profile per supported board.

A :class:`HostBoard` owns an emulated I2C bus with a LIS3DH register model
(fed by a motion source on the host clock) and a framebuffer display. The
stand-in modules in ``modules/`` read the board in use (:func:`current`).
"""
import sys
import types

from host import clock as host_clock
from host.display import make_display
from host.lis3dh_bus import I2CBus, LIS3DHModel

# profile -> (board_id, display size, LIS3DH address, pin names)
PROFILES = {
    "pybadge": ("pybadge", (160, 128), 0x19,
                ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SCL", "SDA",
                 "ACCELEROMETER_INTERRUPT", "NEOPIXEL", "SPEAKER")),
    "edgebadge": ("edgebadge", (160, 128), 0x19,
                  ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SCL", "SDA",
                   "ACCELEROMETER_INTERRUPT", "NEOPIXEL", "SPEAKER")),
    "pygamer": ("pygamer", (160, 128), 0x19,
                ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SCL", "SDA",
                 "ACCELEROMETER_INTERRUPT", "JOYSTICK_X", "JOYSTICK_Y", "NEOPIXEL")),
    "cpb_gizmo": ("circuitplayground_bluefruit", (240, 240), 0x19,
                  ("BUTTON_A", "BUTTON_B", "ACCELEROMETER_SCL", "ACCELEROMETER_SDA",
                   "ACCELEROMETER_INTERRUPT", "SCL", "SDA", "NEOPIXEL", "SLIDE_SWITCH")),
    "generic": ("generic_display", (240, 240), 0x18,
                ("BUTTON_A", "BUTTON_B", "SCL", "SDA")),
}


# The boards' buttons as wired, for a person pressing them (the window):
# profile -> (button names in key order, the shift register's data pin), or
# (names, None) for one pin per button (``BUTTON_<name>``). From the boards,
# not from rollbox.hardware, so that a wrong key map there shows: PyBadge
# and EdgeBadge, Adafruit PyBadger's button bits; PyGamer, A and B swapped
# (python-ugame/circuitpython-stage PR #10; its joystick is analog).
BUTTONS = {
    "pybadge": (("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT"), "BUTTON_OUT"),
    "edgebadge": (("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT"), "BUTTON_OUT"),
    "pygamer": (("A", "B", "START", "SELECT"), "BUTTON_OUT"),
    "cpb_gizmo": (("A", "B"), None),
    "generic": (("A", "B"), None),
}


class Pin:
    """A named pin (CircuitPython's ``microcontroller.Pin`` has no public API
    beyond identity and repr)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class Still:
    """Motion source: the board lying flat on a table (m/s²)."""

    def __call__(self, t_ms):
        return (0.0, 0.0, 9.80665)


class HostBoard:
    """One simulated board.

    :param profile: a key of :data:`PROFILES`.
    :param accelerometer: False to leave the LIS3DH off the bus.
    """

    def __init__(self, profile="pybadge", accelerometer=True):
        if profile not in PROFILES:
            raise ValueError("unknown profile %r (one of %s)" % (profile, ", ".join(PROFILES)))
        board_id, (width, height), address, pins = PROFILES[profile]
        self.profile = profile
        self.motion = Still()
        self.lis3dh = LIS3DHModel(source=lambda t: self.motion(t),
                                  clock=lambda: host_clock.current().now)
        self.i2c = I2CBus({address: self.lis3dh} if accelerometer else {})
        self.display, self.framebuffer = make_display(width, height)
        self.attrs = {"board_id": board_id, "I2C": lambda: self.i2c}
        for name in pins:
            self.attrs[name] = Pin(name)
        if profile != "cpb_gizmo":  # the Gizmo is a separate display
            self.attrs["DISPLAY"] = self.display

    def i2c_for(self, scl, sda):
        """The bus ``busio.I2C(scl, sda)`` opens on this board.

        :raises ValueError: pins that are not an I2C pair of this board.
        """
        pairs = (("SCL", "SDA"), ("ACCELEROMETER_SCL", "ACCELEROMETER_SDA"))
        for c, d in pairs:
            if scl is self.attrs.get(c) and sda is self.attrs.get(d) and scl is not None:
                return self.i2c
        raise ValueError("Invalid pins")

    def buttons(self):
        """The board's button names (A, B, START, ...), in key order."""
        return BUTTONS[self.profile][0]

    def set_button(self, name, down):
        """Press (``down`` True) or let go of the button ``name`` now, as a
        finger would: the level reaches whichever ``keypad`` scanner reads
        that button's pin. Returns False when none does (yet).

        :raises ValueError: a button this board does not have.
        """
        import keypad

        names, data = BUTTONS[self.profile]
        if name not in names:
            raise ValueError("%s has no %s button" % (self.profile, name))
        pin = self.attrs[data or "BUTTON_" + name]
        for scanner in reversed(keypad._instances):
            if pin in scanner._pins:
                n = names.index(name) if data else scanner._pins.index(pin)
                (scanner._press if down else scanner._release)(n)
                return True
        return False


_current = None


def current():
    """The board in use (a pybadge if none was chosen)."""
    if _current is None:
        use("pybadge")
    return _current


def use(profile="pybadge", **kwargs):
    """Make a new :class:`HostBoard` the one ``import board`` answers with."""
    global _current
    _current = HostBoard(profile, **kwargs)
    import storage  # a new board: a blank drive at its power-up state

    storage._power_up()
    module = sys.modules.get("board")
    if module is None or getattr(module, "__file__", "").find("host") < 0:
        module = types.ModuleType("board")
        module.__doc__ = "Host stand-in for CircuitPython's board module."
        sys.modules["board"] = module
    for name in list(vars(module)):
        if not name.startswith("__"):
            delattr(module, name)
    for name, value in _current.attrs.items():
        setattr(module, name, value)
    return _current
