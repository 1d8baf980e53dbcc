"""The help (issue 14 item 4, issue 24 item 4 "Help that teaches"): each
game's Keys lines (games/<name>/help.py, for the board's buttons) and its
Symbols and Rules (games/<name>/help.txt), as ``rollbox.pause`` reads
them, for every game of the catalog (with and without "6 is bad") on
every board's buttons. The Keys name the board's buttons and no others,
the help explains every mark its screen draws (found in the screen's
source, so a new mark without help fails here), its Rules name what
docs/RULES.md defines for the game (terms taken from RULES.md itself: its
tables, bold terms, numbered steps, example) with the numbers, and every
window the pause screen shows holds whole items, so no sentence is cut."""
import ast
import importlib
import os
import re
import types

import pytest
from conftest import ROOT, SENTENCE_END, check_window, help_items

from rollbox import catalog, controls, hardware, launch, menu, pause

# The boards' logical buttons: PyBadge / EdgeBadge, PyGamer, Circuit
# Playground Bluefruit + TFT Gizmo (and a generic board with A and B).
BOARDS = {
    "pybadge": sum(hardware._PYBADGE_KEYS),
    "pygamer": sum(hardware._PYGAMER_KEYS),
    "cpb": controls.A | controls.B,
}
# The pause screen's window: 160x128 and 240x240 (rollbox.pause).
ROWS = (pause.BODY, pause._TALL)
# Screen modules (games/<name>/) of each help page.
SCREENS = {"pig": ("screen", "build"), "hog": ("screen", "build"),
           "skunkd": ("screen", "build", "options"), "skunk": ("screen", "build"),
           "skull_dragon": ("screen", "build")}
# Short literals of the screens that are no marks: a plural "s", the "d"
# of a built "%4d" format, the "; " between two news.
NOT_MARKS = {"s", "d", ";"}
# ... and per screen: Pig's "-" joins the faces in a message ("rolled 3-1").
JOINS = {"pig": {"-"}, "skunk": {"/"}}  # SKUNK joins its sit keys: "</^:sit"
# SKUNK's sit-key labels are drawn on boards with UP only (own keys).
SKUNK_KEY_LABELS = {"<", "^", ">", "v", "Sel", "Sta", "B", "A"}
HEADS = ("Keys:", "Symbols:", "Rules:")


def _cases():
    for index, entry in enumerate(catalog.GAMES):
        for six_bad in (0, 1) if entry[catalog.OPTIONS] & catalog.SIX_BAD else (0,):
            for board in BOARDS:
                yield index, six_bad, board


def _game(index, six_bad=0, players=None):
    """(game, state) of a new game of catalog entry ``index``."""
    m = menu.Menu()
    m.game = index
    m.six_bad = six_bad
    m.players = players or catalog.GAMES[index][catalog.MIN_PLAYERS]
    return launch.build_game((index, menu._names(index), m.params(), (0,) * m.players, None))


def _info(index, six_bad, board, game=None, state=None):
    """``rollbox.pause.open_help``'s (keys, path, values) of a new game, or
    of ``game`` and ``state``, on ``board``'s buttons."""
    if game is None:
        game, state = _game(index, six_bad)
    app = types.SimpleNamespace(index=index, game=game, state=state, buttons=BOARDS[board])
    return pause.open_help(app)


def _lines(info):
    """Every line of the help, values filled in (a window of all of it)."""
    return pause.window(info, 0, 10 ** 6)[1]


def _name(index):
    return catalog.GAMES[index][catalog.PACKAGE].split(".")[1]


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
    """{"Keys:": [...], "Symbols:": [...], "Rules:": [...]}; the headings
    must come once each, in this order."""
    heads = [i for i, line in enumerate(lines) if line in HEADS]
    assert [lines[i] for i in heads] == list(HEADS), lines
    ends = heads[1:] + [len(lines)]
    return {lines[h]: list(lines[h + 1:e]) for h, e in zip(heads, ends)}


