"""The pause screen (issue 14): Resume, Coach on/off, Rules and keys, Last
turn (what the seat before did: issue 24, item 6), Quit to menu (which
asks first), over the game, which waits (a computer's turn
too). START opens it on boards with START, A and B held together for 1 s
on any board (``rollbox.controls.PAUSE``).

Keys here: UP/DOWN or B move the cursor, A chooses, START (or the chord
again) goes back to the game. "Rules and keys" shows the game's help
(:func:`open_help`, :func:`lines`) in a window of :data:`BODY` lines
(160x128) or 15 (240x240) that shows whole items only
(:func:`window`): DOWN an item on, UP (or SELECT) an item back, B the
next window (after the last, the first again); A or START back. The
title says which lines show ("Rules and keys 8-14/95").

Loaded when the game pauses and unloaded when it goes on (``rollbox.app``):
the panel is a shade over the game's group and one TileGrid of the
built-in font for the body (26 characters by :data:`BODY` or
15 lines), written by a ``terminalio.Terminal`` row by row; the
view's title, message and status lines above it are the heading, a blank
note line and the hint.

The panel's set-up, the "Last turn" page and the quit are
``rollbox.panel``'s, loaded for the moment: the pause screen's heaviest
moment, a help page, holds neither.

Depends on: displayio, vectorio, terminalio, rollbox.view (through
rollbox.panel).
"""

from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

import rollbox
from rollbox.controls import DOWN, PAUSE, SELECT, START, UP, A, B

try:
    from typing import Any  # noqa: F401 (used in type comments)
except ImportError:
    pass

BODY = const(7)  # lines of the body on 160x128 (between the title and the message line)
_TALL = const(15)  # ... on 240x240 (down to the message line at y 200)
_CHARS = const(26)  # characters a body line (160 pixels)
# The body's columns: one more than a line, so that no line fills a row (a
# board's Terminal scrolls the rows when a write fills the last one).
_COLUMNS = const(27)
_ITEMS = ("Resume", "Coach", "Rules and keys", "Last turn", "Quit to menu")
_LAST = const(3)  # the cursor on "Last turn"
_BACK = START | PAUSE


class PauseScreen:
    """The pause panel over ``app``'s game (a ``rollbox.app.App`` in play,
    paused at ``now``, ms: its ``view``, ``game``, ``state``, ``index``,
    ``buttons`` and ``save_slots`` are read, ``coach`` is toggled here).
    Leaving it unloads the modules loaded since ``before``
    (``rollbox.loaded()`` when the game paused), this one included.

    Attributes: ``body`` (a str per line of the body, :data:`BODY` of
    them, or 15 on the 240x240 layout: the lines shown, but
    None for a help line, which is not kept), ``cursor`` (the item),
    ``top`` (the help's item shown first, or -1), ``end`` (the item after
    the help's window, 0 when it shows the last), ``asking`` (True while
    "Quit to menu?" waits for an answer).
    """

    # The attributes (set by rollbox.panel.set_up, for the type check):
    app: Any
    body: list  # str, or None: a help line
    cursor: int
    top: int
    end: int
    asking: bool
    last: bool  # "Last turn" shows
    _at: int
    _before: Any
    _title: str
    _terminal: Any
    _help: Any  # open_help's while shown

    def __init__(self, app, now, before):
        from rollbox import panel  # the panel's set-up: in RAM for the moment

        panel.set_up(self, app, now, before, _TALL if app.view.large else BODY, _COLUMNS)
        rollbox.unload("rollbox.panel")
        self._draw()

    def press(self, bit, now):
        """One logical press (``rollbox.controls``) at ``now`` (ms)."""
        c = self.cursor
        if self.last:
            self.last = False  # any key: back to the items
        elif self.asking:
            self.asking = False
            if bit & A:
                self._leave(now)
                from rollbox import panel  # (the app's to_menu unloads it)

                panel.quit_to_menu(self.app)
                return
        elif self.top >= 0:
            if bit & (A | _BACK):
                self.top = -1
                self._help = None
            elif bit & B:
                self.top = self.end
            elif bit & DOWN and self.end:
                self.top += 1
            elif bit & (UP | SELECT) and self.top:
                self.top -= 1
        elif bit & _BACK or (bit & A and c == 0):
            self._leave(now)
            return
        elif bit & A:
            if c == 1:
                self.app.coach ^= 1
            elif c == 2:
                self._help = open_help(self.app)
                self.top = 0
            elif c == _LAST:
                self.last = True
            else:
                self.asking = True
        elif bit & (B | DOWN | SELECT):
            self.cursor = (c + 1) % len(_ITEMS)
        elif bit & UP:
            self.cursor = (c - 1) % len(_ITEMS)
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
        app.armed = 0  # a shake begun while paused never rolls (rollbox.play)

    def _draw(self):
        app = self.app
        v = app.view
        if self.top >= 0:
            first, text, self.end, count = window(self._help, self.top, len(self.body))
            title = "Rules and keys %d-%d/%d" % (first + 1, first + len(text), count)
            if app.buttons & UP:
                hint = "^v:line B:next page A:back"
            elif app.buttons & SELECT:
                hint = "B:next page SEL:up A:back"
            else:
                hint = "B:next page A:back"
        elif self.last:
            from rollbox import panel

            title, text = panel.last_turn(app, len(self.body), _CHARS)
            rollbox.unload("rollbox.panel")
            hint = "Any key: back"
        elif self.asking:
            saved = app.save_slots is not None
            title = "Quit to menu?"
            text = ("The game stays saved:" if saved else "This board has no saves:",
                    "Resume is on the menu." if saved else "the game will be lost.")
            hint = "A:quit B:stay"
        else:
            title = "Paused: " + self._title  # the game, its goal
            if len(title) > (39 if v.large else 26):  # "Two-Dice Pig to 100": the items say it
                title = self._title
            text = [("> " if i == self.cursor else "  ") + item for i, item in enumerate(_ITEMS)]
            text[1] += ": on" if app.coach else ": off"
            hint = "A:choose B:next START:back" if app.buttons & START else "A:choose B:next"
        v.set_text(v.title, title)
        v.set_text(v.status, hint)
        t = self._terminal
        keep = self.top < 0  # the help's lines are not kept (RAM): each draw writes them all
        for i in range(len(self.body)):
            line = text[i] if i < len(text) else ""
            if self.body[i] != line or not keep:
                self.body[i] = line if keep else None
                # Row i, column 0, cleared (the stub says bytes; a str is a buffer here).
                t.write("\x1b[%d;1H\x1b[K" % (i + 1))  # type: ignore[arg-type]
                t.write(line[:_CHARS])  # type: ignore[arg-type]
                v.dirty = True


