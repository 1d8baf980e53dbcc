"""Play: one game's turn cycle on the app (``rollbox.app.App``), as
functions of the app so that nothing is copied: prompt -> act -> tumble ->
settle -> the next prompt, the coach overlay, the game's end, and the undo
after a MemoryError.

The app's attributes it works on: ``game``, ``state``, ``screen``,
``seats``, ``view``, ``roller``, ``coach``, ``accel_ok`` and its own:
``phase`` (:data:`PROMPT`, :data:`TUMBLE`, :data:`PREVIEW`,
:data:`RESTING`, :data:`LANDED`), ``news`` (the landed roll's message,
said in the frame that shows the dice at rest), ``held``
(a bytearray: up to 8 presses made during a roll, kept for its end, their
count at [8], the seat they were for at [9]), ``last_turn`` (a list:
the seat whose turn is on, its messages, then the seat and messages of
the turn before, for the pause screen, and the seat's score when its turn
began, to tell a bank from a bust), ``since`` (ms: the prompt or
tumble began), ``face_at`` (ms: the next tumbling faces), ``collect_at``
(ms: a human's idle prompt, or a computer's think time once its plan is
done, collects the heap then), ``how`` (how
the action being rolled came: :data:`BY_BUTTON`, :data:`BY_SHAKE`,
:data:`BY_COMPUTER`), ``armed`` (2: a shake may roll, the detector was
idle inside this prompt; 1: not yet, but the board has been still since
the detector was made or reset; 0: not even that, so that a shake carried
over from the menu or the pause screen never rolls, issue 24 item 7),
``undo`` (the state's bytes and the dice stream before this frame's
action, or None), ``plan`` (a computer's decision at its prompt: None
before its first frame, :data:`_AT_ONCE` when its bot decides at the end
of the think time, a generator while the bot works it out in pieces
(``rollbox.bots``), then the action).

Names cost RAM on the board (each is interned for good, in pools that
double: tools/bench_device), so the app's state here lives in few
attributes.

A shake at a human seat's prompt: the dice tumble as soon as the detector
sees strong motion (MOVING), before it is a shake, so that the roll feels
instant; nothing is applied until the detector confirms the shake
(SHAKING: the screen's shake action, then the tumble goes on until SETTLED
decides the roll). A swing or a bump (CANCELLED), a button, or the
accelerometer failing put the dice back on their faces with nothing
rolled. Issue 13.

Sound and lights (issue 25: ``app.sound``, ``app.lights``, None when off)
hear of each moment of play through :func:`cue`: a roll, its tumbling
faces, a bust or a bank as the turn passes, the game's win, the seat to act.
"""

import gc

from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

import rollbox
from rollbox import (
    saves,
    shake,  # its states by name: fewer names in this module's dict
)
from rollbox.bots import PIECES
from rollbox.controls import PAUSE, START
from rollbox.view import DIM, INK, SEATS

PROMPT = const(0)  # waiting for the seat to act
TUMBLE = const(1)  # dice tumbling; the roll is decided when it ends
PREVIEW = const(2)  # motion at a human prompt, not yet a shake: the dice tumble, nothing rolled
LANDED = const(3)  # the dice were shown at rest last frame: this one goes on to the prompt
RESTING = const(4)  # the roll landed in the state last frame: this one shows it and says it

_TUMBLE_MS = const(700)  # a button or computer roll tumbles this long
_FACE_MS = const(80)  # tumbling faces change this often
_COLLECT_MS = const(1000)  # a human's idle prompt collects the heap this often
_MAX_SHAKE_MS = const(10000)  # a shake that never settles is decided anyway
_HELD = const(8)  # presses kept during a roll (``app.held``: these, the count, the seat)
_NOTES = const(7)  # messages of a turn kept for "Last turn" (a page of the pause screen)
_AT_ONCE = const(-1)  # ``app.plan``: the bot decides when the think time is up
_NOT_DUE = const(60000)  # ms: a think time's collection not due (its plan's end sets it)

