"""Rules and keys of Skull & Dragon (rules: RULES.md 3). The Keys lines
are made here for the board's buttons; the Symbols and Rules are
games/skull_dragon/help.txt (read a line at a time by ``rollbox.pause``).
Keys and symbols: games.skull_dragon.screen (its module docstring).
"""

from rollbox.controls import LEFT, SELECT, START


def keys(game, state, buttons):
    """The Keys lines: a tuple of str, each at most 26 characters (a line
    starting with a space goes on with the one above).

    :param game: the ``games.skull_dragon.rules.SkullDragonGame``.
    :param state: its state (not used: the keys are the same all game).
    :param buttons: bitmask of the board's buttons (``rollbox.controls``).
    """
    out = ["Keys:", "Pick a die: A skull die,", " B dragon die, shake the",
           " framed one"]
    if buttons & LEFT:
        out += ("LEFT, UP: frame the skull", "RIGHT, DOWN: frame dragon")
    out += ("First die: A accepts it,", " B or shake multiplies", "Target: A over, B under",
            "Success: A go on, B book",
            "START: pause menu" if buttons & START else "A+B held 1 s: pause menu")
    if buttons & SELECT:
        out.append("SELECT: not used")
    return tuple(out)


def values(game, state):
    """What help.txt's lines show: nothing varies."""
    return {}
