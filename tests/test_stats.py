"""Lifetime statistics (lib/rollbox/stats.py) and their screen
(lib/rollbox/stats_screen.py): counters, the record's round trip and
validation, chi-square on hand-computed counts and on the project's own
dice (the seeded rollers of tests/test_dice.py), and the screen on the
160x128 and 240x240 layouts."""
import random

import dice_cases
import pytest
from conftest import chi2_df5_survival, text_box
from dice_cases import DIE, never_six, pig_node, tally

from host import boards
from rollbox import catalog, stats, stats_screen
from rollbox.dice import Roller
from rollbox.stats import EASY, HARD, HUMAN, MEDIUM, SIZE, Stats
from rollbox.stats_screen import _SHORT as SHORT
from rollbox.stats_screen import (
    FAIR,
    FEW,
    ODD,
    UNFAIR,
    StatsScreen,
    _count,
    chi_square,
    verdict_text,
)
from rollbox.view import INK, WARN, View

SEED = 20240501  # tests/test_dice.py's seed


# -- counters --------------------------------------------------------------------------------

def test_fresh_stats_are_zero_and_the_record_is_small():
    s = Stats()
    assert SIZE == len(s.to_bytes()) == 100 <= 128
    assert stats.GAMES == len(catalog.GAMES)
    assert all(s.played(g) == 0 and all(s.won(g, k) == 0 for k in range(4)) for g in range(7))
    assert s.faces() == [0] * 6 and sum(s.faces()) == 0


def test_record_game_counts_played_and_each_winning_kind_once():
    s = Stats()
    s.record_game(0, (HUMAN,))
    s.record_game(0, (EASY,))
    s.record_game(0, (HUMAN, HUMAN, HARD))  # a shared win: each kind once
    s.record_game(5, ())  # nobody won
    s.record_game(6, [MEDIUM])
    assert s.played(0) == 3 and s.won(0, HUMAN) == 2 and s.won(0, EASY) == 1
    assert s.won(0, HARD) == 1 and s.won(0, MEDIUM) == 0
    assert s.played(5) == 1 and all(s.won(5, k) == 0 for k in range(4))
    assert s.played(6) == 1 and s.won(6, MEDIUM) == 1
    assert all(s.played(g) == 0 for g in (1, 2, 3, 4))


@pytest.mark.parametrize("game, kinds", [(-1, ()), (7, ()), (0, (4,)), (0, (-1,))])
def test_record_game_refuses_out_of_range_and_counts_nothing(game, kinds):
    s = Stats()
    before = s.to_bytes()
    with pytest.raises(ValueError):
        s.record_game(game, kinds)
    assert s.to_bytes() == before


def test_faces_count_and_refuse_outside_the_die():
    s = Stats()
    for face in [1, 2, 2, 6, 6, 6]:
        s.add_face(face)
    s.add_face(3)
    assert s.faces() == [1, 2, 1, 0, 0, 3] and sum(s.faces()) == 7
    for bad in (0, 7, -1):
        with pytest.raises(ValueError):
            s.add_face(bad)
    assert sum(s.faces()) == 7


def test_counters_carry_and_saturate():
    s = Stats()
    at = 74 + 2 * 4  # face 3's u32
    s.buf[at:at + 4] = (0xFFFFFF).to_bytes(4, "little")
    s.add_face(3)
    assert s.face(3) == 0x1000000
    s.buf[at:at + 4] = b"\xff\xff\xff\xff"
    s.add_face(3)
    assert s.face(3) == 0xFFFFFFFF  # stays at the top
    s.buf[4:14] = (0xFFFF).to_bytes(2, "little") * 5  # Pig: played and every kind at the top
    s.record_game(0, (HUMAN,))
    assert s.played(0) == 0xFFFF and s.won(0, HUMAN) == 0xFFFF
    assert Stats(s.to_bytes()).played(0) == 0xFFFF  # still a valid record


def test_add_face_allocates_nothing():
    import tracemalloc

    s = Stats()
    s.add_face(1)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(300):
        s.add_face(4)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = [d for d in after.compare_to(before, "filename")
             if d.size_diff > 0 and d.traceback[0].filename.endswith("rollbox/stats.py")]
    assert grown == []
    assert s.face(4) == 300


# -- serialise and validate --------------------------------------------------------------------

def filled():
    s = Stats()
    rng = random.Random(3)
    for _ in range(200):
        g = rng.randrange(7)
        s.record_game(g, rng.sample(range(4), rng.randrange(3)))
    for _ in range(5000):
        s.add_face(rng.randrange(1, 7))
    return s


def test_round_trip():
    s = filled()
    data = s.to_bytes()
    t = Stats(data)
    assert t.to_bytes() == data
    assert [t.played(g) for g in range(7)] == [s.played(g) for g in range(7)]
    assert t.faces() == s.faces() and sum(t.faces()) == 5000
    assert data[:4] == b"RS\x01\x07"
    assert stats.crc16(b"123456789", 0, 9) == 0x29B1  # rollbox.store's CRC-16/CCITT-FALSE