# How an action came (the transcript's ``how``, ``App.log``): a button, a
# shake, the computer; and the two events that are no action.
BY_BUTTON = const(0)
BY_SHAKE = const(1)
BY_COMPUTER = const(2)
STARTED = const(-1)  # a game started: text "new game" or "resumed"
ENDED = const(-2)  # a game ended: text the result


def start(app, resumed, now):
    """The game ``rollbox.launch`` set on ``app`` begins (or goes on,
    ``resumed``): logged, its first prompt shown, a new game saved."""
    app.turn_saved = app.state.turn_player()
    app.last_turn = [app.turn_saved, [], -1, None, _score(app.state, app.turn_saved)]
    app.log_event("resumed" if resumed else "new game", STARTED)
    gc.collect()
    prompt(app, now)
    if not resumed:
        saves.save_game(app, True)


def step(app, pressed, motion, now):
    """One press (a logical button bit, or 0) and the shake detector's
    ``motion`` at ``now`` (ms) in play.

    :returns: True when the press opens the pause screen (the app opens it).
    """
    screen = app.screen
    s = app.state
    phase = app.phase
    if phase == TUMBLE or phase == RESTING or phase == LANDED:
        # The pause at once; other presses wait for the roll's prompt.
        held = app.held
        while pressed:  # (every press of this frame came while the dice tumbled)
            if pressed == PAUSE or (pressed == START and screen.pause_key() == START):
                return True
            n = held[_HELD]
            if n < _HELD and pressed < 256:  # kept for the seat to act (issue 24)
                if not n:
                    held[_HELD + 1] = app.last_turn[0]  # the roller (the turn may have passed)
                held[n] = pressed
                held[_HELD] = n + 1
            pressed = app.controls.press()
        if phase == TUMBLE:
            _step_tumble(app, motion, now)
            return False
        try:
            if phase == RESTING:
                _rest(app)
            else:
                _after_action(app, now)
        except MemoryError:  # the landing stays (its frame's); the retry goes on from it
            app.phase = phase
            raise
        return False
    if s.is_terminal():  # the frame after the game's last action
        _game_over(app, now)
        return False
    if screen.bot is None:  # let go while paused (rollbox.pause): back for the computer
        draw_prompt(app)  # (which brings it, for the coach too)
    if app.phase == PREVIEW:
        # A confirmed shake applies the screen's shake action (the tumble
        # goes on); a cancelled one, a press or a lost accelerometer put
        # the dice back, and a press then acts.
        if not pressed:
            if motion == shake.MOVING:
                _faces(app, now)
                return False
            action = screen.shake(s) if motion == shake.SHAKING else None
            if action is not None:
                act(app, action, now, BY_SHAKE)
                if app.phase != PREVIEW or s.is_terminal():  # rolled, or the game ended
                    return False
                # refused (the screen said why): the dice go back below
        screen.put_back(s)
        prompt(app, now)  # armed again once the detector is idle
        motion = shake.CANCELLED  # the preview's motion is spent
    if pressed == PAUSE or (pressed == START and screen.pause_key() == START):
        return True
    p = s.current_player()
    if p < 0:  # chance with no seat to start it (e.g. a roll-off)
        tumble(app, now, BY_COMPUTER)
        return False
    if app.seats[p]:
        _think(app, s, now)
        if pressed and screen.ASIDE:  # a human out of turn (SKUNK: sit down)
            action = screen.press(s, pressed)
            if action is not None:
                act(app, action, now, BY_BUTTON)
        return False
    if motion == shake.IDLE and (app.armed or app.detector.still(now)):
        # A shake must begin inside the prompt, and (after a new detector or
        # the pause's reset, which report IDLE mid-shake) once the board was still.
        app.armed = 2
    action = None
    how = BY_BUTTON
    if app.armed == 2 and motion == shake.MOVING and screen.shake(s) is not None:
        app.phase = PREVIEW  # the dice a shake would roll tumble, nothing applied
        app.face_at = now
        screen.preview(s)
        app.view.set_text(app.view.status, "Shaking...")
        return False
    if app.armed == 2 and motion == shake.SHAKING:  # (a stalled frame can skip MOVING)
        action = screen.shake(s)
        how = BY_SHAKE
    elif pressed:
        v = app.view
        if v.message.color == INK:  # a refusal or hint (Screen.say) of the moment before
            v.set_text(v.message, "")
        action = screen.press(s, pressed)
        draw_prompt(app)
    if action is not None:
        act(app, action, now, how)
    elif not pressed and motion == shake.IDLE and not (app.view.dirty or app.view.waiting()) \
            and ticks_diff(now, app.collect_at) >= 0:
        # A frame with nothing to do: the collection a shake's tumble or a
        # press's redraw would otherwise meet (12-15 ms on a SAMD51).
        gc.collect()
        app.collect_at = ticks_add(now, _COLLECT_MS)
    return False


