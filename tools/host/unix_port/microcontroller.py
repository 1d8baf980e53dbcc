"""``microcontroller`` for CircuitPython's unix port: ``nvm``, 8,192 bytes as
on the SAMD51 and nRF52840 boards, never written (0xFF), or as the file
:data:`IMAGE` in the current folder has them (a board whose settings were
saved: tools/host/circuitpython.py's ``POWER_UP``). On a board nvm is
flash, not heap, so here it lives in a file (opened, then unlinked: the
process's own), not in a bytearray: 32 bytes of heap instead of 8 KB."""
import os

IMAGE = "nvm.img"


class ByteArray:
    """``microcontroller.ByteArray``: ``len()``, slice reads (bytes) and
    slice assignment of the same length, as the app uses it (an index
    reads or writes a one-byte slice)."""

    def __init__(self, size):
        name = "nvm_%08x.bin" % int.from_bytes(os.urandom(4), "little")
        self._file = open(name, "w+b")
        os.remove(name)
        self._file.write(b"\xff" * size)
        self._size = size
        try:
            with open(IMAGE, "rb") as image:
                self._file.seek(0)
                while self._file.tell() < size:
                    chunk = image.read(min(256, size - self._file.tell()))
                    if not chunk:
                        break
                    self._file.write(chunk)
        except OSError:  # no image: never written
            pass

    def __len__(self):
        return self._size

    def __getitem__(self, index):
        if isinstance(index, int):
            return self[index:index + 1][0]
        start, stop, _ = index.indices(self._size)
        self._file.seek(start)
        return self._file.read(max(0, stop - start))

    def __setitem__(self, index, value):
        if isinstance(index, int):
            index, value = slice(index, index + 1), bytes((value,))
        start, stop, _ = index.indices(self._size)
        if len(value) != max(0, stop - start):
            raise ValueError("slice and value lengths differ")
        self._file.seek(start)
        self._file.write(value)


nvm = ByteArray(8192)
