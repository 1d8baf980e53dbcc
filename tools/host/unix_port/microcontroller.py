"""``microcontroller`` for CircuitPython's unix port: ``nvm``, 8,192 bytes as
on the SAMD51 and nRF52840 boards, never written (0xFF). On a board nvm is
flash, not heap, so here it lives in a file (opened, then unlinked: the
process's own), not in a bytearray: 32 bytes of heap instead of 8 KB."""
import os


class ByteArray:
    """``microcontroller.ByteArray``: ``len()``, item and slice reads
    (bytes), item and slice assignment."""

    def __init__(self, size):
        name = "nvm_%08x.bin" % int.from_bytes(os.urandom(4), "little")
        self._file = open(name, "w+b")
        os.remove(name)
        chunk = b"\xff" * 64
        for _ in range(size // 64):
            self._file.write(chunk)
        self._size = size

    def __len__(self):
        return self._size

    def _span(self, index):
        if isinstance(index, slice):
            start, stop, _ = index.indices(self._size)
            return start, max(start, stop)
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("index out of range")
        return index, index + 1

    def __getitem__(self, index):
        start, stop = self._span(index)
        self._file.seek(start)
        data = self._file.read(stop - start)
        return data if isinstance(index, slice) else data[0]

    def __setitem__(self, index, value):
        start, stop = self._span(index)
        if not isinstance(index, slice):
            value = bytes((value,))
        if len(value) != stop - start:
            raise ValueError("slice and value lengths differ")
        self._file.seek(start)
        self._file.write(value)


nvm = ByteArray(8192)
