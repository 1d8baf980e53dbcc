"""Type-check the device wiring against the real CircuitPython API, per board.

mypy checks ``code.py`` and ``lib/rollbox/hardware.py`` (and, by following
their imports, the rest of ``lib/rollbox`` and ``games/``) once for each board
profile, against:

- ``board``: that board's stub from circuitpython-stubs
  (``board_definitions/<board>/__init__.pyi``), copied into a temporary
  MYPYPATH folder with two edits: the known stub bug ``DISPLAY:
  displayio.Display`` becomes ``busdisplay.BusDisplay`` (``displayio.Display``
  is gone from the 10.x stubs), and ``board_id: str`` becomes
  ``Literal["<board>"]`` (true for one build), so that mypy skips the
  ``if name == "<other board>"`` branches of ``hardware.detect()`` and each
  branch is checked against the pins of the board(s) it is written for;
- ``keypad``, ``busio``, ``displayio``, ``terminalio``, ``busdisplay``,
  ``microcontroller``, ``micropython``: the installed ``*-stubs`` packages;
  ``vectorio``: a copy of ``vectorio-stubs`` with the Circle and Rectangle
  constructors fixed (see :data:`VECTORIO_FIXES`);
- ``adafruit_lis3dh``, ``adafruit_ticks``: the installed libraries
  (``--follow-untyped-imports``);
- ``gc`` and ``adafruit_gizmo``: small local stubs (see :data:`LOCAL_STUBS`).

The host stand-ins in ``tools/host/modules`` are never on mypy's path
(``PYTHONPATH`` is dropped; MYPYPATH is the temporary folder, plus ``lib/``
for the misspelled copy below), and a resolution test asserts where each
module came from. A second test proves the check bites: a copy of
hardware.py with ``board.BUTTON_LATCH`` misspelled must fail on the PyBadge
stubs.

What this asks of the device code: read the board as ``board.board_id`` (a
``getattr`` hides it from mypy, and then every board's branch is checked
against every board), and read pins as ``board.NAME`` inside the branch of
the board that has them (a ``board`` passed as an argument is untyped: its
pins are not checked at all).
"""

import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HOST_MODULES = ROOT / "tools" / "host" / "modules"
SITE = Path(sysconfig.get_paths()["purelib"])
BOARD_DEFS = SITE / "board_definitions"

BOARDS = ("pybadge", "pygamer", "edgebadge", "circuitplayground_bluefruit")
TARGETS = ("code.py", "lib/rollbox/hardware.py")

MYPY_FLAGS = (
    # Adafruit libraries ship neither stubs nor py.typed.
    "--follow-untyped-imports",
    # Device code is mostly unannotated: without this mypy skips the bodies
    # of unannotated functions, i.e. all of hardware.detect().
    "--check-untyped-defs",
    "--no-color-output",
    "--no-error-summary",
    "--show-error-codes",
    "--hide-error-context",
    "--no-pretty",
)

# Stub bug fixes for vectorio (circuitpython-stubs 10.3.1): the constructors
# of Circle and Rectangle are keyword-only, x and y default to 0 and
# color_index exists (CircuitPython shared-bindings/vectorio/Circle.c and
# Rectangle.c: pixel_shader MP_ARG_KW_ONLY | MP_ARG_REQUIRED, x / y /
# color_index MP_ARG_KW_ONLY with default 0); the stubs declare x and y
# required and positional and leave color_index out.
def _vectorio_fix(size_params):
    """(stub text, fixed text) of one constructor signature."""
    head = "        self,\n"
    shader = "        pixel_shader: Union[displayio.ColorConverter, displayio.Palette],\n"
    old = head + shader + size_params + "        x: int,\n        y: int,\n    ) -> None:"
    new = (head + "        *,\n" + shader + size_params
           + "        x: int = 0,\n        y: int = 0,\n        color_index: int = 0,\n"
           + "    ) -> None:")
    return old, new


VECTORIO_FIXES = (
    _vectorio_fix("        radius: int,\n"),  # Circle
    _vectorio_fix("        width: int,\n        height: int,\n"),  # Rectangle
)