def _joined(lines):
    """Lines as one text: a line that ends with "-" joins the next without
    a space ("six-" + "dice")."""
    out = ""
    for line in lines:
        line = line.strip()
        out += line if out.endswith("-") or not out else " " + line
    return out


# ---- docs/RULES.md, read here for what each help must name ----------------------
with open(os.path.join(ROOT, "docs", "RULES.md"), encoding="utf-8") as _f:
    RULES = _f.read().replace("\u2019", "'").replace("\u2026", "...")


def rules_section(heading):
    """The text of RULES.md under the heading that starts with ``heading``
    ("## 1." or "### SKUNK"), up to the next heading of its level or above."""
    level = heading.split()[0]
    start = RULES.index("\n" + heading) + 1
    body = RULES[RULES.index("\n", start) + 1:]
    stop = re.search(r"^#{1,%d} " % len(level), body, re.M)
    return body[:stop.start()] if stop else body


def bold(text):
    return re.findall(r"\*\*(.+?)\*\*", text)


def numbers(text):
    """The numbers of ``text`` in order ("10,000" is 10000; a dice pattern
    such as "4-5-3-5-5" or "3-3-x" is one: "3-3")."""
    return [n.replace(",", "") for n in re.findall(r"\d+(?:,\d{3})*(?:-\d+)*", text)]


def table_rows(text):
    """The rows of the first markdown table in ``text`` (cells, stripped),
    its header and rule out."""
    rows = [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in text.splitlines() if line.startswith("|")]
    return rows[2:]


def steps(text):
    """The numbered steps of ``text`` ("1. ..." and the lines under it)."""
    return [s.replace("\n", " ") for s in re.findall(r"^\d\. (.*(?:\n   .*)*)", text, re.M)]


SKUNKD = rules_section("## 1.")
PIG_FAMILY = rules_section("## 2.")
SKUNK = rules_section("### SKUNK")
SKULL_DRAGON = rules_section("## 3.")
# Phrases of RULES.md's prose that name a flow step or a score and have no
# table, bold or numbered step of their own (each is checked to be there).
# (catalog index, RULES.md heading, phrases)
PHRASES = (
    (4, "### End of game", ("overtime", "leader", "out")),
    (4, "### Before play", ("most Skunks", "roll again", "goal", "entry")),
    (5, "### SKUNK", ("rounds", "S, K, U, N, K", "standing", "round total", "sit down",
                      "one 1", "two 1s", "game total", "highest total", "equal totals")),
    (6, "## 3.", ("Skull", "Dragon", "product", "attempt", "four rounds", "lead is tied")),
)


def _rules_text(index, six_bad=0):
    lines = _lines(_info(index, six_bad, "pybadge"))
    return _joined(_sections(lines)["Rules:"])


def _rules_items(index, six_bad=0):
    """The Rules section's items, each as one text without its heading (a
    first line ending with ":", such as "Scoring, in one roll:")."""
    rules = _sections(_lines(_info(index, six_bad, "pybadge")))["Rules:"]
    out = []
    for a, b in help_items(rules):
        while rules[a].endswith(":"):
            a += 1
        out.append(_joined(rules[a:b]))
    return out


def _has(text, term):
    """``term`` in ``text`` where a word begins, in any case, a final "s"
    of a verb or plural optional ("banks", "books")."""
    term = term.lower()[:-1] if term.endswith("s") else term.lower()
    return re.search(r"(?<!\w)" + re.escape(term), text.lower()) is not None


