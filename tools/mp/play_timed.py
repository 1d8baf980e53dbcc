"""The driver's time mode (tools/mp/play_device.py with LEVELS, run by
tools/bench_cpu under valgrind), loaded only in that mode: the memory
mode interns none of its names.

Every frame's step runs between two calls of :data:`MARK` (math.lgamma:
valgrind's ``--dump-before`` at its C function dumps the instructions of
each frame, the driver's own work falling between frames). First come
:data:`EMPTY_FRAMES` frames that step nothing (the marks' own cost), then
the calibration frames (:func:`calibrate`). Each frame appends
:data:`RECORD` bytes to the file timed.bin: its phase (:data:`PHASES`, the
seat's level times 16 in a think or decision frame; :data:`CAL` plus 16
times the op in a calibration frame), its bytes on the I2C bus (to 127),
plus 128 when it refreshed the display, then how many times the frame
called each of :data:`OPS` (mod 256), then 1 when the collector ran in
the frame (``gc.mem_alloc()`` fell: read outside the marks), else 0.

The ops: the board's own C calls, which the unix port runs as Python (the
stand-ins of tools/host/unix_port, and the bundle's adafruit_bus_device in
place of the one built into CircuitPython): PixelBuf's ``fill``, ``show``
and ``[i] =`` (not those inside ``fill``), synthio's ``press``,
``release`` and ``release_all``, keypad's ``get_into``. tools/bench_cpu
takes their instructions (each op's, measured by :func:`calibrate`) out of
the app's work, and the LIS3DH's bus work by its bytes (a sample's two
register reads through ``I2CDevice``, 13 bytes). Not counted:
``supervisor.ticks_ms`` and the display's ``refresh`` (a few calls a frame,
each tens of instructions), ``microcontroller.nvm`` (the saves' flash
writes, whose time is not modelled either).
"""
import gc
import math

import adafruit_pixelbuf
import keypad
import play_device
import synthio

PHASES = ("empty", "menu", "load", "prompt", "decision", "tumble", "settle", "pause", "over",
          "to menu", "think", "landed", "rest")
(EMPTY, MENU, LOAD, PROMPT, DECISION, TUMBLE, SETTLE, PAUSE, OVER, TO_MENU, THINK, LANDED,
 REST) = range(13)
OPS = ("fill", "show", "set", "press", "release", "release_all", "get_into")
CAL = 15  # a calibration frame: CAL + 16 * op (OPS' index; then the I2C sample, the empty call)
RECORD = 3 + len(OPS)
EMPTY_FRAMES = 32
CALLS = 16  # calls of an op in its calibration frame
MARK = math.lgamma  # (a 16-byte float each call, garbage at once)
counts = bytearray(len(OPS))  # calls so far, mod 256
_last = bytearray(len(OPS))
_in_fill = bytearray(1)


def _counting():
    """Count the ops: each class's method replaced by one that counts,
    then calls it (the same arguments: no allocation)."""
    pixelbuf, synth, queue = adafruit_pixelbuf.PixelBuf, synthio.Synthesizer, keypad._Queue
    fill, show, put = pixelbuf.fill, pixelbuf.show, pixelbuf.__setitem__
    press, release, release_all, get_into = (synth.press, synth.release, synth.release_all,
                                             queue.get_into)

    def count(i):
        counts[i] = (counts[i] + 1) & 255

    def fill_(self, colour):
        count(0)
        _in_fill[0] = 1
        fill(self, colour)
        _in_fill[0] = 0

    def show_(self):
        count(1)
        show(self)

    def put_(self, index, colour):
        if not _in_fill[0]:
            count(2)
        put(self, index, colour)

    def press_(self, notes=()):
        count(3)
        press(self, notes)

    def release_(self, notes=()):
        count(4)
        release(self, notes)

    def release_all_(self):
        count(5)
        release_all(self)

    def get_into_(self, event):
        count(6)
        return get_into(self, event)

    pixelbuf.fill, pixelbuf.show, pixelbuf.__setitem__ = fill_, show_, put_
    synth.press, synth.release, synth.release_all = press_, release_, release_all_
    queue.get_into = get_into_


def timed(d):
    """The time mode on for driver ``d``: the frames' record (a file:
    written between the marks, never in the heap), the LIS3DH's bus, the
    ops counted, the :data:`EMPTY_FRAMES`, the calibration frames."""
    d.timed = open("timed.bin", "wb")
    d.record = bytearray(RECORD)
    accel = d.hw.accel
    d.device = getattr(accel, "i2c_device", None) or getattr(accel, "_i2c", None)
    d.bus = getattr(d.device, "i2c", None)
    _counting()
    play_device.Driver.timed_frame = timed_frame
    record = d.record
    record[0] = EMPTY
    for _ in range(EMPTY_FRAMES):
        MARK(1.5)
        MARK(1.5)
        d.timed.write(record)
    d.frames = EMPTY_FRAMES
    calibrate(d)


