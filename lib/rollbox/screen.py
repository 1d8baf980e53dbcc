"""The base of every game's screen (``games/<name>/screen.py``): a
:class:`Screen` subclass per rule set.

A screen turns the game state into displayio shapes and labels (built once
in ``__init__``, updated only where a value changed), turns a human seat's
buttons into actions, and words what happened. The app (``rollbox.app``)
owns timing: prompts, the computer's think time, the tumble, the shake.

The contract, as the app (``rollbox.play``) calls it; a subclass must
override the six the base declares with ``rollbox.engine.must_override``
(``draw``, ``status``, ``press``, ``shake``, ``apply``, ``settle``: they
raise ``NotImplementedError``), the rest have a default:

- ``draw(state)`` after every action: scores, den, dice... from the state.
- ``status(state, accel_ok)`` the status line while a human seat is asked:
  the keys for this step, or (when they do not fit) the pause screen's key
  and "help" (its "Rules and keys" names them all; issue 14, item 3).
- ``press(state, pressed)`` buttons of a human seat -> an action, or None
  (also while a computer seat thinks when the screen sets ``ASIDE``: a
  human may act out of turn, as SKUNK's sitting down)
  (the screen may have moved a cursor, or explained a refusal on the
  message line).
- ``shake(state)`` what a shake means now: an action that starts a roll,
  or None (a shake is then ignored).
- ``preview(state)`` a shake may be starting: the dice it would roll
  (``shake_dice(state)``, a bitmask of slots) tumble from now, their faces
  kept; ``put_back(state)`` when it was no shake.
- ``computer(state)`` the computer seat's action (the game's bot at the
  seat's level, ``rollbox.bots``).
- ``apply(state, action)`` applies it (the screen may apply a few actions
  in a row, e.g. keep then roll) and returns the message ("" for none).
- ``tumble(roller)`` new faces for the dice about to land, drawn every
  80 ms (``next_face``); ``show_tumble()`` a tumbling frame, showing a
  quarter of them in turn (``show_face``, the face on a die).
- ``settle(state, roller)`` lands the dice: applies chance outcomes until a
  seat must decide (or the game ends); returns the message. ``rest(state)``
  in the next frames shows them at rest (True once all are), where the
  screen leaves that to it (``still()`` then stops the tumble in settle,
  with no die moved).
- ``result(state)`` the title line when the game is over.
- ``coach(state)`` the coach overlay's two lines for the human seat to act
  (the bot module's ``coach``); ``coach_at()`` where its two lines go
  (line middles, pixels); ``pause_key()`` the button that opens the pause
  screen (START, 0 where the screen needs START itself).
"""

import displayio

from rollbox.bots import HARD, MEDIUM
from rollbox.controls import START
from rollbox.engine import must_override
from rollbox.view import COACH_AT, INK, PLAIN


