"""SKUNK against RULES.md section 2 ("SKUNK"): the scripted rounds with their
numbers (tests/mp/skunk_cases.py, also run under MicroPython), random
playouts of every player count checked step by step against the rules,
golden playthroughs, save files, and the simple computer player."""
import random

import playout
import pytest
import skunk_cases
from hypothesis import given, settings
from hypothesis import strategies as st

from games.skunk import bot
from games.skunk import rules as skunk
from games.skunk.rules import (
    ADDED,
    ALL_SAT,
    DOUBLE_SKUNK,
    MAX_TOTAL,
    NO_ROLL,
    ROLL,
    SIT_BASE,
    SKUNK,
    UNPLAYED,
    SkunkGame,
)
from rollbox.engine import CHANCE, TERMINAL

PLAYERS = range(2, 9)


@pytest.mark.parametrize("case", skunk_cases.CASES, ids=lambda c: c.__name__[5:])
def test_rules_cases(case):
    """The scripted rounds and seeded games (tests/mp/skunk_cases.py; the
    same cases run under MicroPython in test_micropython.py)."""
    case()


def test_parameters_in_one_table():
    assert SkunkGame().params == {"players": 4}
    assert SkunkGame.PARAMS == (("players", 4, 2, 8),)
    assert SkunkGame(players=8).num_players() == 8
    assert SkunkGame().title() == "SKUNK" and len(SkunkGame().title()) <= 16
    assert skunk.COLUMNS == "SKUNK" and skunk.ROUNDS == 5


@pytest.mark.parametrize("params", [{"players": 1}, {"players": 9}, {"players": 4.0},
                                    {"players": None}, {"variant": 0}])
def test_bad_parameters(params):
    with pytest.raises(ValueError):
        SkunkGame(**params)


def test_initial_state():
    s = SkunkGame(players=3).new_initial_state()
    assert (s.round, s.round_total, s.standing, s.dice, s.last_event) == (0, 0, 0b111, [0, 0],
                                                                         NO_ROLL)
    assert s.pad == [[UNPLAYED] * 5] * 3 and s.scores == [0, 0, 0] and s.wiped == [0, 0, 0]
    assert s.current_player() == 0 and s.turn_player() == 0
    assert s.legal_actions() == [ROLL, 1, 2, 3] and s.chance_outcomes() == ()
    assert s.winners() == [] and s.winner() == -1 and s.returns() == [0.0, 0.0, 0.0]


def test_one_die_per_chance_node_shared_outcomes():
    s = SkunkGame().new_initial_state()
    t = SkunkGame(players=2).new_initial_state()
    s.apply_action(ROLL)
    t.apply_action(ROLL)
    first = s.chance_outcomes()
    assert first == tuple((f, 1) for f in range(1, 7)) and first is t.chance_outcomes()
    assert s.turn_player() == 0 and s.current_player() == CHANCE
    s.apply_action(5)
    assert s.chance_outcomes() is first and s.dice == [5, 0]
    s.apply_action(3)
    assert s.chance_outcomes() == () and s.round_total == 8 and s.dice == [5, 3]


def test_legal_actions_reused_between_rolls():
    # The tuple is rebuilt only when the standing seats change.
    s = SkunkGame().new_initial_state()
    acts = s._legal_actions()
    for face in (2, 3):
        s.apply_action(ROLL)
        s.apply_action(face)
        s.apply_action(face)
        assert s._legal_actions() is acts
    s.apply_action(SIT_BASE + 2)
    assert s._legal_actions() == (ROLL, 1, 2, 4) and s.legal_actions() == [ROLL, 1, 2, 4]


def test_action_to_string():
    s = SkunkGame().new_initial_state()
    assert s.action_to_string(ROLL) == "roll" and s.action_to_string(SIT_BASE + 3) == "sit P4"
    s.apply_action(ROLL)
    assert [s.action_to_string(f) for f in range(1, 7)] == ["1", "2", "3", "4", "5", "6"]
    s.apply_action(4)
    assert s.action_to_string(1) == "4-1" and s.action_to_string(6) == "4-6"


