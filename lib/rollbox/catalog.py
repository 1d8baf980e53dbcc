"""The games on the menu, as data: nothing here imports a game.

A rule set is a package in ``games/`` (``rules``, ``screen``, ``bot``,
``help``: ``games/__init__.py`` says what each holds) and one entry below,
which names the package and its Game and Screen classes. The app imports the
one chosen game's modules when a game starts (``rollbox.load``) and drops
them when it ends (one game in RAM); this module is the menu's and is
unloaded in play.
"""

from micropython import const

SIX_BAD = const(1)  # the entry offers the "6 is bad" option (RULES.md 2)

_PIG_GOALS = (20, 50, 100, 150, 200)

# name, package (dotted), its Game class (in .rules) and Screen class (in
# .screen), fixed params,
# options (SIX_BAD), fewest and most players, goals (points; () = the rules
# set the end), default goal.
GAMES = (
    ("Pig", "games.pig", "PigGame", "PigScreen",
     (("variant", 0),), SIX_BAD, 2, 4, _PIG_GOALS, 100),
    ("Two-Dice Pig", "games.pig", "PigGame", "PigScreen",
     (("variant", 1),), SIX_BAD, 2, 4, _PIG_GOALS, 100),
    ("Big Pig", "games.pig", "PigGame", "PigScreen",
     (("variant", 2),), SIX_BAD, 2, 4, _PIG_GOALS, 100),
    ("Hog", "games.hog", "HogGame", "HogScreen",
     (), SIX_BAD, 2, 4, _PIG_GOALS, 100),
    ("SKUNK'D", "games.skunkd", "SkunkdGame", "SkunkdScreen",
     (), 0, 2, 4, (), 0),
    ("SKUNK", "games.skunk", "SkunkGame", "SkunkScreen",
     (), 0, 2, 8, (), 0),
    ("Skull & Dragon", "games.skull_dragon", "SkullDragonGame", "SkullDragonScreen",
     (), 0, 2, 4, (), 0),
)
NAME, PACKAGE, GAME, SCREEN, FIXED, OPTIONS, MIN_PLAYERS, MAX_PLAYERS, GOALS, GOAL = range(10)


def dotted(entry, column):
    """The dotted name of ``entry``'s Game class (``column`` :data:`GAME`:
    "games.pig.rules.PigGame") or Screen class (:data:`SCREEN`:
    "games.pig.screen.PigScreen"), for ``rollbox.load_class``."""
    # joined from names the board already holds as qstrs: no new one
    return ".".join((entry[PACKAGE], "rules" if column == GAME else "screen", entry[column]))
