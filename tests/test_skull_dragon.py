"""Skull & Dragon against RULES.md section 3, its two worked examples with
exactly their numbers; random playouts of every player count checked against
the rules step by step; golden playthroughs; save-file validation (down to
"accepts only states that play can reach"); and the computer seat
(games/skull_dragon/bot.py)."""
import itertools
import random

import playout
import pytest
import skull_dragon_cases as cases
from conftest import check_corrupt_bytes
from hypothesis import given, settings
from hypothesis import strategies as st
from skull_dragon_cases import throw, turn

from games.skull_dragon import bot
from games.skull_dragon.rules import (
    ACCEPT,
    ACCEPT_OR_MULTIPLY,
    AFTER_SUCCESS,
    BOOK,
    DIRECTION,
    DRAGON,
    DRAGON_DIE,
    FACES,
    FAIL,
    FIRST_ROLL,
    GAME_OVER,
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
    face_name,
    is_result,
    succeeds,
)
from rollbox.engine import CHANCE

RESULTS = sorted({s for s in FACES[0]} | {d for d in FACES[1]}
                 | {s * d for s in FACES[0] for d in FACES[1]})


@pytest.mark.parametrize("case", cases.CASES, ids=lambda c: c.__name__[5:])
def test_rules_cases(case):
    """RULES.md section 3 (tests/mp/skull_dragon_cases.py; the same cases run
    under MicroPython in test_micropython.py)."""
    case()


def test_defaults_and_title():
    assert SkullDragonGame().params == {"players": 2}
    assert SkullDragonGame.PARAMS == (("players", 2, 2, 8),)
    assert SkullDragonGame().title() == "Skull & Dragon" and len(SkullDragonGame().title()) <= 16
    s = SkullDragonGame(players=8).new_initial_state()
    assert s.scores == [0] * 8 and s.round == 0 and s.phase == PICK_DIE and s.turn_player() == 0
    assert (s.target, s.direction, s.turn_points) == (-1, 0, 0)
    assert (s.first_die, s.first_value, s.dice, s.result, s.last_event) == (-1, -1, [-1, -1], -1,
                                                                            NO_EVENT)
    assert s.winner() == -1 and s.winners() == [] and s.rolling_die() == -1


@pytest.mark.parametrize("params", [{"players": 1}, {"players": 9}, {"players": 0},
                                    {"players": 2.0}, {"goal": 100}, {"six_bad": 1}])
def test_bad_parameters(params):
    with pytest.raises(ValueError):
        SkullDragonGame(**params)


def test_the_two_dice_and_every_result():
    assert FACES == ((0, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 7)) and (SKULL, DRAGON) == (0, 7)
    assert RESULTS == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25,
                       28, 30, 35, 42]
    assert [v for v in range(-2, 50) if is_result(v)] == RESULTS
    assert [face_name(SKULL_DIE, w) for w in FACES[0]] == ["Skull", "2", "3", "4", "5", "6"]
    assert [face_name(DRAGON_DIE, w) for w in FACES[1]] == ["1", "2", "3", "4", "5", "Dragon"]


def test_every_throw_gives_the_worth_or_the_product():
    for die, first in itertools.product((ROLL_SKULL, ROLL_DRAGON), range(6)):
        for second in [-1] + list(FACES[1 - die]):
            s = SkullDragonGame().new_initial_state()
            value = FACES[die][first]
            throw(s, die, value, second)
            want = value if second < 0 else value * second
            assert s.result == s.target == want and s.first_value == value
            assert s.dice[die] == value and s.dice[1 - die] == second
            assert s.phase == DIRECTION and s.last_event == TARGET_SET


def test_a_failed_attempt_loses_every_turn_point():
    s = SkullDragonGame().new_initial_state()
    throw(s, ROLL_SKULL, 2)
    s.apply_action(OVER)
    for face in (2, 3, 4, 5):
        throw(s, ROLL_DRAGON, face)
    assert s.turn_points == 4 and s.target == 5
    throw(s, ROLL_SKULL, 4)
    assert s.last_event == FAIL and s.result == 4 and s.scores == [0, 0]
    assert s.turn_points == 0 and s.current_player() == 1


