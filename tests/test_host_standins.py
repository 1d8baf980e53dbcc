"""Tests of the host stand-ins: clock, supervisor, keypad, framebuffer display."""
import displayio  # noqa: I001  (displayio must be imported before vectorio)
import vectorio

import adafruit_ticks
import busdisplay
import keypad
import pytest
import supervisor
from PIL import Image

from host import clock, display

WRAP = 1 << 29


@pytest.fixture
def clk():
    """A fresh host clock at 1000 ms, in use for the test."""
    fresh = clock.Clock(1000)
    previous = clock.use(fresh)
    yield fresh
    clock.use(previous)
    keypad._deinit_all()


# --- clock and supervisor -----------------------------------------------------------------
def test_clock_wraps_ticks_at_2_pow_29():
    c = clock.Clock(WRAP - 1)
    assert c.now == WRAP - 1
    assert c.ticks_ms() == WRAP - 1
    assert c.advance(1) == WRAP
    assert c.now == WRAP
    assert c.ticks_ms() == 0
    c.advance(WRAP + 7)
    assert c.now == 2 * WRAP + 7
    assert c.ticks_ms() == 7
    with pytest.raises(ValueError):
        c.advance(-1)
    with pytest.raises(ValueError):
        clock.Clock(-5)


def test_use_swaps_the_clock_the_standins_read():
    a, b = clock.Clock(123), clock.Clock(456)
    previous = clock.use(a)
    try:
        assert clock.current() is a
        assert supervisor.ticks_ms() == 123
        assert clock.use(b) is a
        assert supervisor.ticks_ms() == 456
        b.advance(4)
        assert supervisor.ticks_ms() == 460
    finally:
        clock.use(previous)
    with pytest.raises(TypeError):
        clock.use(5)


def test_adafruit_ticks_uses_the_standin_across_the_wrap():
    assert adafruit_ticks.ticks_ms is supervisor.ticks_ms
    c = clock.Clock(WRAP - 5)
    previous = clock.use(c)
    try:
        t0 = adafruit_ticks.ticks_ms()
        assert t0 == WRAP - 5
        c.advance(10)
        t1 = adafruit_ticks.ticks_ms()
        assert t1 == 5
        assert adafruit_ticks.ticks_diff(t1, t0) == 10
        assert adafruit_ticks.ticks_diff(t0, t1) == -10
        assert adafruit_ticks.ticks_less(t0, t1)
        assert adafruit_ticks.ticks_add(t0, 10) == t1
    finally:
        clock.use(previous)


# --- keypad.Event and EventQueue ----------------------------------------------------------
def test_event_api(clk):
    e = keypad.Event(3, True, 100)
    assert (e.key_number, e.pressed, e.released, e.timestamp) == (3, True, False, 100)
    assert e == keypad.Event(3, True, 999)  # timestamps are not compared
    assert hash(e) == hash(keypad.Event(3, True, 999)) == (1 << 15) + 3
    assert e != keypad.Event(3, False, 100)
    assert e != keypad.Event(4, True, 100)
    assert e != (3, True)
    r = keypad.Event(2, False)
    assert r.released and not r.pressed
    assert r.timestamp == 1000  # default: supervisor.ticks_ms()
    assert repr(r) == "<Event: key_number 2 released>"
    d = keypad.Event()
    assert (d.key_number, d.pressed) == (0, True)
    with pytest.raises(AttributeError):
        e.pressed = False
    with pytest.raises(ValueError):
        keypad.Event(-1)
    with pytest.raises(TypeError):
        keypad.Event(1, True, 2.5)
    assert {e: 1}[keypad.Event(3, True, 0)] == 1


def test_eventqueue_cannot_be_created_directly():
    with pytest.raises(TypeError):
        keypad.EventQueue()


