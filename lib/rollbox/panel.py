"""The pause screen's parts run once or rarely (``rollbox.pause``): the
panel's set-up (:func:`set_up`), the "Last turn" page (:func:`last_turn`,
issue 24, item 6) and the quit to the menu (:func:`quit_to_menu`). Loaded for the
moment and unloaded after: the pause screen's heaviest moment, a help
page, holds none of this code.
"""

import displayio
import terminalio
import vectorio
from micropython import const

import rollbox
from rollbox.view import INK, ink

_BG = const(0x102A18)  # darker than the felt: the game is behind it


def set_up(p, app, now, before, rows, columns):
    """Set ``p`` (a ``rollbox.pause.PauseScreen`` being made: its
    parameters ``app``, ``now``, ``before``) up: the game's computer
    players and what it imports again go, then the panel (a shade over the
    game and a body of ``rows`` lines of ``columns`` tiles) shows."""
    p.app = app
    p._at = now
    p._before = before
    v = app.view
    # RAM for the panel, the game's heaviest moment: what the game imports
    # again when it needs it goes, its computer players and solved
    # tables too (rollbox.play brings them back).
    package = app.package
    app.screen.bot = None
    app.plan = None  # a computer's decision under way starts again after
    rollbox.unload(".".join((package, "bot")), ".".join((package, "hard")), "rollbox.table",
                   *app.screen.modules)
    p._title = v.title.text
    g = displayio.Group()
    shade = displayio.Palette(1)
    shade[0] = _BG
    g.append(vectorio.Rectangle(pixel_shader=shade, width=v.width, height=v.height))
    font = terminalio.FONT
    grid = displayio.TileGrid(font.bitmap, pixel_shader=ink(INK), width=columns,
                              height=rows, tile_width=6, tile_height=12, x=2, y=13)
    g.append(grid)
    p._terminal = terminalio.Terminal(grid, font)
    p.body = [""] * rows
    v.show_coach(None)  # on again (if on) when play goes on
    v.set_text(v.message, "")  # the panel's note line
    p.cursor = 0
    p.top = -1
    p.end = 0
    p.asking = False
    p.last = False
    p._help = None
    v.show_overlay(g)


def quit_to_menu(app):
    """Quit to the menu: the game saved as it stands (the turn so far
    included) and offered by the menu's Resume line."""
    from rollbox import saves
    from rollbox.play import ENDED

    saves.save_game(app)
    if app.save_head:
        app.resume = app.save_head + app.state.to_bytes() + app.roller.seed.to_bytes(4, "big")
        app.taken = (app.index, app.game.params, app.seats)
    app.log_event("quit to menu", ENDED)
    app.to_menu()


def last_turn(app, rows, chars):
    """``(title, lines)`` of "Last turn" (issue 24, item 6): the title
    ("Last turn: P2 (computer)") and the messages of the turn before
    (``app.last_turn``, kept by ``rollbox.play``: a computer's; a human's
    turn keeps none) cut at spaces into lines of ``chars`` characters,
    the newest ``rows`` of them."""
    last = app.last_turn
    if last is None or last[2] < 0:
        return "Last turn", ("Nothing yet in this game.",)
    seat = last[2]
    title = "Last turn: P%d (%s)" % (seat + 1, "computer" if app.seats[seat] else "human")
    lines = []
    for text in last[3] or ("(nothing said)",):
        while len(text) > chars:
            cut = text.rfind(" ", 0, chars + 1)
            cut = cut if cut > 0 else chars
            lines.append(text[:cut])
            text = "  " + text[cut:].lstrip()
        lines.append(text)
    return title, lines[-rows:]
