"""Play: one game's turn cycle on the app (``rollbox.app.App``), as
functions of the app so that nothing is copied: prompt -> act -> tumble ->
settle -> the next prompt, the coach overlay, the game's end, and the undo
after a MemoryError.

The app's attributes it works on: ``game``, ``state``, ``screen``,
``seats``, ``view``, ``roller``, ``coach``, ``accel_ok`` and its own:
``phase`` (:data:`PROMPT`, :data:`TUMBLE`, :data:`PREVIEW`), ``since`` (ms:
the prompt or tumble began), ``face_at`` (ms: the next tumbling faces),
``how`` (how the action being rolled came: :data:`BY_BUTTON`,
:data:`BY_SHAKE`, :data:`BY_COMPUTER`), ``armed`` (a shake may roll: the
detector was idle inside this prompt), ``undo`` (the state's bytes before
this frame's action, or None).

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
        saves.save_game(app)


def step(app, pressed, motion, now):
    """One press (a logical button bit, or 0) and the shake detector's
    ``motion`` at ``now`` (ms) in play.

    :returns: True when the press opens the pause screen (the app opens it).
    """
    if app.phase == TUMBLE:  # a press does nothing in a roll
        _step_tumble(app, motion, now)
        return False
    s = app.state
    screen = app.screen
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
    if motion == shake.IDLE:
        app.armed = True  # a shake must begin inside the prompt
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
        action = screen.press(s, pressed)
        draw_prompt(app)
    if action is not None:
        act(app, action, now, how)
    return False


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
    if p < 0:
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
    app.undo = app.state.to_bytes()
    try:
        text = app.screen.apply(app.state, action)
    except ValueError as err:
        app.screen.say(str(err))
        return
    if text:
        app.log_event(text, how)
        app.say(text)
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
    app.turn_saved = -1  # the next turn boundary saves again: the nvm follows the retry
    app.state = app.game.state_from_bytes(raw)
    if app.mode == app.OVER and not app.state.is_terminal():
        app.mode = app.PLAY
    if not (app.phase == TUMBLE and app.state.is_chance_node()):
        app.phase = PROMPT  # a roll being settled is settled again
    app.screen.home()


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
        done = motion == shake.SETTLED or age >= _MAX_SHAKE_MS
    else:
        done = age >= _TUMBLE_MS
    if done:
        app.undo = app.state.to_bytes()
        text = app.screen.settle(app.state, app.roller)
        app.log_event(text, app.how)
        app.say(text)
        _after_action(app, now)


def _after_action(app, now):
    s = app.state
    if s.is_terminal():
        _game_over(app)
        return
    if s.turn_player() != app.turn_saved:
        saves.save_game(app)
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
