"""Fair dice (lib/rollbox/dice.py), written to run unchanged under
MicroPython (tests/mp/runner.py: its own Yasmarang ``random``, the device's
generator) and CPython (tests/test_dice.py: the Mersenne Twister). Each
``case_*`` function raises AssertionError on a failure.

Fairness is Pearson's chi-square against six equal chances, in integers:
a roller passes when the statistic is below 20.515, the 0.999 quantile of
chi-square with 5 degrees of freedom (p = 0.001). The seeds are fixed, so
every run draws the same dice."""
import sys

from games.pig.rules import ROLL, PigGame
from rollbox import dice, seed  # noqa: F401
from rollbox.dice import Roller

CHI2_P001_DF5 = 20515  # thousandths: chi-square, p = 0.001, 5 degrees of freedom
DIE = (1, 2, 3, 4, 5, 6)
ROLLS = 6000  # per check: 1000 expected per face
BOOT_MS = 5000  # a boot tick count; 600 boots press 1 ms apart from here
PRESS = (12345, 0.2, -0.3, 9.8)  # a first press: ms, then x, y, z in m/s²


def chi_square(counts):
    """Pearson's chi-square of ``counts`` against equal chances (a float,
    for reports)."""
    n = sum(counts)
    k = len(counts)
    return sum((k * c - n) ** 2 for c in counts) / (k * n)


def fair(counts):
    """Six counts pass chi-square at p = 0.001 (exact integer test)."""
    if len(counts) != 6:
        raise ValueError("six faces")
    n = sum(counts)
    return 1000 * sum((6 * c - n) ** 2 for c in counts) < CHI2_P001_DF5 * 6 * n


def tally(draw, faces, n=ROLLS):
    """Counts per face of ``n`` draws; a face outside ``faces`` fails."""
    counts = [0] * len(faces)
    for _ in range(n):
        f = draw()
        if f not in faces:
            raise AssertionError("face %r outside %r" % (f, faces))
        counts[faces.index(f)] += 1
    return counts


def assert_fair(counts, what):
    assert min(counts) > 0, "%s: a face never shows %r" % (what, counts)
    assert fair(counts), "%s: chi-square %.2f %r" % (what, chi_square(counts), counts)


def pig_node():
    """A real Pig state at its chance node (one die)."""
    s = PigGame().new_initial_state()
    s.apply_action(ROLL)
    return s


def boot():
    """A power-on: nothing seeded yet."""
    seed._seed_in_use = None


def first_rolls(k=20):
    """The next ``k`` rolls of the device's Roller (``random``) at a Pig node."""
    roller = Roller()
    s = pig_node()
    return [roller.outcome(s) for _ in range(k)]


def never_six(randrange):
    return lambda n: randrange(n - 1)  # the last outcome (6) can never come


def doubled_six(randrange):
    return lambda n: min(randrange(n + 1), n - 1)  # 6 gets two slots of seven


def case_device_roller_is_fair():
    # The device's dice: random seeded from a first press, Roller() on it.
    boot()
    seed.seed_from_input(*PRESS)
    s = pig_node()
    roller = Roller()
    assert_fair(tally(lambda: roller.outcome(s), DIE), "Pig die")
    assert_fair(tally(roller.face, DIE), "tumble face")


def case_biased_rollers_fail():
    # The same check must fail a die that never shows 6, or shows it twice
    # as often: the roller's stream draws biased.
    boot()
    seed.seed_from_input(*PRESS)
    s = pig_node()
    for name, make in (("never 6", never_six), ("doubled 6", doubled_six)):
        roller = Roller()
        roller._draw = make(roller._draw)
        counts = tally(lambda r=roller: r.outcome(s), DIE)
        assert not fair(counts), "%s passed: %r" % (name, counts)
    assert 2 * counts[5] > 3 * counts[0], counts  # the doubled 6 shows about twice as often


def case_presses_1_ms_apart_give_fair_first_rolls():
    # 600 boots whose first press falls 1 ms apart, board lying still: the
    # first die of each boot is fair (hashing and the discarded values).
    counts = [0] * 6
    for t in range(BOOT_MS, BOOT_MS + 600):
        boot()
        seed.seed_from_input(t, 0.0, 0.0, 9.80665)
        counts[first_rolls(1)[0] - 1] += 1
    assert_fair(counts, "first rolls")


def first_roll_counts(discard):
    """The first die of 600 boots 1 ms apart, ``random`` seeded with the ms
    itself and ``discard`` values thrown away (the old way, for contrast)."""
    import random

    counts = [0] * 6
    for t in range(BOOT_MS, BOOT_MS + 600):
        random.seed(t)
        for _ in range(discard):
            random.getrandbits(16)
        counts[random.randrange(6)] += 1  # the generator's own next value
    return counts


def case_yasmarang_biases_the_first_values_of_close_seeds():
    # Why the hash and the discards: seeded with the ms itself, the device's
    # generator gives a first die far from fair, still unfair after one value
    # thrown away, fair after two. Only Yasmarang; CPython hashes its seeds.
    if sys.implementation.name != "micropython":
        return
    counts = first_roll_counts(0)
    assert chi_square(counts) > 200, counts
    assert not fair(first_roll_counts(1))
    assert_fair(first_roll_counts(2), "two thrown away")


def case_inputs_decide_the_rolls():
    boot()
    seed.seed_from_input(*PRESS)
    again = first_rolls()
    boot()
    seed.seed_from_input(*PRESS)
    assert first_rolls() == again, "the same press must give the same dice"
    ms, x, y, z = PRESS
    for other in ((ms + 1, x, y, z), (ms, x + 0.039, y, z), (ms, x, y - 0.039, z),
                  (ms, x, y, z + 0.039)):  # 1 ms; one LIS3DH step at 8 g (0.038 m/s²)
        boot()
        seed.seed_from_input(*other)
        assert first_rolls() != again, other


def case_seed_once_uses_urandom_here():
    # Both the unix port and CPython have os.urandom: seeded, no input needed.
    boot()
    assert seed.needs_input()
    assert seed.seed_once() is True and not seed.needs_input()
    rolls = first_rolls()
    assert min(rolls) >= 1 and max(rolls) <= 6


CASES = [case_device_roller_is_fair, case_biased_rollers_fail,
         case_presses_1_ms_apart_give_fair_first_rolls,
         case_yasmarang_biases_the_first_values_of_close_seeds, case_inputs_decide_the_rolls,
         case_seed_once_uses_urandom_here]
