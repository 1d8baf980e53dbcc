"""Host stand-in for CircuitPython's `storage` module: who may write CIRCUITPY.

Mirrors CircuitPython 9/10 (shared-bindings/storage/__init__.c and
shared-module/storage/__init__.c): the one filesystem, CIRCUITPY, is
mounted at "/". At power-up it is writable by the computer over USB and
read-only to code (``getmount("/").readonly`` is True). ``boot.py`` runs
before USB starts and can always ``remount("/", readonly=False)``: code may
write, the computer sees the drive read-only. After boot, a remount raises
``RuntimeError("Cannot remount path when visible via USB.")`` while the
computer holds the drive writable (CircuitPython takes a lock on the block
device when it tells the host the drive is writable; releases before 9.x
said "Cannot remount '/' when visible via USB."). ``readonly`` is computed
as on the board (``filesystem_is_writable_by_python``): read-only to code
only while the drive is writable over USB and the concurrent-write
protection is on.

The API: ``remount(mount_path, readonly=False, *,
disable_concurrent_write_protection=False)``, ``getmount(mount_path)``
(a :class:`VfsFat` with ``readonly`` and ``label``), ``disable_usb_drive()``
(boot.py only, else ``RuntimeError("Cannot change USB devices now")``),
``enable_usb_drive()``, ``unsafe_disable_usb_drive()``. A path that is not
a mount point raises ``OSError(EINVAL)``.

Files: ``getmount("/").open(path, mode)`` (CircuitPython's ``VfsFat.open``,
paths relative to the drive) opens files of a model drive held in memory
(``VfsFat._files``, path -> bytes), "rb"/"r" to read, "wb"/"w" to write
(``OSError(EROFS)`` while read-only to code, ``OSError(ENOENT)`` for a
missing file); a write lands when the file is closed, under the power-cut
model of ``host.powercut`` (``cut_at``). The host's own files are never
touched. Differences from the board: ``mount``,
``umount``, ``erase_filesystem`` and ``map_file`` are absent; the USB
"eject" delays (2.5 s for ``enable_usb_drive`` after boot) are not modelled.

Host-only names (start with an underscore, absent on the board):
``_power_up(host_mounts=True)`` (a reset: the power-up state, boot.py
about to run, a blank drive; ``host.boards.use`` calls it: a new board),
``_use_root(vfs)`` (make ``vfs`` the drive, e.g. one carried over a power
cut: its files and who may write it kept), ``VfsFat(code_writes=True)`` (a
drive as boot.py leaves it: writable by code), ``VfsFat.writes``,
``VfsFat.cut_at(instant)``, ``VfsFat.fail_writes``, ``VfsFat.journal``,
``_boot_done()`` (USB starts; a computer that mounts the
drive takes its lock if the drive is writable over USB),
``_fail_next_remount(exc)`` (the next ``remount`` raises ``exc``, a test
hook for errors the host cannot produce), ``_remounts`` (the arguments of
every ``remount`` call since power-up), ``_in_boot``, ``_usb_drive_enabled``.
"""
import errno
import io

from host.powercut import PowerCut, file_instants, file_torn

_CANNOT_REMOUNT = "Cannot remount path when visible via USB."
_CANNOT_CHANGE_USB = "Cannot change USB devices now"


class VfsFat:
    """The CIRCUITPY filesystem object that ``getmount("/")`` returns."""

    def __init__(self, label="CIRCUITPY", code_writes=False):
        self._label = label
        self._writable_by_usb = not code_writes  # the power-up default: the computer's
        self._protected = True  # concurrent write protection
        self._files = {}
        self.writes = 0
        self.fail_writes = None
        self.journal = None
        self._cut_at = None

    def open(self, path, mode="r"):
        """A file of the drive: "rb"/"r" reads (a ``BytesIO``), "wb"/"w"
        writes, landing at close.

        :raises OSError: ENOENT (no such file to read), EROFS (writing
          while the drive is read-only to code).
        """
        path = path.lstrip("/")
        if "w" in mode:
            if self.readonly:
                raise OSError(errno.EROFS, "Read-only filesystem")
            return _Writer(self, path)
        if path not in self._files:
            raise OSError(errno.ENOENT, "No such file/directory")
        data = self._files[path]
        return io.BytesIO(data) if "b" in mode else io.StringIO(data.decode())

    def cut_at(self, instant):
        """Host-only: the power goes at ``instant`` of the next file write
        (``host.powercut.file_torn``; past its end: just after it)."""
        self._cut_at = instant

    def _land(self, path, new):
        if self.fail_writes is not None:
            raise self.fail_writes
        self.writes += 1
        if self.journal is not None:
            self.journal.file_write(path, new, self._files)
        at, self._cut_at = self._cut_at, None
        if at is None:
            self._files[path] = bytes(new)
            return
        content = file_torn(self._files.get(path), new, min(at, file_instants(new) - 1))
        if content is None:
            self._files.pop(path, None)
        else:
            self._files[path] = content
        raise PowerCut("power cut at instant %d of a file write" % at)

    @property
    def readonly(self):
        """True when the filesystem is read-only to code (read-only property;
        use :func:`remount`)."""
        return self._protected and self._writable_by_usb

    @property
    def label(self):
        """The volume label (str); set only while code may write."""
        return self._label

    @label.setter
    def label(self, value):
        if self.readonly:
            raise OSError(errno.EROFS, "Read-only filesystem")
        self._label = str(value)

    def __repr__(self):
        return "<VfsFat>"


