"""What builds the app's objects once per power-on (:func:`app`, for
``rollbox.app.App``) and the speaker's (:func:`sound`, for
``rollbox.sound.Sound``): loaded for that moment and unloaded after, so
that code run once is not in RAM for the rest of the power-on (the
classes' attributes are declared in their class bodies, free at run time).
"""

from micropython import const

import rollbox

try:
    from typing import Any  # noqa: F401 (used in type comments)
except ImportError:
    pass


def app(a, hw, roller, log, now, nvm):
    """Set ``a`` (a ``rollbox.app.App`` being made) up: its parts and its
    attributes' first values (``App``'s parameters; ``now`` None: read the
    clock). The dice are seeded here (``rollbox.seed``)."""
    from adafruit_ticks import ticks_ms

    from rollbox import play
    from rollbox.app import MENU
    from rollbox.controls import START, Controls
    from rollbox.dice import Roller
    from rollbox.shake import NORMAL, ShakeDetector
    from rollbox.view import View

    a.hw = hw
    a.view = View(hw.display)
    controls = Controls
    if START not in hw.key_map:  # A and B only: their presses wait for the chord
        from rollbox.chord import ChordControls as controls
    if now is None:
        now = ticks_ms()
    a.controls = controls(hw.keys, hw.key_map, now)
    a.detector = ShakeDetector(hw.shake[NORMAL])
    a.sensitivity = NORMAL
    a.roller = roller or Roller()
    a.log = log
    a.mode = MENU
    a.menu = a.menu_screen = a.game = a.state = a.screen = None
    a.index = 0
    a.seats = ()
    a.package = ""
    a.phase = play.PROMPT
    a.since = a.face_at = a.collect_at = a.armed = 0
    a.how = play.BY_BUTTON
    a.held = bytearray(10)
    a.last_turn = a.undo = a.plan = a.save_slots = a.news = None
    a.save_head = b""
    a.turn_saved = -1
    a.to_count = 0
    a.coach = 0
    a.settings = a.resume = a.taken = a.series = a.stats_ram = None
    a.accel_ok = hw.accel is not None
    a.notice = hw.message
    a.notice_display = False
    a.memory_errors = 0
    a.pause = a.sound = a.lights = None
    a.dim = 0
    a.idle_at = now
    a._xyz = (0.0, 0.0, 0.0)
    a._told_held = False
    a._unseeded = not _seed_once()
    buttons = 0
    for bit in hw.key_map:
        buttons |= bit
    a.buttons = buttons
    a.nvm = hw.nvm if nvm is None else nvm


def _seed_once():
    """Seed the dice at power-up (``rollbox.seed``, unloaded when done):
    True when ``os.urandom`` did it, False when the first input must."""
    from rollbox import seed

    if seed.seed_once():
        rollbox.unload("rollbox.seed")
        return True
    return False


_RATE = const(11025)  # Hz: the Synthesizer's, enough for clicks and square-wave tunes


def sound(s, hw, level):
    """Set ``s`` (a ``rollbox.sound.Sound`` being made) up: the audio
    output, the amplifier's pin, the Synthesizer and its two voices, the
    first values (``Sound``'s parameters and its exceptions)."""
    import array

    import synthio

    pin, enable = hw.speaker
    out = None  # type: Any  # audioio.AudioOut or audiopwmio.PWMAudioOut
    try:
        import audioio

        out = audioio.AudioOut(pin)
    except ImportError:  # the nRF52840's port: PWM audio only
        import audiopwmio

        out = audiopwmio.PWMAudioOut(pin)
    s.enable = None
    if enable is not None:
        import digitalio

        s.enable = digitalio.DigitalInOut(enable)
        s.enable.switch_to_output(value=False)
    synth = synthio.Synthesizer(sample_rate=_RATE)
    s.out = out
    s.synth = synth
    # Two voices: the tunes' square wave, and the rattle's noise (a
    # cycle of 64 random samples at ~150 Hz: about 9,600 random steps a second).
    env = synthio.Envelope(attack_time=0.002, decay_time=0.02, release_time=0.03,
                           attack_level=1.0, sustain_level=0.8)
    noise = array.array("h", (((i * 7919 + 13) * 2654435761 >> 16) % 40000 - 20000
                              for i in range(64)))
    # (press() and release() take one Note without making a tuple;
    # pressing a note that still sounds strikes it again: synthio_span_change_note)
    s.tone = synthio.Note(frequency=440, envelope=env)
    s.noise = synthio.Note(frequency=150, waveform=noise, envelope=synthio.Envelope(
        attack_time=0.001, decay_time=0.035, release_time=0.01, attack_level=1.0,
        sustain_level=0.0))
    s.level = level
    s.tune = ()
    s.at = 0
    s.due = 0
    s.quiet = 0
    out.play(synth)