# ---- the pages ---------------------------------------------------------------------
@pytest.mark.parametrize("index,six_bad,board", list(_cases()))
def test_page_fits_names_the_buttons_and_explains_the_marks(index, six_bad, board):
    lines = _lines(_info(index, six_bad, board))
    assert all(isinstance(line, str) for line in lines)
    too_long = [line for line in lines if len(line) > 26]
    assert not too_long
    part = _sections(lines)
    assert part["Keys:"] and part["Symbols:"] and part["Rules:"]
    keys = "\n".join(part["Keys:"])
    text = "\n".join(lines)
    buttons = BOARDS[board]
    for bit, button in enumerate(controls.NAMES):
        word = re.compile(r"\b%s\b" % button)
        if buttons >> bit & 1:
            assert word.search(keys), (button, part["Keys:"])
        else:  # a button this board lacks is named nowhere
            assert not word.search(text), (button, lines)
    assert "pause" in keys
    assert "shake" in keys
    name = _name(index)
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
    assert screen_marks("skunk") >= {"sat", "0*", "<--", "tot", "win", "cpu"} | SKUNK_KEY_LABELS
    assert screen_marks("pig") == {">", "cpu", "you"}


def test_pages_follow_the_options():
    """The lines follow the variant, "6 is bad", the goal and the SKUNK'D
    house options."""
    plain = _rules_text(0)
    assert "1 die" in plain and "2 dice" not in plain and "6 is bad" not in plain
    assert "score to 100 or more wins" in plain
    two = _rules_text(1)
    assert "whole score is lost" in two and "+25" not in two
    big = _rules_text(2, six_bad=1)
    assert "+25" in big and "whole score" not in big
    assert "6 is bad: a 6 counts as a 1, also in doubles." in big
    game, state = _game(0)
    game.params["goal"] = 150
    assert "score to 150 or more" in _joined(_lines(_info(0, 0, "cpb", game, state)))
    lines = _lines(_info(2, 1, "pygamer"))
    assert "START: pause menu" in lines and "SELECT: not used" in lines
    hog = _sections(_lines(_info(3, 0, "pybadge")))
    assert hog["Keys:"] == ["shake or A: roll the dice", "UP, RIGHT, B: one more die",
                            "DOWN, LEFT: one fewer die", "START: pause menu",
                            "SELECT: not used"]
    assert "6 is bad" not in _rules_text(3) and "6 is bad" in _rules_text(3, six_bad=1)
    hog = _lines(_info(3, 0, "cpb"))
    assert "A+B held 1 s: pause menu" in hog and "B: one more die (24 to 1)" in hog

    from games.skunkd.rules import SkunkdGame

    game = SkunkdGame(players=2)
    state = game.new_initial_state()
    assert "10000 or more leads" in _joined(_lines(_info(4, 0, "pybadge", game, state)))
    state.goal, state.entry = 5000, 0
    rules = _joined(_lines(_info(4, 0, "pybadge", game, state)))
    assert "a den of 0 or more" in rules and "5000 or more leads" in rules


@pytest.mark.parametrize("players,board,start", [(5, "pybadge", True), (6, "pybadge", False),
                                                 (8, "pybadge", False), (8, "pygamer", True)])
def test_skunk_names_the_pause_its_table_has(players, board, start):
    """At six or more seats with own buttons (PyBadge), START is P6's sit
    button: the page says A+B pauses, and that A and B act first."""
    from games.skunk import help as skunk
    from games.skunk.rules import SkunkGame

    game = SkunkGame(players=players)
    page = skunk.keys(game, game.new_initial_state(), BOARDS[board])
    assert ("START: pause menu" in page) == start
    assert ("A+B held 1 s: pause menu" in page) == (not start)
    assert (" (A and B act first)" in page) == (not start)


# ---- the rules: what RULES.md defines, with its numbers --------------------------------
def test_rules_md_is_read_as_expected():
    """The reading of RULES.md below finds what it should (it cannot pass
    empty): SKUNK'D's ten combinations and six turn steps, Skull & Dragon's
    three, the family's four games."""
    names = [row[0] for row in table_rows(SKUNKD)]
    assert names[0] == "single Skunk" and names[-1] == "Single SKUNK" and len(names) == 10
    assert len(steps(rules_section("### Turn"))) == 6 and len(steps(SKULL_DRAGON)) == 3
    assert [row[0] for row in table_rows(PIG_FAMILY)] == ["Pig", "Two-Dice Pig", "Big Pig",
                                                          "Hog"]
    assert "Stinker" in SKUNKD and "...and rolling!" in bold(SKUNKD)
    for _, heading, phrases in PHRASES:
        for phrase in phrases:
            assert phrase.lower() in rules_section(heading).lower(), phrase


