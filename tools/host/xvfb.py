"""An X server for the window where the machine has no screen: Debian's
Xvfb (``apt install xvfb``), started on a free display number.

Used by the window tests (``x_display`` in tests/conftest.py) and
``tools/bench_window``; ``make play`` on a desktop needs none.
"""
import os
import shutil
import subprocess
import time


class NoDisplay(RuntimeError):
    """No X display can be had (the message says why)."""


def start(first=90):
    """Start Xvfb on the first free display from ``first``; returns
    ``(display, process)`` (e.g. ``(":90", Popen)``): set ``DISPLAY`` to it,
    ``process.terminate()`` when done.

    :raises NoDisplay: Xvfb is not installed or did not start within 5 s.
    """
    if shutil.which("Xvfb") is None:
        raise NoDisplay("Xvfb is not installed (apt install xvfb)")
    number = first
    while os.path.exists("/tmp/.X11-unix/X%d" % number) or \
            os.path.exists("/tmp/.X%d-lock" % number):
        number += 1
    process = subprocess.Popen(["Xvfb", ":%d" % number, "-screen", "0", "1280x1024x24",
                                "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    socket = "/tmp/.X11-unix/X%d" % number
    for _ in range(100):
        if os.path.exists(socket) or process.poll() is not None:
            break
        time.sleep(0.05)
    if not os.path.exists(socket):
        process.kill()
        process.wait()
        raise NoDisplay("Xvfb :%d did not start" % number)
    return ":%d" % number, process


class Display:
    """``with Display():`` an X display for the block: ``$DISPLAY`` if set,
    else an Xvfb started for it (``DISPLAY`` set, the server stopped after).

    :raises NoDisplay: as :func:`start`, when ``DISPLAY`` is unset.
    """

    def __enter__(self):
        self._server = None
        if not os.environ.get("DISPLAY"):
            os.environ["DISPLAY"], self._server = start()
        return os.environ["DISPLAY"]

    def __exit__(self, *exc_info):
        if self._server is not None:
            self._server.terminate()
            self._server.wait()
            del os.environ["DISPLAY"]
