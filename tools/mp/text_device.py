"""Text lines on real CircuitPython (its unix port: the C displayio and
``terminalio.Terminal``): a ``rollbox.view.TextLine`` of 12 characters and
a ``rollbox.short.ShortLine`` of 10 given a series of texts (:data:`TEXTS`),
each drawn at once. Prints per text ``drawn KIND PIXELS TILES``: the pixels
``draw`` reports and what the tiles show (a space as "_"), then ``done``.
Run by tests/test_device.py (issue 26: only the glyphs that change are
written)."""
import displayio

from rollbox.short import ShortLine, short_font
from rollbox.view import INK, label

# A menu cursor's move, a value's change, a shorter text, longer than the
# line, empty, and (after them) one glyph in a new colour: the whole line.
TEXTS = ("Game: Pig", ">Game: Pig", " Game: Pig", " Goal: 100", " Goal: 50", "Hello world, again",
         "", "Score 12")


def shown(line):
    grid = line.tilegrid
    return "".join(chr(32 + grid[i]) for i in range(line.chars)).replace(" ", "_")


def main():
    group = displayio.Group()
    lines = (("text", label(group, 0, 6, INK, 12)),
             ("short", ShortLine(group, 0, 20, short_font(), INK, 10)))
    for kind, line in lines:
        for text in TEXTS:
            line.text = text
            print("drawn", kind, line.draw(), shown(line))
        line.text = "Score 13"
        line.color = 0xFF0000  # (drawn by the next draw, as View.set_color leaves it)
        print("drawn", kind, line.draw(), shown(line))
    print("done")


main()
