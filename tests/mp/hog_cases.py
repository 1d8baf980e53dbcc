"""Hog (RULES.md section 2, the Pig family table's last row) with exact
numbers, the computer seat's choices worked out by hand, and a whole seeded
game, written to run unchanged under MicroPython (tests/mp/runner.py) and
CPython (tests/test_hog.py). Each ``case_*`` function raises AssertionError
on a failure. Kept short: the runner holds every game's cases in one 64 KB
heap; tests/test_hog.py has the rest."""
from lcg import Lcg

from games.hog import bot
from games.hog.rules import HogGame


def after_rolls(game, rolls):
    """A state after ``rolls``: each the faces of one turn's roll."""
    s = game.new_initial_state()
    for faces in rolls:
        s.apply_action(len(faces))
        for f in faces:
            s.apply_action(f)
    return s


def _refused(game, s, data=None):
    """``data`` refused by ``game``, or else every action 0, 25, -1 by ``s``."""
    before = s.to_bytes()
    for a in (0, 25, -1) if data is None else (0,):
        try:
            s.apply_action(a) if data is None else game.state_from_bytes(data)
        except ValueError:
            assert s.to_bytes() == before
            continue
        raise AssertionError("accepted %r" % ((a, data),))


# (six_bad, rolls, scores, last_points): "score the sum"; one bad face:
# "the turn scores 0"; two: "(same)", no wipe; "6 is bad": a 6 counts as a 1.
_SCORING = (
    (0, ((4, 5, 3), (6, 6, 6, 6, 6, 2)), [12, 32], 32),
    (0, ((6, 6), (5, 5), (4, 1, 5)), [12, 10], 0),
    (0, ((3, 4, 2, 6), (2,), (1, 1, 5)), [15, 2], 0),
    (1, ((5, 6, 4), (5, 5, 4, 2)), [0, 16], 16),
    (1, ((5, 5, 4, 2), (6, 6)), [16, 0], 0),
    (0, ((5, 6, 4), (6,)), [15, 6], 6),
)


def case_a_roll_scores_its_sum_or_zero_with_a_bad_face():
    for six_bad, rolls, scores, last in _SCORING:
        s = after_rolls(HogGame(six_bad=six_bad), rolls)
        assert s.scores == scores and s.last_points == last, rolls
        assert s.dice == list(rolls[-1]) and s.current_player() == len(rolls) % 2


def case_at_least_one_die_and_at_least_twenty():
    # "Hog needs at least 1 die; the device must allow at least 20."
    s = after_rolls(HogGame(), ((2,) * 20, (2,) * 23 + (3,)))
    assert s.scores == [40, 49] and len(s.dice) == 24
    assert s.legal_actions() == list(range(1, 25))
    _refused(None, s)


def case_reaching_the_goal_wins_at_once():
    # "A player wins when a hold brings their score to the goal or more":
    # the roll is the hold; the other seats get no further turn.
    s = after_rolls(HogGame(goal=20), ((5, 4), (6, 6, 6, 1), (5, 6)))
    assert s.scores == [20, 0] and s.winner() == 0 and s.returns() == [1.0, -1.0]
    s = after_rolls(HogGame(goal=10, players=3), ((3, 3), (2,), (6, 5)))
    assert s.winner() == 2 and s.scores == [6, 2, 11] and s.is_terminal()


def case_bot_choices_worked_by_hand():
    # Average points n * S * g**(n-1) / 6**n: 4n(5/6)**n peaks at 5 and 6
    # dice (both 62500/7776, 8.04): 5. "6 is bad": 3.5n(2/3)**n peaks at 2
    # and 3 (both 28/9, 3.11): 2. Fewer points needed than that: 8 needed,
    # 2 dice reach it 15/36 (0.42), 3 dice 121/216 (0.56: all but 2-2-2 and
    # the three 2-2-3), 4 dice 625/1296 (0.48): 3; 3 needed: 1 die 24/36,
    # 2 dice 25/36: 2; 2 needed: 1 die 5/6: 1. "6 is bad", 3 needed: 1 die
    # 3/6 beats 2 dice 16/36: 1.
    assert bot.expected_points(0, 5) == (62500, 7776)
    assert bot.expected_points(1, 2) == (112, 36)
    assert bot.reach_counts(0, 4, 8) == (0, 15, 121, 625)
    for six_bad, score, n in ((0, 0, 5), (1, 0, 2), (0, 41, 5), (0, 42, 3), (0, 47, 2),
                              (0, 48, 1), (1, 47, 1), (1, 46, 2)):
        s = HogGame(goal=50, six_bad=six_bad).new_initial_state()
        s.scores[0] = score
        assert bot.choose(s, 2) == n, (six_bad, score)  # MEDIUM


def case_whole_seeded_game():
    # Every seat the computer, dice from a fixed stream: the same game on
    # every interpreter, the save bytes round-trip at every step.
    game = HogGame(six_bad=1, players=3)
    s = game.new_initial_state()
    rng = Lcg(7)
    rolled = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(1 + rng.below(6))
            rolled += 1
        else:
            s.apply_action(bot.choose(s, 2))  # MEDIUM
        raw = s.to_bytes()
        assert game.state_from_bytes(raw).to_bytes() == raw
    assert (s.winner(), s.scores, rolled) == (0, [101, 88, 92], 205)


def case_bad_parameters_and_bytes_refused():
    for params in ({"players": 1}, {"players": 9}, {"goal": 9}, {"goal": 1001},
                   {"six_bad": 2}, {"goal": "100"}, {"variant": 0}):
        try:
            HogGame(**params)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (params,))
    game = HogGame()
    s = after_rolls(game, ((4, 5),))
    good = s.to_bytes()
    assert good == bytes([0, 1, 0, 2, 9, 0, 4, 5, 9, 0, 0, 0])
    # Too short, too long; phase 3, seat 2 of 2, a winner in a game going on,
    # 25 dice, 8 points from 4-5, a face 7, a face not landed after the
    # roll, a score at the goal.
    corrupt = [good[:at] + bytes([v]) + good[at + 1:]
               for at, v in ((0, 3), (1, 2), (2, 1), (3, 25), (4, 8), (6, 7), (6, 0), (8, 100))]
    for data in [b"", good[:-1], good + b"\0"] + corrupt:
        _refused(game, s, data)


CASES = [case_a_roll_scores_its_sum_or_zero_with_a_bad_face,
         case_at_least_one_die_and_at_least_twenty, case_reaching_the_goal_wins_at_once,
         case_bot_choices_worked_by_hand, case_whole_seeded_game,
         case_bad_parameters_and_bytes_refused]