def test_skunkd_names_every_combination_with_its_value():
    """Every row of RULES.md's scoring table is an item of SKUNK'D's
    Rules that starts with its name and holds the row's numbers (dice and
    value)."""
    items = _rules_items(4)
    for name, dice, value in table_rows(SKUNKD):
        named = [t for t in items if re.sub(r"^An? ", "", t).startswith(name)
                 or re.sub(r"^An? ", "", t).startswith(name[0].upper() + name[1:])]
        assert named, (name, items)
        found = set(numbers(named[0]))
        missing = [n for n in numbers(dice + " " + value) if n not in found]
        assert not missing, (name, missing, named[0])


@pytest.mark.parametrize("index,text", [(4, SKUNKD), (6, SKULL_DRAGON)])
def test_rules_name_every_bold_term_and_step(index, text):
    """Every bold term of the game's RULES.md section (SKUNK'D: also the
    Skunk of the opening) and every numbered step (its bold terms, else
    its first words) is in the help's Rules."""
    rules = _rules_text(index)
    terms = bold(text) + (["Skunk"] if index == 4 else [])
    for step in steps(text):
        terms += bold(step) or [re.split(r"[(.:;]", step)[0].strip()]
    assert len(terms) > 8
    for term in terms:
        assert _has(rules, term.replace("*", "")), (term, rules)


@pytest.mark.parametrize("index,heading,phrases", PHRASES)
def test_rules_name_the_flow_of_the_prose(index, heading, phrases):
    """RULES.md's prose steps (overtime, before play, SKUNK's round, Skull
    & Dragon's dice and rounds) are named in the help, with their numbers
    (SKUNK'D's house options' defaults)."""
    rules = _rules_text(index)
    for phrase in phrases:
        assert _has(rules, phrase), (phrase, rules)
    assert set(numbers(rules_section(heading).split("Example:")[0])) <= set(numbers(rules))


@pytest.mark.parametrize("index,six_bad", [(i, s) for i in range(4) for s in (0, 1)])
def test_pig_family_rules_follow_the_table(index, six_bad):
    """Each game's row of the family table: its numbers, its bad faces,
    the goal, the hold; "6 is bad" said when chosen."""
    row = table_rows(PIG_FAMILY)[index]
    assert row[0] == catalog.GAMES[index][catalog.NAME]
    rules = _rules_text(index, six_bad)
    for n in numbers(" ".join(row[1:])):
        assert n in numbers(rules), (n, row, rules)
    assert _has(rules, "goal") and "100" in numbers(rules)
    assert ("6 is bad" in rules) == bool(six_bad)
    assert "the 1" in rules or "a 1" in rules
    if index < 3:  # the hold needs a turn total (RULES.md: every turn starts with a roll)
        assert "hold" in rules and "turn total" in rules


# RULES.md's worked example of each game (SKUNK'D: the first of its list).
EXAMPLES = {
    0: re.search(r"Pig, (rolls.*?\+22)", PIG_FAMILY).group(1),
    1: re.search(r"Two-Dice Pig, (a score.*?becomes 0)", PIG_FAMILY, re.S).group(1),
    2: re.search(r"Big Pig: (3-3.*?25)", PIG_FAMILY).group(1),
    4: re.search(r"### Worked examples.*?\n- (.*?)\n- ", SKUNKD, re.S).group(1),
    6: re.search(r"Example: (.*?)Example:", SKULL_DRAGON, re.S).group(1),
}