def test_no_tie_for_the_lead_ends_after_round_four():
    # Only the lead counts: seats 2 and 3 tied behind the leader end it.
    s = SkullDragonGame(players=3).new_initial_state()
    for rnd in range(4):
        turn(s, 1 if rnd == 0 else 0)
        turn(s, 0)
        assert not s.is_terminal()
        turn(s, 0)
    assert s.is_terminal() and s.scores == [1, 0, 0] and s.winner() == 0 and s.round == 3
    assert s.returns() == [1.0, -0.5, -0.5] and s.turn_player() == 2


def test_a_leader_after_round_three_is_not_enough():
    s = SkullDragonGame().new_initial_state()
    for _ in range(3):
        turn(s, 2)
        turn(s, 0)
    assert s.scores == [6, 0] and s.round == 3 and not s.is_terminal()


def test_tied_leaders_every_seat_plays_the_extra_round():
    s = SkullDragonGame(players=3).new_initial_state()
    for _ in range(4):
        turn(s, 1)
        turn(s, 0)
        turn(s, 1)
    assert s.scores == [4, 0, 4] and s.round == 4 and s.current_player() == 0
    turn(s, 0)
    turn(s, 3)  # seat 2 (out of the lead) plays the extra round too
    turn(s, 0)
    assert s.scores == [4, 3, 4] and s.round == 5 and not s.is_terminal()
    turn(s, 2)
    turn(s, 0)
    turn(s, 1)
    assert s.is_terminal() and s.scores == [6, 3, 5] and s.winner() == 0 and s.round == 5


def test_chance_outcomes_are_one_die_and_shared():
    a = SkullDragonGame().new_initial_state()
    b = SkullDragonGame(players=6).new_initial_state()
    assert a.chance_outcomes() == ()
    a.apply_action(ROLL_SKULL)
    b.apply_action(ROLL_DRAGON)
    assert a.rolling_die() == SKULL_DIE and b.rolling_die() == DRAGON_DIE
    assert a.chance_outcomes() == ((0, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1))
    assert b.chance_outcomes() == ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (7, 1))
    assert a.legal_actions() == [0, 2, 3, 4, 5, 6] and b.legal_actions() == [1, 2, 3, 4, 5, 7]
    skull, dragon = a.chance_outcomes(), b.chance_outcomes()
    a.apply_action(4)
    b.apply_action(4)
    assert a.chance_outcomes() == () and a.current_player() == 0
    a.apply_action(MULTIPLY)
    b.apply_action(MULTIPLY)
    assert a.chance_outcomes() is dragon and b.chance_outcomes() is skull
    c = SkullDragonGame().new_initial_state()
    assert c._legal_actions() == (ROLL_SKULL, ROLL_DRAGON)
    assert c._legal_actions() is SkullDragonGame(players=5).new_initial_state()._legal_actions()


def test_legal_actions_by_phase():
    s = SkullDragonGame().new_initial_state()
    assert s.legal_actions() == [ROLL_SKULL, ROLL_DRAGON]
    s.apply_action(ROLL_DRAGON)
    assert s.phase == FIRST_ROLL and s.current_player() == CHANCE and s.turn_player() == 0
    s.apply_action(5)
    assert s.phase == ACCEPT_OR_MULTIPLY and s.legal_actions() == [ACCEPT, MULTIPLY]
    s.apply_action(MULTIPLY)
    assert s.phase == SECOND_ROLL and s.current_player() == CHANCE and s.rolling_die() == SKULL_DIE
    s.apply_action(4)
    assert s.phase == DIRECTION and s.legal_actions() == [OVER, UNDER] and s.target == 20
    s.apply_action(UNDER)
    assert s.phase == PICK_DIE and s.legal_actions() == [ROLL_SKULL, ROLL_DRAGON]
    throw(s, ROLL_SKULL, 6, 3)  # 18 <= 20
    assert s.phase == AFTER_SUCCESS and s.legal_actions() == [ROLL_SKULL, ROLL_DRAGON, BOOK]


def test_action_strings():
    s = SkullDragonGame().new_initial_state()
    assert [s.action_to_string(a) for a in (ROLL_SKULL, ROLL_DRAGON, OVER, UNDER)] == [
        "roll skull die", "roll dragon die", "over", "under"]
    s.apply_action(ROLL_SKULL)
    assert [s.action_to_string(w) for w in FACES[0]] == ["Skull", "2", "3", "4", "5", "6"]
    s.apply_action(0)
    assert s.action_to_string(ACCEPT) == "accept 0" and s.action_to_string(MULTIPLY) == "multiply"
    s.apply_action(MULTIPLY)
    assert [s.action_to_string(w) for w in FACES[1]] == ["1", "2", "3", "4", "5", "Dragon"]


