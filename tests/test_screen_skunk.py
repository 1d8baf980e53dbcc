"""SKUNK on the device: the scorepad, own sit buttons on a PyBadge, the
roster cursor on two-button boards, computer seats that sit by the bot,
sits only between rolls, and a layout that fits eight rows."""
import pytest
from conftest import overlaps, press, quiet_sim, roll, run_until, started, text_box

from games.skunk.rules import ROLL, SIT_BASE, UNPLAYED
from host import boards
from host.keys import keys_for
from host.simulation import Simulation
from rollbox import app as app_module
from rollbox import play
from rollbox.view import BAD, PLAIN


def skunk_game(faces=(), **kw):
    """A SKUNK game on the host at the first prompt, no scripted human,
    dice from ``faces``."""
    return started(quiet_sim(game="skunk", dice=faces, **kw))


def settled(sim):
    """Frames until the app prompts again (after a tumble)."""
    run_until(sim, lambda: sim.app.phase == play.PROMPT)


def texts(sim):
    return [r.text for r in sim.app.screen.rows]


def message(sim):
    return sim.app.view.message.text


def test_a_human_sits_with_own_button_while_the_human_shooter_waits():
    sim = skunk_game(faces=(3, 4), players=3, seats=(0, 0, 1))
    screen, s = sim.app.screen, sim.app.state
    assert texts(sim) == ["P1                   0 <",
                          "P2                   0 ^",
                          "P3                   0 cpu"]
    assert sim.app.view.status.text == "P1 Shake/A:roll </^:sit"
    roll(sim)
    assert message(sim) == "P1 rolled 3-4: +7" and s.round_total == 7
    assert screen.info.text == "Round total 7" and [d.face for d in screen.dice] == [3, 4]
    press(sim, "UP")  # P2's button: P2 sits, P1 still shoots
    assert message(sim) == "P2 sits at 7"
    assert s.pad[1] == [7] + [UNPLAYED] * 4 and s.scores[1] == 7 and not s.is_standing(1)
    assert s.current_player() == 0 and sim.app.phase == play.PROMPT
    assert texts(sim)[1] == "P2   7               7 sat"
    press(sim, "LEFT")  # the shooter sits too, and keeps rolling for P3
    assert s.pad[0][0] == 7 and s.current_player() == 0 and s.standing == 0b100


def test_own_buttons_that_mean_nothing_explain_themselves():
    sim = skunk_game(faces=(3, 4), players=3, seats=(0, 0, 1))
    s = sim.app.state
    roll(sim)
    press(sim, "UP")
    before = s.to_bytes()
    for key, said in (("UP", "P2 sat already"), ("RIGHT", "P3 is a computer"),
                      ("DOWN", "No P4 at this table"), ("B", "No P7 at this table")):
        press(sim, key)
        assert message(sim) == said
        assert s.to_bytes() == before and sim.app.phase == play.PROMPT


def test_a_sit_pressed_while_the_dice_tumble_counts_when_they_land():
    sim = skunk_game(faces=(2, 3, 5, 5), players=2, seats=(0, 0))
    s = sim.app.state
    press(sim, "A")
    assert sim.app.phase == play.TUMBLE
    press(sim, "UP")  # P2's sit button in the middle of the roll: kept (issue 24)
    assert sim.app.phase == play.TUMBLE and s.is_chance_node() and s.pad[1][0] == UNPLAYED
    settled(sim)
    assert s.round_total == 5 and s.standing == 0b01  # it sat once the dice landed
    assert s.pad[1][0] == 5 and message(sim) == "P2 sits at 5"


def test_roster_cursor_on_a_two_button_board():
    sim = skunk_game(faces=(3, 4, 6, 6), board="cpb_gizmo", players=3, seats=(0, 0, 1))
    screen, s, v = sim.app.screen, sim.app.state, sim.app.view
    assert v.status.text == "P1 Shake/A:roll B:next"
    roll(sim)
    assert s.round_total == 7
    press(sim, "B")  # the shooter first
    assert v.status.text == "A:sit P1 B:next Shake:roll" and message(sim) == "A: P1 sits"
    assert texts(sim)[0].endswith(" 0 <--") and not texts(sim)[1].endswith("<--")
    press(sim, "B")
    assert v.status.text == "A:sit P2 B:next Shake:roll" and texts(sim)[1].endswith("<--")
    press(sim, "A")
    assert message(sim) == "P2 sits at 7" and s.standing == 0b101 and s.pad[1][0] == 7
    assert v.status.text == "P1 Shake/A:roll B:next"  # back on "roll" after a sit
    press(sim, "B")
    press(sim, "B")  # P2 sat: the roster wraps to "roll"
    assert screen.cursor == -1 and v.status.text == "P1 Shake/A:roll B:next"
    roll(sim)
    assert s.round_total == 19 and message(sim) == "P1 rolled 6-6: +12"


