"""Solved tables in ``games/data/``, read by seeking: never loaded whole.

A table file is a header then fixed-size records::

    magic    4 bytes (e.g. b"PIG1")
    header   u16 little-endian: bytes before the first record (>= 12)
    record   u16: bytes per record
    count    u32: records in the file
    ...      table-specific header fields (see the solver in tools/)

A lookup seeks to ``header + index * record`` and reads one record into a
buffer made once, so it allocates nothing.
"""

try:
    from typing import Optional  # noqa: F401 (used in type comments)
except ImportError:
    pass


def data_path(name):
    # type: (str) -> str
    """Path of ``games/data/<name>`` next to the ``games`` package, on the
    device ("/games/data/pig.bin") and on the host alike."""
    import games

    here = games.__file__
    return here[:here.rfind("/") + 1] + "data/" + name


class Table:
    """One open table file.

    :param name: file name in ``games/data``.
    :param magic: the 4 bytes the file must start with.
    :raises OSError: the file is missing (errno 2) or unreadable.
    :raises ValueError: wrong magic or a header that does not match the
        file's size (a truncated or foreign file).
    """

    def __init__(self, name, magic):
        # type: (str, bytes) -> None
        self.name = name
        self._file = open(data_path(name), "rb")
        try:
            head = self._file.read(12)
            if len(head) < 12 or head[:4] != magic:
                raise ValueError("%s: not a %s table" % (name, magic.decode()))
            self.header_size = head[4] | head[5] << 8
            self.record = head[6] | head[7] << 8
            self.count = head[8] | head[9] << 8 | head[10] << 16 | head[11] << 24
            if self.header_size < 12 or self.record < 1:
                raise ValueError("%s: bad header" % name)
            self._file.seek(0)
            self.header = self._file.read(self.header_size)
            end = self._file.seek(0, 2)
            if end != self.header_size + self.record * self.count:
                raise ValueError("%s: %d bytes, expected %d" % (
                    name, end, self.header_size + self.record * self.count))
        except Exception:
            self._file.close()
            raise
        self.buf = bytearray(self.record)

    def u16(self, offset):
        # type: (int) -> int
        """The header's little-endian u16 at byte ``offset``."""
        return self.header[offset] | self.header[offset + 1] << 8

    def read(self, index):
        # type: (int) -> bytearray
        """Record ``index`` (0..count-1), in the table's own buffer (valid
        until the next read).

        :raises IndexError: ``index`` out of range.
        """
        if not 0 <= index < self.count:
            raise IndexError("%s has no record %d" % (self.name, index))
        self._file.seek(self.header_size + index * self.record)
        self._file.readinto(self.buf)
        return self.buf

    def close(self):
        # type: () -> None
        self._file.close()


class OneOpen:
    """The one table a bot keeps open: :meth:`get` opens another only when
    the file name changes (a new game's variant), closing the old one."""

    def __init__(self):
        self.name = None  # type: Optional[str]
        self.table = None  # type: Optional[Table]

    def get(self, name, magic):
        # type: (str, bytes) -> Table
        """The open :class:`Table` ``name`` (same errors as ``Table``)."""
        if self.name != name or self.table is None:
            if self.table is not None:
                self.table.close()
            self.name = self.table = None
            self.table = Table(name, magic)
            self.name = name
        return self.table
