"""RULES.md section 1 (SKUNK'D): every worked example with its numbers, the
Single SKUNK, and a whole seeded game between bots, written to run unchanged
under MicroPython (tests/mp/runner.py) and CPython (tests/test_skunkd.py).

The examples are scripts played through the engine (see :func:`run`), few
functions and little code: the game itself compiles in the same 64 KB heap.
"""
import gc

gc.collect()  # the game compiles next: give it an unfragmented heap
from games.skunkd.rules import PHASE_HOUSE, ROLL, SkunkdGame, keep_points  # noqa: E402

gc.collect()
from lcg import Lcg  # noqa: E402

from games.skunkd import bot  # noqa: E402

# RULES.md 1 "Worked examples" in order, then the Single SKUNK (6000).
EXAMPLES = (
    # Den 3-3-3 (300); 3 dice 3-3-x: 300 and 600; the last die 3: 300;
    # sequence total 1500, and rolling (the new sequence has no Mega).
    "R333246 K333 ?den=300 ?mega_faces=4 R332 P3=300 P33=900 K33 ?den=1200 R3 K3"
    " ?den=1500 A R ?mega_faces=0 ?den_mask=0",
    # Den 6-6-6-6 (600 x 2 = 1200); 2 dice 6-6: 600 + 1200 -> 3000.
    "R666623 K6666 ?den=1200 R66 P6=600 K66 ?den=3000 A",
    # Six-dice roll 1-1-1-4-4-4: Double Mega (1000 + 400) x 2 = 2800.
    "R111444 K111444 ?den=2800 A",
    # Den 3-3-3 (300); 3 dice 1-4-4: 100 + 250 (Carbuncle), den 650.
    "R333226 K333 R144 P44=-1 P1=100 K144 ?den=650 A",
    # Den 5-5 (100); 4 dice 2-2-6-6: Double Carbuncle 500, den 600.
    "R552346 K55 ?den=100 R2266 P26=-1 K2266 ?den=600 A",
    # Six-dice rolls 2-2-4-4-6-6: Stripes 1000; 1-2-3-4-5-6: 1500.
    "R224466 K224466 ?den=1000 A R123456 P15=150 K123456 ?den=2500 A",
    # 4 dice 3-3-5-2: only the 5 can be kept (50).
    "R112346 K11 R3352 P33=-1 P335=-1 P3352=-1 P2=-1 P5=50 K5 ?den=250",
    # Six-dice roll 2-2-2-2-3-3: 400 + 250 = 650.
    "R222233 P2222=400 K222233 ?den=650 A",
    # 3 dice 2-3-4, no Mega in the den: SKUNK'D (not Super: three dice).
    "R155234 K155 ?den=200 R234 ?busted=1 ?den=0 ?headband=-1 ?_player=1",
    # One Skunk kept from each of six rolls: the sequence is worth 6000.
    "R123466 K1 R11234 K1 R1234 K1 R122 K1 R13 K1 ?den=500 R1 P1=5500 K1 ?den=6000"
    " ?skunk_run=6 A",
)


def run(script):
    """Play ``script`` from a started 2-player game (seat 0 first, goal
    10,000, entry 500); returns the state. Words: R<faces> ROLL, then those
    dice land; K<faces> keep those faces of the roll. Checks: P<faces>=<n>
    keeping those faces is worth n points (-1: illegal); ?<attribute>=<n>;
    A "...and rolling!" (ROLL is the only action)."""
    s = SkunkdGame().new_initial_state()
    for f in "112346223346":  # the roll-off: two Skunks for seat 0, none for seat 1
        s.apply_action(int(f))
    s.apply_action(90)  # goal 10,000, entry 500
    for word in script.split():
        op, arg = word[0], word[1:].split("=")
        if op == "R":
            s.apply_action(ROLL)
            for f in arg[0]:
                s.apply_action(int(f))
        elif op == "?":
            assert getattr(s, arg[0]) == int(arg[1]), (script, word)
        elif op == "A":
            assert s.and_rolling and s.legal_actions() == [ROLL], (script, word)
        else:  # K or P: the lowest unused slots just rolled showing the faces
            m = 0
            for f in arg[0]:
                i = 0
                while not (s.rolled_mask >> i & 1 and not m >> i & 1 and s.dice[i] == int(f)):
                    i += 1
                m |= 1 << i
            if op == "K":
                s.apply_action(m)
            else:
                assert keep_points(s, m) == int(arg[1]), (script, word)
    return s


def case_worked_examples():
    for script in EXAMPLES:
        run(script)


def case_seeded_game_between_bots():
    game = SkunkdGame(players=3)
    s = game.new_initial_state()
    rng = Lcg(2024)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(1 + rng.below(6))
        else:
            s.apply_action(80 if s.phase == PHASE_HOUSE else bot.choose(s))  # goal 2000
        raw = s.to_bytes()
        assert game.state_from_bytes(raw).to_bytes() == raw
    w = s.winner()
    assert s.goal == 2000 and s.scores[w] >= 2000 and max(s.scores) == s.scores[w]
    assert s.out_mask | 1 << w == 7 and s.winners() == [w]


CASES = [case_worked_examples, case_seeded_game_between_bots]
