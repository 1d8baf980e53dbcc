"""Save records that survive a power cut at any instant: in the board's
non-volatile memory (``microcontroller.nvm``) and, where the nvm is one
flash erase unit, in a file on CIRCUITPY.

A :class:`Store` keeps one record (a few bytes) in slots it writes in
turn, each save to a slot that does not share a flash erase unit with the
newest valid record, so that record stays intact whatever a power cut
during the save does. :meth:`Store.load` returns the payload of the newest
valid slot. A slot is valid when its header (magic ``Rb``, version, kind,
length), its CRC-16 and its trailer (the sequence number again, the last
bytes written) all agree; a never-written nvm (all 0xFF), a missing file,
garbage, a torn write or a read that raises all read as "nothing saved".

Slot layout (big-endian), :data:`HEADER` + payload + :data:`TRAILER` bytes,
the same in nvm and in a file (the file holds just the slot)::

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
PyGamer; nRF52840: Circuit Playground Bluefruit).

============  ==============  ==========  ==================  ==========================
region        start (+4096)   slot bytes  file slot           payload
============  ==============  ==========  ==================  ==========================
game          GAME_START 0    256         rollbox-game.sav    :func:`pack_game` (<= 244)
settings      SETTINGS 256    64          rollbox-set.sav     ``Menu.settings()`` (15)
stats         STATS_START 512 512         rollbox-stats.sav   ``rollbox.stats`` (100)
============  ==============  ==========  ==================  ==========================

Bytes 1024..4095 of each half are free. A smaller nvm (at least 2048
bytes) uses halves of ``len(nvm) // 2``; anything smaller saves nothing.
Records written by earlier versions (two nvm slots, no file) load as they
are: the format did not change.

The power-cut model (tools/host: ``microcontroller.ByteArray`` and
``storage.VfsFat``, tests/test_power_cut.py). An nvm slice assignment
reads every erase unit it touches, erases it (a cut during the erase
leaves a prefix of it 0xFF, the rest as it was) and programs it again
from its start (a cut leaves a prefix programmed, the rest 0xFF):
CircuitPython ports/atmel-samd/common-hal/nvm/ByteArray.c and ASF4
hpl_nvmctrl ``_flash_write`` on the SAMD51, whose 8 KB nvm is ONE erase
block (so a cut there can blank every nvm slot at once, whatever slice
was written); ports/nrf/common-hal/nvm/ByteArray.c on the nRF52840, 4 KB
pages, so the two halves are two units. A file write (``open(path,
"wb")``) leaves that file as it was, empty, or a prefix of the new bytes;
other files are untouched. The erase unit of each board is
``rollbox.hardware.ERASE``.

Hence the rules, each checked by cutting the power at every instant of
every write of real games' save sequences:

- Where a region's two nvm slots share an erase unit (SAMD51, or a board
  whose unit is unknown) and code may write CIRCUITPY, the record also has
  a file slot, and saves alternate between the file and the nvm (the
  older nvm slot, so both stay recent). The newest is always in the other
  medium from the write, so a cut loses at most the save being made: the
  game is the newest or the previous turn's. Without files (USB drive
  mode, no Rollbox boot.py) the nvm alone is used, as before, and a cut
  during an nvm write on the SAMD51 can lose the saves (boot notice).
- The settings and the stats are saved twice (:meth:`Store.save_both`),
  into two erase units (nvm and file, or the nRF52840's two pages), so
  both hold the newest: a cut during any other save (a game save erasing
  their nvm slot with it) leaves a whole newest copy; a cut during their
  own save leaves the newest or the previous. A finished game's record is
  cleared the same way, before the stats count it, so a cut can never
  leave a counted game offered for resume.

Sequence numbers are compared serially (32767 ahead at most): a slot left
unwritten for 32768 saves of its record could read as the newest. In file
mode both nvm slots take their turns; only the file slot rests while the
drive is in USB drive mode.

The writing half (:class:`rollbox.slot.Slots`, :func:`crc16`) lives in
``rollbox.slot``, which play keeps loaded (:meth:`Store.slots`).

Pure Python on CircuitPython, MicroPython and CPython; no import of
``microcontroller`` or ``storage``: the nvm (or any bytearray-like object)
and the filesystem are passed in.
"""

from micropython import const

from rollbox.slot import FILE, HEADER, MAGIC0, MAGIC1, TRAILER, VERSION, Slots, crc16

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
STATS_START = const(512)  # lifetime stats (rollbox.stats)
STATS_SLOT = const(512)
USED = const(1024)  # bytes of each half the regions above use
_STREAM_FLAG = const(0x80)  # in a game record's index byte: the dice stream ends it
_STREAM_BYTES = const(4)  # rollbox.dice.Roller.commit's bytes (not imported: the store is pure)

