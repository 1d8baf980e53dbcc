"""Boot modes: who may write the CIRCUITPY drive, decided by ``boot.py``
at power-up (or reset), and the one-line notice ``code.py`` shows about it.

CircuitPython runs ``boot.py`` before USB starts; only there can the drive
always be handed to code (``storage.remount("/", readonly=False)``; after
boot that raises "Cannot remount path when visible via USB." while a
computer holds it). Code and the computer never write it both at once:

- :data:`SAVES` (the normal start): code may write, so saves and
  ``mpremote`` work; the computer sees CIRCUITPY read-only.
- :data:`USB_DRIVE`: the edit button was held at power-up: SELECT on the
  PyBadge, EdgeBadge and PyGamer, A on the Circuit Playground Bluefruit
  (and on any other board with ``board.BUTTON_A``). CIRCUITPY stays as
  CircuitPython starts it, writable by the computer; code cannot write
  it, so saves go to the nvm only (``rollbox.store``: on the SAMD51 a
  power cut during a save can then lose them).
- :data:`FAILED`: the remount raised; the error is recorded, never fatal.
- :data:`READ_ONLY`: read-only to code without a Rollbox record (no
  ``boot.py``, another one, or a ``boot.py`` that could not load this
  module).

:func:`boot` is all of ``boot.py``: it prints one line, ``rollbox-boot:
<word> <details>``. CircuitPython writes what ``boot.py`` prints to
``/boot_out.txt``, which code can read even when it may not write, so
:func:`status` (for ``code.py``) reads that line back and asks ``storage``
whether code may write now.

The button is read as a level with ``digitalio``, once, not with
``keypad``: a keypad scanner reports changes, and whether a key already
down when it is made gives an event at all depends on the CircuitPython
version (its debounce counters start between pressed and released). The
PyBadge/PyGamer buttons sit on a 74HC165 shift register, read here exactly
as ``keypad.ShiftRegisterKeys`` does (CircuitPython
shared-module/keypad/ShiftRegisterKeys.c): latch high to freeze, then for
each key clock low, read the data pin (high = pressed), clock high. Key 3
is SELECT on both boards (``rollbox.hardware``). The Circuit Playground
Bluefruit's A is pressed high and needs a pull-down.

Depends on: board, digitalio, storage (imported when called).
"""

from micropython import const

SAVES = const(0)
USB_DRIVE = const(1)
FAILED = const(2)
READ_ONLY = const(3)

TAG = "rollbox-boot:"
BOOT_OUT = "/boot_out.txt"
_WORDS = ("saves", "usb-drive", "remount-failed")  # by mode
NOTICES = ("", "USB drive: saves nvm only", "Remount failed: nvm only",
           "Read-only: saves nvm only")  # by mode, 26 characters at most
_SELECT_KEY = const(3)  # SELECT's key number on the PyBadge and PyGamer shift register


def describe(exc):
    """``"RuntimeError: text"`` for an exception."""
    return "%s: %s" % (type(exc).__name__, exc)


def _shift_register_key(clock_pin, data_pin, latch_pin, key):
    """True when key ``key`` of a 74HC165 chain reads pressed (high)."""
    import digitalio

    pins = []
    try:
        clock = digitalio.DigitalInOut(clock_pin)
        pins.append(clock)
        latch = digitalio.DigitalInOut(latch_pin)
        pins.append(latch)
        data = digitalio.DigitalInOut(data_pin)
        pins.append(data)
        clock.switch_to_output(value=False)
        latch.switch_to_output(value=False)  # low: the register follows the buttons
        data.switch_to_input()
        latch.value = True  # high: frozen; key 0 is on the data pin
        pressed = False
        for _ in range(key + 1):
            clock.value = False
            pressed = data.value
            clock.value = True  # shift the next key onto the data pin
        latch.value = False
        return bool(pressed)
    finally:
        for pin in pins:
            pin.deinit()


