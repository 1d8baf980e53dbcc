"""Host boards: what `import board` (and `busio`, `adafruit_gizmo`) give on
the host, one profile per supported board.

A :class:`HostBoard` owns an emulated I2C bus with a LIS3DH register model
(fed by a motion source on the host clock), a framebuffer display, its
sound log (``audio``, ``host.audio``), its NeoPixel log (``lights``,
``host.lights``), its pins' levels and analog voltages (the battery on
``A6`` of the badges). The stand-in modules in ``modules/`` read the board
in use (:func:`current`).
"""
import sys
import types

from host import clock as host_clock
from host.audio import AudioRecorder
from host.display import make_display
from host.lights import LightLog
from host.lis3dh_bus import I2CBus, LIS3DHModel

# profile -> (board_id, display size, LIS3DH address, pin names). SPEAKER,
# SPEAKER_ENABLE, NEOPIXEL and A6 as in CircuitPython's
# ports/atmel-samd/boards/{pybadge,pygamer}/pins.c (the EdgeBadge runs the
# PyBadge build) and ports/nordic/boards/circuitplayground_bluefruit/pins.c.
PROFILES = {
    "pybadge": ("pybadge", (160, 128), 0x19,
                ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SCL", "SDA",
                 "ACCELEROMETER_INTERRUPT", "NEOPIXEL", "SPEAKER", "SPEAKER_ENABLE", "A6")),
    "edgebadge": ("edgebadge", (160, 128), 0x19,
                  ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SCL", "SDA",
                   "ACCELEROMETER_INTERRUPT", "NEOPIXEL", "SPEAKER", "SPEAKER_ENABLE", "A6")),
    "pygamer": ("pygamer", (160, 128), 0x19,
                ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SCL", "SDA",
                 "ACCELEROMETER_INTERRUPT", "JOYSTICK_X", "JOYSTICK_Y", "NEOPIXEL", "SPEAKER",
                 "SPEAKER_ENABLE", "A6")),
    "cpb_gizmo": ("circuitplayground_bluefruit", (240, 240), 0x19,
                  ("BUTTON_A", "BUTTON_B", "ACCELEROMETER_SCL", "ACCELEROMETER_SDA",
                   "ACCELEROMETER_INTERRUPT", "SCL", "SDA", "NEOPIXEL", "SLIDE_SWITCH",
                   "SPEAKER", "SPEAKER_ENABLE", "A6")),
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


# profile -> (chip, NeoPixels on board.NEOPIXEL, the battery monitor's pin or
# None, analog pins). The chip decides the audio module (SAMD51: audioio,
# nRF52840: audiopwmio; ports/*/mpconfigport.mk) and the ADC's bits. The
# badges read the battery on A6 through a 1/2 divider (Adafruit's PyBadge
# and PyGamer guides: "A6 ... gives half the current battery voltage").
CHIPS = {"samd51": (12, ("audioio",)), "nrf52840": (14, ("audiopwmio",)),
         None: (16, ("audioio", "audiopwmio"))}  # chip -> (ADC bits, audio modules)
HARDWARE = {
    "pybadge": ("samd51", 5, "A6", ("A6",)),
    "edgebadge": ("samd51", 5, "A6", ("A6",)),
    "pygamer": ("samd51", 5, "A6", ("A6", "JOYSTICK_X", "JOYSTICK_Y")),
    "cpb_gizmo": ("nrf52840", 10, None, ("A6",)),
    "generic": (None, 0, None, ()),
}
BOARD_MODULES = ("audioio", "audiopwmio")  # imported anew for each board (see use())


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
        chip, pixels, battery, analog = HARDWARE[profile]
        self.chip = chip
        self.adc_bits, self.modules = CHIPS[chip]
        self.analog = analog
        self.battery_pin = battery
        self.battery_volts = 3.7  # the LiPo's voltage (V), read on battery_pin
        self.pad_volts = {}  # other analog pins: name -> volts (0.0 if unset)
        self.audio = AudioRecorder(has_amp="SPEAKER_ENABLE" in self.attrs)
        self.lights = LightLog(pixels if "NEOPIXEL" in self.attrs else 0)
        self.claimed = set()  # names of the pins an object holds
        self.levels = {}  # pin name -> [(t ms, level: True, False, None = not driven)]
        self.inputs = {}  # pin name -> level an input reads (None: its pull)

    # --- pins (digitalio, analogio, audioio) -------------------------------------------
    def claim(self, pin):
        """Take ``pin`` (a Pin of this board) for one object.

        :raises ValueError: not this board's, or taken ("... in use").
        """
        name = getattr(pin, "name", None)
        if name is None or self.attrs.get(name) is not pin:
            raise ValueError("%r is not a pin of this board" % (pin,))
        if name in self.claimed:
            raise ValueError("%s in use" % name)
        self.claimed.add(name)

    def release(self, pin):
        self.claimed.discard(pin.name)

    def set_level(self, pin, level):
        """An output pin's level from now (None: no longer driven)."""
        self.levels.setdefault(pin.name, []).append((host_clock.current().now, level))
        if pin.name == "SPEAKER_ENABLE":
            self.audio.log("amp", pin, bool(level))

    def level(self, name, t=None):
        """The level pin ``name`` was driven to at host ms ``t`` (None:
        now): True, False, or None (not an output then)."""
        out = None
        for at, level in self.levels.get(name, ()):
            if t is not None and at > t:
                break
            out = level
        return out

    def volts(self, name):
        """The voltage at analog pin ``name`` (V): the battery through its
        1/2 divider on the battery pin, else ``pad_volts``."""
        if name == self.battery_pin:
            return self.battery_volts / 2
        return self.pad_volts.get(name, 0.0)

    def require_module(self, name):
        """:raises ImportError: this board's CircuitPython has no module ``name``."""
        if name not in self.modules:
            raise ImportError("no module named '%s'" % name)

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

    for name in BOARD_MODULES:  # their import asks the new board
        sys.modules.pop(name, None)

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
