"""Decision times of the computer players: seeded games with every seat at
one level, each ``bot.choose`` timed. Runs under MicroPython (the unix port,
``time.ticks_us``) and CPython (``time.perf_counter``); tools/bench_ai runs
it under both.

``bench_ai.py game players level games seed``: ``game`` the index in
``rollbox.catalog.GAMES`` (its default goal), ``level`` 1 easy .. 3 hard.
Prints ``decisions N first_us F mean_us M max_us X`` (the first decision,
which imports and opens the tables, is not in the mean or max).
"""
import sys
import time

from lcg import Lcg  # tests/mp/lcg.py

import rollbox
from rollbox import catalog

try:
    _ticks = time.ticks_us

    def _since(t0):
        return time.ticks_diff(time.ticks_us(), t0)
except AttributeError:  # CPython
    def _ticks():
        return time.perf_counter()

    def _since(t0):
        return int((time.perf_counter() - t0) * 1e6)


def main(args):
    index, players, level, games, seed = [int(a) for a in args[:5]]
    entry = catalog.GAMES[index]
    params = dict(entry[catalog.FIXED], players=players)
    if entry[catalog.GOALS]:
        params["goal"] = entry[catalog.GOAL]
    game = rollbox.load_class(catalog.dotted(entry, catalog.GAME))(**params)
    bot = rollbox.load(entry[catalog.PACKAGE] + ".bot")
    rng = Lcg(seed)
    n = total = most = 0
    first = -1
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.below(len(outcomes))][0])
                continue
            t0 = _ticks()
            action = bot.choose(state, level)
            us = _since(t0)
            state.apply_action(action)
            if first < 0:
                first = us
                continue
            n += 1
            total += us
            if us > most:
                most = us
    print("decisions %d first_us %d mean_us %d max_us %d" % (n, first, total // max(n, 1), most))


if __name__ == "__main__" and hasattr(sys, "argv"):
    main(sys.argv[1:])
