"""Animated GIFs of the device's screen (issue 16, item 4): each screen a
simulation pushed, at the host time it was pushed, written with Pillow as
one GIF that plays at the pace of the game. Host only.
"""

MAX_BYTES = 2 * 1024 * 1024  # the most a docs/screens GIF may weigh (issue 16)
HOLD_MS = 2000  # the last screen stays this long before the GIF loops
MIN_MS = 20  # GIF delays are in 10 ms steps; browsers slow anything under 20 ms


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

    def add(self, image, ms):
        """A screen that appeared at ``ms`` (host time, not before the last)."""
        if self.frames and ms < self.frames[-1][1]:
            raise ValueError("frames must come in time order")
        self.frames.append((image, ms))

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
        from PIL import Image

        if start_ms is not None and end_ms is not None and end_ms < start_ms:
            raise ValueError("the span ends before it starts")
        picked = []
        for image, ms in self.frames:
            if start_ms is not None and ms < start_ms:
                picked[:] = [(image, start_ms)]  # the screen on show when the span starts
                continue
            if end_ms is not None and ms > end_ms:
                break
            picked.append((image, ms))
        if not picked:
            raise ValueError("no frame to write")
        images = []
        for image, _ in picked:
            if self.scale != 1:
                image = image.resize((image.width * self.scale, image.height * self.scale),
                                     Image.Resampling.NEAREST)
            images.append(image.convert("P", palette=Image.Palette.ADAPTIVE, colors=255))
        images[0].save(path, "GIF", save_all=True, append_images=images[1:],
                       duration=self.durations(picked), loop=0, disposal=1)
        return len(images)
