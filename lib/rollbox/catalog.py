"""The games on the menu, as data: nothing here imports a game.

A new rule set is a module in ``games/``, a screen in ``rollbox/screens/``
and one entry below. The app imports the one chosen game's rules, screen and
bot when a game starts (``rollbox.load``), and drops them when it ends (one
game in RAM); this module is the menu's and is unloaded in play.
"""

from micropython import const

SIX_BAD = const(1)  # the entry offers the "6 is bad" option (RULES.md 2)

_PIG_GOALS = (20, 50, 100, 150, 200)

# name, Game class, Screen class, bot module (dotted names), fixed params,
# options (SIX_BAD), fewest and most players, goals (points; () = the rules
# set the end), default goal.
GAMES = (
    ("Pig", "games.pig.PigGame", "rollbox.screens.pig.PigScreen", "rollbox.bots.pig",
     (("variant", 0),), SIX_BAD, 2, 4, _PIG_GOALS, 100),
    ("Two-Dice Pig", "games.pig.PigGame", "rollbox.screens.pig.PigScreen", "rollbox.bots.pig",
     (("variant", 1),), SIX_BAD, 2, 4, _PIG_GOALS, 100),
    ("Big Pig", "games.pig.PigGame", "rollbox.screens.pig.PigScreen", "rollbox.bots.pig",
     (("variant", 2),), SIX_BAD, 2, 4, _PIG_GOALS, 100),
    ("Hog", "games.hog.HogGame", "rollbox.screens.hog.HogScreen", "rollbox.bots.hog",
     (), SIX_BAD, 2, 4, _PIG_GOALS, 100),
    ("SKUNK'D", "games.skunkd.SkunkdGame", "rollbox.screens.skunkd.SkunkdScreen",
     "rollbox.bots.skunkd",
     (), 0, 2, 4, (), 0),
    ("SKUNK", "games.skunk.SkunkGame", "rollbox.screens.skunk.SkunkScreen", "rollbox.bots.skunk",
     (), 0, 2, 8, (), 0),
    ("Skull & Dragon", "games.skull_dragon.SkullDragonGame",
     "rollbox.screens.skull_dragon.SkullDragonScreen", "rollbox.bots.skull_dragon",
     (), 0, 2, 4, (), 0),
)
NAME, GAME, SCREEN, BOT, FIXED, OPTIONS, MIN_PLAYERS, MAX_PLAYERS, GOALS, GOAL = range(10)
