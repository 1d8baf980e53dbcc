"""Computer seats for the Pig family (Pig, Two-Dice Pig, Big Pig).

The baseline is "hold at 20" (Neller & Presser, "Optimal Play of the Dice
Game Pig", UMAP Journal 2004, the simple policy they compare against), also
holding whenever the hold wins.
"""

from games.pig import HOLD, ROLL


def choose(state, level=1):
    """HOLD when the turn total is 20 or more, or when holding reaches the
    goal; otherwise ROLL. ``state`` is a ``PigState`` at a decision node."""
    if state.turn_total <= 0:
        return ROLL
    tt = state.turn_total
    score = state.scores[state.turn_player()]
    if tt >= 20 or score + tt >= state.game.params["goal"]:
        return HOLD
    return ROLL
