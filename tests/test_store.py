"""The save store (rollbox.store) on the host nvm stand-in: blank, garbage and
unreadable nvm, one assignment per save, the sequence across its wrap, a
power cut at every byte offset of a save, the layout on our boards' nvm, and
every game's state through the game record at random points of random
playouts."""
import binascii
import random

import microcontroller
import pytest
from conftest import rebuild_game, stores
from playout import pick_chance

import rollbox
from rollbox import catalog, menu, store
from rollbox.menu import SETTINGS_BYTES, Menu
from rollbox.store import HEADER, TRAILER, Store


def blank(size=8192, erase_size=0):
    return microcontroller.ByteArray(size, erase_size)


def fresh_load(nvm, *args):
    """What a new program (after a reset) reads from ``nvm``."""
    return Store(nvm, *args).load()


# --- the nvm stand-in behaves as CircuitPython's nvm.ByteArray --------------------------
def test_standin_nvm_is_blank_per_board_and_checks_like_the_board():
    from host import boards

    boards.use("pybadge")
    nvm = microcontroller.nvm
    assert isinstance(nvm, microcontroller.ByteArray) and len(nvm) == 8192 and nvm
    assert nvm[0] == 0xFF and nvm[-1] == 0xFF and nvm[8190:9000] == bytearray(b"\xff\xff")
    nvm[0:3] = b"\xcc\x10\x00"
    assert microcontroller.nvm is nvm and nvm[0:3] == bytearray(b"\xcc\x10\x00")
    assert type(nvm[0:3]) is bytearray and nvm.writes == 1
    boards.use("pybadge")
    assert microcontroller.nvm is not nvm and microcontroller.nvm[0] == 0xFF
    with pytest.raises(ValueError, match="different lengths"):
        nvm[0:3] = b"\x01\x02"
    with pytest.raises(NotImplementedError):
        nvm[0:4:2] = b"\x01\x02"
    with pytest.raises(NotImplementedError):
        nvm[0:2] = [1, 2]
    with pytest.raises(ValueError):
        nvm[0] = 256
    with pytest.raises(IndexError):
        nvm[8192]
    nvm[4:6] = memoryview(b"ab")
    assert nvm[4:6] == bytearray(b"ab") and nvm.writes == 2


def test_standin_power_cut_stops_mid_slice():
    nvm = blank(16)
    nvm.cut(3)
    with pytest.raises(microcontroller.PowerCut):
        nvm[2:8] = b"abcdef"
    assert bytes(nvm.data) == b"\xff\xffabc" + b"\xff" * 11
    nvm[2:8] = b"ABCDEF"  # the power is back
    assert nvm[2:8] == bytearray(b"ABCDEF")


def test_standin_erase_unit_model_reprograms_the_unit():
    nvm = blank(16, erase_size=8)
    nvm[0:16] = bytes(range(16))
    nvm.cut(2)  # the unit 0..7 is erased, then two bytes programmed again
    with pytest.raises(microcontroller.PowerCut):
        nvm[5:6] = b"X"
    assert bytes(nvm.data[:8]) == b"\x00\x01" + b"\xff" * 6
    assert bytes(nvm.data[8:]) == bytes(range(8, 16))


# --- CRC and sequence numbers ---------------------------------------------------------------
def test_crc16_is_ccitt_false():
    rng = random.Random(1)
    assert store.crc16(b"123456789", 0, 9) == 0x29B1
    for n in range(0, 300, 7):
        data = bytes(rng.randrange(256) for _ in range(n))
        assert store.crc16(data, 0, n) == binascii.crc_hqx(data, 0xFFFF)


def test_serial_comparison_across_the_wrap():
    assert store.newer(1, 0) and not store.newer(0, 1)
    assert store.newer(0, 0xFFFF) and not store.newer(0xFFFF, 0)
    assert store.newer(5, 0xFFF0) and not store.newer(3, 3)


# --- blank, garbage, unreadable -------------------------------------------------------------
def test_blank_nvm_is_no_save_and_first_save_loads():
    nvm = blank()
    s = Store(nvm, 0, 64)
    assert s.load() is None and nvm.writes == 0
    s.save(b"hello")
    assert nvm.writes == 1 and fresh_load(nvm, 0, 64) == b"hello"


