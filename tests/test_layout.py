"""Pixel geometry of the play screens (issue 14, item 4), through the real
displayio (Blinka) and the host's framebuffer: every die face shows its pips
apart (a 6 is six pips, never two bars), Hog's tumbling dice never touch,
and the coach's lines never cover the seat's score, dice or den."""
import displayio
import pytest
from conftest import ScriptedRoller, frames, overlaps, quiet_sim, run_until, started, text_box

from host.simulation import Simulation
from rollbox import app as app_module
from rollbox import play
from rollbox.faces import pip_grid
from rollbox.view import FaceSheet, TextLine

BOARDS = ("pybadge", "cpb_gizmo")
# Every die size (pixels) a screen draws: Pig, Hog, SKUNK'D, SKUNK, Skull &
# Dragon on 160x128 and on 240x240.
SIZES = (40, 15, 18, 12, 36, 64, 24, 32, 28)
COACH_BG = (16, 48, 88)  # 0x14305E in RGB565, as the framebuffer has it


def components(pixels):
    """The 8-connected groups of a set of (x, y) pixels, as lists."""
    left = set(pixels)
    out = []
    while left:
        todo = [left.pop()]
        group = []
        while todo:
            x, y = todo.pop()
            group.append((x, y))
            for n in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                if n in left:
                    left.remove(n)
                    todo.append(n)
        out.append(group)
    return out


def bounds(group):
    xs = [p[0] for p in group]
    ys = [p[1] for p in group]
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


def gap(a, b):
    """Pixels between two boxes (the larger of the x and y gaps)."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


def test_pip_grid_rules_for_every_size():
    """The rules: pips of at least 2 pixels (a sixth of the face), gaps of
    at least 2 pixels and half a pip, a margin of at least 1."""
    assert [pip_grid(t) for t in (12, 15, 18, 24, 32, 36, 40)] == [
        (2, 1, 4), (3, 1, 5), (3, 2, 5), (4, 3, 7), (5, 4, 9), (6, 5, 10), (7, 5, 11)]
    for tile in range(12, 41):
        side, start, pitch = pip_grid(tile)
        gap_ = pitch - side
        assert side >= 2 and gap_ >= 2 and 2 * gap_ >= side, tile
        assert start >= 1 and tile - (start + 2 * pitch + side) in (start, start + 1), tile


@pytest.mark.parametrize("size", SIZES)
def test_every_face_of_every_size_shows_its_pips_apart(size):
    sheet = FaceSheet(size)
    t = sheet.tile
    side = pip_grid(t)[0]
    assert sheet.scale == (2 if size > 40 else 1)
    mark = components([(x, y) for x in range(t) for y in range(t) if sheet.bitmap[x, y]])
    assert len(mark) == 2  # tile 0, not rolled yet: a "?", its hook and its dot (issue 24)
    assert not any(sheet.bitmap[7 * t + x, y] for x in range(t) for y in range(t))  # BLANK
    for face in range(1, 7):
        pips = components([(x, y) for x in range(t) for y in range(t)
                           if sheet.bitmap[face * t + x, y]])
        assert len(pips) == face, (size, face)
        boxes = [bounds(p) for p in pips]
        for i, box in enumerate(boxes):
            assert box[2] - box[0] == side and box[3] - box[1] == side, (size, face)
            assert min(box[0], box[1], t - box[2], t - box[3]) >= 1  # off the edge
            for other in boxes[i + 1:]:
                assert gap(box, other) >= max(2, side / 2), (size, face, box, other)


def hog_24(board):
    """Hog on ``board``: P1 rolls 24 dice, every one landing on 6 (the
    tumble's faces and wobble from the simulation's random numbers, as the
    app's own roller has them); returns the simulation, the dice tumbling."""
    sim = started(quiet_sim(board=board, game="hog", seed=3, goal=200))  # 144 does not end it
    sim.app.screen.counts[0] = 24
    sim.app.roller = ScriptedRoller([6] * 24, sim.rng.randrange)
    sim.keys.tap("A", sim.clock.now)
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    return sim


def die_box(die):
    top = die._top
    size = die.sheet.tile * die.sheet.scale
    return (top.x, top.y, top.x + size, top.y + size)


@pytest.mark.parametrize("board", BOARDS)
def test_hogs_24_dice_never_overlap_while_they_tumble_and_land_as_six_pips(board):
    sim = hog_24(board)
    screen, view = sim.app.screen, sim.app.view
    below = text_box(screen.count_line)[1]  # the count line under the dice
    frames = moved = 0
    while sim.app.phase == play.TUMBLE:
        boxes = [die_box(d) for d in screen.dice]
        moved += any(b[:2] != (d.x, d.y) for b, d in zip(boxes, screen.dice))
        for i, box in enumerate(boxes):
            assert 12 <= box[1] and box[3] <= below and 0 <= box[0] and box[2] <= view.width
            for other in boxes[i + 1:]:
                assert not overlaps(box, other), (box, other)
        sim.step()
        frames += 1
    assert frames > 10 and moved > 10
    sim.step()
    assert sim.app.state.dice == [6] * 24
    fb = sim.board.framebuffer
    for die in screen.dice:  # six dark pips on the display, each die
        x0, y0, x1, y1 = die_box(die)
        dark = [(x, y) for x in range(x0, x1) for y in range(y0, y1) if fb.pixel(x, y) == (0, 0, 0)]
        assert len(components(dark)) == 6, die_box(die)


def die_looks(screen):
    """Each die's (face, x, y) as the display has it."""
    return [(d.face, d._top.x, d._top.y) for d in screen.dice]


@pytest.mark.parametrize("game,count,share", [("two-dice", 2, 1), ("hog", 24, 6)])
def test_a_tumbling_frame_redraws_a_quarter_of_the_dice_and_every_die_tumbles(game, count,
                                                                             share):
    """The faces drawn every 80 ms show a quarter of the dice a frame
    (issue 26: a tumble frame within 20 ms on a PyBadge)."""
    if game == "hog":
        sim = hog_24("pybadge")
    else:
        sim = started(quiet_sim(game=game, seed=5))
        sim.keys.tap("A", sim.clock.now)
        run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    screen = sim.app.screen
    changes = [0] * count
    before = die_looks(screen)
    frames = 0
    while sim.app.phase == play.TUMBLE:
        sim.step()
        frames += 1
        if sim.app.phase != play.TUMBLE:
            break  # the dice landed: every one of them shows its outcome at once
        now = die_looks(screen)
        changed = [i for i in range(count) if now[i] != before[i]]
        assert len(changed) <= share, (frames, changed)
        for i in changed:
            changes[i] += 1
        before = now
    assert frames >= 30 and min(changes) >= 5, changes


# The parts of each screen the coach must leave in view: the seat's score,
# dice, den (and what the turn is about); and on every screen the status
# line, the keys (issue 24, item 5). SKUNK's eight rows on 160x128 leave it
# the pad's header and the message line.
PROTECTED = {
    "pig": ("dice", "lines", "turn"),
    "hog": ("dice", "count_line", "lines"),
    "skunkd": ("dice", "den_line", "value_line", "seat_lines"),
    "skunk": ("header", "rows", "info", "dice"),
    "skull-dragon": ("dice", "names", "lines", "target_line", "points_line"),
}


def protected_boxes(screen, game):
    out = [("status", text_box(screen.view.status))]
    for name in PROTECTED[game]:
        if name == "header" and not screen.view.large:
            continue
        part = getattr(screen, name)
        for item in part if isinstance(part, list) else [part]:
            if hasattr(item, "sheet"):
                if not item._top.hidden:
                    out.append(("%s%d" % (name, len(out)), die_box(item)))
            elif not item.tilegrid.hidden and item.text:
                out.append((name, text_box(item)))
    return out


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game, players", [("pig", 4), ("two-dice", 2), ("hog", 4),
                                           ("skunkd", 4), ("skunk", 8), ("skull-dragon", 4)])
