"""The pause screen (issue 14): Resume, Coach on/off, Rules and keys, Quit
to menu (which asks first), over the game, which waits (a computer's turn
too). START opens it on boards with START, A and B held together for 1 s
on any board (``rollbox.controls.PAUSE``).

Keys here: UP/DOWN or B move the cursor, A chooses, START (or the chord
again) goes back to the game. "Rules and keys" shows the game's help page
(``<game package>.help.lines``, loaded for the moment) a page of
:data:`BODY` lines at a time: B or DOWN the next page, UP the one before,
A or START back.

Loaded when the game pauses and unloaded when it goes on (``rollbox.app``):
the panel is a shade over
the game's group and one TileGrid of the built-in font for the body (26 x
7 characters), written by a ``terminalio.Terminal`` row by row; the view's
title, message and status lines above it are the heading, a blank note
line and the hint.

Depends on: displayio, vectorio, terminalio, rollbox.view, rollbox.catalog
(for the help module's name, loaded for the moment).
"""

import displayio
import terminalio
import vectorio
from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

import rollbox
from rollbox import saves
from rollbox.controls import DOWN, PAUSE, SELECT, START, UP, A, B
from rollbox.play import ENDED
from rollbox.view import INK, ink

try:
    from typing import Any  # noqa: F401 (used in type comments)
except ImportError:
    pass

BODY = const(7)  # lines of a page (between the title and the message line)
_CHARS = const(26)  # characters a body line (160 pixels)
_BG = const(0x102A18)  # darker than the felt: the game is behind it
_ITEMS = ("Resume", "Coach", "Rules and keys", "Quit to menu")
_BACK = START | PAUSE


class PauseScreen:
    """The pause panel over ``app``'s game (a ``rollbox.app.App`` in play,
    paused at ``now``, ms: its ``view``, ``game``, ``state``, ``index``,
    ``buttons`` and ``save_slots`` are read, ``coach`` is toggled here).
    Leaving it unloads the modules loaded since ``before``
    (``rollbox.loaded()`` when the game paused), this one included.

    Attributes: ``body`` (the :data:`BODY` lines shown, str), ``cursor``
    (the item), ``page`` (the help page shown, or -1), ``asking`` (True
    while "Quit to menu?" waits for an answer).
    """

    def __init__(self, app, now, before):
        self.app = app
        self._at = now
        self._before = before
        v = app.view
        self._title = v.title.text
        g = displayio.Group()
        shade = displayio.Palette(1)
        shade[0] = _BG
        g.append(vectorio.Rectangle(pixel_shader=shade, width=v.width, height=v.height))
        font = terminalio.FONT
        grid = displayio.TileGrid(font.bitmap, pixel_shader=ink(INK), width=_CHARS,
                                  height=BODY, tile_width=6, tile_height=12, x=2, y=13)
        g.append(grid)
        self._terminal = terminalio.Terminal(grid, font)
        self.body = [""] * BODY
        v.show_coach(None)  # on again (if on) when play goes on
        v.set_text(v.message, "")  # the panel's note line
        self.cursor = 0
        self.page = -1
        self.asking = False
        self._help = None  # type: Any  # the help page's lines while shown
        v.show_overlay(g)
        self._draw()

    def press(self, bit, now):
        """One logical press (``rollbox.controls``) at ``now`` (ms)."""
        c = self.cursor
        if self.asking:
            self.asking = False
            if bit & A:
                self._leave(now)
                self._quit()
                return
        elif self.page >= 0:
            pages = (len(self._help) + BODY - 1) // BODY
            if bit & (A | _BACK):
                self.page = -1
                self._help = None
            elif bit & UP:
                self.page = (self.page - 1) % pages
            elif bit & (B | DOWN | SELECT):
                self.page = (self.page + 1) % pages
        elif bit & _BACK or (bit & A and c == 0):
            self._leave(now)
            return
        elif bit & A:
            if c == 1:
                self.app.coach ^= 1
            elif c == 2:
                self._help = help_lines(self.app)
                self.page = 0
            else:
                self.asking = True
        elif bit & (B | DOWN | SELECT):
            self.cursor = (c + 1) % 4
        elif bit & UP:
            self.cursor = (c - 1) % 4
        self._draw()

    def _leave(self, now):
        """Back to the game where it was: the panel goes, the game's clocks
        move on by the pause (a computer thinks on from where it stopped),
        a shake must begin afresh; the app plays on (``rollbox.app``)."""
        app = self.app
        v = app.view
        v.show_overlay(None)
        v.set_text(v.title, self._title)
        v.set_text(v.message, "")
        app.pause = self._help = None
        rollbox.unload_new(self._before)
        rollbox.unload("rollbox.pause")  # (a host test may have left it loaded before)
        waited = ticks_diff(now, self._at)
        app.since = ticks_add(app.since, waited)
        app.face_at = ticks_add(app.face_at, waited)
        app.detector.reset()
        app.armed = app.calm = False  # a shake begun while paused never rolls

    def _quit(self):
        """Quit to the menu: the game saved as it stands (the turn so far
        included) and offered by the menu's Resume line."""
        app = self.app
        saves.save_game(app)
        if app.save_head:
            app.resume = app.save_head + app.state.to_bytes() + app.roller.stream_bytes()
            app.taken = (app.index, app.game.params, app.seats)
        app.log_event("quit to menu", ENDED)
        app.to_menu()

    def _draw(self):
        app = self.app
        v = app.view
        if self.page >= 0:
            lines = self._help
            first = self.page * BODY
            title = "Rules and keys %d/%d" % (self.page + 1, (len(lines) + BODY - 1) // BODY)
            text = lines[first:first + BODY]
            hint = "B:next page A:back" if len(lines) > BODY else "A:back"
        elif self.asking:
            saved = app.save_slots is not None
            title = "Quit to menu?"
            text = ("The game stays saved:" if saved else "This board has no saves:",
                    "Resume is on the menu." if saved else "the game will be lost.")
            hint = "A:quit B:stay"
        else:
            title = "Paused: " + self._title  # the game, its goal
            if len(title) > (39 if v.large else 26):  # "Paused Two-Dice Pig to 100"
                title = "Paused " + self._title
            text = [("> " if i == self.cursor else "  ") + item for i, item in enumerate(_ITEMS)]
            text[1] += ": on" if app.coach else ": off"
            hint = "A:choose B:next START:back" if app.buttons & START else "A:choose B:next"
        v.set_text(v.title, title)
        v.set_text(v.status, hint)
        t = self._terminal
        for i in range(BODY):
            line = text[i] if i < len(text) else ""
            if self.body[i] != line:
                self.body[i] = line
                # Row i, column 0, cleared (the stub says bytes; a str is a buffer here).
                t.write("\x1b[%d;1H\x1b[K" % (i + 1))  # type: ignore[arg-type]
                t.write(line[:_CHARS])  # type: ignore[arg-type]
                v.dirty = True


def help_lines(app):
    """The game's help page (``<game package>.help.lines(game,
    state, buttons)``: a tuple of lines of at most 26 characters), or a
    line saying there is none. The catalog and the help module are loaded
    for the moment."""
    from rollbox import catalog

    module = ".".join((str(catalog.GAMES[app.index][catalog.PACKAGE]), "help"))
    rollbox.unload("rollbox.catalog")
    try:
        lines = tuple(rollbox.load(module).lines(app.game, app.state, app.buttons))
        rollbox.unload(module)  # its code goes; the lines stay while shown
        return lines
    except ImportError:
        return ("No help for this game.",)
    except MemoryError:
        return ("Out of memory: no help.",)
