"""Board wiring, all in one place: which display, keys, key order and
accelerometer each supported board has, returned as one :class:`Hardware`.

Profiles (by ``board.board_id``):

- ``pybadge`` / ``edgebadge``: 160x128 ``board.DISPLAY``; 8 keys on a shift
  register (``keypad.ShiftRegisterKeys``), key 0 = B, 1 = A, then START,
  SELECT, RIGHT, DOWN, UP, LEFT (Adafruit PyBadger's button bits); LIS3DH at
  0x19 on ``board.I2C()``; the speaker on ``board.SPEAKER`` (its amplifier
  ``SPEAKER_ENABLE``), 5 NeoPixels, the battery on ``A6`` (PyBadger's
  ``battery_voltage``: half the battery's voltage).
- ``pygamer``: as the PyBadge but A and B swap places on the shift register
  (python-ugame/circuitpython-stage PR #10) and only 4 keys are there (the
  joystick is analog and not read yet).
- ``circuitplayground_bluefruit``: TFT Gizmo (240x240, ``adafruit_gizmo``),
  buttons A and B on ``keypad.Keys``, LIS3DH at 0x19 on its own I2C bus
  (``board.ACCELEROMETER_SCL/SDA``); speaker as the PyBadge's (played by
  ``audiopwmio``: the nRF52840 has no ``audioio``), 10 NeoPixels.
- anything else with ``board.DISPLAY``: ``BUTTON_A``/``BUTTON_B`` pins if it
  has them, a LIS3DH at 0x18 or 0x19 on ``board.I2C()`` if one answers.

A missing accelerometer never stops the game: ``accel`` is None and
``message`` says that A rolls. :func:`detect` returns a ``rollbox.Hardware``
(defined in the package so that this module can be unloaded after it). The
LIS3DH is set to +/-8 g at 100 Hz: the driver's default +/-2 g clips a real
shake (9.5 g peaks in the recordings), and 100 Hz gives a fresh sample to
every frame of 10 ms or more. ``SHAKE`` holds the shake figures of each
sensitivity (``rollbox.shake``).
"""

from micropython import const

from rollbox import Hardware
from rollbox.controls import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B

# Shake figures per sensitivity (gentle, normal, firm: rollbox.shake.GENTLE..),
# in rollbox.shake.ShakeDetector's order: (start m/s², band m/s², reversals,
# span ms, slowest shake Hz, gravity low-pass Hz). Every supported board has
# the same LIS3DH read the same way, so they share one table. Sources: issue
# 13 and the real recordings in tests/data/traces, measured with
# tools/bench_shake: a shake goes back and forth at 4-6 Hz (reversals 40-250
# ms apart on an axis, 14-36 in a chain at the normal band); a swing, throw
# or letter in the air chains at most 3, none lasting 400 ms; walking (steps
# about 2 Hz, peaks 6.9 m/s² off 1 g) none. Gentle catches a 1.8 g shake,
# 5-8 m/s² off gravity at 3-6 Hz for 1 s (issue 13: 5 reversals in 670 ms
# at 3 Hz); firm wants a long, hard shake. The slowest shake, 2 Hz, keeps
# walking out (its reversals come 250 ms or more apart) and ends motion
# after 250 ms without a reversal. The 1 Hz gravity low-pass passes a 3 Hz
# shake's gravity-free part at 95 % and follows a board turned over in 2 s
# to within 2.5 m/s².
# Whole numbers: small ints take no heap on the board, floats may.
SHAKE = (
    (4, 3, 5, 400, 2, 1),  # gentle
    (10, 6, 6, 400, 2, 1),  # normal
    (20, 12, 8, 600, 2, 1),  # firm
)
# The flash erase unit under microcontroller.nvm (bytes) per board_id: an
# nvm write erases every unit it touches and programs it again
# (rollbox.store's power-cut model). SAMD51 (PyBadge, EdgeBadge, PyGamer):
# the 8 KB nvm is one NVMCTRL block (CircuitPython ports/atmel-samd
# common-hal/nvm/ByteArray.c through ASF4 hpl_nvmctrl _flash_write; SAMD5x
# datasheet: the block, 16 pages of 512 B, is the erase unit). nRF52840
# (Circuit Playground Bluefruit): 4 KB flash pages (ports/nrf
# common-hal/nvm/ByteArray.c; nRF52840 product specification, NVMC). Any
# other board: unknown, taken as the whole nvm.
ERASE = {"pybadge": 8192, "edgebadge": 8192, "pygamer": 8192,
         "circuitplayground_bluefruit": 4096}
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


def _finish(name, display, keys, key_map, i2c, addresses, board, pixels=0, battery=False):
    accel = open_lis3dh(i2c, addresses) if i2c is not None else None
    message = "" if accel else "No accelerometer: A rolls"
    # The speaker, its amplifier, the NeoPixels, the battery's divider
    # (issue 25): pins of the board's CircuitPython pins.c where it has them.
    speaker = getattr(board, "SPEAKER", None)
    if speaker is not None:
        speaker = (speaker, getattr(board, "SPEAKER_ENABLE", None))
    pin = getattr(board, "NEOPIXEL", None)
    return Hardware(name, display, keys, key_map, accel, message, SHAKE, _nvm(),
                    ERASE.get(name, 0), _circuitpy(), speaker,
                    (pin, pixels) if pin is not None and pixels else None,
                    getattr(board, "A6", None) if battery else None)


def _nvm():
    try:
        import microcontroller

        return microcontroller.nvm
    except (ImportError, AttributeError):
        return None


def _circuitpy():
    """CIRCUITPY's filesystem (``storage.VfsFat``: ``open``, ``readonly``), or None."""
    try:
        import storage

        return storage.getmount("/")
    except (ImportError, OSError, AttributeError):
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
                       (_LIS3DH_ONBOARD,), board, 5, True)
    if name == "pygamer":
        keys = _shift_keys(board.BUTTON_CLOCK, board.BUTTON_OUT, board.BUTTON_LATCH, 4)
        return _finish(name, board.DISPLAY, keys, _PYGAMER_KEYS, _board_i2c(board),
                       (_LIS3DH_ONBOARD,), board, 5, True)
    if name == "circuitplayground_bluefruit":
        import busio
        import keypad
        from adafruit_gizmo import tft_gizmo

        display = tft_gizmo.TFT_Gizmo()
        keys = keypad.Keys((board.BUTTON_A, board.BUTTON_B), value_when_pressed=True,
                           pull=True)
        i2c = busio.I2C(board.ACCELEROMETER_SCL, board.ACCELEROMETER_SDA)
        return _finish(name, display, keys, (A, B), i2c, (_LIS3DH_ONBOARD,), board, 10)
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
                   (_LIS3DH_DEFAULT, _LIS3DH_ONBOARD), board)
