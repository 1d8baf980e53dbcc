"""Skull & Dragon computer levels (games/skull_dragon/bot.py,
skull_dragon_hard.py): HARD's values checked against a brute-force
enumeration of the game engine's own states, its tables derived again from
scratch, HARD >= MEDIUM >= EASY in expected turn points, the score race,
and every level legal over random playouts with the coach lines short."""
import random

import playout
import pytest
import skull_dragon_ai_cases as cases

from games.skull_dragon import bot, hard
from games.skull_dragon.rules import (
    ACCEPT,
    ACCEPT_OR_MULTIPLY,
    AFTER_SUCCESS,
    BOOK,
    DIRECTION,
    DRAGON,
    FACES,
    MULTIPLY,
    OVER,
    PICK_DIE,
    ROLL_DRAGON,
    ROLL_SKULL,
    UNDER,
    SkullDragonGame,
    succeeds,
)
from rollbox.bots import COACH_CHARS, EASY, HARD, MEDIUM

CAP = 40  # the brute force books at this many points (the chance to get there is ~0)


@pytest.mark.parametrize("case", cases.CASES, ids=lambda c: c.__name__[5:])
def test_cases(case):
    """tests/mp/skull_dragon_ai_cases.py (also run under MicroPython)."""
    case()


class Enumerate:
    """Expected booked points of one turn by walking the engine's states
    (SkullDragonState.clone / apply_action / chance_outcomes): ``policy``
    None is the best play (max over the legal actions), else a level of
    ``bot.choose``. Memo on the fields the turn depends on."""

    def __init__(self, policy=None):
        self.policy = policy
        self.memo = {}

    def value(self, s):
        if s.turn_player() != 0 or s.is_terminal():
            return None  # the turn is over: the caller reads the score
        key = (s.phase, s.target, s.direction, s.turn_points, s.first_die, s.first_value)
        if key in self.memo:
            return self.memo[key]
        if s.turn_points >= CAP and s.phase == AFTER_SUCCESS:
            v = float(s.turn_points)
        elif s.is_chance_node():
            outcomes = s.chance_outcomes()
            v = sum(self.after(s, a) for a, _ in outcomes) / len(outcomes)
        elif self.policy is None:
            v = max(self.after(s, a) for a in s.legal_actions())
        else:
            v = self.after(s, bot.choose(s, self.policy))
        self.memo[key] = v
        return v

    def after(self, s, action):
        t = s.clone()
        t.apply_action(action)
        v = self.value(t)
        return float(t.scores[0]) if v is None else v


def new_turn():
    return SkullDragonGame().new_initial_state()


@pytest.fixture(scope="module")
def best():
    e = Enumerate()
    e.value(new_turn())
    return e


def test_hard_value_from_the_start_two_ways(best):
    """The bot's tables and recursion against the brute force over engine
    states: the expected points of the best play from a turn's start."""
    brute = best.value(new_turn())
    mine = hard.first_die_value(1, hard.start_values(None))
    assert abs(brute - mine) < 1e-7 and abs(brute - 1.97129) < 1e-5
    # W(t, d, k) after a success, for every one the enumeration reached
    # with 1..6 points (its memo; the key keeps the last throw's die too).
    vectors = {(d, k): hard._vector(d, 0 if d == OVER else 42, k)
               for d in (OVER, UNDER) for k in range(1, 7)}
    checked = set()
    for (phase, t, d, k, _, _), v in best.memo.items():
        if phase == AFTER_SUCCESS and k <= 6:
            assert abs(v - vectors[d, k][t]) < 1e-7, (d, t, k)
            checked.add((d, t, k))
    assert len(checked) > 200


def naive_dp(d, top=300):
    """W(t, d, k) for k = 0..top by the plain recursion (book forced at top)."""
    w = {top: {t: float(top) for t in hard.RESULTS}}
    for k in range(top - 1, -1, -1):
        nxt = [0.0] * 43
        for t in hard.RESULTS:
            nxt[t] = w[k + 1][t]
        w[k] = {t: max(([float(k)] if k else []) + [hard._attempt(d, t, die, nxt, 0.0)
                                                     for die in (0, 1)])
                for t in hard.RESULTS}
    return w


@pytest.mark.parametrize("d", [OVER, UNDER])
def test_tables_derived_again(d):
    """K_LIN, C, B and V0 (module doc) from the plain recursion run down
    from k = 300: the short cuts give exactly its values."""
    w = naive_dp(d)
    i = 0 if d == OVER else 1
    for n, t in enumerate(hard.RESULTS):
        assert abs(w[0][t] - hard._V0[24 * i + n] * 1e-8) < 2e-8, (d, t)
        assert abs(w[200][t] - 200 - hard._c(i, n)) < 2e-8, (d, t)
        b = hard._B[i][n]
        for k in range(1, 120):
            if k >= b:
                assert w[k][t] == k, (d, t, k)  # booking is best from B on
            elif b != 255 and k == b - 1:
                assert w[k][t] > k + 1e-12, (d, t, k)  # and not below
    for k in range(hard._K_LIN[i], 120):
        for t in hard.RESULTS:
            assert abs(w[k][t] - k - hard._c(i, hard.RESULTS.index(t))) < 2e-8
    for k in (1, 2, 5, 11, 30, 34, 35, 40):
        vec = hard._vector(d, 0 if d == OVER else 42, k)
        for t in hard.RESULTS:
            assert abs(vec[t] - w[k][t]) < 1e-7, (d, t, k)


