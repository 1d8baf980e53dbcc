"""``storage`` for CircuitPython's unix port: CIRCUITPY as boot.py's normal
SAVES mode leaves it, writable by code (``readonly`` False), its files the
run's folder (the process's working directory), so that the saves' file
slots (``rollbox.store``) are written as on a PyBadge."""


class _Drive:
    """``storage.VfsFat`` as the saves use it: ``readonly``, ``open``."""

    readonly = False

    def open(self, path, mode="r"):
        return open(path.lstrip("/"), mode)


_drive = _Drive()


def getmount(path):
    """The drive (any path: the unix port has one)."""
    return _drive
