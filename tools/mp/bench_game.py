"""One seeded game, computer against computer (each game's bot,
games/<name>/bot.py, deciding for the current player), with memory figures; run
under MicroPython by tools/bench_memory.

Unix port: ``micropython bench_game.py game players seed mode``, ``game``
the index in ``rollbox.catalog.GAMES`` (its default goal).
mode "live": gc.collect() after every action; prints the peak of
gc.mem_alloc() above the baseline taken before the game modules were
imported. mode "alloc": gc disabled; prints bytes allocated per roll.
mode "run": just plays (for the heap-size bisection).

WebAssembly build (tools/wasm/bench_game.mjs): there a collection only
frees garbage between two top-level calls, so the JavaScript side calls
:func:`start`, then :func:`act` and :func:`measure` in separate calls.
"""
import gc
import sys

from lcg import Lcg  # tests/mp/lcg.py, before the baseline: not counted

import rollbox
from rollbox import catalog  # the menu's table, in RAM on the device before any game

gc.collect()
BASE = gc.mem_alloc()


G = {}  # game, state, rng, goal, rolls, peak


def start(index, players, seed):
    entry = catalog.GAMES[index]
    params = dict(entry[catalog.FIXED], players=players)
    if entry[catalog.GOALS]:
        params["goal"] = entry[catalog.GOAL]
    # after BASE: the modules count
    game = rollbox.load_class(catalog.dotted(entry, catalog.GAME))(**params)
    G.update(state=game.new_initial_state(), rng=Lcg(seed), rolls=0, peak=0,
             bot=rollbox.load(entry[catalog.PACKAGE] + ".bot"))


def act():
    """One action; returns True when the game is over."""
    state = G["state"]
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[G["rng"].below(len(outcomes))][0])
        G["rolls"] += 1
    else:
        state.apply_action(G["bot"].choose(state))
    return state.is_terminal()


def measure():
    gc.collect()
    used = gc.mem_alloc() - BASE
    if used > G["peak"]:
        G["peak"] = used


def main(args):
    index, players, seed = [int(a) for a in args[:3]]
    mode = args[3]
    start(index, players, seed)
    measure()
    if mode == "alloc":
        gc.disable()
    before = gc.mem_alloc()
    while not act():
        if mode == "live":
            measure()
    if mode == "alloc":
        print("alloc_per_roll", (gc.mem_alloc() - before) // G["rolls"], "rolls", G["rolls"])
    elif mode == "live":
        print("peak", G["peak"], "rolls", G["rolls"])
    else:
        print("done", G["rolls"])


if __name__ == "__main__" and hasattr(sys, "argv"):
    main(sys.argv[1:])