def test_eventqueue_get_get_into_and_overflow(clk):
    keys = keypad.Keys(("A",), value_when_pressed=False)  # scans at 1000, 1020, ...
    events = keys.events
    for i in range(65):  # one transition per scan: 65 events for a 64-event queue
        if i % 2 == 0:
            keys._press(0)
        else:
            keys._release(0)
        clk.advance(20)
    assert len(events) == 64
    assert events.overflowed is True
    assert bool(events)

    into = keypad.Event(9, False, 0)
    assert events.get_into(into) is True
    assert (into.key_number, into.pressed, into.timestamp) == (0, True, 1000)
    second = events.get()
    assert (second.key_number, second.pressed, second.timestamp) == (0, False, 1020)
    drained = [events.get() for _ in range(62)]
    last = drained[-1]
    # The 64th event was kept, the 65th (at 1000 + 64 * 20) was dropped.
    assert (last.pressed, last.timestamp) == (False, 1000 + 63 * 20)
    assert events.get() is None
    assert len(events) == 0 and not events
    untouched = keypad.Event(5, True, 42)
    assert events.get_into(untouched) is False
    assert (untouched.key_number, untouched.pressed, untouched.timestamp) == (5, True, 42)
    assert events.overflowed is True  # only clear() resets it
    events.clear()
    assert events.overflowed is False
    with pytest.raises(TypeError):
        events.get_into(None)


# --- keypad scanning ----------------------------------------------------------------------
def test_press_shorter_than_a_scan_interval_is_missed(clk):
    keys = keypad.Keys(("A",), value_when_pressed=False, interval=0.02)
    assert keys.events.get() is None  # scan at 1000: released
    clk.advance(3)
    keys._press(0)  # 1003
    clk.advance(15)
    keys._release(0)  # 1018: up again before the scan at 1020
    clk.advance(100)
    assert keys.events.get() is None
    assert len(keys.events) == 0


def test_longer_press_gives_pressed_then_released_with_scan_timestamps(clk):
    keys = keypad.Keys(("A", "B"), value_when_pressed=False, interval=0.02)
    clk.advance(3)
    keys._press(1)  # 1003
    clk.advance(27)
    keys._release(1)  # 1030: down for the scan at 1020 only
    clk.advance(15)  # 1045
    first = keys.events.get()
    second = keys.events.get()
    assert first == keypad.Event(1, True) and first.timestamp == 1020
    assert second == keypad.Event(1, False) and second.timestamp == 1040
    assert keys.events.get() is None


def test_events_appear_only_when_the_scan_is_due(clk):
    keys = keypad.Keys(("A",), value_when_pressed=False, interval=0.05)
    keys.events.get()  # run the scan at 1000
    keys._press(0)  # 1000, after that scan: seen at 1050
    clk.advance(49)
    assert len(keys.events) == 0
    clk.advance(1)
    event = keys.events.get()
    assert event.pressed and event.timestamp == 1050


def test_timestamps_are_wrapped_ticks():
    c = clock.Clock(WRAP - 10)
    previous = clock.use(c)
    try:
        keys = keypad.Keys(("A",), value_when_pressed=False)  # scans at WRAP-10, WRAP+10
        keys._press(0)
        c.advance(5)
        keys._release(0)
        c.advance(20)
        pressed, released = keys.events.get(), keys.events.get()
        assert pressed.pressed and pressed.timestamp == WRAP - 10
        assert released.released and released.timestamp == 10
        assert adafruit_ticks.ticks_diff(released.timestamp, pressed.timestamp) == 20
        keys.deinit()
    finally:
        clock.use(previous)


def test_key_held_at_construction_is_reported_by_the_first_scan(clk):
    keys = keypad.Keys(("A", "B", "C"), value_when_pressed=False)
    keys._press(2)  # already down when the scanner starts (same millisecond)
    event = keys.events.get()
    assert event == keypad.Event(2, True) and event.timestamp == 1000
    assert keys.events.get() is None


def test_debounce_threshold_needs_that_many_scans(clk):
    keys = keypad.Keys(("A",), value_when_pressed=False, debounce_threshold=3)
    keys._press(0)
    clk.advance(39)  # scans at 1000, 1020: not yet
    assert keys.events.get() is None
    clk.advance(1)  # third scan at 1040
    event = keys.events.get()
    assert event.pressed and event.timestamp == 1040


