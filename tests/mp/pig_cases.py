"""RULES.md section 2 examples and whole seeded games of every Pig preset,
written to run unchanged under MicroPython (tests/mp/runner.py) and CPython
(tests/test_pig.py). Each ``case_*`` function raises AssertionError on a
failure."""
from lcg import Lcg

from games.pig import rules as pig
from games.pig.rules import BIG_PIG, HOLD, PIG, ROLL, TWO_DICE, PigGame


def _roll(s, outcome):
    s.apply_action(ROLL)
    s.apply_action(outcome)


def case_pig_sheet_example():
    # First player rolls 5, 2, then 1: nothing scored. Next player rolls
    # 4-5-3-5-5 and holds: +22 (RULES.md 2, the sheet's example).
    s = PigGame().new_initial_state()
    _roll(s, 5)
    assert s.turn_total == 5 and s.legal_actions() == [ROLL, HOLD]
    _roll(s, 2)
    assert s.turn_total == 7
    _roll(s, 1)
    assert s.scores == [0, 0] and s.current_player() == 1 and s.turn_total == 0
    for face in (4, 5, 3, 5, 5):
        _roll(s, face)
    assert s.turn_total == 22
    s.apply_action(HOLD)
    assert s.scores == [0, 22] and s.current_player() == 0


def case_two_dice_pig_double_ones_lose_the_score():
    # "Two-Dice Pig, a score of 40 and a roll of 1-1: score becomes 0."
    s = PigGame(variant=TWO_DICE).new_initial_state()
    for outcome in (66, 66, 44, 44):  # 12 + 12 + 8 + 8
        _roll(s, outcome)
    s.apply_action(HOLD)
    _roll(s, 23)
    s.apply_action(HOLD)
    assert s.scores == [40, 5]
    _roll(s, 11)
    assert s.scores == [0, 5] and s.current_player() == 1 and s.turn_total == 0


def case_two_dice_pig_one_bad_face_loses_the_turn():
    s = PigGame(variant=TWO_DICE).new_initial_state()
    _roll(s, 45)
    _roll(s, 16)
    assert s.scores == [0, 0] and s.turn_total == 0 and s.current_player() == 1


def case_big_pig_doubles():
    # "Big Pig: 3-3 adds 12; 1-1 adds 25", and the turn goes on.
    s = PigGame(variant=BIG_PIG).new_initial_state()
    _roll(s, 33)
    assert s.turn_total == 12
    _roll(s, 11)
    assert s.turn_total == 37 and s.current_player() == 0
    _roll(s, 12)
    assert s.turn_total == 0 and s.current_player() == 1


def case_hold_reaching_the_goal_wins():
    s = PigGame(goal=20).new_initial_state()
    for face in (6, 6, 6):
        _roll(s, face)
    assert s.turn_total == 18 and not s.is_terminal()
    _roll(s, 2)
    s.apply_action(HOLD)
    assert s.is_terminal() and s.winner() == 0 and s.returns() == [1.0, -1.0]
    try:
        s.apply_action(ROLL)
    except ValueError:
        pass
    else:
        raise AssertionError("a finished game took a roll")


def case_illegal_action_refused():
    s = PigGame().new_initial_state()
    before = s.to_bytes()
    for bad in (HOLD, 7):
        try:
            s.apply_action(bad)
        except ValueError:
            pass
        else:
            raise AssertionError("illegal action %r taken" % bad)
    assert s.to_bytes() == before


def case_six_is_bad():
    # "a 6 counts exactly as a 1 would, also in doubles" (RULES.md 2).
    expected = [
        (PIG, (6,), (pig.BUST, 0)), (TWO_DICE, (6, 3), (pig.BUST, 0)),
        (TWO_DICE, (1, 6), (pig.WIPE, 0)), (TWO_DICE, (6, 6), (pig.WIPE, 0)),
        (BIG_PIG, (6, 6), (pig.ADD, 25)), (BIG_PIG, (1, 6), (pig.ADD, 25)),
        (BIG_PIG, (5, 5), (pig.ADD, 20)),
    ]
    for variant, faces, result in expected:
        assert pig.score_roll(variant, 1, faces) == result, (variant, faces)
    assert pig.score_roll(PIG, 0, (6,)) == (pig.ADD, 6)
    assert pig.score_roll(BIG_PIG, 0, (6, 6)) == (pig.ADD, 24)


def case_bad_parameters_refused():
    for params in ({"variant": 3}, {"players": 1}, {"players": 9}, {"goal": 5},
                   {"six_bad": 2}, {"goal": "100"}, {"colour": 1}):
        try:
            PigGame(**params)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (params,))


def case_corrupt_bytes_refused():
    for data in (b"", b"\x00" * 10, bytes([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
                 bytes([0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
                 bytes([0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0]),
                 bytes([0, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0])):
        try:
            PigGame().state_from_bytes(data)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (data,))


def play_game(variant, six_bad, players, goal, seed):
    """A whole game, every seat holding at 20 (or when the hold wins), dice
    from a fixed stream; returns (winner, scores, rolls)."""
    game = PigGame(variant=variant, six_bad=six_bad, players=players, goal=goal)
    s = game.new_initial_state()
    rng = Lcg(seed)
    rolls = 0
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[rng.below(len(outcomes))][0])
            rolls += 1
        else:
            tt = s.turn_total
            wins = s.scores[s.turn_player()] + tt >= goal
            s.apply_action(HOLD if tt and (tt >= 20 or wins) else ROLL)
        raw = s.to_bytes()
        assert game.state_from_bytes(raw).to_bytes() == raw
    return s.winner(), s.scores, rolls


PRESETS = [(v, b, n, g) for v in (PIG, TWO_DICE, BIG_PIG) for b in (0, 1)
           for n in (2, 4) for g in (20, 100)]


def case_every_preset_plays_to_a_winner():
    for variant, six_bad, players, goal in PRESETS:
        winner, scores, rolls = play_game(variant, six_bad, players, goal, 7)
        assert 0 <= winner < players and scores[winner] >= goal and rolls > 0
        assert len([x for x in scores if x >= goal]) == 1


CASES = [case_pig_sheet_example, case_two_dice_pig_double_ones_lose_the_score,
         case_two_dice_pig_one_bad_face_loses_the_turn, case_big_pig_doubles,
         case_hold_reaching_the_goal_wins, case_illegal_action_refused,
         case_six_is_bad, case_bad_parameters_refused, case_corrupt_bytes_refused,
         case_every_preset_plays_to_a_winner]
