"""A game's end (``rollbox.play``, once its computer players are gone):
the result on the title line, the win's cue, then the save cleared and the
game counted (``rollbox.saves``). Loaded for that moment and unloaded
after: code run once a game is not in RAM while it plays.
"""

from rollbox import saves
from rollbox.play import ENDED, cue
from rollbox.view import DIM


def game_over(app, now):
    """``app``'s game is over at ``now`` (ms): the mode, the screen drawn,
    the result, the series (the last winner sets SKUNK'D's house options
    next game), the cue, the log, the save and the lifetime stats."""
    s = app.state
    app.mode = app.OVER
    app.screen.draw(s)
    v = app.view
    result = app.screen.result(s)
    won = s.winners()
    app.series = (app.index, len(app.seats), won[0]) if len(won) == 1 else None
    cue(app, 5, now, won[0] if won else 0)
    v.set_text(v.title, result)
    v.set_text(v.status, "A: menu")
    v.status.color = DIM
    v.show_coach(None)  # the result is the news now
    app.log_event(result, ENDED)
    try:  # the result stands whatever the saves meet
        saves.game_over(app, won)
    except MemoryError:
        app.say("Out of memory: not counted")
