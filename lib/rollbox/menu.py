"""The set-up menu: :class:`Menu`, the choices as data (a saved game to
resume, game, its options, players, seats, human or a computer level, the
coach, the shake sensitivity, sound, lights, the lifetime stats, start),
and :class:`MenuScreen`, the menu on the display and what a press does
there (the lifetime stats screen, a new game, the saved one).

This module, the catalog and the stats are the menu's: the app imports
them when the menu shows and unloads them when a game starts
(``rollbox.launch`` then builds the chosen game).

:class:`Menu` is pure (no display): :class:`MenuScreen` draws :meth:`Menu.line`. The lines depend on
the game (``rollbox.catalog``): "6 is bad" and "Goal" only where the game
has them; "Resume: <game>" comes first while ``resume`` names a saved game.
Buttons: UP/DOWN (or B on two-button boards) move the cursor; LEFT/RIGHT or
A change the value under it (a seat goes human, easy, medium, hard and
round); A on "Start" or START anywhere starts a new game; A (or START) on
"Resume" resumes the saved one. :meth:`Menu.settings` and
:meth:`Menu.restore` turn the choices into 17 bytes and back (the settings
record of ``rollbox.store``; older records of 14 and 15 bytes read with
the later lines at their defaults). The Sound and Lights lines act at once
(:func:`effects`); the title shows the battery's voltage where
the board reads it (issue 25).
"""

import displayio
from micropython import const

import rollbox
from rollbox import catalog, controls, store
from rollbox.bots import LEVEL_NAMES
from rollbox.view import label

try:
    from typing import Any, Optional  # noqa: F401 (used in type comments)
except ImportError:
    pass

_GAME = const(0)
_SIX = const(1)
_PLAYERS = const(2)
_GOAL = const(3)
_SEAT = const(4)
_COACH = const(5)
_START = const(6)
_STATS = const(8)
_RESUME = const(7)
_SHAKE = const(9)
_SOUND = const(10)
_LIGHTS = const(11)
_CHOSE_NEW = const(1)  # press(): a new game
_CHOSE_RESUME = const(2)  # press(): resume the saved game
_CHOSE_STATS = const(3)  # press(): show the lifetime stats
SETTINGS_BYTES = const(17)
_OLD_SETTINGS_BYTES = const(14)  # before the Shake line: read as "normal"
_SHAKE_SETTINGS_BYTES = const(15)  # before the Sound and Lights lines: quiet, low
SENSITIVITY_NAMES = ("gentle", "normal", "firm")  # rollbox.shake.GENTLE..FIRM
SOUND_NAMES = ("off", "quiet", "loud")  # rollbox.sound's levels
LIGHTS_NAMES = ("off", "low", "high")  # rollbox.lights' levels
_MAX_SEATS = const(8)
MENU_LINES = const(8)  # lines on show; a longer menu scrolls with the cursor
# Menu line y of the first line and the pitch (pixels, middles): 160x128, 240x240.
_SMALL = (17, 11)
_LARGE = (30, 20)


