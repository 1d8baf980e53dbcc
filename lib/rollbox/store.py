"""Save records in the board's non-volatile memory (``microcontroller.nvm``)
that survive a power cut during a save.

A :class:`Store` keeps one record (a few bytes) in two slots of an nvm
region and writes them in turn: a save goes to the slot that does not hold
the newest valid record, in one slice assignment (each assignment is a
flash erase/write cycle), so the newest record before the save stays intact
if the power goes mid-write. :meth:`Store.load` returns the payload of the
newest valid slot. A slot is valid when its header (magic ``Rb``, version,
kind, length), its CRC-16 and its trailer (the sequence number again, the
last bytes written) all agree; a never-written nvm (all 0xFF), garbage, a
torn write or an nvm whose read raises all read as "nothing saved".

Slot layout (big-endian), :data:`HEADER` + payload + :data:`TRAILER` bytes::

    0  'R' 'b'   magic
    2  version   VERSION (the record formats below)
    3  kind      which region (KIND_GAME, KIND_SETTINGS, KIND_STATS)
    4  seq       sequence number, 16 bits, wrapping (compared serially)
    6  length    payload bytes
    8  crc       CRC-16/CCITT-FALSE of bytes 0..7 and the payload
    10 payload
    .. seq       the sequence number again

The nvm layout (:func:`open_region`): two halves of :data:`HALF` bytes;
slot 0 of every region in the first half, slot 1 at the same offset in the
second. Our boards have 8192 bytes of nvm (SAMD51: PyBadge, EdgeBadge,
PyGamer; nRF52840: Circuit Playground Bluefruit), so on the nRF52840 the two
slots of a region sit in different 4 KB flash pages.

============  ==============  ==========  =========================================
region        start (+4096)   slot bytes  payload
============  ==============  ==========  =========================================
game          GAME_START 0    256         :func:`pack_game` (at most 244 bytes)
settings      SETTINGS 256    64          ``rollbox.menu.Menu.settings()`` (15)
stats         STATS_START 512 512         reserved for lifetime stats (kind 3)
============  ==============  ==========  =========================================

Bytes 1024..4095 of each half are free. A smaller nvm (at least 2048
bytes) uses halves of ``len(nvm) // 2``; anything smaller saves nothing.

The writing half (:class:`rollbox.slot.Slots`, :func:`crc16`) lives in
``rollbox.slot``, which play keeps loaded (:meth:`Store.slots`).

Pure Python on CircuitPython, MicroPython and CPython; no import of
``microcontroller``: the nvm (or any bytearray-like object) is passed in.
"""

from micropython import const

from rollbox.slot import HEADER, MAGIC0, MAGIC1, TRAILER, VERSION, Slots, crc16

try:
    from typing import Any, Optional, Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass

KIND_GAME = const(1)
KIND_SETTINGS = const(2)
KIND_STATS = const(3)

HALF = const(4096)  # slot 1 of a region is this far after slot 0 (one nRF52840 page)
GAME_START = const(0)
GAME_SLOT = const(256)
SETTINGS_START = const(256)
SETTINGS_SLOT = const(64)
STATS_START = const(512)  # reserved: lifetime stats, Store(nvm, STATS_START, STATS_SLOT, ...)
STATS_SLOT = const(512)
USED = const(1024)  # bytes of each half the regions above use

_READ_ERRORS = (OSError, RuntimeError, ValueError, IndexError)


def newer(a, b):
    # type: (int, int) -> bool
    """True when 16-bit sequence number ``a`` is after ``b`` (serial number
    arithmetic: up to 32767 ahead, across the wrap from 65535 to 0)."""
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000