@pytest.mark.parametrize("index", sorted(EXAMPLES))
def test_rules_show_the_worked_example_with_its_numbers(index):
    """The help's example is RULES.md's: its numbers (the dice too) in the
    same order, from the help's "Example" on."""
    rules = _rules_text(index)
    assert "Example:" in rules
    ours = numbers(rules[rules.index("Example:"):])
    theirs = numbers(EXAMPLES[index])
    assert len(theirs) >= 2
    it = iter(ours)
    assert all(n in it for n in theirs), (theirs, ours)  # a subsequence


@pytest.mark.parametrize("index", range(len(catalog.GAMES)))
def test_every_game_has_an_example(index):
    """Hog and SKUNK too, which RULES.md gives none: the help makes one."""
    assert "Example:" in _rules_text(index)


# ---- the windows: whole items, whole sentences --------------------------------------
@pytest.mark.parametrize("index,six_bad,board", list(_cases()))
def test_windows_never_cut_an_item_or_a_sentence(index, six_bad, board):
    """Walk every window as the pause screen's keys move it, on both
    layouts: B window by window to the end and round to the first, DOWN
    item by item to the end, UP back to the first."""
    info = _info(index, six_bad, board)
    lines = _lines(info)
    items = help_items(lines)
    rules = lines.index("Rules:")
    for a, b in items:
        assert b - a <= pause.BODY, lines[a:b]  # every item fits the small window
        if a > rules:
            assert lines[b - 1].endswith(SENTENCE_END), lines[a:b]
    for rows in ROWS:
        top, seen = 0, []
        while True:  # B
            first, shown, end, count = pause.window(info, top, rows)
            assert count == len(lines)
            check_window(lines, first, shown, rows)
            seen += shown
            if not end:
                break
            top = end
        assert seen == lines  # every line once, in order
        for top in range(len(items)):  # DOWN moves an item, UP one back
            first, shown, end, count = pause.window(info, top, rows)
            assert first == items[top][0]
            check_window(lines, first, shown, rows)


# ---- help.txt ---------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_help_txt_is_plain_and_fits_every_option(name):
    """ASCII, no blank line, every ``@name`` one the game's values give,
    and every line at most 26 characters with every goal and entry the
    menu and the house options offer."""
    path = os.path.join(ROOT, "games", name, "help.txt")
    with open(path, "rb") as f:
        data = f.read()
    data.decode("ascii")
    assert b"\r" not in data and b"\n\n" not in data and data.endswith(b"\n")
    help_module = importlib.import_module("games.%s.help" % name)
    index = [i for i, e in enumerate(catalog.GAMES) if e[catalog.PACKAGE] == "games." + name][0]
    game, state = _game(index)
    values = help_module.values(game, state)
    tags = set(re.findall(r"^@(\S+) ", data.decode(), re.M))
    assert tags <= set(values), tags - set(values)
    if name == "skunkd":
        from games.skunkd.rules import ENTRIES, GOALS

        fills = [{"goal": g, "entry": e} for g in GOALS for e in ENTRIES]
    else:
        fills = [dict(values, goal=g) for g in catalog.GAMES[index][catalog.GOALS] or (0,)]
    for fill in fills:
        for line in data.decode().splitlines():
            line = line.split(" ", 1)[1] if line.startswith("@") else line
            assert len(line % fill if "%" in line else line) <= 26, (line, fill)


def test_a_game_without_help_or_help_txt_says_so(tmp_path):
    """No help module: one line saying so; a help.txt that cannot be
    read: the Keys, then a line saying so."""
    class Rules:
        pass

    Rules.__module__ = "games.nohelp.rules"
    app = types.SimpleNamespace(game=Rules(), state=None, buttons=BOARDS["cpb"])
    assert _lines(pause.open_help(app)) == ["No help for this game."]
    keys, _, values = _info(0, 0, "cpb")
    assert _lines((keys, str(tmp_path / "help.txt"), values)) == list(keys) + ["No rules file."]
