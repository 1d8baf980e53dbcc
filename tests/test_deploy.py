"""tools/deploy end to end: the real mpremote (the pinned one, as a library)
against the emulated CircuitPython board of tools/host/fakeboard.py on a
pseudo-terminal, whose folder stands for CIRCUITPY. The libraries come from
a small bundle folder made here from the pinned host copies of the same
libraries (nothing is downloaded)."""
import filecmp
import glob
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
DEPLOY = os.path.join(TOOLS, "deploy")
BIN = os.path.dirname(sys.executable)
sys.path.insert(0, os.path.join(TOOLS, "host"))
from fakeboard import FakeBoard  # noqa: E402

sys.path.remove(os.path.join(TOOLS, "host"))
PYBADGE_LIBS = ("adafruit_ticks", "adafruit_lis3dh", "adafruit_bus_device", "neopixel")


@pytest.fixture
def boards():
    """Start emulated boards with ``boards(root, **options)``; all stopped at the end."""
    started = []

    def start(root, **kw):
        os.makedirs(root, exist_ok=True)
        started.append(FakeBoard(str(root), **kw).start())
        return started[-1]
    yield start
    for board in started:
        board.stop()


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    """A bundle folder (lib/ inside) holding the pinned libraries: the copies
    pip installed for the host, which are the same versions."""
    import adafruit_bus_device
    site = os.path.dirname(os.path.dirname(adafruit_bus_device.__file__))
    lib = tmp_path_factory.mktemp("bundle") / "lib"
    lib.mkdir()
    for name in PYBADGE_LIBS:
        src = os.path.join(site, name)
        if os.path.isdir(src):
            shutil.copytree(src, lib / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(src + ".py", lib)
    return str(lib.parent)


@pytest.fixture
def small_source(tmp_path):
    """A small project tree of the same shape (fast enough for plain raw REPL)."""
    src = tmp_path / "src"
    (src / "lib" / "rollbox").mkdir(parents=True)
    (src / "games" / "data").mkdir(parents=True)
    (src / "games" / "pig").mkdir()
    for rel in ("code.py", "boot.py", "lib/rollbox/__init__.py", "lib/rollbox/engine.py",
                "games/__init__.py", "games/pig/rules.py", "games/data/hog.bin"):
        shutil.copy(os.path.join(ROOT, rel), src / rel)
    return src


NO_DOWNLOADS = "http://127.0.0.1:9"  # nothing listens: a download is refused at once
CACHE = tempfile.mkdtemp(prefix="rollbox_cache_")  # never the user's own cache


def deploy(*args, timeout=60, url=NO_DOWNLOADS, cache=CACHE):
    """Run tools/deploy; mpy-cross downloads go to ``url`` (default: none can
    be had, so lib/ and games/ go as .py) and its cache is ``cache``."""
    env = dict(os.environ, ROLLBOX_MPY_CROSS_URL=url, XDG_CACHE_HOME=str(cache))
    run = subprocess.run([sys.executable, DEPLOY] + [str(a) for a in args],
                         capture_output=True, text=True, timeout=timeout, env=env)
    return run.returncode, run.stdout + run.stderr


def tree(root):
    """{relative path: bytes} of every file under root."""
    out = {}
    for path in glob.glob(os.path.join(str(root), "**", "*"), recursive=True):
        if os.path.isfile(path):
            with open(path, "rb") as f:
                out[os.path.relpath(path, str(root))] = f.read()
    return out


def same_as_source(board_root, source):
    files = list(tree(source))
    return files and all(filecmp.cmp(os.path.join(source, f), os.path.join(board_root, f),
                                     shallow=False) for f in files)


def project_tree():
    return sorted(["code.py", "boot.py"] + [
        os.path.relpath(p, ROOT) for pattern in ("lib/**/*.py", "games/**/*.py",
                                                 "games/data/*.bin", "games/*/help.txt")
        for p in glob.glob(os.path.join(ROOT, pattern), recursive=True)
        if "__pycache__" not in p])


def snapshot(dest):
    """The project's device files copied (the tree may change during a test)."""
    for rel in project_tree():
        os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
        shutil.copy(os.path.join(ROOT, rel), os.path.join(dest, rel))
    return dest


def test_deploy_installs_a_tree_that_imports_and_runs(boards, bundle, tmp_path):
    root = tmp_path / "CIRCUITPY"
    board = boards(root)
    source = snapshot(str(tmp_path / "src"))
    code, out = deploy("--port", board.port, "--bundle", bundle, "--source", source)
    assert code == 0, out
    assert "CircuitPython 9.2.1, Adafruit PyBadge with samd51j19 (profile pybadge)" in out
    assert "soft reset" in out and "done (CircuitPython 9.2.1)" in out
    for rel in tree(source):  # every device file, the binary tables included
        assert filecmp.cmp(os.path.join(source, rel), root / rel, shallow=False), rel
    for name in PYBADGE_LIBS:
        assert glob.glob(str(root / "lib" / name) + "*"), name
    assert not glob.glob(str(root / "**" / "*.rbtmp"), recursive=True)
    # a second run finds everything up to date (CRC-32 on a board without hashlib)
    code, out = deploy("--port", board.port, "--bundle", bundle, "--source", source)
    assert code == 0 and ", 0 to copy (0 bytes)" in out, out
    # the installed tree runs: a whole game in the simulator from the board's folder
    script = (
        "import os, sys\nsys.path.insert(0, %(tools)r)\nimport host\nhost.activate()\n"
        "sys.path[:] = [p for p in sys.path if p not in (%(root)r, %(lib)r)]\n"
        "sys.path.insert(1, %(board)r + '/lib'); sys.path.append(%(board)r)\n"
        "from host.simulation import Simulation\nimport rollbox, games\n"
        "assert rollbox.__file__.startswith(%(board)r) and games.__file__.startswith(%(board)r)\n"
        "import adafruit_bus_device\n"
        "assert adafruit_bus_device.__file__.startswith(%(board)r)\n"
        "print('winner', Simulation(log=None, goal=20, seats=(1, 1), seed=4).run())\n"
    ) % dict(tools=TOOLS, root=ROOT, lib=os.path.join(ROOT, "lib"), board=str(root))
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, cwd=str(tmp_path))
    assert run.returncode == 0 and "winner" in run.stdout, run.stdout + run.stderr
    # and the rules' cases pass under MicroPython from the same folder
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(
        [str(root / "lib"), str(root), os.path.join(ROOT, "tests", "mp")]))
    run = subprocess.run([os.path.join(BIN, "micropython"), "-X", "heapsize=64K",
                          os.path.join(ROOT, "tests", "mp", "runner.py"), "pig_cases"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0 and " 0 failed" in run.stdout, run.stdout + run.stderr


def test_read_only_board_is_refused_with_nothing_changed_then_drive_works(boards, bundle,
                                                                           tmp_path):
    root = tmp_path / "CIRCUITPY"
    root.mkdir()
    (root / "code.py").write_text("print('old')\n")
    (root / "boot_out.txt").write_text(
        "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\n"
        "Board ID:pybadge\n")
    before = tree(root)
    board = boards(root, read_only=True)
    source = snapshot(str(tmp_path / "src"))
    code, out = deploy("--port", board.port, "--bundle", bundle, "--source", source)
    assert code == 1, out
    assert "[Errno 30] Read-only filesystem" in out and "boot.py" in out and "--drive" in out
    assert "Nothing was changed" in out
    assert tree(root) == before
    # the offered way round: copy through the mounted drive
    code, out = deploy("--drive", root, "--bundle", bundle, "--source", source)
    assert code == 0, out
    assert "CircuitPython 9.2.1" in out and "profile pybadge" in out
    assert same_as_source(root, source)
    assert os.path.isdir(root / "lib" / "adafruit_bus_device")


def test_the_layout_before_one_package_a_game_is_removed(small_source, tmp_path):
    """A board flashed before issue 15 holds games/pig.mpy and
    lib/rollbox/bots/ (which would be imported instead of bots.mpy): the
    deploy removes those modules and their emptied folders, and keeps
    anything else in them."""
    root = tmp_path / "CIRCUITPY"
    (root / "lib" / "rollbox" / "bots").mkdir(parents=True)
    (root / "lib" / "rollbox" / "help").mkdir()
    (root / "games").mkdir()
    (root / "boot_out.txt").write_text(
        "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\n"
        "Board ID:pybadge\n")
    old = ["games/pig.mpy", "games/skunkd.py", "lib/rollbox/bots/__init__.mpy",
           "lib/rollbox/bots/skunkd_hard.mpy", "lib/rollbox/help/pig.mpy"]
    for rel in old + ["lib/rollbox/help/mine.txt"]:
        (root / rel).write_bytes(b"old")
    code, out = deploy("--drive", root, "--source", small_source, "--no-libs")
    assert code == 0, out
    for rel in old:
        assert not (root / rel).exists() and "removed %s (the layout before issue 15)" % rel in out
    assert not (root / "lib" / "rollbox" / "bots").exists()
    assert (root / "lib" / "rollbox" / "help" / "mine.txt").read_bytes() == b"old"
    assert same_as_source(root, small_source)


def test_first_copy_succeeds_where_mpremote_cp_fails(boards, small_source, tmp_path):
    root = tmp_path / "CIRCUITPY"
    board = boards(root)
    # mpremote's own cp reads CircuitPython's "No such file/directory" as a
    # transport error: a file that is not on the board yet fails
    run = subprocess.run([os.path.join(BIN, "mpremote"), "connect", board.port, "fs", "cp",
                          str(small_source / "code.py"), ":code.py"],
                         capture_output=True, text=True, timeout=30)
    assert run.returncode != 0
    assert "OSError: [Errno 2] No such file/directory" in run.stdout + run.stderr
    assert not (root / "code.py").exists()
    code, out = deploy("--port", board.port, "--source", small_source, "--no-libs")
    assert code == 0, out
    assert "7 files, 7 to copy" in out and "[7/7]" in out
    assert same_as_source(root, small_source)


def test_interrupted_copy_leaves_no_half_file_and_the_next_run_completes_it(
        boards, small_source, tmp_path):
    root = tmp_path / "CIRCUITPY"
    board = boards(root)
    assert deploy("--port", board.port, "--source", small_source, "--no-libs")[0] == 0
    board.stop()
    old = tree(root)
    table = small_source / "games" / "data" / "hog.bin"
    table.write_bytes(bytes(reversed(table.read_bytes())) + b"new")
    (small_source / "lib" / "rollbox" / "engine.py").write_text("# changed\n")
    cut = boards(root, cut_after=10_000)  # the line drops a third of the way into the table
    code, out = deploy("--port", cut.port, "--source", small_source, "--no-libs",
                       "--timeout", "2")
    assert code == 1, out
    assert "Lost the connection" in out and "run tools/deploy again" in out
    assert (root / "games" / "data" / "hog.bin.rbtmp").exists()  # the half file, aside
    assert tree(root)["games/data/hog.bin"] == old["games/data/hog.bin"]  # still whole
    board = boards(root)  # plugged in again
    code, out = deploy("--port", board.port, "--source", small_source, "--no-libs")
    assert code == 0, out
    assert same_as_source(root, small_source)
    assert not glob.glob(str(root / "**" / "*.rbtmp"), recursive=True)


def test_raw_paste_stall_is_retried_then_plain_raw_repl(boards, small_source, tmp_path):
    root = tmp_path / "CIRCUITPY"
    board = boards(root, stall_raw_paste=1000, hashlib=True)
    code, out = deploy("--port", board.port, "--source", small_source, "--no-libs",
                       "--timeout", "1")
    assert code == 0, out
    assert "retrying" in out and "without raw-paste" in out
    assert same_as_source(root, small_source)
    code, out = deploy("--port", board.port, "--source", small_source, "--no-libs",
                       "--no-raw-paste")  # sha256 on a board with hashlib
    assert code == 0 and "0 to copy" in out, out


def test_dry_run_and_refusals_change_nothing(boards, bundle, small_source, tmp_path):
    root = tmp_path / "CIRCUITPY"
    board = boards(root)
    code, out = deploy("--port", board.port, "--source", small_source, "--bundle", bundle,
                       "--dry-run")
    assert code == 0 and "would copy games/data/hog.bin" in out and "dry run" in out, out
    assert tree(root) == {}
    # without --bundle a dry run fetches no library bundle: it says what a real run does
    code, out = deploy("--port", board.port, "--source", small_source, "--dry-run")
    assert code == 0 and "a real run gets them through circup" in out, out
    assert "would copy lib/adafruit" not in out and tree(root) == {}
    # a bundle with another version of a pinned library is refused before any copy
    other = tmp_path / "bundle"
    shutil.copytree(bundle, other)
    ticks = other / "lib" / "adafruit_ticks.py"
    ticks.write_text(ticks.read_text().replace('__version__ = "1.1.7"', '__version__ = "9.9.9"'))
    code, out = deploy("--port", board.port, "--source", small_source, "--bundle", other)
    assert code == 1 and "adafruit_ticks is 9.9.9" in out and "pinned 1.1.7" in out, out
    # MicroPython's mpy-cross makes files CircuitPython cannot load: refused
    code, out = deploy("--port", board.port, "--source", small_source, "--no-libs",
                       "--mpy-cross", os.path.join(BIN, "mpy-cross"))
    assert code == 1 and "not CircuitPython's mpy-cross" in out, out
    assert tree(root) == {}


def test_circup_api_the_deploy_uses_is_there():
    from circup.bundle import Bundle
    from circup.command_utils import ensure_bundle_tag
    from circup.shared import PLATFORMS
    assert callable(ensure_bundle_tag) and "9mpy" in PLATFORMS
    assert hasattr(Bundle("adafruit/Adafruit_CircuitPython_Bundle"), "lib_dir")


# ---- CircuitPython's mpy-cross, downloaded as Adafruit's build tools do ----------
class MpyCrossServer:
    """An HTTP server on 127.0.0.1 laid out as Adafruit's mpy-cross folder
    (``<platform>/mpy-cross-<platform>-<tag><suffix>``), serving ``content``
    as ``name`` (10.x boards' by default); ``requests`` counts the GETs."""

    def __init__(self, content, name="mpy-cross-linux-amd64-10.0.0.static"):
        import http.server
        import threading

        outer = self
        self.requests = 0
        self.content = content

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                outer.requests += 1
                if outer.content is None or not self.path.endswith("/linux-amd64/" + name):
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(outer.content)))
                self.end_headers()
                self.wfile.write(outer.content)

            def log_message(self, *args):
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d/bin/mpy-cross" % self.server.server_port
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def shipped_mpy_cross():
    """The bytes of CircuitPython's own mpy-cross (ROLLBOX_CIRCUITPYTHON)."""
    import platform

    from host import circuitpython as cp

    if (platform.system(), platform.machine()) != ("Linux", "x86_64"):
        pytest.skip("the shipped mpy-cross is a linux-amd64 build")
    try:
        mpy_cross = cp.find()[1]
    except cp.NotFound as e:
        pytest.skip("CircuitPython's mpy-cross not found, so not run: %s" % e)
    with open(mpy_cross, "rb") as f:
        return f.read()