def test_roster_on_a_four_button_pygamer_and_its_refusals():
    sim = skunk_game(faces=(3, 4), board="pygamer", players=2, seats=(0, 1))
    s = sim.app.state
    roll(sim)
    before = s.to_bytes()
    press(sim, "SELECT")  # (START toggles the coach)
    assert message(sim) == "B: next  A: sit/roll" and s.to_bytes() == before
    press(sim, "B")
    press(sim, "A")
    assert s.pad[0][0] == 7 and message(sim) == "P1 sits at 7"
    press(sim, "B")  # only "roll" is left
    assert sim.app.view.status.text == "P1 Shake/A:roll B:next"


def test_computer_seats_sit_by_the_bot_before_the_roll():
    # 6-6 and 5-5: 22, the bot sits at 20. P1 (human) shoots and stays up.
    sim = skunk_game(faces=(6, 6, 5, 5, 2, 3), players=4, seats=(0, 1, 0, 1))
    s = sim.app.state
    roll(sim)
    roll(sim)
    assert s.round_total == 22 and s.standing == 0b1111  # the bot asks just before a roll
    press(sim, "A")
    assert s.standing == 0b0101 and s.pad[1][0] == 22 == s.pad[3][0]
    assert message(sim) == "P2 P4 sit at 22"  # shown while the dice tumble
    settled(sim)
    assert s.round_total == 27 and s.pad[1][0] == 22
    assert texts(sim)[1] == "P2  22              22 sat"


def test_the_last_standing_computers_sitting_ends_the_round_without_a_roll():
    sim = skunk_game(faces=(6, 6, 5, 5), board="cpb_gizmo", players=3, seats=(0, 1, 1))
    s = sim.app.state
    roll(sim)
    roll(sim)
    press(sim, "B")
    press(sim, "A")  # P1 sits at 22
    press(sim, "A")  # roll: P2 and P3 sit first, nobody stands, no roll
    assert sim.app.phase == play.PROMPT and s.round == 1 and s.scores == [22, 22, 22]
    assert message(sim) == "P2 P3 sit at 22. Round 2 (K)"
    assert s.current_player() == 1  # P2 (computer) shoots column K


def test_a_human_sits_while_a_computer_shooter_thinks():
    sim = skunk_game(faces=(3, 4), players=2, seats=(1, 0))
    s, screen = sim.app.state, sim.app.screen
    assert screen.THINK_MS >= 1500  # time to reach a button
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    settled(sim)
    assert s.round_total == 7 and s.current_player() == 0
    press(sim, "UP")
    assert s.pad[1][0] == 7 and message(sim) == "P2 sits at 7"
    assert screen.THINK_MS == 700  # no human standing: no need to wait
    press(sim, "UP")
    assert message(sim) == "P2 sat already"
    press(sim, "A")
    assert message(sim) == "P1 (computer) rolls" and s.current_player() == 0


def test_roster_while_a_computer_shoots_starts_on_the_first_standing_human():
    sim = skunk_game(faces=(3, 4), board="cpb_gizmo", players=3, seats=(1, 0, 0))
    s, screen = sim.app.state, sim.app.screen
    assert screen.THINK_MS >= 2500  # B then A
    run_until(sim, lambda: sim.app.phase == play.TUMBLE)
    settled(sim)
    assert texts(sim)[1].endswith("<--")
    press(sim, "B")
    press(sim, "A")
    assert s.pad[2][0] == 7 and s.pad[1][0] == UNPLAYED and message(sim) == "P3 sits at 7"


def test_skunk_and_double_skunk_words_and_the_wiped_column():
    sim = skunk_game(faces=(6, 6, 2, 1, 3, 3, 1, 1), players=2, seats=(0, 0))
    s, screen = sim.app.state, sim.app.screen
    roll(sim)
    press(sim, "UP")  # P2 keeps 12 in column S
    roll(sim)
    assert message(sim) == "2-1: SKUNK! standing 0"
    assert [d.tint for d in screen.dice] == [PLAIN, BAD]
    assert s.round == 1 and screen.column_band.x == screen._band_x + 18
    assert screen.shooter_band.y == screen._row_top + 12  # P2 shoots column K
    press(sim, "A")  # P2 shoots: A rolls
    settled(sim)
    roll(sim)
    assert message(sim) == "1-1: double SKUNK! wiped"
    assert s.pad[1][:2] == [0, 0] and s.scores == [0, 0]
    assert texts(sim) == ["P1   0  0            0 <", "P2  0*  0            0 ^"]


