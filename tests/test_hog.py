"""Hog against RULES.md section 2 (the Pig family table's last row), with
exact numbers; random playouts of every preset and player count; golden
playthroughs; save-file validation; and the computer seat (games/hog/bot.py)
checked against brute force."""
import itertools
import random
from fractions import Fraction

import hog_cases
import playout
import pytest
from conftest import check_corrupt_bytes
from hog_cases import after_rolls
from hypothesis import given, settings
from hypothesis import strategies as st

from games.hog import bot
from games.hog.rules import MAX_DICE, HogGame, score_dice
from rollbox.bots import MEDIUM
from rollbox.engine import CHANCE


@pytest.mark.parametrize("case", hog_cases.CASES, ids=lambda c: c.__name__[5:])
def test_rules_cases(case):
    """RULES.md section 2 for Hog (tests/mp/hog_cases.py; the same cases run
    under MicroPython in test_micropython.py)."""
    case()


def test_goal_100_unless_changed_and_titles():
    assert HogGame().params == {"six_bad": 0, "players": 2, "goal": 100}
    assert HogGame().title() == "Hog" and HogGame(six_bad=1).title() == "Hog (6 bad)"
    s = after_rolls(HogGame(), [(6,) * 8] * 4)  # 48 a turn
    assert s.scores == [96, 96] and not s.is_terminal()
    s = after_rolls(HogGame(), [(6,) * 8] * 4 + [(2, 2)])
    assert s.scores == [100, 96] and s.winner() == 0 and s.is_terminal()


def test_dice_land_in_order_and_every_die_lands():
    s = HogGame().new_initial_state()
    assert s.dice == [] and s.chance_outcomes() == () and s.last_points == 0
    s.apply_action(3)
    assert s.dice == [0, 0, 0] and s.turn_player() == 0 and s.current_player() == CHANCE
    for bad in (0, 7):
        with pytest.raises(ValueError):
            s.apply_action(bad)
    s.apply_action(1)
    assert s.dice == [1, 0, 0] and s.current_player() == CHANCE  # a 1 does not stop the roll
    s.apply_action(6)
    assert s.dice == [1, 6, 0] and s.scores == [0, 0]
    s.apply_action(6)
    assert s.dice == [1, 6, 6] and s.current_player() == 1 and s.last_points == 0


def test_action_strings():
    s = HogGame().new_initial_state()
    assert s.action_to_string(1) == "roll 1 die" and s.action_to_string(5) == "roll 5 dice"
    assert s.action_to_string(24) == "roll 24 dice"
    s.apply_action(5)
    assert s.action_to_string(4) == "4"


def test_decisions_and_dice_are_shared_tuples():
    # One die per chance node; the outcomes and the choices are built once.
    a = HogGame().new_initial_state()
    b = HogGame(six_bad=1, players=5).new_initial_state()
    assert a._legal_actions() is b._legal_actions()
    assert a._legal_actions() == tuple(range(1, MAX_DICE + 1))
    a.apply_action(7)
    b.apply_action(2)
    assert a.chance_outcomes() is b.chance_outcomes()
    assert a.chance_outcomes() == tuple((f, 1) for f in range(1, 7))
    for _ in range(6):
        a.apply_action(3)
        assert a.chance_outcomes() is b.chance_outcomes()
    a.apply_action(3)
    assert a.chance_outcomes() == () and a.current_player() == 1 and a.scores == [21, 0]


@pytest.mark.parametrize("n", (0, 25, 26, 100, -1))
def test_dice_counts_outside_1_to_24_refused(n):
    s = after_rolls(HogGame(), [(2, 3)])
    before = s.to_bytes()
    with pytest.raises(ValueError):
        s.apply_action(n)
    assert s.to_bytes() == before and s.current_player() == 1


@pytest.mark.parametrize("n", (1, 20, 24))
def test_1_20_and_24_dice_play_and_save(n):
    game = HogGame(goal=1000)
    s = game.new_initial_state()
    s.apply_action(n)
    for i in range(n):
        assert s.dice == [5] * i + [0] * (n - i)
        raw = s.to_bytes()
        assert len(raw) == 6 + n + 4 and game.state_from_bytes(raw).dice == s.dice
        s.apply_action(5)
    assert s.scores == [5 * n, 0] and s.last_points == 5 * n and s.current_player() == 1
    assert game.state_from_bytes(s.to_bytes()).dice == [5] * n


def test_six_bad_with_a_six_scores_zero():
    rolls = [(2, 6), (3, 4), (6,), (5, 5, 5, 5, 5, 5, 5, 6)]
    s = after_rolls(HogGame(six_bad=1), rolls)
    assert s.scores == [0, 7] and s.last_points == 0
    s = after_rolls(HogGame(six_bad=0), rolls)
    assert s.scores == [14, 48] and s.last_points == 41


