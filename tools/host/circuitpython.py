"""Real CircuitPython on the host: its 32-bit unix port and its own mpy-cross.

The binaries are not part of Rollbox (see README, "Footprint"). Where they
are comes from ``--circuitpython PATH`` or the ``ROLLBOX_CIRCUITPYTHON``
environment variable: the ``circuitpython-unix32`` executable or the folder
holding it; ``mpy-cross-circuitpython`` is looked for beside it unless given.

:func:`build` compiles what a board would hold into one folder, as ``.mpy``
made by CircuitPython's mpy-cross: ``lib/rollbox`` and ``games`` (with the
solved tables and each game's help.txt), the pinned Adafruit libraries the app imports (from this
venv, the versions of tools/device_libs.txt) and the stand-ins of
``tools/host/unix_port`` for what the unix port lacks (board, keypad, the
display, busio's I2C with a LIS3DH, microcontroller.nvm, supervisor's clock);
code.py goes as source, as on a board (CircuitPython compiles it); the
driver (tools/mp/play_device.py) as .mpy.
:func:`play` runs ``tools/mp/play_device.py`` there and parses what it prints;
tools/mp/import_costs.py measures single imports.
"""
import glob
import importlib.util
import os
import shutil
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENV_VAR = "ROLLBOX_CIRCUITPYTHON"
UNIX = "circuitpython-unix32"
MPY_CROSS = "mpy-cross-circuitpython"
DRIVER = os.path.join(ROOT, "tools", "mp", "play_device.py")
DRIVER_SETUP = os.path.join(ROOT, "tools", "mp", "play_setup.py")
DRIVER_TIMED = os.path.join(ROOT, "tools", "mp", "play_timed.py")
IMPORTS = os.path.join(ROOT, "tools", "mp", "import_costs.py")
SHAKE_DRIVER = os.path.join(ROOT, "tools", "mp", "shake_device.py")
TEXT_DRIVER = os.path.join(ROOT, "tools", "mp", "text_device.py")
# The Adafruit modules the app imports on a board (their packages' other
# files are never imported).
LIBRARIES = ("adafruit_ticks", "adafruit_lis3dh", "adafruit_bus_device/__init__",
             "adafruit_bus_device/i2c_device", "neopixel")


class NotFound(Exception):
    """No CircuitPython unix binary (or no mpy-cross beside it)."""


def find(path=None, mpy_cross=None):
    """``(unix binary, mpy-cross)`` from ``path`` (a file or folder), else
    the ``ROLLBOX_CIRCUITPYTHON`` environment variable.

    :raises NotFound: neither names an executable ``circuitpython-unix32``,
        or no ``mpy-cross-circuitpython`` is beside it (or given), or the
        binary or the mpy-cross is not CircuitPython's.
    """
    path = path or os.environ.get(ENV_VAR)
    if not path:
        raise NotFound("no CircuitPython unix binary: pass --circuitpython PATH or set %s"
                       % ENV_VAR)
    binary = os.path.join(path, UNIX) if os.path.isdir(path) else path
    if not os.access(binary, os.X_OK):
        raise NotFound("%s is not an executable %s" % (binary, UNIX))
    mpy_cross = mpy_cross or os.path.join(os.path.dirname(binary), MPY_CROSS)
    if not os.access(mpy_cross, os.X_OK) or os.path.isdir(mpy_cross):
        raise NotFound("no CircuitPython mpy-cross at %s" % mpy_cross)
    if not _says(mpy_cross, ["--version"], "CircuitPython "):
        raise NotFound("%s is not CircuitPython's mpy-cross (its --version does not say "
                       "CircuitPython)" % mpy_cross)
    if not _says(binary, ["-c", "import sys; print(sys.implementation.name)"], "circuitpython"):
        raise NotFound("%s is not CircuitPython's unix port" % binary)
    return binary, mpy_cross


