"""Skull & Dragon computer levels (games/skull_dragon/bot.py and
skull_dragon_hard.py) under MicroPython (tests/mp/runner.py) and CPython
(tests/test_ai_skull_dragon.py): HARD's exact choices at known states, the
score race, the coach lines, and whole seeded games of every level."""
from lcg import Lcg

from games.skull_dragon import bot
from games.skull_dragon.rules import (
    ACCEPT,
    BOOK,
    MULTIPLY,
    OVER,
    ROLL_DRAGON,
    ROLL_SKULL,
    UNDER,
    SkullDragonGame,
)

HARD = 3


def at(actions, players=2, scores=None, rnd=0, seat=0):
    """A state after ``actions`` from a turn's start of ``seat`` in round
    ``rnd`` with ``scores``."""
    s = SkullDragonGame(players=players).new_initial_state()
    if scores:
        s.scores, s.round, s._player = list(scores), rnd, seat
    for a in actions:
        s.apply_action(a)
    return s


def case_hard_turn_start():
    # Dragon die; accept 1 or 2, multiply 3 or more; over up to a target of 4.
    assert bot.choose(at(()), HARD) == ROLL_DRAGON
    for face, action in ((1, ACCEPT), (2, ACCEPT), (3, MULTIPLY), (5, MULTIPLY), (7, MULTIPLY)):
        assert bot.choose(at((ROLL_DRAGON, face)), HARD) == action, face
    assert bot.choose(at((ROLL_DRAGON, 4, ACCEPT)), HARD) == OVER
    assert bot.choose(at((ROLL_DRAGON, 5, ACCEPT)), HARD) == UNDER


def case_hard_books_and_goes_on():
    over_1 = (ROLL_DRAGON, 1, ACCEPT, OVER)
    # Target 1 over: the dragon die cannot fail, whatever the points.
    s = at(over_1 + (ROLL_DRAGON, 1, ACCEPT) * 3)
    assert s.turn_points == 3 and bot.choose(s, HARD) == ROLL_DRAGON
    # Target 10 over (dragon 5 x skull 2): go on with 1 point, book 2.
    s = at(over_1 + (ROLL_DRAGON, 5, MULTIPLY, 2))
    assert s.target == 10 and s.turn_points == 1 and bot.choose(s, HARD) == ROLL_DRAGON
    s = at(over_1 + (ROLL_DRAGON, 1, ACCEPT, ROLL_DRAGON, 5, MULTIPLY, 2))
    assert s.turn_points == 2 and bot.choose(s, HARD) == BOOK


def case_race_last_seat():
    # Round 4, the last seat 5 behind: a sure tie at 2 points goes on (it
    # needs 6), and at target 1 over with 6 points it books the win rather
    # than throw again (even a sure throw).
    over_1 = (ROLL_DRAGON, 1, ACCEPT, OVER)
    s = at(over_1 + (ROLL_DRAGON, 5, MULTIPLY, 2, ROLL_SKULL, 6, MULTIPLY, 2), 2, (9, 4), 3, 1)
    assert s.turn_points == 2 and s.target == 12 and bot.choose(s, HARD) != BOOK
    s = at(over_1 + (ROLL_DRAGON, 1, ACCEPT) * 6, 2, (9, 4), 3, 1)
    assert s.turn_points == 6 and bot.choose(s, HARD) == BOOK
    assert bot.choose(at(over_1 + (ROLL_DRAGON, 1, ACCEPT) * 6), HARD) == ROLL_DRAGON


def case_coach_lines():
    assert bot.coach(at(())) == ("Turn worth 1.97 points", "Hard: dragon die")
    assert bot.coach(at((ROLL_DRAGON,))) == ("", "")  # a die is rolling
    s = at((ROLL_DRAGON, 4, ACCEPT, OVER, ROLL_DRAGON, 5, ACCEPT))
    assert bot.coach(s) == ("Next throw: 28/36 (78%)", "Hard: dragon die")
    assert bot.coach(at((ROLL_DRAGON, 4, ACCEPT))) == ("Over 31/36, under 26/36", "Hard: over")
    assert bot.coach(at((ROLL_DRAGON, 4))) == ("Accept 1.30, mult 1.91", "Hard: multiply")


def play(players, seed, levels):
    """A whole game, seat i at levels[i]; every choice legal, coach lines at
    most 26 characters. Returns (winner, scores)."""
    s = SkullDragonGame(players=players).new_initial_state()
    rng = Lcg(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[rng.below(len(outcomes))][0])
            continue
        a, b = bot.coach(s)
        assert len(a) <= 26 and len(b) <= 26 and b.startswith("Hard: "), (a, b)
        action = bot.choose(s, levels[s.turn_player()])
        assert action in s.legal_actions()
        s.apply_action(action)
    return s.winner(), s.scores


def case_seeded_games_every_level():
    for players, seed in ((2, 3), (3, 5)):
        winner, scores = play(players, seed, (HARD, 2, 1))
        assert 0 <= winner < players and scores[winner] == max(scores)
    winner, scores = play(2, 9, (HARD, HARD))
    assert 0 <= winner < 2


CASES = [case_hard_turn_start, case_hard_books_and_goes_on, case_race_last_seat,
         case_coach_lines, case_seeded_games_every_level]