def test_race_table_r():
    """R(m): the best chance of m points in a turn, by the brute force with
    "book at m = 1, else 0" (the engine's states again)."""
    for m in (1, 2, 3, 5, 8):
        util = [0.0] * m + [1.0]
        start = hard.start_values(util)
        mine = max(hard.first_die_value(die, start) for die in (0, 1))
        assert abs(mine - hard._r(m)) < 1e-7, m
    assert hard._r(0) == 1.0 and hard._r(13) == 0.0


@pytest.fixture(scope="module")
def levels():
    return {level: Enumerate(level) for level in (EASY, MEDIUM, HARD)}


def test_levels_in_expected_turn_points(best, levels):
    values = {level: e.value(new_turn()) for level, e in levels.items()}
    assert abs(values[HARD] - best.value(new_turn())) < 1e-9
    assert values[EASY] < values[MEDIUM] < values[HARD]
    assert [round(values[x], 4) for x in (EASY, MEDIUM, HARD)] == [1.4581, 1.848, 1.9713]


def sample_states(n, seed):
    """Decision states of seat 0's first turn reached by random play."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = new_turn()
        while s.turn_player() == 0 and not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(playout.pick_chance(s, rng))
            else:
                out.append(s.clone())
                s.apply_action(rng.choice(s.legal_actions()))
    return out


def test_hard_at_least_easy_and_medium_from_sample_states(best, levels):
    for s in sample_states(60, 4):
        key = (s.phase, s.target, s.direction, s.turn_points, s.first_die, s.first_value)
        v = {lv: levels[lv].value(s) for lv in (EASY, MEDIUM, HARD)}
        if key in best.memo:
            assert abs(v[HARD] - best.memo[key]) < 1e-7, key
        assert v[HARD] >= v[EASY] - 1e-9 and v[HARD] >= v[MEDIUM] - 1e-9, key


def test_rules_examples_decided_legally():
    """RULES.md 3's two example turns: at each decision every level answers
    a legal action."""
    examples = [
        (ROLL_SKULL, 2, ACCEPT, OVER, ROLL_DRAGON, 4, ACCEPT, ROLL_DRAGON, 3, MULTIPLY, 3,
         ROLL_DRAGON, DRAGON, MULTIPLY, 6, BOOK),
        (ROLL_SKULL, 6, MULTIPLY, 4, UNDER, ROLL_SKULL, 3, MULTIPLY, 3, ROLL_SKULL, 2, MULTIPLY,
         5),
    ]
    for script in examples:
        s = new_turn()
        for action in script:
            if not s.is_chance_node():
                for level in (EASY, MEDIUM, HARD):
                    assert bot.choose(s, level) in s.legal_actions()
                a, b = bot.coach(s)
                assert 0 < len(a) <= COACH_CHARS and 0 < len(b) <= COACH_CHARS
            s.apply_action(action)
    assert s.scores == [3, 0] or s.turn_player() == 1


def test_easy_is_the_first_bot():
    s = new_turn()
    assert bot.choose(s) == bot.choose(s, EASY) == ROLL_SKULL
    assert bot.choose(s, MEDIUM) == bot.choose(s, HARD) == ROLL_DRAGON


def test_race_earlier_seat_utility():
    """Round 4, seat 0 of 3 (two seats still to play): the utility is the
    product of their chances not to pass it; seat 2 of 3 with a sure win
    plays for points."""
    s = SkullDragonGame(players=3).new_initial_state()
    s.scores, s.round = [6, 4, 8], 3
    u = hard._utility(s)
    for x, ux in enumerate(u):
        want = 1.0
        for other in (4, 8):
            a = 6 + x - other
            want *= 1 - (hard._r(a) + hard._r(a + 1)) / 2
        assert abs(ux - want) < 1e-12
    assert hard._utility(SkullDragonGame(players=3).new_initial_state()) is None  # round 1
    s._player = 2
    s.scores = [3, 4, 8]
    assert hard._utility(s) is None  # it leads whatever it books


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_legal_and_finishes(players):
    rng = random.Random(players)
    for _ in range(6):
        levels = [rng.choice((EASY, MEDIUM, HARD)) for _ in range(players)]

        def choose(s, legal, _rng, levels=levels):
            a, b = bot.coach(s)
            assert len(a) <= COACH_CHARS and len(b) <= COACH_CHARS and b.startswith("Hard: ")
            action = bot.choose(s, levels[s.current_player()])
            assert action in legal
            return action

        s = playout.play(SkullDragonGame(players=players), rng, choose)
        assert s.is_terminal() and bot.coach(s) == ("", "")


def test_coach_at_every_phase():
    rng = random.Random(11)
    seen = set()
    for _ in range(300):
        s = new_turn()
        s.scores, s.round = [rng.randrange(12), rng.randrange(12)], rng.choice((0, 3, 5))
        s._player = rng.randrange(2)
        while not s.is_terminal() and s.round < 7:
            a, b = bot.coach(s)
            assert len(a) <= COACH_CHARS and len(b) <= COACH_CHARS
            if s.phase in (PICK_DIE, ACCEPT_OR_MULTIPLY, DIRECTION, AFTER_SUCCESS):
                assert a and b, s.phase
                seen.add(s.phase)
                s.apply_action(rng.choice(s.legal_actions()))
            else:
                assert (a, b) == ("", "")
                s.apply_action(playout.pick_chance(s, rng))
    assert len(seen) == 4
    assert bot.coach(None) == ("", "")  # nothing raises


def test_succeeds_matches_the_game():
    # The DP's inline tests (>= over, <= under) are the game's rule.
    for d in (OVER, UNDER):
        for t in hard.RESULTS:
            for r in hard.RESULTS:
                assert succeeds(d, t, r) == (r >= t if d == OVER else r <= t)
    assert sorted({a * b for a in FACES[0] for b in FACES[1]} | set(FACES[0])
                  | set(FACES[1])) == list(hard.RESULTS)
