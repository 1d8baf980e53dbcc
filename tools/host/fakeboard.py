#!/usr/bin/env python3
"""An emulated CircuitPython board on a pseudo-terminal, for mpremote and
tools/deploy without a board.

    python tools/host/fakeboard.py --root DIR [--read-only] [--hashlib]

prints the pty path (``/dev/pts/N``) and serves until killed. Importable:
``FakeBoard(root, ...).start()`` runs it on a thread, ``.port`` is the path,
``.stop()`` ends it.

What it speaks, as CircuitPython 9 does on its USB serial port:

- a running code.py that Ctrl-C interrupts ("Press any key to enter the
  REPL"), then the friendly REPL with the board's banner (one line per
  input, Ctrl-D soft reboot);
- the raw REPL (Ctrl-A: "raw REPL; CTRL-B to exit", code then Ctrl-D,
  "OK", output, Ctrl-D, error text, Ctrl-D, ">"; Ctrl-D on an empty line
  is a soft reboot, Ctrl-B back to the friendly REPL);
- raw-paste mode (Ctrl-E "A" Ctrl-A: "R\\x01", a 2-byte window, Ctrl-A for
  each window consumed, Ctrl-D to end, acknowledged with Ctrl-D).

The code it receives runs on CPython in a namespace of its own: ``open``
and the ``os`` functions CircuitPython has (``listdir``, ``stat``,
``mkdir``, ``remove``, ``rename``, ``rmdir``, ``uname``, ``getcwd``,
``sync``, ``urandom``; no ``ilistdir``) act on ``root`` as the CIRCUITPY
drive ("/"); ``sys``, ``gc``, ``time``, ``board``, ``binascii`` (with
``crc32``), ``micropython`` and, with ``hashlib=True``, ``hashlib`` import;
anything else is ``ImportError``. Errors print as CircuitPython prints them
(``OSError: [Errno 2] No such file/directory``, ``[Errno 30] Read-only
filesystem`` when ``read_only``).

Failure switches for the tests: ``stall_raw_paste=N`` stops granting
raw-paste windows (the host's writes stall) in the next N raw-paste
transfers longer than one window; ``cut_after=B`` drops the line (closes
the pty) once B bytes have been written to files in all.
"""
import argparse
import errno
import os
import select
import struct
import sys
import threading
import time
import traceback
import types
import zlib

VERSION = "9.2.1"
DATE = "2024-11-20"
MACHINES = {
    "pybadge": "Adafruit PyBadge with samd51j19",
    "edgebadge": "Adafruit EdgeBadge with samd51j19",
    "pygamer": "Adafruit PyGamer with samd51j19",
    "circuitplayground_bluefruit": "Adafruit Circuit Playground Bluefruit with nRF52840",
}
WINDOW = 128  # raw-paste flow-control window, bytes
_ERRNO_TEXT = {  # CircuitPython's wording (py/moderrno.c, translated strings)
    errno.EPERM: "Operation not permitted",
    errno.ENOENT: "No such file/directory",
    errno.EIO: "Input/output error",
    errno.EACCES: "Permission denied",
    errno.EEXIST: "File exists",
    errno.ENODEV: "Unsupported operation",
    errno.EISDIR: "Is a directory",
    errno.EINVAL: "Invalid argument",
    errno.ENOSPC: "No space left on device",
    errno.EROFS: "Read-only filesystem",
}


def cp_oserror(code):
    """An OSError worded as CircuitPython words it."""
    return OSError(code, _ERRNO_TEXT.get(code, os.strerror(code)))


class _Cut(BaseException):
    """Raised inside the device code when the line is to be dropped."""


class _Module(types.ModuleType):
    def __getattr__(self, name):
        raise AttributeError("'module' object has no attribute '%s'" % name)


def _module(name, **attrs):
    mod = _Module(name)
    for key, value in attrs.items():
        setattr(mod, key, value)
    return mod


class _UName(tuple):
    """os.uname()'s result: a tuple with named fields."""
    sysname = property(lambda self: self[0])
    nodename = property(lambda self: self[1])
    release = property(lambda self: self[2])
    version = property(lambda self: self[3])
    machine = property(lambda self: self[4])


