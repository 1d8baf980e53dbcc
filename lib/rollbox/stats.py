"""Lifetime statistics: games played and won, and every die's face, in one
small fixed-size record (:data:`SIZE` bytes) meant for a region of
``microcontroller.nvm`` (the store that keeps it there is not this module's).

Counted: for each game of ``rollbox.catalog.GAMES`` (7), the games played
and the games won by a seat of each kind (:data:`HUMAN`, :data:`EASY`,
:data:`MEDIUM`, :data:`HARD`, the numbering of ``rollbox.bots`` and the
menu's seats); and how often each face 1..6 came up, over every die rolled.
The face counts are a fairness check: :func:`chi_square` tests them
against six equal chances.

Record layout (:data:`SIZE` = 100 bytes, little-endian):

====== ===== ===========================================================
offset bytes
====== ===== ===========================================================
0      2     magic ``b"RS"``
2      1     layout version (1)
3      1     number of games (7)
4      70    per game: played, then won by human, easy, medium, hard
             (5 x u16 each, saturating at 65535)
74     24    faces 1..6 (u32 each, saturating at 4294967295)
98     2     CRC-16/CCITT-FALSE of bytes 0..97
====== ===== ===========================================================

A record that fails any check (size, magic, version, game count, CRC, a
game with more wins of a kind than games played) loads as fresh zero
statistics. Recording a face is a few byte operations on the record
itself: no allocation (it is called for every die in play).

Depends on: micropython (const) only.
"""

from micropython import const

try:
    from typing import Iterable, List, Tuple  # noqa: F401  (type hints only)
except ImportError:
    pass

HUMAN = const(0)
EASY = const(1)
MEDIUM = const(2)
HARD = const(3)
KINDS = const(4)
GAMES = const(7)  # len(rollbox.catalog.GAMES)
SIZE = const(100)  # bytes in a record (see the module docstring)
DOF = const(5)  # degrees of freedom of the six-face chi-square test

# Verdicts of chi_square().
FAIR = const(0)  # below the p = 0.05 critical value
ODD = const(1)  # p < 0.05: one fair set of dice in 20 gets here
UNFAIR = const(2)  # p < 0.001
FEW = const(3)  # fewer than MIN_ROLLS dice: too few to test
MIN_ROLLS = const(30)  # 5 expected per face, the usual floor for the test

# Upper critical values of chi-square with 5 degrees of freedom, in
# thousandths: NIST/SEMATECH e-Handbook of Statistical Methods, section
# 1.3.6.7.4 "Critical Values of the Chi-Square Distribution" (nu = 5:
# 11.070 at 0.05, 20.515 at 0.001). tests/test_stats.py checks both
# against the closed-form tail of the distribution.
CHI2_P05 = const(11070)
CHI2_P001 = const(20515)

_VERSION = const(1)
_GAMES_AT = const(4)
_GAME_BYTES = const(10)
_FACES_AT = const(74)
_CRC_AT = const(98)
_U16_MAX = const(0xFFFF)


def crc16(data, end):
    """CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) of
    ``data[0:end]``; ``crc16(b"123456789", 9) == 0x29B1``."""
    crc = 0xFFFF
    for i in range(end):
        crc ^= data[i] << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


