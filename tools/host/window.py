"""Rollbox in a window on a PC: the device's code.py on a host board, its
framebuffer scaled up with crisp pixels in a pygame window, the board's
buttons drawn beside it and pressed by keyboard or mouse, a shake by
dragging the board or holding S, on a real clock at the board's frame
period. ``tools/play`` (``make play``) opens it; the tests drive it with
injected events.

How a frame runs: code.py's ``App.run()`` reads ``ticks_ms()`` once a frame.
In the window that read ends the frame (:class:`FrameClock`): the screen the
app drew is shown, the clock waits for the next frame on the real clock
(``FRAME_MS``, or less when a key comes: the next frame starts at once),
and the input that came meanwhile reaches the board (keypad levels, the
LIS3DH's motion) at the new time, before the app looks. A key shows on the
screen at the end of the frame that takes it: the key's wait for a frame
is gone, what is left is the app's step and the drawing
(``tools/bench_window`` measures it).

Keys (``KEYS``): arrows, Z = A, X = B, Enter = START, Space = SELECT, S held
= shake; Esc or closing the window quits (:class:`Closed`). A key or click
for a button the board lacks does nothing.

A shake (S held, or a drag of the board: ``host.hand``) shows a meter on
the panel, never on the device's screen: how hard the board shakes
against the mark, what the app's shake detector needs to start at the
sensitivity it plays at (``hand.needed`` of ``hw.shake[app.sensitivity]``),
and "shake harder" below it. Once the detector confirms a shake, the rest
of that hold or drag is still ("let go to shake again"): one roll each.

Sound and lights (issue 25): the board's NeoPixels are a row of dots under
the screen in their colours (as lit: ``host.lights.shown``), redrawn at
the end of a frame that wrote them; the screen shows dimmed by
``board.DISPLAY.brightness``. The sound the device code makes
(``host.audio``, rendered from the board's recorder) goes to pygame's
mixer at the end of each frame, up to the frame's time: the latency is
the frame, the mixer's buffer (256 samples) and whatever the mixer still
had queued (kept under ``MAX_QUEUED_MS``). With no audio device (or
SDL's dummy driver) there is no sound and no error (:class:`LiveSound`).
"""
import gc
import os
import runpy
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from host import boards, hand  # noqa: E402
from host import clock as host_clock  # noqa: E402
from host.lights import shown  # noqa: E402

FRAME_MS = 20  # the board's frame period as the simulator and shake figures take it
MARGIN = 16  # pixels around the screen and the panel
PANEL_W, PANEL_H = 240, 330  # the button panel beside the screen (pixels)
BODY = (28, 28, 34)  # the board's black PCB
BEZEL = (8, 8, 10)
KEY_UP, KEY_DOWN = (88, 88, 100), (232, 182, 40)
INK = (220, 220, 228)
DIM = (150, 150, 160)
NAMES = {"pybadge": "PyBadge", "edgebadge": "EdgeBadge", "pygamer": "PyGamer",
         "cpb_gizmo": "Circuit Playground Bluefruit + TFT Gizmo",
         "generic": "generic board (board.DISPLAY, A and B)"}
KEYS = {pygame.K_UP: "UP", pygame.K_DOWN: "DOWN", pygame.K_LEFT: "LEFT",
        pygame.K_RIGHT: "RIGHT", pygame.K_z: "A", pygame.K_x: "B",
        pygame.K_RETURN: "START", pygame.K_KP_ENTER: "START", pygame.K_SPACE: "SELECT"}
SHAKE_KEY = pygame.K_s
# Events that may start the next frame at once (a pointer's motion waits:
# the drag is sampled once a frame anyway).
WAKE = (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
        pygame.QUIT)
