"""Animated GIFs of the device's screen (issue 16, item 4): each screen a
simulation pushed, at the host time it was pushed, written with Pillow as
one GIF that plays at the pace of the game. A board with NeoPixels shows
them as a row of dots under the screen (issue 25): :func:`with_lights`.
Host only.
"""
# Loaded here, before any app runs: the app unloads the modules a game
# loaded (rollbox.unload_new), and a PIL.Image loaded again would not know
# the images made before it.
from PIL import Image, ImageDraw

MAX_BYTES = 2 * 1024 * 1024  # the most a docs/screens GIF may weigh (issue 16)
HOLD_MS = 2000  # the last screen stays this long before the GIF loops
MIN_MS = 20  # GIF delays are in 10 ms steps; browsers slow anything under 20 ms
STRIP = (28, 28, 34)  # the board's PCB under the NeoPixels
STRIP_H = 10  # the strip's height, in screen pixels (times the GIF's scale)
DOT = 6  # a NeoPixel's diameter, in screen pixels


def dot_centres(width, count, scale=1):
    """Where :func:`with_lights` draws ``count`` dots under a screen ``width``
    pixels wide (times ``scale``): [(x, y)] from the strip's top left."""
    step = width * scale / count
    return [(round(step * (i + 0.5)), STRIP_H * scale // 2) for i in range(count)]


def with_lights(image, colours, scale=1):
    """``image`` (the screen, already ``scale``-d) with a strip under it:
    one dot per NeoPixel in ``colours`` ((r, g, b) as sent), as lit
    (``host.lights.shown``)."""
    from host.lights import shown

    out = Image.new("RGB", (image.width, image.height + STRIP_H * scale), STRIP)
    out.paste(image, (0, 0, image.width, image.height))
    draw = ImageDraw.Draw(out)
    r = DOT * scale / 2
    for (x, y), rgb in zip(dot_centres(image.width // scale, len(colours), scale), colours):
        y += image.height
        draw.ellipse((x - r, y - r, x + r - 1, y + r - 1), fill=shown(rgb), outline=(60, 60, 70))
    return out


class GifRecorder:
    """Collects ``(image, ms)`` pairs: the screen as a PIL image (display
    orientation) and the host time (ms) it appeared.

    :param scale: integer enlargement of each frame (nearest: crisp pixels).
    """

    def __init__(self, scale=2):
        if scale < 1:
            raise ValueError("scale is 1 or more")
        self.scale = scale
        self.frames = []  # [(PIL image, ms)], in time order
        self.lights = []  # the NeoPixels' colours with each frame (None: no NeoPixels)

    def add(self, image, ms, lights=None):
        """A screen that appeared at ``ms`` (host time, not before the last);
        ``lights``: the NeoPixels' colours then ([(r, g, b)], None: none)."""
        if self.frames and ms < self.frames[-1][1]:
            raise ValueError("frames must come in time order")
        self.frames.append((image, ms))
        self.lights.append(None if lights is None else list(lights))

    def durations(self, frames):
        """Each frame's delay (ms) until the next, the last :data:`HOLD_MS`;
        frames closer than :data:`MIN_MS` are held at least that long."""
        out = []
        for i in range(len(frames)):
            if i + 1 < len(frames):
                out.append(max(MIN_MS, frames[i + 1][1] - frames[i][1]))
            else:
                out.append(HOLD_MS)
        return out

    def write(self, path, start_ms=None, end_ms=None):
        """Write the frames from ``start_ms`` to ``end_ms`` (host ms; None:
        from the first / to the last) to ``path`` as a looping GIF; the
        screen on show at ``start_ms`` opens it. Returns the frame count.

        :raises ValueError: no frame in that span, or a span that ends
            before it starts.
        :raises OSError: ``path`` cannot be written.
        """
        if start_ms is not None and end_ms is not None and end_ms < start_ms:
            raise ValueError("the span ends before it starts")
        picked = []
        for (image, ms), lights in zip(self.frames, self.lights):
            if start_ms is not None and ms < start_ms:
                picked[:] = [(image, start_ms, lights)]  # on show when the span starts
                continue
            if end_ms is not None and ms > end_ms:
                break
            picked.append((image, ms, lights))
        if not picked:
            raise ValueError("no frame to write")
        images = []
        for image, _, lights in picked:
            if self.scale != 1:
                image = image.resize((image.width * self.scale, image.height * self.scale),
                                     Image.Resampling.NEAREST)
            if lights is not None:
                image = with_lights(image, lights, self.scale)
            images.append(image.convert("P", palette=Image.Palette.ADAPTIVE, colors=255))
        images[0].save(path, "GIF", save_all=True, append_images=images[1:],
                       duration=self.durations([p[:2] for p in picked]), loop=0, disposal=1)
        return len(images)
