"""Rules and keys of Hog, with or without the "6 is bad" option (rules:
RULES.md 2, the family table's Hog row). The Keys lines are made here for
the board's buttons; the Symbols and Rules are games/hog/help.txt (read a
line at a time by ``rollbox.pause``). Symbols: games.hog.screen.
"""

from rollbox.controls import SELECT, START, UP


def keys(game, state, buttons):
    """The Keys lines: a tuple of str, each at most 26 characters.

    :param game: the ``games.hog.rules.HogGame``.
    :param state: its state (not used: the keys are the same all game).
    :param buttons: bitmask of the board's buttons (``rollbox.controls``).
    """
    out = ["Keys:", "shake or A: roll the dice"]
    if buttons & UP:
        out += ("UP, RIGHT, B: one more die", "DOWN, LEFT: one fewer die")
    else:
        out.append("B: one more die (24 to 1)")
    out.append("START: pause menu" if buttons & START else "A+B held 1 s: pause menu")
    if buttons & SELECT:
        out.append("SELECT: not used")
    return tuple(out)


def values(game, state):
    """What help.txt's lines show (``%(goal)d``) and which of its
    ``@six_bad`` lines ("6 is bad")."""
    p = game.params
    return {"goal": p["goal"], "six_bad": p["six_bad"]}
