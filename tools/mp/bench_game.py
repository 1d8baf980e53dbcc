"""Runs under MicroPython (tools/bench_memory starts it): one seeded game,
computer against computer (hold at 20), printing memory figures.

argv (or a global ARGS where sys.argv is missing, as in the WebAssembly
build): variant six_bad players goal seed mode
mode "live": gc.collect() after every action; prints the peak of
gc.mem_alloc() above the baseline taken before the game modules were
imported. mode "alloc": gc disabled; prints bytes allocated per roll.
mode "run": just plays (for the heap-size bisection)."""
import gc
import sys

try:
    ARGS  # noqa: B018 (set by tools/wasm/bench_game.mjs)
except NameError:
    ARGS = sys.argv[1:]
variant, six_bad, players, goal, seed = [int(a) for a in ARGS[:5]]
mode = ARGS[5]
gc.collect()
base = gc.mem_alloc()
from games.pig import HOLD, ROLL, PigGame  # noqa: E402


class Lcg:
    """The dice stream of tests/mp/pig_cases.py (same on every interpreter)."""

    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


game = PigGame(variant=variant, six_bad=six_bad, players=players, goal=goal)
state = game.new_initial_state()
rng = Lcg(seed)
gc.collect()
peak = gc.mem_alloc() - base
if mode == "alloc":
    gc.disable()
start = gc.mem_alloc()
rolls = 0
while not state.is_terminal():
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.below(len(outcomes))][0])
        rolls += 1
    else:
        tt = state.turn_total
        wins = state.scores[state.turn_player()] + tt >= goal
        state.apply_action(HOLD if tt and (tt >= 20 or wins) else ROLL)
    if mode == "live":
        gc.collect()
        used = gc.mem_alloc() - base
        if used > peak:
            peak = used
if mode == "alloc":
    print("alloc_per_roll", (gc.mem_alloc() - start) // rolls, "rolls", rolls)
elif mode == "live":
    print("peak", peak, "rolls", rolls)
else:
    print("done", rolls)