def test_reset_reports_held_keys_again(clk):
    keys = keypad.Keys(("A", "B"), value_when_pressed=True)
    keys._press(0)
    clk.advance(30)
    assert keys.events.get().timestamp == 1000
    assert keys.events.get() is None
    clk.advance(7)  # 1037
    keys.reset()
    event = keys.events.get()
    assert event == keypad.Event(0, True) and event.timestamp == 1037
    assert keys.events.get() is None
    clk.advance(100)
    assert keys.events.get() is None


def test_deinit_then_use_raises_value_error(clk):
    keys = keypad.Keys(("A",), value_when_pressed=False)
    assert keys in keypad._instances
    keys.deinit()
    assert keys not in keypad._instances
    keys.deinit()  # a second deinit is allowed
    with pytest.raises(ValueError):
        _ = keys.events
    with pytest.raises(ValueError):
        _ = keys.key_count
    with pytest.raises(ValueError):
        keys.reset()
    with pytest.raises(ValueError):
        keys._press(0)
    with keypad.ShiftRegisterKeys(clock="CLK", data="DATA", latch="LATCH", key_count=8,
                                  value_when_pressed=True) as srk:
        assert srk.key_count == 8
    with pytest.raises(ValueError):
        _ = srk.events


def test_scanner_validation(clk):
    common = {"clock": "CLK", "latch": "LATCH", "value_when_pressed": True}
    with pytest.raises(ValueError):
        keypad.ShiftRegisterKeys(data="D", key_count=0, **common)
    with pytest.raises(ValueError):
        keypad.ShiftRegisterKeys(data=("D1", "D2"), key_count=8, **common)
    with pytest.raises(ValueError):
        keypad.ShiftRegisterKeys(data=("D1", "D2"), key_count=(8, 0), **common)
    srk = keypad.ShiftRegisterKeys(data=["D1", "D2"], key_count=[8, 4], **common)
    assert srk.key_count == 12
    with pytest.raises(ValueError):
        srk._press(12)
    with pytest.raises(TypeError):
        keypad.ShiftRegisterKeys(data="D", key_count=8, clock="CLK", latch="LATCH")
    with pytest.raises(ValueError):
        keypad.Keys(("A",), value_when_pressed=False, max_events=0)
    with pytest.raises(ValueError):
        keypad.Keys(("A",), value_when_pressed=False, interval=-0.01)
    for threshold in (0, 128):
        with pytest.raises(ValueError):
            keypad.Keys(("A",), value_when_pressed=False, debounce_threshold=threshold)
    with pytest.raises(ValueError):
        keypad.Keys(("A", "A"), value_when_pressed=False)
    with pytest.raises(TypeError):
        keypad.Keys(("A",), value_when_pressed=False, interval="fast")
    matrix = keypad.KeyMatrix(("R0", "R1"), ("C0", "C1", "C2"))
    assert matrix.key_count == 6
    assert matrix.key_number_to_row_column(5) == (1, 2)
    assert matrix.row_column_to_key_number(1, 0) == 3
    with pytest.raises(ValueError):
        matrix.row_column_to_key_number(2, 0)


# --- display ------------------------------------------------------------------------------
def _red_rectangle(x=10, y=20, width=3, height=2):
    palette = displayio.Palette(1)
    palette[0] = 0xFF0000
    return vectorio.Rectangle(pixel_shader=palette, width=width, height=height, x=x, y=y)


def test_rectangle_renders_exactly_its_pixels():
    disp, bus = display.make_display(160, 128)
    assert isinstance(disp, busdisplay.BusDisplay)
    assert (disp.width, disp.height) == (160, 128)
    assert len(bus.framebuffer) == 160 * 128 * 2
    group = displayio.Group()
    group.append(_red_rectangle())
    disp.root_group = group
    disp.refresh()
    for x, y in ((10, 20), (12, 20), (10, 21), (12, 21)):
        assert bus.pixel(x, y) == (248, 0, 0)
    for x, y in ((9, 20), (13, 20), (10, 19), (10, 22), (0, 0), (159, 127)):
        assert bus.pixel(x, y) == (0, 0, 0)
    index = (20 * 160 + 10) * 2
    assert bus.framebuffer[index:index + 2] == b"\xf8\x00"  # RGB565 big-endian
    image = bus.to_image()
    assert image.mode == "RGB" and image.size == (160, 128)
    lit = [(x, y) for y in range(128) for x in range(160) if image.getpixel((x, y)) != (0, 0, 0)]
    assert lit == [(10, 20), (11, 20), (12, 20), (10, 21), (11, 21), (12, 21)]


