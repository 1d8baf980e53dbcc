"""A scripted person at the window (``host.window``): a generator that posts
pygame events frame by frame, as keys, clicks and drags would come from a
real keyboard and mouse. The window tests, ``tools/screenshots`` (the
window's picture) and ``tools/bench_window`` use it.

A person is ``person(window, app)``, a generator: each ``yield`` is one
frame; the events it posted reach the board at that frame's end. The
steps below are generators too (``yield from key_tap(...)``).
"""
import math

from host import window as host_window

pygame = host_window.pygame
app_of = host_window.app_of
FRAME_MS = host_window.FRAME_MS
START_MS = 200  # a press sooner after power-up is a key held at start (controls._STARTUP_MS)
KEY = {"A": pygame.K_z, "B": pygame.K_x, "START": pygame.K_RETURN, "SELECT": pygame.K_SPACE,
       "UP": pygame.K_UP, "DOWN": pygame.K_DOWN, "LEFT": pygame.K_LEFT,
       "RIGHT": pygame.K_RIGHT}
"""The key of each of the board's buttons (``host.window.KEYS`` the other way)."""


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
            if app is None or app.menu is None or w.clock.now < START_MS:
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


def drag(window, px, hz, ms, phase=0.0, late=0):
    """Frames of the board dragged by the mouse: ``px`` window pixels each
    way along x, about the screen's centre, at ``hz`` for ``ms`` (a sine
    from ``phase`` radians: the press is there; one sweep of ``px`` from
    the centre when ``hz`` is 0), then let go. ``late``: every third frame
    ends that many ms late (a slow step: the clock skips on, as paced
    frames do)."""
    if hz:
        yield from wiggle(window, ((ms, px, hz),), phase, late)
        return
    yield from drag_along(window, lambda t: (px * t / ms, 0), ms, late)


def wiggle(window, parts, phase=0.0, late=0):
    """Frames of one drag back and forth along x in ``parts``, each
    ``(ms, px, hz)``: ``px`` each way at ``hz`` for ``ms``, the sine going
    on from where the last part left it (``phase`` radians at the press);
    then let go. ``late`` as for :func:`drag`."""
    ends = []  # (ms the part ends, px, hz, its phase at its start)
    t = 0
    for ms, px, hz in parts:
        ends.append((t + ms, px, hz, phase - 2 * math.pi * hz * t / 1000))
        phase += 2 * math.pi * hz * ms / 1000
        t += ms

    def path(t):
        end, px, hz, at = next((p for p in ends if t <= p[0]), ends[-1])
        return (px * math.sin(2 * math.pi * hz * t / 1000 + at), 0)

    yield from drag_along(window, path, t, late)


def drag_along(window, path, ms, late=0):
    """Frames of a drag: pressed on the board at the screen's centre plus
    ``path(0)``, moved to the centre plus ``path(t)`` (``(dx, dy)`` window
    pixels) at each frame's time ``t`` ms from the press until ``ms``, then
    let go. ``late`` as for :func:`drag`."""
    x0, y0 = window.screen_rect.center
    start = window.clock.now + FRAME_MS  # the press reaches the board at this frame's end
    dx, dy = path(0)
    pos = (round(x0 + dx), round(y0 + dy))
    _mouse(pygame.MOUSEBUTTONDOWN, pos, button=1)
    frame = 0
    while True:
        yield
        frame += 1
        if late and frame % 3 == 0:
            window.clock.advance(late)
        t = window.clock.now + FRAME_MS - start  # the time this move reaches the board
        if t > ms:
            break
        dx, dy = path(t)
        pos = (round(x0 + dx), round(y0 + dy))
        _mouse(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(1, 0, 0))
    _mouse(pygame.MOUSEBUTTONUP, pos, button=1)
    yield


def key_shake(ms):
    """Frames of the S key held ``ms`` (a shake), then let go."""
    yield from key_tap(pygame.K_s, held=ms // FRAME_MS, after=1)