def _says(program, args, start):
    """True when ``program args`` runs and its output starts with ``start``."""
    try:
        run = subprocess.run([program] + args, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return run.stdout.startswith(start)


def version(binary):
    """The binary's ``sys.implementation`` line, e.g. "circuitpython 10.3.0"."""
    run = subprocess.run([binary, "-c", "import sys; i = sys.implementation; "
                          "print(i.name, '.'.join(str(n) for n in i.version[:3]))"],
                         capture_output=True, text=True, timeout=30)
    return run.stdout.strip()


# mpy-cross's options for Rollbox's own modules (lib/rollbox, games; tools/deploy
# too): -O3 stores no line numbers in the bytecode, which a board loads into
# its heap with the rest (about 7 % of each module: 2-4 KB of a game's heap);
# a traceback still names the file and the function, at "line 1".
# (-O1 and up also drop asserts and make __debug__ False: the device code
# has neither.) The Adafruit libraries are compiled as their bundle is.
MPY_OPTIONS = ("-O3",)


def compile_mpy(mpy_cross, src, dest, name, options=()):
    """Compile ``src`` to ``dest`` with CircuitPython's ``mpy_cross``
    (and its ``options``: :data:`MPY_OPTIONS` for Rollbox's modules);
    ``name`` is the source name the .mpy keeps for tracebacks.

    :raises RuntimeError: the file does not compile.
    """
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    run = subprocess.run([mpy_cross] + list(options) + ["-s", name, "-o", dest, src],
                         capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError("%s does not compile: %s" % (src, run.stderr.strip()))


def board_file(rel, lib, root="/"):
    """Where a device module's .mpy is imported from, as its ``__file__``
    reads: ``/lib/rollbox/app.mpy`` for a ``lib`` module (``rel``
    "rollbox/app.py"), ``games/pig/rules.mpy`` for one at CIRCUITPY's root
    (found through sys.path's "" entry). Rollbox compiles each module with
    this as its source name: a board interns every module's ``__file__``
    and source name as qstrs, which are never freed, so one string saves
    one qstr a module, and a traceback names the file on the board. The
    unix port imports ``lib`` modules as ``lib/...`` (``root`` "")."""
    return (root + "lib/" if lib else "") + rel[:-3] + ".mpy"
def _tree(base, package):
    """The .py files of ``package`` under ``base``, as paths relative to base."""
    for path in sorted(glob.glob(os.path.join(base, package, "**", "*.py"), recursive=True)):
        yield os.path.relpath(path, base)


def build(dest, mpy_cross):
    """Compile the board's files into ``dest`` (see the module docstring),
    laid out as on CIRCUITPY: ``lib/`` (Rollbox and the libraries),
    ``games/``, ``code.py``; the stand-ins go to ``host/``. Returns
    ``{module name: .mpy bytes}`` of Rollbox's and the libraries' modules.

    :raises RuntimeError: a file does not compile.
    """
    sizes = {}
    sources = [(os.path.join(ROOT, "lib"), rel, "lib") for rel in _tree(os.path.join(ROOT, "lib"),
                                                                         "rollbox")]
    sources += [(ROOT, rel, "") for rel in _tree(ROOT, "games")]
    for name in LIBRARIES:
        top = name.split("/")[0]
        spec = importlib.util.find_spec(top)
        base = os.path.dirname(spec.origin)
        if spec.submodule_search_locations:  # a package: its folder's parent
            base = os.path.dirname(base)
        sources.append((base, name + ".py", "lib"))
    for base, rel, place in sources:
        out = os.path.join(dest, place, rel[:-3] + ".mpy")
        library = not rel.startswith(("rollbox", "games"))  # as Adafruit's bundle names them
        compile_mpy(mpy_cross, os.path.join(base, rel), out,
                    rel if library else board_file(rel, place == "lib", root=""),
                    () if library else MPY_OPTIONS)
        module = rel[:-3].replace(os.sep, ".")
        if module.endswith(".__init__"):
            module = module[:-9]
        sizes[module] = os.path.getsize(out)
    for rel in _tree(os.path.join(HERE, "unix_port"), ""):
        compile_mpy(mpy_cross, os.path.join(HERE, "unix_port", rel),
                    os.path.join(dest, "host", rel[:-3] + ".mpy"), rel)
    shutil.copy(os.path.join(ROOT, "code.py"), dest)  # a board runs code.py from its source
    for path in (DRIVER, DRIVER_SETUP, DRIVER_TIMED, IMPORTS, SHAKE_DRIVER, TEXT_DRIVER):
        name = os.path.basename(path)
        compile_mpy(mpy_cross, path, os.path.join(dest, name[:-3] + ".mpy"), name)
    shutil.copytree(os.path.join(ROOT, "games", "data"), os.path.join(dest, "games", "data"),
                    dirs_exist_ok=True)
    for path in glob.glob(os.path.join(ROOT, "games", "*", "help.txt")):
        shutil.copy(path, os.path.join(dest, os.path.relpath(path, ROOT)))
    return sizes


class Run:
    """One run of the driver: ``returncode``, ``output`` (all it printed),
    ``facts`` (``{key: [value words]}``, per line "key words..."; keys
    repeat per game as "peak 3" and so on), ``passed`` (every game ended, no
    MemoryError caught or escaped)."""

    def __init__(self, returncode, output):
        self.returncode = returncode
        self.output = output
        self.facts = {}
        for line in output.splitlines():
            words = line.split()
            if not words:
                continue
            key = words[0]
            if key in ("peak", "over", "menu", "modules", "game", "loaded"):
                key = "%s %s" % (key, words[1])
                words = words[1:]
            self.facts[key] = words[1:]
        self.files = {}  # (run's keep)
        self.passed = (returncode == 0 and "done" in self.facts
                       and self.number("memory_errors") == 0)

    def number(self, key):
        """The first value of ``key`` as an int (None when absent)."""
        words = self.facts.get(key)
        return int(words[0]) if words else None


_RUN_PREFIX = "run_"  # each run's own folder inside the build's (:func:`run`)


def run(binary, folder, heap, args, timeout=900, keep=(), nvm=None):
    """``circuitpython-unix32 -X heapsize=heap -c "import MODULE" ARGS...``
    on the files of ``folder`` (made by :func:`build`; ``args[0]`` the
    module), in a folder of their own (see below); returns
    a :class:`Run` (``seconds`` its wall time; a run over ``timeout``
    seconds is stopped and fails). ``-c``: sys.path[0] is "" (not the
    folder's absolute path), so games/ modules are found as "games/..." as
    on a board. ``keep``: names of files the run writes, read into the
    Run's ``files`` (``{name: bytes}``; absent when not written). ``nvm``:
    the bytes the board's nvm starts with (None: never written, 0xFF)."""
    start = time.monotonic()
    # A fresh board each run: its nvm is new (tools/host/unix_port), and its
    # CIRCUITPY (the saves' files) is a folder of its own, links to the
    # build's files, removed after: runs side by side (tools/bench_device's
    # threads) never see each other's saves, and a run stopped by
    # MemoryError in a bisection leaves no saved game for the next run's
    # menu to ask about.
    work = tempfile.mkdtemp(prefix=_RUN_PREFIX, dir=folder)
    for name in os.listdir(folder):
        if not name.startswith(_RUN_PREFIX) and not name.endswith(".sav"):
            os.symlink(os.path.join(folder, name), os.path.join(work, name))
    if nvm is not None:
        with open(os.path.join(work, "nvm.img"), "wb") as f:  # (unix_port/microcontroller.py)
            f.write(nvm)
    try:
        done = subprocess.run([binary, "-X", "heapsize=%d" % heap, "-c", "import " + args[0]]
                              + [str(a) for a in args[1:]],
                              cwd=work, env=dict(os.environ, MICROPYPATH="host:lib"),
                              capture_output=True, text=True, timeout=timeout)
        result = Run(done.returncode, done.stdout + done.stderr)
        for name in keep:
            path = os.path.join(work, name)
            if os.path.exists(path):
                with open(path, "rb") as f:
                    result.files[name] = f.read()
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        result = Run(-1, out + "\ntimeout after %d s" % timeout)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    result.seconds = time.monotonic() - start
    return result


EFFECTS = "11"  # the menu's Sound and Lights levels the driver sets (tools/bench_device)
POWER_UP = None  # the nvm the board starts with (power_up_nvm), None: never written


def power_up_nvm(sound, lights):
    """A board's nvm (8,192 bytes) whose saved settings are the menu's
    first ones but for ``sound`` and ``lights`` (levels: ``rollbox.menu``'s
    SOUND_NAMES, LIGHTS_NAMES), written by Rollbox's own ``rollbox.store``
    (CPython, the host's stand-ins): at power-up the app loads the sound
    and lights only where these are on, as a board whose player turned
    them off and switched it off and on."""
    import host

    host.activate()
    from rollbox import menu, store

    nvm = bytearray(b"\xff" * 8192)
    m = menu.Menu()
    m.sound, m.lights = sound, lights
    store.open_region(nvm, store.KIND_SETTINGS).save(m.settings())
    return bytes(nvm)


def play(binary, folder, heap, profile, games, players="2", seed=1, timeout=900):
    """The driver (tools/mp/play_device.py) with ``-X heapsize=heap`` bytes:
    ``games`` (catalog indexes) played in that order in one power-on, the
    menu's Sound and Lights at the levels of :data:`EFFECTS`, the board's
    nvm :data:`POWER_UP` at power-up."""
    return run(binary, folder, heap, ["play_device", profile, ",".join(str(g) for g in games),
                                      players, seed, EFFECTS], timeout, nvm=POWER_UP)


def smallest_heap(binary, folder, profile, games, players="2", seed=1, low=16384,
                  high=262144, step=1024):
    """The smallest ``-X heapsize`` (bytes, to ``step``) that plays ``games``
    to the end with no MemoryError caught, by bisection between ``low``
    (assumed to fail) and ``high``; None when even ``high`` fails.

    A heap just big enough makes the collector run at nearly every
    allocation: such a run may take a thousand times longer, and on a board
    the game would crawl. A run that takes over ten times the roomy run's
    time (plus 10 s) counts as failing. The unix port splits its heap in 4
    areas, so passing is not monotonic within a few KB (its README): the
    figure is good to a few KB.
    """
    roomy = play(binary, folder, high, profile, games, players, seed)
    if not roomy.passed:
        return None
    limit = 10 * roomy.seconds + 10
    while high - low > step:
        mid = (low + high) // 2 // step * step
        if play(binary, folder, mid, profile, games, players, seed, timeout=limit).passed:
            high = mid
        else:
            low = mid
    return high
