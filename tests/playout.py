"""Shared checks for every rule set in games/: random playouts with the
OpenSpiel invariants, and golden playthroughs stored as text.

    play(game, random.Random(seed), choose=None, check=None)
        plays to the end; at every step the state survives to_bytes ->
        state_from_bytes unchanged, an illegal action is refused and leaves
        the state byte-for-byte unchanged, chance weights are positive
        integers, and the current player is a seat, CHANCE or TERMINAL.
    transcript(game, seed, choose=None) -> list of lines (a playthrough)
    assert_golden(name, lines)
        compares with tests/golden/<name>.txt; ROLLBOX_REGOLD=1 rewrites it.
"""
import os

from rollbox.engine import CHANCE, TERMINAL

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
MAX_STEPS = 500_000


def pick_chance(state, rng):
    """A chance outcome drawn by its integer weight."""
    outcomes = state.chance_outcomes()
    total = sum(w for _, w in outcomes)
    r = rng.randrange(total)
    for action, weight in outcomes:
        r -= weight
        if r < 0:
            return action
    raise AssertionError("weights do not add up")


def _check_node(game, s, legal):
    p = s.current_player()
    assert p in (CHANCE, TERMINAL) or 0 <= p < game.num_players(), p
    raw = s.to_bytes()
    assert isinstance(raw, bytes)
    assert game.state_from_bytes(raw).to_bytes() == raw
    if s.is_chance_node():
        outcomes = s.chance_outcomes()
        assert outcomes and all(isinstance(w, int) and w > 0 for _, w in outcomes)
        assert legal == [a for a, _ in outcomes]
    else:
        assert legal, "a decision node with no legal action"
    assert len(set(legal)) == len(legal)
    for bad in (-7, max(legal) + 1, 10_000):
        if bad in legal:
            continue
        try:
            s.apply_action(bad)
        except ValueError:
            pass
        else:
            raise AssertionError("illegal action %r accepted" % bad)
        assert s.to_bytes() == raw, "a refused action changed the state"


def play(game, rng, choose=None, check=None, on_step=None):
    """Play ``game`` to the end from a new state; returns the final state.

    ``choose(state, legal, rng)`` picks a decision (default: uniform random);
    chance is drawn by weight. ``check(state)`` runs after every action
    (the game's own invariants); ``on_step(state, action)`` before each.
    """
    s = game.new_initial_state()
    for _ in range(MAX_STEPS):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        _check_node(game, s, legal)
        if s.is_chance_node():
            action = pick_chance(s, rng)
        else:
            action = (choose or (lambda st, lg, r: r.choice(lg)))(s, legal, rng)
        if on_step is not None:
            on_step(s, action)
        s.apply_action(action)
        if check is not None:
            check(s)
    assert s.is_terminal(), "no end after %d steps" % MAX_STEPS
    assert s.legal_actions() == [] and s.chance_outcomes() == ()
    returns = s.returns()
    assert abs(sum(returns)) < 1e-9 and s.winners()
    return s


def transcript(game, seed, choose=None):
    """A seeded playthrough as text lines: the player (or 'chance') and
    ``action_to_string`` of each action, then the returns."""
    import random

    rng = random.Random(seed)
    lines = ["game: %s %s" % (game.NAME, sorted(game.params.items())), "seed: %d" % seed]

    def log(s, action):
        who = "chance" if s.is_chance_node() else "P%d" % (s.current_player() + 1)
        lines.append("%s: %s" % (who, s.action_to_string(action)))

    s = play(game, rng, choose=choose, on_step=log)
    lines.append("winners: %s" % ", ".join("P%d" % (w + 1) for w in s.winners()))
    lines.append("returns: %s" % ", ".join("%.4f" % r for r in s.returns()))
    return lines


def assert_golden(name, lines):
    """Compare ``lines`` with tests/golden/<name>.txt (ROLLBOX_REGOLD=1 writes it)."""
    path = os.path.join(GOLDEN, name + ".txt")
    text = "\n".join(lines) + "\n"
    if os.environ.get("ROLLBOX_REGOLD"):
        os.makedirs(GOLDEN, exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    with open(path) as f:
        assert f.read() == text, "playthrough differs from %s" % path