def test_sitting_only_between_rolls():
    # At a chance node the actions are faces: SIT_BASE + seat is a die (1..6)
    # or refused (7..9), never a sit.
    s = SkunkGame(players=8).new_initial_state()
    s.apply_action(ROLL)
    for action in (SIT_BASE + 6, SIT_BASE + 7, SIT_BASE + 8):
        before = s.to_bytes()
        with pytest.raises(ValueError):
            s.apply_action(action)
        assert s.to_bytes() == before
    s.apply_action(SIT_BASE + 1)  # a 2 on the first die
    assert s.dice == [2, 0] and s.current_player() == CHANCE and s.standing == 0xFF
    assert s.pad[1] == [UNPLAYED] * 5


def test_round_total_saturates():
    s = SkunkGame(players=2).new_initial_state()
    raw = bytearray(s.to_bytes())
    raw[5] = ADDED
    raw[6], raw[7] = (MAX_TOTAL - 5) & 0xFF, (MAX_TOTAL - 5) >> 8
    raw[3], raw[4] = 6, 6
    s = SkunkGame(players=2).state_from_bytes(bytes(raw))
    s.apply_action(ROLL)
    s.apply_action(6)
    s.apply_action(6)
    assert s.round_total == MAX_TOTAL
    s.apply_action(SIT_BASE)
    assert s.pad[0][0] == MAX_TOTAL and s.clone().pad[0][0] == MAX_TOTAL


def test_game_over_refuses_everything():
    s = SkunkGame(players=2).new_initial_state()
    for _ in range(5):
        s.apply_action(SIT_BASE)
        s.apply_action(SIT_BASE + 1)
    assert s.is_terminal() and s.current_player() == TERMINAL and s.last_event == ALL_SAT
    assert s.legal_actions() == [] and s.turn_player() == 0 and s.standing == 0
    for action in (ROLL, SIT_BASE, 3):
        with pytest.raises(ValueError):
            s.apply_action(action)
    assert s.winners() == [0, 1] and s.returns() == [0.0, 0.0]


# -- random playouts, every transition checked against the rules ----------

class Referee:
    """Checks each step of a playout against RULES.md (a second reading of
    the rules, written apart from games/skunk/rules.py)."""

    def __init__(self, game):
        self.n = game.num_players()
        self.before = None
        self.action = None
        self.steps = {"roll": 0, "sit": 0, ADDED: 0, SKUNK: 0, DOUBLE_SKUNK: 0, ALL_SAT: 0}

    def on_step(self, s, action):
        self.before = s.clone()
        self.action = action

    def check(self, s):
        b, a, n = self.before, self.action, self.n
        self.invariants(s)
        if b.is_chance_node():
            if b.dice == [0, 0]:  # first die
                assert s.dice == [a, 0] and s.is_chance_node()
                assert (s.pad, s.round, s.round_total) == (b.pad, b.round, b.round_total)
                return
            first, second = b.dice[0], a
            assert s.dice == [first, second]
            ones = (first == 1) + (second == 1)
            if ones == 0:
                self.steps[ADDED] += 1
                assert s.last_event == ADDED and s.round == b.round
                assert s.round_total == b.round_total + first + second
                assert s.pad == b.pad and s.standing == b.standing
                return
            event = SKUNK if ones == 1 else DOUBLE_SKUNK
            self.steps[event] += 1
            assert s.last_event == event
            r = b.round
            for seat in range(n):
                row, old = s.pad[seat], b.pad[seat]
                if not b.standing >> seat & 1:  # sat: keeps everything
                    assert row == old and s.wiped[seat] == b.wiped[seat]
                elif event == SKUNK:
                    assert row[:r] == old[:r] and row[r] == 0
                    assert s.wiped[seat] == b.wiped[seat]
                else:
                    assert row[:r + 1] == [0] * (r + 1) and s.scores[seat] == 0
                    lost = sum(1 << c for c in range(r) if old[c] > 0)
                    assert s.wiped[seat] == b.wiped[seat] | lost
            self.new_round(s, b)
            return
        assert s.dice == ([0, 0] if a == ROLL else b.dice)
        if a == ROLL:
            self.steps["roll"] += 1
            assert b.standing and s.current_player() == CHANCE
            return
        self.steps["sit"] += 1
        seat = a - SIT_BASE
        assert b.standing >> seat & 1 and b.current_player() == b.round % n
        assert s.pad[seat][b.round] == b.round_total
        assert s.scores[seat] == b.scores[seat] + b.round_total
        if b.standing == 1 << seat:  # the last one sat
            self.steps[ALL_SAT] += 1
            assert s.last_event == ALL_SAT
            self.new_round(s, b)
        else:
            assert s.standing == b.standing & ~(1 << seat) and s.round == b.round
            assert s.round_total == b.round_total and s.current_player() == b.current_player()

    def new_round(self, s, b):
        assert s.round == b.round + 1 and s.round_total == 0
        if s.round == 5:
            assert s.is_terminal() and s.standing == 0
            best = max(s.scores)
            assert s.winners() == [i for i in range(self.n) if s.scores[i] == best]
        else:
            assert s.standing == (1 << self.n) - 1 and s.current_player() == s.round % self.n

    def invariants(self, s):
        n = self.n
        assert all(0 <= d <= 6 for d in s.dice) and 0 <= s.round_total <= MAX_TOTAL
        assert s.round_total == 0 or s.round_total >= 4
        for seat in range(n):
            row = s.pad[seat]
            played = [v for v in row if v != UNPLAYED]
            assert all(0 <= v <= MAX_TOTAL for v in played)
            assert s.scores[seat] == sum(played) >= 0
            assert all(row[r] == 0 for r in range(5) if s.wiped[seat] >> r & 1)
            for r in range(5):
                if r < s.round:
                    assert row[r] != UNPLAYED
                elif r > s.round:
                    assert row[r] == UNPLAYED
                elif s.standing >> seat & 1:
                    assert row[r] == UNPLAYED
                else:
                    assert 0 <= row[r] <= s.round_total
        if not s.is_terminal():
            assert s.standing and s.turn_player() == s.round % n
            assert s.current_player() in (CHANCE, s.round % n)


