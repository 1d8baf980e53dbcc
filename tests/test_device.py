"""The whole app on real CircuitPython (its 32-bit unix port with the real C
displayio; tools/host/circuitpython.py): code.py's path, every seat a hard
computer, each game played to the end (its pause screen and help page
visited), the sound and lights on (quiet, low: the defaults), in a 110 KB
heap on both layouts, and all of them in one power-on in 122 KB; nothing
a game loaded stays after it.
Every device file compiles with CircuitPython's own mpy-cross.

Needs the binaries: ``ROLLBOX_CIRCUITPYTHON`` names ``circuitpython-unix32``
or its folder (with ``mpy-cross-circuitpython``); .ci/run sets it. Without
them these tests are skipped, and say so.
"""
import glob
import os

import pytest

from host import circuitpython as cp
from host import qstrs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Issue 12's targets are 80 KB a game and 84 KB for all seven in one
# power-on. Issue 14 missed them: the pause screen and a game's help page,
# visited in every game by the driver (tools/mp/play_device.py, at its
# first prompt: SKUNK'D's house options), the press queue and the file
# save slot put SKUNK'D at 88-89 KB (README, docs/figures.md "Footprint");
# the driver and the stand-ins of the unix port are 12 KB of each. The
# collector is conservative: what the C stack happens to hold (it differs
# with the environment a run gets) keeps a few hundred bytes alive or not,
# so the test keeps 1-2 KB above the largest figures for that.
# Issue 25's sound and lights (on by default) took the smallest heaps to
# 93-107 KB a game and 115-119 KB for all seven (tools/bench_device): the
# Synthesizer and its output 2.6 KB (PyBadge) or 5.5 KB while it plays
# (the CPB's PWMAudioOut), the neopixel library 3 KB, rollbox.sound and
# rollbox.lights 4.5 KB of bytecode, their names a new qstr pool (about
# 8 KB at once, in the all-games power-on), and the unix port's stand-ins
# of the board's C modules 5.4 KB. Issue 26 is to bring them back.
HEAP = 110 * 1024
ALL_HEAP = 122 * 1024
GAMES = range(7)  # rollbox.catalog.GAMES


@pytest.fixture(scope="module")
def binaries():
    try:
        return cp.find()
    except cp.NotFound as e:
        pytest.skip("real CircuitPython not found, so not run: %s" % e)


@pytest.fixture(scope="module")
def folder(binaries, tmp_path_factory):
    dest = str(tmp_path_factory.mktemp("circuitpy"))
    cp.build(dest, binaries[1])
    return dest


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_to_the_end_in_110_kb(binaries, folder, board, game):
    run = cp.play(binaries[0], folder, HEAP, board, [game])
    assert run.passed, run.output[-3000:]
    assert run.number("over %d" % game) > 0
    # nothing the game loaded is left: the menu has the modules it had at first
    assert run.facts["loaded %d" % game] == run.facts["loaded first"]


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
def test_all_games_in_one_power_on_in_122_kb(binaries, folder, board):
    run = cp.play(binaries[0], folder, ALL_HEAP, board, list(GAMES))
    assert run.passed, run.output[-3000:]
    for game in GAMES:
        assert run.facts["loaded %d" % game] == run.facts["loaded first"]
    # both qstr_info(1) dumps read whole (a name with a newline in it too):
    # their names' text and pools are the header's bytes to the byte
    headers = [dict(w.split("=") for w in line[11:].split(", "))
               for line in run.output.splitlines() if line.startswith("qstr pool:")]
    dumps = qstrs.dumps(run.output)
    assert len(dumps) == len(headers) == 2
    for names, header in zip(dumps, headers):
        assert len(names) == int(header["n_qstr"])
        assert qstrs.text_bytes(names) == int(header["n_str_data_bytes"])
        assert (qstrs.pool_bytes(int(header["n_pool"])) + qstrs.text_bytes(names)
                == int(header["n_total_bytes"]))
    assert set(dumps[0]) <= set(dumps[1])
    assert any("\n" in name for name in dumps[1])


def test_the_names_a_board_would_intern(binaries, tmp_path):
    """tools/host/qstrs: an .mpy's interned names are its non-static
    qstrs: a str constant shorter than 10 characters is one, a longer is a
    str object (MICROPY_ALLOC_PARSE_INTERN_STRING_LEN), a local variable
    no name; on a board
    a name in the stand-ins' API is ROM, a driver's name the app shares
    is the app's, and one the app never has is not made."""
    src = tmp_path / "m.py"
    src.write_text('rollbox_name = "a string"\nlong = "a longer string"\n'
                   'def f(keyword=1):\n    local = 2\n    return local\n')
    cp.compile_mpy(binaries[1], str(src), str(tmp_path / "m.mpy"), "m.py")
    assert qstrs.mpy_names(str(tmp_path / "m.mpy")) == ["m.py", "a string", "f", "rollbox_name",
                                                      "long", "keyword"]
    with pytest.raises(ValueError):
        qstrs.mpy_names(str(src))
    rom = qstrs.rom_names()
    assert {"keypad", "ShiftRegisterKeys", "BUTTON_A", "Synthesizer", "I2CDevice"} <= rom
    assert "_heap" not in rom  # a stand-in's own attribute
    before = ["keypad", "cursor", "choose"]  # the stand-ins' and the driver's
    end = before + ["BUTTON_A", "games.pig.rules", "menu"]
    assert qstrs.board_names(before, end, {"cursor", "menu", "keypad"}, rom) == {
        "cursor", "games.pig.rules", "menu"}


