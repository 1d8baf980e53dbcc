"""The lifetime statistics screen (``rollbox.stats``): per game the games
played and won, and the face counts of every die with the chi-square
fairness verdict (:func:`chi_square`, here: only this screen needs it).

Not a game screen: :class:`StatsScreen` is built once on a
``rollbox.view.View`` and the app shows its ``group`` with
``view.show_screen(screen.group)``, then calls :meth:`StatsScreen.update`
whenever the statistics may have changed (it sets the view's title line to
the column heads; the message line stays free: on 160x128 the verdict sits
at its height, so the app leaves the message empty here).

160x128 (26 characters a line, a line every 10 pixels, in the built-in
font cut to 10 pixels high: ``rollbox.short``)::

    Stats       play  you  cpu
    Pig           12    5    7
    ...                          (the 7 games)
    1:1023 2:998 3:1011
    4:987 5:1004 6:977
    fair dice: chi2 1.2<11.07

240x240 (39 characters, a line every 18 pixels) splits the computer's wins
by level (easy, medium, hard) and words the verdict in full
("dice look fair: chi2 1.2 < 11.07").
Depends on: displayio, rollbox.view, rollbox.catalog, rollbox.stats.
"""

import displayio
from micropython import const

from rollbox import catalog
from rollbox.stats import EASY, HARD, HUMAN, MEDIUM, SIZE
from rollbox.view import INK, WARN, label

DOF = const(5)  # degrees of freedom of the six-face chi-square test

# Verdicts of chi_square().
FAIR = const(0)  # below the p = 0.05 critical value
ODD = const(1)  # p < 0.05: one fair set of dice in 20 gets here
UNFAIR = const(2)  # p < 0.001
FEW = const(3)  # fewer than _MIN_ROLLS dice: too few to test
_MIN_ROLLS = const(30)  # 5 expected per face, the usual floor for the test

# Upper critical values of chi-square with 5 degrees of freedom, in
# thousandths: NIST/SEMATECH e-Handbook of Statistical Methods, section
# 1.3.6.7.4 "Critical Values of the Chi-Square Distribution" (nu = 5:
# 11.070 at 0.05, 20.515 at 0.001). tests/test_stats.py checks both
# against the closed-form tail of the distribution.
CHI2_P05 = const(11070)
CHI2_P001 = const(20515)

# x, first line y, line pitch (pixels), characters a line.
_SMALL = (2, 17, 10, 26)
_LARGE = (2, 24, 18, 39)
_NARROW = const(26)
# Short names for 160 pixels (11 characters at most), in catalog order.
_SHORT = ("Pig", "2-Dice Pig", "Big Pig", "Hog", "SKUNK'D", "SKUNK", "Skull&Drag.")


def chi_square(counts):
    """Pearson's chi-square of six face counts against a fair die.

    Returns ``(statistic, dof, verdict)``: the statistic (a float, for
    display), :data:`DOF` (5), and :data:`FAIR`, :data:`ODD` (at or above
    11.070, p < 0.05), :data:`UNFAIR` (at or above 20.515, p < 0.001) or
    :data:`FEW` (fewer than ``_MIN_ROLLS`` dice). The verdict is decided
    in exact integers: statistic = sum((6c - n)^2) / (6n) for n dice.

    >>> chi_square([10, 10, 10, 10, 10, 10])
    (0.0, 5, 0)

    :raises ValueError: not six counts.
    """
    if len(counts) != 6:
        raise ValueError("six face counts")
    n = 0
    for c in counts:
        n += c
    s = 0
    for c in counts:
        d = 6 * c - n
        s += d * d
    if n == 0:
        return 0.0, DOF, FEW
    statistic = s / (6 * n)
    if n < _MIN_ROLLS:
        verdict = FEW
    elif 1000 * s >= CHI2_P001 * 6 * n:
        verdict = UNFAIR
    elif 1000 * s >= CHI2_P05 * 6 * n:
        verdict = ODD
    else:
        verdict = FAIR
    return statistic, DOF, verdict


