"""The Skull and the Dragon symbols of Skull & Dragon's dice
(``games.skull_dragon.screen``), drawn once into a 2-bit bitmap each
when the screen is built. The screen loads this module for that and
unloads it straight after: the drawing code and shapes (about 1 KB of
heap) are not resident during play (issue 12).
"""

import bitmaptools
import displayio
from micropython import const

from games.skull_dragon.rules import DRAGON_DIE, SKULL_DIE
from rollbox.view import fill_disc

# Symbol colours (2-bit bitmaps): clear, ink, the light part (the skull's
# bone, the dragon's red scales), the dragon's eye.
_CLEAR = const(0)
_INK = const(1)
_LIGHT = const(2)
_EYE = const(3)
_SYMBOL_COLOURS = ((0, 0x000000, 0xFFFFFF, 0), (0, 0x000000, 0xA01818, 0xFFD040))  # per die

# Symbols on a 32x32 grid scaled to the die: (kind, colour, numbers...),
# kind "c" circle (x, y, r), "r" rectangle (x, y, w, h), "p" polygon (x, y
# pairs), drawn in order.
_SKULL_SHAPES = (
    ("c", _INK, 16, 13, 10),  # outline of the head
    ("r", _INK, 10, 18, 12, 10),  # outline of the jaw
    ("c", _LIGHT, 16, 13, 9),  # head
    ("r", _LIGHT, 11, 19, 10, 8),  # jaw
    ("c", _INK, 12, 13, 3),  # eye sockets
    ("c", _INK, 20, 13, 3),
    ("p", _INK, 16, 16, 14, 20, 18, 20),  # nose
    ("r", _INK, 11, 22, 10, 1),  # between the teeth rows
    ("r", _INK, 13, 19, 1, 8),  # gaps between the teeth
    ("r", _INK, 16, 19, 1, 8),
    ("r", _INK, 19, 19, 1, 8),
)
_DRAGON_SHAPES = (
    ("p", _LIGHT, 4, 29, 6, 16, 2, 3, 10, 11, 11, 2, 15, 10, 24, 12, 30, 16, 29, 19,
     19, 19, 27, 22, 24, 25, 15, 25, 13, 29),  # horned head and neck, jaws open
    ("c", _EYE, 15, 15, 2),
    ("c", _INK, 26, 16, 1),  # nostril
    ("p", _LIGHT, 6, 20, 1, 22, 6, 24),  # spikes down the neck
    ("p", _LIGHT, 5, 25, 0, 28, 5, 29),
)


def _fill_polygon(bitmap, n, value):
    """Fill the polygon of points ``n`` (x, y, x, y...) in ``bitmap``: each
    row between its edges' crossings, in pairs (even-odd)."""
    points = len(n) // 2
    for y in range(min(n[1::2]), max(n[1::2]) + 1):
        xs = []
        for i in range(points):
            x1, y1 = n[2 * i], n[2 * i + 1]
            x2, y2 = n[(2 * i + 2) % len(n)], n[(2 * i + 3) % len(n)]
            if y1 != y2 and min(y1, y2) <= y < max(y1, y2):
                xs.append(x1 + (y - y1) * (x2 - x1) // (y2 - y1))
        xs.sort()
        for i in range(0, len(xs) - 1, 2):
            bitmaptools.fill_region(bitmap, xs[i], y, xs[i + 1] + 1, y + 1, value)


def _scaled(shapes, t):
    """Each shape's numbers scaled from the 32x32 grid to a ``t``-pixel
    tile, and the box (pixels: x0, y0, x1, y1, the ends excluded) they
    cover in it."""
    out = []
    x0 = y0 = t
    x1 = y1 = 0
    for shape in shapes:
        kind = shape[0]
        n = [v * t // 32 for v in shape[2:]]
        if kind == "c":
            r = n[2] = max(1, n[2])
            box = (n[0] - r, n[1] - r, n[0] + r + 1, n[1] + r + 1)
        elif kind == "r":
            n[2], n[3] = max(1, n[2]), max(1, n[3])
            box = (n[0], n[1], n[0] + n[2], n[1] + n[3])
        else:
            box = (min(n[0::2]), min(n[1::2]), max(n[0::2]) + 1, max(n[1::2]) + 1)
        x0, y0, x1, y1 = min(x0, box[0]), min(y0, box[1]), max(x1, box[2]), max(y1, box[3])
        out.append((kind, shape[1], n))
    return out, (x0, y0, x1, y1)


def _symbol(die, shapes, colours):
    """A symbol's shapes (scaled from the 32x32 grid to the die's face
    sheet) drawn once into a 2-bit Bitmap the size of the box they cover,
    shown by a hidden TileGrid at that box in ``die``'s group (it scales
    and tumbles with the die); returns the TileGrid. A symbol shown or
    moved redraws its box, over the die's own area (displayio draws each
    item's area), so the box is no larger than the shapes: the skull's is
    half the die's (issue 26: a tumble frame within 20 ms). 0.4 KB a
    symbol at most, where vectorio shapes took about 2 KB."""
    scaled, (x0, y0, x1, y1) = _scaled(shapes, die.sheet.tile)
    bitmap = displayio.Bitmap(x1 - x0, y1 - y0, 4)
    for kind, colour, n in scaled:
        if kind == "c":
            fill_disc(bitmap, n[0] - x0, n[1] - y0, n[2], colour)
        elif kind == "r":
            bitmaptools.fill_region(bitmap, n[0] - x0, n[1] - y0, n[0] - x0 + n[2],
                                    n[1] - y0 + n[3], colour)
        else:
            _fill_polygon(bitmap, [v - (y0 if i & 1 else x0) for i, v in enumerate(n)],
                          colour)
    palette = displayio.Palette(4)
    for i in range(4):
        palette[i] = colours[i]
    palette.make_transparent(_CLEAR)
    symbol = displayio.TileGrid(bitmap, pixel_shader=palette, x=x0, y=y0)
    symbol.hidden = True
    die.group.append(symbol)
    return symbol


def symbols(dice):
    """``(skull, dragon)``: the symbols' TileGrids (hidden) in the groups of
    ``dice`` (the screen's two ``rollbox.view.Die``, skull die first)."""
    return (_symbol(dice[SKULL_DIE], _SKULL_SHAPES, _SYMBOL_COLOURS[0]),
            _symbol(dice[DRAGON_DIE], _DRAGON_SHAPES, _SYMBOL_COLOURS[1]))
