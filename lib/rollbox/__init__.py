"""Rollbox: pocket dice games for CircuitPython handhelds (platform-neutral
engine and app).

The package itself holds what stays in RAM from power-up to power-off
whatever is loaded: :class:`Hardware` (the board's parts, from
``rollbox.hardware.detect``, which is unloaded after it) and the module
loading helpers the app uses to keep one mode's modules in RAM at a time
(:func:`loaded`, :func:`unload`, :func:`unload_new`, :func:`load`).
"""

import sys


class Hardware:
    """What the app needs from a board. ``keys`` is a keypad object or None;
    ``key_map`` gives the logical button of each key number; ``accel`` is an
    ``adafruit_lis3dh.LIS3DH_I2C`` or None; ``shake`` the detector figures
    per sensitivity (``rollbox.shake``, ``rollbox.hardware.SHAKE``);
    ``message`` a start-up notice ("" when all is well); ``nvm`` the
    board's ``microcontroller.nvm`` (saves, settings, stats) or None
    without one; ``erase`` its flash erase unit in bytes (0 unknown:
    ``rollbox.hardware.ERASE``); ``fs`` CIRCUITPY (``storage.getmount("/")``)
    or None, for the saves' file slots (``rollbox.store``); ``speaker``
    (speaker pin, amplifier pin or None) or None, for ``rollbox.sound``;
    ``pixels`` (NeoPixel pin, count) or None, for ``rollbox.lights``;
    ``battery`` the pin that reads the battery through a 1/2 divider, or
    None (issue 25)."""

    def __init__(self, name, display, keys, key_map, accel, message, shake, nvm=None,
                 erase=0, fs=None, speaker=None, pixels=None, battery=None):
        self.name = name
        self.display = display
        self.keys = keys
        self.key_map = key_map
        self.accel = accel
        self.message = message
        self.shake = shake
        self.nvm = nvm
        self.erase = erase
        self.fs = fs
        self.speaker = speaker
        self.pixels = pixels
        self.battery = battery


def loaded():
    """The names of the modules loaded now (a tuple, for :func:`unload_new`)."""
    return tuple(sys.modules)


def unload(*names):
    """Unload the modules ``names`` (dotted; those not loaded are skipped):
    out of ``sys.modules`` and off their parent package, so that once
    nothing else refers to their objects the collector frees their
    bytecode."""
    for name in names:
        if name not in sys.modules:
            continue
        del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot]) if dot > 0 else None
        if parent is not None and hasattr(parent, name[dot + 1:]):
            delattr(parent, name[dot + 1:])


def unload_new(before):
    """Unload every module loaded since ``before`` (from :func:`loaded`).
    Returns how many went."""
    gone = [name for name in sys.modules if name not in before]
    unload(*gone)
    return len(gone)


def load(name):
    """Import a module by its dotted name and return it (MicroPython's
    ``__import__`` returns the top package, so walk down).

    :raises ImportError: no such module (or one it imports is missing).
    """
    top = __import__(name)
    for part in name.split(".")[1:]:
        top = getattr(top, part)
    return top


def load_class(name):
    """The class ``name`` ("games.pig.rules.PigGame": module, then class)."""
    dot = name.rfind(".")
    return getattr(load(name[:dot]), name[dot + 1:])