def test_mpy_cross_is_downloaded_checked_cached_and_used(boards, small_source, tmp_path,
                                                        shipped_mpy_cross):
    server = MpyCrossServer(shipped_mpy_cross)
    try:
        root = tmp_path / "CIRCUITPY"
        board = boards(root, version="10.3.0")  # the shipped mpy-cross's major version
        cache = tmp_path / "cache"
        # a dry run says what it would download, and downloads nothing
        code, out = deploy("--port", board.port, "--source", small_source, "--no-libs",
                           "--dry-run", url=server.url, cache=cache)
        assert code == 0 and "a real run downloads CircuitPython 10.0.0's mpy-cross" in out, out
        assert server.requests == 0 and tree(root) == {}
        code, out = deploy("--port", board.port, "--source", small_source, "--no-libs",
                           url=server.url, cache=cache)
        assert code == 0, out
        assert "mpy-cross-linux-amd64-10.0.0.static" in out and "downloaded to" in out, out
        assert server.requests == 1
        assert (cache / "rollbox" / "mpy-cross-linux-amd64-10.0.0.static").is_file()
        engine = root / "lib" / "rollbox" / "engine.mpy"
        assert engine.read_bytes()[:2] == b"C\x06"  # CircuitPython's header
        assert not (root / "lib" / "rollbox" / "engine.py").exists()
        assert (root / "games" / "pig" / "rules.mpy").read_bytes()[:2] == b"C\x06"
        assert (root / "code.py").exists() and (root / "boot.py").exists()  # run as source
        # the source name kept for tracebacks is the board's file
        assert b"/lib/rollbox/engine.mpy" in engine.read_bytes()
        # the next deploy takes the cached copy: no download, nothing to copy
        code, out = deploy("--port", board.port, "--source", small_source, "--no-libs",
                           url=server.url, cache=cache)
        assert code == 0 and "(cached, " in out and ", 0 to copy" in out, out
        assert server.requests == 1
    finally:
        server.close()