def _think(app, s, now):
    """A frame of a computer's think time (``screen.THINK_MS``). Its first
    frame collects the heap (the bot's search wants it in one piece; a
    collection takes ~12 ms on a SAMD51, tools/bench_cpu) and starts the
    bot's plan; the next ones run ``rollbox.bots.PIECES`` of it each (by
    the sizes its pieces yield: one that yields ``FRAME``, a module
    loaded, has its frame to itself); the frame after the plan is done
    collects the search's garbage, so the roll that follows meets no
    collection, nor a heap whose garbage makes each allocation search
    longer (a plan done after the think time too: its seat acts a frame
    later; Skull & Dragon's roll after a late hard plan met 8.6 ms of
    the app's work in a tumbling frame on a SAMD51, where the most is now
    6.1, tools/bench_cpu); once the time is up and the
    decision found, the seat acts. While text lines wait to be drawn
    (``View.refresh``: a frame's share at a time) the plan waits too, so
    no frame has both."""
    plan = app.plan
    think = app.screen.THINK_MS
    if plan is None:
        gc.collect()
        app.collect_at = ticks_add(now, _NOT_DUE)
        plan = app.screen.plan(s)
        app.plan = _AT_ONCE if plan is None else plan
        return
    if not isinstance(plan, int):
        if app.view.waiting():  # the landing's text first, in frames of its own
            return
        try:
            left = PIECES
            while left > 0:
                left -= next(plan) or 1
            return
        except StopIteration as done:
            app.plan = done.value
        except (OSError, ValueError):  # the screen's own decision says why
            app.plan = _AT_ONCE
        app.collect_at = now  # the next frame, with nothing else to do
        return
    if ticks_diff(now, app.collect_at) >= 0:
        gc.collect()
        app.collect_at = ticks_add(now, _NOT_DUE)
    elif ticks_diff(now, app.since) >= think:
        action = app.screen.computer(s, None if plan == _AT_ONCE else plan)
        app.plan = None  # kept until the decision is made: a MemoryError's retry asks again
        act(app, action, now, BY_COMPUTER)


def press(app):
    """The next press kept during the last roll, once the dice have landed
    and play prompts again (0: none). Kept presses are dropped when the
    roll passed the turn to another seat: they were that seat's."""
    held = app.held
    n = held[_HELD]
    if not n or app.phase != PROMPT or app.mode != app.PLAY:
        return 0
    if app.state.turn_player() != held[_HELD + 1]:
        held[_HELD] = 0
        return 0
    pressed = held[0]
    held[0:n - 1] = held[1:n]
    held[_HELD] = n - 1
    return pressed


def prompt(app, now):
    """The seat to act is asked: the screen drawn, the status line and coach."""
    app.phase = PROMPT
    app.since = app.collect_at = now  # (its first idle frame collects)
    app.plan = None
    app.armed = 1 if app.armed else 0  # still calm, not armed
    app.screen.draw(app.state)
    draw_prompt(app)
    cue(app, 6, now, app.state.turn_player())