def _pin_pressed(pin, pressed_high):
    """True when the button on ``pin`` is down (with the internal pull
    away from its pressed level)."""
    import digitalio

    button = digitalio.DigitalInOut(pin)
    try:
        button.switch_to_input(pull=digitalio.Pull.DOWN if pressed_high else digitalio.Pull.UP)
        return button.value == pressed_high
    finally:
        button.deinit()


def edit_button():
    """``(name, held)``: the edit button of this board and whether it is
    down now; ``("", False)`` on a board without one. Pins are released
    before it returns.

    :raises Exception: whatever the pins raise (``ValueError`` "in use",
      ``ImportError`` without ``digitalio``...): :func:`boot` catches it.
    """
    import board

    name = board.board_id
    if name in ("pybadge", "edgebadge", "pygamer"):
        return "SELECT", _shift_register_key(board.BUTTON_CLOCK, board.BUTTON_OUT,
                                             board.BUTTON_LATCH, _SELECT_KEY)
    if name == "circuitplayground_bluefruit":
        return "A", _pin_pressed(board.BUTTON_A, True)
    if hasattr(board, "BUTTON_A"):  # as rollbox.hardware reads other boards: pressed low
        return "A", _pin_pressed(getattr(board, "BUTTON_A"), False)  # noqa: B009 (not in every stub)
    return "", False


def boot(out=print):
    """What ``boot.py`` does: read the edit button; unless it is held,
    remount CIRCUITPY writable by code. Reports one line through ``out``
    and returns the mode (:data:`SAVES`, :data:`USB_DRIVE`,
    :data:`FAILED`). Never raises an ``Exception``: a button that cannot be
    read counts as not held (and is noted); a remount error is recorded.
    """
    name = ""
    held = False
    note = ""
    try:
        name, held = edit_button()
    except Exception as e:  # the board's pins: never stop the boot for them
        note = " (button not read: %s)" % describe(e)
    if held:
        out("%s %s %s held: the computer can write CIRCUITPY; saves nvm only"
            % (TAG, _WORDS[USB_DRIVE], name))
        return USB_DRIVE
    try:
        import storage

        storage.remount("/", readonly=False)
    except Exception as e:  # RuntimeError, OSError, ImportError...: recorded, not fatal
        out("%s %s %s; saves nvm only%s" % (TAG, _WORDS[FAILED], describe(e), note))
        return FAILED
    if note:
        how = note
    elif name:
        how = " (hold %s at reset to edit from the computer)" % name
    else:
        how = " (no edit button on this board)"
    out("%s %s: code can write CIRCUITPY%s" % (TAG, _WORDS[SAVES], how))
    return SAVES


def read_record(path=BOOT_OUT):
    """``(word, details)`` of the last Rollbox line in ``path`` (what
    :func:`boot` printed), or ``("", "")`` when there is none or the file
    cannot be read."""
    word = ""
    details = ""
    try:
        with open(path) as f:
            for line in f:
                at = line.find(TAG)
                if at < 0:
                    continue
                rest = line[at + len(TAG):].strip()
                cut = rest.find(" ")
                if cut < 0:
                    word, details = rest, ""
                else:
                    word, details = rest[:cut], rest[cut + 1:]
                word = word.rstrip(":")
    except (OSError, ValueError, UnicodeError):
        pass
    return word, details


def code_can_write():
    """True when code may write CIRCUITPY now, False when it may not,
    None when ``storage`` cannot say."""
    try:
        import storage

        return not storage.getmount("/").readonly
    except (ImportError, OSError, AttributeError):
        return None


def status(path=BOOT_OUT):
    """``(mode, notice, details)`` for the start notice: ``notice`` is ""
    when saves work, else one line of at most 26 characters ("USB drive
    saves nvm only"); ``details`` is the rest of boot.py's line (the
    remount error, for a log or a second line)."""
    word, details = read_record(path)
    writable = code_can_write()
    if writable or (writable is None and word == _WORDS[SAVES]):
        return SAVES, "", details
    if word == _WORDS[USB_DRIVE]:
        mode = USB_DRIVE
    elif word == _WORDS[FAILED]:
        mode = FAILED
    else:
        mode = READ_ONLY
    return mode, NOTICES[mode], details