def test_without_mpy_cross_py_goes_and_the_cost_is_said(boards, small_source, tmp_path):
    server = MpyCrossServer(None)  # 404 for everything
    try:
        root = tmp_path / "CIRCUITPY"
        board = boards(root)
        code, out = deploy("--port", board.port, "--source", small_source, "--no-libs",
                           url=server.url, cache=tmp_path / "cache")
        assert code == 0, out
        assert server.requests == 1 and "404" in out
        assert "copying .py" in out and "more heap than .mpy" in out
        assert same_as_source(root, small_source)
        # --py asks for it: no download tried
        code, out = deploy("--port", board.port, "--source", small_source, "--no-libs", "--py",
                           url=server.url, cache=tmp_path / "cache")
        assert code == 0 and "(--py)" in out and server.requests == 1, out
    finally:
        server.close()


def test_a_download_that_does_not_run_is_refused(boards, small_source, tmp_path):
    server = MpyCrossServer(b"<html>not a program</html>")
    try:
        root = tmp_path / "CIRCUITPY"
        board = boards(root, version="10.3.0")
        cache = tmp_path / "cache"
        code, out = deploy("--port", board.port, "--source", small_source, "--no-libs",
                           url=server.url, cache=cache)
        assert code == 0 and "is unusable" in out and "copying .py" in out, out
        assert not glob.glob(str(cache / "**" / "mpy-cross*"), recursive=True)
        assert same_as_source(root, small_source)
    finally:
        server.close()