@pytest.mark.parametrize("seed", range(20))
def test_garbage_nvm_is_no_save(seed):
    rng = random.Random(seed)
    nvm = blank()
    nvm.data[:] = bytes(rng.randrange(256) for _ in range(len(nvm)))
    if seed % 2:  # a garbage record behind a good magic and version
        nvm.data[0:4] = b"Rb\x01\x00"
    assert fresh_load(nvm, 0, 64) is None
    s = Store(nvm, 0, 64)
    s.save(b"x" * 52)
    assert fresh_load(nvm, 0, 64) == b"x" * 52


@pytest.mark.parametrize("error", [OSError(5, "Input/output error"),
                                   RuntimeError("Unable to read nvm.")])
def test_an_nvm_whose_read_raises_is_no_save(error):
    nvm = blank()
    Store(nvm, 0, 64).save(b"kept")
    nvm.fail_reads = error
    assert fresh_load(nvm, 0, 64) is None
    assert stores(nvm) is not None
    nvm.fail_reads = None
    assert fresh_load(nvm, 0, 64) == b"kept"


def test_a_failed_write_keeps_the_newest_record():
    nvm = blank()
    s = Store(nvm, 0, 64)
    s.save(b"one")
    nvm.fail_writes = RuntimeError("Unable to write to nvm.")
    with pytest.raises(RuntimeError):
        s.save(b"two")
    nvm.fail_writes = None
    assert fresh_load(nvm, 0, 64) == b"one"
    s.save(b"three")
    assert fresh_load(nvm, 0, 64) == b"three"


def test_saves_alternate_slots_one_assignment_each_and_clear():
    nvm = blank()
    s = Store(nvm, 100, 40, stride=1000, kind=7)
    for i in range(6):
        s.save(bytes([i]) * (i + 1))
        assert nvm.writes == i + 1
        assert nvm.data[100 + 1000 * (i % 2) + 4:][:2] == (i + 1).to_bytes(2, "big")
        assert fresh_load(nvm, 100, 40, 1000, 7) == bytes([i]) * (i + 1)
    assert fresh_load(nvm, 100, 40, 1000, 8) is None  # another kind reads nothing
    s.clear()
    assert fresh_load(nvm, 100, 40, 1000, 7) is None and nvm.writes == 7
    with pytest.raises(ValueError):
        s.save(b"z" * (40 - HEADER - TRAILER + 1))
    s.save(b"z" * s.capacity())
    assert fresh_load(nvm, 100, 40, 1000, 7) == b"z" * 28
    with pytest.raises(ValueError):
        Store(nvm, 8000, 100, stride=100)


def test_sequence_numbers_wrap():
    nvm = blank()
    s = Store(nvm, 0, 32)
    s.load()
    s._seq = 0xFFFC  # as after 65532 saves
    for i in range(8):
        s.save(b"%d" % i)
        reader = Store(nvm, 0, 32)
        assert reader.load() == b"%d" % i
        assert reader._seq == (0xFFFD + i) & 0xFFFF
    assert {bytes(nvm.data[4:6]), bytes(nvm.data[32 + 4:32 + 6])} == {b"\x00\x03", b"\x00\x04"}


# --- power cuts -----------------------------------------------------------------------------
def _saves(rng):
    """Payloads of different lengths (longer, shorter, empty = clear)."""
    out = []
    for n in (5, 40, 3, 0, 100, 100, 1, 60):
        out.append(bytes(rng.randrange(256) for _ in range(n)))
    return out


def test_power_cut_at_every_byte_offset_never_loses_or_corrupts():
    rng = random.Random(7)
    nvm = blank()
    args = (0, 128)
    previous = None  # what load() gave before each save
    for payload in _saves(rng):
        length = HEADER + len(payload) + TRAILER
        new = payload or None
        for k in range(length + 1):
            trial = microcontroller.ByteArray(len(nvm))
            trial.data[:] = nvm.data
            trial.cut(k)
            with pytest.raises(microcontroller.PowerCut):
                Store(trial, *args).save(payload)
            got = fresh_load(trial, *args)
            assert got == (new if k == length else previous), (len(payload), k)
            after = Store(trial, *args)  # the next program goes on saving
            after.load()
            after.save(b"next")
            assert fresh_load(trial, *args) == b"next"
        Store(nvm, *args).save(payload)
        previous = new
        assert fresh_load(nvm, *args) == previous


def _layout_history(nvm, saves):
    """Save game and settings records in turn; returns their histories."""
    game, settings = stores(nvm)
    history = {"game": [None], "settings": [None]}
    for i in range(saves):
        game.save(bytes([i]) * (20 + i))
        history["game"].append(bytes([i]) * (20 + i))
        if i % 2:
            settings.save(bytes([i]) * SETTINGS_BYTES)
            history["settings"].append(bytes([i]) * SETTINGS_BYTES)
    return history


