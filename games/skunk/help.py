"""Rules and keys of SKUNK (rules: RULES.md 2, "SKUNK (group game on two
dice)"). The Keys lines are made here for the board's buttons and the
table's size; the Symbols and Rules are games/skunk/help.txt (read a line
at a time by ``rollbox.pause``). Keys and symbols: games.skunk.screen (its
module docstring).
"""

from rollbox.controls import SELECT, START, UP


def keys(game, state, buttons):
    """The Keys lines: a tuple of str, each at most 26 characters (a line
    starting with a space goes on with the one above).

    :param game: the ``games.skunk.rules.SkunkGame`` (its players).
    :param state: its state (not used: the keys are the same all game).
    :param buttons: bitmask of the board's buttons (``rollbox.controls``):
        with UP (8 buttons) each seat sits with its own button.
    """
    out = ["Keys:", "shake or A: the shooter", " rolls for the table"]
    if buttons & UP:
        out += ("Each seat sits with its", " own button: P1 LEFT, P2",
                " UP, P3 RIGHT, P4 DOWN, P5", " SELECT, P6 START, P7 B,",
                " P8 A.", "With a human P8 only a", " shake rolls.",
                "Rows: < ^ > v Sel Sta B A,", " the status: the keys of", " the seats standing.")
    else:
        out += ("B: next seat on the list", "A: sit that seat, or roll")
        if buttons & SELECT:
            out.append("SELECT: not used")
    if buttons & START and not (buttons & UP and game.num_players() > 5):
        out.append("START: pause menu")
    else:  # no START, or START is P6's sit button
        out.append("A+B held 1 s: pause menu")
        if buttons & START:
            out.append(" (A and B act first)")
    return tuple(out)


def values(game, state):
    """What help.txt's lines show: nothing varies."""
    return {}