class Stats:
    """Lifetime statistics in one :data:`SIZE`-byte record (``buf``).

    >>> s = Stats()
    >>> s.record_game(0, (HUMAN,))   # a game of Pig won by a human seat
    >>> s.add_face(6)
    >>> Stats(s.to_bytes()).played(0)
    1

    :param data: a serialised record (bytes); invalid or None gives zeros.
    """

    def __init__(self, data=None):
        self.buf = bytearray(SIZE)
        self.load(data)

    def clear(self):
        """Zero every counter."""
        b = self.buf
        for i in range(SIZE):
            b[i] = 0
        b[0] = 0x52  # "R"
        b[1] = 0x53  # "S"
        b[2] = _VERSION
        b[3] = GAMES

    def load(self, data):
        """Take the counters of a serialised record. Returns True; on a
        record that fails a check, zeros everything and returns False."""
        if data is None or not valid(data):
            self.clear()
            return False
        b = self.buf
        for i in range(SIZE):
            b[i] = data[i]
        return True

    def to_bytes(self):
        """The record as :data:`SIZE` bytes, its CRC filled in."""
        crc = crc16(self.buf, _CRC_AT)
        self.buf[_CRC_AT] = crc & 0xFF
        self.buf[_CRC_AT + 1] = crc >> 8
        return bytes(self.buf)

    # -- recording ---------------------------------------------------------

    def record_game(self, game, winners):
        """Count a finished game: ``game`` is its index in
        ``rollbox.catalog.GAMES``; ``winners`` the seat kinds of its winning
        seats (each kind counted once, however many seats of it won; empty
        when nobody won).

        :raises ValueError: a game index or seat kind out of range (nothing
          is counted then).
        """
        if not 0 <= game < GAMES:
            raise ValueError("game index %r" % (game,))
        kinds = 0
        for kind in winners:
            if not 0 <= kind < KINDS:
                raise ValueError("seat kind %r" % (kind,))
            kinds |= 1 << kind
        at = _GAMES_AT + game * _GAME_BYTES
        self._inc16(at)
        for kind in range(KINDS):
            if kinds >> kind & 1:
                self._inc16(at + 2 + 2 * kind)

    def add_face(self, face):
        """Count one die showing ``face`` (1..6). No allocation.

        :raises ValueError: a face outside 1..6.
        """
        if not 1 <= face <= 6:
            raise ValueError("face")
        b = self.buf
        i = _FACES_AT + (face - 1) * 4
        end = i + 4
        while i < end:
            v = b[i] + 1
            if v < 256:
                b[i] = v
                return
            b[i] = 0
            i += 1
        i = end - 4  # all four bytes carried out: stay at the maximum
        while i < end:
            b[i] = 255
            i += 1

    def add_faces(self, faces):
        """Count every face of ``faces`` (a sequence of 1..6)."""
        for face in faces:
            self.add_face(face)

    def _inc16(self, i):
        b = self.buf
        v = b[i] | b[i + 1] << 8
        if v < _U16_MAX:
            v += 1
            b[i] = v & 0xFF
            b[i + 1] = v >> 8

    # -- reading -----------------------------------------------------------

    def played(self, game):
        """Games of ``game`` played to the end."""
        return _u16(self.buf, _GAMES_AT + game * _GAME_BYTES)

    def won(self, game, kind):
        """Games of ``game`` won by a seat of ``kind``."""
        return _u16(self.buf, _GAMES_AT + game * _GAME_BYTES + 2 + 2 * kind)

    def face(self, face):
        """How often ``face`` (1..6) was rolled."""
        i = _FACES_AT + (face - 1) * 4
        b = self.buf
        return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24

    def faces(self):
        """The six face counts, 1 first (a new list)."""
        return [self.face(f) for f in range(1, 7)]

    def rolls(self):
        """Dice rolled in all."""
        n = 0
        for f in range(1, 7):
            n += self.face(f)
        return n


def _u16(b, i):
    return b[i] | b[i + 1] << 8


def valid(data):
    """True when ``data`` is a whole, undamaged record of this layout."""
    try:
        if len(data) != SIZE:
            return False
        if data[0] != 0x52 or data[1] != 0x53 or data[2] != _VERSION or data[3] != GAMES:
            return False
        if crc16(data, _CRC_AT) != _u16(data, _CRC_AT):
            return False
    except TypeError:
        return False
    for g in range(GAMES):
        at = _GAMES_AT + g * _GAME_BYTES
        played = _u16(data, at)
        for k in range(KINDS):
            if _u16(data, at + 2 + 2 * k) > played:
                return False
    return True


def chi_square(counts):
    """Pearson's chi-square of six face counts against a fair die.

    Returns ``(statistic, dof, verdict)``: the statistic (a float, for
    display), :data:`DOF` (5), and :data:`FAIR`, :data:`ODD` (at or above
    11.070, p < 0.05), :data:`UNFAIR` (at or above 20.515, p < 0.001) or
    :data:`FEW` (fewer than :data:`MIN_ROLLS` dice). The verdict is decided
    in exact integers: statistic = sum((6c - n)^2) / (6n) for n dice.

    >>> chi_square([10, 10, 10, 10, 10, 10])
    (0.0, 5, 0)

    :raises ValueError: not six counts.
    """
    if len(counts) != 6:
        raise ValueError("six face counts")
    n = 0
    for c in counts:
        n += c
    s = 0
    for c in counts:
        d = 6 * c - n
        s += d * d
    if n == 0:
        return 0.0, DOF, FEW
    statistic = s / (6 * n)
    if n < MIN_ROLLS:
        verdict = FEW
    elif 1000 * s >= CHI2_P001 * 6 * n:
        verdict = UNFAIR
    elif 1000 * s >= CHI2_P05 * 6 * n:
        verdict = ODD
    else:
        verdict = FAIR
    return statistic, DOF, verdict