def draw_prompt(app):
    """The status line (what the buttons do now) and the coach's two lines
    for a human seat when the coach is on."""
    s = app.state
    p = s.current_player()
    v = app.view
    if app.screen.bot is None:  # let go while paused (rollbox.pause)
        app.screen.bot = rollbox.load(".".join((app.package, "bot")))
    if app.phase == TUMBLE:  # back from the pause screen mid-roll
        v.set_text(v.status, "Shaking..." if app.how == BY_SHAKE else "Rolling...")
    elif p < 0:
        v.set_text(v.status, "Rolling...")
    elif app.seats[p]:
        v.set_text(v.status, "P%d (computer) thinking" % (p + 1))
    else:
        v.set_text(v.status, app.screen.status(s, app.accel_ok))
    v.set_color(v.status, SEATS[p % len(SEATS)] if p >= 0 else DIM)  # the seat's NeoPixels' colour
    v.show_coach(app.screen.coach(s) if app.coach and p >= 0 and not app.seats[p] else None,
                 app.screen.coach_at())


def act(app, action, now, how):
    """Apply ``action`` through the screen (a refusal is said on the
    message line): a roll tumbles, anything else goes on at once."""
    app.undo = (app.state.to_bytes(), app.roller.seed)  # what undo() goes back to
    try:
        text = app.screen.apply(app.state, action)
    except ValueError as err:
        app.screen.say(str(err))
        return
    log(app, text, how)
    if app.state.is_chance_node():
        tumble(app, now, how)
    else:
        _after_action(app, now)


def undo(app):
    """After a MemoryError: the game as it was before this frame's action
    (``app.undo``: the state's bytes and the dice stream); the screen
    redraws from it. Nothing to undo when the frame began no action.

    :raises MemoryError: no room to rebuild the state either (the app tries
        again next frame).
    """
    if app.game is None or app.undo is None:
        return
    raw, app.roller.seed = app.undo  # the same dice for the retried roll
    app.undo = app.plan = None
    app.turn_saved = -1  # the next turn boundary saves again: the nvm follows the retry
    app.state = app.game.state_from_bytes(raw)
    app.last_turn[0] = app.state.turn_player()
    if app.mode == app.OVER and not app.state.is_terminal():
        app.mode = app.PLAY
        app.to_count = 0
    if not (app.phase == TUMBLE and app.state.is_chance_node()):
        app.phase = PROMPT  # a roll being settled is settled again
    app.screen.home()


def tumble(app, now, how):
    app.phase = TUMBLE
    app.since = now
    app.face_at = now
    app.how = how
    cue(app, 0, now, _strength(app))
    app.view.set_text(app.view.status, "Shaking..." if how == BY_SHAKE else "Rolling...")


def _faces(app, now):
    """A tumbling frame: new faces drawn every _FACE_MS, shown a quarter
    of the dice a frame (``Screen.show_tumble``)."""
    screen = app.screen
    if ticks_diff(now, app.face_at) >= 0:
        screen.tumble(app.roller)
        app.face_at = ticks_add(now, _FACE_MS)
        cue(app, 1, now, _strength(app))
    screen.show_tumble()


def _strength(app):
    """How hard the dice rattle, 1..8: a shake's, from the last sample
    (|x| + |y| + |z| m/s²: 9.8 lying still, 8 g clips at 78 per axis); a
    button's or a computer's roll, 5."""
    if app.how != BY_SHAKE and app.phase != PREVIEW:
        return 5
    x, y, z = app._xyz
    return max(1, min(8, int(abs(x) + abs(y) + abs(z)) >> 3))


def _score(state, seat):
    scores = state.scores
    return scores[seat] if 0 <= seat < len(scores) else 0


def cue(app, kind, now, arg=0):
    """A moment of play for the sound and the lights, where they are on
    (``kind`` and ``arg``: ``rollbox.sound``'s list; ``now`` ms)."""
    if app.sound is not None:
        app.sound.cue(kind, now, arg)
    if app.lights is not None:
        app.lights.cue(kind, now, arg)


