"""SKUNK (RULES.md section 2) with exact numbers, and whole seeded games,
written to run unchanged under MicroPython (tests/mp/runner.py) and CPython
(tests/test_skunk.py). Each ``case_*`` function raises AssertionError on a
failure. Kept compact: compiling this file is the runner's peak of memory.

Scripts: ``"r34"`` is ROLL then the faces 3 and 4; ``"s2"`` is P2 (seat 1)
sitting. Pads as text: ``_pad(s)`` gives rows ``"|"``-joined, ``-`` for an
unplayed column."""
from lcg import Lcg

from games.skunk import bot
from games.skunk import rules as k


def _play(s, script):
    for move in script.split():
        if move[0] == "r":
            s.apply_action(k.ROLL)
            s.apply_action(int(move[1]))
            assert s.dice == [int(move[1]), 0]
            s.apply_action(int(move[2]))
        else:
            s.apply_action(k.SIT_BASE + int(move[1:]) - 1)
    return s


def _new(players, script=""):
    return _play(k.SkunkGame(players=players).new_initial_state(), script)


def _pad(s):
    return "|".join(" ".join("-" if v < 0 else str(v) for v in row) for row in s.pad)


def _refused(s, action):
    before = s.to_bytes()
    try:
        s.apply_action(action)
    except ValueError:
        assert s.to_bytes() == before
        return
    raise AssertionError("illegal action %r taken" % (action,))


def case_score_roll():
    assert k.score_roll(3, 4) == (k.ADDED, 7) and k.score_roll(6, 6) == (k.ADDED, 12)
    assert k.score_roll(2, 1) == (k.SKUNK, 0) == k.score_roll(1, 6)
    assert k.score_roll(1, 1) == (k.DOUBLE_SKUNK, 0)


def case_scripted_round():
    # Rolls 3-4 and 5-6 (round total 18), P2 sits at 18, then 2-1: the
    # sitter keeps 18, the standing seats score 0 for the round.
    s = _new(4)
    assert s.legal_actions() == [0, 1, 2, 3, 4] and s.last_event == k.NO_ROLL
    _play(s, "r34")
    assert s.round_total == 7 and s.last_event == k.ADDED and s.dice == [3, 4]
    _play(s, "r56 s2")
    assert s.round_total == 18 and _pad(s) == "- - - - -|18 - - - -|- - - - -|- - - - -"
    assert s.standing == 0b1101 and s.scores == [0, 18, 0, 0] and not s.is_standing(1)
    assert s.legal_actions() == [0, 1, 3, 4] and s.current_player() == 0
    _play(s, "r21")
    assert s.last_event == k.SKUNK and s.dice == [2, 1] and s.scores == [0, 18, 0, 0]
    assert _pad(s) == "0 - - - -|18 - - - -|0 - - - -|0 - - - -" and s.wiped == [0] * 4
    # Column K: everyone stands again, seat 1 shoots.
    assert (s.round, s.round_total, s.standing, s.current_player()) == (1, 0, 15, 1)


def case_double_ones_wipe_standing_not_sitter():
    s = _new(3, "r66 s1 s2 r15")  # P3 stood: 0 in column S
    assert _pad(s) == "12 - - - -|12 - - - -|0 - - - -"
    _play(s, "r45 s1 s2 s3")  # everyone sat at 9
    assert s.round == 2 and s.last_event == k.ALL_SAT and s.scores == [21, 21, 9]
    _play(s, "r55 s1 r11")
    # P1 sat: keeps everything. P2 and P3 stood: 0 for the round and their
    # earlier columns wiped (P3's 0 in column S held no points: not marked).
    assert s.last_event == k.DOUBLE_SKUNK and s.dice == [1, 1] and s.scores == [31, 0, 0]
    assert _pad(s) == "12 9 10 - -|0 0 0 - -|0 0 0 - -" and s.wiped == [0, 3, 2]
    _play(s, "r22 s2")  # a wiped seat scores again
    assert s.scores == [31, 4, 0] and s.current_player() == 0


