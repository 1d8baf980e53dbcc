"""Host stand-in for CircuitPython's `microcontroller` module: `nvm` (and `Pin`).

`microcontroller.nvm` is the board's non-volatile memory as an
`nvm.ByteArray` (here :class:`ByteArray`): a fixed run of bytes that keeps
its contents over resets and power cuts. Each host board (`host.boards.use()`,
so each `Simulation`) gets its own blank one (all 0xFF, as after a fresh
flash), so one test's save never shows up in the next; a test that carries an
nvm across a "power cut" passes its own :class:`ByteArray` to the app.

Behaves as the board's `nvm.ByteArray` (shared-bindings/nvm/ByteArray.c):
- `len(nvm)`, `bool(nvm)`; `nvm[i]` is an int, `nvm[a:b]` a new `bytearray`
  (slices are clamped like a list's); an index out of range raises IndexError.
- `nvm[a:b] = buf` takes `bytes`, `bytearray`, `memoryview` or `array` of
  single bytes of exactly `b - a` bytes ("Slice and value different
  lengths." ValueError otherwise; other types NotImplementedError; a step
  other than 1 NotImplementedError); `nvm[i] = v` takes 0..255.
- Every assignment is one erase/write cycle (:attr:`ByteArray.writes` counts
  them); a failed write raises RuntimeError("Unable to write to nvm."), as
  the board does.
- No deletion (`del nvm[...]` raises TypeError).

Sizes on our boards: 8192 bytes on SAMD51 (PyBadge, EdgeBadge, PyGamer:
atmel-samd `CIRCUITPY_INTERNAL_NVM_SIZE`) and nRF52840 (Circuit Playground
Bluefruit: nordic `CIRCUITPY_INTERNAL_NVM_SIZE`), the default here.

Host-only (absent on the board):
- ``ByteArray(size=8192, erase_size=0)``: make one (the board has exactly one).
- ``ByteArray.cut(after)``: a power cut during the next assignment: only its
  first ``after`` bytes reach the memory, then :class:`PowerCut` is raised
  (the test drops that app and starts a new one on the same object). With
  ``erase_size`` (the flash erase unit: 4096 on nRF52840, 8192 on SAMD51,
  whose nvm is one erase block) the write is modelled as the board does it
  (``host.powercut``, the one model): each erase unit the slice touches is
  read, erased to 0xFF and programmed again from its start with the new
  bytes merged in; ``after`` then counts the bytes programmed, so a cut can
  also blank bytes outside the slice that share the erase unit.
- ``ByteArray.cut_at(instant)``: the same at any instant of the model
  (``host.powercut.nvm_torn``: part way through an erase, too).
- ``ByteArray.journal``: None, or a ``host.powercut.Journal`` told every write.
- ``ByteArray.fail_writes``: an exception instance raised by every
  assignment (nothing written), e.g. ``RuntimeError("Unable to write to nvm.")``
  or ``OSError(5, "Input/output error")``; ``ByteArray.fail_reads`` the same
  for reads.
- ``ByteArray.data``: the bytes (a `bytearray`), to inspect or damage.
- :class:`PowerCut`, a `BaseException` (no `except Exception` catches it).
- ``_use_nvm(nvm)``: make ``nvm`` the current host board's `microcontroller.nvm`.

`Pin` is here only because Blinka's `busdisplay` and `fourwire` name
`microcontroller.Pin` in their signatures; the host board's pins are
`host.boards.Pin` objects.
"""
import array as _array
import weakref as _weakref

from host.powercut import PowerCut, nvm_instants, nvm_torn  # noqa: F401 (PowerCut: the API)

NVM_SIZE = 8192


class Pin:
    """Identifies an IO pin of the microcontroller (no public API beyond identity)."""