class Screen:
    """Base of every game screen.

    :param view: the ``rollbox.view.View``.
    :param game: the rules' ``Game``.
    :param seats: tuple per seat: 0 human, else the computer's level
        (``rollbox.bots.EASY``, ``MEDIUM``, ``HARD``).
    :param buttons: bitmask of the logical buttons this board has.
    :param bot: the game's bot module (``choose(state, level)``).
    """

    THINK_MS = 700  # a computer seat waits this long (ms) before acting
    ASIDE = False  # True: press() is also called while a computer seat thinks
    # The modules the screen imports when it needs them (a name the board
    # already holds: sys.modules'): the pause screen lets them go.
    modules = ()

    def __init__(self, view, game, seats, buttons, bot):
        self.view = view
        self.game = game
        self.seats = seats
        self.buttons = buttons
        self.bot = bot
        self.group = displayio.Group()
        self.dice = []  # the Die widgets, in slot order
        self.rolling = 0  # bitmask of dice slots tumbling now
        self._held = b""  # faces and tints before a shake preview
        self._drawn = bytearray()  # the tumble's next face and wobble, 3 bytes a die
        self._due = 0  # bitmask of dice whose drawn face is not shown yet
        self._turn = 0  # the die show_tumble looks at first

    # Each subclass overrides these six (the module docstring says what
    # each does); the base's raise NotImplementedError.
    draw = status = press = shake = apply = settle = must_override

    def say(self, text):
        """Put ``text`` on the message line, in white: a refusal or a hint
        about this moment, cleared at the next press (``rollbox.play``;
        the news of play is yellow)."""
        v = self.view
        v.set_text(v.message, text)
        v.set_color(v.message, INK)

    def plan(self, state):
        """The seat's decision in pieces from the bot's ``plan`` (a
        generator, ``rollbox.bots``), or None when the bot decides at once."""
        make = getattr(self.bot, "plan", None)
        return None if make is None else make(state, self.seats[state.current_player()])

    def computer(self, state, planned=None):
        """The seat's action from the bot at the seat's level (``planned``,
        when a :meth:`plan` worked it out). A hard seat
        whose solved table is missing or damaged (``OSError``,
        ``ValueError`` from ``rollbox.table``) plays this decision at
        medium and the message line says so: the game goes on."""
        if planned is not None:
            return planned
        level = self.seats[state.current_player()]
        try:
            return self.bot.choose(state, level)
        except (OSError, ValueError):
            if level < HARD:
                raise
            self.say("Hard table unreadable: medium")
            return self.bot.choose(state, MEDIUM)

    def coach(self, state):
        """Two lines (at most 26 characters each) of odds and the hard
        player's move for the seat to act (``bot.coach``)."""
        return self.bot.coach(state)

    def coach_at(self):
        """The y (pixels, line middles) of the coach's two lines: lines
        where they cover none of the seat's score, dice or den (issue 14;
        by default the title line and the one below it)."""
        return COACH_AT

    def pause_key(self):
        """The button that opens the pause screen in play (START; A and B
        held together for 1 s open it on every board)."""
        return START

    def shake_dice(self, state):
        """Bitmask of the dice slots a shake would roll now (every die)."""
        return (1 << len(self.dice)) - 1

    def tumble(self, roller):
        """New random faces and wobbles (pixels) for every tumbling slot,
        drawn now (:meth:`next_face`) and shown in turn (:meth:`show_tumble`)."""
        for i in range(len(self.dice)):
            if self.rolling >> i & 1:
                self.next_face(i, roller.face(), roller.face() - 3, 3 - roller.face())

    def next_face(self, i, face, dx, dy):
        """Die ``i``'s next tumbling face (1..6) and wobble (dx, dy:
        pixels from its place, -64..63), kept until :meth:`show_tumble`
        shows it. The first tumble makes the room (3 bytes a die)."""
        k = 3 * i
        drawn = self._drawn
        if len(drawn) < k + 3:
            drawn = self._drawn = bytearray(3 * len(self.dice))
        drawn[k] = face
        drawn[k + 1] = dx + 64
        drawn[k + 2] = dy + 64
        self._due |= 1 << i

    def show_tumble(self):
        """A tumbling frame: the faces drawn for a quarter of the tumbling
        dice (at least one) shown, in turn from where the last frame
        stopped, so a frame redraws at most that many dice, not all of
        them when the faces change (issue 26: a tumble frame within 20 ms
        on a PyBadge; tools/bench_cpu)."""
        due = self._due
        if not due:
            return
        r, share = self.rolling, 3
        while r:
            r &= r - 1
            share += 1
        share >>= 2
        i, n, drawn = self._turn, len(self.dice), self._drawn
        for _ in range(n):
            if due >> i & 1:
                due ^= 1 << i
                k = 3 * i
                if self.show_face(i, drawn[k], drawn[k + 1] - 64, drawn[k + 2] - 64):
                    self.view.dirty = True
                share -= 1
            i = i + 1 if i + 1 < n else 0
            if share <= 0 or not due:
                break
        self._due, self._turn = due, i

    def show_face(self, i, face, dx, dy):
        """Die ``i`` shows tumbling ``face`` (1..6) at its wobble (pixels).
        Returns True when anything changed."""
        die = self.dice[i]
        return die.show(face, PLAIN) | die.move(dx, dy)

    def preview(self, state):
        """A shake may be starting: every die's face and tint kept, the
        dice a shake would roll set tumbling."""
        self._held = bytes(die.face for die in self.dice) + bytes(die.tint for die in self.dice)
        self.rolling = self.shake_dice(state)

    def put_back(self, state):
        """The preview was no shake: every die home, with the face and tint
        it had when :meth:`preview` was called."""
        self.home()
        held = self._held
        n = len(self.dice)
        for i in range(n):
            if self.dice[i].show(held[i], held[n + i]):
                self.view.dirty = True

    def still(self):
        """Nothing tumbling; the dice stay where they are, for :meth:`rest`
        (or :meth:`home`) to put them back."""
        self.rolling = self._due = 0

    def rest(self, state):
        """The landed dice at rest, in the frames after :meth:`settle` (issue
        26: a landing's work in frames each within 20 ms on a SAMD51).
        Returns True when they all are, False to go on next frame. By
        default True at once: the screen's settle showed them."""
        return True

    def home(self):
        """Every die back in its place, nothing tumbling."""
        self.still()
        for die in self.dice:
            if die.move(0, 0):
                self.view.dirty = True

    def result(self, state):
        won = state.winners()
        if len(won) == 1:
            return "P%d (%s) wins!" % (won[0] + 1, "computer" if self.seats[won[0]] else "human")
        return "Shared win: " + " ".join("P%d" % (p + 1) for p in won)
