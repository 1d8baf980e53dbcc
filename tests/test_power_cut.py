"""No data loss on a power cut, on every board (issue 14, item 5): the
saves of real games (a game saved at each turn change, its end clearing
it and counting the lifetime stats, a settings change and the next game)
are recorded with host.powercut's Journal, then the media are put in the
state of a cut at every instant of every write (every byte of every file
write; every instant of every nvm erase and every programmed byte after
it, host.powercut) and read as the next power-up does. After each cut the
settings and the stats are the newest, or the previous only when the cut
was during their own save; the game is the newest or the previous turn's.
Also through the app: a cut in the middle of an erase, then the power
comes back and the game resumes with the stats and settings intact."""
import functools
import types

import conftest
import microcontroller
import pytest
import storage
from conftest import rebuild_game

from host import powercut
from host.simulation import Simulation, menu_taps
from rollbox import app as app_module
from rollbox import catalog, store
from rollbox.bots import EASY, MEDIUM
from rollbox.slot import HEADER, TRAILER
from rollbox.stats import Stats

KINDS = (store.KIND_GAME, store.KIND_SETTINGS, store.KIND_STATS)
ERASE = {"pybadge": 8192, "cpb_gizmo": 4096}  # rollbox.hardware.ERASE


run_until = functools.partial(conftest.run_until, limit_ms=600_000)


def media(board):
    nvm = microcontroller.ByteArray(8192, ERASE[board])
    fs = storage.VfsFat(code_writes=True)  # as boot.py leaves CIRCUITPY
    return nvm, fs


def record_games(board):
    """A game of Pig to 20 (a scripted human against a medium computer)
    played to its end, then back to the menu, the settings changed (Hog, 3
    seats) and four saves of the next game: the Journal of every write."""
    nvm, fs = media(board)
    journal = powercut.Journal(nvm, fs)
    sim = Simulation(board=board, game="pig", seats=(0, MEDIUM), goal=20, seed=5, log=None,
                     nvm=nvm, files=fs)
    sim.run()
    sim.setup = ["A"]
    run_until(sim, lambda: sim.app.mode == app_module.MENU)
    sim.setup = menu_taps(3, 0, 3, (0, EASY, MEDIUM), None, 0, sim.app.menu)
    run_until(sim, lambda: sim.app.mode == app_module.PLAY)
    saves = len(journal.entries)
    run_until(sim, lambda: len(journal.entries) >= saves + 4)
    return journal


def decode(entry):
    """``(kind, payload or None)`` of the record a journal entry writes."""
    new = entry[2]
    n = new[6] << 8 | new[7]
    assert len(new) == HEADER + n + TRAILER
    return new[3], (bytes(new[HEADER:HEADER + n]) or None)


def loader(board):
    """What a power-up reads (every region) from an nvm image and files."""
    memo = {}
    spans = [(s, s + size) for s, size in ((store.GAME_START, store.GAME_SLOT),
                                           (store.SETTINGS_START, store.SETTINGS_SLOT),
                                           (store.STATS_START, store.STATS_SLOT))]

    def load(image, files):
        key = tuple(bytes(image[a + h:b + h]) for a, b in spans for h in (0, store.HALF)) \
            + tuple(sorted(files.items()))
        if key not in memo:
            nvm = microcontroller.ByteArray(8192, ERASE[board])
            nvm.data[:] = image
            fs = storage.VfsFat(code_writes=True)
            fs._files.update(files)
            hw = types.SimpleNamespace(erase=ERASE[board], fs=fs)
            memo[key] = tuple(store.open_region(nvm, kind, hw).load() for kind in KINDS)
        return memo[key]

    return load


def check_every_cut(board):
    journal = record_games(board)
    kinds = [decode(e)[0] for e in journal.entries]
    on_files = sum(e[0] == "file" for e in journal.entries)
    load = loader(board)
    committed = {k: None for k in KINDS}
    game_before = None  # the game record before the committed one
    cuts = 0
    for i, entry in enumerate(journal.entries):
        kind, value = decode(entry)
        allowed = {k: {committed[k]} for k in KINDS}
        allowed[kind].add(value)
        allowed[store.KIND_GAME].add(game_before)
        for instant, image, files in journal.cuts(i):
            got = load(image, files)
            for k, v in zip(KINDS, got):
                assert v in allowed[k], (board, i, entry[0], kind, instant, k)
            cuts += 1
        if kind == store.KIND_GAME:
            game_before = committed[kind]
        committed[kind] = value
    assert load(bytearray(journal.nvm.data), journal.fs._files) == tuple(
        committed[k] for k in KINDS)
    expected = sum(2 * ERASE[board] if e[0] == "nvm" else len(e[2]) + 1
                   for e in journal.entries)
    assert cuts == expected  # every instant but the last (the write whole) of every write
    return kinds, on_files, cuts, committed


