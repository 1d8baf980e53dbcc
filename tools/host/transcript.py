"""The simulator's transcript: one line per message of play, with a few
words of the game's state, from the app's ``log(app, text, how)`` calls
(``rollbox.app``). Host only: a board never formats a transcript.

    new game: Pig to 100, seats P1 (human), P2 (computer, hard)
    P1 rolled 4: +4 (shake; turn total 4, scores [0, 0])
"""
from rollbox import play

_HOW = ("button", "shake", "computer")
SKUNKD_PHASES = ("roll-off", "house", "start", "rolling", "keep", "kept", "over")  # by phase


def summary(screen, state):
    """A few words of ``state`` for the transcript, by the screen's game."""
    name = type(screen).__name__
    if name == "PigScreen":
        return "turn total %d, scores %s" % (state.turn_total, state.scores)
    if name == "SkunkdScreen":
        return "%s, den %d, scores %s" % (SKUNKD_PHASES[state.phase], state.den, state.scores)
    if name == "SkunkScreen" and not state.is_terminal():
        from games.skunk.rules import COLUMNS

        standing = " ".join("P%d" % (p + 1) for p in range(len(screen.seats))
                            if state.is_standing(p))
        return "round %s, total %d, standing %s, scores %s" % (
            COLUMNS[state.round], state.round_total, standing or "none", state.scores)
    if name == "SkullDragonScreen":
        from games.skull_dragon.rules import OVER, UNDER

        d = state.direction
        target = "none set"  # before the first roll of a turn (state.target is -1)
        if state.target >= 0:
            target = "%d %s" % (state.target, "over" if d == OVER else "under" if d == UNDER
                                else "(direction not chosen)")
        return "round %d, target %s, turn points %d, scores %s" % (
            state.round + 1, target, state.turn_points, state.scores)
    return "scores %s" % (state.scores,)


def seat_name(kind):
    """A seat's words in the transcript: "human", or "computer, " and the
    level the menu names (``rollbox.bots.LEVEL_NAMES``: easy, medium,
    hard) for kind 1..3."""
    from rollbox.bots import LEVEL_NAMES

    return "computer, %s" % LEVEL_NAMES[kind] if kind else "human"


def lines(write):
    """A ``log`` for ``rollbox.app.App`` that writes each transcript line
    with ``write(line)`` (``print``, ``list.append``)."""

    def log(app, text, how):
        if how == play.STARTED:
            seats = app.seats
            write("%s: %s, seats %s" % (text, app.view.title.text, ", ".join(
                "P%d (%s)" % (p + 1, seat_name(seats[p])) for p in range(len(seats)))))
        elif how == play.ENDED:
            write("%s (%s)" % (text, summary(app.screen, app.state)))
        else:
            write("%s (%s; %s)" % (text, _HOW[how], summary(app.screen, app.state)))

    return log
