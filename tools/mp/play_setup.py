"""The driver's (tools/mp/play_device.py) set-up steps, loaded only while
it sets up: the stand-ins before its baseline, the menu before each game.
It is unloaded before a game starts, so its bytecode is never in a game's
heap (its names stay interned, as every module's do)."""
import board
import keypad

HARD = 3


def standins(profile):
    """Set the board up as ``profile``: a keypad object, the I2C bus,
    the display."""
    board._use(profile)
    if profile == "pybadge":
        keys = keypad.ShiftRegisterKeys(key_count=8)
        board.I2C()
    else:
        import busio
        from adafruit_gizmo import tft_gizmo

        keys = keypad.Keys(("A", "B"))
        keep = (busio.I2C(), tft_gizmo.TFT_Gizmo())
        del keep
    del keys
    # CircuitPython has adafruit_bus_device built in (6.3 and later, on
    # every board Rollbox supports): the unix port has not, so the bundle's
    # copy stands in for it and is loaded with the stand-ins.
    import adafruit_bus_device.i2c_device  # noqa: F401

    # The board's own C modules the sound and lights use (issue 25): here
    # Python stand-ins, loaded with the others so that their bytecode is
    # not counted as the app's (the objects the app makes of them are).
    import adafruit_pixelbuf  # noqa: F401
    import analogio  # noqa: F401
    import neopixel_write  # noqa: F401
    import synthio  # noqa: F401

    if profile == "pybadge":
        import audioio  # noqa: F401
    else:
        import audiopwmio  # noqa: F401


def choose(driver, index, players, effects="11", levels=None):
    """Set the menu to game ``index`` with ``players`` hard seats (or
    each seat's kind from ``levels``, the last repeated), the
    cursor on Start, pressing keys as a player reads the menu. The
    caller presses A: the collector is conservative, and this frame's
    stale references to the menu would keep its modules alive while
    the game starts."""
    from rollbox import controls

    has = 0
    for bit in driver.key_map:
        has |= bit
    nxt = controls.DOWN if has & controls.DOWN else controls.B
    change = controls.RIGHT if has & controls.RIGHT else controls.A
    menu = driver.app.menu
    to_line(driver, menu, "Game:", nxt)
    while menu.game != index:
        driver.press(change)
    print("game", index, menu.line(menu.cursor)[6:])
    if players == "max":
        from rollbox import catalog

        players = catalog.GAMES[index][catalog.MAX_PLAYERS]
        del catalog
    to_line(driver, menu, "Players:", nxt)
    while menu.players != players:
        driver.press(change)
    for seat in range(players):
        kind = HARD if levels is None else levels[min(seat, len(levels) - 1)]
        to_line(driver, menu, "P%d:" % (seat + 1), nxt)
        while menu.seats[seat] != kind:
            driver.press(change)
    to_line(driver, menu, "Sound:", nxt)  # (effects: the Sound and Lights levels, "11")
    while menu.sound != int(effects[0]):
        driver.press(change)
    to_line(driver, menu, "Lights:", nxt)
    while menu.lights != int(effects[1]):
        driver.press(change)
    while menu.cursor != menu.size() - 1:
        driver.press(nxt)

def to_line(driver, menu, start, nxt):
    for _ in range(menu.size()):
        if menu.line(menu.cursor).startswith(start):
            return
        driver.press(nxt)
    raise RuntimeError("no menu line " + start)


