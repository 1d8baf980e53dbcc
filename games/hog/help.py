"""Help page of Hog, with or without the "6 is bad" option (rules:
RULES.md 2, the family table's Hog row). Symbols: games.hog.screen.
"""

from rollbox.controls import SELECT, START, UP


def lines(game, state, buttons):
    """The page: a tuple of str, each at most 26 characters.

    :param game: the ``games.hog.rules.HogGame`` (params six_bad, goal).
    :param state: its state (not used: the page is the same all game).
    :param buttons: bitmask of the board's buttons (``rollbox.controls``).
    """
    p = game.params
    bad = "1 or 6" if p["six_bad"] else "1"
    out = ["Keys", "shake or A: roll the dice"]
    if buttons & UP:
        out += ("UP, RIGHT, B: one more die", "DOWN, LEFT: one fewer die")
    else:
        out.append("B: one more die (24 to 1)")
    out.append("START: pause menu" if buttons & START else "A+B held 1 s: pause menu")
    if buttons & SELECT:
        out.append("SELECT: not used")
    out += ("Symbols", '">": the player to act', "you, cpu: human, computer",
            "rolls 5 dice: the count", "red die: bad face (%s)" % bad, "Rules",
            "Once a turn: pick how many", "dice and roll them once.",
            "Any %s: turn scores 0;" % bad, "else it scores the sum.",
            "First to %d wins." % p["goal"])
    return tuple(out)