def test_double_skunk_words_on_the_large_layout():
    sim = skunk_game(faces=(1, 1), board="cpb_gizmo", players=2, seats=(0, 0))
    roll(sim)
    assert message(sim) == "1-1: double SKUNK! totals wiped"
    assert sim.app.screen.info.text == "Round 2 (K)  total 0"


def test_keys_for_gives_buttons_that_make_the_action():
    for board in ("pybadge", "cpb_gizmo"):
        sim = skunk_game(faces=(4, 4), board=board, players=4, seats=(0, 0, 0, 0))
        s, screen = sim.app.state, sim.app.screen
        for name in keys_for(screen, s, ROLL):
            press(sim, name)
        settled(sim)
        for seat in (2, 1, 3, 0):  # every sit, from wherever the cursor is
            for name in keys_for(screen, s, SIT_BASE + seat):
                press(sim, name)
            assert s.pad[seat][0] == 8, (board, seat)
        assert s.round == 1  # the last one sat: column K


def test_keys_for_roll_and_own_sit_on_every_board():
    for board in ("pybadge", "cpb_gizmo", "pygamer", "generic"):
        sim = skunk_game(faces=(2, 2, 3, 3), board=board, players=2, seats=(0, 0))
        s, screen = sim.app.state, sim.app.screen
        for name in keys_for(screen, s, ROLL):
            press(sim, name)
        settled(sim)
        assert s.round_total == 4, board
        for name in keys_for(screen, s, SIT_BASE):
            press(sim, name)
        assert s.pad[0][0] == 4, board


def test_eight_humans_on_a_pybadge_a_is_p8s_button_or_the_roster():
    seats = (0,) * 8
    sim = skunk_game(faces=(3, 4), players=8, seats=seats)
    s, screen = sim.app.state, sim.app.screen
    assert sim.app.view.status.text == "P1 Shake:roll Row key:sit"
    assert texts(sim)[7].endswith(" A") and texts(sim)[6].endswith(" B")
    press(sim, "A")  # P8 sits (at 0), nothing rolls
    assert sim.app.phase == play.PROMPT and not s.is_standing(7)
    with pytest.raises(ValueError):
        keys_for(screen, s, ROLL)
    # No accelerometer: A must roll, so the table uses the roster cursor.
    sim = skunk_game(faces=(3, 4), players=8, seats=seats, accelerometer=False)
    s, screen = sim.app.state, sim.app.screen
    assert sim.app.view.status.text == "P1 A:roll B:next"
    assert not any(t.endswith(" A") for t in texts(sim))
    press(sim, "A")
    settled(sim)
    assert s.round_total == 7
    press(sim, "B")
    press(sim, "A")
    assert s.pad[0][0] == 7


def test_result_words():
    sim = skunk_game(players=8, seats=(1,) * 8)
    screen, s = sim.app.screen, sim.app.state
    s.round = 5
    s._phase = 3  # over
    s.standing = 0
    s.scores = [5, 9, 9, 0, 9, 0, 0, 0]
    assert screen.result(s) == "Shared win: P2 P3 P5"
    s.scores = [9] * 8
    assert screen.result(s) == "8 seats share the win"
    s.scores = [9] + [0] * 7
    assert screen.result(s) == "P1 (computer) wins!"


def boxes(screen):
    """(name, left, top, right, bottom) of every label (6x12 per character,
    anchored at its left middle), shape and die of the screen (pixels)."""
    out = []
    for name in ("header", "info"):
        out.append((name,) + text_box(getattr(screen, name)))
    for i, lbl in enumerate(screen.rows):
        out.append(("row%d" % i,) + text_box(lbl))
    for name in ("column_band", "shooter_band"):
        r = getattr(screen, name)
        out.append((name, r.x, r.y, r.x + r.width, r.y + r.height))
    for i, die in enumerate(screen.dice):  # with the tumble's wobble
        size = die.sheet.tile * die.sheet.scale
        w = screen._wobble
        lo, hi = (-2, 3) if w else (-1, 1)
        out.append(("die%d" % i, die.x + lo, die.y - w, die.x + size + hi, die.y + size + w))
    return out


