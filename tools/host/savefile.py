"""What the board keeps between power-ups, kept in a folder between runs of
the window (``make play``), so Resume works the next time: the board's
nvm (``nvm.bin``, the 8192 bytes of ``microcontroller.nvm``) and its
CIRCUITPY drive's files (``CIRCUITPY/``: on the PyBadge, EdgeBadge and
PyGamer every save alternates between a file there and the nvm, README
"Power cuts").

Each write the app makes rewrites its file at once, through a temporary
file and a rename, so closing the window, Ctrl-C or a crash keeps the last
save whole. A write the host refuses raises ``OSError`` to the app, as a
failed flash write would (the app says "Save failed"); ``error`` keeps it.
"""
import os

import platformdirs
import storage
from microcontroller import NVM_SIZE, ByteArray


def default_folder(profile):
    """``<the user's cache folder>/rollbox/<profile>`` (platformdirs: e.g.
    ``~/.cache/rollbox/pybadge`` on Linux)."""
    return os.path.join(platformdirs.user_cache_dir("rollbox"), profile)


def _put(path, data):
    """Write ``data`` to ``path`` whole: a temporary file, then a rename."""
    temporary = path + ".tmp"
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, path)


def _set_aside(path):
    """Rename ``path`` to the first free ``path.bad``, ``path.bad1``, ...;
    returns the new name."""
    n = 0
    while os.path.exists(path + ".bad" + (str(n) if n else "")):
        n += 1
    aside = path + ".bad" + (str(n) if n else "")
    os.replace(path, aside)
    return aside


class FileByteArray(ByteArray):
    """A host ``microcontroller.nvm`` that writes itself to ``path``.

    :param path: the file; a missing one is a blank nvm (all 0xFF, as after
        a fresh flash). A file of another size than ``NVM_SIZE`` bytes is
        not a save: it is renamed aside (``path.bad``, ``path.bad1``...;
        kept, not read) and the nvm starts blank; ``note`` says so (else "").
    :raises OSError: the file cannot be read.

    ``error``: the ``OSError`` of the last write, None once one succeeds.
    """

    def __init__(self, path):
        super().__init__(NVM_SIZE)
        self.path = path
        self.note = ""
        self.error = None
        if not os.path.exists(path):
            return
        with open(path, "rb") as f:
            data = f.read(NVM_SIZE + 1)
        if len(data) == NVM_SIZE:
            self.data[:] = data
            return
        size = os.path.getsize(path)
        self.note = "%s was %d bytes, not a save of %d: kept as %s, starting blank" % (
            path, size, NVM_SIZE, _set_aside(path))

    def _write(self, start, new):
        super()._write(start, new)
        try:
            _put(self.path, bytes(self.data))
            self.error = None
        except OSError as err:
            self.error = err
            raise


class FolderDrive(storage.VfsFat):
    """CIRCUITPY as boot.py leaves it (writable by code), its files kept in
    ``folder`` (read at start, each write written through).

    ``error``: the ``OSError`` of the last write, None once one succeeds.
    """

    def __init__(self, folder):
        super().__init__(code_writes=True)
        self.folder = folder
        self.error = None
        if os.path.isdir(folder):
            for name in sorted(os.listdir(folder)):
                path = os.path.join(folder, name)
                if os.path.isfile(path) and not name.endswith(".tmp"):
                    with open(path, "rb") as f:
                        self._files[name] = f.read()

    def _land(self, path, new):
        super()._land(path, new)
        if "/" in path or path.startswith("."):
            return  # only the drive's top-level files are kept (the saves are)
        try:
            os.makedirs(self.folder, exist_ok=True)
            _put(os.path.join(self.folder, path), bytes(new))
            self.error = None
        except OSError as err:
            self.error = err
            raise


def open_folder(folder):
    """``(nvm, drive)`` of the board kept in ``folder`` (made if missing):
    a :class:`FileByteArray` on ``folder/nvm.bin`` and a
    :class:`FolderDrive` on ``folder/CIRCUITPY``.

    :raises OSError: the folder cannot be made or written to, or a file in
        it cannot be read.
    """
    drive = os.path.join(folder, "CIRCUITPY")
    os.makedirs(drive, exist_ok=True)
    for place in (folder, drive):  # writable, before any play is lost
        _put(os.path.join(place, ".probe"), b"")
        os.remove(os.path.join(place, ".probe"))
    return FileByteArray(os.path.join(folder, "nvm.bin")), FolderDrive(drive)