def test_illegal_actions_refused_state_unchanged():
    s = SkullDragonGame().new_initial_state()
    for bad in (ACCEPT, MULTIPLY, OVER, UNDER, BOOK, 7, -1):
        cases.refused(s, bad)
    s.apply_action(ROLL_SKULL)
    for bad in (1, 7, 100):  # the skull die has no 1 and no Dragon
        cases.refused(s, bad)
    s.apply_action(5)
    for bad in (ROLL_SKULL, OVER, BOOK, 5):
        cases.refused(s, bad)
    s.apply_action(MULTIPLY)
    for bad in (0, 6, BOOK + 2):  # the dragon die has no Skull and no 6 (nor 8)
        cases.refused(s, bad)
    s.apply_action(DRAGON)
    assert s.target == 35 and s.phase == DIRECTION
    for bad in (BOOK, ROLL_DRAGON, ACCEPT):
        cases.refused(s, bad)
    s.apply_action(UNDER)
    cases.refused(s, BOOK)  # nothing to book before a success
    cases.refused(s, OVER)  # the direction holds for the whole turn
    throw(s, ROLL_SKULL, 2)
    assert s.phase == AFTER_SUCCESS
    for bad in (OVER, UNDER, ACCEPT, MULTIPLY):
        cases.refused(s, bad)


# --- Random playouts, checked step by step against the rules ---------------

def _rules_check(game):
    """``on_step`` and ``check`` for playout.play: what each action must do
    (RULES.md 3), from the state before it."""
    n = game.num_players()
    seen = {}

    def on_step(s, action):
        seen["before"], seen["action"] = s.clone(), action

    def check(s):
        b, a = seen["before"], seen["action"]
        assert all(0 <= x for x in s.scores) and s.turn_points >= 0 and s.round >= b.round
        assert s.target == -1 or is_result(s.target)
        assert s.dice[0] in (-1,) + FACES[0] and s.dice[1] in (-1,) + FACES[1]
        p = b.turn_player()
        if b.phase in (PICK_DIE, AFTER_SUCCESS) and a != BOOK:  # a throw begins
            assert s.phase == FIRST_ROLL and s.first_die == a and s.dice == [-1, -1]
            assert (s.result, s.last_event, s.scores) == (-1, NO_EVENT, b.scores)
            return
        if b.phase == FIRST_ROLL:
            assert s.dice[b.first_die] == s.first_value == a and s.phase == ACCEPT_OR_MULTIPLY
            return
        if b.phase == DIRECTION:
            assert s.direction == a and s.phase == PICK_DIE and s.target == b.target
            return
        if b.phase == ACCEPT_OR_MULTIPLY and a == MULTIPLY:
            assert s.phase == SECOND_ROLL and s.result == -1
            return
        ended = b.phase == AFTER_SUCCESS  # BOOK
        if not ended:  # a throw ended: ACCEPT, or the second die
            want = b.first_value if b.phase == ACCEPT_OR_MULTIPLY else b.first_value * a
            assert s.result == want
            if b.target < 0:
                assert (s.target, s.last_event, s.phase) == (want, TARGET_SET, DIRECTION)
                assert s.turn_points == 0 and s.turn_player() == p
                return
            if succeeds(b.direction, b.target, want):
                assert (s.target, s.last_event, s.phase) == (want, SUCCESS, AFTER_SUCCESS)
                assert s.turn_points == b.turn_points + 1 and s.direction == b.direction
                assert s.scores == b.scores
                return
            assert s.last_event == FAIL
            ended = True
        # The turn ended: booked points (or none after a fail) to the score.
        booked = b.turn_points if b.phase == AFTER_SUCCESS else 0
        assert s.scores == [x + (booked if i == p else 0) for i, x in enumerate(b.scores)]
        assert (s.target, s.direction, s.turn_points) == (-1, 0, 0)
        best = max(s.scores)
        if p < n - 1:
            assert s.turn_player() == p + 1 and s.round == b.round and s.phase == PICK_DIE
        elif b.round >= 3 and s.scores.count(best) == 1:
            assert s.phase == GAME_OVER and s.winner() == s.scores.index(best)
            assert s.round == b.round and s.turn_player() == p
        else:
            assert s.turn_player() == 0 and s.round == b.round + 1 and s.phase == PICK_DIE

    return on_step, check