def verdict_text(counts, width=_NARROW):
    """The verdict line for six face counts, at most ``width`` characters
    (26 for 160 pixels; 39 or more gives the long wording), and whether
    it warns (not fair).

    >>> verdict_text([1000] * 6)
    ('fair dice: chi2 0.0<11.07', False)
    """
    statistic, _, verdict = chi_square(counts)
    wide = width >= 39
    if verdict == FEW:
        n = 0
        for c in counts:
            n += c
        text = ("%d dice: too few to test (need %d)" if wide
                else "%d dice: too few to test") % ((n, _MIN_ROLLS) if wide else (n,))
        return text, False
    if verdict == FAIR:
        form = "dice look fair: chi2 %.1f < 11.07" if wide else "fair dice: chi2 %.1f<11.07"
    elif verdict == ODD:
        form = "unusual dice: chi2 %.1f >= 11.07, p<.05" if wide else "odd dice? chi2 %.1f>11.07"
    else:
        form = "unfair dice: chi2 %.1f >= 20.52, p<.001" if wide else "unfair? chi2 %.1f>20.52"
    text = form % statistic
    if len(text) > width:  # a large statistic: drop the decimals
        text = form.replace("%.1f", "%d") % int(statistic)
    if len(text) > width:  # an enormous one: the number alone
        text = "unfair: chi2 %d" % int(statistic)
    return text, verdict != FAIR


class StatsScreen:
    """Labels made once; :meth:`update` sets only the texts that changed.

    Attributes: ``group`` (displayio.Group), ``game_lines`` (7 labels),
    ``face_lines`` (2), ``verdict`` (label).
    """

    def __init__(self, view):
        self.view = view
        self.group = displayio.Group()
        x, y, pitch, self.width = _LARGE if view.large else _SMALL
        line = label
        if not view.large:  # a line every 10 pixels: the font cut to 10 (rollbox.short)
            from rollbox import short

            sheet = short.short_font()

            def line(group, x, y, color=INK, chars=0):  # (label's signature; chars unused)
                return short.ShortLine(group, x, y - 5, sheet, color)

        n = len(catalog.GAMES)
        self.game_lines = [line(self.group, x, y + i * pitch) for i in range(n)]
        self.face_lines = (line(self.group, x, y + n * pitch),
                           line(self.group, x, y + (n + 1) * pitch))
        self.verdict = line(self.group, x, y + (n + 2) * pitch, INK)
        self._shown = bytearray(SIZE)  # the record on screen now
        self._fresh = True  # nothing drawn yet

    def update(self, stats):
        """Show ``stats`` (a ``rollbox.stats.Stats``). Returns True when
        anything changed (the view is then dirty)."""
        buf = stats.buf
        shown = self._shown
        same = not self._fresh
        i = 0
        while same and i < SIZE - 2:  # the CRC bytes are not counters
            same = buf[i] == shown[i]
            i += 1
        if same:
            return False
        for i in range(SIZE):
            shown[i] = buf[i]
        self._fresh = False
        v = self.view
        wide = self.width >= 39
        if wide:
            v.set_text(v.title, "%-14s%5s%5s%5s%5s%5s" % ("Stats", "play", "you", "ez", "md", "hd"))
        else:
            v.set_text(v.title, "%-11s%5s%5s%5s" % ("Stats", "play", "you", "cpu"))
        for g in range(len(self.game_lines)):
            played = stats.played(g)
            you = stats.won(g, HUMAN)
            # Each number " %4d" (a space before it even at 5 digits); the
            # name gets what is left of the line.
            if wide:
                name = str(catalog.GAMES[g][catalog.NAME])
                nums = " %4d %4d %4d %4d %4d" % (played, you, stats.won(g, EASY),
                                                 stats.won(g, MEDIUM), stats.won(g, HARD))
            else:
                name = _SHORT[g]
                cpu = stats.won(g, EASY) + stats.won(g, MEDIUM) + stats.won(g, HARD)
                nums = " %4d %4d %4d" % (played, you, cpu)
            room = self.width - len(nums)
            v.set_text(self.game_lines[g], (name + " " * room)[:room] + nums)
        counts = stats.faces()
        counted = [_count(c) for c in counts]
        form = "faces  %d:%s  %d:%s  %d:%s" if wide else "%d:%s %d:%s %d:%s"
        v.set_text(self.face_lines[0], form % (1, counted[0], 2, counted[1], 3, counted[2]))
        if wide:
            form = "       " + form[7:]
        v.set_text(self.face_lines[1], form % (4, counted[3], 5, counted[4], 6, counted[5]))
        text, warn = verdict_text(counts, self.width)
        v.set_text(self.verdict, text)
        v.set_color(self.verdict, WARN if warn else INK)
        return True


def _count(n):
    """A face count in at most 6 characters (1234567 -> "1234k")."""
    if n < 1000000:
        return "%d" % n
    if n < 100000000:
        return "%dk" % (n // 1000)
    return "%dM" % (n // 1000000)
