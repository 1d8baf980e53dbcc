"""RULES.md section 3 (Skull & Dragon): its two worked examples with exactly
their numbers, the rules around them, and a whole seeded game, written to
run unchanged under MicroPython (tests/mp/runner.py) and CPython
(tests/test_skull_dragon.py). Each ``case_*`` function raises AssertionError
on a failure."""
from lcg import Lcg

from games.skull_dragon import bot
from games.skull_dragon.rules import (
    ACCEPT,
    ACCEPT_OR_MULTIPLY,
    AFTER_SUCCESS,
    BOOK,
    DIRECTION,
    DRAGON,
    DRAGON_DIE,
    FAIL,
    FIRST_ROLL,
    MULTIPLY,
    NO_EVENT,
    OVER,
    PICK_DIE,
    ROLL_DRAGON,
    ROLL_SKULL,
    SECOND_ROLL,
    SKULL,
    SKULL_DIE,
    SUCCESS,
    TARGET_SET,
    UNDER,
    SkullDragonGame,
    succeeds,
)
from rollbox.engine import CHANCE, TERMINAL


def throw(s, die, first, second=-1):
    """One throw: roll ``die`` (ROLL_SKULL / ROLL_DRAGON) showing ``first``,
    then ACCEPT, or MULTIPLY with the other die showing ``second``."""
    s.apply_action(die)
    s.apply_action(first)
    if second < 0:
        s.apply_action(ACCEPT)
    else:
        s.apply_action(MULTIPLY)
        s.apply_action(second)


def refused(s, action):
    before = s.to_bytes()
    try:
        s.apply_action(action)
    except ValueError:
        assert s.to_bytes() == before, "a refused action changed the state"
        return
    raise AssertionError("illegal action %r taken" % (action,))


def case_first_example():
    # "target 2 (skull die alone), over; dragon 4 -> 1 point, target 4;
    # dragon 3 then skull 3 -> 9 -> 2 points; dragon 7 x skull 6 = 42 ->
    # 3 points; book 3" (RULES.md 3).
    s = SkullDragonGame().new_initial_state()
    assert s.legal_actions() == [ROLL_SKULL, ROLL_DRAGON] and s.target == -1
    s.apply_action(ROLL_SKULL)
    assert s.phase == FIRST_ROLL and s.current_player() == CHANCE and s.first_die == SKULL_DIE
    s.apply_action(2)
    assert s.phase == ACCEPT_OR_MULTIPLY and s.first_value == 2 and s.dice == [2, -1]
    assert s.action_to_string(ACCEPT) == "accept 2"
    s.apply_action(ACCEPT)
    assert s.target == 2 and s.result == 2 and s.last_event == TARGET_SET
    assert s.phase == DIRECTION and s.legal_actions() == [OVER, UNDER] and s.turn_points == 0
    s.apply_action(OVER)
    assert s.direction == OVER and s.phase == PICK_DIE and s.current_player() == 0
    throw(s, ROLL_DRAGON, 4)
    assert s.dice == [-1, 4] and s.result == 4 and s.last_event == SUCCESS
    assert s.turn_points == 1 and s.target == 4 and s.phase == AFTER_SUCCESS
    assert s.legal_actions() == [ROLL_SKULL, ROLL_DRAGON, BOOK]
    throw(s, ROLL_DRAGON, 3, 3)
    assert s.dice == [3, 3] and s.result == 9 and s.turn_points == 2 and s.target == 9
    throw(s, ROLL_DRAGON, DRAGON, 6)
    assert s.dice == [6, 7] and s.result == 42 and s.turn_points == 3 and s.target == 42
    assert s.last_event == SUCCESS and s.action_to_string(BOOK) == "book 3"
    s.apply_action(BOOK)
    assert s.scores == [3, 0] and s.current_player() == 1 and s.phase == PICK_DIE
    assert s.target == -1 and s.direction == 0 and s.turn_points == 0
    assert s.result == 42 and s.last_event == SUCCESS  # the last throw stays on show


def case_second_example():
    # "skull 6 x dragon 4 = 24, under; skull 3 then dragon 3 = 9 -> 1 point,
    # target 9; skull 2 then dragon 5 = 10 > 9 -> fail, 0 points" (RULES.md 3).
    s = SkullDragonGame().new_initial_state()
    throw(s, ROLL_SKULL, 6, 4)
    assert s.target == 24 and s.dice == [6, 4] and s.last_event == TARGET_SET
    s.apply_action(UNDER)
    throw(s, ROLL_SKULL, 3, 3)
    assert s.result == 9 and s.turn_points == 1 and s.target == 9 and s.direction == UNDER
    s.apply_action(ROLL_SKULL)
    assert s.dice == [-1, -1] and s.result == -1 and s.last_event == NO_EVENT
    s.apply_action(2)
    s.apply_action(MULTIPLY)
    assert s.phase == SECOND_ROLL and s.rolling_die() == DRAGON_DIE
    s.apply_action(5)
    assert s.result == 10 and s.dice == [2, 5] and s.last_event == FAIL
    assert s.scores == [0, 0] and s.turn_points == 0 and s.current_player() == 1
    assert s.target == -1 and s.direction == 0 and s.phase == PICK_DIE


