"""Test set-up: the host platform (tools/host) goes first on sys.path so that
device code's `import board`, `keypad`, `supervisor` find the host stand-ins.

The helpers the test files share live here, once: driving a simulation
(:func:`run_until`, :func:`frames`, :func:`press`, :func:`burst`,
:func:`hold`, :func:`shake`, :func:`roll`, :func:`started`, :func:`asked`),
the pause panel's text and its help's windows (:func:`panel_lines`,
:func:`help_items`, :func:`check_window`), a quiet human (:func:`quiet`,
:func:`quiet_sim`), scripted dice (:class:`ScriptedRoller`), layout
boxes and the text on screen (:func:`text_faults`), saves and a few
rules helpers; the rolls a person's frames make at the window
(:func:`watch_rolls`);
and the fixtures ``quiet_sim`` (the factory), ``sim`` (a Pig game at P1's
first prompt) and ``x_display`` (an X server for the window; the person
at it is ``host.person``). Hypothesis tests call the helpers, not the
fixtures."""
import math
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "mp"))  # cases shared with MicroPython
sys.path.insert(0, os.path.join(ROOT, "tools"))  # host/, shake_replay

import host  # noqa: E402

host.activate()


def rebuild_game(data):
    """``(index, game, state, seats)`` of a saved game record, rebuilt as
    the menu's Resume does (``rollbox.menu.saved_choice``,
    ``rollbox.launch.build_game``).

    :raises ValueError, TypeError: a record the catalog or the game refuses.
    """
    from rollbox import launch, menu

    choice = menu.saved_choice(data)
    game, state = launch.build_game(choice)
    return choice[0], game, state, choice[3]


def text_box(line):
    """``(left, top, right, bottom)`` pixels of the text a
    ``rollbox.view.TextLine`` shows (its tiles: 6x12 pixels a character in
    the built-in font, 6x10 in SKUNK's short one)."""
    tg = line.tilegrid
    return (tg.x, tg.y, tg.x + tg.tile_width * len(line.text), tg.y + tg.tile_height)


