"""boot.py on the host: the edit button held and not held on each board,
a remount that raises, a button that cannot be read, a library that cannot
load; and rollbox.bootmode.status(), the notice code.py shows.

boot.py runs with runpy against the host stand-ins: ``board``
(host.boards.use), ``storage`` (tools/host/modules/storage.py, reset to its
power-up state) and a ``digitalio`` double below that models each board's
buttons: the PyBadge/PyGamer 74HC165 shift register on BUTTON_LATCH /
BUTTON_CLOCK / BUTTON_OUT (latch low loads, latch high freezes, a rising
clock shifts, pressed reads high), the Circuit Playground Bluefruit's A
(pressed high: reads pressed only with the pull-down) and a generic board's
BUTTON_A (pressed low). Blinka's own digitalio needs real pins.
"""
import os
import re
import runpy
import sys
import types

import pytest
import storage

from host import boards
from rollbox import bootmode

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOT_PY = os.path.join(ROOT, "boot.py")
SHIFT_KEYS = {"pybadge": ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT"),
              "edgebadge": ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT"),
              "pygamer": ("A", "B", "START", "SELECT")}
VISIBLE = "Cannot remount path when visible via USB."


class Buttons:
    """The buttons of one board, and a ``digitalio`` module that reads them."""

    def __init__(self, profile, held=()):
        self.profile = profile
        self.held = set(held)
        self.in_use = {}  # pin name -> DigitalInOut
        self.register = []  # 74HC165 contents, next bit first
        self.latched = False
        self.module = self._module()

    def levels(self):
        return [name in self.held for name in SHIFT_KEYS[self.profile]]

    def level(self, io):
        """The level the pin ``io`` reads now."""
        name = io.pin.name
        if name == "BUTTON_OUT":
            if not self.latched:
                return self.levels()[0]
            return self.register[0] if self.register else False
        if name in ("BUTTON_A", "BUTTON_B"):
            down = name[-1] in self.held
            if self.profile == "cpb_gizmo":  # to 3.3 V when pressed
                return down or io.pull == Pull.UP
            return not down and io.pull == Pull.UP  # to ground when pressed
        raise AssertionError("boot.py read %s" % name)

    def output(self, io, value):
        name = io.pin.name
        if name == "BUTTON_LATCH":
            if value and not self.latched:
                self.register = self.levels()
            self.latched = value
        elif name == "BUTTON_CLOCK":
            if value and not io._value and self.latched and self.register:
                self.register = self.register[1:] + [False]

    def _module(self):
        buttons = self
        m = types.ModuleType("digitalio")
        m.Direction, m.Pull, m.DriveMode = Direction, Pull, DriveMode

        class DigitalInOut:
            def __init__(self, pin):
                if pin.name in buttons.in_use:
                    raise ValueError("%s in use" % pin.name)
                buttons.in_use[pin.name] = self
                self.pin = pin
                self.direction = Direction.INPUT
                self.pull = None
                self._value = False

            def switch_to_input(self, pull=None):
                self.direction = Direction.INPUT
                self.pull = pull

            def switch_to_output(self, value=False, drive_mode=None):
                self.direction = Direction.OUTPUT
                self.value = value

            @property
            def value(self):
                if self.direction == Direction.OUTPUT:
                    return self._value
                return buttons.level(self)

            @value.setter
            def value(self, v):
                if self.direction != Direction.OUTPUT:
                    raise AttributeError("Cannot set value when direction is input.")
                buttons.output(self, bool(v))
                self._value = bool(v)

            def deinit(self):
                buttons.in_use.pop(self.pin.name, None)

        m.DigitalInOut = DigitalInOut
        return m


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class Pull:
    UP = "UP"
    DOWN = "DOWN"


class DriveMode:
    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


def power_up(monkeypatch, profile, held=(), host_mounts=True):
    """A reset of a ``profile`` board with ``held`` buttons down."""
    boards.use(profile)
    storage._power_up(host_mounts=host_mounts)
    buttons = Buttons(profile, held)
    monkeypatch.setitem(sys.modules, "digitalio", buttons.module)
    return buttons