def test_an_mpy_cross_given_is_checked_first(boards, small_source, tmp_path, shipped_mpy_cross):
    """--mpy-cross: a program that makes no .mpy, or CircuitPython 10's for a
    9.x board (its .mpy would not load there), is refused before any copy."""
    root = tmp_path / "CIRCUITPY"
    board = boards(root)  # CircuitPython 9.2.1
    code, out = deploy("--port", board.port, "--source", small_source, "--no-libs",
                       "--mpy-cross", "/bin/true")
    assert code == 1 and "--mpy-cross /bin/true: it is not CircuitPython's mpy-cross" in out, out
    tool = tmp_path / "mpy-cross"
    tool.write_bytes(shipped_mpy_cross)
    tool.chmod(0o755)
    code, out = deploy("--port", board.port, "--source", small_source, "--no-libs",
                       "--mpy-cross", str(tool))
    assert code == 1 and "it is CircuitPython 10.x's mpy-cross, the board runs " \
        "CircuitPython 9.2.1" in out, out
    assert tree(root) == {}
    # the same program for a 10.x board: used
    root = tmp_path / "CIRCUITPY10"
    board = boards(root, version="10.3.0")
    code, out = deploy("--port", board.port, "--source", small_source, "--no-libs",
                       "--mpy-cross", str(tool))
    assert code == 0 and "compiling lib/ and games/ to .mpy" in out, out
    assert (root / "games" / "pig" / "rules.mpy").read_bytes()[:2] == b"C\x06"


