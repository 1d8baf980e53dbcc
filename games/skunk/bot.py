"""Computer seats for SKUNK (games/skunk/rules.py), three levels. Pure: no
display, no dice.

The table acts between rolls, so the device asks :func:`sits` for each
standing computer seat (in seat order, each seeing the sits before it; a
person sits before pressing roll), then :func:`choose` for the shooter.

- EASY: sit once the round total is :data:`SIT_AT` (20) points or more.
- MEDIUM (a table rule): sit at 20, except while another seat still
  standing has a bigger game total than yours: then stand with it.
- HARD: the expected points of one more roll against the chance of a 1,
  weighed by what decides the game, the standings. In order:

  1. Column K (the last round), the race: never sit while a seated seat
     has at least your total with this round (sitting cannot win alone);
     sit at once when you would be strictly ahead of every seat and nobody
     else stands (a sure win).
  2. The shared dice: stand while another seat is still standing whose game
     total is at least yours minus :data:`SHADOW_LEAD` (5). Every standing
     seat gets the same rolls, so on a roll with no 1 standing with it costs
     nothing against it, a single 1 costs both the same, and sitting first
     hands it the rest of the round.
  3. Otherwise the one-roll expected gain in points: with round total T and
     game total G (the seat's earlier columns), standing one more roll then
     sitting against sitting now gains ``(25 (T + 8) - 36 T - G) / 36 =
     (200 - 11 T - G) / 36``: no 1 (25/36) adds 8 on average (the 25 pairs
     of faces 2..6 sum to 200), one 1 (10/36) loses T, two 1s (1/36) lose T
     and G. Sit when it is negative (at 19 with G = 0, at 10 with G = 100,
     at once with G > 200). The gain only falls as T grows, so this is the
     optimal stopping rule for expected points once no rival stands with
     you.

  Where the numbers come from: tools/solvers/skunk.py solves two-seat
  SKUNK exactly for the chance of winning (backward induction over the
  five rounds; the other seat decides first, as on the device). In column
  K its decisions with nobody else standing are rule 1 exactly
  (tests/test_ai_skunk.py), and with the other seat standing its policy
  mostly stands with it (rule 2). With nobody standing, weighing the gap
  to the best seated total did not beat the points rule in simulation.
  The margin of rule 2 was tuned by tools/eval_skunk (10,000 seeded
  two-seat games against EASY: margins 0, 5, 10, 20 won 56.7, 57.7, 57.6,
  56.4 %). HARD wins 57.0 % of two-seat games against EASY and 57.7 %
  against MEDIUM (95 % intervals +-1.0), 49 % of 4-seat games against
  three EASY seats (a fair share is 25 %: the EASY seats play alike), where
  the expected-points rule alone won 45 % against EASY. The solver's values
  bound what a table could add: 56.3 % for the follower against a perfect
  opponent, 69.9 % for the best reply to EASY seated after it. MEDIUM never loses to EASY
  (against EASY alone it plays the same: 50 %).
"""

from micropython import const

from games.skunk.rules import ROLL, ROUNDS, SIT_BASE, SkunkState  # noqa: F401 (type comments)
from rollbox.bots import EASY, HARD, MEDIUM

try:
    from typing import Tuple  # noqa: F401 (used in type comments)
except ImportError:
    pass

SIT_AT = const(20)  # EASY (and MEDIUM): round total at which a computer seat sits
SHADOW_LEAD = const(5)  # HARD stands with a standing rival at most this far behind
_GAIN = const(200)  # 36 x the expected points a roll with no 1 adds (25 x 8)


def gain36(round_total, game_total):
    # type: (int, int) -> int
    """36 x the expected gain of standing for one more roll then sitting,
    against sitting now: ``200 - 11 T - G`` (module doc)."""
    return _GAIN - 11 * round_total - game_total


def _rivals(state, seat):
    # type: (SkunkState, int) -> Tuple[int, int]
    """``(standing, seated)``: the highest game total among the other seats
    still standing and among those seated (their round included); -1 when
    there is none."""
    standing = seated = -1
    scores = state.scores
    for q in range(len(scores)):
        if q == seat:
            continue
        if state.is_standing(q):
            if scores[q] > standing:
                standing = scores[q]
        elif scores[q] > seated:
            seated = scores[q]
    return standing, seated


def _hard(state, seat):
    # type: (SkunkState, int) -> bool
    """HARD's rules 1-3 (module doc): True to sit."""
    mine = state.scores[seat]
    total = state.round_total
    standing, seated = _rivals(state, seat)
    if state.round == ROUNDS - 1:
        if seated >= mine + total:
            return False
        if standing < 0:
            return True
    if standing >= 0 and standing + SHADOW_LEAD >= mine:
        return False
    return gain36(total, mine) < 0


def sits(state, seat, level=EASY):
    # type: (SkunkState, int, int) -> bool
    """True when the computer at ``seat`` sits down now (``level`` EASY,
    MEDIUM or HARD, rollbox.bots): it is standing, the table is between
    rolls and the level's rule says so (module doc)."""
    if state.is_terminal() or state.is_chance_node() or not state.is_standing(seat):
        return False
    if level >= HARD:
        return _hard(state, seat)
    if level == MEDIUM and _rivals(state, seat)[0] > state.scores[seat]:
        return False
    return state.round_total >= SIT_AT


def choose(state, level=EASY):
    # type: (SkunkState, int) -> int
    """The shooter's action at a decision node: its own sit when
    :func:`sits` says so, otherwise ROLL (always legal: the round ends when
    the last seat sits).

    :raises ValueError: not a decision node.
    """
    if state.is_terminal() or state.is_chance_node():
        raise ValueError("no decision to make")
    seat = state.current_player()
    return SIT_BASE + seat if sits(state, seat, level) else ROLL


def coach(state, seat=-1):
    # type: (SkunkState, int) -> Tuple[str, str]
    """Two lines of at most 26 characters for the standing ``seat`` (default
    the shooter, ``current_player()``): the chance of a 1 next roll with the
    expected gain in points of standing one more roll, and what HARD does
    (which also weighs the other seats: module doc). ("", "") when there is
    nothing to decide."""
    try:
        if state.is_terminal() or state.is_chance_node():
            return "", ""
        if seat < 0:
            seat = state.current_player()
        if not state.is_standing(seat):
            return "Chance of a 1: 11/36", "P%d has sat" % (seat + 1)
        gain = gain36(state.round_total, state.scores[seat]) / 36
        hint = "Hard: sit" if _hard(state, seat) else "Hard: stand"
        text = "Stand %+.1f" % gain
        if len(text) + len(hint) > 24:
            text = "Stand %+d" % int(gain)
        return "Chance of a 1: 11/36 (31%)", (text + "; " + hint)[:26]
    except Exception:  # the overlay must never stop the game
        return "", ""