def overlaps(a, b):
    """True when boxes ``a`` and ``b`` (left, top, right, bottom; right and
    bottom exclusive, pixels) share a pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


_GLYPHS = {}  # (id of a font sheet, tile) -> the glyph's ink pixels (dx, dy)


def _glyph(tilegrid, tile):
    """The ink pixels ((dx, dy) from the tile's corner) of ``tile`` of a
    text TileGrid's font sheet (palette index 1; 0 is transparent)."""
    bitmap = tilegrid.bitmap
    key = (id(bitmap), tile)
    ink = _GLYPHS.get(key)
    if ink is None:
        w, h = tilegrid.tile_width, tilegrid.tile_height
        x0 = tile % (bitmap.width // w) * w
        y0 = tile // (bitmap.width // w) * h
        ink = _GLYPHS[key] = frozenset((dx, dy) for dy in range(h) for dx in range(w)
                                       if bitmap[x0 + dx, y0 + dy])
    return ink


def _drawn(group, x=0, y=0, scale=1, out=None):
    """The shown items of ``group`` in drawing order: ("text", ink pixels,
    cell boxes, the characters) for a TileGrid of 6-pixel glyphs (a text line, the pause
    body), ("cover", box) for an opaque vectorio.Rectangle; absolute
    pixels (left, top, right, bottom; right and bottom exclusive)."""
    import displayio
    import vectorio

    out = [] if out is None else out
    if group.hidden:
        return out
    for item in group:
        if getattr(item, "hidden", False):
            continue
        ix, iy = x + item.x * scale, y + item.y * scale
        if isinstance(item, displayio.Group):
            _drawn(item, ix, iy, scale * item.scale, out)
        elif isinstance(item, displayio.TileGrid) and item.tile_width == 6 and scale == 1:
            ink, cells, chars = set(), [], []
            w, h = item.tile_width, item.tile_height
            for row in range(item.height):
                for col in range(item.width):
                    tile = item[col, row]
                    chars.append(chr(0x20 + tile))  # the font sheets start at " "
                    glyph = _glyph(item, tile)
                    if glyph:
                        cx, cy = ix + col * w, iy + row * h
                        ink.update((cx + dx, cy + dy) for dx, dy in glyph)
                        cells.append((cx, cy, cx + w, cy + h))
            out.append(("text", ink, cells, "".join(chars).strip()))
        elif isinstance(item, vectorio.Rectangle):
            out.append(("cover", (ix, iy, ix + item.width * scale, iy + item.height * scale)))
    return out


def text_faults(view):
    """What garbles the text on ``view`` (a ``rollbox.view.View``) as drawn
    now (issue 24, item 1): pairs of text lines whose visible ink pixels
    overlap, or whose written character cells overlap on one row (by half
    a cell's height or more: glyphs written over glyphs, even where their
    strokes miss), and ink outside the layout's ``width`` x ``height`` (a
    line cut by the screen's edge). Ink under a later opaque rectangle (the
    coach's strips, the pause panel) is not visible. Returns a list of
    strings, empty when the text is clean."""
    items = _drawn(view.root)
    texts = []
    for i, item in enumerate(items):
        if item[0] != "text" or not item[1]:
            continue
        covers = [c[1] for c in items[i + 1:] if c[0] == "cover"]
        ink = {p for p in item[1] if not any(
            b[0] <= p[0] < b[2] and b[1] <= p[1] < b[3] for b in covers)}
        if ink:
            texts.append((ink, item[2], "%r at %r" % (item[3], min(item[1]))))
    faults = []
    for ink, _, at in texts:
        out = [p for p in ink if not (0 <= p[0] < view.width and 0 <= p[1] < view.height)]
        if out:
            faults.append("line %s cut by the edge at %r" % (at, min(out)))
    for a in range(len(texts)):
        for b in range(a + 1, len(texts)):
            (ink, cells, at), (ink2, others, at2) = texts[a], texts[b]
            if not ink.isdisjoint(ink2) or any(
                    c[0] < d[2] and d[0] < c[2] and min(c[3], d[3]) - max(c[1], d[1]) >= 6
                    for c in cells for d in others):
                faults.append("lines %s and %s overlap" % (at, at2))
    return faults


def stores(nvm):
    """``(game, settings)`` regions of ``nvm`` (``rollbox.store.open_region``),
    or None when the nvm holds no regions."""
    from rollbox import store

    game = store.open_region(nvm, store.KIND_GAME)
    return None if game is None else (game, store.open_region(nvm, store.KIND_SETTINGS))


def drawn(sim):
    """``sim`` with the text lines still waiting drawn, as the frames that
    follow would draw them (``rollbox.view.View.refresh`` draws a frame's
    share: issue 26), without running those frames."""
    view = sim.app.view
    while view.waiting():
        view.refresh()
    return sim


def run_until(sim, condition, limit_ms=60_000):
    """Step ``sim`` (a ``host.simulation.Simulation``) frame by frame until
    ``condition()`` holds.

    :raises AssertionError: not within ``limit_ms`` of host time.
    """
    end = sim.clock.now + limit_ms
    while not condition():
        assert sim.clock.now < end, "condition not reached"
        sim.step()


def frames(sim, n):
    """Step ``sim`` ``n`` frames (``host.simulation.FRAME_MS`` each)."""
    for _ in range(n):
        sim.step()


def watch_collect_and_act(monkeypatch, events, frame):
    """Record in ``events`` each heap collection of ``rollbox.play``
    (``("collect", frame)``) and each action it applies (``("act", frame,
    how)``), ``frame`` being ``frame[0]`` at the time (the caller counts)."""
    from rollbox import play

    collect, act = play.gc.collect, play.act

    def collecting():
        events.append(("collect", frame[0]))
        collect()

    def acting(app, action, now, how):
        events.append(("act", frame[0], how))
        act(app, action, now, how)

    monkeypatch.setattr(play.gc, "collect", collecting)
    monkeypatch.setattr(play, "act", acting)


def press(sim, name, frames=2):
    """Tap ``name`` ("A", "START", ...) once the keys are free, through the
    board's keypad stand-in, then step until it is let go and ``frames``
    frames more."""
    run_until(sim, lambda: not sim.keys.busy())
    sim.keys.tap(name, sim.clock.now)
    run_until(sim, lambda: not sim.keys.busy())
    for _ in range(frames):
        sim.step()


def burst(sim, names, gap_ms=30):
    """Tap every button of ``names`` inside ONE frame of the app: the app
    stalls while the keypad stand-in's scanner sees each key down for
    ``gap_ms`` and up for ``gap_ms`` (a slow refresh or a computer's
    decision on a board), then one app step takes them all."""
    from rollbox import controls

    keys = sim.hw.keys
    for name in names:
        n = sim.hw.key_map.index(getattr(controls, name))
        keys._press(n)
        sim.clock.advance(gap_ms)
        keys._release(n)
        sim.clock.advance(gap_ms)
    sim.step()


def hold(sim, names, ms):
    """Hold the buttons ``names`` down together for ``ms`` of frames, then
    let them go (one frame more)."""
    from rollbox import controls

    keys = sim.hw.keys
    numbers = [sim.hw.key_map.index(getattr(controls, name)) for name in names]
    for n in numbers:
        keys._press(n)
    end = sim.clock.now + ms
    while sim.clock.now < end:
        sim.step()
    for n in numbers:
        keys._release(n)
    sim.step()


def run_tool(name, *args, timeout=300):
    """Run ``tools/<name>`` with ``args`` in a fresh interpreter, as a user
    would; the ``subprocess.CompletedProcess`` (text stdout and stderr)."""
    import subprocess

    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", name), *args],
                          capture_output=True, text=True, timeout=timeout)


class ScriptedRoller:
    """A ``rollbox.dice.Roller`` whose chance outcomes come from ``actions``
    (the rules' chance actions, in order, each checked to be an outcome of
    the state; then random), tumbling faces from ``randrange`` (``randrange(n)
    -> 0..n-1``; default a ``random.Random(0)``'s): dice a test chooses,
    through the app's real roll path. ``script`` holds the actions not yet
    used."""

    def __new__(cls, actions, randrange=None):
        import random

        from rollbox.dice import Roller

        class _Roller(Roller):
            def outcome(self, state):
                if not self.script:
                    return super().outcome(state)
                action = self.script.pop(0)
                assert action in [a for a, _ in state.chance_outcomes()], action
                return action

        roller = _Roller(randrange or random.Random(0).randrange)
        roller.script = list(actions)
        return roller


def quiet(sim):
    """``sim`` (a ``host.simulation.Simulation``) with its scripted human
    silenced: the human seats do nothing, the test presses the keys."""
    sim.human.act = lambda *a: None
    return sim


def quiet_sim(log=None, dice=None, **kwargs):
    """A ``host.simulation.Simulation`` (``kwargs``: its parameters) whose
    scripted human does nothing (:func:`quiet`), without a transcript
    unless ``log`` is given; ``dice`` (chance actions): the app's roller is
    a :class:`ScriptedRoller` of them."""
    from host.simulation import Simulation

    sim = quiet(Simulation(log=log, **kwargs))
    if dice is not None:
        sim.app.roller = ScriptedRoller(dice)
    return sim


def started(sim):
    """Step ``sim`` through its menu taps until the game is on (mode PLAY)
    and no key is down; returns ``sim``."""
    from rollbox.app import PLAY

    run_until(sim, lambda: sim.app.mode == PLAY and not sim.keys.busy())
    return sim


def asked(sim):
    """True when the app waits on a human seat and no key is down."""
    from host.simulation import awaiting_human

    return awaiting_human(sim.app) and not sim.keys.busy()


def panel_lines(sim):
    """The pause panel's body as the screen shows it (``rollbox.pause``):
    each row of its TileGrid of the built-in font as text, trailing blanks
    off (the tile of a character is its code - 0x20)."""
    grid = sim.app.view.overlay[1]
    return ["".join(chr(0x20 + grid[x, y]) for x in range(grid.width)).rstrip()
            for y in range(grid.height)]


SENTENCE_END = (".", "!", "?")


def help_items(lines):
    """A help's items (``rollbox.pause``) as (first, end) line ranges, read
    from the text: a line that starts with a space goes on with the one
    above; a line ending with ":" (a heading, a lead-in) goes with the one
    below."""
    starts = [i for i, line in enumerate(lines)
              if not line.startswith(" ") and not (i and lines[i - 1].endswith(":"))]
    return list(zip(starts, starts[1:] + [len(lines)]))


def check_window(lines, first, shown, rows):
    """A window of a help (``lines``, all of them) that shows ``shown``
    from line ``first`` (0 the first) in ``rows`` rows: the help's lines
    from there, at most ``rows``; it begins an item and ends one (nothing
    half shown); from the Rules on it ends a sentence."""
    assert 0 < len(shown) <= rows
    assert shown == lines[first:first + len(shown)]
    after = first + len(shown)
    assert not shown[0].startswith(" ") and not (first and lines[first - 1].endswith(":"))
    if after < len(lines):
        assert not lines[after].startswith(" ") and not shown[-1].endswith(":"), shown
    if after - 1 > lines.index("Rules:"):
        assert shown[-1].endswith(SENTENCE_END), shown


def shake(sim, recording="cse590_phone_shake"):
    """Shake ``sim``'s board from now with the shipped ``recording``
    (``host.traces``); returns the ``traces.Replay`` (its ``end_ms``)."""
    from host import traces

    sim.board.motion = replay = traces.Replay(traces.load(recording), sim.clock.now)
    return replay


def roll(sim, key="A"):
    """Roll with ``key``: the dice tumble (checked) and land; steps until
    the app prompts again or the game is over (its result shown: the frame
    after the roll that ended it)."""
    from rollbox import play
    from rollbox.app import OVER, PLAY

    press(sim, key)
    assert sim.app.phase == play.TUMBLE
    app = sim.app
    run_until(sim, lambda: app.mode == OVER or (
        app.mode == PLAY and app.phase == play.PROMPT and not app.state.is_terminal()))


def menu_lines(menu):
    """Every line of ``menu`` (a ``rollbox.menu.Menu``), top to bottom."""
    return [menu.line(i) for i in range(menu.size())]


def chi2_df5_survival(x):
    """P(chi-square with 5 degrees of freedom > x), in closed form."""
    return (math.erfc(math.sqrt(x / 2))
            + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3))