def test_the_score_only_changes_when_the_last_die_lands():
    s = after_rolls(HogGame(), [(4, 4)])
    s.apply_action(3)
    s.apply_action(6)
    s.apply_action(6)
    assert s.scores == [8, 0] and s.last_points == 8
    assert s.dice == [6, 6, 0] and s.turn_player() == 1 and s.current_player() == CHANCE
    s.apply_action(2)
    assert s.scores == [8, 14] and s.last_points == 14 and s.current_player() == 0


PRESETS = [dict(six_bad=b, players=n, goal=g)
           for b in (0, 1) for n in range(2, 9) for g in (10, 100)]


def _mixed(s, legal, rng):
    """Any dice count now and then (up to 24), mostly 1..6 (games end sooner)."""
    return rng.choice(legal) if rng.random() < 0.3 else rng.randint(1, 6)


def _invariants(game):
    """A ``check`` for playout.play: the rules, recomputed from the faces."""
    six_bad, goal, n = game.params["six_bad"], game.params["goal"], game.num_players()
    before = {"scores": [0] * n}

    def check(s):
        assert len(s.scores) == n and all(x >= 0 for x in s.scores)
        assert 1 <= len(s.dice) <= MAX_DICE and all(0 <= f <= 6 for f in s.dice)
        landed = [f for f in s.dice if f]
        assert s.dice == landed + [0] * (len(s.dice) - len(landed))
        if s.is_chance_node():
            assert 0 in s.dice and s.scores == before["scores"]
            return
        assert 0 not in s.dice
        bad = any(f == 1 or (six_bad and f == 6) for f in s.dice)
        points = 0 if bad else sum(s.dice)
        p = s.turn_player() if s.is_terminal() else (s.turn_player() - 1) % n
        assert s.last_points == points
        assert s.scores == [x + (points if i == p else 0) for i, x in enumerate(before["scores"])]
        if s.is_terminal():
            assert s.winner() == p == s.turn_player() and s.scores[p] >= goal
        else:
            assert s.turn_player() == (p + 1) % n and s.scores[p] < goal
        assert all(x < goal for i, x in enumerate(s.scores) if i != s.winner())
        before["scores"] = list(s.scores)

    return check


@pytest.mark.parametrize("params", PRESETS,
                         ids=lambda p: "six%(six_bad)d-n%(players)d-g%(goal)d" % p)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playouts(params, seed):
    game = HogGame(**params)
    # Fair dice from the seed: hypothesis would shrink every roll to a 1.
    s = playout.play(game, random.Random(seed), choose=_mixed, check=_invariants(game))
    assert s.returns()[s.winner()] == 1.0 and s.winners() == [s.winner()]


@pytest.mark.parametrize("six_bad", (0, 1))
def test_golden_playthrough(six_bad):
    """A seeded game of each preset, action by action (tests/golden/)."""
    game = HogGame(six_bad=six_bad, players=2 + six_bad, goal=50 - 20 * six_bad)
    lines = playout.transcript(game, 5, choose=lambda s, legal, rng: rng.randint(1, 8))
    playout.assert_golden("hog_six_bad" if six_bad else "hog_plain", lines)


@pytest.mark.parametrize("params", [{"players": 1}, {"players": 9}, {"goal": 9}, {"goal": 1001},
                                    {"six_bad": 2}, {"goal": 50.0}, {"dice": 5}])
def test_bad_parameters(params):
    with pytest.raises(ValueError):
        HogGame(**params)


def _states_along_a_game(game, seed):
    states = []
    playout.play(game, random.Random(seed), choose=_mixed,
                 on_step=lambda s, a: states.append(s.to_bytes()))
    return states


def test_corrupt_bytes_refused():
    game = HogGame(players=3, goal=30)
    raw = after_rolls(game, [(4, 5), (2, 2, 2)]).to_bytes()
    assert raw == bytes([0, 2, 0, 3, 6, 0, 2, 2, 2, 9, 0, 6, 0, 0, 0])
    bad = [
        raw[:3] + b"\x19" + raw[4:],  # 25 dice
        raw[:3] + b"\x02" + raw[4:],  # 2 dice but 3 faces: wrong length
        raw[:7] + b"\x00" + raw[8:],  # a hole among landed dice
        b"\x02" + raw[1:],  # over with no winner
        raw[:2] + b"\x01" + raw[3:],  # a winner, game going on
        b"\x01" + raw[1:],  # rolling with every die landed
        raw[:4] + b"\x07" + raw[5:],  # 7 points from 2-2-2
        raw[:4] + b"\x91" + raw[5:],  # 145 points: more than 24 sixes
        raw[:-2] + b"\x1e\x00",  # a third seat at the goal, game on
        bytes([0, 1, 0, 0, 0, 0]) + bytes(6),  # no roll yet, but seat 2 to play
        bytes([0, 0, 0, 0, 0, 0, 9, 0]) + bytes(4),  # no roll yet, but 9 points
        bytes([0, 0, 0, 0, 4, 0]) + bytes(6),  # no roll yet, but 4 points last turn
    ]
    assert game.state_from_bytes(bytes(12)).to_bytes() == game.new_initial_state().to_bytes()
    for data in bad:
        with pytest.raises(ValueError):
            game.state_from_bytes(data)
    # A finished game: the winner's last roll must have brought them there.
    s = after_rolls(HogGame(goal=10), [(5, 5)])
    raw = s.to_bytes()
    assert s.is_terminal() and raw == bytes([2, 0, 1, 2, 10, 0, 5, 5, 10, 0, 0, 0])
    assert HogGame(goal=10).state_from_bytes(raw).winner() == 0
    for data in (raw[:8] + b"\x14" + raw[9:],  # 20 points: at the goal before the roll
                 raw[:6] + b"\x01\x05" + raw[8:],  # a bad face won the game
                 raw[:1] + b"\x01" + raw[2:]):  # the winner is not the seat that rolled
        with pytest.raises(ValueError):
            HogGame(goal=10).state_from_bytes(data)
    with pytest.raises(ValueError):
        HogGame(goal=10, players=3).state_from_bytes(raw)  # another game's bytes


