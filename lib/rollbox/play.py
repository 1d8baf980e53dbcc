"""Play: one game's turn cycle on the app (``rollbox.app.App``), as
functions of the app so that nothing is copied: prompt -> act -> tumble ->
settle -> the next prompt, the coach overlay, the game's end, and the undo
after a MemoryError.

The app's attributes it works on: ``game``, ``state``, ``screen``,
``seats``, ``view``, ``roller``, ``coach``, ``accel_ok`` and its own:
``phase`` (:data:`PROMPT`, :data:`TUMBLE`, :data:`PREVIEW`), ``held`` and
``held_turn`` (the presses made during a roll, kept for its end),
``this_turn`` and ``last_turn`` (the messages of this turn; the seat and
messages of the turn before, for the pause screen), ``since`` (ms:
the prompt or tumble began), ``face_at`` (ms: the next tumbling faces),
``how`` (how the action being rolled came: :data:`BY_BUTTON`,
:data:`BY_SHAKE`, :data:`BY_COMPUTER`), ``armed`` (a shake may roll: the
detector was idle inside this prompt), ``calm`` (the board has been still
since the detector was made or reset: a shake carried over from the menu
or the pause screen never rolls, issue 24 item 7), ``undo`` (the state's bytes before
this frame's action, or None), ``undo_stream`` (the dice stream then).

A shake at a human seat's prompt: the dice tumble as soon as the detector
sees strong motion (MOVING), before it is a shake, so that the roll feels
instant; nothing is applied until the detector confirms the shake
(SHAKING: the screen's shake action, then the tumble goes on until SETTLED
decides the roll). A swing or a bump (CANCELLED), a button, or the
accelerometer failing put the dice back on their faces with nothing
rolled. Issue 13.
"""

import gc

from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

import rollbox
from rollbox import (
    saves,
    shake,  # its states by name: fewer names in this module's dict
)
from rollbox.controls import PAUSE, START

PROMPT = const(0)  # waiting for the seat to act
TUMBLE = const(1)  # dice tumbling; the roll is decided when it ends
PREVIEW = const(2)  # motion at a human prompt, not yet a shake: the dice tumble, nothing rolled

_TUMBLE_MS = const(700)  # a button or computer roll tumbles this long
_FACE_MS = const(80)  # tumbling faces change this often
_MAX_SHAKE_MS = const(10000)  # a shake that never settles is decided anyway
HELD = const(8)  # presses kept during a roll (``app.held``: HELD of them, then the count)
NOTES = const(7)  # messages of a turn kept for "Last turn" (a page of the pause screen)

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
    if app.phase == TUMBLE:  # the pause at once; other presses wait for the roll
        if pressed == PAUSE or (pressed == START and screen.pause_key() == START):
            return True
        if pressed:
            _keep_press(app, pressed)
        _step_tumble(app, motion, now)
        return False
    s = app.state
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
                if app.phase != PREVIEW:
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
        if ticks_diff(now, app.since) >= screen.THINK_MS:
            gc.collect()  # the bot's search wants the heap in one piece
            act(app, screen.computer(s), now, BY_COMPUTER)
        elif pressed and screen.ASIDE:  # a human out of turn (SKUNK: sit down)
            action = screen.press(s, pressed)
            if action is not None:
                act(app, action, now, BY_BUTTON)
        return False
    if motion == shake.IDLE and (app.calm or app.detector.still(now)):
        # A shake must begin inside the prompt, and (after a new detector or
        # the pause's reset, which report IDLE mid-shake) once the board was still.
        app.armed = app.calm = True
    action = None
    how = BY_BUTTON
    if app.armed and motion == shake.MOVING and screen.shake(s) is not None:
        app.phase = PREVIEW  # the dice a shake would roll tumble, nothing applied
        app.face_at = now
        screen.preview(s)
        app.view.set_text(app.view.status, "Shaking...")
        return False
    if app.armed and motion == shake.SHAKING:  # (a stalled frame can skip MOVING)
        action = screen.shake(s)
        how = BY_SHAKE
    elif pressed:
        v = app.view
        if v.transient:  # the last refusal or hint described the moment before this press
            v.set_text(v.message, "")
            v.transient = False
        action = screen.press(s, pressed)
        draw_prompt(app)
    if action is not None:
        act(app, action, now, how)
    return False


def _keep_press(app, pressed):
    """A press during a roll, kept (up to :data:`HELD` of them) for the seat
    to act when the dice have landed (issue 24, item 6)."""
    n = app.held[HELD]
    if n < HELD and pressed < 256:
        if not n:
            app.held_turn = app.state.turn_player()
        app.held[n] = pressed
        app.held[HELD] = n + 1


def held_press(app):
    """The next press kept during the last roll, once the dice have landed
    and play prompts again (0: none). Kept presses are dropped when the
    roll passed the turn to another seat: they were that seat's."""
    held = app.held
    n = held[HELD]
    if not n or app.phase != PROMPT or app.mode != app.PLAY:
        return 0
    if app.state.turn_player() != app.held_turn:
        held[HELD] = 0
        return 0
    pressed = held[0]
    held[0:n - 1] = held[1:n]
    held[HELD] = n - 1
    return pressed