def _cut_every_offset(erase_size, region_size):
    """A game save cut after every byte of its erase unit's programming."""
    nvm = blank(erase_size=erase_size)
    history = _layout_history(nvm, 5)
    payload = b"N" * 30
    outcomes = set()
    for k in range(0, region_size + 1, 1):
        trial = microcontroller.ByteArray(8192, erase_size)
        trial.data[:] = nvm.data
        trial.cut(k)
        with pytest.raises(microcontroller.PowerCut):
            store.open_region(trial, store.KIND_GAME).save(payload)
        game, settings = stores(trial)
        got = game.load()
        assert got in (history["game"][-1], payload, None)
        assert settings.load() in history["settings"]  # maybe older, never corrupt
        outcomes.add("previous" if got == history["game"][-1] else
                     "new" if got == payload else "none")
    return outcomes


def test_power_cut_on_an_nrf52840_page_keeps_the_previous_game():
    # 4 KB pages: a save rewrites the page of the slot it writes; the region's
    # other slot is in the other page.
    assert _cut_every_offset(4096, 4096) == {"previous", "new"}


def test_power_cut_on_a_samd51_block_never_loads_a_corrupt_game():
    # The SAMD51's nvm is one 8 KB erase block: a cut while it is rewritten
    # can blank both slots. The store then reads "no save", never garbage.
    outcomes = _cut_every_offset(8192, 8192)
    assert "none" in outcomes and outcomes <= {"previous", "new", "none"}


# --- the layout on our boards ---------------------------------------------------------------
def test_layout_fits_our_boards_nvm_and_the_largest_game():
    for size in (8192, 4096, 2048):
        game, settings = stores(blank(size))
        assert game.capacity() >= 115 and settings.capacity() >= SETTINGS_BYTES
    assert stores(blank(256)) is None and stores(None) is None
    assert store.GAME_START + store.GAME_SLOT <= store.SETTINGS_START
    assert store.SETTINGS_START + store.SETTINGS_SLOT <= store.STATS_START
    assert store.STATS_START + store.STATS_SLOT <= store.USED <= store.HALF
    stats = Store(blank(), store.STATS_START, store.STATS_SLOT, store.HALF, store.KIND_STATS)
    assert stats.capacity() == 500


def test_regions_do_not_disturb_each_other():
    nvm = blank()
    game, settings = stores(nvm)
    stats = Store(nvm, store.STATS_START, store.STATS_SLOT, store.HALF, store.KIND_STATS)
    for i in range(5):
        game.save(b"g%d" % i)
        settings.save(b"s%d" % i)
        stats.save(b"t%d" % i * 100)
    game, settings = stores(nvm)
    assert (game.load(), settings.load()) == (b"g4", b"s4")
    assert Store(nvm, store.STATS_START, store.STATS_SLOT, store.HALF,
                 store.KIND_STATS).load() == b"t4" * 100
    assert all(b == 0xFF for b in nvm.data[store.USED:store.HALF])


def test_settings_round_trip_and_bad_settings_refused():
    m = Menu()
    m.game, m.players, m.six_bad, m.goal, m.coach = 3, 4, 1, 50, 1
    m.seats = [0, 3, 2, 1, 0, 0, 3, 1]
    m.sound, m.lights = 2, 0
    data = m.settings()
    assert len(data) == SETTINGS_BYTES == 17
    other = Menu()
    assert other.restore(data)
    assert (other.game, other.players, other.six_bad, other.goal, other.coach, other.seats,
            other.sound, other.lights) == (3, 4, 1, 50, 1, [0, 3, 2, 1, 0, 0, 3, 1], 2, 0)
    older = Menu()  # a record from before the Sound and Lights lines: quiet, low
    assert older.restore(data[:15]) and (older.sound, older.lights) == (1, 1)
    for bad in (data[:-1], bytes([99]) + data[1:], data[:2] + bytes([9]) + data[3:],
                data[:3] + b"\x00\x07" + data[5:], data[:5] + bytes([4]) + data[6:],
                data[:13] + b"\x02" + data[14:], data[:14] + b"\x03" + data[15:],
                data[:15] + b"\x03" + data[16:], data[:16] + b"\x03", data + b"\x00", None):
        fresh = Menu()
        assert not fresh.restore(bad)
        assert fresh.settings() == Menu().settings()