def test_every_cut_on_the_pybadge_loses_at_most_the_turn():
    """SAMD51: the nvm is one 8 KB erase block; the file slots on CIRCUITPY
    keep a whole copy of every record through any nvm erase."""
    kinds, on_files, cuts, committed = check_every_cut("pybadge")
    s, g, t = store.KIND_SETTINGS, store.KIND_GAME, store.KIND_STATS
    assert kinds[:3] == [s, s, g] and kinds.count(t) == 2 and kinds.count(s) == 4
    end = kinds.index(t)
    assert kinds[end - 2:end + 4] == [g, g, t, t, s, s]  # the clear twice, then the stats
    assert abs(2 * on_files - len(kinds)) <= 1  # nvm and file take turns for each record
    assert cuts > 16384 * 5  # every instant of each 8 KB erase and programming
    stats = Stats(committed[t])
    assert stats.played(0) == 1 and sum(stats.played(i) for i in range(7)) == 1
    assert committed[s][0] == 3 == catalog.GAMES.index(catalog.GAMES[3])  # Hog now
    assert rebuild_game(committed[g])[0] == 3


def test_every_cut_on_the_circuit_playground_loses_at_most_the_turn():
    """nRF52840: 4 KB pages; a game save into slot 0 erases the settings'
    and stats' slot 0 in the same page, their slot 1 in the other page
    holds the newest (both slots hold it). No files needed, none written."""
    kinds, on_files, cuts, committed = check_every_cut("cpb_gizmo")
    assert on_files == 0 and kinds.count(store.KIND_STATS) == 2
    assert cuts > 8192 * 10


@pytest.mark.parametrize("instant", [0, 100, 4096, 8192, 8192 + 300, 16384])
def test_a_cut_mid_erase_resumes_the_game_and_keeps_stats_and_settings(instant):
    """Through the app on a PyBadge: a game played to its end (stats
    counted), a second one cut at ``instant`` of an nvm write (0..8192 the
    block erase, then its programming); at the next power-up the menu
    offers the game, its state is the last or the previous turn's, and the
    stats and settings are whole."""
    nvm, fs = media("pybadge")
    first = Simulation(game="pig", seats=(0, EASY), goal=50, seed=3, log=None, nvm=nvm,
                       files=fs)
    first.run()
    stats = store.open_region(nvm, store.KIND_STATS, first.hw).load()
    settings = store.open_region(nvm, store.KIND_SETTINGS, first.hw).load()
    assert Stats(stats).played(0) == 1
    second = Simulation(game="pig", seats=(0, EASY), seed=8, log=None, nvm=nvm, files=fs)
    second.setup = ["START"]  # the saved settings: go
    run_until(second, lambda: second.app.mode == app_module.PLAY)
    journal = powercut.Journal(nvm, fs)
    run_until(second, lambda: len(journal.entries) >= 2)
    nvm.cut_at(instant)
    with pytest.raises(powercut.PowerCut):
        run_until(second, lambda: False)
    games = [decode(e)[1] for e in journal.entries]  # the last one cut
    again = Simulation(game="pig", seed=9, log=None, nvm=nvm, files=fs)
    again.step()
    assert again.app.menu_screen.lines[0].text == ">Resume: Pig"
    assert store.open_region(nvm, store.KIND_STATS, again.hw).load() == stats
    assert store.open_region(nvm, store.KIND_SETTINGS, again.hw).load() == settings
    assert journal.entries[-1][0] == "nvm"
    assert store.open_region(nvm, store.KIND_GAME, again.hw).load() in games[-3:]


# -- a roll is final (issue 24, item 3) -------------------------------------------------

