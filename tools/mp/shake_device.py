"""The shake detector on real CircuitPython (its unix port): a synthetic
shake and a swing, fed sample by sample at 50 Hz as the app feeds it,
through every sensitivity of the board profile. Prints
``rolls SENSITIVITY N`` (shake then swing: "1 0" expected), and
``bytes_per_sample B``: the heap the detector takes per update (garbage
included), measured with the collector off. Run by tests/test_device.py."""
import gc

from rollbox import hardware
from rollbox.shake import CANCELLED, SETTLED, ShakeDetector


def shake(i):
    # 5 Hz along x, 30 m/s² off 1 g: +, +, +, +, +, then - ... (100 ms a side).
    return (30.0 if (i // 5) % 2 == 0 else -30.0, 0.0, 9.8)


def swing(i):
    # One push along x and its stop: no back and forth.
    return (30.0 if i < 15 else -20.0 if i < 20 else 0.0, 0.0, 9.8)


def play(detector, motion, t):
    settled = cancelled = 0
    for i in range(150):
        x, y, z = motion(i) if i < 75 else (0.0, 0.0, 9.8)
        state = detector.update(x, y, z, t)
        settled += state == SETTLED
        cancelled += state == CANCELLED
        t += 20
    return settled, cancelled, t


t = 0
for level in range(len(hardware.SHAKE)):
    d = ShakeDetector(hardware.SHAKE[level])
    for _ in range(10):
        d.update(0.0, 0.0, 9.8, t)
    rolls, _, t = play(d, shake, t)
    swung, cancelled, t = play(d, swing, t)
    print("rolls", level, rolls, swung, cancelled)
d = ShakeDetector(hardware.SHAKE[1])
xs = [shake(i)[0] for i in range(100)]  # made before: the loop itself makes nothing
g = 9.8
gc.collect()
gc.disable()
before = gc.mem_free()
for i in range(100):
    d.update(xs[i], 0.0, g, t + 20 * i)
used = before - gc.mem_free()
gc.enable()
print("bytes_per_sample", used // 100)