class ByteArray:
    """The board's non-volatile memory as a byte array (host model).

    :param size: bytes (8192 as on our boards).
    :param erase_size: 0 (writes touch only the slice's bytes) or the flash
        erase unit in bytes, for the power-cut model of :meth:`cut`.
    """

    def __init__(self, size=NVM_SIZE, erase_size=0):
        if size < 0 or erase_size < 0:
            raise ValueError("size and erase_size must be >= 0")
        self.data = bytearray(b"\xff" * size)
        self.erase_size = erase_size
        self.writes = 0
        self.fail_writes = None
        self.fail_reads = None
        self._cut_after = None
        self._cut_at = None
        self.journal = None

    def cut(self, after):
        """Host-only: the next assignment writes ``after`` bytes, then the power goes."""
        if after < 0:
            raise ValueError("after must be >= 0")
        self._cut_after = after

    def cut_at(self, instant):
        """Host-only: the power goes at ``instant`` of the next assignment
        (``host.powercut.nvm_torn``; an instant past its end: just after it)."""
        if instant < 0:
            raise ValueError("instant must be >= 0")
        self._cut_at = instant

    def __len__(self):
        return len(self.data)

    def __bool__(self):
        return len(self.data) != 0

    def _slice(self, index):
        start, stop, step = index.indices(len(self.data))
        if step != 1:
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        return start, max(start, stop)

    def _index(self, index):
        if not isinstance(index, int):
            raise TypeError("ByteArray indices must be integers, not %s" % type(index).__name__)
        n = len(self.data)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("ByteArray index out of range")
        return index

    def __getitem__(self, index):
        if self.fail_reads is not None:
            raise self.fail_reads
        if isinstance(index, slice):
            start, stop = self._slice(index)
            return bytearray(self.data[start:stop])
        return self.data[self._index(index)]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop = self._slice(index)
            if isinstance(value, memoryview):
                if value.itemsize != 1:
                    raise ValueError("Array values should be single bytes.")
                value = value.tobytes()
            elif isinstance(value, _array.array):
                if value.itemsize != 1:
                    raise ValueError("Array values should be single bytes.")
                value = value.tobytes()
            elif not isinstance(value, (bytes, bytearray)):
                raise NotImplementedError("array/bytes required on right side")
            if len(value) != stop - start:
                raise ValueError("Slice and value different lengths.")
            self._write(start, bytes(value))
            return
        i = self._index(index)
        if not isinstance(value, int):
            raise TypeError("can't convert %s to int" % type(value).__name__)
        if not 0 <= value <= 255:
            raise ValueError("Bytes must be between 0 and 255.")
        self._write(i, bytes((value,)))

    def __delitem__(self, index):
        raise TypeError("'ByteArray' object doesn't support item deletion")

    def _write(self, start, new):
        if self.fail_writes is not None:
            raise self.fail_writes
        if not new:
            return
        self.writes += 1
        unit = self.erase_size
        if self.journal is not None:
            self.journal.nvm_write(start, new, unit, self.data)
        instant = self._instant(start, new)
        if instant is None:
            self.data[start:start + len(new)] = new
            return
        self.data[:] = nvm_torn(self.data, start, new, unit, instant)
        raise PowerCut("power cut at instant %d of an nvm write" % instant)

    def _instant(self, start, new):
        """The pending cut (:meth:`cut`, :meth:`cut_at`) as an instant of
        this write's model, or None."""
        after, at = self._cut_after, self._cut_at
        self._cut_after = self._cut_at = None
        last = nvm_instants(start, len(new), self.erase_size) - 1
        if at is not None:
            return min(at, last)
        if after is None:
            return None
        unit = self.erase_size
        if not unit:
            return min(after, last)
        base = 0
        while base < last:
            if after < unit:
                return base + unit + after
            after -= unit
            base += 2 * unit + 1
        return last


_by_board = _weakref.WeakKeyDictionary()


def _board():
    from host import boards

    return boards.current()


def _use_nvm(nvm):
    """Host-only: make ``nvm`` the current host board's ``microcontroller.nvm``."""
    _by_board[_board()] = nvm


def __getattr__(name):
    if name == "nvm":
        board = _board()
        nvm = _by_board.get(board)
        if nvm is None:
            nvm = _by_board[board] = ByteArray()
        return nvm
    raise AttributeError("module 'microcontroller' has no attribute %r" % name)
