"""The pure engine, rules and computer players under real MicroPython (the
unix port, a fixed 64 KB heap), precompiled to .mpy as a board runs them
(tools/deploy), and every device file compiled by mpy-cross."""
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


@pytest.fixture(scope="module")
def mpy_dir(tmp_path_factory):
    """games/ and lib/rollbox/ compiled to .mpy (tools/mpy_tree.py)."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from mpy_tree import compile_tree

    dest = str(tmp_path_factory.mktemp("mpy"))
    compile_tree(dest)
    return dest


def micropython(args, mpy_dir, heap="64K"):
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(
        [mpy_dir, os.path.join(ROOT, "tests", "mp")]))
    return subprocess.run([tool("micropython"), "-X", "heapsize=" + heap] + args,
                          capture_output=True, text=True, env=env, timeout=300)


RUNNER = os.path.join(ROOT, "tests", "mp", "runner.py")
CASE_MODULES = sorted(os.path.basename(p)[:-3] for p in
                      glob.glob(os.path.join(ROOT, "tests", "mp", "*_cases.py")))


@pytest.mark.parametrize("module", CASE_MODULES)
def test_rules_cases_pass_under_micropython_in_64k(module, mpy_dir):
    """Each game's cases in its own 64 KB heap (the device holds one game)."""
    with open(os.path.join(ROOT, "tests", "mp", module + ".py")) as f:
        expected = f.read().count("\ndef case_")
    run = micropython([RUNNER, module], mpy_dir)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith("mp: %d passed, 0 failed" % expected)


def test_a_tiny_heap_really_fails(mpy_dir):
    # The heap limit is real: the same run cannot fit in 8 KB.
    run = micropython([RUNNER, "pig_cases"], mpy_dir, heap="8K")
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
