"""A scripted person at the window (``host.window``): a generator that posts
pygame events frame by frame, as keys, clicks and drags would come from a
real keyboard and mouse. The window tests, ``tools/screenshots`` (the
window's picture) and ``tools/bench_window`` use it.

A person is ``person(window, app)``, a generator: each ``yield`` is one
frame; the events it posted reach the board at that frame's end. The
steps below are generators too (``yield from key_tap(...)``).
"""
import gc
import math

from host import window as host_window

pygame = host_window.pygame
FRAME_MS = host_window.FRAME_MS
START_MS = 200  # a press sooner after power-up is a key held at start (controls._STARTUP_MS)
KEY = {"A": pygame.K_z, "B": pygame.K_x, "START": pygame.K_RETURN, "SELECT": pygame.K_SPACE,
       "UP": pygame.K_UP, "DOWN": pygame.K_DOWN, "LEFT": pygame.K_LEFT,
       "RIGHT": pygame.K_RIGHT}
"""The key of each of the board's buttons (``host.window.KEYS`` the other way)."""


def app_of(window):
    """The ``rollbox.app.App`` that code.py runs in ``window``, or None while
    it is not made (or still in its ``__init__``): code.py keeps it in no
    variable, as on the board, so it is found on the heap by its display."""
    from rollbox.app import App

    for o in gc.get_objects():
        if isinstance(o, App) and o.view.display is window.board.display \
                and getattr(o, "menu", None) is not None:
            return o
    return None


def run(person, profile="pybadge", scale=1, nvm=None, paced=False, limit=200_000,
        **kwargs):
    """Run code.py in a window (``host.window.run``; unpaced: frames as fast
    as the host goes, unless ``paced``) with ``person`` at it, from
    ``START_MS`` after power-up. When it returns, a QUIT event closes the
    window. Returns the closed window.

    :raises AssertionError: the person still busy after ``limit`` frames.
    """
    steps = []

    def on_frame(w):
        if not steps:
            app = app_of(w)
            if app is None or w.clock.now < START_MS:
                return
            steps.append(person(w, app))
        assert w.frames < limit, "the person was still at it after %d frames" % limit
        try:
            next(steps[0])
        except StopIteration:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    return host_window.run(profile, scale, nvm, paced=paced, on_frame=on_frame, **kwargs)


def key_down(key, down=True):
    """Post a key's press (or, ``down`` False, its release) now."""
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode=""))


def key_tap(key, held=2, after=2):
    """Frames of a key tap (a ``pygame.K_*``): down ``held`` frames, then up
    and ``after`` frames more."""
    key_down(key)
    yield from range(held)
    key_down(key, False)
    yield from range(after)


def taps(names):
    """Frames of the board's buttons ``names`` ("A", "B", ...) tapped by
    their keys one after another."""
    for name in names:
        yield from key_tap(KEY[name])


def _mouse(kind, pos, **kwargs):
    pygame.event.post(pygame.event.Event(kind, pos=pos, **kwargs))


def click(window, name, held=2, after=2):
    """Frames of a mouse click on ``window``'s drawn button ``name``."""
    pos = window.buttons[name].center
    _mouse(pygame.MOUSEBUTTONDOWN, pos, button=1)
    yield from range(held)
    _mouse(pygame.MOUSEBUTTONUP, pos, button=1)
    yield from range(after)


def drag(window, px, hz, ms):
    """Frames of the board dragged by the mouse from the screen's centre:
    ``px`` window pixels each way along x at ``hz`` for ``ms`` (a sine; one
    sweep of ``px`` when ``hz`` is 0), then let go."""
    x0, y0 = window.screen_rect.center
    x = x0
    _mouse(pygame.MOUSEBUTTONDOWN, (x0, y0), button=1)
    for t in range(0, ms + 1, FRAME_MS):
        x = round(x0 + px * (math.sin(2 * math.pi * hz * t / 1000) if hz else t / ms))
        _mouse(pygame.MOUSEMOTION, (x, y0), rel=(0, 0), buttons=(1, 0, 0))
        yield
    _mouse(pygame.MOUSEBUTTONUP, (x, y0), button=1)
    yield


def key_shake(ms):
    """Frames of the S key held ``ms`` (a shake), then let go."""
    yield from key_tap(pygame.K_s, held=ms // FRAME_MS, after=1)
