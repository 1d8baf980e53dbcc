"""The simulator's GIF (issue 16, item 4: host.gif): a short game played
through the simulator comes out as one looping GIF whose frames are the
screens the game pushed, each held until the next came, at the game's pace."""
import os

import pytest
from conftest import ROOT, run_tool
from PIL import Image

from host.gif import HOLD_MS, MAX_BYTES, STRIP, STRIP_H, GifRecorder, dot_centres
from host.simulation import GAMES, Simulation


def gif_frames(path):
    """[(RGB image, duration ms)] of the GIF at ``path``."""
    out = []
    with Image.open(path) as im:
        for i in range(im.n_frames):
            im.seek(i)
            out.append((im.convert("RGB"), im.info["duration"]))
    return out


def test_a_short_game_is_one_gif_at_its_pace(tmp_path):
    sim = Simulation(log=None, goal=20, seats=(1, 1), seed=3, out=str(tmp_path))
    sim.run()
    path = tmp_path / "game.gif"
    assert sim.gif.write(str(path)) == sim.frames > 10
    frames = gif_frames(path)
    assert len(frames) == sim.frames and path.stat().st_size <= MAX_BYTES
    times = [ms for _, ms in sim.gif.frames]
    assert [d for _, d in frames[:-1]] == [b - a for a, b in zip(times, times[1:])]
    assert frames[-1][1] == HOLD_MS
    for i in (0, len(frames) // 2, len(frames) - 1):  # pixel for pixel, twice the size
        png = Image.open(tmp_path / ("frame_%05d.png" % (i + 1))).convert("RGB")
        # the PyBadge's 5 NeoPixels in a strip under the screen
        assert frames[i][0].size == (2 * png.width, 2 * (png.height + STRIP_H))
        screen = frames[i][0].crop((0, 0, 2 * png.width, 2 * png.height))
        assert screen.resize(png.size, Image.Resampling.NEAREST).tobytes() == png.tobytes()


def test_the_neopixels_show_as_dots_under_the_screen_as_lit(tmp_path):
    from host.lights import shown

    gif = GifRecorder(scale=2)
    screen = Image.new("RGB", (160, 128), (0, 0, 90))
    colours = [(255, 0, 0), (0, 32, 0), (0, 0, 0), (10, 10, 10), (0, 0, 255)]
    gif.add(screen, 0, colours)
    gif.add(screen, 100, [(0, 0, 0)] * 5)
    path = tmp_path / "lights.gif"
    gif.write(str(path))
    (first, _), (second, _) = gif_frames(path)
    assert first.size == (320, 256 + 2 * STRIP_H)
    dots = [(x, 256 + y) for x, y in dot_centres(160, 5, 2)]
    assert [first.getpixel(d) for d in dots] == [shown(c) for c in colours]
    assert shown((0, 32, 0))[1] > 32  # a dim LED still shows
    assert [second.getpixel(d) for d in dots] == [(0, 0, 0)] * 5
    assert first.getpixel((1, 257)) == STRIP and first.getpixel((0, 0)) == (0, 0, 90)


def test_a_span_opens_on_the_screen_then_on_show(tmp_path):
    rec = GifRecorder(scale=1)
    for ms, shade in ((0, 0), (100, 80), (250, 160), (400, 240)):
        rec.add(Image.new("RGB", (4, 4), (shade, shade, shade)), ms)
    path = tmp_path / "span.gif"
    assert rec.write(str(path), start_ms=120, end_ms=300) == 2
    frames = gif_frames(path)
    assert [im.getpixel((0, 0)) for im, _ in frames] == [(80, 80, 80), (160, 160, 160)]
    assert [d for _, d in frames] == [130, HOLD_MS]


def test_bad_input_is_refused():
    rec = GifRecorder()
    rec.add(Image.new("RGB", (4, 4)), 100)
    with pytest.raises(ValueError, match="time order"):
        rec.add(Image.new("RGB", (4, 4)), 50)
    with pytest.raises(ValueError, match="ends before"):
        rec.write("/nonexistent/x.gif", 500, 400)
    with pytest.raises(ValueError, match="no frame"):
        rec.write("/nonexistent/x.gif", None, 50)
    with pytest.raises(ValueError, match="scale"):
        GifRecorder(scale=0)


def test_the_readme_gifs_tool_takes_no_options_and_its_gifs_fit():
    run = run_tool("gifs", "--game", "pig")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr == "gifs: takes no options (it writes the README's GIFs)\n"
    for game in GAMES:  # the shipped GIFs: one per game, each within the limit
        path = os.path.join(ROOT, "docs", "screens", "%s.gif" % game)
        assert 0 < os.path.getsize(path) <= MAX_BYTES, path
        with Image.open(path) as im:
            assert im.n_frames > 20 and im.info["loop"] == 0, path