_READ_ERRORS = (OSError, RuntimeError, ValueError, IndexError)


def newer(a, b):
    # type: (int, int) -> bool
    """True when 16-bit sequence number ``a`` is after ``b`` (serial number
    arithmetic: up to 32767 ahead, across the wrap from 65535 to 0)."""
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000


class Store(Slots):
    """One record in its slots (two in ``nvm``, and a file on ``fs``):
    reading (the newest valid slot) on top of the writer
    :class:`rollbox.slot.Slots`.

    :param nvm: ``microcontroller.nvm`` or any object with ``len``, slice
        reads and slice assignment (a ``bytearray``).
    :param start: offset of slot 0 (bytes).
    :param slot_size: bytes of each slot (header, payload, trailer).
    :param stride: offset of slot 1 from slot 0 (default ``slot_size``).
    :param kind: a small int written in each slot; a slot of another kind
        is not read.
    :param fs: the filesystem of the file slot (``open(path, mode)``:
        CIRCUITPY's ``storage.VfsFat``), or None: no file slot.
    :param path: the file slot's path on ``fs``.
    :param write_files: True when saves may write the file (code may write
        CIRCUITPY); else the file is only read.
    :raises ValueError: slots that do not fit in ``nvm``.

    Example::

        s = Store(microcontroller.nvm, 0, 64)
        s.save(b"hello")      # one nvm assignment
        s.load()              # b"hello" (also after a reset)
    """

    def __init__(self, nvm, start, slot_size, stride=None, kind=0, fs=None, path="",
                 write_files=False):
        # type: (Any, int, int, Optional[int], int, Any, str, bool) -> None
        # newest -2: not read yet (the first save reads the slots)
        Slots.__init__(self, nvm, start, slot_size, slot_size if stride is None else stride,
                       kind, -2, 0, 0, fs if write_files else None, path)
        self._files = fs

    def _read(self, slot):
        # type: (int) -> Optional[Any]
        """The record in ``slot`` (0, 1 or :data:`rollbox.slot.FILE`) if
        valid, else None."""
        size = self._size
        try:
            if slot == FILE:
                if self._files is None:
                    return None
                with self._files.open(self._path, "rb") as f:
                    rec = f.read(size)
            else:
                a = self._at[slot]
                rec = self._nvm[a:a + size]
            if len(rec) < HEADER or rec[0] != MAGIC0 or rec[1] != MAGIC1 \
                    or rec[2] != VERSION or rec[3] != self._kind:
                return None
        except _READ_ERRORS:
            return None
        n = rec[6] << 8 | rec[7]
        if HEADER + n + TRAILER > min(size, len(rec)):
            return None
        if rec[HEADER + n] != rec[4] or rec[HEADER + n + 1] != rec[5]:
            return None  # the trailer is not this record's: a torn write
        crc = crc16(rec, HEADER, HEADER + n, crc16(rec, 0, 8))
        if crc != (rec[8] << 8 | rec[9]):
            return None
        return rec

    def _scan(self):
        # type: () -> Optional[Any]
        """Read every slot; remember the newest valid one and the nvm slot
        to write next (a blank or the older one); return the newest record."""
        best = None
        self._newest = -1
        seqs = [-1, -1]
        for slot in (0, 1, FILE):
            rec = self._read(slot)
            if rec is None:
                continue
            seq = rec[4] << 8 | rec[5]
            if slot != FILE:
                seqs[slot] = seq
            if best is None or newer(seq, self._seq):
                best = rec
                self._newest = slot
                self._seq = seq
        a, b = seqs
        self._older = 0 if a < 0 else 1 if b < 0 or newer(a, b) else 0
        return best

    def load(self):
        # type: () -> Optional[bytes]
        """The payload of the newest valid slot, or None (nothing saved, a
        cleared record, or nothing readable). Never raises on a blank,
        corrupt or unreadable nvm or file."""
        rec = self._scan()
        if rec is None:
            return None
        n = rec[6] << 8 | rec[7]
        if not n:
            return None
        return bytes(rec[HEADER:HEADER + n])

    def save(self, payload):
        # type: (Any) -> None
        """Write ``payload`` (bytes-like, at most :meth:`capacity` bytes)
        with the next sequence number to a slot outside the newest valid
        record's erase unit (:meth:`rollbox.slot.Slots.write`; the slots
        are read first if not yet): one nvm assignment or one file write.

        :raises ValueError: a payload too long for a slot.
        :raises RuntimeError: the nvm refused the write (CircuitPython:
            "Unable to write to nvm."); ``OSError`` where a port raises that
            or the file could not be written. The newest valid record
            before the call is untouched.
        """
        if self._newest == -2:
            self._scan()
        self.write(b"", payload)

    def save_both(self, payload):
        # type: (Any) -> None
        """:meth:`save` ``payload`` twice: into two slots in different
        erase units (nvm and file, or the two nRF52840 pages), so that a
        power cut during a later save of another record, whose erase can
        take this record's nvm slot with it, leaves a whole newest copy.
        The settings, the stats and a finished game's clear are saved so
        (two erase/write cycles). Raises as :meth:`save`."""
        self.save(payload)
        self.save(payload)

    def clear(self):
        # type: () -> None
        """Save an empty record: :meth:`load` returns None from now on (one
        write; a cut during it leaves the previous record)."""
        self.save(b"")

    def slots(self):
        # type: () -> Slots
        """A :class:`rollbox.slot.Slots` writing this record from where the
        slots stand (read now): what play keeps, so that a save needs
        neither this module nor this Store. Write with either, not both:
        each knows only its own writes."""
        if self._newest == -2:
            self._scan()
        a = self._at
        return Slots(self._nvm, a[0], self._size, a[1] - a[0], self._kind, self._newest,
                     self._seq, self._older, self._fs, self._path)