def case_everyone_sitting_ends_the_round_without_a_roll():
    s = _new(2, "r33 s2 s1")  # the last sit ends the round: no chance node
    assert (s.round, s.current_player(), s.last_event, s.round_total) == (1, 1, k.ALL_SAT, 0)
    assert _pad(s) == "6 - - - -|6 - - - -" and s.dice == [3, 3] and s.standing == 3


def case_shooter_rolls_after_sitting():
    s = _new(3, "r44 s1")  # the shooter sits; P2 and P3 still stand
    assert s.current_player() == 0 and s.legal_actions() == [0, 2, 3]
    _refused(s, k.SIT_BASE)
    _play(s, "r65 s3")
    assert s.round_total == 19 and s.legal_actions() == [0, 2]
    _play(s, "r31")
    assert _pad(s) == "8 - - - -|0 - - - -|19 - - - -"


def case_sitting_before_the_first_roll_scores_zero():
    s = _new(2, "s2")  # the table acts at every decision node
    assert _pad(s) == "- - - - -|0 - - - -" and s.current_player() == 0
    _play(s, "r11")  # P2 sat at 0: safe from the double 1
    assert _pad(s) == "0 - - - -|0 - - - -" and s.wiped == [0, 0]


def case_shared_win():
    s = _new(2, "r34 s1 s2 " * 5)  # equal totals share the win
    assert s.current_player() == k.TERMINAL and s.round == 5 and s.standing == 0
    assert s.scores == [35, 35] and s.winners() == [0, 1] and s.winner() == -1
    assert s.returns() == [0.0, 0.0]
    s = _new(3, "s3 r52 s1 s2 " * 5)  # two share, the loser pays both
    assert s.scores == [35, 35, 0] and s.winners() == [0, 1] and s.winner() == -1
    assert s.returns() == [1.0, 1.0, -2.0]
    _refused(s, k.ROLL)


def case_five_rounds_and_a_single_winner():
    # P1 sits at 5 each round; P2 stands through 6-1 or sits at 17 after 6-6.
    s = _new(2, "r23 s1 r61 r23 s1 r66 s2 r23 s1 r61 r23 s1 r66 s2 r23 s1 r61")
    assert _pad(s) == "5 5 5 5 5|0 17 0 17 0" and s.scores == [25, 34]
    assert s.winner() == 1 and s.winners() == [1] and s.returns() == [-1.0, 1.0]


def case_illegal_actions_refused():
    s = _new(3)
    for bad in (4, -1, 7, 11):
        _refused(s, bad)
    s.apply_action(k.ROLL)
    for bad in (0, 7, 10):
        _refused(s, bad)
    s.apply_action(6)
    _refused(s, 0)
    s.apply_action(6)
    assert s.round_total == 12 and s.current_player() == 0


def case_bad_parameters_refused():
    for params in ({"players": 1}, {"players": 9}, {"players": "4"}, {"goal": 100}):
        try:
            k.SkunkGame(**params)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (params,))


def case_corrupt_bytes_refused():
    game = k.SkunkGame(players=2)
    good = _new(2, "r34 s2").to_bytes()
    assert len(good) == 30 and game.state_from_bytes(good).to_bytes() == good
    bad = [b"", good[:-1], good + b"\x00"]
    for i, v in ((0, 4),  # phase
                 (0, 3),  # game over in round 1
                 (1, 6), (1, 1),  # round; round 2 with column S unplayed for P1
                 (2, 7), (2, 0),  # a seat that does not exist stands; nobody stands
                 (3, 7), (4, 0),  # a die face; half a roll at a decision node
                 (5, 5), (5, k.SKUNK),  # event; a round total after a round ended
                 (6, 0),  # round total 0 after a roll that added
                 (8, 1),  # a wiped column in round 1
                 (9, 0),  # P1 stands but has a score in column S
                 (20, 9),  # P2 sat at 9 with a round total of 7
                 (22, 0)):  # column K scored before round 2
        data = bytearray(good)
        data[i] = v
        bad.append(bytes(data))
    bad.append(good[:6] + b"\xff\xff" + good[8:])  # round total over MAX_TOTAL
    bad.append(good[:20] + b"\xff\xff" + good[22:])  # P2 sat but column S unplayed
    for data in bad:
        try:
            game.state_from_bytes(data)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (data,))