class Menu:
    """Menu state: ``game`` (index in ``catalog.GAMES``), ``six_bad`` (0/1),
    ``players``, ``goal`` (points), ``seats`` (list of 0 human or a computer
    level, 1 easy .. 3 hard, for up to 8 seats), ``coach`` (0/1: the odds
    overlay for human seats), ``shake`` (the shake sensitivity,
    ``rollbox.shake.GENTLE``, ``NORMAL`` or ``FIRM``), ``sound`` and
    ``lights`` (levels, indexes of :data:`SOUND_NAMES` and
    :data:`LIGHTS_NAMES`; quiet and low at first), ``cursor`` (line
    index), ``resume`` (None, or the name of the saved game the first line
    offers to resume)."""

    def __init__(self):
        self.game = 0
        self.six_bad = 0
        self.players = 2
        self.goal = 100
        self.seats = [0, 1, 1, 1, 1, 1, 1, 1]
        self.coach = 0
        self.shake = 1  # rollbox.shake.NORMAL
        self.sound = 1
        self.lights = 1
        self.cursor = 0
        self.resume = None  # type: Optional[str]

    def entry(self):
        """The chosen game's catalog entry."""
        return catalog.GAMES[self.game]

    def _items(self):
        # The item kind of each line, as a small tuple (built per press, not per frame).
        e = self.entry()
        items = [_RESUME] if self.resume else []
        items.append(_GAME)
        if e[catalog.OPTIONS] & catalog.SIX_BAD:
            items.append(_SIX)
        items.append(_PLAYERS)
        if e[catalog.GOALS]:
            items.append(_GOAL)
        return tuple(items) + (_SEAT,) * self.players + (_COACH, _SHAKE, _SOUND, _LIGHTS, _STATS,
                                                           _START)

    def size(self):
        """Number of lines: the game's items, one per seat, then Start."""
        return len(self._items())

    def line(self, i, items=None):
        """Text of line ``i`` (without the cursor); ``items``: the lines'
        kinds when the caller has them (:meth:`_items`, made once a draw:
        each costs ~12,500 x86 instructions on CircuitPython's unix port,
        issue 26)."""
        if items is None:
            items = self._items()
        kind = items[i]
        if kind == _RESUME:
            return "Resume: %s" % self.resume
        if kind == _GAME:
            return "Game: " + self.entry()[catalog.NAME]
        if kind == _SIX:
            return "6 is bad: " + ("on" if self.six_bad else "off")
        if kind == _PLAYERS:
            return "Players: %d" % self.players
        if kind == _GOAL:
            return "Goal: %d" % self.goal
        if kind == _SEAT:
            seat = i - items.index(_SEAT)
            level = self.seats[seat]
            return ("P%d: computer, %s" if level else "P%d: %s") % (seat + 1, LEVEL_NAMES[level])
        if kind == _COACH:
            return "Coach: " + ("on" if self.coach else "off")
        if kind == _SHAKE:
            return "Shake: " + SENSITIVITY_NAMES[self.shake]
        if kind == _SOUND:
            return "Sound: " + SOUND_NAMES[self.sound]
        if kind == _LIGHTS:
            return "Lights: " + LIGHTS_NAMES[self.lights]
        if kind == _STATS:
            return "Lifetime stats"
        return "Start"

    def params(self):
        """The chosen game's parameters (dict for its Game class)."""
        e = self.entry()
        params = dict(e[catalog.FIXED])
        params["players"] = self.players
        if e[catalog.OPTIONS] & catalog.SIX_BAD:
            params["six_bad"] = self.six_bad
        if e[catalog.GOALS]:
            params["goal"] = self.goal
        return params

    def on_resume(self):
        """True while the cursor is on the "Resume" line."""
        return bool(self.resume) and self.cursor == 0

    def press(self, buttons):
        """Apply a bitmask of pressed logical buttons. Returns
        ``_CHOSE_NEW`` (truthy) when the player chose a new game,
        ``_CHOSE_RESUME`` for the saved game, ``_CHOSE_STATS`` for the lifetime
        stats, else False."""
        items = self._items()
        last = len(items) - 1
        if buttons & controls.START:
            return _CHOSE_RESUME if self.on_resume() else _CHOSE_NEW
        if buttons & (controls.DOWN | controls.B):
            self.cursor = 0 if self.cursor >= last else self.cursor + 1
        if buttons & controls.UP:
            self.cursor = last if self.cursor == 0 else self.cursor - 1
        step = 0
        if buttons & (controls.RIGHT | controls.A):
            step = 1
        elif buttons & controls.LEFT:
            step = -1
        if step and self.cursor == last:
            return _CHOSE_NEW if buttons & controls.A else False
        if step and self.on_resume():
            return _CHOSE_RESUME if buttons & controls.A else False
        if step and items[self.cursor] == _STATS:
            return _CHOSE_STATS if buttons & controls.A else False
        if step:
            self._change(step)
        return False

    def _change(self, step):
        items = self._items()
        kind = items[self.cursor]
        if kind == _GAME:
            self.game = (self.game + step) % len(catalog.GAMES)
            self._fit()
        elif kind == _SIX:
            self.six_bad ^= 1
        elif kind == _PLAYERS:
            e = self.entry()
            low, high = e[catalog.MIN_PLAYERS], e[catalog.MAX_PLAYERS]
            self.players = low + (self.players - low + step) % (high - low + 1)
        elif kind == _GOAL:
            goals = self.entry()[catalog.GOALS]
            self.goal = goals[(goals.index(self.goal) + step) % len(goals)]
        elif kind == _COACH:
            self.coach ^= 1
        elif kind == _SHAKE:
            self.shake = (self.shake + step) % len(SENSITIVITY_NAMES)
        elif kind == _SOUND:
            self.sound = (self.sound + step) % len(SOUND_NAMES)
        elif kind == _LIGHTS:
            self.lights = (self.lights + step) % len(LIGHTS_NAMES)
        else:
            seat = self.cursor - items.index(_SEAT)
            self.seats[seat] = (self.seats[seat] + step) % len(LEVEL_NAMES)

    def take_game(self, game, params, seats):
        """Show a resumed game's choices: catalog index ``game``, its
        parameters (dict) and seat kinds."""
        self.game = game
        self.players = len(seats)
        self.seats[:len(seats)] = list(seats)
        self.six_bad = params.get("six_bad", self.six_bad)
        self.goal = params.get("goal", self.goal)
        self._fit()
        self.cursor = 0

    def settings(self):
        """The choices as :data:`SETTINGS_BYTES` bytes: game, six_bad,
        players, goal (2 bytes, big-endian), the eight seats, coach, shake
        sensitivity, sound, lights."""
        goal = self.goal
        return bytes((self.game, self.six_bad, self.players, goal >> 8, goal & 0xFF)) \
            + bytes(self.seats) + bytes((self.coach, self.shake, self.sound, self.lights))

    def restore(self, data):
        """Take the choices of :meth:`settings` bytes. Returns False (and
        changes nothing) when they are not a valid set for the catalog.
        A 14-byte record (saved before the Shake line) reads as "normal",
        a 15-byte one (before Sound and Lights) as quiet and low."""
        n = len(data) if data is not None else 0
        if n not in (SETTINGS_BYTES, _SHAKE_SETTINGS_BYTES, _OLD_SETTINGS_BYTES):
            return False
        shake = data[14] if n > _OLD_SETTINGS_BYTES else 1
        sound, lights = (data[15], data[16]) if n == SETTINGS_BYTES else (1, 1)
        if shake >= len(SENSITIVITY_NAMES) or sound >= len(SOUND_NAMES) \
                or lights >= len(LIGHTS_NAMES):
            return False
        game, six_bad, players = data[0], data[1], data[2]
        if game >= len(catalog.GAMES) or six_bad > 1 or data[13] > 1:
            return False
        e = catalog.GAMES[game]
        if not e[catalog.MIN_PLAYERS] <= players <= e[catalog.MAX_PLAYERS]:
            return False
        for i in range(_MAX_SEATS):
            if data[5 + i] >= len(LEVEL_NAMES):
                return False
        goal = data[3] << 8 | data[4]
        goals = e[catalog.GOALS]  # type: Any
        if goals and goal not in goals:
            return False
        self.game = game
        self.six_bad = six_bad
        self.players = players
        self.goal = goal  # a game without goals keeps it; _fit() mends it on a change
        self.seats = list(data[5:5 + _MAX_SEATS])
        self.coach = data[13]
        self.shake = shake
        self.sound = sound
        self.lights = lights
        return True

    def _fit(self):
        """Keep players and goal valid for the newly chosen game; the cursor
        stays on the Game line."""
        e = self.entry()
        self.players = min(max(self.players, e[catalog.MIN_PLAYERS]), e[catalog.MAX_PLAYERS])
        if e[catalog.GOALS] and self.goal not in e[catalog.GOALS]:
            self.goal = e[catalog.GOAL]


