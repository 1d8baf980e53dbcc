"""The Pig family against RULES.md section 2, its examples with their numbers,
and random playouts of every preset (OpenSpiel-style invariants)."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import pig
from games.pig import BIG_PIG, HOLD, PIG, ROLL, TWO_DICE, PigGame
from rollbox.engine import CHANCE, TERMINAL


def play(state, actions):
    for a in actions:
        state.apply_action(a)
    return state


def roll(state, outcome):
    """ROLL then the chance outcome (a face, or 10*first+second)."""
    return play(state, [ROLL, outcome])


def test_pig_example_from_the_sheet():
    # RULES.md 2 / seed sheet: first player rolls 5, 2, then 1: nothing scored.
    s = PigGame().new_initial_state()
    roll(s, 5)
    assert s.turn_total == 5 and s.legal_actions() == [ROLL, HOLD]
    roll(s, 2)
    assert s.turn_total == 7
    roll(s, 1)
    assert s.scores == [0, 0] and s.current_player() == 1 and s.turn_total == 0
    # The next player rolls 4-5-3-5-5 and holds: +22.
    for face in (4, 5, 3, 5, 5):
        roll(s, face)
    assert s.turn_total == 22
    s.apply_action(HOLD)
    assert s.scores == [0, 22] and s.current_player() == 0


def test_two_dice_pig_double_ones_lose_the_score():
    # RULES.md 2: "Two-Dice Pig, a score of 40 and a roll of 1-1: score becomes 0."
    s = PigGame(variant=TWO_DICE).new_initial_state()
    for outcome in (66, 66, 44, 44):  # 12 + 12 + 8 + 8
        roll(s, outcome)
    s.apply_action(HOLD)
    roll(s, 23)
    s.apply_action(HOLD)
    assert s.scores == [40, 5]
    roll(s, 11)
    assert s.scores == [0, 5] and s.current_player() == 1 and s.turn_total == 0


def test_two_dice_pig_one_bad_face_loses_the_turn():
    s = PigGame(variant=TWO_DICE).new_initial_state()
    roll(s, 45)
    roll(s, 16)
    assert s.scores == [0, 0] and s.turn_total == 0 and s.current_player() == 1


def test_big_pig_doubles():
    # RULES.md 2: "Big Pig: 3-3 adds 12; 1-1 adds 25", and the turn goes on.
    s = PigGame(variant=BIG_PIG).new_initial_state()
    roll(s, 33)
    assert s.turn_total == 12
    roll(s, 11)
    assert s.turn_total == 37 and s.current_player() == 0
    roll(s, 12)
    assert s.turn_total == 0 and s.current_player() == 1


@pytest.mark.parametrize("variant, faces, expected", [
    (PIG, (6,), (pig.BUST, 0)),
    (TWO_DICE, (6, 3), (pig.BUST, 0)),
    (TWO_DICE, (1, 6), (pig.WIPE, 0)),   # a 6 counts exactly as a 1
    (TWO_DICE, (6, 6), (pig.WIPE, 0)),
    (BIG_PIG, (6, 6), (pig.ADD, 25)),    # ... also in doubles
    (BIG_PIG, (1, 6), (pig.ADD, 25)),
    (BIG_PIG, (5, 5), (pig.ADD, 20)),
])
def test_six_is_bad(variant, faces, expected):
    assert pig.score_roll(variant, 1, faces) == expected


def test_without_six_bad_six_scores():
    assert pig.score_roll(PIG, 0, (6,)) == (pig.ADD, 6)
    assert pig.score_roll(BIG_PIG, 0, (6, 6)) == (pig.ADD, 24)


def test_a_hold_reaching_the_goal_wins_and_nothing_after():
    s = PigGame(goal=20).new_initial_state()
    for face in (6, 6, 6):
        roll(s, face)
    assert s.turn_total == 18 and not s.is_terminal()  # reaching it by rolls does not win
    roll(s, 2)
    s.apply_action(HOLD)
    assert s.is_terminal() and s.current_player() == TERMINAL and s.winner() == 0
    assert s.returns() == [1.0, -1.0] and s.legal_actions() == []
    with pytest.raises(ValueError):
        s.apply_action(ROLL)


def test_illegal_action_leaves_state_untouched():
    s = PigGame().new_initial_state()
    before = s.to_bytes()
    with pytest.raises(ValueError):
        s.apply_action(HOLD)  # nothing to hold before the first roll
    with pytest.raises(ValueError):
        s.apply_action(7)
    s.apply_action(ROLL)
    with pytest.raises(ValueError):
        s.apply_action(0)  # chance node: faces 1..6 only
    assert s.current_player() == CHANCE
    assert PigGame().state_from_bytes(before).to_bytes() == before


@pytest.mark.parametrize("params", [
    {"variant": 3}, {"players": 1}, {"players": 9}, {"goal": 5}, {"six_bad": 2},
    {"goal": "100"}, {"colour": 1},
])
def test_bad_parameters(params):
    with pytest.raises(ValueError):
        PigGame(**params)


def test_defaults_in_one_table():
    assert PigGame().params == {"variant": PIG, "six_bad": 0, "players": 2, "goal": 100}


def test_chance_outcomes_weights():
    s = PigGame().new_initial_state()
    s.apply_action(ROLL)
    assert s.chance_outcomes() == [(f, 1) for f in range(1, 7)]
    s = PigGame(variant=BIG_PIG).new_initial_state()
    assert s.chance_outcomes() == []
    s.apply_action(ROLL)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 36 and sum(w for _, w in outcomes) == 36
    assert {a for a, _ in outcomes} == {10 * a + b for a in range(1, 7) for b in range(1, 7)}


@pytest.mark.parametrize("data", [b"", b"\x00" * 10, bytes([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
                                  bytes([0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
                                  bytes([0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0]),
                                  bytes([0, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0])])
def test_corrupt_bytes_are_refused(data):
    with pytest.raises(ValueError):
        PigGame().state_from_bytes(data)


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
