"""Help page of SKUNK'D (rules: RULES.md 1, "Turn", "Scoring
combinations", "End of game"). Keys and symbols: games.skunkd.screen
(its module docstring) and skunkd_setup.
"""

from rollbox.controls import LEFT, SELECT, START


def lines(game, state, buttons):
    """The page: a tuple of str, each at most 26 characters.

    :param game: the ``games.skunkd.rules.SkunkdGame``.
    :param state: its state (goal and entry: the house options), or None
        (the rules' defaults, 10000 and 500).
    :param buttons: bitmask of the board's buttons (``rollbox.controls``).
    """
    goal, entry = (10000, 500) if state is None else (state.goal, state.entry)
    out = ["Keys", "shake or A: roll", "B: bank the den", "Picking a keep:"]
    if buttons & LEFT:
        out += ("LEFT, RIGHT: move the bar", "UP, DOWN: die in or out",
                "A: keep; B: keep and bank")
    else:
        out += ("B: move the bar, then to", "next keep, keep", "A: die in/out, or the item")
    if buttons & SELECT:
        out.append("SELECT: next keep by value")
    out.append("shake: keep, roll the rest")
    if buttons & LEFT:
        out += ("Goal and entry: LEFT goal,", "RIGHT entry, UP/DOWN value",
                "B: switch, A: ok")
    else:
        out += ("Goal and entry: B: next,", "A: change it, or ok")
    out += ("START: pause menu" if buttons & START else "A+B held 1 s: pause menu",
            "Symbols", '">": the player to act', '"-": no bank yet (entry)',
            "you, cpu: human, computer",
            '"*", headband: Stinker', '"#", leader: overtime lead', '"x", out: out of overtime',
            "grey, low die: in the den", "yellow die: in the keep",
            "yellow bar: the cursor", "red dice: the SKUNK'D roll", "Skunk: the 1 face",
            "Skunk run: Single SKUNK", "mega 3s: a 3 extends it", "roll-off 112346:2: dice",
            "sorted, and Skunks rolled",
            "Rules", "Keep scoring dice (1: 100,", "5: 50, 3+ alike: Mega).",
            "None: SKUNK'D, den lost.",
            "First bank needs %d+;" % entry if entry else "Any den may be banked;",
            "%d+ starts overtime." % goal)
    return tuple(out)