class Store(Slots):
    """One record in two slots of ``nvm``: reading (the newest valid slot)
    on top of the writer :class:`rollbox.slot.Slots`.

    :param nvm: ``microcontroller.nvm`` or any object with ``len``, slice
        reads and slice assignment (a ``bytearray``).
    :param start: offset of slot 0 (bytes).
    :param slot_size: bytes of each slot (header, payload, trailer).
    :param stride: offset of slot 1 from slot 0 (default ``slot_size``).
    :param kind: a small int written in each slot; a slot of another kind
        is not read.
    :raises ValueError: slots that do not fit in ``nvm``.

    Example::

        s = Store(microcontroller.nvm, 0, 64)
        s.save(b"hello")      # one nvm assignment
        s.load()              # b"hello" (also after a reset)
    """

    def __init__(self, nvm, start, slot_size, stride=None, kind=0):
        # type: (Any, int, int, Optional[int], int) -> None
        # newest -2: not read yet (the first save reads the slots)
        Slots.__init__(self, nvm, start, slot_size, slot_size if stride is None else stride,
                       kind, -2)

    def _read(self, slot):
        # type: (int) -> Optional[bytearray]
        """The record in ``slot`` (a bytearray) if valid, else None."""
        nvm = self._nvm
        a = self._at[slot]
        try:
            head = nvm[a:a + HEADER]
            if head[0] != MAGIC0 or head[1] != MAGIC1 or head[2] != VERSION \
                    or head[3] != self._kind:
                return None
            n = head[6] << 8 | head[7]
            if HEADER + n + TRAILER > self._size:
                return None
            rec = nvm[a:a + HEADER + n + TRAILER]
        except _READ_ERRORS:
            return None
        if len(rec) != HEADER + n + TRAILER or rec[:HEADER] != head:
            return None
        if rec[HEADER + n] != head[4] or rec[HEADER + n + 1] != head[5]:
            return None  # the trailer is not this record's: a torn write
        crc = crc16(rec, HEADER, HEADER + n, crc16(rec, 0, 8))
        if crc != (head[8] << 8 | head[9]):
            return None
        return rec

    def _scan(self):
        # type: () -> Optional[bytearray]
        """Read both slots; remember the newest valid one; return its record."""
        best = None
        self._newest = -1
        for slot in (0, 1):
            rec = self._read(slot)
            if rec is None:
                continue
            seq = rec[4] << 8 | rec[5]
            if best is None or newer(seq, self._seq):
                best = rec
                self._newest = slot
                self._seq = seq
        return best

    def load(self):
        # type: () -> Optional[bytes]
        """The payload of the newest valid slot, or None (nothing saved, a
        cleared record, or nothing readable). Never raises on a blank,
        corrupt or unreadable nvm."""
        rec = self._scan()
        if rec is None:
            return None
        n = rec[6] << 8 | rec[7]
        if not n:
            return None
        return bytes(rec[HEADER:HEADER + n])

    def save(self, payload):
        # type: (Any) -> None
        """Write ``payload`` (bytes-like, at most :meth:`capacity` bytes) to
        the slot not holding the newest valid record (read first if not
        yet), with the next sequence number, in one slice assignment.

        :raises ValueError: a payload too long for a slot.
        :raises RuntimeError: the nvm refused the write (CircuitPython:
            "Unable to write to nvm."); ``OSError`` where a port raises that.
            The newest valid record before the call is untouched.
        """
        if self._newest == -2:
            self._scan()
        self.write(b"", payload)

    def clear(self):
        # type: () -> None
        """Save an empty record: :meth:`load` returns None from now on (one
        assignment; a cut during it leaves the previous record)."""
        self.save(b"")

    def slots(self):
        # type: () -> Slots
        """A :class:`rollbox.slot.Slots` writing this record from where the
        nvm stands (the slots read now): what play keeps, so that a save
        needs neither this module nor this Store. Write with either, not
        both: each knows only its own writes."""
        if self._newest == -2:
            self._scan()
        a = self._at
        return Slots(self._nvm, a[0], self._size, a[1] - a[0], self._kind, self._newest,
                     self._seq)


_REGIONS = {KIND_GAME: (GAME_START, GAME_SLOT), KIND_SETTINGS: (SETTINGS_START, SETTINGS_SLOT),
            KIND_STATS: (STATS_START, STATS_SLOT)}


def open_region(nvm, kind):
    # type: (Any, int) -> Optional[Store]
    """The :class:`Store` of region ``kind`` (:data:`KIND_GAME`,
    :data:`KIND_SETTINGS`, :data:`KIND_STATS`) of the layout above on
    ``nvm``, or None when there is no nvm, it is too small, or its length
    cannot be read. A Store holds a buffer of its slot's size: open the
    settings and stats regions when needed, not for good."""
    if nvm is None:
        return None
    try:
        half = min(len(nvm) // 2, HALF)
    except _READ_ERRORS:
        return None
    if half < USED:
        return None
    start, slot = _REGIONS[kind]
    return Store(nvm, start, slot, half, kind)


# -- the game record ---------------------------------------------------------


def game_head(index, game, seats):
    # type: (int, Any, Tuple[int, ...]) -> bytes
    """The game save's payload before the state: catalog index (1 byte),
    the parameter count and values in the Game class's ``PARAMS`` order
    (2 bytes each), the seat count and kinds (1 byte each: 0 human, 1..3 a
    computer level). The same all game long: play keeps it.

    :raises ValueError: a value that does not fit its field.
    """
    table = game.PARAMS
    out = bytearray(3 + 2 * len(table) + len(seats))
    if not 0 <= index <= 255 or len(table) > 255 or len(seats) > 255:
        raise ValueError("game record field out of range")
    out[0] = index
    out[1] = len(table)
    i = 2
    for p in table:
        v = game.params[p[0]]
        if not 0 <= v <= 0xFFFF:
            raise ValueError("parameter out of range")
        out[i] = v >> 8
        out[i + 1] = v & 0xFF
        i += 2
    out[i] = len(seats)
    i += 1
    for seat in seats:
        if not 0 <= seat <= 255:
            raise ValueError("seat out of range")
        out[i] = seat
        i += 1
    return bytes(out)


def pack_game(index, game, seats, state):
    # type: (int, Any, Tuple[int, ...], Any) -> bytes
    """The game save's payload: :func:`game_head` then ``state.to_bytes()``.
    At most 115 bytes in our catalog (SKUNK, 8 seats: 109).

    :raises ValueError: a value that does not fit its field.
    """
    return game_head(index, game, seats) + state.to_bytes()


def unpack_game(data):
    # type: (bytes) -> Tuple[int, Tuple[int, ...], Tuple[int, ...], bytes]
    """``(index, values, seats, state bytes)`` of :func:`pack_game`.

    :raises ValueError: bytes too short for their own counts.
    """
    if len(data) < 3:
        raise ValueError("game record too short")
    count = data[1]
    i = 2 + 2 * count
    if len(data) < i + 1:
        raise ValueError("game record too short")
    values = tuple(data[2 + 2 * k] << 8 | data[3 + 2 * k] for k in range(count))
    players = data[i]
    i += 1
    if len(data) < i + players:
        raise ValueError("game record too short")
    return data[0], values, tuple(data[i:i + players]), bytes(data[i + players:])