# Each button on the panel: (shape, centre x, centre y, label) in panel pixels;
# rounded squares for the d-pad, circles for A and B, pills for SELECT and START,
# placed as on a PyBadge.
BUTTON_ART = {
    "UP": ("dpad", 60, 90, ""), "DOWN": ("dpad", 60, 150, ""),
    "LEFT": ("dpad", 30, 120, ""), "RIGHT": ("dpad", 90, 120, ""),
    "B": ("round", 150, 135, "B: X"), "A": ("round", 205, 105, "A: Z"),
    "SELECT": ("pill", 60, 215, "SELECT: Space"), "START": ("pill", 175, 215, "START: Enter"),
}
DPAD_LABEL = (60, 178, "arrow keys")
TITLE_Y, SHAKING_Y = 14, 40  # panel pixels: the board's name, the meter's words
METER = (20, 52, 200, 10)  # the meter's bar (panel pixels): the mark at its middle
METER_ROWS = (30, 36)  # top and height of the words, the bar and the mark's ends
LOW = (200, 90, 70)  # the bar under the mark
SHAKING, HARDER, SPENT = "~ shaking ~", "shake harder", "let go to shake again"
NO_ACCEL = "no accelerometer: A rolls"
LIGHTS_GAP, LIGHTS_H = 10, 24  # the NeoPixels' row under the screen (pixels)
LIGHT_D = 16  # a NeoPixel's diameter (pixels)
MAX_QUEUED_MS = 100  # sound older than this waiting for the mixer is dropped
HINTS_Y = 276
HINTS = ("S held, or drag back and forth: shake", "Esc or close the window: quit",
         "(the game is saved as you play)")


def keys_help(profile):
    """The keys of ``profile``'s buttons and the window's own, in one line."""
    names = boards.BUTTONS[profile][0]
    keys = ["Z = A", "X = B"]
    if "START" in names:
        keys += ["Enter = START", "Space = SELECT"]
    if "UP" in names:
        keys.append("arrows = the d-pad")
    return ", ".join(keys) + "; S held or a mouse drag on the board: shake; Esc or close: quit"


class Closed(BaseException):
    """The window was closed (or Esc pressed): ends code.py's endless loop.
    A BaseException, so no ``except Exception`` in the app catches it."""


class FrameClock(host_clock.Clock):
    """The board's clock in the window: each ``ticks_ms()`` read (once a
    frame in ``App.run``) first calls ``end_frame`` (show, wait, take input)."""

    __slots__ = ("_end_frame",)

    def __init__(self, end_frame):
        super().__init__(0)
        self._end_frame = end_frame

    def ticks_ms(self):
        self._end_frame()
        return super().ticks_ms()