class _Writer(io.BytesIO):
    """A file open for writing on the model drive: lands at close."""

    def __init__(self, vfs, path):
        super().__init__()
        self._vfs = vfs
        self._path = path

    def close(self):
        if not self.closed:
            data = self.getvalue()
            super().close()
            self._vfs._land(self._path, data)


_root = VfsFat()
_in_boot = True
_host_mounts = True
_usb_drive_enabled = True
_next_error = None
_remounts = []
"""Host-only: (mount_path, readonly, disable_concurrent_write_protection) of
every :func:`remount` call since :func:`_power_up`."""


def _power_up(host_mounts=True):
    """Host-only: a reset. CIRCUITPY writable over USB, read-only to code,
    boot.py about to run; ``host_mounts``: a computer is on the USB port and
    will mount the drive once USB starts."""
    global _root, _in_boot, _host_mounts, _usb_drive_enabled, _next_error
    _root = VfsFat()
    _in_boot = True
    _host_mounts = bool(host_mounts)
    _usb_drive_enabled = True
    _next_error = None
    del _remounts[:]


def _use_root(vfs):
    """Host-only: ``vfs`` (a :class:`VfsFat`) is the drive from now on."""
    global _root
    _root = vfs


def _boot_done():
    """Host-only: boot.py has finished and USB starts (code.py and the REPL
    run from here on)."""
    global _in_boot
    _in_boot = False


def _fail_next_remount(exc):
    """Host-only: the next :func:`remount` raises ``exc`` (an exception
    instance) and changes nothing."""
    global _next_error
    _next_error = exc


def _host_holds_lock():
    return (not _in_boot and _host_mounts and _usb_drive_enabled
            and _root._writable_by_usb)


def _lookup(mount_path):
    if not isinstance(mount_path, str):
        raise TypeError("can't convert %s to str" % type(mount_path).__name__)
    if mount_path.rstrip("/") != "":
        raise OSError(errno.EINVAL, "Invalid argument")
    return _root


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    """Remount ``mount_path`` ("/"): ``readonly`` True gives write access
    back to the computer, False to code.

    :raises RuntimeError: after boot, while the computer holds the drive
      writable ("Cannot remount path when visible via USB.").
    :raises OSError: EINVAL, a path that is not a mount point.
    """
    global _next_error
    _remounts.append((mount_path, bool(readonly), bool(disable_concurrent_write_protection)))
    if _next_error is not None:
        exc, _next_error = _next_error, None
        raise exc
    vfs = _lookup(mount_path)
    if _host_holds_lock():
        raise RuntimeError(_CANNOT_REMOUNT)
    vfs._writable_by_usb = bool(readonly)
    vfs._protected = not disable_concurrent_write_protection


def getmount(mount_path):
    """The :class:`VfsFat` mounted at ``mount_path``.

    :raises OSError: EINVAL, nothing mounted there.
    """
    return _lookup(mount_path)


def disable_usb_drive():
    """Hide CIRCUITPY from USB (boot.py only); code may then write.

    :raises RuntimeError: after boot ("Cannot change USB devices now").
    """
    if not _in_boot:
        raise RuntimeError(_CANNOT_CHANGE_USB)
    _set_usb_drive(False)


def unsafe_disable_usb_drive():
    """Hide CIRCUITPY from USB even after boot; code may then write."""
    _set_usb_drive(False)


def enable_usb_drive():
    """Show CIRCUITPY over USB again, writable by the computer."""
    _set_usb_drive(True)


def _set_usb_drive(enabled):
    global _usb_drive_enabled
    _usb_drive_enabled = enabled
    _root._writable_by_usb = enabled
