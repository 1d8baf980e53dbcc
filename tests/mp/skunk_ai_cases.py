"""SKUNK computer levels (games/skunk/bot.py) under MicroPython
(tests/mp/runner.py) and CPython (tests/test_ai_skunk.py)."""
from lcg import Lcg

from games.skunk import bot
from games.skunk import rules as k


def _new(players, script=""):
    s = k.SkunkGame(players=players).new_initial_state()
    for move in script.split():
        if move[0] == "r":
            s.apply_action(k.ROLL)
            s.apply_action(int(move[1]))
            s.apply_action(int(move[2]))
        else:
            s.apply_action(k.SIT_BASE + int(move[1:]) - 1)
    return s


def case_hard_thresholds():
    # Nobody else standing: 200 - 11 T - G < 0, sit at 19 with nothing banked.
    s = _new(2, "r66 s2 r33")
    assert s.round_total == 18 and bot.gain36(18, 0) == 2 and not bot.sits(s, 0, 3)
    s = _new(2, "r66 s2 r43")
    assert s.round_total == 19 and bot.gain36(19, 0) == -9 and bot.sits(s, 0, 3)
    assert bot.choose(s, 3) == k.SIT_BASE and bot.choose(s) == k.ROLL  # EASY sits at 20


def case_hard_shadows():
    # Both standing and level: HARD stands on past 19 (the same dice).
    s = _new(2, "r66 r43 r55")
    assert s.round_total == 29 and not bot.sits(s, 0, 3) and not bot.sits(s, 1, 3)
    assert bot.sits(s, 0, 1) and bot.sits(s, 0, 2)
    # P1 banked 20 in column S, P2 a 1; column K at 20: P2 (0) stands with
    # P1, P1 (20 ahead of a standing 0) sits by the points rule; MEDIUM: P2
    # stands with the leader, P1 sits at 20.
    s = _new(2, "r66 r44 s1 r12 r66 r44")
    assert s.round == 1 and s.scores == [20, 0] and s.round_total == 20
    assert not bot.sits(s, 1, 3) and bot.sits(s, 0, 3)
    assert not bot.sits(s, 1, 2) and bot.sits(s, 0, 2) and bot.sits(s, 1, 1)


def case_coach():
    s = _new(2, "r66 r44")  # 200 - 220 = -20: -0.56 points, but P2 stands level
    assert bot.coach(s) == ("Chance of a 1: 11/36 (31%)", "Stand -0.6; Hard: stand")
    s.apply_action(k.SIT_BASE + 1)
    assert bot.coach(s) == ("Chance of a 1: 11/36 (31%)", "Stand -0.6; Hard: sit")
    assert bot.coach(s, 1) == ("Chance of a 1: 11/36", "P2 has sat")
    assert bot.coach(_new(2)) == ("Chance of a 1: 11/36 (31%)", "Stand +5.6; Hard: stand")
    s.apply_action(k.ROLL)
    assert bot.coach(s) == ("", "")


def case_every_level_finishes():
    for players, seed in ((2, 1), (5, 2), (8, 3)):
        s = k.SkunkGame(players=players).new_initial_state()
        rng = Lcg(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(1 + rng.below(6))
                continue
            for seat in range(players):
                a, b = bot.coach(s, seat)
                assert len(a) <= 26 and len(b) <= 26
                if bot.sits(s, seat, 1 + seat % 3):
                    s.apply_action(k.SIT_BASE + seat)
            if not s.is_terminal():
                s.apply_action(bot.choose(s, 1 + s.current_player() % 3))
        assert s.round == 5 and s.winners()


CASES = [case_hard_thresholds, case_hard_shadows, case_coach, case_every_level_finishes]