def roll_often(s, legal, rng):
    """Roll 60% of the time, else a random legal action (sits at any total)."""
    return ROLL if rng.random() < 0.6 else rng.choice(legal)


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playouts(players, seed):
    rng = random.Random(seed)  # fair dice: hypothesis would shrink every roll to a 1
    game = SkunkGame(players=players)
    ref = Referee(game)
    s = playout.play(game, rng, choose=roll_often, check=ref.check, on_step=ref.on_step)
    assert s.round == 5 and ref.steps["roll"] >= 1
    returns = s.returns()
    won = s.winners()
    assert abs(sum(returns)) < 1e-9 and all(returns[w] == returns[won[0]] for w in won)


def test_random_playouts_reach_every_event():
    # The referee sees every kind of step over a few uniform-random games.
    seen = {}
    for players in PLAYERS:
        game = SkunkGame(players=players)
        ref = Referee(game)
        for seed in range(6):
            playout.play(game, random.Random(seed), choose=roll_often,
                         check=ref.check, on_step=ref.on_step)
            ref2 = Referee(game)
            playout.play(game, random.Random(seed), check=ref2.check, on_step=ref2.on_step)
            for key, count in list(ref.steps.items()) + list(ref2.steps.items()):
                seen[key] = seen.get(key, 0) + count
    assert all(seen[key] > 0 for key in ("roll", "sit", ADDED, SKUNK, DOUBLE_SKUNK, ALL_SAT)), seen


def test_referee_catches_a_wrong_rule(monkeypatch):
    # The step checks can fail: a rule set where two 1s do not wipe is caught.
    monkeypatch.setattr(skunk, "score_roll", lambda a, b: (
        (ADDED, a + b) if 1 not in (a, b) else (SKUNK, 0)))
    game = SkunkGame(players=3)
    ref = Referee(game)
    with pytest.raises(AssertionError):
        for seed in range(50):
            playout.play(game, random.Random(seed), choose=roll_often,
                         check=ref.check, on_step=ref.on_step)


# -- golden playthroughs ---------------------------------------------------

def sit_by_threshold(s, legal, rng):
    """Seat i sits once the round total is 8 + 4i or more (the first such
    standing seat acts), else the shooter rolls."""
    for seat in range(s.game.num_players()):
        if s.is_standing(seat) and s.round_total >= 8 + 4 * seat:
            return SIT_BASE + seat
    return ROLL


# Seeds picked for varied games: every seat sits at least once and a double
# 1 wipes someone; 3, 4 and 7 seats end in a shared win.
GOLDEN_SEEDS = {2: 8, 3: 8, 4: 38, 5: 27, 6: 21, 7: 26, 8: 21}