def garbage_records():
    good = filled().to_bytes()
    yield "empty", b""
    yield "short", good[:-1]
    yield "long", good + b"\0"
    yield "zeros", bytes(SIZE)
    yield "erased flash", b"\xff" * SIZE
    yield "text", "R" * SIZE
    yield "none of it bytes", [None] * SIZE
    for i in (0, 1, 2, 3, 10, 80, 98, 99):  # magic, version, games, a count, a face, the CRC
        bad = bytearray(good)
        bad[i] ^= 0x40
        yield "bit flipped at %d" % i, bytes(bad)
    rng = random.Random(9)
    for k in range(20):
        yield "random %d" % k, bytes(rng.randrange(256) for _ in range(SIZE))
    wins = Stats()  # a consistent CRC but more wins than games played
    wins.buf[4 + 2] = 1
    yield "wins without games", wins.to_bytes()


@pytest.mark.parametrize("name, data", list(garbage_records()), ids=lambda x: str(x)[:20])
def test_garbage_loads_as_fresh_zero_stats(name, data):
    s = Stats()
    s.add_face(2)
    assert not s.load(data)
    assert s.to_bytes() == Stats().to_bytes()
    assert Stats(data).to_bytes() == Stats().to_bytes()


# -- chi-square --------------------------------------------------------------------------------

def test_critical_values_are_the_5_dof_quantiles():
    assert stats_screen.DOF == 5
    assert chi2_df5_survival(stats_screen.CHI2_P05 / 1000) == pytest.approx(0.05, rel=2e-4)
    assert chi2_df5_survival(stats_screen.CHI2_P001 / 1000) == pytest.approx(0.001, rel=2e-3)


@pytest.mark.parametrize("counts, statistic, verdict", [
    ([1000] * 6, 0.0, FAIR),
    ([5] * 6, 0.0, FAIR),
    ([8, 4, 5, 5, 4, 4], 2.4, FAIR),  # 30 dice, 5 expected: (9+1+0+0+1+1)/5
    ([1100, 900, 1015, 985, 1005, 995], 20.5, ODD),  # (2*100^2 + 2*15^2 + 2*5^2)/1000
    ([1100, 900, 1016, 984, 1005, 995], 20.562, UNFAIR),
    ([1000 + d for d in (60, -60, 40, -40, 10, -10)], 10.6, FAIR),
    ([1000 + d for d in (60, -60, 45, -45, 0, 0)], 11.25, ODD),
    ([0, 0, 0, 0, 0, 30], 150.0, UNFAIR),
    ([1, 2, 3, 4, 5, 6], 35 / 7, FEW),  # 21 dice: too few to test
    ([0] * 6, 0.0, FEW),
])
def test_chi_square_on_hand_computed_counts(counts, statistic, verdict):
    got = chi_square(counts)
    assert got[0] == pytest.approx(statistic, abs=1e-9)
    assert got[1:] == (5, verdict)
    if sum(counts):
        assert got[0] == pytest.approx(dice_cases.chi_square(counts))


def test_chi_square_wants_six_counts():
    with pytest.raises(ValueError):
        chi_square([1, 2, 3, 4, 5])


def test_the_verdict_matches_the_dice_tests_exact_check():
    """tests/mp/dice_cases.fair() is the same integer test at p = 0.001."""
    rng = random.Random(11)
    for _ in range(500):
        counts = [rng.randrange(80, 120) for _ in range(6)]
        verdict = chi_square(counts)[2]
        assert (verdict != UNFAIR) == dice_cases.fair(counts)


def test_the_projects_seeded_roller_reads_fair_through_the_record():
    """tests/test_dice.py::test_cpython_roller_is_fair's dice (60,000 rolls of
    the Roller on random.Random(20240501) at a Pig chance node), each
    counted by add_face."""
    s = Stats()
    roller = Roller(random.Random(SEED).randrange)
    node = pig_node()

    def draw():
        face = roller.outcome(node)
        s.add_face(face)
        return face

    counts = tally(draw, DIE, 60_000)
    assert s.faces() == counts and sum(s.faces()) == 60_000
    statistic, dof, verdict = chi_square(Stats(s.to_bytes()).faces())
    assert verdict == FAIR and dof == 5
    assert statistic == pytest.approx(dice_cases.chi_square(counts))
    assert dice_cases.fair(counts)


def test_a_die_that_never_shows_six_is_unfair():
    roller = Roller(random.Random(SEED).randrange)
    roller._draw = never_six(roller._draw)  # the stream's draws biased
    node = pig_node()
    s = Stats()
    for face in [roller.outcome(node) for _ in range(6000)]:
        s.add_face(face)
    assert s.face(6) == 0
    assert chi_square(s.faces())[2] == UNFAIR


