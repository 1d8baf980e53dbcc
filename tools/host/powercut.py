"""The power-cut model of the save media, in one place: what a cut at each
instant of a write leaves in the nvm (``microcontroller.ByteArray``) and
in a CIRCUITPY file (``storage.VfsFat``), and a :class:`Journal` of a run's
writes, so that a test can put the media in the state of every such cut
(tests/test_power_cut.py) and ``tools/bench_wear`` can count them.

nvm (CircuitPython ports/atmel-samd and ports/nrf common-hal/nvm/ByteArray.c):
a slice assignment reads each flash erase unit it touches, erases it and
programs it again from its start with the new bytes merged in. Each unit
of ``u`` bytes gives ``2 * u + 1`` instants, in order: ``e`` bytes of it
erased to 0xFF (``e`` = 0..u, the rest as before: an erase cut part way),
then ``p`` bytes programmed (``p`` = 1..u, the rest 0xFF). Without an
erase unit (``unit`` 0) the write is a plain byte copy: ``k`` bytes of
the slice written, ``k`` = 0..len. The last instant is the whole write.

A file written with ``open(path, "wb")`` (FatFs truncates, then writes,
then closes): instant 0 leaves the file as it was (or absent), instant
``1 + k`` leaves it holding the first ``k`` bytes of the new content
(``k`` = 0..len, the last the whole file). Other files are untouched.
"""


class PowerCut(BaseException):
    """Host-only: the power went off during a write (no ``except Exception``
    catches it: the test drops that app and starts a new one on the media)."""


def nvm_instants(start, length, unit):
    """Instants of an nvm write of ``length`` bytes at ``start`` (the last
    is the whole write); ``unit`` the erase unit in bytes, or 0."""
    if not unit:
        return length + 1
    first = start - start % unit
    units = max(1, (start + length - first + unit - 1) // unit)
    return units * (2 * unit + 1)


def nvm_torn(image, start, new, unit, instant):
    """The nvm's bytes (a new bytearray) after a cut at ``instant`` of the
    write of ``new`` at ``start`` on ``image`` (the bytes before it).

    :raises ValueError: an instant outside ``0 .. nvm_instants() - 1``.
    """
    if not 0 <= instant < nvm_instants(start, len(new), unit):
        raise ValueError("instant out of range")
    out = bytearray(image)
    if not unit:
        out[start:start + instant] = new[:instant]
        return out
    final = bytearray(image)
    final[start:start + len(new)] = new
    page = start - start % unit
    while True:
        top = min(page + unit, len(out))
        if instant <= unit:  # erasing this unit: a prefix 0xFF
            out[page:page + instant] = b"\xff" * min(instant, top - page)
            return out
        if instant <= 2 * unit:  # programming it: a prefix programmed, the rest 0xFF
            programmed = instant - unit
            out[page:top] = b"\xff" * (top - page)
            out[page:page + programmed] = final[page:page + programmed]
            return out
        out[page:top] = final[page:top]  # this unit done, the next one's turn
        instant -= 2 * unit + 1
        page += unit


def file_instants(new):
    """Instants of a file write of ``new`` (the last is the whole file)."""
    return len(new) + 2


def file_torn(old, new, instant):
    """The file's content after a cut at ``instant`` (None: no file).

    :raises ValueError: an instant outside ``0 .. file_instants() - 1``.
    """
    if not 0 <= instant < file_instants(new):
        raise ValueError("instant out of range")
    return old if instant == 0 else bytes(new[:instant - 1])


class Journal:
    """Every write to the media it is given (``nvm.journal`` and
    ``fs.journal`` set to it): entries ``("nvm", start, new, unit, image
    before)`` and ``("file", path, new, files before)`` (``files`` a dict
    path -> bytes), with the other medium's state at that moment so each
    entry alone rebuilds the media before it."""

    def __init__(self, nvm, fs):
        self.entries = []
        self.nvm = nvm
        self.fs = fs
        nvm.journal = self
        fs.journal = self

    def nvm_write(self, start, new, unit, before):
        self.entries.append(("nvm", start, bytes(new), unit, bytes(before),
                             dict(self.fs._files)))

    def file_write(self, path, new, before):
        self.entries.append(("file", path, bytes(new), bytes(self.nvm.data), dict(before)))

    def cuts(self, i):
        """``(instant, nvm bytes, files dict)`` of every cut during entry ``i``
        but its last instant (the whole write)."""
        kind, where, new = self.entries[i][:3]
        if kind == "nvm":
            unit, image, files = self.entries[i][3:]
            for t in range(nvm_instants(where, len(new), unit) - 1):
                yield t, nvm_torn(image, where, new, unit, t), files
        else:
            image, files = self.entries[i][3:]
            for t in range(file_instants(new) - 1):
                torn = dict(files)
                content = file_torn(files.get(where), new, t)
                if content is None:
                    torn.pop(where, None)
                else:
                    torn[where] = content
                yield t, bytearray(image), torn