class Window:
    """A pygame window for one host board.

    :param board: a ``host.boards.HostBoard``.
    :param scale: window pixels per display pixel (1..8).
    :param paced: True: frames every ``FRAME_MS`` of the real clock (the
        clock follows it, skipping frames a slow step used up); False: as
        fast as the host can, ``FRAME_MS`` of clock a frame (tests).
    :param on_frame: None, or ``on_frame(window)`` called at each frame's
        end before its input is read (a test posts events there).
    :raises ValueError: a scale out of range.
    :raises pygame.error: no display to open a window on.

    Attributes: ``clock`` (the :class:`FrameClock` to ``host.clock.use``),
    ``frames`` (frames ended), ``shown_at`` (``time.monotonic()`` when a
    new screen last reached the window, s), ``began_at`` (when the last
    frame's input was in and the app's step began, s), ``screen_rect`` (where the display is, window
    pixels), ``buttons`` ({name: pygame.Rect}), ``down`` (buttons held).
    """

    def __init__(self, board, scale, paced=True, on_frame=None):
        if not 1 <= scale <= 8:
            raise ValueError("scale is 1..8, not %r" % (scale,))
        self.board = board
        self.scale = scale
        self.paced = paced
        self.on_frame = on_frame
        self.clock = FrameClock(self.end_frame)
        self.frames = 0
        self.shown_at = self.began_at = 0.0
        self.down = set()
        fb = board.framebuffer
        width, height = fb.display.width, fb.display.height
        self.screen_rect = pygame.Rect(MARGIN, MARGIN, width * scale, height * scale)
        self.lights_rect = None  # where the NeoPixels are drawn (none: no NeoPixels)
        self.light_centres = []  # each NeoPixel's centre (window pixels)
        bottom = self.screen_rect.bottom
        if board.lights.pixels:
            self.lights_rect = pygame.Rect(MARGIN, bottom + LIGHTS_GAP, self.screen_rect.width,
                                           LIGHTS_H)
            step = self.lights_rect.width / board.lights.pixels
            self.light_centres = [(round(self.lights_rect.x + step * (i + 0.5)),
                                   self.lights_rect.centery)
                                  for i in range(board.lights.pixels)]
            bottom = self.lights_rect.bottom
        panel_x = self.screen_rect.right + MARGIN
        panel_y = MARGIN
        size = (panel_x + PANEL_W + MARGIN, max(bottom, panel_y + PANEL_H) + MARGIN)
        self.buttons = {}
        for name in board.buttons():
            shape, x, y, _ = BUTTON_ART[name]
            w, h = {"dpad": (28, 28), "round": (36, 36), "pill": (52, 18)}[shape]
            self.buttons[name] = pygame.Rect(panel_x + x - w // 2, panel_y + y - h // 2, w, h)
        self._panel = (panel_x, panel_y)
        pygame.display.init()
        if pygame.display.get_driver() in ("offscreen", "dummy") and \
                not os.environ.get("SDL_VIDEODRIVER"):
            pygame.display.quit()  # SDL found no screen and fell back to drawing nowhere
            raise pygame.error("no screen to show a window on (SDL: no video device)")
        pygame.font.init()
        self.surface = pygame.display.set_mode(size)
        pygame.display.set_caption("Rollbox: %s" % NAMES[board.profile])
        self._font = pygame.font.Font(None, 21)
        self._meter = None  # what the panel's meter shows (words, bar pixels)
        self._app = None  # code.py's App, once found (app_of)
        self._fresh = False  # the detector was off SHAKING during this shake (_feed)
        self.meter = None  # (strength m/s², needed m/s², words) while shaken
        self._drag = None  # the DragShake while the board is dragged
        self._pointer = (0, 0)
        self._held_shake = None
        self._mouse_button = None  # the button the mouse holds down
        self._wall = None  # time.monotonic() of the clock's 0
        self._changed_buttons = []  # rects of buttons drawn since the last frame
        self._changed_now = set()  # buttons that changed at this frame's input
        self._queued = []  # (name, down) changes waiting for a frame of their own
        self._shows = 0  # NeoPixel writes drawn
        self.sound = LiveSound(board.audio)
        self._draw_board()
        self._show_screen()
        self._show_lights()
        pygame.display.flip()

    # --- drawing ---------------------------------------------------------------------
    def _text(self, text, centre, colour=INK):
        image = self._font.render(text, True, colour)
        self.surface.blit(image, image.get_rect(center=centre))

    def _draw_board(self):
        self.surface.fill(BODY)
        self.surface.fill(BEZEL, self.screen_rect.inflate(8, 8))
        px, py = self._panel
        title = NAMES[self.board.profile].split(" + ")[0].split(" (")[0]
        self._text(title, (px + PANEL_W // 2, py + TITLE_Y))
        for name in self.buttons:
            label = BUTTON_ART[name][3]
            if label:
                rect = self.buttons[name]
                self._text(label, (rect.centerx, rect.bottom + 12), DIM)
        if "UP" in self.buttons:
            x, y, label = DPAD_LABEL
            self._text(label, (px + x, py + y), DIM)
        for i, hint in enumerate(HINTS):
            self._text(hint, (px + PANEL_W // 2, py + HINTS_Y + 20 * i), DIM)
        for name in self.buttons:
            self._draw_button(name)

    def _draw_button(self, name):
        rect = self.buttons[name]
        colour = KEY_DOWN if name in self.down else KEY_UP
        shape = BUTTON_ART[name][0]
        if shape == "round":
            pygame.draw.ellipse(self.surface, colour, rect)
            self._text(name, rect.center, BODY)
        else:
            pygame.draw.rect(self.surface, colour, rect, border_radius=rect.height // 2
                             if shape == "pill" else 4)
        return rect

    def _show_meter(self):
        """The meter under the board's name while S is held or the board
        dragged (:attr:`meter`); returns the rect drawn, or None when
        nothing changed."""
        shown = None
        if self.meter is not None:
            strength, need, words = self.meter
            shown = (words, min(METER[2], round(METER[2] / 2 * strength / need)))
        if shown == self._meter:
            return None
        self._meter = shown
        px, py = self._panel
        top, height = METER_ROWS
        rect = pygame.Rect(px, py + top, PANEL_W, height)
        self.surface.fill(BODY, rect)
        if shown is not None:
            self._draw_meter(*shown)
        return rect

    def _draw_meter(self, words, filled):
        """``words`` over a bar ``filled`` pixels long, the mark at its middle."""
        px, py = self._panel
        colour = KEY_DOWN if words == SHAKING else INK
        self._text(words, (px + PANEL_W // 2, py + SHAKING_Y), colour)
        if words == NO_ACCEL:
            return
        x, y, w, h = METER
        bar = pygame.Rect(px + x, py + y, w, h)
        self.surface.fill(BEZEL, bar)
        self.surface.fill(KEY_DOWN if words == SHAKING else LOW, (bar.x, bar.y, filled, h))
        self.surface.fill(INK, (bar.centerx - 1, bar.y - 3, 2, h + 6))  # the mark

    def _measure(self):
        """:attr:`meter` for this frame's shake (None: none), after the
        app's step: a shake the detector has just confirmed is spent."""
        motion = self._shake()
        app = self._find_app() if motion is not None else None
        self.meter = None
        if app is None:
            return
        from rollbox import shake

        need = hand.needed(app.hw.shake[app.sensitivity])
        if not app.accel_ok:  # button-roll mode, or the LIS3DH failed
            self.meter = (0.0, need, NO_ACCEL)
            return
        confirmed = app.detector.state in (shake.SHAKING, shake.SETTLED)
        if not confirmed:
            self._fresh = True
        elif self._fresh and not motion.spent:
            motion.spend(self.clock.now)
        if motion.spent:
            words = SPENT
        else:
            words = SHAKING if motion.strength >= need else HARDER
        self.meter = (motion.strength, need, words)

    def _find_app(self):
        if self._app is None:
            self._app = app_of(self)
        return self._app

    def _show_lights(self):
        """The NeoPixels as dots in their colours now; returns the rect drawn
        (None: no NeoPixels)."""
        if self.lights_rect is None:
            return None
        self.surface.fill(BODY, self.lights_rect)
        for centre, rgb in zip(self.light_centres, self.board.lights.colours_at()):
            pygame.draw.circle(self.surface, shown(rgb), centre, LIGHT_D // 2)
            pygame.draw.circle(self.surface, BEZEL, centre, LIGHT_D // 2, 1)
        return self.lights_rect

    def _show_screen(self):
        """The framebuffer, each display pixel a ``scale`` square."""
        image = self.board.framebuffer.to_image()
        frame = pygame.image.frombuffer(image.tobytes(), image.size, "RGB")
        if self.scale > 1:
            frame = pygame.transform.scale(frame, self.screen_rect.size)  # nearest: crisp
        self.surface.blit(frame, self.screen_rect)

    # --- the frame -------------------------------------------------------------------
    def end_frame(self):
        """Show this frame, wait for the next, read the input into the board
        at the new time (see the module doc).

        :raises Closed: the window was closed or Esc pressed.
        """
        dirty = []
        fb = self.board.framebuffer
        new_screen = fb.take_dirty()
        if fb.take_dim():  # the backlight changed: the same pixels, dimmer or brighter
            new_screen = new_screen or -1
        if new_screen:
            self._show_screen()
            dirty.append(self.screen_rect)
        shows = len(self.board.lights.shows)
        if shows != self._shows:
            self._shows = shows
            rect = self._show_lights()
            if rect is not None:
                dirty.append(rect)
        self.sound.feed(self.clock.now)
        dirty.extend(self._changed_buttons)
        self._changed_buttons = []
        self._measure()
        meter = self._show_meter()
        if meter:
            dirty.append(meter)
        if dirty:
            pygame.display.update(dirty)
        if new_screen:
            self.shown_at = time.monotonic()
        self.frames += 1
        if self.on_frame is not None:
            self.on_frame(self)
        events = self._wait() + pygame.event.get()
        self._changed_now = set()
        queued, self._queued = self._queued, []
        for name, down in queued:
            self._button(name, down)
        for event in events:
            self._take(event)
        self.began_at = time.monotonic()
        if self._drag is not None:
            self._drag.add(self.clock.now, *self._pointer)

    def _wait(self):
        """Until the next frame is due on the real clock, or sooner when a
        key or a mouse button comes and this frame began on time (so the
        clock is never a whole frame ahead of the real clock); then the
        clock moves on by whole frames (more after a slow step). Returns
        the events that came while waiting, oldest first."""
        clock = self.clock
        if not self.paced:
            clock.advance(FRAME_MS)
            return []
        if self._wall is None:
            self._wall = time.monotonic() - clock.now / 1000
        began = self._wall + clock.now / 1000  # when this frame was due
        due = began + FRAME_MS / 1000
        may_wake = time.monotonic() >= began
        events = []
        while True:
            left = int((due - time.monotonic()) * 1000)
            if left <= 0:
                break
            event = pygame.event.wait(left)
            if event.type == pygame.NOEVENT:
                continue
            events.append(event)
            if may_wake and event.type in WAKE:
                break
        late = max(0, int((time.monotonic() - due) * 1000))
        clock.advance(FRAME_MS * (1 + late // FRAME_MS))  # on the frame grid
        return events

    # --- input -----------------------------------------------------------------------
    def _take(self, event):
        kind = event.type
        if kind == pygame.QUIT or kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            raise Closed()
        if kind in (pygame.KEYDOWN, pygame.KEYUP):
            down = kind == pygame.KEYDOWN
            if event.key == SHAKE_KEY:
                self._shake_key(down)
            elif event.key in KEYS:
                self._button(KEYS[event.key], down)
        elif kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pointer = event.pos
            name = self._hit(event.pos)
            if name:
                self._mouse_button = name
                self._button(name, True)
            else:
                self._drag = hand.DragShake(self.clock.now, *event.pos)
                self._feed()
        elif kind == pygame.MOUSEMOTION:
            self._pointer = event.pos
        elif kind == pygame.MOUSEBUTTONUP and event.button == 1:
            self._let_go_mouse()
        elif kind == pygame.WINDOWFOCUSLOST:
            self.let_go()

    def _hit(self, pos):
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None

    def _button(self, name, down):
        """Press or let go of ``name``; a second change of a button in one
        frame waits for the next frame, so that the keypad's scan sees
        every level: a click or tap shorter than a frame, or keys mashed
        faster than the frames, still count press by press."""
        if name not in self.buttons:
            return  # a button this board lacks
        if name in self._changed_now or any(n == name for n, _ in self._queued):
            self._queued.append((name, down))
            return
        if (name in self.down) == down:
            return  # a key's repeat
        self._changed_now.add(name)
        (self.down.add if down else self.down.discard)(name)
        self.board.set_button(name, down)
        self._changed_buttons.append(self._draw_button(name))

    def _shake_key(self, down):
        if down and self._held_shake is None:
            self._held_shake = hand.HeldShake(self.clock.now)
            self._feed()
        elif not down and self._held_shake is not None:
            self._held_shake.release(self.clock.now)
            self._held_shake = None
            self._feed()

    def _let_go_mouse(self):
        if self._mouse_button:
            self._button(self._mouse_button, False)
            self._mouse_button = None
        if self._drag is not None:
            self._drag = None
            self._feed()

    def _shake(self):
        """The shake the board feels: S held, else the drag, else None."""
        return self._held_shake or self._drag

    def _feed(self):
        """The board's motion is :meth:`_shake` (still without one); a
        confirmation is this shake's once the detector is off SHAKING."""
        self.board.motion = self._shake() or boards.Still()
        self._fresh = False

    def let_go(self):
        """Every button up and the board still (the window lost the focus:
        its key-ups would go elsewhere)."""
        self._queued = [(n, d) for n, d in self._queued if not d]
        for name in list(self.down):
            self._button(name, False)
        self._mouse_button = None
        self._shake_key(False)
        self._let_go_mouse()

    def close(self):
        """Close the window (pygame's display and mixer shut down)."""
        self._app = None
        self.sound.close()
        pygame.display.quit()


class LiveSound:
    """The board's sound through pygame's mixer as the window plays:
    :meth:`feed` renders the recorder's track up to a time
    (``host.audio.Stream``) and queues it on one mixer channel.

    Attributes: ``fed`` (samples rendered), ``played`` (samples handed to
    the mixer), ``dropped`` (samples dropped: the mixer was behind),
    ``error`` (why there is no sound, or None), ``mixer`` (pygame's
    ``mixer.get_init()`` once opened).
    """

    def __init__(self, recorder):
        self.recorder = recorder
        self.stream = None
        self.fed = self.played = self.dropped = 0
        self.error = None
        self.mixer = None
        self._pending = []
        self._channel = None

    def _open(self, rate):
        try:
            pygame.mixer.init(frequency=rate, size=-16, channels=1, buffer=256)
            self.mixer = pygame.mixer.get_init()
            self._channel = pygame.mixer.Channel(0)
        except pygame.error as err:  # no audio device: play nothing
            self.error = str(err) or "no audio device"

    def feed(self, t_ms):
        """Render up to host ms ``t_ms`` and give the mixer what it can take."""
        if self.stream is None:
            if not any(ev.kind == "play" for ev in self.recorder.events):
                return  # nothing played yet: no mixer opened
            self.stream = self.recorder.stream()
            self.stream.read(self.recorder.events[0].t)  # silence before the first event
        samples = self.stream.read(t_ms)
        self.fed += len(samples)
        if self.error is not None or not len(samples):
            return
        if self.mixer is None:
            self._open(self.stream.rate)
            if self.error is not None:
                return
        self._pending.append(samples)
        if self._channel.get_queue() is not None:  # the mixer is still busy
            keep = self.stream.rate * MAX_QUEUED_MS // 1000
            total = sum(len(p) for p in self._pending)
            if total > keep:
                import numpy as np

                joined = np.concatenate(self._pending)
                self.dropped += total - keep
                self._pending = [joined[-keep:]]
            return
        self._give()

    def _give(self):
        import numpy as np

        data = np.concatenate(self._pending)
        self._pending = []
        rate, _, channels = self.mixer
        if rate != self.stream.rate:  # the device gave another rate: resample
            n = len(data) * rate // self.stream.rate
            data = np.interp(np.arange(n) * self.stream.rate / rate, np.arange(len(data)),
                             data).astype(np.int16)
        if channels > 1:
            data = np.repeat(data[:, None], channels, axis=1)
        sound = pygame.mixer.Sound(buffer=np.ascontiguousarray(data).tobytes())
        if self._channel.get_busy():
            self._channel.queue(sound)
        else:
            self._channel.play(sound)
        self.played += len(data)

    def close(self):
        if self.mixer is not None:
            pygame.mixer.quit()
            self.mixer = None


def app_of(window):
    """The ``rollbox.app.App`` that code.py runs in ``window``, or None while
    it is not made (its ``__init__`` not yet past ``hw``, ``detector``,
    ``sensitivity`` and ``nvm``): code.py keeps it in no variable, as on
    the board, so it is found on the heap by its display."""
    from rollbox.app import App

    for o in gc.get_objects():
        if isinstance(o, App) and o.view.display is window.board.display \
                and hasattr(o, "nvm"):
            return o
    return None


CODE_PY = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "code.py")


def run(profile="pybadge", scale=None, nvm=None, drive=None, accelerometer=True,
        paced=True, on_frame=None):
    """Power up a host ``profile`` board in a window and run code.py on it
    until the window closes; returns the :class:`Window` (closed).

    :param scale: window pixels per display pixel; None: 4 for 160x128, 3
        for 240x240.
    :param nvm: the board's ``microcontroller.nvm`` (e.g. a
        ``host.savefile.FileByteArray``); None: a blank one in memory only.
    :param drive: CIRCUITPY, writable by code (a ``storage.VfsFat``, e.g. a
        ``host.savefile.FolderDrive``); None: a blank one in memory only.
    :param accelerometer: False leaves the LIS3DH off the bus (A rolls).
    :param paced, on_frame: as for :class:`Window`.
    :raises ValueError, pygame.error: as for :class:`Window`.
    """
    import keypad
    import microcontroller
    import storage
    keypad._deinit_all()  # a reset: the last run's scanners are gone
    board = boards.use(profile, accelerometer=accelerometer)
    if nvm is not None:
        microcontroller._use_nvm(nvm)
    storage._use_root(drive or storage.VfsFat(code_writes=True))  # as boot.py leaves it
    storage._boot_done()
    if scale is None:
        scale = 4 if board.framebuffer.display.width <= 160 else 3
    window = Window(board, scale, paced, on_frame)
    previous = host_clock.use(window.clock)
    try:
        runpy.run_path(CODE_PY, run_name="__main__")
    except Closed:
        pass
    finally:
        host_clock.use(previous)
        window.close()
    return window