def run_boot(capsys, tmp_path):
    """Run boot.py; USB starts after it. Returns (printed text, boot_out path)."""
    runpy.run_path(BOOT_PY, run_name="__main__")
    storage._boot_done()
    out = capsys.readouterr().out
    path = tmp_path / "boot_out.txt"
    path.write_text("Adafruit CircuitPython 10.0.0 on 2025-01-01; host\nBoard ID:host\n"
                    "\x1b[2K\x1b[0Gboot.py output:\n" + out)
    return out, str(path)


@pytest.fixture(autouse=True)
def fresh_storage():
    yield
    storage._power_up()
    boards.use("pybadge")


@pytest.mark.parametrize("profile", ["pybadge", "edgebadge", "pygamer"])
def test_not_held_makes_circuitpy_writable_by_code(monkeypatch, capsys, tmp_path, profile):
    buttons = power_up(monkeypatch, profile)
    assert storage.getmount("/").readonly  # the power-up state
    out, path = run_boot(capsys, tmp_path)
    assert storage._remounts == [("/", False, False)]
    assert not storage.getmount("/").readonly
    assert out.startswith("rollbox-boot: saves: code can write CIRCUITPY (hold SELECT at reset")
    assert buttons.in_use == {}  # pins released for keypad in code.py
    assert bootmode.status(path) == (bootmode.SAVES, "", out.split(" ", 2)[2].strip())


@pytest.mark.parametrize("profile", ["pybadge", "edgebadge", "pygamer"])
def test_select_held_leaves_the_drive_to_the_computer(monkeypatch, capsys, tmp_path, profile):
    buttons = power_up(monkeypatch, profile, held=("SELECT",))
    out, path = run_boot(capsys, tmp_path)
    assert storage._remounts == []
    assert storage.getmount("/").readonly
    assert out == ("rollbox-boot: usb-drive SELECT held: the computer can write CIRCUITPY;"
                   " saves nvm only\n")
    assert buttons.in_use == {}
    mode, notice, _ = bootmode.status(path)
    assert (mode, notice) == (bootmode.USB_DRIVE, "USB drive: saves nvm only")


@pytest.mark.parametrize("profile", ["pybadge", "pygamer"])
@pytest.mark.parametrize("other", ["A", "B", "START"])
def test_only_select_counts_on_the_shift_register(monkeypatch, capsys, tmp_path, profile, other):
    power_up(monkeypatch, profile, held=(other,))
    run_boot(capsys, tmp_path)
    assert not storage.getmount("/").readonly


def test_the_pybadge_directions_do_not_count(monkeypatch, capsys, tmp_path):
    power_up(monkeypatch, "pybadge", held=("RIGHT", "DOWN", "UP", "LEFT", "A", "B", "START"))
    run_boot(capsys, tmp_path)
    assert not storage.getmount("/").readonly
    power_up(monkeypatch, "pybadge", held=("RIGHT", "DOWN", "UP", "LEFT", "SELECT"))
    run_boot(capsys, tmp_path)
    assert storage.getmount("/").readonly


@pytest.mark.parametrize("held, writable", [((), True), (("A",), False), (("B",), True),
                                            (("A", "B"), False)])
def test_circuit_playground_bluefruit_uses_a(monkeypatch, capsys, tmp_path, held, writable):
    buttons = power_up(monkeypatch, "cpb_gizmo", held=held)
    out, path = run_boot(capsys, tmp_path)
    assert storage.getmount("/").readonly is not writable
    assert buttons.in_use == {}
    if writable:
        assert "hold A at reset" in out
    else:
        assert out.startswith("rollbox-boot: usb-drive A held")


@pytest.mark.parametrize("held, writable", [((), True), (("A",), False)])
def test_a_generic_board_reads_button_a_pressed_low(monkeypatch, capsys, tmp_path, held,
                                                    writable):
    power_up(monkeypatch, "generic", held=held)
    run_boot(capsys, tmp_path)
    assert storage.getmount("/").readonly is not writable


@pytest.mark.parametrize("error", [RuntimeError(VISIBLE), OSError(5, "Input/output error"),
                                   MemoryError()])
def test_a_remount_error_is_recorded_and_shown_never_fatal(monkeypatch, capsys, tmp_path, error):
    power_up(monkeypatch, "pybadge")
    storage._fail_next_remount(error)
    out, path = run_boot(capsys, tmp_path)  # no exception escapes boot.py
    assert storage._remounts == [("/", False, False)]
    assert storage.getmount("/").readonly  # unchanged: still the computer's
    assert out.startswith("rollbox-boot: remount-failed %s: " % type(error).__name__)
    assert out.rstrip().endswith("; saves nvm only")
    mode, notice, details = bootmode.status(path)
    assert (mode, notice) == (bootmode.FAILED, "Remount failed: nvm only")
    assert details.startswith(type(error).__name__) and str(error) in details