def _draws(sim, journal):
    """Log every chance outcome ``sim``'s roller draws as (game records
    saved so far, state bytes, action): the dice a player sees."""
    roller = sim.app.roller
    draw = roller.outcome
    log = []

    def outcome(state):
        action = draw(state)
        log.append((_game_saves(journal), state.to_bytes(), action))
        return action

    roller.outcome = outcome
    return log


def _game_saves(journal):
    """Game records (not clears) in ``journal`` so far."""
    return sum(1 for e in journal.entries if decode(e)[0] == store.KIND_GAME and decode(e)[1])


def _media_after(journal, i, board):
    """The nvm and CIRCUITPY as entry ``i`` of ``journal`` left them."""
    if i + 1 < len(journal.entries):
        nxt = journal.entries[i + 1]
        image, files = (nxt[4], nxt[5]) if nxt[0] == "nvm" else (nxt[3], nxt[4])
    else:
        image, files = journal.nvm.data, journal.fs._files
    nvm, fs = media(board)
    nvm.data[:] = image
    fs._files.update(files)
    return nvm, fs


ROLL_FINAL = [("pybadge", "pig", 50, 2), ("cpb_gizmo", "pig", 50, 2),
              ("pybadge", "skunkd", None, 2), ("cpb_gizmo", "skunkd", None, 3),
              ("cpb_gizmo", "skull-dragon", None, 2), ("pybadge", "skull-dragon", None, 4)]


@pytest.mark.parametrize("board,game,goal,players", ROLL_FINAL)
def test_no_cut_lets_a_player_see_a_roll_and_roll_it_again(board, game, goal, players):
    """A human (buttons only) against medium computers, every game record
    saved: a power cut at any instant leaves the newest record or the one
    before (the tests above), so resuming from each record in turn covers
    every cut. From each, the same play meets exactly the dice the first
    run rolled after that record, tumbles cut short included (the turn's
    dice stream is in the record), the computers' turns between two
    records too (one computer's turn after another's is not saved: it
    replays): no roll comes out otherwise. Without the stream every
    resumed turn drew fresh dice."""
    nvm, fs = media(board)
    journal = powercut.Journal(nvm, fs)
    seats = (0,) + (MEDIUM,) * (players - 1)
    first = Simulation(board=board, game=game, players=players, seats=seats, goal=goal,
                       script="AAAB", seed=11, log=None, nvm=nvm, files=fs)
    seen = _draws(first, journal)
    first.run()
    games = [i for i, e in enumerate(journal.entries)
             if decode(e)[0] == store.KIND_GAME and decode(e)[1]]
    checked = 0
    for k, i in enumerate(games, 1):
        expected = [d[1:] for d in seen if d[0] == k]
        nvm2, fs2 = _media_after(journal, i, board)
        again_journal = powercut.Journal(nvm2, fs2)
        again = Simulation(board=board, game=game, players=players, seats=seats, goal=goal,
                           script="AAAB", seed=100 + k, log=None, nvm=nvm2, files=fs2)
        again.setup = ["A"]  # Resume
        got = _draws(again, again_journal)
        run_until(again, lambda a=again, j=again_journal: _game_saves(j)
                  or a.app.mode == app_module.OVER)
        assert [d[1:] for d in got] == expected, (board, game, k)
        checked += len(expected)
    assert checked == len(seen) and len(games) > 5  # every roll of the game, again


def test_a_quit_after_a_roll_resumes_after_it_with_the_same_dice_to_come():
    """Quit from the pause screen just after a roll: Resume brings the state
    after that roll (not before it), and the dice stream as it stood."""
    nvm, fs = media("pybadge")
    sim = conftest.quiet_sim(game="skunkd", seats=(0, MEDIUM), nvm=nvm, files=fs)
    conftest.started(sim)
    run_until(sim, lambda: conftest.asked(sim))
    conftest.roll(sim)
    after, stream = sim.app.state.to_bytes(), sim.app.roller.seed
    conftest.press(sim, "START")
    conftest.press(sim, "UP")  # "Quit to menu", the last item
    conftest.press(sim, "A")
    conftest.press(sim, "A")  # yes
    assert sim.app.mode == app_module.MENU
    again = conftest.quiet_sim(game="skunkd", seats=(0, MEDIUM), nvm=nvm, files=fs, seed=2)
    again.setup = ["A"]
    conftest.started(again)
    assert again.app.state.to_bytes() == after and again.app.roller.seed == stream
