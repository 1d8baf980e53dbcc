"""Interned names (qstrs) on CircuitPython's unix port, and what the same run
would intern on a board (tools/bench_device).

On the unix port the board's C modules are Python stand-ins
(tools/host/unix_port), loaded before the app: their names and the driver's
are interned first, and a name the app shares with them is not counted as
the app's. On a board those modules are C, so their names (``keypad``,
``Synthesizer``, ``BUTTON_A``...) are in ROM and never interned, while the
driver's names that the app also uses (``menu``, ``cursor``...) are the
app's to intern. :func:`board_names` makes that estimate from the run's
``micropython.qstr_info(1)`` dumps (tools/mp/play_device.py), the app's
.mpy files and the stand-ins' sources. It is an estimate: a board's port
has more C modules than these (more ROM names), the unix port has a few a
board has not (``ffi``, ``termios``). (An .mpy's names include its str
constants of under 10 characters, ``"Game:"``; longer ones, and those in a
constant tuple, are str objects.)
"""
import ast
import glob
import importlib.util
import os
import tokenize

HERE = os.path.dirname(os.path.abspath(__file__))
STANDINS = os.path.join(HERE, "unix_port")
# C modules on every board Rollbox supports that the unix port lacks: the
# stand-ins' module names, and adafruit_bus_device (built in since
# CircuitPython 6.3; the bundle's copy stands in for it here).
C_PACKAGES = ("adafruit_bus_device",)


def dumps(output):
    """The name lists of each ``qstr_info(1)`` dump in ``output`` (a
    header line "qstr pool: ...", lines "Q(name)", a name's own newlines
    kept, then "qstr end"), in order."""
    found = []
    start = output.find("qstr pool:")
    while start >= 0:
        body = output.find("\n", start) + 1
        end = output.find("qstr end\n", body)
        if end < 0:
            break
        text = "\n" + output[body:end].rstrip("\n")
        found.append([name[:-1] for name in text.split("\nQ(")[1:]])
        start = output.find("qstr pool:", end)
    return found


def _vuint(data, i):
    value = 0
    while True:
        byte = data[i]
        i += 1
        value = value << 7 | byte & 0x7F
        if not byte & 0x80:
            return value, i


def mpy_names(path):
    """The names an .mpy file (format 6: header of 4 bytes, the counts of
    qstrs and objects, then each qstr as its length << 1 and its bytes
    with a NUL, or an index << 1 | 1 into mpy-cross's static table:
    py/persistentcode.c) has its loader intern: the non-static ones.

    :raises ValueError: not an .mpy file.
    """
    with open(path, "rb") as f:
        data = f.read()
    if data[:1] not in (b"C", b"M") or data[1] != 6:
        raise ValueError("%s: not a format 6 .mpy" % path)
    count, i = _vuint(data, 4)
    _, i = _vuint(data, i)
    names = []
    for _ in range(count):
        word, i = _vuint(data, i)
        if not word & 1:
            names.append(data[i:i + (word >> 1)].decode("utf-8", "replace"))
            i += (word >> 1) + 1
    return names


def app_names(folder):
    """Every name in the app's .mpy files in ``folder`` (a build:
    tools/host/circuitpython.build), the C packages' stand-ins left out."""
    names = set()
    for path in glob.glob(os.path.join(folder, "lib", "**", "*.mpy"), recursive=True) + glob.glob(
            os.path.join(folder, "games", "**", "*.mpy"), recursive=True):
        if not any(os.sep + p + os.sep in path for p in C_PACKAGES):
            names.update(mpy_names(path))
    return names


def _source_names(path):
    names = set()
    with open(path, "rb") as f:
        for token in tokenize.tokenize(f.readline):
            if token.type == tokenize.NAME:
                names.add(token.string)
            elif token.type == tokenize.STRING:
                try:
                    value = ast.literal_eval(token.string)
                except (ValueError, SyntaxError):
                    continue
                if isinstance(value, str):
                    names.add(value)
    return names


def rom_names():
    """The names a board has in ROM that the unix port interns here: the
    stand-ins' module names and the public names and strings of their
    sources (their classes, methods, keywords, pin names), and all names of
    the C packages' bundle copies (this venv's)."""
    names = set()
    paths = glob.glob(os.path.join(STANDINS, "**", "*.py"), recursive=True)
    for path in paths:
        names.add(os.path.splitext(os.path.basename(path))[0])
        names.update(n for n in _source_names(path) if not n.startswith("_"))
    for package in C_PACKAGES:
        spec = importlib.util.find_spec(package)
        base = os.path.dirname(spec.origin)
        names.add(package)
        for path in glob.glob(os.path.join(base, "*.py")):
            names.add(os.path.splitext(os.path.basename(path))[0])
            names.update(_source_names(path))
    return names


def board_names(before, end, app, rom):
    """The names the run would intern on a board: those at the ``end``
    that the app has (``app``: its .mpy names) or interned after the
    baseline (``before``: the driver's and stand-ins' names; made at run
    time: module names, ``getattr`` pins), less the board's ROM names
    (``rom``). Lists or sets of names in, a set out."""
    first = set(before)
    return {n for n in end if (n in app or n not in first) and n not in rom}


def pool_bytes(pools, first=20):
    """Heap bytes of the first ``pools`` qstr pools: ``first`` entries,
    each pool twice the last, a pool 24 bytes of header and 7 an entry
    (hash 2, length 1, pointer 4: qstr_pool_t, py/qstr.h) rounded up to
    the collector's 16-byte blocks. With :func:`text_bytes` it gives
    ``qstr_info()``'s n_total_bytes exactly (tests/test_device.py)."""
    return sum((24 + 7 * first * 2 ** k + 15) // 16 * 16 for k in range(pools))


def text_bytes(names):
    """Bytes of the names' text: each name's UTF-8 and its NUL (py/qstr.c
    stores them in chunks, whose slack is left out)."""
    return sum(len(n.encode()) + 1 for n in names)