# -- the screen ----------------------------------------------------------------------------------

@pytest.fixture(params=["pybadge", "cpb_gizmo"])
def view(request):
    board = boards.use(request.param)
    return View(board.display), board


def visible_text(screen):
    return [lbl.text for lbl in screen.game_lines] + [lbl.text for lbl in screen.face_lines] \
        + [screen.verdict.text]


def test_screen_renders_and_fits(view):
    v, board = view
    screen = StatsScreen(v)
    v.show_screen(screen.group)
    s = filled()
    assert screen.update(s)
    width = 39 if v.large else 26
    lines = visible_text(screen) + [v.title.text]
    assert all(0 < len(t) <= width for t in lines), lines
    names = [g[catalog.NAME] for g in catalog.GAMES]
    for g, text in enumerate(t for t in visible_text(screen)[:7]):
        assert text.startswith(names[g] if v.large else SHORT[g])
        nums = [int(x) for x in text[len(text) - (25 if v.large else 15):].split()]
        if v.large:
            assert nums == [s.played(g)] + [s.won(g, k) for k in range(4)]
        else:
            assert nums == [s.played(g), s.won(g, HUMAN),
                            s.won(g, EASY) + s.won(g, MEDIUM) + s.won(g, HARD)]
    faces = " ".join(lbl.text for lbl in screen.face_lines)
    assert all("%d:%d" % (f + 1, c) in faces for f, c in enumerate(s.faces()))
    assert "fair" in screen.verdict.text and "11.07" in screen.verdict.text
    assert v.refresh()
    assert board.framebuffer.to_image().size == (v.display.width, v.display.height)
    # Labels stay inside the layout's area and above the status line.
    for lbl in [screen.verdict, *screen.game_lines]:
        assert text_box(lbl)[2] <= v.width
    assert text_box(screen.verdict)[3] <= text_box(v.status)[1]


def test_update_sets_only_what_changed(view):
    v, _ = view
    screen = StatsScreen(v)
    v.show_screen(screen.group)
    s = Stats()
    assert screen.update(s)
    v.refresh()
    count = v.label_updates
    assert not screen.update(s) and v.label_updates == count and not v.dirty
    s.add_face(3)
    assert screen.update(s)
    # One face line (faces 1-3) and the verdict line changed, nothing else.
    assert v.label_updates - count == 2
    s.record_game(4, (HUMAN,))
    count = v.label_updates
    assert screen.update(s) and v.label_updates - count == 1


def test_verdict_wording_and_colour(view):
    v, _ = view
    screen = StatsScreen(v)
    s = Stats()
    for face, n in zip(range(1, 7), (1100, 900, 1016, 984, 1005, 995)):
        for _ in range(n):
            s.add_face(face)
    screen.update(s)
    assert "unfair" in screen.verdict.text and "20.5" in screen.verdict.text
    assert screen.verdict.color == WARN
    fair = Stats()
    for face in [1, 2, 3, 4, 5, 6] * 10:
        fair.add_face(face)
    screen.update(fair)
    assert screen.verdict.color == INK


@pytest.mark.parametrize("width", [26, 39])
def test_verdict_texts_fit(width):
    cases = [[1000] * 6, [1000 + d for d in (60, -60, 45, -45, 0, 0)],
             [0, 0, 0, 0, 0, 10**9], [0, 0, 0, 0, 0, 4294967295], [1, 2, 3], [3] * 6]
    for counts in cases:
        if len(counts) != 6:
            continue
        text, warn = verdict_text(counts, width)
        assert len(text) <= width, text
    assert verdict_text([1000] * 6, 39)[0] == "dice look fair: chi2 0.0 < 11.07"
    assert verdict_text([1000] * 6)[0] == "fair dice: chi2 0.0<11.07"
    assert verdict_text([3] * 6)[0] == "18 dice: too few to test"
    assert verdict_text([0] * 6, 39) == ("0 dice: too few to test (need 30)", False)
    assert FEW == stats_screen.FEW


def test_face_counts_stay_short():
    assert [_count(n) for n in (0, 999999, 1000000, 99999999, 100000000, 4294967295)] == [
        "0", "999999", "1000k", "99999k", "100M", "4294M"]
    assert len(SHORT) == len(catalog.GAMES) and all(len(n) <= 11 for n in SHORT)


def test_huge_counts_still_fit(view):
    v, _ = view
    screen = StatsScreen(v)
    s = Stats()
    for f in range(1, 7):
        at = 74 + (f - 1) * 4
        s.buf[at:at + 4] = (4294967295 - f * 7919).to_bytes(4, "little")
    s.buf[4:74] = (0xFFFF).to_bytes(2, "little") * 35
    screen.update(s)
    width = 39 if v.large else 26
    assert all(len(t) <= width for t in visible_text(screen) + [v.title.text])