# --- every game's state through the game record ---------------------------------------------
def _entries():
    for index, entry in enumerate(catalog.GAMES):
        for players in range(entry[catalog.MIN_PLAYERS], entry[catalog.MAX_PLAYERS] + 1):
            yield index, entry, players


@pytest.mark.parametrize("index,entry,players", list(_entries()),
                         ids=lambda v: v[catalog.NAME] if isinstance(v, tuple) else str(v))
def test_game_record_round_trips_at_random_points_of_random_playouts(index, entry, players):
    game_class = rollbox.load_class(catalog.dotted(entry, catalog.GAME))
    rng = random.Random(index * 10 + players)
    nvm = blank()
    game_store = store.open_region(nvm, store.KIND_GAME)
    for _ in range(4):
        params = dict(entry[catalog.FIXED], players=players)
        if entry[catalog.OPTIONS] & catalog.SIX_BAD:
            params["six_bad"] = rng.randrange(2)
        if entry[catalog.GOALS]:
            params["goal"] = rng.choice(entry[catalog.GOALS])
        if any(p[0] == "setter" for p in game_class.PARAMS):
            params["setter"] = rng.randrange(players + 1)
        game = game_class(**params)
        seats = tuple(rng.randrange(4) for _ in range(players))
        state = game.new_initial_state()
        steps = 0
        while True:
            if steps == 0 or state.is_terminal() or rng.random() < 0.05:
                stream = bytes(rng.randrange(256) for _ in range(4))
                game_store.save(store.pack_game(index, game, seats, state, stream))
                data = store.open_region(nvm, store.KIND_GAME).load()  # as after a reset
                got_index, got_game, got_state, got_seats = rebuild_game(data)
                assert (got_index, got_seats, got_game.params) == (index, seats, game.params)
                assert menu.saved_choice(data)[5] == stream
                assert got_state.to_bytes() == state.to_bytes()
                assert got_state.current_player() == state.current_player()
                assert got_state.legal_actions() == state.legal_actions()
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(pick_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1


@pytest.mark.parametrize("entry", catalog.GAMES, ids=lambda e: e[catalog.NAME])
def test_the_largest_states_fit_a_slot(entry):
    # Eight seats (more than the menu offers) at random points of playouts.
    game_class = rollbox.load_class(catalog.dotted(entry, catalog.GAME))
    game = game_class(**dict(entry[catalog.FIXED], players=8))
    capacity = store.open_region(blank(), store.KIND_GAME).capacity()
    rng = random.Random(3)
    largest = 0
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            largest = max(largest, len(store.pack_game(0, game, (0,) * 8, state, b"dice")))
            if state.is_chance_node():
                state.apply_action(pick_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert largest <= 119 < capacity


def test_bad_game_records_are_refused():
    game_class = rollbox.load_class(catalog.dotted(catalog.GAMES[0], catalog.GAME))
    game = game_class(variant=0, players=2)
    good = store.pack_game(0, game, (0, 1), game.new_initial_state(), b"dice")
    assert rebuild_game(good)[0] == 0
    for bad in (b"", good[:2], bytes([77]) + good[1:], good[:1] + b"\x01" + good[2:],
                good[:-3], good[:10] + b"\x03" + good[11:], good[:11] + b"\x09" + good[12:]):
        with pytest.raises(ValueError):
            rebuild_game(bad)


def test_a_game_record_saved_before_the_dice_stream_resumes_without_one():
    # Issue 24: records end with the dice stream (0x80 in the index
    # byte); a record of an earlier version (no flag, the state to the end)
    # still resumes, its stream None (the roller commits a new one).
    game_class = rollbox.load_class(catalog.dotted(catalog.GAMES[4], catalog.GAME))
    game = game_class(players=2)
    state = game.new_initial_state()
    old = bytes([4]) + store.game_head(4, game, (0, 1))[1:] + state.to_bytes()
    assert old[0] & 0x80 == 0
    assert rebuild_game(old)[2].to_bytes() == state.to_bytes()
    assert menu.saved_choice(old)[5] is None
    new = store.pack_game(4, game, (0, 1), state, b"\x01\x02\x03\x04")
    assert new[0] == 4 | 0x80 and new[-4:] == b"\x01\x02\x03\x04"
    assert menu.saved_choice(new)[4] == state.to_bytes()


# --- the file slot (SAMD51: the nvm is one erase unit) ---------------------------------------
def _pybadge(code_writes=True):
    import types

    import storage

    return types.SimpleNamespace(erase=8192, fs=storage.VfsFat(code_writes=code_writes))


def test_records_of_the_two_slot_layout_load_and_the_next_save_goes_to_the_file():
    nvm = blank(erase_size=8192)
    old = store.open_region(nvm, store.KIND_SETTINGS)  # no hw: two nvm slots, as before
    old.save(b"one")
    old.save(b"two")
    hw = _pybadge()
    region = store.open_region(nvm, store.KIND_SETTINGS, hw)
    assert region.load() == b"two" and hw.fs.writes == 0
    region.save(b"three")  # the newest is in nvm: the file
    assert (nvm.writes, hw.fs.writes) == (2, 1)
    assert hw.fs._files["rollbox-set.sav"][HEADER:HEADER + 5] == b"three"
    region.save(b"four")  # the newest is the file: the older nvm slot (slot 0, "one")
    assert (nvm.writes, hw.fs.writes) == (3, 1)
    assert store.open_region(nvm, store.KIND_SETTINGS, hw).load() == b"four"
    assert store.open_region(nvm, store.KIND_SETTINGS).load() == b"four"
    assert Store(nvm, store.SETTINGS_START, store.SETTINGS_SLOT, store.HALF,
                 store.KIND_SETTINGS)._scan()[HEADER:HEADER + 4] == b"four"


def test_usb_drive_mode_reads_the_files_and_writes_the_nvm_only():
    nvm = blank(erase_size=8192)
    hw = _pybadge()
    game = store.open_region(nvm, store.KIND_GAME, hw)
    game.save(b"turn 1")  # the file
    assert (nvm.writes, hw.fs.writes) == (0, 1)
    hw.fs._writable_by_usb = True  # the next power-up in USB drive mode: read-only to code
    assert hw.fs.readonly
    game = store.open_region(nvm, store.KIND_GAME, hw)
    assert game.load() == b"turn 1"
    game.save(b"turn 2")
    game.save(b"turn 3")
    assert (nvm.writes, hw.fs.writes) == (2, 1)
    assert store.open_region(nvm, store.KIND_GAME, hw).load() == b"turn 3"


def test_a_refused_file_write_keeps_the_newest_and_falls_back_to_the_nvm():
    import errno

    nvm = blank(erase_size=8192)
    hw = _pybadge()
    slots = store.open_region(nvm, store.KIND_GAME, hw).slots()
    slots.write(b"", b"a")  # the file
    slots.write(b"", b"b")  # nvm
    hw.fs.fail_writes = OSError(errno.ENOSPC, "No space left on device")
    with pytest.raises(OSError):
        slots.write(b"", b"c")
    assert store.open_region(nvm, store.KIND_GAME, hw).load() == b"b"
    slots.write(b"", b"d")  # the nvm from now on (the older slot)
    slots.write(b"", b"e")
    assert (nvm.writes, hw.fs.writes) == (3, 1)
    assert store.open_region(nvm, store.KIND_GAME, hw).load() == b"e"


def test_the_nrf52840_needs_no_file_and_writes_none():
    import types

    import storage

    hw = types.SimpleNamespace(erase=4096, fs=storage.VfsFat(code_writes=True))
    nvm = blank(erase_size=4096)
    region = store.open_region(nvm, store.KIND_STATS, hw)
    region.save_both(b"s" * 100)
    assert (nvm.writes, hw.fs.writes, hw.fs._files) == (2, 0, {})
    assert nvm.data[store.STATS_START + HEADER] == nvm.data[store.STATS_START + 4096 + HEADER]
    assert store.open_region(nvm, store.KIND_STATS, hw).load() == b"s" * 100


def test_an_unknown_erase_unit_is_taken_as_the_whole_nvm():
    import types

    import storage

    hw = types.SimpleNamespace(erase=0, fs=storage.VfsFat(code_writes=True))
    store.open_region(blank(), store.KIND_GAME, hw).save(b"x")
    assert hw.fs.writes == 1


@pytest.mark.parametrize("profile,unit", [("pybadge", 8192), ("pygamer", 8192),
                                          ("cpb_gizmo", 4096), ("generic", 0)])
def test_board_profiles_give_the_erase_unit_and_circuitpy(profile, unit):
    import storage

    from host import boards
    from rollbox import hardware

    boards.use(profile)
    hw = hardware.detect()
    assert hw.erase == unit and hw.fs is storage.getmount("/") and hw.nvm is microcontroller.nvm
