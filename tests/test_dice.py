"""Fair dice (lib/rollbox/dice.py; lib/rollbox/seed.py seeds them) against
the public reports on boards like ours: the same dice after every reset, a
biased first value after a seed, a die that never shows 6.

Faces: every game's chance nodes, reached by real actions and drawn with
the Roller, give exactly their faces (1..6; Skull & Dragon's skull die
0, 2..6 and dragon die 1..5, 7). Fairness: chi-square at p = 0.001 for
every roller (tests/mp/dice_cases.py, also run under MicroPython), and the
same check fails biased rollers. Seeding: os.urandom where it exists, else
the player's first input, never the boot clock; values after a seed thrown
away."""
import ast
import os
import random
import sys
import time

import adafruit_ticks
import dice_cases as cases
import pytest
import supervisor
from conftest import chi2_df5_survival
from dice_cases import (
    CHI2_P001_DF5,
    DIE,
    PRESS,
    boot,
    chi_square,
    doubled_six,
    fair,
    first_rolls,
    never_six,
    pig_node,
    tally,
)

import rollbox
from games.pig.rules import PigGame
from games.skull_dragon.rules import (
    DRAGON_DIE,
    MULTIPLY,
    ROLL_DRAGON,
    ROLL_SKULL,
    SKULL_DIE,
    SkullDragonGame,
)
from rollbox import catalog, dice, seed
from rollbox.dice import Roller

SKULL_FACES = (0, 2, 3, 4, 5, 6)  # worths (RULES.md 3): Skull 0, then 2..6
DRAGON_FACES = (1, 2, 3, 4, 5, 7)  # worths: 1..5, then Dragon 7
SEED = 20240501  # the fixed seed of every CPython roller here
MANY = 60_000  # rolls per CPython check: 10,000 expected per face
POWER_ON = 99  # CPython's stand-in for the generator's fixed power-on state


@pytest.fixture(autouse=True)
def fresh_boot():
    """Each test starts unseeded and leaves ``random`` as it found it."""
    saved = random.getstate(), seed._seed_in_use
    boot()
    yield
    random.setstate(saved[0])
    seed._seed_in_use = saved[1]


@pytest.mark.parametrize("case", cases.CASES, ids=lambda c: c.__name__[5:])
def test_dice_cases(case):
    """tests/mp/dice_cases.py on CPython's random (test_micropython.py runs
    them under MicroPython's own generator)."""
    case()


# -- the chi-square check itself ----------------------------------------------

def test_threshold_is_p_0001_for_5_degrees_of_freedom():
    assert chi2_df5_survival(CHI2_P001_DF5 / 1000) == pytest.approx(0.001, rel=1e-3)


def test_fair_is_exactly_chi_square_below_the_threshold():
    # 6000 rolls, 1000 expected per face: chi-square = sum(deviation^2) / 1000.
    assert fair([1000] * 6) and chi_square([1000] * 6) == 0
    under = [1000 + d for d in (100, -100, 15, -15, 5, -5)]  # 20.5
    over = [1000 + d for d in (100, -100, 16, -16, 5, -5)]  # 20.562
    assert chi_square(under) == 20.5 and fair(under)
    assert chi_square(over) == 20.562 and not fair(over)


@pytest.mark.parametrize("make", [never_six, doubled_six], ids=["never 6", "doubled 6"])
def test_biased_rollers_fail_the_check(make):
    roller = Roller(random.Random(SEED).randrange)
    roller._draw = make(roller._draw)  # the stream's draws biased
    s = pig_node()
    counts = tally(lambda: roller.outcome(s), DIE, MANY)
    assert not fair(counts)
    assert chi_square(counts) > 50 * CHI2_P001_DF5 / 1000  # far off, not borderline


def test_a_face_outside_the_die_fails():
    with pytest.raises(AssertionError, match="outside"):
        tally(iter([1, 2, 7]).__next__, DIE, 3)


