"""Rules and keys of the Pig family: Pig, Two-Dice Pig, Big Pig, each with
or without the "6 is bad" option (rules: RULES.md 2, "The Pig family" and
its table). The Keys lines are made here for the board's buttons; the
Symbols and Rules are games/pig/help.txt (read a line at a time by
``rollbox.pause``). Symbols: games.pig.screen.
"""

from games.pig.rules import BIG_PIG, PIG, TWO_DICE
from rollbox.controls import NAMES, START


def keys(game, state, buttons):
    """The Keys lines: a tuple of str, each at most 26 characters.

    :param game: the ``games.pig.rules.PigGame``.
    :param state: its state (not used: the keys are the same all game).
    :param buttons: bitmask of the board's buttons (``rollbox.controls``).
    """
    out = ["Keys:", "shake or A: roll", "B: hold (turn total > 0)",
           "START: pause menu" if buttons & START else "A+B held 1 s: pause menu"]
    rest = [NAMES[i] for i in range(3, 8) if buttons >> i & 1]
    while rest:
        out.append(" ".join(rest[:3]) + ": not used")
        rest = rest[3:]
    return tuple(out)


def values(game, state):
    """What help.txt's lines show (``%(goal)d``) and which of its
    ``@name`` lines: the variant's (``@PIG``, ``@TWO_DICE``,
    ``@BIG_PIG``), "6 is bad"'s (``@six_bad``)."""
    p = game.params
    v = p["variant"]
    return {"goal": p["goal"], "six_bad": p["six_bad"], "PIG": v == PIG,
            "TWO_DICE": v == TWO_DICE, "BIG_PIG": v == BIG_PIG}