def open_help(app):
    """The help of ``app``'s game on its board (``game``, ``state``,
    ``buttons``): ``(keys, path, values)``. ``keys`` are the Keys lines
    its help module makes for the board (``<game package>.help.keys(game,
    state, buttons)``, a tuple of str, kept while shown); ``path`` is the
    help.txt beside that module, the Symbols and Rules, read by
    :func:`lines` when shown; ``values`` its ``values(game, state)``, a
    dict. Without a help module, or the memory to load it, ``keys`` is a
    line saying so and ``path`` None. The help module is the one beside
    the game's rules (``<game package>.rules``, the catalog's Game class),
    loaded for the moment."""
    module = type(app.game).__module__
    module = ".".join((module[:module.rfind(".")], "help"))
    info = ("No help for this game.",), None, None
    try:
        m = rollbox.load(module)
        path = m.__file__
        info = (tuple(m.keys(app.game, app.state, app.buttons)),
                path[:path.rfind("help")] + "help.txt", m.values(app.game, app.state))
    except ImportError:
        pass
    except MemoryError:  # the game goes on; its help waits for a roomier moment
        info = ("Out of memory: no help.",), None, None
    rollbox.unload(module)  # its code goes; the Keys lines stay while shown
    return info


def lines(info):
    """Every line of ``info`` (:func:`open_help`'s) in order: the Keys,
    then help.txt's, ``%`` not filled in. help.txt is ASCII, a line a
    screen line; ``@name text`` is the line "text" where ``values[name]``
    is true, else none. A help.txt that cannot be read is a line saying
    so."""
    keys, path, values = info
    yield from keys
    if path is None:
        return
    try:
        with open(path) as f:
            for line in f:
                if line[:1] == "@":
                    space = line.find(" ")
                    if not values.get(line[1:space]):
                        continue
                    line = line[space + 1:]
                yield line.rstrip()
    except OSError:
        yield "No rules file."


def window(info, top, rows):
    """The window of ``rows`` lines from ``info``'s item ``top`` (0 the
    first; ``info``: :func:`open_help`'s): ``(first, shown, end, count)``,
    ``first`` the number of its first line (0 the first), ``shown`` its
    lines (a list of str, ``%`` filled from the values: ``%(goal)d``),
    ``end`` the item after it (0 when it shows the last), ``count`` the
    help's lines in all.

    Items: a line that starts with a space goes on with the one above, and
    a line ending with ":" goes with the one below; the window shows whole
    items while they fit (an item longer than the window: its first
    ``rows`` lines). Reads help.txt through, a line at a time.
    """
    values = info[2]
    item = -1
    first = start = end = n = 0
    shown = []  # type: list
    last = ""
    for line in lines(info):
        if line[:1] != " " and last[-1:] != ":":  # line n begins an item
            if item >= top and not end and n - first > rows:  # item does not fit
                end = item if item > top else item + 1
                del shown[start - first if item > top else rows:]
            item += 1
            start = n
            if item == top:
                first = n
        if item >= top and not end and n - first < rows:  # (never more than the window)
            shown.append(line % values if "%" in line else line)
        last = line
        n += 1
    if not end and n - first > rows:  # nor does the last
        end = item if item > top else 0
        del shown[start - first if item > top else rows:]
    return first, shown, end, n
