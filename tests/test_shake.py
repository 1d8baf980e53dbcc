"""Shake to roll on the real recordings (tests/data/traces), replayed through
the emulated LIS3DH and the real adafruit_lis3dh driver at the app's frame rate."""
import pytest
from shake_replay import replay

from rollbox.shake import IDLE, SETTLED, SHAKING, ShakeDetector

EXPECTED_ROLLS = {
    "cse590_phone_shake": 1,
    "cse590_phone_at_rest": 0,
    "cse590_phone_midair_clockwise_o": 0,
    "oxford_s6_walking_in_hand": 0,
}


@pytest.mark.parametrize("name", sorted(EXPECTED_ROLLS))
@pytest.mark.parametrize("frame_ms", [10, 20])
def test_recordings_roll_exactly_as_expected(name, frame_ms):
    assert replay(name, frame_ms=frame_ms)["rolls"] == EXPECTED_ROLLS[name]


def test_shake_detected_quickly_and_settles_after_it():
    r = replay("cse590_phone_shake")
    # The shake's first strong sample is at 380 ms of the recording (range-clipped).
    assert r["first_active"] == 380
    assert 0 <= r["shaking_at"] - r["first_active"] <= 100
    assert r["last_keep"] < r["settled_at"] <= r["last_keep"] + 400


def test_default_range_clips_a_real_shake():
    # At the driver's default +/-2 g the same recording still rolls once: the
    # detector works on clipped data, but +/-8 g keeps the real peaks.
    assert replay("cse590_phone_shake", range_g=2)["rolls"] == 1


def test_detection_across_the_ticks_wrap():
    r = replay("cse590_phone_shake", clock_start=2**29 - 1500)
    assert r["rolls"] == 1 and r["shaking_at"] is not None


def test_one_bump_does_not_roll():
    d = ShakeDetector()
    assert d.update(0, 0, 9.8, 0) == IDLE
    assert d.update(0, 0, 40.0, 20) == IDLE  # one strong sample alone
    for t in range(40, 2000, 20):
        assert d.update(0, 0, 9.8, t) == IDLE


def test_states_in_order_and_settled_once():
    d = ShakeDetector(start=15.0, keep=8.0, window_ms=250, quiet_ms=300)
    assert d.update(30.0, 0, 9.8, 0) == IDLE
    assert d.update(-30.0, 0, 9.8, 100) == SHAKING
    assert d.update(20.0, 0, 9.8, 300) == SHAKING
    assert d.update(0, 0, 9.8, 599) == SHAKING
    assert d.update(0, 0, 9.8, 600) == SETTLED
    assert d.update(0, 0, 9.8, 620) == IDLE


def test_bad_figures_refused():
    with pytest.raises(ValueError):
        ShakeDetector(start=5.0, keep=8.0)
    with pytest.raises(ValueError):
        ShakeDetector(quiet_ms=0)


def test_one_jolt_read_at_100_hz_does_not_roll():
    d = ShakeDetector()
    assert d.update(0, 0, 40.0, 0) == IDLE
    assert d.update(0, 0, 40.0, 10) == IDLE  # the same jolt, next sample
    assert d.update(0, 0, 35.0, 20) == IDLE
    for t in range(30, 1000, 10):
        assert d.update(0, 0, 9.8, t) == IDLE


def test_a_stale_bump_does_not_block_shakes_after_days():
    # One bump, then 80 hours still (past 2**28 ms, where ticks_diff wraps):
    # a real shake must still start.
    d = ShakeDetector()
    d.update(0, 0, 40.0, 1000)
    later = (1000 + 80 * 3600 * 1000) % 2**29
    assert d.update(30.0, 0, 9.8, later) == IDLE
    assert d.update(-30.0, 0, 9.8, (later + 100) % 2**29) == SHAKING
