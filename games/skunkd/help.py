"""Rules and keys of SKUNK'D (rules: RULES.md 1, "Turn", "Scoring
combinations", "End of game", "Before play"). The Keys lines are made
here for the board's buttons; the Symbols and Rules are
games/skunkd/help.txt (read a line at a time by ``rollbox.pause``). Keys
and symbols: games.skunkd.screen (its module docstring) and
games.skunkd.options.
"""

from rollbox.controls import LEFT, SELECT, START


def keys(game, state, buttons):
    """The Keys lines: a tuple of str, each at most 26 characters (a line
    starting with a space goes on with the one above).

    :param game: the ``games.skunkd.rules.SkunkdGame``.
    :param state: its state (not used: the keys are the same all game).
    :param buttons: bitmask of the board's buttons (``rollbox.controls``).
    """
    out = ["Keys:", "shake or A: roll", "B: bank the den", "Picking a keep:"]
    if buttons & LEFT:
        out += ("LEFT, RIGHT: move the bar", "UP, DOWN: die in or out",
                "A: keep; B: keep and bank")
    else:
        out += ("B: move the bar, then to", " next keep, keep", "A: die in/out, or the item")
    if buttons & SELECT:
        out.append("SELECT: next keep by value")
    out.append("shake: keep, roll the rest")
    if buttons & LEFT:
        out += ("Goal and entry: LEFT goal,", " RIGHT entry, UP/DOWN",
                " value, B: switch, A: ok")
    else:
        out += ("Goal and entry: B: next,", " A: change it, or ok")
    out.append("START: pause menu" if buttons & START else "A+B held 1 s: pause menu")
    return tuple(out)


def values(game, state):
    """What help.txt's lines show (``%(goal)d``, ``%(entry)d``: the house
    options; the rules' defaults, 10000 and 500, while ``state`` is
    None)."""
    if state is None:
        return {"goal": 10000, "entry": 500}
    return {"goal": state.goal, "entry": state.entry}
