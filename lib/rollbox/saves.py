"""Saves in play: the game's record at each turn change, its clear and the
lifetime stats at the game's end. The record's writer is opened when a
game starts (``rollbox.launch.open_game``, loaded only then); the menu
reads and writes its own records (settings, the saved game to resume, the
stats page: ``rollbox.menu``).

Where a save goes (``rollbox.store`` on the board's nvm and CIRCUITPY's
file slots): the game (catalog index, parameters, seats, the state's bytes)
is saved when it starts and whenever the turn passes to another seat
(``turn_player()`` changes; in SKUNK that is the next round's shooter;
but not from one computer's turn to another's, which the record before
replays exactly: ``rollbox.play``), and when the player quits from the
pause screen, never per frame or per
roll: each save is a flash erase cycle. Each record ends with the dice
stream of its turn (``rollbox.dice``): the rolls of a turn are fixed when
it begins, so resuming after a power cut meets the same dice (``rollbox.store`` keeps a record's
copies in different erase units, power-cut safe). A finished game clears
the save (:func:`clear`) and is counted in the lifetime stats, a piece a
frame on the game-over screen (``rollbox.ending``). A write
that fails ("Save failed" on the message line) never stops play.

The app's attributes used: ``nvm``, ``hw``, ``state``, ``index``,
``seats``, ``roller``, ``stats_ram``, ``save_slots`` (the record's
``rollbox.slot.Slots``, or None: no saves), ``save_head`` (the record's
bytes before the state, ``rollbox.store.game_head``) and, set here,
``turn_saved`` (``turn_player()`` at the last save).
"""


def save_game(app, commit=False):
    """The game's record as it stands (a turn change, a quit), through
    ``save_slots``: nothing is imported. With ``commit`` (a new game or a
    turn change) the dice stream is committed anew first
    (``rollbox.dice.Roller.commit``): the record holds the dice of the turn
    to come, so a power cut in it replays them (issue 24, item 3); without
    (a quit) the stream is saved where it stands. A failed write is told."""
    app.turn_saved = app.state.turn_player()
    roller = app.roller
    seed = roller.commit() if commit else roller.seed.to_bytes(4, "big")
    _write(app, app.save_head, app.state.to_bytes() + seed)


def clear(app):
    """The game is over: its record cleared, in two erase units (before the
    stats count the game: a power cut never counts a game twice)."""
    _write(app, b"", b"", 2)


def _write(app, head, state, n=1):
    slots = app.save_slots
    if slots is None:
        return  # no nvm, or one too small for the layout
    try:
        for _ in range(n):  # copies
            slots.write(head, state)
    except (OSError, RuntimeError, ValueError):
        app.say("Save failed")
