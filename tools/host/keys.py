"""The simulator's key planner: the buttons a player presses on a game's
screen to make an action, read from the screen's cursor and selection as a
player reads the screen. Host only (tools/sim, the tests' scripted
players); a board never loads it.

:func:`keys_for` dispatches on the screen's class; every function returns
a tuple of button names ("A", "B", "UP", ...) pressed in order.
"""
from rollbox import controls


def keys_for(screen, state, action):
    """The buttons that make ``action`` on ``screen`` now.

    :raises ValueError: ``action`` has no buttons now (see each game).
    """
    return _PLANNERS[type(screen).__name__](screen, state, action)


def _pig(screen, state, action):
    from games.pig.rules import ROLL

    return ("A",) if action == ROLL else ("B",)


def _hog(screen, state, action):
    from games.hog.rules import MAX_DICE

    steps = (action - screen.counts[state.turn_player()]) % MAX_DICE
    return ("B",) * steps + ("A",)


def _skull_dragon(screen, state, action):
    """A for skull / accept / over / go on, B for dragon / multiply /
    under / book; after a success, A (go on) comes before the die.

    :raises ValueError: book after "go on" (the die choice is up).
    """
    from games.skull_dragon.rules import ACCEPT, AFTER_SUCCESS, BOOK, OVER, ROLL_SKULL

    if state.phase == AFTER_SUCCESS and not screen.going:
        return ("B",) if action == BOOK else ("A", "A" if action == ROLL_SKULL else "B")
    if action == BOOK:
        raise ValueError("no buttons book now: the die choice is up")
    if action in (ROLL_SKULL, ACCEPT, OVER):
        return ("A",)
    return ("B",)


def _skunk(screen, state, action):
    """A seat's own sit button, A to roll; or the roster cursor (B steps, A acts).

    :raises ValueError: a roll on a table where only a shake rolls (A is
        the eighth human seat's sit button).
    """
    from games.skunk import screen as skunk
    from games.skunk.rules import ROLL, SIT_BASE

    if screen._keys:
        if action != ROLL:
            return (_name(skunk._SEAT_KEYS[action - SIT_BASE]),)
        if screen._a_sits():
            raise ValueError("A is P8's sit button: only a shake rolls")
        return ("A",)
    items = screen._items(state)
    target = skunk._ROLL_ITEM if action == ROLL else action - SIT_BASE
    steps = (items.index(target) - items.index(screen._cursor(items))) % len(items)
    return ("B",) * steps + ("A",)


def _name(bit):
    """The name of a logical button bit ("A", "UP", ...)."""
    return controls.NAMES[bit.bit_length() - 1]


def _repeats(keys):
    """How often a button follows itself in ``keys``."""
    return sum(1 for i in range(1, len(keys)) if keys[i] == keys[i - 1])


def _skunkd(screen, state, action):
    """A keep mask, BANK, ROLL or a house index, from the screen's cursor
    and selection. Of the ways that work (die by die, or cycling the legal
    keeps) the one with the fewest same button twice in a row, then the
    shortest."""
    from games.skunkd import screen as skunkd
    from games.skunkd.rules import BANK, HOUSE_BASE, PHASE_HOUSE, ROLL, legal_keeps

    if state.phase == PHASE_HOUSE:
        return _house_keys(screen, action - HOUSE_BASE)
    if action == ROLL:
        return ("A",)
    if action == BANK:
        return ("B",)
    rolled = state.rolled_mask
    ways = [_toggle_keys(screen, rolled, action & skunkd._ALL)]
    masks = [m for _, m in legal_keeps(state)]
    if action in masks:
        k = masks.index(action)
        steps = (k - screen.cycle) % len(masks) or (0 if screen.pick == action else len(masks))
        if screen.select:
            keep = ("A",) if screen.dirs else ("B",) * _moves(screen, rolled, skunkd._KEEP) + ("A",)
            ways.append(("SELECT",) * steps + keep)
        if not screen.dirs:
            ways.append(("B",) * _moves(screen, rolled, skunkd._NEXT) + ("A",) * steps
                        + ("B", "A"))
    best = ways[0]
    for keys in ways[1:]:
        if (_repeats(keys), len(keys)) < (_repeats(best), len(best)):
            best = keys
    return best


def _moves(screen, rolled, to):
    """B presses from the cursor to place ``to`` (boards without directions)."""
    from games.skunkd import screen as skunkd

    c = screen.cursor
    n = 0
    while c != to and n < 8:
        c = skunkd._step(c, rolled, 1, True)
        n += 1
    return n


def _toggle_keys(screen, rolled, mask):
    """Buttons that set the selection to ``mask`` die by die, then keep."""
    from games.skunkd import screen as skunkd

    toggles = screen.pick ^ mask
    keys = []
    c = screen.cursor
    move = "RIGHT" if screen.dirs else "B"
    toggle = "UP" if screen.dirs else "A"
    while toggles:
        if c < 6 and toggles >> c & 1:
            keys.append(toggle)
            toggles &= ~(1 << c)
        if toggles:
            c = skunkd._step(c, rolled, 1, not screen.dirs)
            keys.append(move)
    if not screen.dirs:
        while c != skunkd._KEEP:
            c = skunkd._step(c, rolled, 1, True)
            keys.append("B")
    keys.append("A")
    return tuple(keys)


def _house_keys(screen, index):
    from games.skunkd import options as skunkd_setup
    from games.skunkd.rules import ENTRIES, GOALS

    goal_steps = ((index >> 2) - screen.goal_i) % len(GOALS)
    entry_steps = ((index & 3) - screen.entry_i) % len(ENTRIES)
    f = screen.field
    keys = []
    if screen.dirs:
        if goal_steps:
            if f != 0:
                keys.append("LEFT")
                f = 0
            keys += ["UP"] * goal_steps
        if entry_steps:
            if f != 1:
                keys.append("RIGHT")
            keys += ["UP"] * entry_steps
    elif goal_steps or entry_steps:
        keys += ["B"] * ((3 - f) % 3)  # to the goal
        keys += ["A"] * goal_steps + ["B"] + ["A"] * entry_steps + ["B"]
    else:
        keys += ["B"] * ((skunkd_setup._OK - f) % 3)
    keys.append("A")
    return tuple(keys)


_PLANNERS = {"PigScreen": _pig, "HogScreen": _hog, "SkullDragonScreen": _skull_dragon,
             "SkunkScreen": _skunk, "SkunkdScreen": _skunkd}