def test_the_coach_never_covers_the_seats_score_dice_or_den(game, players, board):
    seats = (0,) + (3,) * (players - 1)
    sim = Simulation(board=board, game=game, log=None, seed=2, players=players, seats=seats,
                     coach=1, goal=None)
    view = sim.app.view
    checked = 0
    end = sim.clock.now + 600_000
    while checked < 6 and sim.app.mode != app_module.OVER and sim.clock.now < end:
        sim.step()
        if view.coach_shown() is None or sim.app.phase != play.PROMPT:
            continue
        strips = [(r.x, r.y, r.x + r.width, r.y + r.height) for r in (view.coach[0], view.coach[1])
                  if not r.hidden]
        for strip in strips:
            assert strip[0] == 0 and strip[2] == view.width and 0 <= strip[1]
            assert strip[3] <= view.height
            y = (strip[1] + strip[3]) // 2
            assert sim.board.framebuffer.pixel(1, y) == COACH_BG  # drawn where it says
            for name, box in protected_boxes(sim.app.screen, game.replace("two-dice", "pig")):
                assert not overlaps(strip, box), (name, box, strip)
        checked += 1
    assert checked == 6


class _Written:
    """A TileGrid's tiles seen through a Terminal: the columns it sets."""

    def __init__(self, grid):
        self.grid, self.columns = grid, set()

    def __getitem__(self, at):
        return self.grid[at]

    def __setitem__(self, at, tile):
        self.columns.add(at[0])
        self.grid[at] = tile


