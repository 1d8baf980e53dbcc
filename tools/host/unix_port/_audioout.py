"""What ``audioio.AudioOut`` and ``audiopwmio.PWMAudioOut`` share on the
unix port (silent): ``play``, ``stop``, ``pause``, ``resume``,
``playing``, ``paused``, ``deinit``; the heap as on a board is set by the
subclasses (``_OBJECT``: the object's bytes, ``_PLAY``: what ``play()``
allocates, ``_KEEP``: whether ``stop()`` keeps it). Figures: audioio.py,
audiopwmio.py. 64 bytes of each figure are the Python instance's own (with
its dict; a PWMAudioOut has no bytearray: 48 here as on a board)."""


class _Out:
    _OBJECT = 48
    _PLAY = 0
    _KEEP = True

    def __init__(self, left_channel, **kw):
        n = self._OBJECT - 64  # the instance and its dict: 64 (measured)
        self._heap = bytearray(n) if n > 0 else None
        self._dma = None
        self.playing = False
        self.paused = False

    def play(self, sample, loop=False):
        if self._dma is None:
            self._dma = bytearray(self._PLAY)  # measured: exactly _PLAY more
        self.playing = True
        self.paused = False

    def stop(self):
        self.playing = self.paused = False
        if not self._KEEP:
            self._dma = None

    def pause(self):
        if not self.playing:
            raise RuntimeError("Not playing")
        self.paused = True

    def resume(self):
        self.paused = False

    def deinit(self):
        self.stop()
        self._heap = self._dma = None