# -- every roller is fair -----------------------------------------------------

def test_cpython_roller_is_fair():
    # The simulator's dice: Roller on a seeded random.Random.
    s = pig_node()
    roller = Roller(random.Random(SEED).randrange)
    counts = tally(lambda: roller.outcome(s), DIE, MANY)
    assert min(counts) > 0 and fair(counts), (chi_square(counts), counts)
    counts = tally(roller.face, DIE, MANY)
    assert min(counts) > 0 and fair(counts), (chi_square(counts), counts)


def test_device_roller_seeded_by_urandom_is_fair(monkeypatch):
    monkeypatch.setattr(os, "urandom", lambda n: bytes(range(1, n + 1)))
    assert seed.seed_once()
    s = pig_node()
    roller = Roller()
    counts = tally(lambda: roller.outcome(s), DIE, MANY)
    assert min(counts) > 0 and fair(counts), (chi_square(counts), counts)


# -- faces of every game's dice -------------------------------------------------

def faces_of(state, action):
    """(die, face) pairs of a chance action at ``state``."""
    # By class name: an earlier test may have loaded the games anew (rollbox.unload).
    if type(state.game).__name__ == SkullDragonGame.__name__:
        return [(state.rolling_die(), action)]
    if type(state.game).__name__ == PigGame.__name__ and state.game.dice() == 2:
        # 10 * first + second
        return [(0, action // 10), (0, action % 10)]
    return [(0, action)]


def play_dice(entry, dice_wanted):
    """Seeded random play of a catalog game, every die drawn by a Roller on
    CPython's random; returns {die: [faces]} and the two-dice pairs seen."""
    game = rollbox.load_class(catalog.dotted(entry, catalog.GAME))(**dict(entry[catalog.FIXED]))
    offset = catalog.GAMES.index(entry)  # each game its own dice
    decide = random.Random(SEED + 100 + offset)
    roller = Roller(random.Random(SEED + offset).randrange)
    seen = {}  # type: dict
    pairs = set()
    drawn = 0
    s = game.new_initial_state()
    while drawn < dice_wanted:
        if s.is_terminal():
            s = game.new_initial_state()
        elif s.is_chance_node():
            action = roller.outcome(s)
            for die, face in faces_of(s, action):
                seen.setdefault(die, []).append(face)
                drawn += 1
            if type(game).__name__ == PigGame.__name__ and game.dice() == 2:
                pairs.add(action)
            s.apply_action(action)
        else:
            s.apply_action(decide.choice(s.legal_actions()))
    return seen, pairs


@pytest.mark.parametrize("entry", catalog.GAMES, ids=lambda e: e[catalog.NAME])
def test_every_game_draws_exactly_its_faces_fairly(entry):
    seen, pairs = play_dice(entry, 12_000)
    skull_dragon = entry[catalog.NAME] == "Skull & Dragon"
    expected = {SKULL_DIE: SKULL_FACES, DRAGON_DIE: DRAGON_FACES} if skull_dragon else {0: DIE}
    assert sorted(seen) == sorted(expected)
    for die, faces in seen.items():
        counts = tally(iter(faces).__next__, expected[die], len(faces))  # none outside
        assert min(counts) > 0 and fair(counts), (die, chi_square(counts), counts)
    if entry[catalog.NAME] in ("Two-Dice Pig", "Big Pig"):  # two dice per roll
        assert pairs == {10 * a + b for a in DIE for b in DIE}
    else:
        assert not pairs


def skull_dragon_nodes():
    """The four chance nodes of Skull & Dragon, reached by real actions."""
    skull = SkullDragonGame().new_initial_state()
    skull.apply_action(ROLL_SKULL)
    dragon = SkullDragonGame().new_initial_state()
    dragon.apply_action(ROLL_DRAGON)
    skull2 = SkullDragonGame().new_initial_state()  # the dragon first, then multiply
    for a in (ROLL_DRAGON, 7, MULTIPLY):
        skull2.apply_action(a)
    dragon2 = SkullDragonGame().new_initial_state()  # the skull first, then multiply
    for a in (ROLL_SKULL, 0, MULTIPLY):
        dragon2.apply_action(a)
    return {"skull": (skull, SKULL_DIE, SKULL_FACES),
            "dragon": (dragon, DRAGON_DIE, DRAGON_FACES),
            "skull, multiplying": (skull2, SKULL_DIE, SKULL_FACES),
            "dragon, multiplying": (dragon2, DRAGON_DIE, DRAGON_FACES)}


NODES = ["skull", "dragon", "skull, multiplying", "dragon, multiplying"]


@pytest.mark.parametrize("node", NODES)
def test_skull_dragon_chance_nodes_draw_their_special_faces(node):
    s, die, faces = skull_dragon_nodes()[node]
    roller = Roller(random.Random(SEED + 10 + NODES.index(node)).randrange)  # its own dice
    counts = tally(lambda: roller.outcome(s), faces, MANY)
    assert min(counts) > 0 and fair(counts), (chi_square(counts), counts)
    for face in faces:  # each face lands on its die in the game
        after = s.clone()
        after.apply_action(face)
        assert after.dice[die] == face


# -- seeding --------------------------------------------------------------------

def same_clock(monkeypatch, ms=4321):
    """Every clock the device has reads ``ms`` (a boot takes the same time)."""
    monkeypatch.setattr(supervisor, "ticks_ms", lambda: ms)
    monkeypatch.setattr(adafruit_ticks, "ticks_ms", lambda: ms)
    monkeypatch.setattr(time, "monotonic", lambda: ms / 1000)
    monkeypatch.setattr(time, "monotonic_ns", lambda: ms * 1_000_000)
    monkeypatch.setattr(time, "time", lambda: ms / 1000)


def no_clock(monkeypatch):
    """Reading any clock fails the test."""
    def read(*_):
        raise AssertionError("a clock was read")
    for module, name in ((supervisor, "ticks_ms"), (adafruit_ticks, "ticks_ms"),
                         (time, "monotonic"), (time, "monotonic_ns"), (time, "time"),
                         (time, "time_ns"), (time, "perf_counter")):
        monkeypatch.setattr(module, name, read)


def test_two_boots_same_clock_differ_with_urandom(monkeypatch):
    same_clock(monkeypatch)
    boots = iter([b"\x00\x00\x00\x00", b"\x01\x00\x00\x00"])  # one bit apart
    monkeypatch.setattr(os, "urandom", lambda n: next(boots))
    rolls = []
    for _ in range(2):
        random.seed(POWER_ON)  # the generator's power-on state, the same each boot
        boot()
        assert seed.seed_once() is True and not seed.needs_input()
        rolls.append(first_rolls())
    assert rolls[0] != rolls[1]


def test_boots_with_real_urandom_all_differ(monkeypatch):
    same_clock(monkeypatch)
    seen = set()
    for _ in range(20):
        random.seed(POWER_ON)
        boot()
        assert seed.seed_once()
        seen.add(tuple(first_rolls()))
    assert len(seen) == 20  # 20 rolls each: a repeat by chance is 1 in 3.6e15 per pair


def urandom_missing(monkeypatch):
    monkeypatch.delattr(os, "urandom")


def urandom_not_implemented(monkeypatch):
    def fail(n):
        raise NotImplementedError("no hardware random number generator")
    monkeypatch.setattr(os, "urandom", fail)


def urandom_oserror(monkeypatch):
    def fail(n):
        raise OSError("entropy source failed")
    monkeypatch.setattr(os, "urandom", fail)


@pytest.mark.parametrize("without", [urandom_missing, urandom_not_implemented, urandom_oserror])
def test_without_urandom_seed_once_leaves_random_alone(monkeypatch, without):
    no_clock(monkeypatch)
    without(monkeypatch)
    random.seed(POWER_ON)
    power_on = random.getstate()
    rolls = []
    for _ in range(2):  # two boots, no input: nothing mixed, the same dice
        random.setstate(power_on)
        boot()
        assert seed.seed_once() is False and seed.needs_input()
        assert random.getstate() == power_on  # not seeded from any clock
        rolls.append(first_rolls())
    assert rolls[0] == rolls[1]
    # The first input seeds it: different press times or accelerometer
    # noise give different dice, from the same power-on state.
    firsts = set()
    ms, x, y, z = PRESS
    for press in ((ms, x, y, z), (ms + 1, x, y, z), (ms, x + 0.039, y, z),
                  (ms, x, y, z - 0.039)):
        random.setstate(power_on)
        boot()
        assert seed.seed_once() is False
        seed.seed_from_input(*press)
        assert not seed.needs_input()
        firsts.add(tuple(first_rolls()))
    assert len(firsts) == 4 and tuple(rolls[0]) not in firsts


def test_without_os_module_seed_once_is_false(monkeypatch):
    with monkeypatch.context() as m:
        m.setitem(sys.modules, "os", None)  # import os raises ImportError
        seeded = seed.seed_once()
    assert seeded is False and seed.needs_input()


def state_after(seed, discard):
    random.seed(seed)
    for _ in range(discard):
        random.getrandbits(16)
    return random.getstate()


def test_values_after_a_urandom_seed_are_thrown_away(monkeypatch):
    monkeypatch.setattr(os, "urandom", lambda n: b"\x78\x56\x34\x12")
    assert seed.seed_once()
    now = random.getstate()
    assert seed._DISCARD >= 2  # Yasmarang needs two (dice_cases, under MicroPython)
    assert now == state_after(0x12345678, seed._DISCARD)
    assert now != state_after(0x12345678, 0)


def test_values_after_an_input_seed_are_thrown_away():
    n = seed.seed_from_input(*PRESS)
    assert 0 <= n < 2**32
    assert random.getstate() == state_after(n, seed._DISCARD)


def test_seed_never_equals_yasmarangs_unseeded_state(monkeypatch):
    # CircuitPython reseeds from the clock when the state equals 0xEDA4BABA.
    monkeypatch.setattr(os, "urandom", lambda n: (0xEDA4BABA).to_bytes(4, "little"))
    assert seed.seed_once()
    assert random.getstate() == state_after(0xEDA4BABA ^ 1, seed._DISCARD)


def test_input_after_urandom_keeps_the_urandom_entropy(monkeypatch):
    boots = iter([b"\x10\x00\x00\x00", b"\x11\x00\x00\x00"])
    monkeypatch.setattr(os, "urandom", lambda n: next(boots))
    seeds = []
    for _ in range(2):
        boot()
        seed.seed_once()
        seeds.append(seed.seed_from_input(*PRESS))  # the same press both boots
    assert seeds[0] != seeds[1]


def test_presses_1_ms_apart_give_unrelated_seeds():
    seeds = []
    for t in range(5000, 5601):
        boot()
        seeds.append(seed.seed_from_input(t, 0.0, 0.0, 9.80665))
    assert len(set(seeds)) == len(seeds)
    flips = [bin(a ^ b).count("1") for a, b in zip(seeds, seeds[1:])]
    assert 15 <= sum(flips) / len(flips) <= 17  # about half of 32 bits flip


def test_seed_from_input_takes_raw_counts_negative_and_wrapped_ticks():
    a = seed.seed_from_input(2**29 - 1, -16384, 16383, -1)
    boot()
    b = seed.seed_from_input(0, -16384, 16383, -1)
    assert a != b and 0 <= a < 2**32 and 0 <= b < 2**32


def test_dice_modules_import_only_what_circuitpython_has():
    names = set()
    for module in (dice, seed):
        with open(module.__file__) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                names.add(node.module)
    assert names == {"random", "os", "micropython", "typing"}  # typing: hints only