def test_the_real_remount_error_after_boot_is_the_one_recorded(monkeypatch, capsys, tmp_path):
    """The error CircuitPython raises when the remount comes too late (USB
    up, the computer holding the drive), caught the same way."""
    power_up(monkeypatch, "pybadge")
    storage._boot_done()
    out = []
    assert bootmode.boot(out.append) == bootmode.FAILED
    assert out == ["rollbox-boot: remount-failed RuntimeError: %s; saves nvm only" % VISIBLE]


def test_a_button_that_cannot_be_read_counts_as_not_held(monkeypatch, capsys, tmp_path):
    power_up(monkeypatch, "pybadge", held=("SELECT",))
    monkeypatch.setitem(sys.modules, "digitalio", None)  # import digitalio fails
    out, path = run_boot(capsys, tmp_path)
    assert not storage.getmount("/").readonly
    assert re.search(r"CIRCUITPY \(button not read: (ImportError|ModuleNotFoundError): ", out)
    assert bootmode.status(path)[0] == bootmode.SAVES


def test_a_pin_in_use_is_released_and_noted(monkeypatch, capsys, tmp_path):
    buttons = power_up(monkeypatch, "pybadge", held=("SELECT",))
    taken = buttons.module.DigitalInOut(boards.current().attrs["BUTTON_OUT"])
    out, _ = run_boot(capsys, tmp_path)
    assert "(button not read: ValueError: BUTTON_OUT in use)" in out
    assert set(buttons.in_use) == {"BUTTON_OUT"}  # clock and latch were given back
    taken.deinit()
    assert not storage.getmount("/").readonly


def test_a_library_that_cannot_load_leaves_the_drive_to_the_computer(monkeypatch, capsys,
                                                                     tmp_path):
    power_up(monkeypatch, "pybadge")
    monkeypatch.setitem(sys.modules, "rollbox.bootmode", None)
    out, path = run_boot(capsys, tmp_path)
    assert storage._remounts == []
    assert storage.getmount("/").readonly
    assert re.match(r"rollbox-boot: not-loaded (ImportError|ModuleNotFoundError): ", out)
    monkeypatch.delitem(sys.modules, "rollbox.bootmode")
    assert bootmode.status(path)[:2] == (bootmode.READ_ONLY, "Read-only: saves nvm only")


# -- status() without boot.py's line, and the notices -------------------------------------

def test_status_without_a_record(tmp_path):
    storage._power_up()
    storage._boot_done()
    missing = str(tmp_path / "none.txt")
    assert bootmode.status(missing) == (bootmode.READ_ONLY, "Read-only: saves nvm only", "")
    storage._power_up()
    storage.remount("/", readonly=False)
    assert bootmode.status(missing) == (bootmode.SAVES, "", "")


def test_notices_fit_one_small_line():
    assert all(len(n) <= 26 for n in bootmode.NOTICES)


# -- the storage stand-in against CircuitPython's rules ---------------------------------------

def test_storage_standin_follows_circuitpython():
    storage._power_up(host_mounts=True)
    vfs = storage.getmount("/")
    assert vfs.readonly
    storage.remount("/", False)  # boot.py may always
    assert not vfs.readonly
    storage.remount("/", True)
    storage._boot_done()
    with pytest.raises(RuntimeError, match="^Cannot remount path when visible via USB.$"):
        storage.remount("/", readonly=False)
    with pytest.raises(RuntimeError, match="Cannot change USB devices now"):
        storage.disable_usb_drive()
    with pytest.raises(OSError):
        storage.getmount("/sd")
    with pytest.raises(TypeError):
        storage.remount(1)
    storage._power_up(host_mounts=False)  # no computer on the port
    storage._boot_done()
    storage.remount("/", readonly=False)
    assert not storage.getmount("/").readonly
    storage._power_up()
    storage.disable_usb_drive()  # in boot.py: code may write
    assert not storage.getmount("/").readonly
    storage.remount("/", readonly=True, disable_concurrent_write_protection=True)
    assert not storage.getmount("/").readonly  # both may write: the protection is off
