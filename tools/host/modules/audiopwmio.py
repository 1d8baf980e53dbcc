"""Host stand-in for CircuitPython's ``audiopwmio`` (the nRF52840's PWM
audio: Circuit Playground Bluefruit; the SAMD51 has none):
``PWMAudioOut`` on ``board.SPEAKER``, logged in the board's recorder
(``host.audio``)."""
from host import audio as _audio
from host import boards as _boards

_boards.current().require_module("audiopwmio")


class PWMAudioOut(_audio.HostAudioOut):
    """audiopwmio.PWMAudioOut(left_channel, *, right_channel=None, quiescent_value=0x8000)."""

    MODULE = "audiopwmio"
