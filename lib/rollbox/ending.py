"""A game's end (``rollbox.play``, once its computer players are gone):
the result on the title line and the win's cue in the frame after the
game's last action, then its saving a piece a frame on the game-over
screen (the app calls :func:`count_step`): the save cleared and the game
counted in the lifetime stats (``rollbox.stats``). Loaded for that
moment and unloaded once the game is counted: code run once a game is
not in RAM while it plays.
"""

import rollbox
from rollbox import saves
from rollbox.play import ENDED, cue
from rollbox.view import DIM

STEPS = 3  # ``app.to_count`` at a game's end: the frames of :func:`count_step`


def game_over(app, now):
    """``app``'s game is over at ``now`` (ms): the mode, the screen drawn,
    the result, the series (the last winner sets SKUNK'D's house options
    next game), the cue, the log; the save and the lifetime stats are due
    (``app.to_count``: :data:`STEPS`). The mode changes last: a
    MemoryError on the way leaves the app to try the frame again."""
    s = app.state
    app.screen.draw(s)
    v = app.view
    result = app.screen.result(s)
    won = s.winners()
    app.series = (app.index, len(app.seats), won[0]) if len(won) == 1 else None
    cue(app, 5, now, won[0] if won else 0)
    v.set_text(v.title, result)
    v.set_text(v.status, "A: menu")
    v.set_color(v.status, DIM)
    v.show_coach(None)  # the result is the news now
    app.log_event(result, ENDED)
    app.mode = app.OVER
    app.to_count = STEPS  # (the result stands whatever the saves meet)


def count_step(app):
    """One frame's piece of the finished game's saving (``app.to_count``
    pieces left), so that no frame of it passes ~27 ms on a SAMD51, where
    the whole took ~60 in the game's last frame before (issue 26, tools/bench_cpu):
    3 loads ``rollbox.stats``, 2 ``rollbox.store`` (~20-27 ms each import),
    1 clears the game's record (``rollbox.saves.clear``) and counts the
    game, its winning seats' kinds and the faces the roller counted in the
    lifetime stats (saved once a game), then unloads both and this module.
    Out of memory on the way, the record is cleared all the same, the game
    is not counted and the player is told. ``app.to_count`` is 0 after the
    last piece."""
    step = app.to_count
    app.to_count = step - 1
    try:
        if step == 3:
            from rollbox import stats  # noqa: F401 (loaded for piece 1)
        elif step == 2:
            from rollbox import store  # noqa: F401 (the same)
        elif step == 1:
            saves.clear(app)
            _count(app)
    except MemoryError:
        app.to_count = 0
        if step > 1:  # (piece 1 clears first)
            saves.clear(app)
        app.say("Out of memory: not counted")
    if not app.to_count:
        rollbox.unload("rollbox.stats", "rollbox.store", "rollbox.ending")


def _count(app):
    from rollbox import stats

    seats, faces = app.seats, app.roller.face_counts
    try:
        record = stats.count_game(app.nvm, app.stats_ram, app.index,
                                  [seats[p] for p in app.state.winners()], faces, app.hw)
    except (OSError, RuntimeError, ValueError):
        app.say("Save failed")
        record = None
    for i in range(6):
        faces[i] = 0
    if app.nvm is None:
        app.stats_ram = record
