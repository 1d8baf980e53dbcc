"""Computer seats: a policy maps a state to an action.

The baseline for the Pig family is "hold at 20" (Neller & Presser, "Optimal
Play of the Dice Game Pig", UMAP Journal 2004, the simple policy they
compare against), also holding whenever the hold wins.
"""

from games.pig import HOLD, ROLL


def hold_at_20(state):
    """Pig-family policy: HOLD when the turn total is 20 or more, or when
    holding reaches the goal; otherwise ROLL. ``state`` is at a decision node."""
    if HOLD not in state.legal_actions():
        return ROLL
    tt = state.turn_total
    score = state.scores[state.turn_player()]
    if tt >= 20 or score + tt >= state.game.params["goal"]:
        return HOLD
    return ROLL
