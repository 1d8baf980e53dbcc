"""Help page of Skull & Dragon (rules: RULES.md 3). Keys and symbols:
games.skull_dragon.screen (its module docstring).
"""

from rollbox.controls import LEFT, SELECT, START


def lines(game, state, buttons):
    """The page: a tuple of str, each at most 26 characters.

    :param game: the ``games.skull_dragon.rules.SkullDragonGame``.
    :param state: its state (not used: the page is the same all game).
    :param buttons: bitmask of the board's buttons (``rollbox.controls``).
    """
    out = ["Keys", "Pick a die: A skull die,", "B dragon die, shake the", "framed one"]
    if buttons & LEFT:
        out += ("LEFT, UP: frame the skull", "RIGHT, DOWN: frame dragon")
    out += ("First die: A accepts it,", "B or shake multiplies", "Target: A over, B under",
            "Success: A go on, B book",
            "START: pause menu" if buttons & START else "A+B held 1 s: pause menu")
    if buttons & SELECT:
        out.append("SELECT: not used")
    out += ("Symbols", "skull face: worth 0", "dragon face: worth 7",
            "yellow frame: shake's die", "dim die: not thrown now", "red dice: a failed throw",
            '">": the player to act', "you, cpu: human, computer",
            "OVER, UNDER: the direction",
            "Round 2/4: 2nd of 4 rounds", "Tie round: the lead tied", "Rules",
            "1st throw sets the target;",
            "say over or under. Each", "throw >= (over) or <=",
            "(under) target: +1 point;",
            "a miss loses them all.")
    return tuple(out)