class MenuScreen:
    """The menu on the app's display (:data:`MENU_LINES` lines, title and
    status line), built when the menu shows and dropped when a game starts.

    :param app: the ``rollbox.app.App``: its ``view``, ``buttons``,
        ``notice``, ``nvm``, ``settings`` (the choices to show again, or
        None at power-up: the saved settings), ``coach``, ``resume`` (the
        saved game's record to offer), ``stats_ram``, ``taken`` (a resumed
        game's index, parameters and seats, for the menu to show).

    Attributes: ``menu`` (the :class:`Menu`), ``group``, ``lines``,
    ``stats_screen`` (the lifetime stats' screen while it shows, else None).
    """

    def __init__(self, app):
        self.app = app
        self.view = app.view
        m = self.menu = Menu()
        if app.settings is None:  # power-up: the saved settings and game
            region = store.open_region(app.nvm, store.KIND_SETTINGS, app.hw)
            m.restore(region.load() if region is not None else None)
            region = store.open_region(app.nvm, store.KIND_GAME, app.hw)
            app.resume = region.load() if region is not None else None
        else:
            m.restore(app.settings)
            m.coach = app.coach
        if app.taken is not None:
            m.take_game(*app.taken)
            app.taken = None
        if app.resume is not None:
            try:
                m.resume = str(catalog.GAMES[store.unpack_game(app.resume)[0]][catalog.NAME])
                m.cursor = 0
            except (ValueError, IndexError):
                app.resume = None  # not a game this catalog knows: not offered (nvm kept)
        self.stats_screen = None
        self.asking = False  # "Replace saved game?" waits for A or B
        self.title = "Rollbox" + _battery(app.hw)
        y0, pitch = _LARGE if self.view.large else _SMALL
        self.group = displayio.Group()
        self.lines = [label(self.group, 4, y0 + i * pitch) for i in range(MENU_LINES)]
        self.view.show_screen(self.group)
        self.draw()

    def draw(self):
        """The menu's lines around the cursor, the title and the status line.
        When the Game line has scrolled off it stays on the first line (you
        see what you start); a "^" / "v" at the right end of the first /
        last scrolling line marks lines off screen above / below (issue 14)."""
        v = self.view
        v.set_text(v.title, self.app.notice or self.title)
        m = self.menu
        items = m._items()
        size = len(items)
        game = 1 if m.resume else 0  # the Game line's index
        rows = MENU_LINES
        top = min(max(0, m.cursor - rows + 2), max(0, size - rows))
        pin = 1 if top > game else 0
        if pin:  # the Game line first, the others scroll below it
            rows -= 1
            top = min(max(0, m.cursor - rows + 2), max(0, size - rows))
        end = 38 if v.large else 25  # the mark's column: the line's last
        changed = False
        for i in range(MENU_LINES):
            n = top + i - pin
            text = ""
            if i < pin:
                text = " " + m.line(game, items)
            elif n < size:
                text = (">" if n == m.cursor else " ") + m.line(n, items)
            mark = ""
            if i == MENU_LINES - rows and top > 0:
                mark = "^"
            elif i == MENU_LINES - 1 and top + rows < size:
                mark = "v"
            if mark:
                text += " " * (end - len(text)) + mark
            if self.lines[i].text != text:
                changed = True
                v.set_text(self.lines[i], text)
        if changed:  # the page at once: no frame without the cursor, nor a line twice
            v.together()
        if m.cursor == size - 1:
            v.set_text(v.status, "A:start B:next")
        elif m.on_resume():
            v.set_text(v.status, "A:resume B:next")
        elif items[m.cursor] == _STATS:
            v.set_text(v.status, "A:show B:next")
        else:
            v.set_text(v.status, "A:change B:next START:go" if self.app.buttons & controls.START
                       else "A:change B:next")

    def settings(self):
        """The menu's choices as :meth:`Menu.settings` bytes."""
        return self.menu.settings()

    def press(self, pressed):
        """Buttons pressed in the menu (a bitmask). Returns None, or the
        game to play: ``(index, (game class, screen class, bot module),
        params, seats, saved, stream)``, dotted names from the catalog; ``params``
        a dict for a new game (``saved`` None), or for the saved game its
        parameter values in the class's ``PARAMS`` order and ``saved`` the
        state's bytes; ``stream`` the saved dice stream (``rollbox.dice``),
        or None."""
        if self.stats_screen is not None:  # any key: back to the menu
            self.stats_screen = None
            self.view.show_screen(self.group)
            self.draw()
            return None
        if self.asking:  # "Replace saved game?": A the new game, else back to Resume
            self.asking = False
            if pressed & controls.A:
                return self._new_game()
            self.menu.cursor = 0
            self.draw()
            self.view.set_text(self.view.message, "Saved game kept")
            return None
        chose = self.menu.press(pressed)
        if chose == _CHOSE_RESUME:
            return self._resume()
        if chose == _CHOSE_STATS:
            self._show_stats()
        elif chose and self.menu.resume:
            # A new game would replace the saved one: asked first (issue 24, item 2).
            self.asking = True
            v = self.view
            text = ("A new game replaces the", "saved %s game." % self.menu.resume, "",
                    "A: the new game, and the", "   saved one is lost", "",
                    "B: keep the saved game")
            for i in range(MENU_LINES):
                v.set_text(self.lines[i], text[i] if i < len(text) else "")
            v.together()
            v.set_text(v.title, "Replace saved game?")
            v.set_text(v.status, "A:new game B:keep saved")
        elif chose:
            return self._new_game()
        else:
            effects(self.app, self.menu.sound, self.menu.lights)  # heard and seen at once
            self.draw()
        return None

    def _new_game(self):
        m = self.menu
        self.app.resume = m.resume = None  # the new game's save replaces the old one
        region = store.open_region(self.app.nvm, store.KIND_SETTINGS, self.app.hw)
        data = m.settings()
        if region is not None:
            try:  # saved only when changed (each save is two erase cycles), in two units
                if region.load() != data:
                    region.save_both(data)
            except (OSError, RuntimeError, ValueError):
                self.view.set_text(self.view.message, "Save failed")
        return (m.game, _names(m.game), m.params(), tuple(m.seats[:m.players]), None, None)

    def _resume(self):
        """A (or START) on "Resume": the saved game; an unreadable record
        is dropped from the menu ("Save unreadable")."""
        data = self.app.resume
        self.app.resume = self.menu.resume = None
        self.menu.cursor = 0
        try:
            return saved_choice(data)
        except ValueError:
            self.draw()
            self.view.set_text(self.view.title, "Save unreadable")  # until the next key
            return None

    def _show_stats(self):
        """The lifetime stats screen (the menu's "Lifetime stats"); any key
        goes back to the menu."""
        from rollbox.stats import Stats
        from rollbox.stats_screen import StatsScreen

        region = store.open_region(self.app.nvm, store.KIND_STATS, self.app.hw)
        record = region.load() if region is not None else self.app.stats_ram
        v = self.view
        self.stats_screen = StatsScreen(v)
        v.show_screen(self.stats_screen.group)
        self.stats_screen.update(Stats(record))
        v.set_text(v.message, "")
        v.set_text(v.status, "Any key: menu")