def prompt(app, now):
    """The seat to act is asked: the screen drawn, the status line and coach."""
    app.phase = PROMPT
    app.since = now
    app.armed = False
    app.screen.draw(app.state)
    draw_prompt(app)


def draw_prompt(app):
    """The status line (what the buttons do now) and the coach's two lines
    for a human seat when the coach is on."""
    s = app.state
    p = s.current_player()
    v = app.view
    if app.phase == TUMBLE:  # back from the pause screen mid-roll
        v.set_text(v.status, "Shaking..." if app.how == BY_SHAKE else "Rolling...")
    elif p < 0:
        v.set_text(v.status, "Rolling...")
    elif app.seats[p]:
        v.set_text(v.status, "P%d (computer) thinking" % (p + 1))
    else:
        v.set_text(v.status, app.screen.status(s, app.accel_ok))
    v.show_coach(app.screen.coach(s) if app.coach and p >= 0 and not app.seats[p] else None,
                 app.screen.coach_at())


def act(app, action, now, how):
    """Apply ``action`` through the screen (a refusal is said on the
    message line): a roll tumbles, anything else goes on at once."""
    _mark(app)
    try:
        text = app.screen.apply(app.state, action)
    except ValueError as err:
        app.screen.say(str(err))
        return
    if text:
        app.log_event(text, how)
        app.say(text)
        _note(app, text)
    if app.state.is_chance_node():
        tumble(app, now, how)
    else:
        _after_action(app, now)


def undo(app):
    """After a MemoryError: the game as it was before this frame's action
    (``app.undo``, the state's bytes); the screen redraws from it. Nothing
    to undo when the frame began no action.

    :raises MemoryError: no room to rebuild the state either (the app tries
        again next frame).
    """
    if app.game is None or app.undo is None:
        return
    raw = app.undo
    app.undo = None
    app.roller.stream = app.undo_stream  # the same dice for the retried roll
    app.turn_saved = -1  # the next turn boundary saves again: the nvm follows the retry
    app.state = app.game.state_from_bytes(raw)
    if app.mode == app.OVER and not app.state.is_terminal():
        app.mode = app.PLAY
    if not (app.phase == TUMBLE and app.state.is_chance_node()):
        app.phase = PROMPT  # a roll being settled is settled again
    app.screen.home()


def _mark(app):
    """What :func:`undo` goes back to: the state's bytes and the dice stream
    before this frame's action."""
    app.undo = app.state.to_bytes()
    app.undo_stream = app.roller.stream


def tumble(app, now, how):
    app.phase = TUMBLE
    app.since = now
    app.face_at = now
    app.how = how
    app.view.set_text(app.view.status, "Shaking..." if how == BY_SHAKE else "Rolling...")


def _faces(app, now):
    """A tumbling frame: new faces every _FACE_MS."""
    if ticks_diff(now, app.face_at) >= 0:
        app.screen.tumble(app.roller)
        app.face_at = ticks_add(now, _FACE_MS)


def _step_tumble(app, motion, now):
    _faces(app, now)
    age = ticks_diff(now, app.since)
    if app.how == BY_SHAKE and app.accel_ok:
        # IDLE mid-tumble: the detector was reset (the pause screen) or missed the end
        done = motion == shake.SETTLED or age >= _MAX_SHAKE_MS or (
            motion == shake.IDLE and age >= _TUMBLE_MS)
    else:
        done = age >= _TUMBLE_MS
    if done:
        _mark(app)
        text = app.screen.settle(app.state, app.roller)
        app.log_event(text, app.how)
        app.say(text)
        _note(app, text)
        _after_action(app, now)


def _note(app, text):
    """``text`` (a message of this turn) kept for the pause screen's "Last
    turn" (issue 24, item 6): the newest :data:`NOTES` of the turn."""
    if text:
        notes = app.this_turn
        if len(notes) >= NOTES:
            notes.pop(0)
        notes.append(text)


def _after_action(app, now):
    s = app.state
    if s.is_terminal():
        _game_over(app)
        return
    if s.turn_player() != app.turn_saved:
        # The turn that ended, for "Last turn": its seat and its messages.
        app.last_turn = (app.turn_saved, app.this_turn)
        app.this_turn = []
        saves.save_game(app, True)  # the next turn's dice committed with it
    prompt(app, now)


def _game_over(app):
    """The result on the title line; the computer players go (the game's
    ``bot`` and ``hard`` modules, the solved tables' reader), then the
    save is cleared and the game counted (``rollbox.saves``)."""
    s = app.state
    app.mode = app.OVER
    app.screen.draw(s)
    v = app.view
    result = app.screen.result(s)
    won = s.winners()
    app.series = (app.index, len(app.seats), won[0]) if len(won) == 1 else None
    v.set_text(v.title, result)
    v.set_text(v.status, "A: menu")
    v.show_coach(None)  # the result is the news now
    app.log_event(result, ENDED)
    app.screen.bot = None  # the computer players and their tables go first
    package = app.package  # "games.<name>": its bot and hard modules
    rollbox.unload(".".join((package, "bot")), ".".join((package, "hard")), "rollbox.table")
    gc.collect()
    try:  # the result stands whatever the saves meet
        saves.game_over(app, won)
    except MemoryError:
        app.say("Out of memory: not counted")
