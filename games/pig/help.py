"""Help page of the Pig family: Pig, Two-Dice Pig, Big Pig, each with or
without the "6 is bad" option (rules: RULES.md 2, "The Pig family" and
its table). Symbols: games.pig.screen.
"""

from rollbox.controls import NAMES, START

_RULES = (
    ("Roll 1 die: add the face.", "A 1 loses the turn total."),
    ("Roll 2 dice: add the sum.", "One 1: turn total lost.", "Two 1s: whole score lost."),
    ("2 dice: sum; a double: 2x.", "One 1: turn total lost.", "1-1: +25, the turn goes on"),
)


def lines(game, state, buttons):
    """The page: a tuple of str, each at most 26 characters.

    :param game: the ``games.pig.rules.PigGame`` (params variant, six_bad, goal).
    :param state: its state (not used: the page is the same all game).
    :param buttons: bitmask of the board's buttons (``rollbox.controls``).
    """
    p = game.params
    six = p["six_bad"]
    out = ["Keys", "shake or A: roll", "B: hold (turn total > 0)",
           "START: pause menu" if buttons & START else "A+B held 1 s: pause menu"]
    rest = [NAMES[i] for i in range(3, 8) if buttons >> i & 1]
    while rest:
        out.append(" ".join(rest[:3]) + ": not used")
        rest = rest[3:]
    out += ["Symbols", '">": the player to act', "you, cpu: human, computer",
            "red die: bad face (%s)" % ("1 or 6" if six else "1"), "Turn total: at risk now",
            "Rules"]
    out += _RULES[p["variant"]]
    out += ("Hold: turn total to score.",
            "%d wins.%s" % (p["goal"], " A 6 counts as 1." if six else ""))
    return tuple(out)
