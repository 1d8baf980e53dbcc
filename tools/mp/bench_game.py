"""One seeded game, computer against computer (hold at 20), with memory
figures; run under MicroPython by tools/bench_memory.

Unix port: ``micropython bench_game.py variant six_bad players goal seed mode``.
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

gc.collect()
BASE = gc.mem_alloc()


G = {}  # game, state, rng, goal, rolls, peak


def start(variant, six_bad, players, goal, seed):
    from games.pig import HOLD, ROLL, PigGame  # after BASE: the modules count

    game = PigGame(variant=variant, six_bad=six_bad, players=players, goal=goal)
    G.update(state=game.new_initial_state(), rng=Lcg(seed), goal=goal, rolls=0, peak=0,
             HOLD=HOLD, ROLL=ROLL)


def act():
    """One action; returns True when the game is over."""
    HOLD, ROLL = G["HOLD"], G["ROLL"]  # noqa: N806
    state = G["state"]
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[G["rng"].below(len(outcomes))][0])
        G["rolls"] += 1
    else:
        tt = state.turn_total
        wins = state.scores[state.turn_player()] + tt >= G["goal"]
        state.apply_action(HOLD if tt and (tt >= 20 or wins) else ROLL)
    return state.is_terminal()


def measure():
    gc.collect()
    used = gc.mem_alloc() - BASE
    if used > G["peak"]:
        G["peak"] = used


def main(args):
    variant, six_bad, players, goal, seed = [int(a) for a in args[:5]]
    mode = args[5]
    start(variant, six_bad, players, goal, seed)
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