def test_bad_paths_and_values_are_refused_with_nothing_changed(boards, small_source, tmp_path):
    """A folder that is not a CIRCUITPY drive, a corrupt bundle .zip, a
    missing bundle or source, a timeout of 0 or less: one clear line each,
    no traceback, nothing written."""
    plain = tmp_path / "not_a_drive"
    plain.mkdir()
    code, out = deploy("--drive", plain, "--source", small_source, "--no-libs")
    assert code == 1 and "has no boot_out.txt" in out and "Traceback" not in out, out
    assert tree(plain) == {}
    for args, says in ((("--bundle", tmp_path / "nope.zip"), "--bundle"),
                       (("--source", tmp_path / "nope"), "--source"),
                       (("--timeout", "-1"), "--timeout"),
                       (("--drive", tmp_path / "nope"), "--drive")):
        code, out = deploy(*args)
        assert code == 2 and says in out and "Traceback" not in out, out
    root = tmp_path / "CIRCUITPY"
    board = boards(root)
    broken = tmp_path / "bundle.zip"
    broken.write_bytes(b"PK\x03\x04 half a download")
    code, out = deploy("--port", board.port, "--source", small_source, "--bundle", broken)
    assert code == 1 and "cannot be unzipped" in out and "Traceback" not in out, out
    assert tree(root) == {}