@pytest.mark.parametrize("seed", (1, 2))
def test_corrupt_bytes_fuzz(seed):
    """Any one byte changed: refused with ValueError, or a state that saves
    back to exactly those bytes (never another exception)."""
    game = HogGame(six_bad=1, players=3, goal=20)
    check_corrupt_bytes(game, _states_along_a_game(game, seed)[::3], random.Random(seed))


def test_bot_best_expected_is_the_exact_maximum():
    for six_bad in (0, 1):
        good = [f for f in range(1, 7) if f != 1 and not (six_bad and f == 6)]
        average = [Fraction(n * sum(good) * len(good) ** (n - 1), 6 ** n)
                   for n in range(1, MAX_DICE + 1)]
        top = max(average)
        assert bot.best_expected(six_bad) == average.index(top) + 1
        assert [n + 1 for n, e in enumerate(average) if e == top] == [[5, 6], [2, 3]][six_bad]
        for n in range(1, MAX_DICE + 1):
            num, den = bot.expected_points(six_bad, n)
            assert Fraction(num, den) == average[n - 1]
    assert Fraction(*bot.expected_points(0, 5)) == Fraction(15625, 1944)
    assert Fraction(*bot.expected_points(1, 2)) == Fraction(28, 9)


def test_bot_best_chance_matches_brute_force():
    for six_bad in (0, 1):
        rolls = {n: [sum(r) if not any(f == 1 or (six_bad and f == 6) for f in r) else 0
                     for r in itertools.product(range(1, 7), repeat=n)] for n in range(1, 7)}
        for need in range(1, 13):
            chance = {n: Fraction(sum(1 for x in rolls[n] if x >= need), 6 ** n) for n in rolls}
            counts = bot.reach_counts(six_bad, 6, need)
            assert counts == tuple(chance[n] * 6 ** n for n in range(1, 7))
            top = max(chance.values())
            assert bot.best_chance(six_bad, need) == min(n for n in chance if chance[n] == top)
    assert [bot.best_chance(0, k) for k in range(1, 9)] == [1, 1, 2, 2, 2, 2, 3, 3]
    assert [bot.best_chance(1, k) for k in range(1, 5)] == [1, 1, 1, 2]


def test_bot_threshold_is_the_average_roll():
    # 5 dice average 8.04 points: 8 needed -> chance (3 dice), 9 -> 5 dice.
    # "6 is bad": 2 dice average 3.11: 3 needed -> chance (1 die), 4 -> 2.
    def choose(six_bad, goal, score):
        s = HogGame(six_bad=six_bad, goal=goal).new_initial_state()
        s.scores[0] = score
        return bot.choose(s, MEDIUM)

    assert [choose(0, 100, 100 - k) for k in (100, 9, 8, 7, 3, 2, 1)] == [5, 5, 3, 3, 2, 1, 1]
    assert [choose(1, 100, 100 - k) for k in (100, 4, 3, 1)] == [2, 2, 1, 1]
    s = HogGame().new_initial_state()
    s.apply_action(5)
    with pytest.raises(ValueError):
        bot.choose(s)


@pytest.mark.parametrize("six_bad", (0, 1))
@pytest.mark.parametrize("players", (2, 3, 5, 8))
def test_bot_always_finishes_a_game(six_bad, players):
    game = HogGame(six_bad=six_bad, players=players)

    def choose(s, legal, rng):
        n = bot.choose(s)
        assert n in legal
        return n

    for seed in range(3):
        s = playout.play(game, random.Random(seed), choose=choose, check=_invariants(game))
        assert s.scores[s.winner()] >= 100


def test_score_dice():
    assert score_dice(0, (2, 3, 4, 5, 6)) == 20
    assert score_dice(0, (2, 3, 4, 5, 6, 1)) == 0
    assert score_dice(1, (2, 3, 4, 5)) == 14
    assert score_dice(1, (2, 3, 4, 5, 6)) == 0
    assert score_dice(0, ()) == 0
