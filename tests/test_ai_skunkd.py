"""The SKUNK'D computer player (games/skunkd/bot.py, skunkd_hard.py) and
its solver (tools/solve_skunkd): the device's table lookups against the
solver at every record, HARD's decisions against the solver's optimum at
states of random games (entered, below the entry, overtime), the exact
expected points of HARD against EASY, legality at every level with every
house option, finished games, and the coach's lines."""
import importlib.machinery
import importlib.util
import os
import random

import numpy as np
import pytest
import skunkd_ai_cases

from games.skunkd import bot, hard
from games.skunkd.rules import (
    BANK,
    ENTRIES,
    GOALS,
    HOUSE_BASE,
    PHASE_HOUSE,
    PHASE_KEEP,
    PHASE_KEPT,
    ROLL,
    SkunkdGame,
)
from rollbox.bots import COACH_CHARS, EASY, HARD, MEDIUM

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load_solver():
    path = os.path.join(ROOT, "tools", "solve_skunkd")
    loader = importlib.machinery.SourceFileLoader("solve_skunkd", path)
    spec = importlib.util.spec_from_loader("solve_skunkd", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def solved():
    S = _load_solver()
    S.load()
    V, C, ne, P, q = S.solve_all()
    return S, V, C, ne, P, q


def _pos(S, state):
    """The solver's position of a state after a keep."""
    n = 6 - bin(state.den_mask).count("1")
    return S.position_index(n, state.mega_faces, state.skunk_run)


# ---- the tables on the device agree with the solver ----

def test_every_ev_record_matches_the_solver(solved):
    S, V, C, ne, P, q = solved
    ev_t = hard.tables()[0]
    W = ev_t.u16(12)
    assert W == S.ev_cap(V, C) and ev_t.u16(14) == S.W6 and ev_t.u16(16) == S.SCALE
    d = np.arange(S.H) * S.UNIT
    for pos in range(23):
        for k in range(S.W6 + 50 if pos == 0 else W + 20):
            got = hard.ev(pos, k, 0) / S.SCALE
            exact = V[pos, k] - d[k]
            tol = 1.0 / S.SCALE if k < S.W6 else 0.5  # beyond position 0's row: linear
            assert abs(got - exact) <= tol, (pos, k, got, exact)
            if pos:  # the sign says roll or bank
                assert (got > 0) == (C[pos, k] > d[k] + 1e-9), (pos, k)
        for e in S.ENTRIES:
            Ve, _ = ne[e]
            for k in range(e // S.UNIT):
                got = hard.ev(pos, k, e // S.UNIT) / S.SCALE
                assert abs(got - (Ve[pos, k] - d[k])) <= 1.0 / S.SCALE, (pos, k, e)


def test_every_overtime_record_matches_the_solver(solved):
    S, V, C, ne, P, q = solved
    ot_t = hard.tables()[1]
    assert ot_t.u16(12) == S.RW
    for pos in range(23):
        for r in range(S.RW):
            got = 2.0 ** (-hard.ot(pos, r) / S.LSCALE)
            exact = 1.0 if r == 0 and pos else P[pos, r]
            assert abs(got / exact - 1) < 1e-3, (pos, r, got, exact)


def test_table_files_are_small():
    for name in ("skunkd_ev.bin", "skunkd_ot.bin"):
        assert os.path.getsize(os.path.join(ROOT, "games", "data", name)) < 16000


# ---- HARD's decisions are the solver's ----

def _action_value(S, V, C, ne, P, state, action):
    """The exact value of ``action`` (then playing on optimally): expected
    banked points, or in overtime the chance to pass the leader."""
    p = state.turn_player()
    e = 0 if state.entered >> p & 1 else state.entry // S.UNIT
    ot = state.leader >= 0
    if ot:
        r = max((state.scores[state.leader] - state.scores[p]) // S.UNIT + 1, e)
    if state.phase == PHASE_KEPT:
        d = state.den // S.UNIT
        if action == BANK:
            return (1.0 if d >= r else 0.0) if ot else float(state.den)
        pos = 0 if state.and_rolling else _pos(S, state)
        if ot:
            return P[pos, r - d] if r - d > 0 else None
        return (ne[state.entry][1] if d < e else C)[pos, d]
    t = state.clone()
    t.apply_action(action)
    d = t.den // S.UNIT
    pos = 0 if t.and_rolling else _pos(S, t)
    if ot:
        need = r - d
        if need <= 0 and pos:
            return 1.0
        return P[pos, max(need, 0)] if need < S.RH else None
    if d >= S.H:
        return None
    return (ne[state.entry][0] if d < e else V)[pos, d]


def _random_states(seed, count, goal_index=2, entry_index=2, players=2, levels=None):
    """HARD decision states from random games (mixed levels)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = SkunkdGame(players=players).new_initial_state()
        lv = levels or [rng.choice((EASY, MEDIUM, HARD)) for _ in range(players)]
        while not s.is_terminal() and len(out) < count:
            if s.is_chance_node():
                s.apply_action(rng.randint(1, 6))
                continue
            if s.phase == PHASE_HOUSE:
                s.apply_action(HOUSE_BASE + 4 * goal_index + entry_index)
                continue
            if len(s.legal_actions()) > 1:
                out.append(s.clone())
            s.apply_action(bot.choose(s, lv[s.current_player()]))
    return out


@pytest.mark.parametrize("goal_index,entry_index", [(2, 2), (0, 3), (1, 1), (0, 0)])
def test_hard_decisions_are_optimal(solved, goal_index, entry_index):
    S, V, C, ne, P, q = solved
    checked = overtime = below_entry = 0
    for s in _random_states(goal_index * 10 + entry_index, 1200, goal_index, entry_index):
        values = {a: _action_value(S, V, C, ne, P, s, a) for a in s.legal_actions()}
        if None in values.values():
            continue
        best = max(values.values())
        got = values[bot.choose(s, HARD)]
        if s.leader >= 0:
            overtime += 1
            assert got >= best * (1 - 2e-3), (s.to_bytes(), values)
        else:
            p = s.turn_player()
            below_entry += not s.entered >> p & 1 and s.den < s.entry
            assert got >= best - 0.1, (s.to_bytes(), values)
        checked += 1
    assert checked > 800 and overtime > 20 and (below_entry > 50 or not entry_index)


def test_mp_cases_are_optimal(solved):
    # the states and decisions that tests/mp/skunkd_ai_cases.py checks on
    # MicroPython are the solver's optimum, by a margin
    S, V, C, ne, P, q = solved
    game = SkunkdGame(players=2)
    for raw, expected in skunkd_ai_cases.DECISIONS:
        s = game.state_from_bytes(bytes.fromhex(raw))
        values = {a: _action_value(S, V, C, ne, P, s, a) for a in s.legal_actions()}
        best = max(values.values())
        assert values[expected] == best
        assert sorted(values.values())[-2] < best - (best * 1e-2 if s.leader >= 0 else 1)
        assert bot.choose(s, HARD) == expected
    skunkd_ai_cases.case_hard_decisions()
    skunkd_ai_cases.case_lookup_allocates_little()


# ---- HARD against EASY, exactly ----

def _easy_values(S, horizon=400):
    """The exact expected banked points of EASY's policy after a keep (entered)."""
    edges = S.Edges(S.TRANS)
    choice = []  # EASY's keep in each roll: most points, then the smallest mask
    for rolls in S.TRANS:
        for _, keeps in rolls:
            best = min(range(len(keeps)), key=lambda i: (-keeps[i][3], keeps[i][2]))
            choice.append(best)
    idx = edges.start + np.array(choice)
    nxt, pts = edges.nxt[idx], edges.pts[idx]
    n_of = np.array([p[0] for p in S.POSITIONS])
    Ve = np.zeros((23, horizon + S.MAXP + 1))
    d_all = np.arange(horizon + S.MAXP + 1) * S.UNIT
    Ve[1:, horizon:] = np.where(n_of[1:, None] <= 2, d_all[None, horizon:], 0.0)
    for d in range(horizon - 1, -1, -1):
        c = np.bincount(edges.pos, weights=edges.w * Ve[nxt, d + pts], minlength=23)
        bank = (n_of <= 2) & (d * S.UNIT >= 300)
        bank[0] = False
        Ve[:, d] = np.where(bank, d * S.UNIT, c)
    return Ve


def test_hard_beats_or_ties_easy_in_expected_points(solved):
    S, V, C, ne, P, q = solved
    Ve = _easy_values(S)
    assert (V[:, :300] >= Ve[:, :300] - 1e-9).all()
    start_hard, start_easy = C[0, 0], Ve[0, 0]
    assert start_hard > start_easy + 100, (start_hard, start_easy)


def test_hard_turn_average_matches_the_solver(solved):
    # HARD played through the game from turn starts (on the board, no
    # overtime): the mean banked points per turn is the solver's value
    S, V, C, ne, P, q = solved
    rng = random.Random(5)
    game = SkunkdGame()
    s = game.new_initial_state()
    for f in "112346223346":
        s.apply_action(int(f))
    s.apply_action(HOUSE_BASE + 4 * 4 + 0)  # goal 20,000 entry 0
    start = s.to_bytes()
    total = turns = 0
    while turns < 2500:
        s = game.state_from_bytes(start)
        p = s.turn_player()
        while s.turn_player() == p:
            if s.is_chance_node():
                s.apply_action(rng.randint(1, 6))
            else:
                a = bot.choose(s, HARD)
                if a == BANK:
                    total += s.den
                s.apply_action(a)
        turns += 1
    mean = total / turns
    assert abs(mean - C[0, 0]) < 4 * 1500 / turns ** 0.5, (mean, C[0, 0])


# ---- every level: legal, never below the entry, games finish ----

def _play(game, levels, rng, check=None, limit=200000):
    s = game.new_initial_state()
    steps = 0
    while not s.is_terminal():
        steps += 1
        assert steps < limit, "the game does not finish"
        if s.is_chance_node():
            s.apply_action(rng.randint(1, 6))
            continue
        p = s.current_player()
        a = bot.choose(s, levels[p])
        assert a in s.legal_actions(), (levels[p], s.to_bytes(), a)
        if check:
            check(s, a, levels[p])
        s.apply_action(a)
    return s


def _never_below_entry(s, a, level):
    p = s.turn_player()
    if a == BANK:
        assert s.entered >> p & 1 or s.den >= s.entry
        if s.leader >= 0:  # overtime: only a bank that passes the leader
            assert s.scores[p] + s.den > s.scores[s.leader]
    elif s.phase == PHASE_KEPT and s.leader >= 0 and BANK in s.legal_actions():
        assert s.scores[p] + s.den <= s.scores[s.leader]  # a passing bank is taken


@pytest.mark.parametrize("house", range(20))
def test_every_house_option_every_level_legal(house):
    rng = random.Random(house)
    players = 2 + house % 3
    goal = GOALS[house >> 2]
    levels = [(HARD, EASY, MEDIUM, HARD)[(house + i) % 4] for i in range(players)]
    game = SkunkdGame(players=players, setter=1)

    def check(s, a, level):
        if s.phase == PHASE_HOUSE:
            return
        _never_below_entry(s, a, level)

    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.randint(1, 6))
        elif s.phase == PHASE_HOUSE:
            assert bot.choose(s, levels[s.current_player()]) == 90
            s.apply_action(HOUSE_BASE + house)
            break
        else:
            raise AssertionError("no house phase")
    assert s.goal == goal and s.entry == ENTRIES[house & 3]
    steps = 0
    ot = False
    while not s.is_terminal():
        steps += 1
        assert steps < 200000
        if s.is_chance_node():
            s.apply_action(rng.randint(1, 6))
            continue
        p = s.current_player()
        a = bot.choose(s, levels[p])
        assert a in s.legal_actions()
        check(s, a, levels[p])
        ot = ot or s.leader >= 0
        s.apply_action(a)
    assert ot and s.winner() >= 0


@pytest.mark.parametrize("level", [EASY, MEDIUM, HARD])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_computer_seats_finish_a_game(level, players):
    rng = random.Random(level * 10 + players)
    s = _play(SkunkdGame(players=players), [level] * players, rng, _never_below_entry)
    assert s.is_terminal() and 0 <= s.winner() < players


# ---- the coach ----

def test_coach_lines_are_short_at_every_state():
    rng = random.Random(3)
    seen_keep = seen_bank = 0
    for players in (2, 3, 4):
        game = SkunkdGame(players=players)
        s = game.new_initial_state()
        while True:
            lines = bot.coach(s)
            assert isinstance(lines, tuple) and len(lines) == 2
            assert all(isinstance(x, str) and len(x) <= COACH_CHARS for x in lines), lines
            if s.phase == PHASE_KEEP:
                assert lines[0].startswith("Bust next roll: ") and lines[1].startswith("Hard: ")
                seen_keep += 1
            seen_bank += lines[1].startswith("Hard: bank")
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply_action(rng.randint(1, 6))
            else:
                s.apply_action(bot.choose(s, (EASY, MEDIUM)[rng.randrange(2)]))
        assert bot.coach(s) == ("", "")
    assert seen_keep > 100 and seen_bank > 10


def test_coach_examples():
    s = SkunkdGame().new_initial_state()
    for f in "112346223346":
        s.apply_action(int(f))
    assert bot.coach(s) == ("", "")  # the house options
    s.apply_action(90)
    assert bot.coach(s) == ("Bust next roll: 2%", "Hard: roll 6 dice")  # 5/216
    s.apply_action(ROLL)
    assert bot.coach(s) == ("", "")  # dice in the air
    for f in (1, 5, 2, 3, 4, 6):  # a Polecat: keep all, and rolling
        s.apply_action(f)
    assert bot.coach(s) == ("Bust next roll: 2%", "Hard: keep 1-2-3-4-5-6")
