"""Board wiring, all in one place: which display, keys, key order and
accelerometer each supported board has, returned as one :class:`Hardware`.

Profiles (by ``board.board_id``):

- ``pybadge`` / ``edgebadge``: 160x128 ``board.DISPLAY``; 8 keys on a shift
  register (``keypad.ShiftRegisterKeys``), key 0 = B, 1 = A, then START,
  SELECT, RIGHT, DOWN, UP, LEFT (Adafruit PyBadger's button bits); LIS3DH at
  0x19 on ``board.I2C()``.
- ``pygamer``: as the PyBadge but A and B swap places on the shift register
  (python-ugame/circuitpython-stage PR #10) and only 4 keys are there (the
  joystick is analog and not read yet).
- ``circuitplayground_bluefruit``: TFT Gizmo (240x240, ``adafruit_gizmo``),
  buttons A and B on ``keypad.Keys``, LIS3DH at 0x19 on its own I2C bus
  (``board.ACCELEROMETER_SCL/SDA``).
- anything else with ``board.DISPLAY``: ``BUTTON_A``/``BUTTON_B`` pins if it
  has them, a LIS3DH at 0x18 or 0x19 on ``board.I2C()`` if one answers.

A missing accelerometer never stops the game: ``accel`` is None and
``message`` says that A rolls. :func:`detect` returns a ``rollbox.Hardware``
(defined in the package so that this module can be unloaded after it). The
LIS3DH is set to +/-8 g at 100 Hz: the driver's default +/-2 g clips a real
shake (9.5 g peaks in the recordings).
"""

from micropython import const

from rollbox import Hardware
from rollbox.controls import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B

# Shake figures (start m/s², keep m/s², window ms, quiet ms): see rollbox.shake.
SHAKE = (15.0, 8.0, 250, 300)
_PYBADGE_KEYS = (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT)
_PYGAMER_KEYS = (A, B, START, SELECT)
_LIS3DH_ONBOARD = const(0x19)
_LIS3DH_DEFAULT = const(0x18)


def open_lis3dh(i2c, addresses):
    """The first LIS3DH answering at one of ``addresses``, set to +/-8 g and
    100 Hz, or None (no device, a wrong chip, or a bus error)."""
    import adafruit_lis3dh

    for address in addresses:
        try:
            accel = adafruit_lis3dh.LIS3DH_I2C(i2c, address=address)
            accel.range = adafruit_lis3dh.RANGE_8_G
            accel.data_rate = adafruit_lis3dh.DATARATE_100_HZ
            return accel
        except (ValueError, OSError, RuntimeError):
            pass
    return None


def _shift_keys(clock, data, latch, count):
    import keypad

    return keypad.ShiftRegisterKeys(clock=clock, data=data, latch=latch, key_count=count,
                                    value_when_pressed=True)


def _board_i2c(board):
    try:
        return board.I2C()
    except (RuntimeError, ValueError, AttributeError):
        return None


def _finish(name, display, keys, key_map, i2c, addresses):
    accel = open_lis3dh(i2c, addresses) if i2c is not None else None
    message = "" if accel else "No accelerometer: A rolls"
    return Hardware(name, display, keys, key_map, accel, message, SHAKE, _nvm())


def _nvm():
    try:
        import microcontroller

        return microcontroller.nvm
    except (ImportError, AttributeError):
        return None


def detect():
    """Build the :class:`Hardware` of the board this runs on.

    :raises RuntimeError: the board has no display Rollbox can use.
    """
    import board

    name = board.board_id
    # Pins are read as board.X inside each board's branch so that the type
    # check against that board's stubs (tests/test_typecheck.py) sees them.
    if name in ("pybadge", "edgebadge"):
        keys = _shift_keys(board.BUTTON_CLOCK, board.BUTTON_OUT, board.BUTTON_LATCH, 8)
        return _finish(name, board.DISPLAY, keys, _PYBADGE_KEYS, _board_i2c(board),
                       (_LIS3DH_ONBOARD,))
    if name == "pygamer":
        keys = _shift_keys(board.BUTTON_CLOCK, board.BUTTON_OUT, board.BUTTON_LATCH, 4)
        return _finish(name, board.DISPLAY, keys, _PYGAMER_KEYS, _board_i2c(board),
                       (_LIS3DH_ONBOARD,))
    if name == "circuitplayground_bluefruit":
        import busio
        import keypad
        from adafruit_gizmo import tft_gizmo

        display = tft_gizmo.TFT_Gizmo()
        keys = keypad.Keys((board.BUTTON_A, board.BUTTON_B), value_when_pressed=True,
                           pull=True)
        i2c = busio.I2C(board.ACCELEROMETER_SCL, board.ACCELEROMETER_SDA)
        return _finish(name, display, keys, (A, B), i2c, (_LIS3DH_ONBOARD,))
    return _generic(board, name)


def _generic(board, name):
    display = getattr(board, "DISPLAY", None)
    if display is None:
        raise RuntimeError("board %s has no board.DISPLAY" % name)
    pins = [getattr(board, p) for p in ("BUTTON_A", "BUTTON_B") if hasattr(board, p)]
    keys = None
    if pins:
        import keypad

        keys = keypad.Keys(tuple(pins), value_when_pressed=False, pull=True)
    return _finish(name, display, keys, (A, B)[:len(pins)], _board_i2c(board),
                   (_LIS3DH_DEFAULT, _LIS3DH_ONBOARD))
