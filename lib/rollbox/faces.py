"""The pips of a die's faces 1..6, drawn once into a face sheet
(``rollbox.view.FaceSheet``, which loads this module and unloads it once
the faces are drawn).

The rules (issue 14: a 6 is six pips, never two bars): pips a sixth of the
face (at least 2 pixels), gaps between pips of at least 2 pixels and half
a pip, margins of at least 1 pixel; pips of 4 pixels and more are round.
"""

from micropython import const

# Pips of each face on a 3x3 grid (column, row): faces 1..6.
_PIPS = (((1, 1),), ((0, 0), (2, 2)), ((0, 0), (1, 1), (2, 2)),
         ((0, 0), (2, 0), (0, 2), (2, 2)), ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
         ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)))
_ROUND_PIP = const(4)  # pips from this side (pixels) are round, smaller ones square


def pip_grid(tile):
    """``(side, start, pitch)`` pixels of the 3x3 pip grid on a ``tile``
    pixel face: pip side about a sixth of the face (at least 2), gaps of at
    least 2 pixels and half a pip, the rest the margins (at least 1; the
    right one may be a pixel wider). E.g. 12 -> (2, 1, 4), 15 -> (3, 1, 5),
    40 -> (7, 5, 11)."""
    side = max(2, (tile + 3) // 6)
    rest = tile - 3 * side
    gap = max(2, (side + 1) // 2, rest // 4)
    return side, (rest - 2 * gap) // 2, side + gap


def draw(bitmap, tile):
    """Faces 1..6 into tiles 1..6 of ``bitmap`` (tiles of ``tile`` pixels
    side by side from x 0), the "not rolled yet" mark (a "?") into tile 0;
    tile 7 stays blank. Pips set to 1, each ``side`` pixels square, round
    from ``_ROUND_PIP`` on (the corners off a circle of diameter ``side``)."""
    # The "not rolled yet" mark (issue 24, item 5: a blank die looked like
    # a missing picture): a question mark of 3 x 6 cells, centred; its
    # rows as bits, the left column the highest.
    cell = max(1, tile // 10)
    x0 = (tile - 3 * cell) // 2
    y0 = (tile - 6 * cell) // 2
    for row in range(6):
        for col in range(3):
            if b"\x07\x01\x03\x02\x00\x02"[row] >> (2 - col) & 1:
                for j in range(cell):
                    for i in range(cell):
                        bitmap[x0 + col * cell + i, y0 + row * cell + j] = 1
    side, start, pitch = pip_grid(tile)
    for face in range(1, 7):
        for col, row in _PIPS[face - 1]:
            x = face * tile + start + col * pitch
            y = start + row * pitch
            for j in range(side):
                for i in range(side):
                    u = 2 * i + 1 - side
                    v = 2 * j + 1 - side
                    if side < _ROUND_PIP or u * u + v * v <= side * side:
                        bitmap[x + i, y + j] = 1