class _File:
    """A file opened for writing: counts bytes for ``cut_after``."""

    def __init__(self, board, f):
        self._board, self._f = board, f

    def write(self, data):
        self._board.written += len(data)
        if self._board.cut_after is not None and self._board.written > self._board.cut_after:
            self._f.write(data[:len(data) // 2])  # half a chunk lands, then the line drops
            self._f.close()
            raise _Cut()
        return self._f.write(data)

    def __getattr__(self, name):
        return getattr(self._f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()


class FakeBoard:
    """The emulated board. ``root`` stands for CIRCUITPY; ``version`` is the
    CircuitPython version it reports (banner, ``os.uname()``,
    ``sys.implementation``)."""

    def __init__(self, root, read_only=False, board_id="pybadge", hashlib=False,
                 stall_raw_paste=0, cut_after=None, version=VERSION):
        self.root = os.path.realpath(root)
        self.version = version
        self.read_only = read_only
        self.board_id = board_id
        self.hashlib = hashlib
        self.stall_raw_paste = stall_raw_paste
        self.cut_after = cut_after
        self.written = 0
        self.banner = "Adafruit CircuitPython %s on %s; %s" % (
            version, DATE, MACHINES.get(board_id, "Adafruit board"))
        self.log = []  # the commands executed, for the tests
        self._master, slave = os.openpty()
        self.port = os.ttyname(slave)
        self._slave = slave  # kept open so the pty lives until stop()
        self._stop = threading.Event()
        self._thread = None
        self._mode = "running"
        self._line = bytearray()
        self._inbox = bytearray()
        self.globals = {}
        self._reset_globals()

    # ---- the line --------------------------------------------------------
    def start(self):
        import tty
        tty.setraw(self._slave)
        self._thread = threading.Thread(target=self.serve, daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        for fd in (self._master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
        self._master = self._slave = -1

    def _send(self, data):
        if isinstance(data, str):
            data = data.replace("\r\n", "\n").replace("\n", "\r\n").encode()
        while data:
            try:
                n = os.write(self._master, data)
            except BlockingIOError:
                time.sleep(0.001)
                continue
            data = data[n:]

    def _byte(self, timeout=None):
        """The next byte from the host, or None when stopping / timing out."""
        end = None if timeout is None else time.monotonic() + timeout
        while not self._inbox:
            if self._stop.is_set() or (end is not None and time.monotonic() > end):
                return None
            ready, _, _ = select.select([self._master], [], [], 0.05)
            if ready:
                try:
                    self._inbox += os.read(self._master, 4096)
                except OSError:
                    return None
        c = self._inbox[0]
        del self._inbox[0]
        return c

    def serve(self):
        try:
            while True:
                c = self._byte()
                if c is None:
                    return
                self._feed(c)
        except _Cut:
            os.close(self._master)  # the host's next read fails, as on an unplugged board
            self._master = -1

    # ---- the REPL states --------------------------------------------------
    def _feed(self, c):
        if self._mode == "running":  # code.py runs; only Ctrl-C reaches it
            if c == 3:
                self._send("\nTraceback (most recent call last):\n  File \"code.py\", line 12, "
                           "in <module>\nKeyboardInterrupt: \n\nCode done running.\n\n"
                           "Press any key to enter the REPL. Use CTRL-D to reload.\n")
                self._mode = "wait"
        elif self._mode == "wait":
            self._friendly()
        elif self._mode == "raw":
            self._raw_char(c)
        else:
            self._friendly_char(c)

    def _friendly(self):
        self._mode, self._line = "friendly", bytearray()
        self._send("\n%s\n>>> " % self.banner)

    def _friendly_char(self, c):
        if c == 1:
            self._mode, self._line = "raw", bytearray()
            self._send("raw REPL; CTRL-B to exit\r\n>")
        elif c == 3:
            self._line = bytearray()
            self._send("\n>>> ")
        elif c == 4 and not self._line:
            self._soft_reboot()
        elif c == 13:
            line, self._line = bytes(self._line), bytearray()
            self._send("\n")
            if line.strip():
                self._run(line, "single")
            self._send(">>> ")
        elif c >= 32:
            self._line.append(c)
            self._send(bytes([c]))

    def _soft_reboot(self):
        self._reset_globals()
        if self._mode == "raw":
            self._send("soft reboot\r\n")
            self._send("raw REPL; CTRL-B to exit\r\n>")
            return
        self._send("\nsoft reboot\n\nAuto-reload is on. Simply save files over USB to run them "
                   "or enter REPL to disable.\n")
        if os.path.exists(os.path.join(self.root, "code.py")):
            self._send("code.py output:\n")
            self._mode = "running"
        else:
            self._send("\nCode done running.\n\nPress any key to enter the REPL. "
                       "Use CTRL-D to reload.\n")
            self._mode = "wait"

    def _raw_char(self, c):
        if c == 1:
            self._line = bytearray()
            self._send("\r\nraw REPL; CTRL-B to exit\r\n>")
        elif c == 2:
            self._line = bytearray()
            self._friendly()
        elif c == 3:
            self._line = bytearray()
        elif c == 4 and not self._line:
            self._soft_reboot()
        elif c == 4:
            code, self._line = bytes(self._line), bytearray()
            self._send(b"OK")
            self._exec_raw(code)
        elif c == 5 and not self._line:
            if self._byte(1) == ord("A") and self._byte(1) == 1:
                self._raw_paste()
            else:
                self._send(b"R\x00")
        else:
            self._line.append(c)

    def _raw_paste(self):
        self._send(b"R\x01" + struct.pack("<H", WINDOW))
        code, remain = bytearray(), WINDOW
        stall = self.stall_raw_paste > 0
        while True:
            c = self._byte()
            if c is None:
                return
            if c == 4:
                self._send(b"\x04")
                break
            if c == 3 and stall and remain <= 0:
                # the host gave up on a stalled transfer: back to the raw REPL line
                self.stall_raw_paste -= 1
                self._line = bytearray()
                return
            code.append(c)
            remain -= 1
            if remain == 0 and not stall:
                self._send(b"\x01")
                remain = WINDOW
        self._exec_raw(bytes(code))

    def _exec_raw(self, code):
        self._run(code, "exec")
        self._send(b"\x04")
        self._send(self._err)
        self._send(b"\x04>")

    # ---- running code ------------------------------------------------------
    def _run(self, source, mode):
        """Run ``source``; stdout goes to the line, the error text to self._err."""
        self._err = b""
        self.log.append(source)
        text = source.decode("utf-8", "replace")
        if mode == "single":  # the friendly REPL shows an expression's value
            try:
                compile(text, "<stdin>", "eval")
                text = "_ = " + text.strip() + "\nif _ is not None: print(repr(_))"
            except SyntaxError:
                pass
        try:
            code = compile(text, "<stdin>", "exec")
        except SyntaxError as err:
            self._error('  File "<stdin>", line %s\nSyntaxError: invalid syntax\n' % err.lineno,
                        mode)
            return
        try:
            exec(code, self.globals)
        except _Cut:
            raise
        except Exception as err:  # the device prints every error as a traceback
            line = 1
            for frame, lineno in traceback.walk_tb(err.__traceback__):
                if frame.f_code.co_filename == "<stdin>":
                    line = lineno
            if isinstance(err, OSError) and err.errno is not None:
                text = "OSError: [Errno %d] %s" % (err.errno, _ERRNO_TEXT.get(
                    err.errno, err.strerror))
            else:
                msg = str(err)
                text = type(err).__name__ + (": " + msg if msg else "")
            self._error('Traceback (most recent call last):\n  File "<stdin>", line %d, in '
                        '<module>\n%s\n' % (line, text), mode)

    def _error(self, text, mode):
        if mode == "single":
            self._send(text)
        else:
            self._err = text.replace("\n", "\r\n").encode()

    def _print(self, *args, sep=" ", end="\n", file=None):
        self._send(sep.join(str(a) for a in args) + end)

    def _reset_globals(self):
        builtins = dict(__builtins__ if isinstance(__builtins__, dict) else vars(__builtins__))
        builtins.update(open=self._open, print=self._print, __import__=self._import,
                        input=None, exit=None, quit=None)
        self.globals = {"__builtins__": builtins, "__name__": "__main__"}
        self._modules = self._make_modules()

    def _make_modules(self):
        b = self
        mods = {
            "os": _module(
                "os", listdir=b._listdir, stat=b._stat, mkdir=b._mkdir, rmdir=b._rmdir,
                remove=b._remove, rename=b._rename, getcwd=lambda: "/", sync=lambda: None,
                urandom=os.urandom, sep="/",
                uname=lambda: _UName((MACHINES.get(b.board_id, "board").split()[-1],) * 2 + (
                    b.version, "%s on %s" % (b.version, DATE),
                    MACHINES.get(b.board_id, "Adafruit board")))),
            "sys": _module("sys", implementation=types.SimpleNamespace(
                name="circuitpython", version=tuple(int(x) for x in b.version.split(".")),
                _machine=MACHINES.get(b.board_id, "")),
                platform="MicroChip SAMD51", path=["", "/", "/lib"], version="3.4.0",
                stdout=types.SimpleNamespace(write=lambda s: b._send(s))),
            "gc": _module("gc", collect=lambda: None, mem_free=lambda: 150000),
            "time": _module("time", monotonic=time.monotonic, sleep=time.sleep),
            "board": _module("board", board_id=b.board_id),
            "binascii": _module("binascii", crc32=zlib.crc32, hexlify=__import__(
                "binascii").hexlify, unhexlify=__import__("binascii").unhexlify),
            "micropython": _module("micropython", const=lambda x: x),
        }
        if self.hashlib:
            import hashlib
            mods["hashlib"] = _module("hashlib", sha256=hashlib.sha256, sha1=hashlib.sha1)
        return mods

    def _import(self, name, globals=None, locals=None, fromlist=(), level=0):
        if name in self._modules:
            return self._modules[name]
        raise ImportError("no module named '%s'" % name)

    # ---- the CIRCUITPY drive ------------------------------------------------
    def _path(self, path):
        path = str(path)
        parts = [p for p in path.split("/") if p not in ("", ".")]
        if ".." in parts:
            raise cp_oserror(errno.ENOENT)
        return os.path.join(self.root, *parts)

    def _writable(self):
        if self.read_only:
            raise cp_oserror(errno.EROFS)

    def _call(self, fn, *args):
        try:
            return fn(*args)
        except OSError as err:
            raise cp_oserror(err.errno or errno.EIO) from None

    def _open(self, path, mode="r", *args, **kwargs):
        if any(m in mode for m in "wax+"):
            self._writable()
            return _File(self, self._call(open, self._path(path), mode))
        return self._call(open, self._path(path), mode)

    def _listdir(self, path="/"):
        return sorted(self._call(os.listdir, self._path(path)))

    def _stat(self, path):
        st = self._call(os.stat, self._path(path))
        mode = 0x4000 if os.path.isdir(self._path(path)) else 0x8000
        return (mode, 0, 0, 0, 0, 0, st.st_size if mode == 0x8000 else 0,
                int(st.st_mtime), int(st.st_mtime), int(st.st_mtime))

    def _mkdir(self, path):
        self._writable()
        self._call(os.mkdir, self._path(path))

    def _rmdir(self, path):
        self._writable()
        self._call(os.rmdir, self._path(path))

    def _remove(self, path):
        self._writable()
        if os.path.isdir(self._path(path)):
            raise cp_oserror(errno.EPERM)
        self._call(os.remove, self._path(path))

    def _rename(self, old, new):
        self._writable()
        if os.path.isdir(self._path(new)):
            raise cp_oserror(errno.EEXIST)
        self._call(os.replace, self._path(old), self._path(new))  # FAT vfs replaces a file


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--root", required=True, help="the folder that stands for CIRCUITPY")
    p.add_argument("--read-only", action="store_true",
                   help="the filesystem is read-only to code (CircuitPython's default)")
    p.add_argument("--board-id", default="pybadge", choices=sorted(MACHINES))
    p.add_argument("--hashlib", action="store_true", help="the board has hashlib")
    p.add_argument("--stall-raw-paste", type=int, default=0, metavar="N")
    p.add_argument("--cut-after", type=int, default=None, metavar="BYTES")
    args = p.parse_args(argv)
    os.makedirs(args.root, exist_ok=True)
    board = FakeBoard(args.root, read_only=args.read_only, board_id=args.board_id,
                      hashlib=args.hashlib, stall_raw_paste=args.stall_raw_paste,
                      cut_after=args.cut_after).start()
    print(board.port, flush=True)
    try:
        while board._thread.is_alive():
            board._thread.join(0.5)
    except KeyboardInterrupt:
        pass
    board.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