@pytest.mark.parametrize("board, width, height, message_top", [
    ("pybadge", 160, 128, 102), ("cpb_gizmo", 240, 240, 200)])
@pytest.mark.parametrize("players", [6, 8])
def test_eight_rows_fit_above_the_message_line(board, width, height, message_top, players):
    sim = skunk_game(board=board, players=players, seats=(0, 1) * (players // 2))
    screen, s = sim.app.screen, sim.app.state
    for p in range(players):  # the widest pad: three-digit totals, wiped columns
        s.pad[p][:4] = [99, 99, 0, 99]
        s.wiped[p] = 0b100
        s.scores[p] = 297
    s.round = 4
    s.round_total = 999
    screen.draw(s)
    last = players - 1
    screen.shooter_band.y = screen._row_top + last * screen._pitch  # the lowest row
    assert text_box(sim.app.view.message)[1] == message_top
    box = {b[0]: b[1:] for b in boxes(screen)}
    for name, (left, top, right, bottom) in box.items():
        assert 0 <= left and right <= width and 0 <= top, name
        assert bottom <= message_top, name  # nothing on the message line
    texts_and_dice = ["header", "info", "die0", "die1"] + ["row%d" % i for i in range(players)]
    for i, name in enumerate(texts_and_dice):  # no two rows, the header or dice share a pixel
        for other in texts_and_dice[i + 1:]:
            assert not overlaps(box[name], box[other]), (name, other)
    for name in ["header"] + ["row%d" % i for i in range(players)]:
        assert box[name][1] >= 12, name  # below the title line
    short = board == "pybadge" and players > 6  # the short font: 10-pixel rows
    assert [box["row%d" % i][1] for i in (0, 1)] == (
        [22, 32] if short else [24, 36] if board == "pybadge" else [42, 58])
    assert box["row0"][3] - box["row0"][1] == (10 if short else 12)
    if board == "pybadge":  # round total and dice share the title line after "SKUNK"
        assert box["info"][0] > 2 + 6 * len("SKUNK") and box["info"][3] <= 12
        assert box["die1"][3] <= 12
    else:  # below the pad
        assert box["info"][1] >= box["row%d" % last][3]
        assert box["die0"][1] >= box["row%d" % last][3]
    assert box["info"][2] <= box["die0"][0] and box["die0"][2] <= box["die1"][0]
    row_text = texts(sim)
    assert max(len(t) for t in row_text) == (26 if board == "pybadge" else 33)
    assert row_text[0] == ("P1  99 99 0* 99    297 <" if board == "pybadge"
                           else "P1    99  99  0*  99      297")


def test_the_short_font_is_the_built_in_one_without_its_top_and_bottom_rows():
    """Every glyph of the short rows is the built-in font's rows 1..10, and
    what the rows draw reaches the display (the real displayio)."""
    import terminalio

    sim = skunk_game(players=8, seats=(0,) * 8)
    screen = sim.app.screen
    row = screen.rows[0]
    sheet, font = row.tilegrid.bitmap, terminalio.FONT.bitmap
    assert (sheet.width, sheet.height) == (570, 10)
    assert all(sheet[x, y] == font[x, y + 1] for x in range(570) for y in range(10))
    assert row.text == "P1                   0 <"
    assert [row.tilegrid[i] for i in range(4)] == [ord(c) - 32 for c in "P1  "]
    fb = sim.board.framebuffer
    x0, top = row.tilegrid.x, row.tilegrid.y
    ink = [(x, y) for x in range(6) for y in range(10) if font[(ord("P") - 32) * 6 + x, y + 1]]
    assert ink and all(fb.pixel(x0 + x, top + y) == (248, 252, 248) for x, y in ink)  # white P


def test_whole_eight_player_game_on_a_pybadge_with_frames(tmp_path):
    sim = Simulation(game="skunk", log=None, seed=4, players=8,
                     seats=(0, 1, 0, 1, 1, 0, 1, 1), out=str(tmp_path))
    sim.run()
    s = sim.app.state
    assert s.is_terminal() and s.winners() and sim.frames > 100
    assert sim.app.view.title.text == sim.app.screen.result(s)
    screen = sim.app.screen
    assert screen.info.tilegrid.hidden and all(d.tilegrid.hidden for d in screen.dice)
    assert all(all(v != UNPLAYED for v in row) for row in s.pad)
    assert len(list(tmp_path.glob("frame_*.png"))) == sim.frames


def test_whole_game_human_only_on_a_gizmo_without_accelerometer():
    sim = Simulation(game="skunk", log=None, seed=2, players=3, seats=(0, 0, 0),
                     board="cpb_gizmo", accelerometer=False, script="A")
    sim.run()
    assert sim.app.state.is_terminal()


# -- the simulator's scripted human seats (issue 14, item 6) ---------------------

def watch_table(sim):
    """Play ``sim`` to the end; return what its human seats did between
    rolls: ``sits`` ``(seat, shooter, round total)`` for each human sit and
    ``rolls`` ``(round total, humans standing)`` for each roll started.
    Seen action by action (the state's ``apply_action``): a sit pressed
    while the dice tumble acts in the frame they land (issue 24, item 6)."""
    sits, rolls = [], []
    while sim.app.state is None:  # the game's class as the app loaded it (it reloads
        sim.step()  # a game's modules each game: not this module's SkunkState)
    cls = type(sim.app.state)
    apply_action = cls.apply_action

    def watched(s, action):
        if s is not sim.app.state or s.is_chance_node():
            return apply_action(s, action)
        r, total, shooter = s.round, s.round_total, s.turn_player()
        standing = [p for p in range(len(s.scores)) if not sim.app.seats[p] and s.is_standing(p)]
        apply_action(s, action)
        if s.is_chance_node():  # a roll: the seats still up stood for it
            rolls.append((total, [p for p in standing if s.is_standing(p)]))
        else:  # sits (the last one ends the round: everyone stands again)
            sits.extend((p, shooter, total) for p in standing
                        if s.round != r or not s.is_standing(p))

    cls.apply_action = watched
    try:
        end = sim.clock.now + 3_600_000
        while sim.app.mode != app_module.OVER:
            assert sim.clock.now < end, "no winner in an hour"
            sim.step()
    finally:
        cls.apply_action = apply_action
    return sits, rolls


def by_the_rule(sits, rolls):
    """The easy rule, for every human seat: sit once the round total is 20
    or more, never below."""
    assert all(total >= 20 for _, _, total in sits), sits
    assert all(total < 20 or not standing for total, standing in rolls), rolls


# A seed per board profile whose game has sits (in some seeds every round
# ends on a 1 before the total reaches 20).
SEEDS = {"cpb_gizmo": 1, "edgebadge": 1, "generic": 1, "pybadge": 1, "pygamer": 1}


@pytest.mark.parametrize("board", sorted(boards.PROFILES))
def test_eight_human_seats_play_to_the_end_on_every_board(board):
    """All eight seats human: on a PyBadge A is P8's sit key, so the shooter
    shakes (script SASB's A turns are shakes too); two-button boards sit
    and roll with the roster cursor. Every seat sits by the same rule, so
    the table shares the win. (About 5 s a board.)"""
    lines = []
    sim = Simulation(game="skunk", players=8, seats=(0,) * 8, board=board, seed=SEEDS[board],
                     log=lines.append)
    sits, rolls = watch_table(sim)
    s = sim.app.state
    assert s.is_terminal() and s.winners() == list(range(8)) and len(set(s.scores)) == 1
    by_the_rule(sits, rolls)
    assert sorted({p for p, _, _ in sits}) == list(range(8))  # each seat sat, shooter or not
    assert any(p != shooter for p, shooter, _ in sits)
    hows = {line.split(" (")[-1].split(";")[0] for line in lines if " rolled " in line}
    assert hows == ({"shake"} if board in ("pybadge", "edgebadge") else {"shake", "button"})


@pytest.mark.parametrize("board", ["pybadge", "cpb_gizmo"])
def test_human_seats_sit_by_the_rule_while_a_computer_shoots(board):
    sim = Simulation(game="skunk", players=3, seats=(1, 0, 0), board=board, seed=1, log=None)
    sits, rolls = watch_table(sim)
    assert sim.app.state.is_terminal()
    by_the_rule(sits, rolls)
    assert {p for p, shooter, _ in sits if sim.app.seats[shooter]} == {1, 2}


def test_eight_human_seats_on_a_pybadge_without_accelerometer_roll_with_the_roster():
    lines = []
    sim = Simulation(game="skunk", players=8, seats=(0,) * 8, seed=1, accelerometer=False,
                     script="A", log=lines.append)
    sits, rolls = watch_table(sim)
    assert sim.app.state.winners() == list(range(8)) and not sim.app.screen._keys
    by_the_rule(sits, rolls)
    assert {line.split(" (")[-1].split(";")[0] for line in lines if " rolled " in line} \
        == {"button"}
