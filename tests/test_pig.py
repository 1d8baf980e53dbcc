"""The Pig family against RULES.md section 2, its examples with their numbers,
and random playouts of every preset (OpenSpiel-style invariants)."""
import random

import pig_cases
import playout
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.pig.rules import BIG_PIG, HOLD, PIG, ROLL, TWO_DICE, PigGame
from rollbox.engine import CHANCE


@pytest.mark.parametrize("case", pig_cases.CASES, ids=lambda c: c.__name__[5:])
def test_rules_cases(case):
    """RULES.md section 2's examples (tests/mp/pig_cases.py; the same cases
    run under MicroPython in test_micropython.py)."""
    case()


def test_illegal_roll_outcome_at_a_chance_node():
    s = PigGame().new_initial_state()
    s.apply_action(ROLL)
    before = s.to_bytes()
    with pytest.raises(ValueError):
        s.apply_action(0)  # chance node: faces 1..6 only
    assert s.current_player() == CHANCE and s.to_bytes() == before


def test_defaults_in_one_table():
    assert PigGame().params == {"variant": PIG, "six_bad": 0, "players": 2, "goal": 100}


def test_chance_outcomes_weights():
    s = PigGame().new_initial_state()
    s.apply_action(ROLL)
    assert list(s.chance_outcomes()) == [(f, 1) for f in range(1, 7)]
    s = PigGame(variant=BIG_PIG).new_initial_state()
    assert s.chance_outcomes() == ()
    s.apply_action(ROLL)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 36 and sum(w for _, w in outcomes) == 36
    assert {a for a, _ in outcomes} == {10 * a + b for a in range(1, 7) for b in range(1, 7)}


PRESETS = [dict(variant=v, six_bad=b, players=n, goal=g)
           for v in (PIG, TWO_DICE, BIG_PIG) for b in (0, 1) for n in (2, 4) for g in (20, 100)]


@pytest.mark.parametrize("params", PRESETS, ids=lambda p: "v%(variant)d-six%(six_bad)d-"
                         "n%(players)d-g%(goal)d" % p)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playouts(params, seed):
    rng = random.Random(seed)  # fair dice: hypothesis would shrink every roll to a 1
    game = PigGame(**params)
    s = game.new_initial_state()
    for _ in range(100000):
        if s.is_terminal():
            break
        raw = s.to_bytes()
        assert game.state_from_bytes(raw).to_bytes() == raw
        legal = s.legal_actions()
        if s.is_chance_node():
            action = rng.choice(legal)
        else:
            action = HOLD if HOLD in legal and (s.turn_total >= 12 or rng.random() < 0.3) else ROLL
        was_chance = s.is_chance_node()
        s.apply_action(action)
        assert all(x >= 0 for x in s.scores) and s.turn_total >= 0
        if was_chance:
            assert all(1 <= f <= 6 for f in s.dice)
    assert s.is_terminal()
    returns = s.returns()
    assert returns.count(1.0) == 1 and abs(sum(returns)) < 1e-9
    assert s.scores[s.winner()] >= params["goal"]
    assert sum(1 for x in s.scores if x >= params["goal"]) == 1


@pytest.mark.parametrize("variant", (PIG, TWO_DICE, BIG_PIG))
def test_golden_playthrough(variant):
    """A seeded game of each variant, action by action (tests/golden/)."""
    game = PigGame(variant=variant, goal=50)

    def hold_at_15(s, legal, rng):
        return HOLD if HOLD in legal and s.turn_total >= 15 else ROLL

    lines = playout.transcript(game, 7, choose=hold_at_15)
    playout.assert_golden("pig_%s" % ("pig", "two_dice", "big_pig")[variant], lines)


@pytest.mark.parametrize("players", (2, 3))
def test_shared_playout_checks(players):
    playout.play(PigGame(players=players, goal=30), random.Random(players))
