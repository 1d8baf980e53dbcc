"""SKUNK'D's screen before the first turn (RULES.md 1, "Before play"): the
roll-off (each contender's six dice, the Skunks, who goes first) and the
house options editor (goal and entry). ``games.skunkd.screen`` loads
this module while the game is in those phases and unloads it when play
begins: the texts and buttons of the set-up are not in RAM during the turns.
Controls and layout: see that module's docstring.
"""

from micropython import const

from games.skunkd.rules import ENTRIES, GOALS, HOUSE_BASE, PHASE_ROLLOFF
from rollbox.controls import DOWN, LEFT, RIGHT, UP, A, B

_ALL = const(63)
_OK = const(2)  # house field cursor: goal 0, entry 1, "ok" 2


def _den_text(screen, state):
    """The den line while the roll-off or the house options are on."""
    if state.phase == PHASE_ROLLOFF:
        return screen._fit("Roll-off: most Skunks goes first", "Most Skunks goes first")
    return "P%d sets goal and entry" % (state.turn_player() + 1)


def _value_text(screen, state, human):
    """The value line while the house options are set (the editor)."""
    if not human:
        return "P%d picks goal and entry" % (state.turn_player() + 1)
    f = screen.field
    text = ("goal [%d]" if f == 0 else "goal %d") % GOALS[screen.goal_i]
    text += (" entry [%d]" if f == 1 else " entry %d") % ENTRIES[screen.entry_i]
    if not screen.dirs:
        text += " [ok]" if f == _OK else " ok"
    return text


def _info_text(screen, state):
    if state.phase == PHASE_ROLLOFF:
        return ""
    return screen._fit("goal starts overtime; entry: 1st bank", "entry: least first bank")


def _cell(screen, state, p, turn):
    """Seat ``p``'s roll-off: its six dice, sorted, and its Skunks."""
    large = screen.per_line == 1
    who = ("cpu " if screen.seats[p] else "you ") if large else ""
    mark = ">" if p == turn else " "
    r = state.rolloff[p]
    if r < 0:
        return "%sP%d %s" % (mark, p + 1, who)
    faces = sorted(screen.rolloff[6 * p:6 * p + 6])
    if large:
        return "%sP%d %s%s: %d Skunk%s" % (mark, p + 1, who, "-".join(
            str(f) for f in faces), r, "" if r == 1 else "s")
    return "%sP%d %d Skunk%s" % (mark, p + 1, r, "" if r == 1 else "s")  # the dice are shown


def status(screen, who):
    """The status line of a human setter."""
    if screen.dirs:
        return who + screen._fit("<>:field ^v:value B:switch A:ok", "<>:field ^v:value A:ok")
    return who + ("A:ok B:step" if screen.field == _OK else "A:change B:step")


def press(screen, state, pressed):
    """A human setter's buttons: the house action when confirmed, else None
    (the editor moved, or the button was explained)."""
    if pressed & A and (screen.dirs or screen.field == _OK):
        return HOUSE_BASE + 4 * screen.goal_i + screen.entry_i
    step = 0
    if screen.dirs and pressed & (LEFT | RIGHT):
        screen.field = 0 if pressed & LEFT else 1
    elif pressed & B:
        screen.field = (screen.field + 1) % (2 if screen.dirs else 3)
    elif screen.dirs and pressed & (UP | DOWN):
        step = 1 if pressed & UP else -1
    elif pressed & A:
        step = 1
    else:
        screen._no_use(pressed)
        return None
    if step and screen.field == 0:
        screen.goal_i = (screen.goal_i + step) % len(GOALS)
    elif step:
        screen.entry_i = (screen.entry_i + step) % len(ENTRIES)
    screen.draw(state)
    return None


def settle(screen, state, roller, p):
    """One contender's six roll-off dice land; returns the message."""
    for _ in range(6):
        if state.phase != PHASE_ROLLOFF:
            break
        state.apply_action(roller.outcome(state))
    for i in range(6):
        screen.rolloff[6 * p + i] = state.dice[i]
    screen.still()  # (rest shows them)
    r = state.rolloff[p]
    text = "P%d: %d Skunk%s" % (p + 1, r, "" if r == 1 else "s")
    if state.phase != PHASE_ROLLOFF:
        return screen._join(text, "P%d goes first" % (state.first + 1))
    screen.rolling = _ALL  # the next contender's tumble
    if state.turn_player() <= p:  # the round ended in a tie
        tied = " ".join("P%d" % (q + 1) for q in range(len(state.scores))
                        if state.contenders >> q & 1)
        return screen._join(text, screen._fit("Tie: %s roll again" % tied, "Tie: roll again"))
    return text