def _mostly_sensible(s, legal, rng):
    """Random decisions, booking often enough that turns end."""
    if BOOK in legal and rng.random() < 0.5:
        return BOOK
    return rng.choice(legal)


@pytest.mark.parametrize("players", range(2, 9))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playouts(players, seed):
    game = SkullDragonGame(players=players)
    on_step, check = _rules_check(game)
    # Fair dice from the seed: hypothesis would shrink every roll to a Skull.
    s = playout.play(game, random.Random(seed), choose=_mostly_sensible, check=check,
                     on_step=on_step)
    best = max(s.scores)
    assert s.scores.count(best) == 1 and s.scores[s.winner()] == best and s.round >= 3
    assert s.winners() == [s.winner()] and s.returns()[s.winner()] == 1.0


@pytest.mark.parametrize("players", (2, 3, 4))
def test_golden_playthrough(players):
    """A seeded game per player count, action by action (tests/golden/):
    2 and 4 seats the bot (2 seats tied after round 4: a 5th round), 3 seats
    random choices."""
    game = SkullDragonGame(players=players)
    if players == 3:
        choose = _mostly_sensible
    else:
        def choose(s, legal, rng):
            return bot.choose(s)
    lines = playout.transcript(game, 1 if players == 2 else 5, choose=choose)
    playout.assert_golden("skull_dragon_%dp" % players, lines)


# --- Save files ------------------------------------------------------------

def _bytes_after(actions, players=2):
    s = SkullDragonGame(players=players).new_initial_state()
    for a in actions:
        s.apply_action(a)
    return s.to_bytes()


def _set(data, *changes):
    out = bytearray(data)
    for index, value in changes:
        out[index] = value
    return bytes(out)


def test_save_layout():
    raw = _bytes_after((ROLL_SKULL, 2, ACCEPT, OVER, ROLL_DRAGON, 4, ACCEPT))
    #                   ph pl w  dir fd fv sk dr ev tg rs round  tp     scores
    assert raw == bytes([5, 0, 0, 4, 2, 5, 0, 5, 2, 5, 5, 0, 0, 1, 0, 0, 0, 0, 0])
    s = SkullDragonGame().state_from_bytes(raw)
    assert (s.phase, s.direction, s.first_die, s.first_value, s.dice) == (
        AFTER_SUCCESS, OVER, DRAGON_DIE, 4, [-1, 4])
    assert (s.target, s.result, s.turn_points, s.last_event) == (4, 4, 1, SUCCESS)