_REGIONS = {KIND_GAME: (GAME_START, GAME_SLOT, "rollbox-game.sav"),
            KIND_SETTINGS: (SETTINGS_START, SETTINGS_SLOT, "rollbox-set.sav"),
            KIND_STATS: (STATS_START, STATS_SLOT, "rollbox-stats.sav")}


def open_region(nvm, kind, hw=None):
    # type: (Any, int, Any) -> Optional[Store]
    """The :class:`Store` of region ``kind`` (:data:`KIND_GAME`,
    :data:`KIND_SETTINGS`, :data:`KIND_STATS`) of the layout above on
    ``nvm``, or None when there is no nvm, it is too small, or its length
    cannot be read. ``hw`` (a ``rollbox.Hardware``, or None: nvm only)
    gives the nvm's erase unit (``erase``, bytes; 0 unknown: the whole
    nvm) and CIRCUITPY (``fs``): where the region's two nvm slots share an
    erase unit, the record has its file slot there too, written while
    code may write the drive (``fs.readonly`` False), read otherwise. A
    Store holds a buffer of its slot's size: open the settings and stats
    regions when needed, not for good."""
    if nvm is None:
        return None
    try:
        size = len(nvm)
    except _READ_ERRORS:
        return None
    half = min(size // 2, HALF)
    if half < USED:
        return None
    start, slot, path = _REGIONS[kind]
    fs = getattr(hw, "fs", None)
    erase = getattr(hw, "erase", 0) or size
    write = False
    if start // erase != (start + half) // erase:
        fs = None  # the nvm's two slots are in two erase units: no file needed
    elif fs is not None:
        try:
            write = not fs.readonly
        except (AttributeError, OSError):
            write = False
    return Store(nvm, start, slot, half, kind, fs, path, write)


# -- the game record ---------------------------------------------------------


def game_head(index, game, seats):
    # type: (int, Any, Tuple[int, ...]) -> bytes
    """The game save's payload before the state: catalog index (1 byte,
    with ``0x80``: the record ends with the dice stream), the
    parameter count and values in the Game class's ``PARAMS`` order
    (2 bytes each), the seat count and kinds (1 byte each: 0 human, 1..3 a
    computer level). The same all game long: play keeps it.

    :raises ValueError: a value that does not fit its field.
    """
    table = game.PARAMS
    out = bytearray(3 + 2 * len(table) + len(seats))
    if not 0 <= index < _STREAM_FLAG or len(table) > 255 or len(seats) > 255:
        raise ValueError("game record field out of range")
    out[0] = index | _STREAM_FLAG
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


def pack_game(index, game, seats, state, seed):
    # type: (int, Any, Tuple[int, ...], Any, bytes) -> bytes
    """The game save's payload: :func:`game_head`, ``state.to_bytes()``,
    then the dice stream (``seed``: ``rollbox.dice.Roller.commit``,
    4 bytes). At most 119 bytes in our catalog (SKUNK, 8 seats: 113).

    :raises ValueError: a value that does not fit its field.
    """
    return game_head(index, game, seats) + state.to_bytes() + seed


def unpack_game(data):
    # type: (bytes) -> Tuple[int, Tuple[int, ...], Tuple[int, ...], bytes, Optional[bytes]]
    """``(index, values, seats, state bytes, stream)`` of :func:`pack_game`;
    ``stream`` is None in a record saved before issue 24 (no
    ``0x80``: the state runs to the end).

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
    end = len(data)
    stream = None
    if data[0] & _STREAM_FLAG:
        end -= _STREAM_BYTES
        stream = bytes(data[end:])
    if end < i + players:
        raise ValueError("game record too short")
    return (data[0] & (_STREAM_FLAG - 1), values, tuple(data[i:i + players]),
            bytes(data[i + players:end]), stream)