LOCAL_STUBS = {
    # CircuitPython's gc (MicroPython's): typeshed's CPython gc has no
    # mem_free / mem_alloc and has much CircuitPython lacks.
    "gc.pyi": '''\
"""CircuitPython gc (local stub for tests/test_typecheck.py)."""
from typing import overload

def collect() -> None: ...
def disable() -> None: ...
def enable() -> None: ...
def isenabled() -> bool: ...
def mem_alloc() -> int: ...
def mem_free() -> int: ...
@overload
def threshold() -> int: ...
@overload
def threshold(amount: int) -> None: ...
''',
    # adafruit_gizmo is not installed on the host (and ships no types): a
    # minimal stand-in for the one name the device code uses. The real
    # TFT_Gizmo subclasses adafruit_st7789.ST7789, a busdisplay.BusDisplay,
    # with keyword-only spi / cs / dc / backlight / rotation.
    "adafruit_gizmo/__init__.pyi": '"""adafruit_gizmo (local stub)."""\n',
    "adafruit_gizmo/tft_gizmo.pyi": '''\
"""adafruit_gizmo.tft_gizmo (local stub for tests/test_typecheck.py)."""
from typing import Optional

import busdisplay
import busio
import microcontroller

class TFT_Gizmo(busdisplay.BusDisplay):
    def __init__(
        self,
        *,
        spi: Optional[busio.SPI] = None,
        cs: microcontroller.Pin = ...,
        dc: microcontroller.Pin = ...,
        backlight: microcontroller.Pin = ...,
        rotation: int = 180,
    ) -> None: ...
''',
}

# module -> where it must be found (relative to SITE, or "STUBS/..." for the
# temporary stub folder).
EXPECTED_ORIGIN = {
    "board": "STUBS/board/__init__.pyi",
    "keypad": "keypad-stubs/__init__.pyi",
    "busio": "busio-stubs/__init__.pyi",
    "displayio": "displayio-stubs/__init__.pyi",
    "busdisplay": "busdisplay-stubs/__init__.pyi",
    "terminalio": "terminalio-stubs/__init__.pyi",
    "microcontroller": "microcontroller-stubs/__init__.pyi",
    "micropython": "micropython-stubs/__init__.pyi",
    "vectorio": "STUBS/vectorio/__init__.pyi",
    "gc": "STUBS/gc.pyi",
    "adafruit_gizmo.tft_gizmo": "STUBS/adafruit_gizmo/tft_gizmo.pyi",
    "adafruit_lis3dh": "adafruit_lis3dh.py",
    "adafruit_ticks": "adafruit_ticks.py",
}

# mypy -v log lines naming the file a module was read from (parsed anew, or
# taken from the cache): "Parsing PATH (MODULE)", "Metadata fresh for MODULE:
# file PATH", "Updating mtime for MODULE: file PATH, meta ...".
_LOG_FILE = re.compile(
    r"^LOG:\s+(?:Parsing (?P<path1>\S+) \((?P<mod1>[\w.]+)\)$"
    r"|(?:Metadata fresh|Updating mtime) for (?P<mod2>[\w.]+): file (?P<path2>[^\s,]+))"
)
_MESSAGE = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+): (?P<severity>error|note): (?P<text>.*)$")


def make_stubs(board, folder):
    """Fill ``folder`` with the stubs for ``board``; return it."""
    text = (BOARD_DEFS / board / "__init__.pyi").read_text()
    assert "\nboard_id: str\n" in text
    text = text.replace("\nboard_id: str\n", f'\nboard_id: Literal["{board}"]\n')
    text = text.replace("\n# Imports\n", "\n# Imports\nfrom typing import Literal\n", 1)
    if "DISPLAY: displayio.Display\n" in text:
        text = text.replace("DISPLAY: displayio.Display\n", "DISPLAY: busdisplay.BusDisplay\n")
        text = text.replace("\nimport displayio\n", "\nimport busdisplay\n")
    (folder / "board").mkdir(parents=True)
    (folder / "board" / "__init__.pyi").write_text(text)

    vectorio = (SITE / "vectorio-stubs" / "__init__.pyi").read_text()
    for old, new in VECTORIO_FIXES:
        assert vectorio.count(old) == 1, "vectorio-stubs changed: revisit VECTORIO_FIXES"
        vectorio = vectorio.replace(old, new)
    (folder / "vectorio").mkdir()
    (folder / "vectorio" / "__init__.pyi").write_text(vectorio)

    for name, body in LOCAL_STUBS.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    return folder


