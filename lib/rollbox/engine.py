"""OpenSpiel-shaped game engine: the base every rule set in ``games/`` extends.

A :class:`Game` holds validated parameters and makes states; a
:class:`State` holds only what changes during play. Chance is a player of
its own (:data:`CHANCE`): dice results are actions of the chance player, so
tests script them, the AI enumerates them and the device draws them from a
:class:`rollbox.dice.Roller`. Player ids, action integers and the method
names follow OpenSpiel (``open_spiel/spiel.h``).

Pure Python that runs on CircuitPython, MicroPython and CPython: no I/O,
no randomness, no floats in the game state.
"""

from micropython import const

try:
    from typing import Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass

CHANCE = const(-1)  # OpenSpiel kChancePlayerId
TERMINAL = const(-4)  # OpenSpiel kTerminalPlayerId


def must_override(*args):
    """Every method a subclass of :class:`Game` or :class:`State` (or
    ``rollbox.screen.Screen``) must implement (their docstrings list them):
    one function for all, as a function each would cost a board RAM for
    nothing.

    :raises NotImplementedError: always.
    """
    raise NotImplementedError


class Game:
    """A rule set with its parameters, validated once.

    Subclasses set ``NAME`` and ``PARAMS``, a tuple of
    ``(name, default, low, high)`` integer parameters (the one table of
    defaults), and implement (the base's raise ``NotImplementedError``):

    - ``new_initial_state()`` a fresh :class:`State` at the start of a game;
    - ``state_from_bytes(data)`` a state rebuilt from :meth:`State.to_bytes`
      (raises ``ValueError`` for bytes that are not a valid state);
    - ``title()`` the game's name with its options for the title line in
      play ("Pig (6 bad)"; the app adds the goal), at most 20 characters.

    :raises ValueError: a parameter that is unknown, not an int, or outside
        its ``low..high`` range.
    """

    NAME = "game"
    PARAMS = ()  # type: Tuple[Tuple[str, int, int, int], ...]
    new_initial_state = state_from_bytes = title = must_override

    def __init__(self, **params):
        # type: (int) -> None
        values = {}  # type: dict[str, int]
        for name, default, low, high in self.PARAMS:
            value = params.pop(name, default)
            if not isinstance(value, int):
                raise ValueError("%s must be an integer" % name)
            if not low <= value <= high:
                raise ValueError("%s must be %d..%d, not %d" % (name, low, high, value))
            values[name] = int(value)
        if params:
            raise ValueError("unknown parameter: %s" % ", ".join(sorted(params)))
        self.params = values

    def num_players(self):
        # type: () -> int
        """Number of seats (players), 1 or more."""
        return self.params.get("players", 1)


class State:
    """One position of a game.

    ``legal_actions()`` lists small ints; ``apply_action(a)`` checks ``a``
    first and raises ``ValueError`` on an illegal action, leaving the state
    untouched (OpenSpiel ``State::ApplyAction``). Subclasses implement (the
    base's raise ``NotImplementedError``):

    - ``current_player()`` the seat to act (0-based), :data:`CHANCE` or
      :data:`TERMINAL`;
    - ``turn_player()`` the seat whose turn it is, also while chance rolls
      for it (the app saves the game when it changes; SKUNK: the round's
      shooter);
    - ``_legal_actions()`` the legal actions at a decision node: a sequence
      of ints (a tuple, or bytes where every action fits in one) that may
      be shared: read it, never change it;
    - ``_apply_action(action)`` the action, already checked legal;
    - ``winner()`` the seat that won alone, or -1 while the game goes on
      (and for a shared win: :meth:`winners`);
    - ``to_bytes()`` the state as a few bytes (the save file; read back by
      ``Game.state_from_bytes``).
    """

    current_player = turn_player = _legal_actions = _apply_action = must_override
    winner = to_bytes = must_override

    def __init__(self, game):
        # type: (Game) -> None
        self.game = game

    def is_terminal(self):
        # type: () -> bool
        return self.current_player() == TERMINAL

    def is_chance_node(self):
        # type: () -> bool
        return self.current_player() == CHANCE

    def legal_actions(self):
        # type: () -> list[int]
        """Legal actions of the current player (chance outcomes at a chance
        node, empty when terminal), as a new list."""
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        if self.is_terminal():
            return []
        return list(self._legal_actions())

    def chance_outcomes(self):
        # type: () -> Tuple[Tuple[int, int], ...]
        """``((action, weight), ...)`` at a chance node, integer weights
        (probability = weight / sum of weights); empty elsewhere. May be a
        tuple shared between states: read it, never change it."""
        return ()

    def apply_action(self, action):
        # type: (int) -> None
        """Apply ``action`` for the current player (or chance).

        :raises ValueError: the game is over or ``action`` is not legal now;
            the state is unchanged.
        """
        p = self.current_player()  # (asked once: a roll applies an outcome a die)
        if p == TERMINAL:
            raise ValueError("the game is over")
        legal = False
        if p == CHANCE:
            for outcome, _ in self.chance_outcomes():  # no list built per roll
                if outcome == action:
                    legal = True
                    break
        else:
            for a in self._legal_actions():  # any sequence of ints (a tuple, bytes)
                if a == action:
                    legal = True
                    break
        if not legal:
            raise ValueError("illegal action %r" % (action,))
        self._apply_action(action)

    def returns(self):
        # type: () -> list[float]
        """Per seat at a terminal state, zero-sum (as OpenSpiel's Pig): +1
        for each winner, and the losers share the winners' total equally
        (-1/(n-1) each with one winner). All 0.0 before the end, or when
        every seat shares the win."""
        n = self.game.num_players()
        if not self.is_terminal():
            return [0.0] * n
        won = self.winners()
        k = len(won)
        lose = -k / (n - k) if k < n else 0.0
        return [(1.0 if k < n else 0.0) if p in won else lose for p in range(n)]

    def winners(self):
        # type: () -> list[int]
        """Seats that won (more than one only where a rule shares the win,
        e.g. SKUNK's equal totals); empty while the game goes on."""
        w = self.winner()
        return [w] if w >= 0 else []

    def clone(self):
        # type: () -> State
        """An independent copy (through :meth:`to_bytes`)."""
        return self.game.state_from_bytes(self.to_bytes())

    def action_to_string(self, action):
        # type: (int) -> str
        return str(action)