def _step_tumble(app, motion, now):
    age = ticks_diff(now, app.since)
    if app.how == BY_SHAKE and app.accel_ok:
        # IDLE mid-tumble: the detector was reset (the pause screen) or missed the end
        done = motion == shake.SETTLED or age >= _MAX_SHAKE_MS or (
            motion == shake.IDLE and age >= _TUMBLE_MS)
    else:
        done = age >= _TUMBLE_MS
    if not done:
        _faces(app, now)
        return
    # The roll lands in three frames, each within 20 ms on a SAMD51 (issue
    # 26, tools/bench_cpu): its chance outcomes and words (no faces tumble);
    # the dice at rest and the message (RESTING); the next prompt (LANDED).
    s = app.state
    app.undo = (s.to_bytes(), app.roller.seed)
    app.news = app.screen.settle(s, app.roller)
    app.phase = RESTING
    if s.is_terminal():  # the game's end at once: let go, the result has the next frame
        while app.phase == RESTING:
            _rest(app)
        _after_action(app, now)


def _rest(app):
    """The landed dice at rest on the screen (``Screen.rest``: a share of
    them a frame, where the screen says so), then the roll's message said;
    the next frame goes on to the prompt."""
    if not app.screen.rest(app.state):
        return
    log(app, app.news, app.how)
    app.news = None
    app.phase = LANDED


def log(app, text, how):
    """A message of play: to the transcript, the message line, and (a
    computer's turn) its newest :data:`_NOTES` for the pause screen's "Last
    turn" (issue 24, item 6)."""
    if text:
        app.log_event(text, how)
        app.say(text)
        turn = app.last_turn
        if turn[0] >= 0 and app.seats[turn[0]]:  # a computer's (a human saw their own)
            notes = turn[1]
            if len(notes) >= _NOTES:
                notes.pop(0)
            notes.append(text)


def _after_action(app, now):
    s = app.state
    if s.is_terminal():
        _let_go(app)
        return
    t = s.turn_player()
    turn = app.last_turn
    was = turn[0]
    if t != was:  # the turn that ended becomes "Last turn"
        if was >= 0:  # its points banked, or lost
            cue(app, 4 if _score(s, was) > turn[4] else 3, now)
        turn[2], turn[3] = was, turn[1]
        turn[0], turn[1], turn[4] = t, [], _score(s, t)
    seats = app.seats
    # From one computer's turn to another's no save (and one erase less): a
    # power cut in it replays it exactly from the record of the turn before,
    # the bots deciding the same, its stream giving the same dice; not while
    # a human acts aside (SKUNK's sit), nor after a retried frame.
    if t != app.turn_saved and not (app.turn_saved >= 0 and was >= 0 and seats[was]
                                    and seats[t] and not app.screen.ASIDE):
        saves.save_game(app, True)  # the next turn's dice committed with it
    prompt(app, now)


def _let_go(app):
    """The game's last action is done: its computer players go (the game's
    ``bot`` and ``hard`` modules, the solved tables' reader) and the heap
    is collected. The next frame shows the result (:func:`_game_over`):
    the two were one frame of 42-52 ms on a SAMD51 with its io
    (tools/bench_cpu, issue 26), over a decision frame's 50."""
    app.phase = PROMPT  # (a roll that ended the game has landed)
    app.screen.bot = None
    package = app.package  # "games.<name>": its bot and hard modules
    rollbox.unload(".".join((package, "bot")), ".".join((package, "hard")), "rollbox.table")
    gc.collect()


def _game_over(app, now):
    """The frame after the game's last action (:func:`_let_go`):
    ``rollbox.ending`` (loaded until the game is saved) shows the result;
    the save is cleared and the game counted in the frames after
    (``rollbox.ending.count_step``). A press in this frame does nothing:
    the player has not seen the result yet."""
    from rollbox import ending

    ending.game_over(app, now)