def test_corrupt_bytes_refused():
    game = SkullDragonGame()
    start = _bytes_after(())
    deciding = _bytes_after((ROLL_DRAGON, 4))
    success = _bytes_after((ROLL_SKULL, 2, ACCEPT, OVER, ROLL_DRAGON, 4, ACCEPT))
    multiply = _bytes_after((ROLL_SKULL, 6, MULTIPLY, 4))
    zero = _bytes_after((ROLL_DRAGON, 4, MULTIPLY, SKULL))
    s = game.new_initial_state()
    for points in (1, 1, 1, 1, 1, 1, 1, 2):
        turn(s, points)
    over = s.to_bytes()
    assert s.is_terminal() and s.scores == [4, 5]
    for good in (start, deciding, success, multiply, zero, over):
        assert game.state_from_bytes(good).to_bytes() == good
    bad = [
        b"", start[:-1], start + b"\x00",
        _set(start, (0, 7)),  # phase
        _set(start, (1, 2)),  # player of a 2-seat game
        _set(start, (2, 1)),  # a winner while the game goes on
        _set(start, (0, GAME_OVER)),  # game over without a winner
        _set(start, (9, 5)),  # a target with no throw
        _set(start, (13, 1)),  # turn points with no direction
        _set(start, (5, 3)),  # a first value with no die
        _set(start, (0, FIRST_ROLL)),  # rolling no die
        _set(deciding, (5, 7), (7, 7)),  # the dragon die showing 6
        _set(deciding, (5, 1), (7, 1)),  # ... or a Skull
        _set(deciding, (4, 1), (5, 2), (6, 2), (7, 0)),  # the skull die showing 1
        _set(deciding, (4, 3)),  # no third die
        _set(deciding, (4, 6)),  # ... nor a sixth
        _set(deciding, (5, 4)),  # first value 3, the die shows 4
        _set(deciding, (10, 5), (8, SUCCESS)),  # a result before the throw ends
        _set(deciding, (6, 3)),  # the other die shown before it is rolled
        _set(deciding, (0, PICK_DIE)),  # a throw left half done
        _set(deciding, (0, FIRST_ROLL)),  # the first die rolled twice
        _set(success, (3, 3)),  # direction neither over nor under
        _set(success, (8, 4)),  # last_event
        _set(success, (8, TARGET_SET)),  # a success that set the target
        _set(success, (9, 42), (10, 42), (7, 42), (5, 42)),  # 41: no throw gives it
        _set(success, (9, 3)),  # target 2 is not the last success's result
        _set(success, (10, 6)),  # result 5 with a dragon 4 accepted
        _set(success, (13, 0)),  # after a success with 0 points
        _set(success, (0, PICK_DIE)),  # points, yet a new attempt not begun
        _set(success, (3, 0)),  # a success with no direction
        _set(multiply, (9, 21), (10, 21)),  # 20 is not 6 x 4
        _set(multiply, (3, OVER)),  # direction before it is declared
        _set(multiply, (13, 1)),  # points before the first attempt
        _set(zero, (5, 0), (7, 0)),  # Skull x (a dragon never rolled) = 0
        _set(over, (15, 5)),  # the game over with the lead tied 5-5
        _set(over, (11, 2)),  # the game over after round 3
        _set(over, (2, 1)),  # the winner is not the leader
        _set(over, (1, 0)),  # over in the middle of a round
        _set(over, (9, 2)),  # a turn left open at the end
    ]
    for data in bad:
        with pytest.raises(ValueError):
            game.state_from_bytes(data)
    with pytest.raises(ValueError):
        SkullDragonGame(players=3).state_from_bytes(success)  # another game's bytes


def _turn_key(raw):
    """A save with what does not matter inside a turn cleared: the seat, the
    round, the scores (zeroed) and turn points (capped at 2)."""
    tp = min(raw[13] | raw[14] << 8, 2)
    return raw[:1] + b"\x00\x00" + raw[3:11] + bytes((0, 0, tp, 0)) + bytes(len(raw) - 15)


def _reachable_turn_states():
    """Every turn-local state play can reach (2 seats), by breadth-first
    search over every action from the first state."""
    game = SkullDragonGame()
    start = _turn_key(game.new_initial_state().to_bytes())
    seen, todo = {start}, [start]
    while todo:
        s = game.state_from_bytes(todo.pop())
        for a in s.legal_actions():
            c = s.clone()
            c.apply_action(a)
            key = _turn_key(c.to_bytes())
            if key not in seen:
                seen.add(key)
                todo.append(key)
    return seen


def test_save_files_accept_only_states_play_reaches():
    """Any 1-3 turn bytes changed: either refused, or a state play reaches."""
    game = SkullDragonGame()
    reachable = _reachable_turn_states()
    assert 2000 < len(reachable) < 20000
    rng = random.Random(3)
    states = sorted(reachable)
    fields = (0, 3, 4, 5, 6, 7, 8, 9, 10, 13)
    accepted = 0
    for raw in rng.sample(states, 1500):
        for _ in range(12):
            changes = [(rng.choice(fields), rng.choice((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13,
                                                        21, 25, 43, 255)))
                       for _ in range(rng.randint(1, 3))]
            data = _set(raw, *changes)
            try:
                s = game.state_from_bytes(data)
            except ValueError:
                continue
            assert s.to_bytes() == data
            assert _turn_key(data) in reachable, data
            accepted += 1
    assert accepted > 500  # the check saw real states, not only refusals


@pytest.mark.parametrize("seed", (1, 2))
def test_corrupt_bytes_fuzz(seed):
    """Any one byte changed: refused with ValueError, or a state that saves
    back to exactly those bytes (never another exception)."""
    game = SkullDragonGame(players=3)
    rng = random.Random(seed)
    states = []
    playout.play(game, random.Random(seed), choose=_mostly_sensible,
                 on_step=lambda s, a: states.append(s.to_bytes()))
    check_corrupt_bytes(game, states[::4], rng)


