"""Real CircuitPython on the host: its 32-bit unix port and its own mpy-cross.

The binaries are not part of Rollbox (see README, "Footprint"). Where they
are comes from ``--circuitpython PATH`` or the ``ROLLBOX_CIRCUITPYTHON``
environment variable: the ``circuitpython-unix32`` executable or the folder
holding it; ``mpy-cross-circuitpython`` is looked for beside it unless given.

:func:`build` compiles what a board would hold into one folder, as ``.mpy``
made by CircuitPython's mpy-cross: ``lib/rollbox`` and ``games`` (with the
solved tables), the pinned Adafruit libraries the app imports (from this
venv, the versions of tools/device_libs.txt), and the stand-ins of
``tools/host/unix_port`` for what the unix port lacks (board, keypad, the
display, busio's I2C with a LIS3DH, microcontroller.nvm, supervisor's clock).
:func:`play` runs ``tools/mp/play_device.py`` there and parses what it prints.
"""
import glob
import importlib.util
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENV_VAR = "ROLLBOX_CIRCUITPYTHON"
UNIX = "circuitpython-unix32"
MPY_CROSS = "mpy-cross-circuitpython"
DRIVER = os.path.join(ROOT, "tools", "mp", "play_device.py")
# The Adafruit modules the app imports on a board (their packages' other
# files are never imported).
LIBRARIES = ("adafruit_ticks", "adafruit_lis3dh", "adafruit_bus_device/__init__",
             "adafruit_bus_device/i2c_device", "adafruit_display_text/__init__",
             "adafruit_display_text/bitmap_label")


class NotFound(Exception):
    """No CircuitPython unix binary (or no mpy-cross beside it)."""


def find(path=None, mpy_cross=None):
    """``(unix binary, mpy-cross)`` from ``path`` (a file or folder), else
    the ``ROLLBOX_CIRCUITPYTHON`` environment variable.

    :raises NotFound: neither names an executable ``circuitpython-unix32``,
        or no ``mpy-cross-circuitpython`` is beside it (or given).
    """
    path = path or os.environ.get(ENV_VAR)
    if not path:
        raise NotFound("no CircuitPython unix binary: pass --circuitpython PATH or set %s"
                       % ENV_VAR)
    binary = os.path.join(path, UNIX) if os.path.isdir(path) else path
    if not os.access(binary, os.X_OK):
        raise NotFound("%s is not an executable %s" % (binary, UNIX))
    mpy_cross = mpy_cross or os.path.join(os.path.dirname(binary), MPY_CROSS)
    if not os.access(mpy_cross, os.X_OK):
        raise NotFound("no CircuitPython mpy-cross at %s" % mpy_cross)
    return binary, mpy_cross


def version(binary):
    """The binary's ``sys.implementation`` line, e.g. "circuitpython 10.3.0"."""
    run = subprocess.run([binary, "-c", "import sys; i = sys.implementation; "
                          "print(i.name, '.'.join(str(n) for n in i.version[:3]))"],
                         capture_output=True, text=True, timeout=30)
    return run.stdout.strip()


def _compile(mpy_cross, src, dest):
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    run = subprocess.run([mpy_cross, "-o", dest, src], capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError("%s does not compile: %s" % (src, run.stderr.strip()))


def _tree(base, package):
    """The .py files of ``package`` under ``base``, as paths relative to base."""
    for path in sorted(glob.glob(os.path.join(base, package, "**", "*.py"), recursive=True)):
        yield os.path.relpath(path, base)


def build(dest, mpy_cross):
    """Compile the board's files into ``dest`` (see the module docstring).
    Returns ``{module name: .mpy bytes}`` of Rollbox's and the libraries'
    modules.

    :raises RuntimeError: a file does not compile.
    """
    sizes = {}
    sources = [(os.path.join(ROOT, "lib"), rel) for rel in _tree(os.path.join(ROOT, "lib"),
                                                                  "rollbox")]
    sources += [(ROOT, rel) for rel in _tree(ROOT, "games")]
    for name in LIBRARIES:
        top = name.split("/")[0]
        spec = importlib.util.find_spec(top)
        base = os.path.dirname(spec.origin)
        if spec.submodule_search_locations:  # a package: its folder's parent
            base = os.path.dirname(base)
        sources.append((base, name + ".py"))
    for base, rel in sources:
        out = os.path.join(dest, rel[:-3] + ".mpy")
        _compile(mpy_cross, os.path.join(base, rel), out)
        module = rel[:-3].replace(os.sep, ".")
        if module.endswith(".__init__"):
            module = module[:-9]
        sizes[module] = os.path.getsize(out)
    for rel in _tree(os.path.join(HERE, "unix_port"), ""):
        _compile(mpy_cross, os.path.join(HERE, "unix_port", rel),
                 os.path.join(dest, rel[:-3] + ".mpy"))
    data = os.path.join(dest, "games", "data")
    os.makedirs(data, exist_ok=True)
    for path in glob.glob(os.path.join(ROOT, "games", "data", "*.bin")):
        with open(path, "rb") as src, open(os.path.join(data, os.path.basename(path)),
                                            "wb") as out:
            out.write(src.read())
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
            if key in ("peak", "over", "menu", "modules", "game"):
                key = "%s %s" % (key, words[1])
                words = words[1:]
            self.facts[key] = words[1:]
        self.passed = (returncode == 0 and "done" in self.facts
                       and self.number("memory_errors") == 0)

    def number(self, key):
        """The first value of ``key`` as an int (None when absent)."""
        words = self.facts.get(key)
        return int(words[0]) if words else None


def play(binary, folder, heap, profile, games, players="2", seed=1, mode="play"):
    """Run the driver in ``folder`` (made by :func:`build`) with ``-X
    heapsize=heap`` bytes; returns a :class:`Run`. ``games`` is a list of
    catalog indexes played in one power-on."""
    driver = os.path.join(folder, "play_device.py")
    if not os.path.exists(driver):
        with open(DRIVER) as src, open(driver, "w") as out:
            out.write(src.read())
    run = subprocess.run([binary, "-X", "heapsize=%d" % heap, "play_device.py", mode, profile,
                          ",".join(str(g) for g in games), str(players), str(seed)],
                         cwd=folder, env=dict(os.environ, MICROPYPATH=folder),
                         capture_output=True, text=True, timeout=900)
    return Run(run.returncode, run.stdout + run.stderr)


def smallest_heap(binary, folder, profile, games, players="2", seed=1, low=16384,
                  high=262144, step=1024):
    """The smallest ``-X heapsize`` (bytes, to ``step``) that plays ``games``
    to the end with no MemoryError caught, by bisection between ``low``
    (assumed to fail) and ``high``; None when even ``high`` fails. The
    unix port splits its heap in 4 areas, so passing is not monotonic
    within a few KB (its README): the figure is good to a few KB."""
    if not play(binary, folder, high, profile, games, players, seed).passed:
        return None
    while high - low > step:
        mid = (low + high) // 2 // step * step
        if play(binary, folder, mid, profile, games, players, seed).passed:
            high = mid
        else:
            low = mid
    return high
