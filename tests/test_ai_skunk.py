"""SKUNK computer levels (games/skunk/bot.py): HARD's one-roll
expected gain by exact fractions over the 36 rolls, the one-roll rule equal
to the optimal stopping rule found by backward induction, the column K race
rules (equal to the exact two-seat solution, tools/solvers/skunk.py), the
shared-dice margin, and every level legal over random playouts of 2-8 seats with the
coach lines short."""
import random
from fractions import Fraction

import pytest
import skunk_ai_cases as cases

from games.skunk import bot
from games.skunk import rules as k
from rollbox.bots import COACH_CHARS, EASY, HARD, MEDIUM


@pytest.mark.parametrize("case", cases.CASES, ids=lambda c: c.__name__[5:])
def test_cases(case):
    """tests/mp/skunk_ai_cases.py (also run under MicroPython)."""
    case()


def exact_gain(t, g):
    """Standing one more roll then sitting, against sitting now at round
    total t with game total g: the 36 rolls through the game's score_roll."""
    total = Fraction(0)
    for a in range(1, 7):
        for b in range(1, 7):
            event, points = k.score_roll(a, b)
            if event == k.ADDED:
                total += t + points
            elif event == k.DOUBLE_SKUNK:
                total -= g
    return total / 36 - t


def test_the_figures_by_fractions():
    ones = sum(1 for a in range(1, 7) for b in range(1, 7) if 1 in (a, b))
    assert ones == 11 and sum(1 for a in range(1, 7) for b in range(1, 7) if a == b == 1) == 1
    no_one = [a + b for a in range(2, 7) for b in range(2, 7)]
    assert len(no_one) == 25 and Fraction(sum(no_one), 25) == 8
    for t in range(0, 60, 3):
        for g in (0, 7, 50, 100, 199, 200, 201, 350):
            assert exact_gain(t, g) == Fraction(bot.gain36(t, g), 36), (t, g)


def optimal_sits(g, cap=200):
    """A lone seat maximising its expected points: the round totals at which
    sitting is optimal, by backward induction (round total capped; the
    value of standing at t is the mean over the 36 rolls)."""
    value = {}
    sit = set()
    for t in range(cap, -1, -1):
        stand = Fraction(0)
        for a in range(1, 7):
            for b in range(1, 7):
                event, points = k.score_roll(a, b)
                if event == k.ADDED:
                    nt = min(t + points, cap)
                    stand += value.get(nt, Fraction(nt))
                elif event == k.DOUBLE_SKUNK:
                    stand -= g
        stand /= 36
        value[t] = max(Fraction(t), stand)
        if Fraction(t) > stand:
            sit.add(t)
    return sit


@pytest.mark.parametrize("g", [0, 30, 100, 180, 205])
def test_one_roll_rule_is_optimal(g):
    sit = optimal_sits(g)
    for t in range(0, 150):
        assert (t in sit) == (bot.gain36(t, g) < 0), (g, t)


def at(players, script):
    return cases._new(players, script)


def test_levels_thresholds():
    s = at(3, "r66 r44")  # 20, everyone standing and level
    assert [bot.sits(s, 0, lv) for lv in (EASY, MEDIUM, HARD)] == [True, True, False]
    s = at(3, "r66 r33")  # 18
    assert [bot.sits(s, 0, lv) for lv in (EASY, MEDIUM, HARD)] == [False, False, False]
    assert bot.sits(s, 0) is False  # the default level is EASY
    s = at(3, "r66 s2 s3 r33")  # 18, P1 alone: the points rule, 200 - 198 > 0
    assert not bot.sits(s, 0, HARD)
    s = at(2, "r66 r66 r66 r66 r66 r66 r66 r66 r66 s1 s2 r22 r32")  # column K, 9 for all
    assert s.round == 1 and s.scores == [108, 108] and s.round_total == 9
    assert not bot.sits(s, 0, MEDIUM) and not bot.sits(s, 0, EASY)
    assert not bot.sits(s, 0, HARD)  # 200 - 99 - 108 < 0, but P2 stands level
    s.apply_action(k.SIT_BASE + 1)
    assert bot.sits(s, 0, HARD) and not bot.sits(s, 0, MEDIUM)