def test_colours_expand_from_rgb565():
    disp, bus = display.make_display(8, 4)
    group = displayio.Group()
    for i, colour in enumerate((0x00FF00, 0x0000FF, 0xFFFFFF, 0x808080)):
        palette = displayio.Palette(1)
        palette[0] = colour
        group.append(vectorio.Rectangle(pixel_shader=palette, width=1, height=1, x=i, y=0))
    disp.root_group = group
    disp.refresh()
    assert [bus.pixel(i, 0) for i in range(4)] == [
        (0, 252, 0), (0, 0, 248), (248, 252, 248), (128, 128, 128)]


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_rotation_pixels_are_in_display_coordinates(rotation):
    disp, bus = display.make_display(160, 128, rotation=rotation)
    assert (disp.width, disp.height) == (160, 128)
    group = displayio.Group()
    group.append(_red_rectangle())
    disp.root_group = group
    disp.refresh()
    image = bus.to_image()
    assert image.size == (160, 128)
    lit = {(x, y) for y in range(128) for x in range(160) if image.getpixel((x, y)) != (0, 0, 0)}
    assert lit == {(x, y) for x in (10, 11, 12) for y in (20, 21)}
    assert bus.pixel(12, 21) == (248, 0, 0)
    assert bus.pixel(13, 21) == (0, 0, 0)


def test_idle_refresh_writes_nothing_after_warm_up():
    disp, bus = display.make_display(160, 128)
    background = displayio.Bitmap(160, 128, 1)
    palette = displayio.Palette(1)
    palette[0] = 0x000040
    group = displayio.Group()
    group.append(displayio.TileGrid(background, pixel_shader=palette))
    rect = _red_rectangle()
    group.append(rect)
    disp.root_group = group
    disp.refresh()
    disp.refresh()  # Blinka resends the whole screen once more
    bus.take_dirty()
    disp.refresh()
    assert bus.pixels_written == 0 and bus.dirty is None
    assert bus.take_dirty() == 0
    rect.x = 40
    disp.refresh()
    x1, y1, x2, y2 = bus.dirty
    assert x1 <= 10 and x2 >= 43 and y1 <= 20 and y2 >= 22  # old and new places
    written = bus.take_dirty()
    assert 0 < written < 160 * 128 // 10
    image = bus.to_image()
    colours = {(x, y): image.getpixel((x, y)) for y in range(128) for x in range(160)}
    red = {xy for xy, colour in colours.items() if colour == (248, 0, 0)}
    assert red == {(x, y) for x in (40, 41, 42) for y in (20, 21)}
    assert all(colour == (0, 0, 64) for xy, colour in colours.items() if xy not in red)
    disp.refresh()
    assert bus.take_dirty() == 0


def test_save_png(tmp_path):
    disp, bus = display.make_display(160, 128)
    group = displayio.Group()
    group.append(_red_rectangle())
    disp.root_group = group
    disp.refresh()
    path = tmp_path / "screen.png"
    bus.save_png(path)
    with Image.open(path) as image:
        assert image.format == "PNG"
        assert image.size == (160, 128)
        assert image.convert("RGB").getpixel((11, 21)) == (248, 0, 0)
    big = tmp_path / "big.png"
    bus.save_png(big, scale=2)
    with Image.open(big) as image:
        assert image.size == (320, 256)


def test_bus_refuses_a_second_lock_and_survives_an_init_sequence():
    bus = display.FramebufferBus(4, 4)
    assert bus._begin_transaction() is True
    assert bus._begin_transaction() is False
    assert bus._free() is False
    bus._end_transaction()
    assert bus._free() is True
    displayio.release_displays()
    # BusDisplay's init loop spins until begin_transaction() fails.
    busdisplay.BusDisplay(bus, b"\x01\x00\x11\x00", width=4, height=4, auto_refresh=False)
    assert bus.ignored_commands == {0x01: 1, 0x11: 1}
    displayio.release_displays()