def _fill(px, synth, note, events, event, device, buf):
    px.fill(0)


def _show(px, synth, note, events, event, device, buf):
    px.show()


def _set(px, synth, note, events, event, device, buf):
    px[0] = 0


def _press(px, synth, note, events, event, device, buf):
    synth.press(note)


def _release(px, synth, note, events, event, device, buf):
    synth.release(note)


def _release_all(px, synth, note, events, event, device, buf):
    synth.release_all()


def _get_into(px, synth, note, events, event, device, buf):
    events.get_into(event)


def _sample(px, synth, note, events, event, device, buf):
    # adafruit_lis3dh's acceleration: the range's register, then x, y, z
    buf[0] = 0x23
    with device as i2c:
        i2c.write(buf, start=0, end=1)
        i2c.readinto(buf, start=0, end=1)
    buf[0] = 0x28 | 0x80
    with device as i2c:
        i2c.write(buf, start=0, end=1)
        i2c.readinto(buf, start=0, end=6)


def _nothing(px, synth, note, events, event, device, buf):
    pass


def calibrate(d):
    """One frame per op (and the LIS3DH's sample, and an empty call): the
    op called :data:`CALLS` times between the marks, where the app's
    objects have it (no NeoPixels with Lights off, no synthio with Sound
    off, no LIS3DH: that op's frame is left out). The LIS3DH's model keeps
    its samples; the keypad's queue is empty (the frames' usual call)."""
    app = d.app
    lights, sound = app.lights, app.sound
    px = lights.pixels if lights is not None else None
    synth = sound.synth if sound is not None else None
    note = sound.noise if sound is not None else None
    events, event = d.hw.keys.events, keypad.Event()
    buf = bytearray(7)
    ops = (_fill, _show, _set, _press, _release, _release_all, _get_into, _sample, _nothing)
    record = d.record
    for i in range(len(ops)):
        if (i <= 2 and px is None) or (3 <= i <= 5 and synth is None) or (
                i == 7 and d.device is None):
            continue
        op = ops[i]
        MARK(1.5)
        for _ in range(CALLS):
            op(px, synth, note, events, event, d.device, buf)
        MARK(1.5)
        record[0] = CAL + 16 * i
        for k in range(1, RECORD):
            record[k] = 0
        d.timed.write(record)
        d.frames += 1
    if synth is not None:
        synth.release_all()
    _last[:] = counts


def timed_frame(self):
    """A frame of the time mode: the app's step between two marks, its
    phase, I2C bytes, refresh and ops kept (:data:`RECORD`)."""
    app = self.app
    mode = app.mode
    phase = phase_before(self, app, mode)
    bus = self.bus
    wire = bus._wire if bus is not None else 0
    shown = self.hw.display.refreshes
    held = gc.mem_alloc()
    MARK(1.5)
    app.step(self.now)
    MARK(1.5)
    collected = 1 if gc.mem_alloc() < held else 0
    if phase == MENU and app.mode != mode:
        phase = LOAD
    elif phase == OVER and app.mode != mode:
        phase = TO_MENU
    elif phase == TUMBLE and app.phase != 1:  # (rollbox.play.TUMBLE)
        phase = SETTLE
    elif phase in (PROMPT, TUMBLE, REST, LANDED) and app.mode != mode:
        phase = PAUSE if app.pause is not None else OVER
    record = self.record
    record[0] = phase
    record[1] = min(127, (bus._wire if bus is not None else 0) - wire)
    if self.hw.display.refreshes != shown:
        record[1] |= 128
    for i in range(len(OPS)):
        record[2 + i] = (counts[i] - _last[i]) & 255
        _last[i] = counts[i]
    record[2 + len(OPS)] = collected
    self.timed.write(record)
    self.frames += 1


def phase_before(d, app, mode):
    if d.pausing or mode == 3:  # (rollbox.app.PAUSED)
        return PAUSE
    if mode == 0:
        return MENU
    if mode == 2:
        return OVER
    if app.phase == 3:  # (rollbox.play.LANDED): on to the prompt after a landing
        return LANDED
    if app.phase == 4:  # (rollbox.play.RESTING): the landed dice shown at rest
        return REST
    if app.phase:  # a roll tumbling (or a shake's preview)
        return TUMBLE
    s = app.state
    p = s.current_player()
    if p >= 0 and app.seats[p]:
        late = d.now - app.since >= app.screen.THINK_MS
        return (DECISION if late else THINK) + (app.seats[p] << 4)
    return PROMPT