class MypyResult:
    def __init__(self, returncode, stdout, stderr, stubs):
        self.returncode = returncode
        self.stdout = stdout
        self.stubs = stubs
        self.messages = [m for m in map(_MESSAGE.match, stdout.splitlines()) if m]
        self.errors = [m.group(0) for m in self.messages if m.group("severity") == "error"]
        self.origins = {}  # module -> resolved file (from the -v log)
        for m in map(_LOG_FILE.match, stderr.splitlines()):
            if m:
                self.origins[m.group("mod1") or m.group("mod2")] = m.group("path1") or m.group(
                    "path2")

    def report(self):
        return f"mypy exit {self.returncode}:\n{self.stdout}"


def run_mypy(stubs, targets, cache_dir, extra_path=()):
    """``python -m mypy -v`` on ``targets`` (from the project root) with
    MYPYPATH = ``stubs`` (+ ``extra_path``) and nothing else."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "MYPYPATH") and not k.startswith("MYPY_")}
    env["MYPYPATH"] = os.pathsep.join([str(stubs), *map(str, extra_path)])
    config = stubs.parent / "mypy.ini"
    config.write_text("[mypy]\n")  # ignore any project mypy config; flags below say it all
    cmd = [sys.executable, "-m", "mypy", "-v", "--config-file", str(config),
           "--cache-dir", str(cache_dir), "--python-executable", sys.executable,
           *MYPY_FLAGS, *map(str, targets)]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    if proc.returncode not in (0, 1):  # 2: mypy itself failed (bad flag, crash)
        pytest.fail(f"mypy could not run (exit {proc.returncode}):\n{proc.stdout}\n"
                    f"{proc.stderr[-4000:]}")
    return MypyResult(proc.returncode, proc.stdout, proc.stderr, stubs)


@pytest.fixture(scope="session")
def mypy_cache(tmp_path_factory):
    """One mypy cache for the whole file (runs are sequential)."""
    return tmp_path_factory.mktemp("mypy_cache")


@pytest.fixture(scope="module", params=BOARDS)
def board_check(request, tmp_path_factory, mypy_cache):
    """mypy on the device wiring with the stubs of one board (run once per board)."""
    board = request.param
    work = tmp_path_factory.mktemp("typecheck_" + board)
    stubs = make_stubs(board, work / "stubs")
    return board, run_mypy(stubs, TARGETS, mypy_cache)


def test_modules_resolve_to_circuitpython_api(board_check):
    board, result = board_check
    site = SITE.resolve()
    wrong = []
    for module, where in EXPECTED_ORIGIN.items():
        base, rel = (result.stubs, where[6:]) if where.startswith("STUBS/") else (site, where)
        found = result.origins.get(module)
        if found is None or Path(found).resolve() != (base / rel).resolve():
            wrong.append(f"{module}: expected {base / rel}, mypy used {found}")
    host = HOST_MODULES.resolve()
    wrong += [f"{module} comes from the host stand-ins: {path}"
              for module, path in result.origins.items()
              if Path(path).resolve().is_relative_to(host)]
    wrong += [e for e in result.errors
              if e.endswith(("[import-not-found]", "[import-untyped]"))]
    assert not wrong, f"{board}: module resolution:\n" + "\n".join(wrong)


def test_device_code_typechecks(board_check):
    board, result = board_check
    assert result.returncode == 0 and not result.errors, (
        f"device code vs the CircuitPython API of {board}:\n{result.report()}")


def test_misspelled_pin_fails(tmp_path, mypy_cache):
    source = (ROOT / "lib" / "rollbox" / "hardware.py").read_text()
    assert "board.BUTTON_LATCH" in source
    typo = source.replace("board.BUTTON_LATCH", "board.BUTTON_LACTH")
    line = typo.splitlines().index(
        next(ln for ln in typo.splitlines() if "board.BUTTON_LACTH" in ln)) + 1
    copy = tmp_path / "hardware_typo.py"
    copy.write_text(typo)
    stubs = make_stubs("pybadge", tmp_path / "stubs")
    result = run_mypy(stubs, [copy], mypy_cache, extra_path=[ROOT / "lib"])
    hits = [m.group(0) for m in result.messages
            if m.group("severity") == "error" and Path(m.group("path")).name == copy.name
            and int(m.group("line")) == line
            and 'Module has no attribute "BUTTON_LACTH"' in m.group("text")]
    assert result.returncode == 1 and hits, (
        f"a misspelled pin (board.BUTTON_LACTH, line {line}) went unnoticed on the "
        f"pybadge stubs:\n{result.report()}")