# --- The computer seat ----------------------------------------------------

def test_bot_chances_match_brute_force():
    for direction, target, die in itertools.product((OVER, UNDER), RESULTS, (0, 1)):
        wins = 0
        for first, second in itertools.product(FACES[die], FACES[1 - die]):
            alone = succeeds(direction, target, first)
            wins += alone or succeeds(direction, target, first * second)
        assert bot.chance36(direction, target, die) == wins, (direction, target, die)
    assert bot.chance36(OVER, 0, SKULL_DIE) == 36 and bot.chance36(UNDER, 42, DRAGON_DIE) == 36
    # Over 9: either die first wins 20 of 36; a tie goes to the dragon.
    assert bot.chance36(OVER, 9, DRAGON_DIE) == bot.chance36(OVER, 9, SKULL_DIE) == 20
    assert bot.best_die(OVER, 9) == DRAGON_DIE and bot.best_die(UNDER, 9) == SKULL_DIE
    # Under 2: the skull die wins 12 (Skull, 2); the dragon 16 (1, 2, or
    # any other face times a Skull).
    assert bot.chance36(UNDER, 2, SKULL_DIE) == 12 and bot.chance36(UNDER, 2, DRAGON_DIE) == 16
    assert bot.best_die(UNDER, 2) == DRAGON_DIE and bot.best_chance(UNDER, 2) == 16


def _at(actions):
    s = SkullDragonGame().new_initial_state()
    for a in actions:
        s.apply_action(a)
    return s


def test_bot_decisions():
    assert bot.choose(_at(())) == ROLL_SKULL
    # Setting the target: keep a small first die, multiply a large one.
    assert [bot.choose(_at((ROLL_SKULL, v))) for v in FACES[0]] == [ACCEPT] * 3 + [MULTIPLY] * 3
    # Direction: over a small target, under a large one.
    assert bot.choose(_at((ROLL_SKULL, 2, ACCEPT))) == OVER
    assert bot.choose(_at((ROLL_SKULL, 6, MULTIPLY, 4))) == UNDER
    # An attempt: accept a first die that already succeeds, else multiply.
    over_4 = (ROLL_SKULL, 4, ACCEPT, OVER)
    assert bot.choose(_at(over_4)) == ROLL_DRAGON
    assert bot.choose(_at(over_4 + (ROLL_DRAGON, 5))) == ACCEPT
    assert bot.choose(_at(over_4 + (ROLL_DRAGON, 3))) == MULTIPLY
    # After a success: 1 point and a good chance -> throw again; 2 -> book.
    one = over_4 + (ROLL_DRAGON, 4, ACCEPT)
    assert bot.chance36(OVER, 4, DRAGON_DIE) >= 24 and bot.choose(_at(one)) == ROLL_DRAGON
    assert bot.choose(_at(one + (ROLL_DRAGON, 4, ACCEPT))) == BOOK
    # A poor chance books even 1 point: over 42 needs Dragon x 6.
    assert bot.choose(_at((ROLL_SKULL, 2, ACCEPT, OVER, ROLL_DRAGON, DRAGON, MULTIPLY, 6))) == BOOK
    # A certain success is always worth a throw: under 42, even with 2 points.
    s = _at((ROLL_SKULL, 6, MULTIPLY, DRAGON, UNDER))
    throw(s, ROLL_DRAGON, DRAGON, 6)
    throw(s, ROLL_SKULL, 6, DRAGON)
    assert s.turn_points == 2 and s.target == 42 and bot.choose(s) == ROLL_SKULL
    with pytest.raises(ValueError):
        bot.choose(_at((ROLL_SKULL,)))


@pytest.mark.parametrize("players", (2, 3, 5, 8))
def test_bot_always_finishes_a_game(players):
    game = SkullDragonGame(players=players)

    def choose(s, legal, rng):
        a = bot.choose(s)
        assert a in legal
        return a

    for seed in range(4):
        on_step, check = _rules_check(game)
        s = playout.play(game, random.Random(seed), choose=choose, check=check,
                         on_step=on_step)
        assert s.is_terminal() and s.scores.count(max(s.scores)) == 1