def test_a_text_line_writes_only_its_new_text_and_the_old_ones_tail():
    """rollbox.view.TextLine (issue 26): a shorter text blanks the old
    one's tail and no further; a longer one writes its own tiles; a text
    past ``chars`` is cut. Fewer tiles set, fewer pixels displayio renders
    and sends (docs/figures.md, "displayio's rendering, measured")."""
    import displayio

    from rollbox.view import TextLine

    line = TextLine(displayio.Group(), 2, 6, chars=10)
    grid = line.tilegrid
    spy = line._terminal._grid = _Written(grid)
    line.write("Rolling...")
    assert spy.columns == set(range(10))
    spy.columns.clear()
    line.write("A:roll")
    assert spy.columns == set(range(10))  # 6 letters, 4 blanks: the old text's width
    assert [grid[i, 0] for i in range(10)] == [ord(c) - 32 for c in "A:roll    "]
    spy.columns.clear()
    line.write("Hi")
    assert spy.columns == set(range(6))  # the old text was 6 wide: nothing past it
    assert [grid[i, 0] for i in range(10)] == [ord(c) - 32 for c in "Hi        "]
    line.write("0123456789ABC")
    assert [grid[i, 0] for i in range(10)] == [ord(c) - 32 for c in "0123456789"]
    assert line.text == "0123456789ABC"


def _shown(line):
    """The characters a TextLine's tiles show now (the built-in font)."""
    return "".join(chr(32 + line.tilegrid[i, 0]) for i in range(line.chars)).rstrip()


def test_text_lines_are_drawn_a_frames_share_at_a_time_after_the_dice():
    """rollbox.view.View.refresh (issue 26: a frame within 20 ms on a
    PyBadge): a frame where anything else changed (the dice landing) shows
    that first and its text waits a frame; then the oldest line, and more
    while the frame's text stays within 1,500 pixels (6x12 a character);
    a page drawn ``together`` goes in one frame."""
    from host.display import make_display
    from rollbox.view import View, label

    display, bus = make_display(160, 128)
    view = View(display)
    view.refresh()
    texts = ("P1 rolled 3-3: +6", "Turn total: 6", "P1 A:roll B:hold")  # 1,224, 936, 1,152 px
    lines = [label(view.root, 2, 30 + 12 * i) for i in range(3)]
    for line, text in zip(lines, texts):
        view.set_text(line, text)
    assert [line.text for line in lines] == list(texts) and view.waiting()
    view.dirty = True  # a die moved in this frame
    assert view.refresh() is True
    assert [_shown(line) for line in lines] == ["", "", ""]  # the dice first
    view.refresh()
    assert [_shown(line) for line in lines] == [texts[0], "", ""]  # 1,224 + 936 > 1,500
    view.refresh()
    assert [_shown(line) for line in lines] == [texts[0], texts[1], ""]
    view.refresh()
    assert [_shown(line) for line in lines] == list(texts) and not view.waiting()
    assert view.refresh() is False  # nothing left to draw
    view.set_text(lines[1], "Turn total: 12")
    view.refresh()  # no other change: drawn in the frame that set it
    assert _shown(lines[1]) == "Turn total: 12"
    for line in lines:
        view.set_text(line, line.text[:5])
    view.together()
    view.refresh()
    assert [_shown(line) for line in lines] == [t[:5].rstrip() for t in texts]


def test_a_menu_press_is_drawn_whole_in_its_frame():
    """The menu's lines read right only together (rollbox.menu,
    ``View.together``): a cursor move, a scroll, a value that adds lines
    are drawn whole in the frame of the press: no frame without the
    cursor, none with a line twice."""
    sim = Simulation(game="skunk", players=8, seats=(0,) * 8, log=None)
    sim.setup.clear()  # the menu stays, the test presses
    sim.step()
    lines = sim.app.menu_screen.lines
    changes = 0
    for key in ("B",) * 14 + ("UP", "UP", "A"):
        sim.keys.tap(key, sim.clock.now)
        while sim.keys.busy():
            before = [line.text for line in lines]
            sim.step()
            changes += before != [line.text for line in lines]
            shown = [_shown(line) for line in lines]
            assert shown == [line.text.rstrip() for line in lines]
            assert sum(t.startswith(">") for t in shown) == 1, shown
    assert changes >= 15


def test_a_line_writes_only_the_glyphs_that_change():
    """``TextLine.draw`` writes only the changed glyphs (issue 26: the
    TileGrid marks every tile it is given as changed, so a cursor move
    sent two whole lines): on the menu a cursor move and a value's change
    send two glyphs of 6x12 pixels, on the display's bus."""
    sim = Simulation(game="pig", log=None)
    sim.setup.clear()  # the menu stays, the test presses
    frames(sim, 10)
    lines = sim.app.menu_screen.lines
    for key, second in (("B", ">6 is bad: off"), ("A", ">6 is bad: on"), ("B", " 6 is bad: on")):
        run_until(sim, lambda: not sim.keys.busy(sim.clock.now))
        sim.keys.tap(key, sim.clock.now)
        sent = []
        while not sent or sim.keys.busy():
            sim.step()
            sent.append(sim.pixels)
        assert lines[1].text == second and _shown(lines[1]) == second.rstrip()
        assert [px for px in sent if px] == [2 * 6 * 12], (key, sent)
    line = TextLine(displayio.Group(), 0, 6, chars=12)
    assert line.write("Goal: 100") == 9 * 72 and line.write("Goal: 50") == 3 * 72
    assert line.span() == (8, 8) and line.write("Goal: 50") == 0
    line.text = "Goal: 50 "  # a trailing space shows nothing new
    assert line.span() == (8, 8)
