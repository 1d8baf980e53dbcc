"""Rule sets, one package each; only the chosen game's package is loaded.

``games/<name>/``:

- ``rules.py`` the rules (OpenSpiel's shape: ``rollbox.engine.Game`` and
  ``State``): every rule function, pure (no I/O, hardware or randomness;
  dice come in as chance outcomes);
- ``screen.py`` its ``rollbox.screen.Screen`` (displayio; imports the rules);
- ``bot.py`` its computer player and coach (imports the rules; a solved
  table's reader where it has one, ``hard.py`` where the exact player is
  loaded apart);
- ``help.py`` its "Rules and keys" Keys lines for the board and the values
  of help.txt (the pause screen loads it for the moment), ``help.txt`` the
  Symbols and Rules (read a line at a time, ``rollbox.pause``);
- ``games/data/`` the solved tables.

This package stays loaded (``rollbox.app``): it holds what the Pig family
and Hog share, the "6 is bad" rule.
"""


def is_bad(six_bad, face):
    # type: (int, int) -> bool
    """True for a bad face: 1, and 6 too with the "6 is bad" option (RULES.md 2)."""
    return face == 1 or (six_bad != 0 and face == 6)