def case_equal_result_succeeds_both_ways():
    for direction in (OVER, UNDER):
        s = SkullDragonGame().new_initial_state()
        throw(s, ROLL_SKULL, 4)
        s.apply_action(direction)
        throw(s, ROLL_DRAGON, 4)
        assert s.last_event == SUCCESS and s.turn_points == 1 and s.target == 4, direction
        throw(s, ROLL_SKULL, 2, 2)  # 2 x 2 = 4 equals the target again
        assert s.last_event == SUCCESS and s.turn_points == 2, direction
    assert succeeds(OVER, 9, 9) and succeeds(UNDER, 9, 9)
    assert succeeds(OVER, 9, 10) and not succeeds(UNDER, 9, 10)
    assert succeeds(UNDER, 9, 8) and not succeeds(OVER, 9, 8)


def case_skull_times_anything_is_zero():
    for dragon in (1, 2, 3, 4, 5, DRAGON):
        s = SkullDragonGame().new_initial_state()
        throw(s, ROLL_SKULL, SKULL, dragon)
        assert s.result == 0 and s.target == 0 and s.dice == [0, dragon]
        s = SkullDragonGame().new_initial_state()
        throw(s, ROLL_DRAGON, dragon, SKULL)
        assert s.result == 0 and s.target == 0 and s.dice == [0, dragon]
    # Target 0 over: anything at all succeeds; under: only 0 does.
    s = SkullDragonGame().new_initial_state()
    throw(s, ROLL_SKULL, SKULL)
    s.apply_action(UNDER)
    throw(s, ROLL_DRAGON, DRAGON, SKULL)
    assert s.last_event == SUCCESS and s.turn_points == 1 and s.target == 0
    throw(s, ROLL_DRAGON, 1)
    assert s.last_event == FAIL and s.scores == [0, 0] and s.current_player() == 1


def turn(s, points):
    """A scripted turn: target 1 (dragon 1), over; ``points`` successes
    (dragon 1 again) and book, or with 0 a failed attempt (Skull)."""
    throw(s, ROLL_DRAGON, 1)
    s.apply_action(OVER)
    for _ in range(points):
        throw(s, ROLL_DRAGON, 1)
    if points:
        s.apply_action(BOOK)
    else:
        throw(s, ROLL_SKULL, SKULL)


def case_tie_after_round_four_plays_a_fifth():
    s = SkullDragonGame().new_initial_state()
    for rnd in range(4):
        assert s.round == rnd and s.turn_player() == 0
        turn(s, 1)
        turn(s, 1)
    assert s.scores == [4, 4] and not s.is_terminal() and s.winners() == []
    assert s.round == 4 and s.current_player() == 0 and s.returns() == [0.0, 0.0]
    turn(s, 0)
    assert not s.is_terminal() and s.current_player() == 1
    turn(s, 2)
    assert s.is_terminal() and s.current_player() == TERMINAL and s.round == 4
    assert s.scores == [4, 6] and s.winner() == 1 and s.winners() == [1]
    assert s.returns() == [-1.0, 1.0] and s.legal_actions() == []
    refused(s, ROLL_SKULL)


def case_bad_parameters_refused():
    for params in ({"players": 1}, {"players": 9}, {"players": "2"}, {"goal": 100}):
        try:
            SkullDragonGame(**params)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (params,))
    assert SkullDragonGame().params == {"players": 2}


def case_corrupt_bytes_refused():
    # Bytes: phase, player, winner+1, direction, first_die+1, first_value+1,
    # skull+1, dragon+1, last_event, target+1, result+1, round, turn points
    # (2 bytes each), scores (2 each). tests/test_skull_dragon.py tries more.
    game = SkullDragonGame()
    s = game.new_initial_state()
    throw(s, ROLL_SKULL, 6, 4)
    good = s.to_bytes()
    assert len(good) == 19 and game.state_from_bytes(good).to_bytes() == good
    for index, value in ((0, 7), (1, 2), (2, 1), (3, 3), (6, 2), (7, 7), (10, 21), (3, OVER)):
        data = bytearray(good)
        data[index] = value
        try:
            game.state_from_bytes(bytes(data))
        except ValueError:
            continue
        raise AssertionError("accepted byte %d = %d" % (index, value))
    for data in (b"", good[:-1], good + b"\x00"):
        try:
            game.state_from_bytes(data)
        except ValueError:
            continue
        raise AssertionError("accepted %d bytes" % len(data))


def play_bot_game(players, seed):
    """A whole game, every seat the bot, dice from a fixed stream; returns
    (winner, scores, round, throws)."""
    game = SkullDragonGame(players=players)
    s = game.new_initial_state()
    rng = Lcg(seed)
    throws = 0
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[rng.below(len(outcomes))][0])
        else:
            action = bot.choose(s)
            assert action in s.legal_actions()
            throws += action in (ROLL_SKULL, ROLL_DRAGON)
            s.apply_action(action)
        raw = s.to_bytes()
        assert game.state_from_bytes(raw).to_bytes() == raw
    return s.winner(), s.scores, s.round, throws


def case_seeded_bot_games():
    # Two bots tied after round 4 play a 5th (round 4, 0-based) and seat 1
    # wins it; five bots end after the four rounds.
    assert play_bot_game(2, 5) == (1, [9, 10], 4, 29)
    assert play_bot_game(5, 11) == (0, [7, 5, 5, 5, 2], 3, 50)


CASES = [case_first_example, case_second_example, case_equal_result_succeeds_both_ways,
         case_skull_times_anything_is_zero, case_tie_after_round_four_plays_a_fifth,
         case_bad_parameters_refused, case_corrupt_bytes_refused, case_seeded_bot_games]