@pytest.mark.parametrize("players", PLAYERS)
def test_golden_playthrough(players):
    """A seeded game for each player count, action by action, then the pad
    (tests/golden/skunk_<n>p.txt)."""
    game = SkunkGame(players=players)
    seed = GOLDEN_SEEDS[players]
    lines = playout.transcript(game, seed, choose=sit_by_threshold)
    s = playout.play(game, random.Random(seed), choose=sit_by_threshold)
    for seat in range(players):
        lines.append("P%d: %s = %d%s" % (
            seat + 1, " ".join("%s%d" % (skunk.COLUMNS[r], v) for r, v in enumerate(s.pad[seat])),
            s.scores[seat], " (wiped %s)" % bin(s.wiped[seat]) if s.wiped[seat] else ""))
    playout.assert_golden("skunk_%dp" % players, lines)


# -- save files --------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 8), data=st.data())
def test_any_bytes_refused_or_exact(players, data):
    """Bytes of the right length either raise ValueError or load into a
    state that saves back to the same bytes and plays on legally."""
    game = SkunkGame(players=players)
    raw = data.draw(st.binary(min_size=8 + 11 * players, max_size=8 + 11 * players))
    try:
        s = game.state_from_bytes(raw)
    except ValueError:
        return
    assert s.to_bytes() == raw
    rng = random.Random(0)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
        assert game.state_from_bytes(s.to_bytes()).to_bytes() == s.to_bytes()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), flip=st.integers(0, 10_000))
def test_reached_states_with_a_changed_byte(seed, flip):
    """A state from real play with one byte changed is refused or exact."""
    rng = random.Random(seed)
    game = SkunkGame(players=3)
    s = game.new_initial_state()
    for _ in range(rng.randrange(60)):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()) if not s.is_chance_node()
                       else playout.pick_chance(s, rng))
    raw = bytearray(s.to_bytes())
    raw[flip % len(raw)] = (raw[flip % len(raw)] + 1 + flip // len(raw)) % 256
    try:
        t = game.state_from_bytes(bytes(raw))
    except ValueError:
        return
    assert t.to_bytes() == bytes(raw)


def test_wrong_length_refused():
    game = SkunkGame(players=4)
    good = game.new_initial_state().to_bytes()
    assert len(good) == 8 + 11 * 4
    for data in (good[:-1], good + b"\x00", SkunkGame(players=3).new_initial_state().to_bytes()):
        with pytest.raises(ValueError):
            game.state_from_bytes(data)


# -- the computer player -----------------------------------------------------

def bot_table(s, legal, rng):
    """Every standing seat asks the bot whether it sits, then the shooter."""
    for seat in range(s.game.num_players()):
        if bot.sits(s, seat):
            return SIT_BASE + seat
    action = bot.choose(s)
    assert action in legal
    return action


@pytest.mark.parametrize("players", PLAYERS)
def test_bot_games_finish(players):
    for seed in range(4):
        game = SkunkGame(players=players)
        ref = Referee(game)
        s = playout.play(game, random.Random(seed), choose=bot_table, check=ref.check,
                         on_step=ref.on_step)
        assert s.winners() == list(range(players))  # everyone sits together at 20+
        assert all(v == 0 or v >= bot.SIT_AT for row in s.pad for v in row)


def test_bot_shooter_alone():
    # The shooter's own policy is legal in every position of random games.
    for seed in range(20):
        rng = random.Random(seed)
        s = SkunkGame(players=3).new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(playout.pick_chance(s, rng))
                continue
            action = bot.choose(s)
            assert action in s.legal_actions() and action in (ROLL, SIT_BASE + s.current_player())
            assert (action != ROLL) == (s.round_total >= 20 and s.is_standing(s.current_player()))
            s.apply_action(rng.choice(s.legal_actions()) if rng.random() < 0.3 else action)


def test_bot_decisions():
    s = SkunkGame(players=3).new_initial_state()
    for first, second in ((6, 6), (3, 4)):  # 19
        s.apply_action(ROLL)
        assert not bot.sits(s, 0)
        with pytest.raises(ValueError):
            bot.choose(s)
        s.apply_action(first)
        s.apply_action(second)
    assert s.round_total == 19 and bot.choose(s) == ROLL and not bot.sits(s, 1)
    s.apply_action(ROLL)
    s.apply_action(2)
    s.apply_action(2)
    assert s.round_total == 23 and bot.sits(s, 1) and bot.sits(s, 2)
    assert bot.choose(s) == SIT_BASE + 0
    s.apply_action(SIT_BASE + 0)
    assert not bot.sits(s, 0) and bot.choose(s) == ROLL  # the shooter sat: rolls on