def play_game(players, seed, sit_at=None):
    """A whole game, dice from a fixed stream. Before each roll every
    standing seat in turn may sit: the bot's :func:`sits` when ``sit_at`` is
    None, else seat ``i`` sits once the round total is ``sit_at[i]`` or
    more; then the shooter acts (bot.choose, or ROLL). Returns the final
    state and the number of rolls."""
    game = k.SkunkGame(players=players)
    s = game.new_initial_state()
    rng = Lcg(seed)
    rolls = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(1 + rng.below(6))
            rolls += s.current_player() != k.CHANCE
        else:
            for seat in range(players):
                if sit_at is None:
                    sit = bot.sits(s, seat)
                else:
                    sit = s.is_standing(seat) and s.round_total >= sit_at[seat]
                if sit:
                    s.apply_action(k.SIT_BASE + seat)
            if not s.is_terminal():  # the shooter has had its say as a seat
                s.apply_action(bot.choose(s) if sit_at is None else k.ROLL)
        raw = s.to_bytes()
        assert game.state_from_bytes(raw).to_bytes() == raw
        for row, total in zip(s.pad, s.scores):
            assert total == sum(v for v in row if v >= 0)
    return s, rolls


def case_seeded_game():
    # Seat i sits at 8 + 6i (the shooter only rolls); seed 23's dice are
    # S: 5-4 3-3 1-4 | K: 3-6 2-4 6-6 | U: 6-2 2-4 1-1 | N: 4-3 6-2 4-2 4-3 |
    # K: 2-2 1-5 (tests/mp/lcg.py, the same stream on every port). P3 and P4
    # sat at 27 in K and were wiped by the 1-1 in U.
    s, rolls = play_game(4, 23, (8, 14, 20, 26))
    assert rolls == 15 and s.last_event == k.SKUNK and s.wiped == [0, 0, 2, 2]
    assert _pad(s) == "9 9 8 15 0|15 15 14 15 0|0 0 0 21 0|0 0 0 28 0"
    assert s.scores == [41, 59, 21, 28] and s.winner() == 1 and s.winners() == [1]
    assert s.returns() == [-1 / 3, 1.0, -1 / 3, -1 / 3]


def case_bot_games_finish():
    # Every bot sits at 20, so the whole table always shares the win.
    for players in (2, 4, 8):
        s, rolls = play_game(players, 7)
        assert s.round == 5 and rolls >= 5 and "-" not in _pad(s)
        assert s.winners() == list(range(players)) and s.winner() == -1
    # Seed 7: 6-4 5-6, all sit at 21 | 3-3 1-1, all wiped | 1-4 | 1-3 | 4-2 3-1.
    s, rolls = play_game(4, 7)
    assert rolls == 8 and s.scores == [0] * 4 and s.wiped == [1] * 4
    # Seed 2: 4-6 6-5 (21) | 2-3 4-2 4-1 | 5-2 4-2 2-4 4-5 (28) | 5-3 1-3 |
    # 6-6 2-4 2-2 (22).
    s, rolls = play_game(3, 2)
    assert rolls == 14 and _pad(s) == "|".join(["21 0 28 0 22"] * 3)


CASES = [case_score_roll, case_scripted_round, case_double_ones_wipe_standing_not_sitter,
         case_everyone_sitting_ends_the_round_without_a_roll, case_shooter_rolls_after_sitting,
         case_sitting_before_the_first_roll_scores_zero, case_shared_win,
         case_five_rounds_and_a_single_winner, case_illegal_actions_refused,
         case_bad_parameters_refused, case_corrupt_bytes_refused, case_seeded_game,
         case_bot_games_finish]
