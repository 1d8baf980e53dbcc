"""tools/sim, the simulator's command line (issue 14, item 6): bad input
(--out, the recording) is one line on stderr and exit status 2, never a
traceback, and nothing is deleted or played; a recording may be any CSV
path; the transcript names each computer seat's level."""
import os

import pytest
from conftest import run_tool

from host import motions
from host.simulation import Simulation
from rollbox import app as app_module

QUICK = ("--goal", "20", "--seats", "human,easy", "--seed", "2")  # a Pig game of ~2 s


def refused(run, says):
    """``run`` stopped at once: status 2, ``says`` on one line of stderr, no
    traceback, no transcript."""
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("sim: "), run.stderr
    assert says in run.stderr, run.stderr
    assert run.stdout == ""


def write_csv(path, rows):
    """``(t_ms, x, y, z)`` rows as a header-less recording, times in ns."""
    path.write_text("".join("%d,%r,%r,%r\n" % (t * 1_000_000, x, y, z) for t, x, y, z in rows))
    return str(path)


@pytest.mark.parametrize("content, says", [
    (None, "cannot read recording {path}: No such file or directory"),
    (b"", "recording {path} has no samples"),
    (b"Sensor, CurrentTimeMs, SensorTimestampNano, X, Y, Z\n",
     "recording {path} has no samples"),
    (b"0,0,0,9.8\n", "recording {path} has one sample: a motion needs two or more"),
    (b"0,0,0,9.8\n10000000,up,0,9.8\n",
     "recording {path}, row 2: expected a time in ns and x, y, z in m/s^2, got "
     "'10000000,up,0,9.8'"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10",
     "recording {path} is not a text CSV: 'utf-8' codec can't decode byte 0x89 in "
     "position 0: invalid start byte"),
    (b"\x00\x01\x02\x03\n\x04\x05\n", "recording {path}, row 1: expected a time in ns"),
], ids=["missing", "empty", "header-only", "one-row", "non-numeric", "binary", "nul-bytes"])
def test_a_bad_recording_is_one_line_and_status_2(tmp_path, content, says):
    path = tmp_path / "take.csv"
    if content is not None:
        path.write_bytes(content)
    out = tmp_path / "frames"
    out.mkdir()
    (out / "frame_00001.png").write_bytes(b"an earlier run")
    refused(run_tool("sim", "--recording", str(path), "--out", str(out)),
            says.format(path=path))
    assert (out / "frame_00001.png").read_bytes() == b"an earlier run"  # nothing lost


def test_an_unknown_recording_name_lists_the_shipped_ones():
    refused(run_tool("sim", "--recording", "cse590_phone_shake_3"),
            "no shipped recording 'cse590_phone_shake_3' (one of cse590_phone_shake, "
            "cse590_phone_shake_2, cse590_phone_at_rest,")


@pytest.mark.parametrize("seats, says", [
    ("human,wizard", "got 'human,wizard' (wizard?)"),
    ("human,easy,hard", "--seats needs 2 of human/easy/medium/hard (computer: easy), got "
     "'human,easy,hard'"),
])
def test_bad_seats_name_what_was_given(seats, says):
    """argparse's usage, then one line naming what was given; status 2."""
    run = run_tool("sim", "--seats", seats)
    assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr
    assert run.stderr.startswith("usage: sim ") and says in run.stderr.splitlines()[-1], run.stderr


def test_out_that_is_a_file(tmp_path):
    path = tmp_path / "frames"
    path.write_text("mine")
    refused(run_tool("sim", "--out", str(path)), "sim: --out %s is a file, not a folder" % path)
    assert path.read_text() == "mine"


def test_out_in_a_folder_that_cannot_be_made(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine")
    refused(run_tool("sim", "--out", str(path / "sim" / "frames")),
            "sim: --out %s: cannot write there: Not a directory" % (path / "sim" / "frames"))
    assert path.read_text() == "mine"


def test_out_not_writable(tmp_path):
    path = tmp_path / "locked"
    path.mkdir()
    path.chmod(0o555)
    if os.access(path, os.W_OK):  # root writes anywhere: sysfs takes no files, even from root
        path = "/sys"
        if not os.path.isdir(path):
            pytest.skip("running as root and no sysfs: no folder here refuses a file")
    try:
        refused(run_tool("sim", "--out", str(path)),
                "sim: --out %s: cannot write there: Permission denied" % path)
    finally:
        (tmp_path / "locked").chmod(0o755)


def test_out_made_with_its_parents_and_a_csv_path_as_the_recording(tmp_path):
    recording = write_csv(tmp_path / "my_shake.csv", motions.shake(5.0, 1.5, 30.0))
    out = tmp_path / "new" / "frames"
    run = run_tool("sim", *QUICK, "--recording", recording, "--out", str(out))
    assert run.returncode == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert lines[0] == "new game: Pig to 20, seats P1 (human), P2 (computer, easy)"
    assert any("(shake;" in line for line in lines)  # the CSV's shake rolled
    frames = int(lines[-3].split("; ")[1].split()[0])
    assert frames > 20 and len(os.listdir(out)) == frames + 2  # the PNGs, game.gif, game.wav
    assert lines[-2].startswith("the whole game, as it played: %s (" % (out / "game.gif"))
    assert (out / "game.gif").stat().st_size > 0
    assert lines[-1].startswith("its sound: %s (" % (out / "game.wav"))


def test_the_transcript_names_each_computer_seats_level():
    lines = []
    sim = Simulation(game="big-pig", players=4, seats=(0, 1, 2, 3), log=lines.append)
    while sim.app.mode != app_module.PLAY:
        sim.step()
    assert lines == ["new game: Big Pig to 100, seats P1 (human), P2 (computer, easy), "
                     "P3 (computer, medium), P4 (computer, hard)"]