def check_corrupt_bytes(game, records, rng):
    """Each saved state in ``records`` (``to_bytes`` of ``game``'s states)
    with any one byte changed to ``rng``'s (a ``random.Random``): refused
    with ValueError, or a state that saves back to exactly those bytes
    (never another exception); cut short anywhere: refused."""
    for raw in records:
        for i in range(len(raw)):
            data = raw[:i] + bytes([rng.randrange(256)]) + raw[i + 1:]
            try:
                s = game.state_from_bytes(data)
            except ValueError:
                continue
            assert s.to_bytes() == data
        for cut in range(len(raw)):
            with pytest.raises(ValueError):
                game.state_from_bytes(raw[:cut])


def skunkd_house(goal, entry):
    """SKUNK'D's house-options action for ``goal`` and ``entry`` (points,
    ``games.skunkd.rules.GOALS`` and ``ENTRIES``)."""
    from games.skunkd.rules import ENTRIES, GOALS, HOUSE_BASE

    return HOUSE_BASE + len(ENTRIES) * GOALS.index(goal) + ENTRIES.index(entry)


def skunkd_slots(s, faces):
    """The SKUNK'D keep mask of the just-rolled slots of ``s`` showing
    ``faces`` (ints or digit characters; the lowest slots first)."""
    mask = 0
    for f in faces:
        mask |= 1 << next(i for i in range(6) if s.rolled_mask >> i & 1
                          and not mask >> i & 1 and s.dice[i] == int(f))
    return mask


