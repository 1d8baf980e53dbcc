"""Host platform: stand-ins for the board APIs so device code runs on CPython.

`activate()` puts `tools/host/modules` (the stand-in `board`, `keypad`,
`supervisor`, `busio`, `adafruit_gizmo`) first on sys.path, then the
project's `lib/` (and its root last, for `games`), so device code imports exactly as on a board.
Device code never imports this package.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def activate():
    """Make the stand-ins and the project importable (idempotent)."""
    os.environ.setdefault("BLINKA_FORCEBOARD", "GENERIC_LINUX_PC")
    os.environ.setdefault("BLINKA_FORCECHIP", "GENERIC_X86")
    for path in (os.path.join(ROOT, "lib"), os.path.join(HERE, "modules")):
        if path in sys.path:
            sys.path.remove(path)
        sys.path.insert(0, path)
    # The project root (for `games`) goes last: its code.py must not hide the
    # standard library's `code` module (pdb imports it).
    if ROOT not in sys.path:
        sys.path.append(ROOT)
