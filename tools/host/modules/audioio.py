"""Host stand-in for CircuitPython's ``audioio`` (the SAMD51 boards' DAC:
PyBadge, EdgeBadge, PyGamer; the nRF52840 has none,
ports/nordic/mpconfigport.mk ``CIRCUITPY_AUDIOIO = 0``): ``AudioOut`` on
``board.SPEAKER``, logged in the board's recorder (``host.audio``)."""
from host import audio as _audio
from host import boards as _boards

_boards.current().require_module("audioio")


class AudioOut(_audio.HostAudioOut):
    """audioio.AudioOut(left_channel, *, right_channel=None, quiescent_value=0x8000)."""

    MODULE = "audioio"
