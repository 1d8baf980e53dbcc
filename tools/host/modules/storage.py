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

Differences from the board: nothing is written anywhere (the host's files
are not guarded: device code that writes must ask ``getmount("/").readonly``
itself, as the board would refuse with ``OSError(EROFS)``); ``mount``,
``umount``, ``erase_filesystem`` and ``map_file`` are absent; the USB
"eject" delays (2.5 s for ``enable_usb_drive`` after boot) are not modelled.

Host-only names (start with an underscore, absent on the board):
``_power_up(host_mounts=True)`` (a reset: the power-up state, boot.py
about to run), ``_boot_done()`` (USB starts; a computer that mounts the
drive takes its lock if the drive is writable over USB),
``_fail_next_remount(exc)`` (the next ``remount`` raises ``exc``, a test
hook for errors the host cannot produce), ``_remounts`` (the arguments of
every ``remount`` call since power-up), ``_in_boot``, ``_usb_drive_enabled``.
"""
import errno

_CANNOT_REMOUNT = "Cannot remount path when visible via USB."
_CANNOT_CHANGE_USB = "Cannot change USB devices now"


class VfsFat:
    """The CIRCUITPY filesystem object that ``getmount("/")`` returns."""

    def __init__(self, label="CIRCUITPY"):
        self._label = label
        self._writable_by_usb = True  # the power-up default
        self._protected = True  # concurrent write protection

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
