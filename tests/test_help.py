"""The help pages (games/<name>/help.py, issue 14 item 4): for every game of the
catalog (with and without "6 is bad") on every board's buttons, the page
fits 160-pixel lines, has its Keys, Symbols and Rules sections, names the
board's buttons and no others, and explains every mark its screen draws
(found in the screen's source, so a new mark without help fails here)."""
import ast
import importlib
import os
import re

import pytest
from conftest import ROOT

from rollbox import catalog, controls, hardware, launch, menu

# The boards' logical buttons: PyBadge / EdgeBadge, PyGamer, Circuit
# Playground Bluefruit + TFT Gizmo (and a generic board with A and B).
BOARDS = {
    "pybadge": sum(hardware._PYBADGE_KEYS),
    "pygamer": sum(hardware._PYGAMER_KEYS),
    "cpb": controls.A | controls.B,
}
# Screen modules (games/<name>/) of each help page.
SCREENS = {"pig": ("screen",), "hog": ("screen",), "skunkd": ("screen", "options"),
           "skunk": ("screen",), "skull_dragon": ("screen",)}
# Short literals of the screens that are no marks: a plural "s", the "d"
# of a built "%4d" format, the "; " between two news.
NOT_MARKS = {"s", "d", ";"}
# ... and per screen: Pig's "-" joins the faces in a message ("rolled 3-1").
JOINS = {"pig": {"-"}}
# SKUNK's sit-key labels are drawn on boards with UP only (own keys).
SKUNK_KEY_LABELS = {"L", "U", "R", "D", "Se", "St", "B", "A"}


def _cases():
    for index, entry in enumerate(catalog.GAMES):
        for six_bad in (0, 1) if entry[catalog.OPTIONS] & catalog.SIX_BAD else (0,):
            for board in BOARDS:
                yield index, six_bad, board


def _page(index, six_bad, board):
    """(help module name, the page's lines) of a new game."""
    m = menu.Menu()
    m.game = index
    m.six_bad = six_bad
    m.players = catalog.GAMES[index][catalog.MIN_PLAYERS]
    game, state = launch.build_game((index, menu._names(index), m.params(), (0,) * m.players,
                                     None))
    name = catalog.GAMES[index][catalog.PACKAGE].split(".")[1]
    page = importlib.import_module("games.%s.help" % name)
    return name, page.lines(game, state, BOARDS[board])


def screen_marks(name):
    """The marks a game's screen modules draw: every string literal of
    1..3 characters (stripped; docstrings, formats and comparisons out)."""
    marks = set()
    for module in SCREENS[name]:
        with open(os.path.join(ROOT, "games", name, module + ".py")) as f:
            tree = ast.parse(f.read())
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef))
                and ast.get_docstring(n) is not None}
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
                text = n.value.strip()
                if 1 <= len(text) <= 3 and "%" not in text and "=" not in text:
                    marks.add(text)
    return marks - NOT_MARKS - JOINS.get(name, set())


def _sections(lines):
    """{"Keys": [...], "Symbols": [...], "Rules": [...]}; the headings
    must come once each, in this order."""
    heads = [i for i, line in enumerate(lines) if line in ("Keys", "Symbols", "Rules")]
    assert [lines[i] for i in heads] == ["Keys", "Symbols", "Rules"], lines
    ends = heads[1:] + [len(lines)]
    return {lines[h]: list(lines[h + 1:e]) for h, e in zip(heads, ends)}


@pytest.mark.parametrize("index,six_bad,board", list(_cases()))
def test_page_fits_names_the_buttons_and_explains_the_marks(index, six_bad, board):
    name, lines = _page(index, six_bad, board)
    assert isinstance(lines, tuple) and all(isinstance(line, str) for line in lines)
    too_long = [line for line in lines if len(line) > 26]
    assert not too_long
    part = _sections(lines)
    assert part["Keys"] and part["Symbols"]
    assert 3 <= len(part["Rules"]) <= 5, part["Rules"]
    keys = "\n".join(part["Keys"])
    text = "\n".join(lines)
    buttons = BOARDS[board]
    for bit, button in enumerate(controls.NAMES):
        word = re.compile(r"\b%s\b" % button)
        if buttons >> bit & 1:
            assert word.search(keys), (button, part["Keys"])
        else:  # a button this board lacks is named nowhere
            assert not word.search(text), (button, lines)
    assert "pause" in keys
    assert "shake" in keys
    marks = screen_marks(name)
    if name == "skunk" and not buttons & controls.UP:
        marks -= SKUNK_KEY_LABELS
    for mark in sorted(marks):
        if mark.isalnum():
            assert re.search(r"\b%s\b" % re.escape(mark), text), (mark, lines)
        else:
            assert mark in text, (mark, lines)


def test_the_marks_found_in_the_screens():
    """The scan finds the marks the pages explain (it cannot pass empty)."""
    assert screen_marks("skunkd") == {"#", "*", "-", ">", "cpu", "die", "out", "x", "you", "ok"}
    assert screen_marks("skunk") >= {"^", "_", "0*", "<--", "tot", "win", "cpu"} | SKUNK_KEY_LABELS
    assert screen_marks("pig") == {">", "cpu", "you"}


def test_pages_follow_the_options():
    """The rules lines follow the variant, "6 is bad", the goal and the
    SKUNK'D house options."""
    _, plain = _page(0, 0, "cpb")
    assert _sections(plain)["Rules"] == ["Roll 1 die: add the face.", "A 1 loses the turn total.",
                                         "Hold: turn total to score.", "100 wins."]
    _, big = _page(2, 1, "pygamer")
    assert "red die: bad face (1 or 6)" in big
    assert _sections(big)["Rules"][-1] == "100 wins. A 6 counts as 1."
    assert "START: pause menu" in big and "SELECT: not used" in big
    _, hog = _page(3, 0, "pybadge")
    assert _sections(hog)["Keys"] == ["shake or A: roll the dice", "UP, RIGHT, B: one more die",
                                      "DOWN, LEFT: one fewer die", "START: pause menu",
                                      "SELECT: not used"]
    _, hog = _page(3, 0, "cpb")
    assert "A+B held 1 s: pause menu" in hog and "B: one more die (24 to 1)" in hog

    from games.skunkd import help as skunkd
    from games.skunkd.rules import SkunkdGame

    game = SkunkdGame(players=2)
    state = game.new_initial_state()
    state.goal, state.entry = 5000, 0
    rules = _sections(skunkd.lines(game, state, BOARDS["pybadge"]))["Rules"]
    assert rules[-2:] == ["Any den may be banked;", "5000+ starts overtime."]


@pytest.mark.parametrize("players,board,start", [(5, "pybadge", True), (6, "pybadge", False),
                                                 (8, "pybadge", False), (8, "pygamer", True)])
def test_skunk_names_the_pause_its_table_has(players, board, start):
    """At six or more seats with own buttons (PyBadge), START is P6's sit
    button: the page says A+B pauses, and that A and B act first."""
    from games.skunk import help as skunk
    from games.skunk.rules import SkunkGame

    game = SkunkGame(players=players)
    page = skunk.lines(game, game.new_initial_state(), BOARDS[board])
    assert ("START: pause menu" in page) == start
    assert ("A+B held 1 s: pause menu" in page) == (not start)
    assert ("(A and B act first)" in page) == (not start)
