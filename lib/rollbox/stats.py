"""Lifetime statistics: games played and won, and every die's face, in one
small fixed-size record (:data:`SIZE` bytes) meant for a region of
``microcontroller.nvm`` (the store that keeps it there is not this module's).

Counted: for each game of ``rollbox.catalog.GAMES`` (7), the games played
and the games won by a seat of each kind (:data:`HUMAN`, :data:`EASY`,
:data:`MEDIUM`, :data:`HARD`, the numbering of ``rollbox.bots`` and the
menu's seats); and how often each face 1..6 came up, over every die rolled.
The face counts are a fairness check: ``rollbox.stats_screen.chi_square``
tests them against six equal chances.

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
statistics. The dice are counted by the roller (``rollbox.dice.Roller.faces``)
during a game; :func:`count_game` adds a finished game and its faces to the
record in nvm, once a game (this module is loaded for that and unloaded),
in two erase units (``rollbox.store.Store.save_both``).

Depends on: micropython (const), rollbox.slot (the CRC), rollbox.store
(:func:`count_game`'s region, imported there).
"""

from micropython import const

from rollbox.slot import crc16

HUMAN = const(0)
EASY = const(1)
MEDIUM = const(2)
HARD = const(3)
KINDS = const(4)
GAMES = const(7)  # len(rollbox.catalog.GAMES)
SIZE = const(100)  # bytes in a record (see the module docstring)
_VERSION = const(1)
_GAMES_AT = const(4)
_GAME_BYTES = const(10)
_FACES_AT = const(74)
_CRC_AT = const(98)
_U16_MAX = const(0xFFFF)


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
        crc = crc16(self.buf, 0, _CRC_AT)
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

    def add_face(self, face, n=1):
        """Count ``n`` dice showing ``face`` (1..6); a count stays at its
        maximum (4294967295) once there.

        :raises ValueError: a face outside 1..6.
        """
        if not 1 <= face <= 6:
            raise ValueError("face")
        b = self.buf
        i = _FACES_AT + (face - 1) * 4
        v = min(self.face(face) + n, 0xFFFFFFFF)  # a long int on 32-bit boards
        for k in range(4):
            b[i + k] = v >> 8 * k & 0xFF

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


def _u16(b, i):
    return b[i] | b[i + 1] << 8


def valid(data):
    """True when ``data`` is a whole, undamaged record of this layout."""
    try:
        if len(data) != SIZE:
            return False
        if data[0] != 0x52 or data[1] != 0x53 or data[2] != _VERSION or data[3] != GAMES:
            return False
        if crc16(data, 0, _CRC_AT) != _u16(data, _CRC_AT):
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


def count_game(nvm, ram, game, winners, faces, hw=None):
    """Count a finished game in the lifetime stats record and save it.

    :param nvm: the board's nvm (the record's region, ``rollbox.store``),
        or None: then ``ram`` holds the record (this power-up's only).
    :param ram: the record when there is no nvm (bytes or None).
    :param game: the game's index in ``rollbox.catalog.GAMES``.
    :param winners: the seat kinds of its winning seats.
    :param faces: how many dice showed 1..6 (six counts) in the game.
    :param hw: the ``rollbox.Hardware`` (its nvm's erase unit and
        CIRCUITPY: ``rollbox.store.open_region``), or None.
    :returns: the new record (:data:`SIZE` bytes).
    :raises ValueError: a game index or seat kind out of range (nothing is
        counted or saved).
    :raises OSError, RuntimeError: the nvm refused the write.
    """
    from rollbox import store

    region = store.open_region(nvm, store.KIND_STATS, hw)
    stats = Stats(region.load() if region is not None else ram)
    stats.record_game(game, winners)
    for f in range(6):
        if faces[f]:
            stats.add_face(f + 1, faces[f])
    data = stats.to_bytes()
    if region is not None:
        region.save_both(data)  # two erase units: a cut in any later save leaves one
    return data