def watch_rolls(app, frames, seen):
    """The frames of ``frames`` (a person's steps at the window,
    ``host.person``), appending to ``seen`` what the app did after each:
    "roll" when it began tumbling for a shake (``rollbox.play.BY_SHAKE``),
    "landed" when those dice landed (back at a prompt); a computer's rolls
    in between are not the shake's."""
    from rollbox import play

    phase = app.phase
    for frame in frames:
        yield frame
        if app.phase == play.TUMBLE and phase != play.TUMBLE and app.how == play.BY_SHAKE:
            seen.append("roll")
        elif phase == play.TUMBLE and app.phase != play.TUMBLE and seen and seen[-1] == "roll":
            seen.append("landed")
        phase = app.phase


@pytest.fixture(scope="session")
def x_display():
    """An X display for the window tests: ``$DISPLAY`` if set, else an Xvfb
    started here (``host.xvfb``, stopped at the end); SDL is told to use X11,
    so a window really opens, and to play sound nowhere (SDL's dummy
    audio driver: the mixer runs, nothing is heard). Skips, saying why,
    when neither can be had."""
    from host import xvfb

    os.environ["SDL_VIDEODRIVER"] = "x11"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    display = xvfb.Display()
    try:
        name = display.__enter__()
    except xvfb.NoDisplay as err:
        pytest.skip("no X display for the window tests: DISPLAY is unset and %s"
                    " (.ci/run installs and starts it)" % err)
    yield name
    display.__exit__(None, None, None)


@pytest.fixture(name="quiet_sim")
def quiet_sim_factory():
    """:func:`quiet_sim` itself: ``quiet_sim(game=..., seats=..., dice=...)``
    builds a simulation whose human seats do nothing."""
    return quiet_sim


@pytest.fixture
def sim():
    """A started Pig game (the default ``Simulation``: PyBadge, P1 human,
    P2 computer, seed 1), its human quiet, at P1's first prompt."""
    return started(quiet_sim())


def audio_board(profile="pybadge"):
    """A fresh host ``profile`` board on a fresh host clock at 0 ms, for the
    sound and light tests: ``(board, clock)`` (``host.boards.HostBoard``,
    ``host.clock.Clock``); ``import board`` gives its pins."""
    from host import boards
    from host import clock as host_clock

    host_clock.use(host_clock.Clock())
    return boards.use(profile), host_clock.current()


def crossing_hz(samples, rate):
    """The frequency (Hz) of a tone in ``samples`` (int array at ``rate`` Hz)
    from its upward zero crossings, first to last."""
    import numpy as np

    s = np.asarray(samples)
    ups = np.flatnonzero((s[:-1] < 0) & (s[1:] >= 0))
    return (len(ups) - 1) * rate / (ups[-1] - ups[0])
