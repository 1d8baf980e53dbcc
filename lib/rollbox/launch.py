"""Starting the game the menu chose (``rollbox.menu.MenuScreen.press``): its
rules, screen and bot imported, the game built (new, or the saved one from
its record), the screen shown with its title. The app loads this module
for that moment, once the menu and its modules are gone, and unloads it
straight after (``rollbox.app``): RAM is for play.
"""

import rollbox


def build_game(choice, series=None):
    """``(game, state)`` of ``choice``: a new game with its parameters (and,
    where the rules take a ``setter`` and ``series``, the last game's
    ``(index, players, winner)``, is the same game and player count, the
    last winner sets the house options: RULES.md 1, "Before play"), or
    the saved game rebuilt from its values and state bytes.

    :raises ValueError, TypeError: parameters, seats or state bytes the
        game refuses.
    :raises ImportError: the game's module is missing.
    """
    index, names, params, seats, raw = choice[:5]
    game_class = rollbox.load_class(names[0])
    if raw is None:
        if series is not None and series[:2] == (index, len(seats)) and any(
                p[0] == "setter" for p in game_class.PARAMS):
            params["setter"] = series[2] + 1
        game = game_class(**params)
        return game, game.new_initial_state()
    table = game_class.PARAMS
    if len(params) != len(table):
        raise ValueError("saved parameters do not fit the game")
    values = {}
    for i in range(len(params)):
        values[table[i][0]] = params[i]
    game = game_class(**values)
    if len(seats) != game.num_players():
        raise ValueError("saved seats do not fit the game")
    return game, game.state_from_bytes(raw)


def open_game(app, index, game, seats):
    """Give ``app`` what its saves need during play, so that a save at a
    turn change imports nothing: ``save_slots`` and ``save_head``.
    ``rollbox.store`` is loaded for the moment.

    :returns: False when the record cannot be opened (the nvm raised, or a
        value does not fit the record): the game plays without saves.
    """
    app.save_slots = None
    app.save_head = b""
    if app.nvm is None:
        return True
    from rollbox import store

    ok = True
    try:
        region = store.open_region(app.nvm, store.KIND_GAME, getattr(app, "hw", None))
        if region is not None:
            app.save_head = store.game_head(index, game, seats)
            app.save_slots = region.slots()
    except (OSError, RuntimeError, ValueError):
        app.save_slots = None
        ok = False
    rollbox.unload("rollbox.store")
    return ok


def launch(app, choice):
    """Start ``choice`` (``rollbox.menu.MenuScreen.press``: index, the
    dotted names of the Game class, the Screen class and the game's
    package, params, seats, the saved state's bytes or None, the saved
    dice stream or None) on ``app``
    (:func:`build_game`; ``app.series`` for the setter): sets its
    ``index``, ``package``, ``game``, ``state``, ``seats`` and ``screen`` (and the
    save's writer: :func:`open_game`), and shows the screen with
    the title.

    :returns: True, or False when the saved game cannot be rebuilt (its
        values, seats or state bytes refused by the game): nothing is set.
    :raises ValueError: bad parameters for a new game (a catalog error).
    """
    index, names, params, seats, raw, stream = choice
    try:
        game, state = build_game(choice, app.series)
        if stream is not None:  # the saved turn's dice, as they were
            app.roller.seed = int.from_bytes(stream, "big") or app.roller.seed
    except (ValueError, TypeError, ImportError):
        if raw is None:
            raise
        return False
    app.index = index
    app.package = names[2]
    if raw is not None:
        app.taken = (index, game.params, seats)  # the menu shows them afterwards
    app.game = game
    app.state = state
    app.seats = seats
    saves = open_game(app, index, game, seats)  # first: while RAM is in one piece
    app.screen = rollbox.load_class(names[1])(
        app.view, game, seats, app.buttons, rollbox.load(".".join((names[2], "bot"))))
    hw = app.hw
    if hw.accel is not None and not app.accel_ok:
        app.accel_ok = True  # try the accelerometer again each game
        app.notice = hw.message
    v = app.view
    v.show_screen(app.screen.group)
    title = game.title()
    goal = game.params.get("goal")
    if goal is not None:
        title = "%s to %d" % (title, goal) if len(title) < 20 else "%s %d" % (title, goal)
    v.set_text(v.title, title)
    v.set_text(v.message, app.notice if saves else "Save failed: not saving")
    return True
