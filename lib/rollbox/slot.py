"""Writing one record to two nvm slots in turn, power-cut safe: the part of
``rollbox.store`` that stays loaded during play, so that a save at each
turn change imports nothing (issue 12: importing the whole store for a
save needed about 3.5 KB more than play leaves free).

:class:`Slots` writes; ``rollbox.store.Store`` adds reading and the nvm
layout, and documents the slot format (header, payload, CRC-16, trailer).
Pure Python on CircuitPython, MicroPython and CPython.
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
    """The writer of one record kept in two slots of ``nvm``.

    :param nvm: ``microcontroller.nvm`` or any object with ``len``, slice
        reads and slice assignment (a ``bytearray``).
    :param start: offset of slot 0 (bytes).
    :param slot_size: bytes of each slot (header, payload, trailer).
    :param stride: offset of slot 1 from slot 0 (bytes, at least ``slot_size``).
    :param kind: a small int written in each slot.
    :param newest: the slot holding the newest valid record (0 or 1), or
        -1 for none; ``seq`` its sequence number (``rollbox.store.Store``
        reads them from the nvm).
    :raises ValueError: slots that do not fit in ``nvm``.
    """

    def __init__(self, nvm, start, slot_size, stride, kind, newest=-1, seq=0):
        # type: (Any, int, int, int, int, int, int) -> None
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

    def capacity(self):
        # type: () -> int
        """The longest payload a slot holds (bytes)."""
        return self._size - HEADER - TRAILER

    def write(self, head, body):
        # type: (Any, Any) -> None
        """Write the payload ``head`` + ``body`` (bytes-like) to the slot
        not holding the newest valid record, with the next sequence
        number, in one slice assignment (one flash erase/write cycle): a
        power cut during it leaves the newest record as it was.

        :raises ValueError: a payload longer than :meth:`capacity`.
        :raises RuntimeError: the nvm refused the write (CircuitPython:
            "Unable to write to nvm."); ``OSError`` where a port raises that.
            The newest valid record before the call is untouched.
        """
        h = len(head)
        n = h + len(body)
        if HEADER + n + TRAILER > self._size:
            raise ValueError("record too long")
        slot = 1 if self._newest == 0 else 0
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
        a = self._at[slot]
        end = HEADER + n + TRAILER
        self._nvm[a:a + end] = memoryview(buf)[:end]
        self._newest = slot
        self._seq = seq