def effects(app, sound, lights):
    """The menu's Sound and Lights levels on ``app`` (a ``rollbox.app.App``;
    0 off; ``rollbox.sound`` and ``rollbox.lights``): their module is
    loaded and their part made (``app.sound``, ``app.lights``) the first
    time a level is on (the audio output once per power-on, then only
    silenced), and kept with the app's own modules (``app._core``). A board
    without the part, or without its CircuitPython module, plays nothing
    and says nothing. Here, not in the app: only the menu sets them, and
    its code leaves RAM with it."""
    for level, name in ((sound, "sound"), (lights, "lights")):
        part = getattr(app, name)
        if part is None and level and getattr(app.hw, "speaker" if name == "sound"
                                              else "pixels") is not None:
            before = rollbox.loaded()
            try:
                part = rollbox.load("rollbox." + name)
                part = (part.Sound if name == "sound" else part.Lights)(app.hw, level)
            except (ImportError, ValueError, RuntimeError, OSError):
                rollbox.unload_new(before)
                part = None
            else:
                app._core = app._core + tuple(m for m in rollbox.loaded() if m not in before)
            setattr(app, name, part)
        elif part is not None and part.level != level:
            part.set_level(level)


def _battery(hw):
    """" battery 3.9V" where the board reads its battery (``hw.battery``:
    PyBadge, EdgeBadge, PyGamer, A6 at half the battery's voltage, as
    Adafruit PyBadger's ``battery_voltage``), else ""."""
    pin = getattr(hw, "battery", None)
    if pin is None:
        return ""
    try:
        import analogio

        a = analogio.AnalogIn(pin)
        volts = a.value * a.reference_voltage * 2 / 65535
        a.deinit()
    except (ImportError, ValueError, RuntimeError, OSError):
        return ""
    return " battery %.1fV" % volts


def _names(index):
    e = catalog.GAMES[index]
    return (catalog.dotted(e, catalog.GAME), catalog.dotted(e, catalog.SCREEN),
            e[catalog.PACKAGE])


def saved_choice(data):
    """The choice (as :meth:`MenuScreen.press` returns it) that resumes the
    saved game ``data`` (``rollbox.store.pack_game`` bytes).

    :raises ValueError: a record this catalog refuses (too short, no such
        game, a seat kind out of range).
    """
    index, values, seats, raw, stream = store.unpack_game(data)
    if index >= len(catalog.GAMES):
        raise ValueError("no such game")
    for seat in seats:
        if seat >= len(LEVEL_NAMES):
            raise ValueError("saved seat kind out of range")
    return (index, _names(index), values, seats, raw, stream)