def test_shadow_margin():
    """Rule 2: stand with a standing seat at most SHADOW_LEAD behind."""
    for behind in range(0, 12):
        s = at(2, "r66 r44 s1 r12")  # P1 20, P2 0 (a 1); column K starts
        s.scores = [20, 20 - behind]  # the rule reads only the totals
        s.apply_action(k.ROLL)
        s.apply_action(2)
        s.apply_action(2)  # 4: the points rule stands (200 - 44 - 20 > 0)
        assert not bot.sits(s, 0, HARD)
        for _ in range(3):
            s.apply_action(k.ROLL)
            s.apply_action(6)
            s.apply_action(6)
        assert s.round_total == 40 and bot.gain36(40, 20) < 0
        assert bot.sits(s, 0, HARD) == (behind > bot.SHADOW_LEAD), behind
        assert not bot.sits(s, 1, HARD)  # P2 is behind or level: stands


def test_column_k_race():
    # Four rounds of 3-3 (P1 sits on 6) and 2-2 (P2 sits on 10): 24 and 40.
    s = at(2, "r33 s1 r22 s2 " * 4)
    assert s.round == 4 and s.scores == [24, 40] and s.current_player() == 0
    s.apply_action(k.ROLL)
    s.apply_action(4)
    s.apply_action(4)
    s.apply_action(k.SIT_BASE + 1)  # P2 sits on 48
    assert s.scores == [24, 48] and s.round_total == 8
    assert not bot.sits(s, 0, HARD)  # 32 < 48: sitting loses for sure
    for a, b in ((6, 6), (5, 5)):
        s.apply_action(k.ROLL)
        s.apply_action(a)
        s.apply_action(b)
        assert bot.gain36(s.round_total, 24) < 0  # the points rule alone would sit
        assert bot.sits(s, 0, HARD) == (24 + s.round_total > 48), s.round_total  # 44, 54


@pytest.mark.parametrize("players", range(2, 9))
def test_every_level_legal_and_finishes(players):
    rng = random.Random(players)
    for _ in range(15):
        levels = [rng.choice((EASY, MEDIUM, HARD)) for _ in range(players)]
        s = k.SkunkGame(players=players).new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.randrange(1, 7))
                continue
            for seat in range(players):
                a, b = bot.coach(s, seat)
                assert len(a) <= COACH_CHARS and len(b) <= COACH_CHARS
                if s.round < k.ROUNDS and bot.sits(s, seat, levels[seat]):
                    assert k.SIT_BASE + seat in s.legal_actions()
                    s.apply_action(k.SIT_BASE + seat)
            if not s.is_terminal():
                action = bot.choose(s, levels[s.current_player()])
                assert action in s.legal_actions()
                s.apply_action(action)
        assert s.round == k.ROUNDS and s.winners()
        assert bot.coach(s) == ("", "")


def test_coach_never_raises_and_fits():
    s = at(2, "r66")
    s.round_total = k.MAX_TOTAL
    s.scores = [4 * k.MAX_TOTAL, 0]
    a, b = bot.coach(s)
    assert a and b and len(a) <= COACH_CHARS and len(b) <= COACH_CHARS, (a, b)
    assert bot.coach(None) == ("", "")
    s = at(2, "r66 s1")
    assert bot.coach(s, 0)[1] == "P1 has sat" and bot.coach(s) == bot.coach(s, 0)


def test_column_k_alone_is_the_exact_solution():
    """With the other seat seated at y, the solver's column K decisions are
    rule 1: stand while a + T <= y, sit once ahead (away from its caps)."""
    from solvers import skunk as solver

    sol = solver.solve(cap=80, tcap=60)
    s = at(2, "r33 s1 r22 s2 " * 4)
    s.apply_action(k.ROLL)
    s.apply_action(2)
    s.apply_action(2)
    s.apply_action(k.SIT_BASE + 1)  # P2 seated: column K, P1 alone
    stand = sol.stand_alone[k.ROUNDS - 1]
    for t in range(4, 40):
        s.round_total = t
        for a in range(0, 40):
            for y in range(0, 60):
                s.scores = [a, y]
                assert (not stand[t][a, y]) == bot.sits(s, 0, HARD), (t, a, y)
    assert 0.5 < sol.W[0][0, 0] < 0.6  # the follower's edge against a perfect seat
