"""Seeding the dice (``random``, which ``rollbox.dice.Roller`` draws from)
once per power-on.

On the device the source is CircuitPython's ``random``: the Yasmarang
generator (CircuitPython ``shared-module/random/__init__.c``, the same
algorithm as MicroPython's ``random``). ``random.seed(n)`` sets one 32-bit
state word to ``n`` and the other three to fixed numbers, and a generator
nobody seeded seeds itself at its first draw from ``os.urandom`` or, on a
board without one, from the millisecond clock. Hence the reports:

- the same dice after every reset: a boot takes the same number of ms each
  time, so a seed from the boot tick count repeats;
- a biased first value: seeds a few ms apart give nearly the same first
  value. Under MicroPython, 600 seeds in a row and the first die each:
  chi-square 296 (5 degrees of freedom; 20.5 is p = 0.001); 61 with one
  value thrown away, 2.2 with two (``tests/mp/dice_cases.py``).

So :func:`seed_once` seeds from ``os.urandom`` where the board has one and
otherwise leaves ``random`` alone (no clock is read); the app then calls
:func:`seed_from_input` at the player's first button press or shake
sample, with the ms of that moment and the accelerometer's reading. Every
seed is hashed to 32 bits (MurmurHash3's ``fmix32`` by Austin Appleby,
public domain) so that inputs 1 ms apart give unrelated seeds, and the
first :data:`_DISCARD` values after it are thrown away.

Depends on ``random`` and, where it exists, ``os.urandom``; the hashing
uses long ints (every board with a display has them), once per seed.

The app (``rollbox.app``) loads this module at power-up and unloads it
once the dice are seeded: at once with ``os.urandom``, else after the
player's first input.

Example (the device)::

    from adafruit_ticks import ticks_ms
    if not seed.seed_once():                 # no os.urandom on this board
        ...                                  # later, the first button press:
        x, y, z = accel.acceleration         # m/s² (0, 0, 0 without one)
        seed.seed_from_input(ticks_ms(), x, y, z)
"""

import random

from micropython import const

try:
    from typing import Optional  # noqa: F401 (used in type comments)
except ImportError:
    pass

_MASK32 = const(0xFFFFFFFF)
# Yasmarang's state word before any seed: CircuitPython takes a state equal
# to it as "never seeded" and reseeds from urandom or the clock, so no seed
# may equal it (shared-module/random/__init__.c).
_UNSEEDED = const(0xEDA4BABA)
# Values thrown away after each seed. Two suffice for Yasmarang even from
# consecutive seeds (see the module docstring); four leave a margin.
_DISCARD = const(4)
# The hash's start when nothing seeded yet (any odd 32-bit number).
_START = const(0x9E3779B9)

_seed_in_use = None  # type: Optional[int]  # the 32-bit seed, None until seeded


def _fmix32(h):
    # type: (int) -> int
    """MurmurHash3's 32-bit finaliser: every input bit flips about half of
    the output bits. ``h``: 0..2**32-1."""
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & _MASK32
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & _MASK32
    return h ^ (h >> 16)


def _seed(n):
    # type: (int) -> int
    """Seed ``random`` with ``n`` (32 bits), throw :data:`_DISCARD` values
    away; returns the seed used."""
    global _seed_in_use
    n &= _MASK32
    if n == _UNSEEDED:
        n ^= 1
    _seed_in_use = n
    random.seed(n)
    for _ in range(_DISCARD):
        random.getrandbits(16)
    return n


def seed_once():
    # type: () -> bool
    """Seed ``random`` from 4 bytes of ``os.urandom`` (the board's hardware
    random number generator) at start-up.

    :returns: True when it seeded. False when the board has no
        ``os.urandom`` (missing, or it raises NotImplementedError /
        OSError): then ``random`` is left alone, no clock is read, and
        :func:`needs_input` stays True until :func:`seed_from_input`.
    """
    try:
        import os

        raw = os.urandom(4)
    except (ImportError, AttributeError, NotImplementedError, OSError):
        return False
    _seed(int.from_bytes(raw, "little"))
    return True


def needs_input():
    # type: () -> bool
    """True until :func:`seed_once` or :func:`seed_from_input` has seeded
    ``random``: the app then feeds the player's first input to
    :func:`seed_from_input` before any die is drawn."""
    return _seed_in_use is None


def seed_from_input(ticks_ms, x=0.0, y=0.0, z=0.0):
    # type: (int, float, float, float) -> int
    """Seed ``random`` from the player's first input: the moment and the
    accelerometer's noise, hashed together with any earlier seed.

    Call it at the first button press or shake sample when
    :func:`seed_once` returned False (calling it again, or after a
    urandom seed, only mixes more in; never call it per roll).

    :param ticks_ms: ms of that moment (``adafruit_ticks.ticks_ms()``);
        the player's timing, not the boot's, makes it differ per power-on.
    :param x: acceleration at that moment, m/s² (``acceleration[0]``, a
        float; raw counts work too); every distinct reading gives a
        distinct word, so the noise in its low bits counts. 0 without an
        accelerometer.
    :param y: the same, y axis.
    :param z: the same, z axis.
    :returns: the 32-bit seed used (for a log; the dice need nothing more).

    Example: ``seed.seed_from_input(ticks_ms(), *accel.acceleration)``
    """
    h = _START if _seed_in_use is None else _seed_in_use
    for word in (ticks_ms, int(x * 1000), int(y * 1000), int(z * 1000)):  # ms, mm/s²
        h = _fmix32(h ^ (word & _MASK32))
    return _seed(h)
