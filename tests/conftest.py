"""Test set-up: the host platform (tools/host) goes first on sys.path so that
device code's `import board`, `keypad`, `supervisor` find the host stand-ins."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "mp"))  # cases shared with MicroPython
sys.path.insert(0, os.path.join(ROOT, "tools"))  # host/, shake_replay

import host  # noqa: E402

host.activate()


def rebuild_game(data):
    """``(index, game, state, seats)`` of a saved game record, rebuilt as
    the menu's Resume does (``rollbox.menu.saved_choice``,
    ``rollbox.launch.build_game``).

    :raises ValueError, TypeError: a record the catalog or the game refuses.
    """
    from rollbox import launch, menu

    choice = menu.saved_choice(data)
    game, state = launch.build_game(choice)
    return choice[0], game, state, choice[3]


def text_box(line):
    """``(left, top, right, bottom)`` pixels of the text a
    ``rollbox.view.TextLine`` shows (6x12 pixels a character)."""
    tg = line.tilegrid
    return (tg.x, tg.y, tg.x + 6 * len(line.text), tg.y + 12)


def stores(nvm):
    """``(game, settings)`` regions of ``nvm`` (``rollbox.store.open_region``),
    or None when the nvm holds no regions."""
    from rollbox import store

    game = store.open_region(nvm, store.KIND_GAME)
    return None if game is None else (game, store.open_region(nvm, store.KIND_SETTINGS))


class ScriptedRoller:
    """A ``rollbox.dice.Roller`` whose chance outcomes come from ``actions``
    (the rules' chance actions, in order; then random), tumbling faces
    random: dice a test chooses, through the app's real roll path."""

    def __new__(cls, actions):
        import random

        from rollbox.dice import Roller

        class _Roller(Roller):
            def outcome(self, state):
                return self.script.pop(0) if self.script else super().outcome(state)

        roller = _Roller(random.Random(0).randrange)
        roller.script = list(actions)
        return roller
