"""Writing one record to its slots in turn, power-cut safe: the part of
``rollbox.store`` that stays loaded during play, so that a save at each
turn change imports nothing (issue 12: importing the whole store for a
save needed about 3.5 KB more than play leaves free).

:class:`Slots` writes; ``rollbox.store.Store`` adds reading and the layout
(two nvm slots and, where the nvm's slots share a flash erase unit, a
file on CIRCUITPY), and documents the slot format (header, payload,
CRC-16, trailer) and the power-cut model. Pure Python on CircuitPython,
MicroPython and CPython.
"""

from micropython import const

try:
    from typing import Any  # noqa: F401 (used in type comments)
except ImportError:
    pass

VERSION = const(1)
HEADER = const(10)  # magic, version, kind, seq, length, crc
TRAILER = const(2)  # seq again: written last
MAGIC0 = const(0x52)  # 'R'
MAGIC1 = const(0x62)  # 'b'
FILE = const(2)  # the slot number of the file slot (0 and 1 are in nvm)


def crc16(data, start, end, crc=0xFFFF):
    # type: (Any, int, int, int) -> int
    """CRC-16/CCITT-FALSE (polynomial 0x1021, as ``binascii.crc_hqx`` with
    0xFFFF) of ``data[start:end]``, continuing from ``crc``. Table-less, one
    step per byte, small ints only (no allocation on the device).

    >>> hex(crc16(b"123456789", 0, 9))
    '0x29b1'
    """
    for i in range(start, end):
        crc = ((crc >> 8) | (crc << 8)) & 0xFFFF
        crc ^= data[i]
        crc ^= (crc & 0xFF) >> 4
        crc ^= (crc << 12) & 0xFFFF
        crc ^= (crc & 0xFF) << 5
    return crc


class Slots:
    """The writer of one record kept in two nvm slots, or in one nvm slot
    and a file taking turns.

    :param nvm: ``microcontroller.nvm`` or any object with ``len``, slice
        reads and slice assignment (a ``bytearray``).
    :param start: offset of slot 0 (bytes).
    :param slot_size: bytes of each slot (header, payload, trailer).
    :param stride: offset of slot 1 from slot 0 (bytes, at least ``slot_size``).
    :param kind: a small int written in each slot.
    :param newest: the slot holding the newest valid record (0 or 1 in
        nvm, :data:`FILE`), or -1 for none; ``seq`` its sequence number;
        ``older`` the nvm slot the next nvm write goes to (0 or 1)
        (``rollbox.store.Store`` reads them).
    :param fs: a filesystem with ``open(path, mode)`` (CIRCUITPY's
        ``storage.VfsFat``) that code may write, or None: nvm only.
    :param path: the file slot's path on ``fs``.
    :raises ValueError: slots that do not fit in ``nvm``.
    """

    def __init__(self, nvm, start, slot_size, stride, kind, newest=-1, seq=0, older=0,
                 fs=None, path=""):
        # type: (Any, int, int, int, int, int, int, int, Any, str) -> None
        if slot_size <= HEADER + TRAILER or stride < slot_size or start < 0 \
                or start + stride + slot_size > len(nvm) or not 0 <= kind <= 255:
            raise ValueError("slots do not fit the nvm")
        self._nvm = nvm
        self._at = (start, start + stride)
        self._size = slot_size
        self._kind = kind
        self._buf = bytearray(slot_size)  # the one write buffer, reused
        self._newest = newest
        self._seq = seq
        self._older = older
        self._fs = fs
        self._path = path

    def capacity(self):
        # type: () -> int
        """The longest payload a slot holds (bytes)."""
        return self._size - HEADER - TRAILER

    def write(self, head, body):
        # type: (Any, Any) -> None
        """Write the payload ``head`` + ``body`` (bytes-like), with the next
        sequence number, to a slot that does not share an erase unit with
        the newest valid record: the file when the newest is in nvm (with
        files), else the older nvm slot; one nvm slice assignment (one
        erase/write cycle) or one file write. A power cut during it leaves
        the newest record as it was.

        :raises ValueError: a payload longer than :meth:`capacity`.
        :raises RuntimeError: the nvm refused the write (CircuitPython:
            "Unable to write to nvm."); ``OSError`` where a port raises
            that, or the file could not be written (then this writer uses
            the nvm only from now on). The newest valid record before the
            call is untouched.
        """
        h = len(head)
        n = h + len(body)
        if HEADER + n + TRAILER > self._size:
            raise ValueError("record too long")
        seq = (self._seq + 1) & 0xFFFF
        buf = self._buf
        buf[0] = MAGIC0
        buf[1] = MAGIC1
        buf[2] = VERSION
        buf[3] = self._kind
        buf[4] = seq >> 8
        buf[5] = seq & 0xFF
        buf[6] = n >> 8
        buf[7] = n & 0xFF
        buf[HEADER:HEADER + h] = head
        buf[HEADER + h:HEADER + n] = body
        buf[HEADER + n] = seq >> 8
        buf[HEADER + n + 1] = seq & 0xFF
        crc = crc16(buf, HEADER, HEADER + n, crc16(buf, 0, 8))
        buf[8] = crc >> 8
        buf[9] = crc & 0xFF
        end = HEADER + n + TRAILER
        if self._fs is not None and self._newest != FILE:
            slot = FILE
            try:
                with self._fs.open(self._path, "wb") as f:
                    f.write(memoryview(buf)[:end])
            except OSError:
                self._fs = None  # the drive refuses (full, read-only): nvm from now on
                raise
        else:
            slot = self._older
            a = self._at[slot]
            self._nvm[a:a + end] = memoryview(buf)[:end]
            self._older = 1 - slot
        self._newest = slot
        self._seq = seq
