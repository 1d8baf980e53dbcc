"""The board's nvm kept in a file between runs of the window, as the
board's flash keeps it between power-ups: Resume works the next time.

The file holds the 8192 bytes of ``microcontroller.nvm`` exactly. Each
write the app makes to the nvm rewrites the file at once, through a
temporary file and a rename, so closing the window, Ctrl-C or a crash
keeps the last save whole.
"""
import os

import platformdirs
from microcontroller import NVM_SIZE, ByteArray


def default_path(profile):
    """``nvm-<profile>.bin`` in the user's cache folder for Rollbox (e.g.
    ``~/.cache/rollbox`` on Linux, from platformdirs)."""
    return os.path.join(platformdirs.user_cache_dir("rollbox"), "nvm-%s.bin" % profile)


class FileByteArray(ByteArray):
    """A host ``microcontroller.nvm`` that writes itself to ``path``.

    :param path: the file; a missing one is a blank nvm (all 0xFF, as after
        a fresh flash). A file of another size than ``NVM_SIZE`` bytes is
        not a Rollbox save: it is renamed to ``path + ".bad"`` (kept, not
        read) and the nvm starts blank; ``note`` says so (else "").
    :raises OSError: the file or its folder cannot be read or made.
    """

    def __init__(self, path):
        super().__init__(NVM_SIZE)
        self.path = path
        self.note = ""
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        if not os.path.exists(path):
            return
        with open(path, "rb") as f:
            data = f.read(NVM_SIZE + 1)
        if len(data) == NVM_SIZE:
            self.data[:] = data
            return
        os.replace(path, path + ".bad")
        self.note = "%s was %d bytes, not a save of %d: kept as %s.bad, starting blank" % (
            path, len(data), NVM_SIZE, path)

    def _write(self, start, new):
        super()._write(start, new)
        temporary = self.path + ".tmp"
        with open(temporary, "wb") as f:
            f.write(self.data)
        os.replace(temporary, self.path)