def test_the_shake_detector_on_circuitpython(binaries, folder):
    """Every sensitivity rolls a shake and not a swing on real CircuitPython;
    per sample the detector makes only the three products that turn m/s²
    into cm/s² (16-byte float boxes on this 32-bit unix build; immediate,
    so nothing, on boards with 30-bit floats). tools/mp/shake_device.py."""
    run = cp.run(binaries[0], folder, 64 * 1024, ["shake_device"])
    assert run.returncode == 0, run.output
    rolls = [line.split()[1:] for line in run.output.splitlines() if line.startswith("rolls ")]
    assert rolls == [[str(level), "1", "0", "1"] for level in range(3)]
    assert run.number("bytes_per_sample") <= 48


def test_a_board_saved_with_the_sound_and_lights_off_loads_neither(binaries, folder,
                                                                     monkeypatch):
    """tools/bench_device --sound 0 --lights 0: the settings saved in the
    board's nvm before power-up (cp.power_up_nvm, by rollbox.store), so the
    first menu has neither module, as a board switched off with them off;
    a fresh board loads both."""
    fresh = cp.play(binaries[0], folder, HEAP, "pybadge", [0])
    monkeypatch.setattr(cp, "EFFECTS", "00")
    monkeypatch.setattr(cp, "POWER_UP", cp.power_up_nvm(0, 0))
    off = cp.play(binaries[0], folder, HEAP, "pybadge", [0])
    assert fresh.passed and off.passed, off.output[-3000:]
    assert {"rollbox.sound", "rollbox.lights"} <= set(fresh.facts["loaded first"][0].split(","))
    assert not {"rollbox.sound", "rollbox.lights"} & set(off.facts["loaded first"][0].split(","))
    assert off.number("menu0") < fresh.number("menu0")


def test_a_heap_too_small_is_caught(binaries, folder):
    """The pass mark can fail: in a 40 KB heap the app cannot even boot."""
    run = cp.play(binaries[0], folder, 40 * 1024, "pybadge", [0])
    assert not run.passed


DEVICE_FILES = sorted(["boot.py"] + [
    os.path.relpath(p, ROOT) for pattern in ("lib/**/*.py", "games/**/*.py")
    for p in glob.glob(os.path.join(ROOT, pattern), recursive=True)])


def test_device_files_compile_with_circuitpythons_mpy_cross(binaries, tmp_path):
    """CircuitPython's own mpy-cross makes .mpy files with its 'C' header
    (MicroPython's 'M' files do not load on CircuitPython)."""
    for path in DEVICE_FILES:
        out = tmp_path / "out.mpy"
        cp.compile_mpy(binaries[1], os.path.join(ROOT, path), str(out), path)
        assert out.read_bytes()[:2] == b"C\x06", path


def test_text_lines_write_only_the_glyphs_that_change(binaries, folder):
    """A text line writes only the glyphs that change (issue 26: a TileGrid
    marks every tile it is given as changed), through the real
    ``terminalio.Terminal`` and C TileGrid: what the tiles show and the
    pixels ``draw`` reports, 6x12 (or 6x10, ShortLine) a glyph; a new
    colour redraws the whole line. tools/mp/text_device.py."""
    run = cp.run(binaries[0], folder, 64 * 1024, ["text_device"])
    assert run.returncode == 0 and "done" in run.facts, run.output
    drawn = [line.split()[1:] for line in run.output.splitlines() if line.startswith("drawn ")]
    text = [(int(px), tiles) for kind, px, tiles in drawn if kind == "text"]
    assert text == [(9 * 72, "Game:_Pig___"), (10 * 72, ">Game:_Pig__"),  # the cursor: 10 moved
                    (72, "_Game:_Pig__"),  # and back: one glyph
                    (8 * 72, "_Goal:_100__"), (3 * 72, "_Goal:_50___"),  # "50 " over "100"
                    (12 * 72, "Hello_world,"), (12 * 72, "____________"),
                    (8 * 72, "Score_12____"), (12 * 72, "Score_13____")]
    short = [(int(px), tiles) for kind, px, tiles in drawn if kind == "short"]
    assert short == [(9 * 60, "Game:_Pig_"), (10 * 60, ">Game:_Pig"), (60, "_Game:_Pig"),
                     (8 * 60, "_Goal:_100"), (3 * 60, "_Goal:_50_"), (10 * 60, "Hello_worl"),
                     (10 * 60, "__________"), (8 * 60, "Score_12__"), (10 * 60, "Score_13__")]
