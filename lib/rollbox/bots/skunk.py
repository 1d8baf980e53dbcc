"""A simple computer player for SKUNK (games/skunk.py): every computer seat
sits once the round total is :data:`SIT_AT` points or more. Simple and
always legal; strong play is a later issue. Pure: no display, no dice.

The table acts between rolls, so the device asks :func:`sits` for each
standing computer seat, then :func:`choose` for the shooter.
"""

from micropython import const

from games.skunk import ROLL, SIT_BASE, SkunkState  # noqa: F401 (SkunkState: type comments)

SIT_AT = const(20)  # points of round total at which a computer seat sits


def sits(state, seat):
    # type: (SkunkState, int) -> bool
    """True when the computer at ``seat`` sits down now: it is standing, the
    table is between rolls and the round total is SIT_AT or more."""
    return (not state.is_terminal() and not state.is_chance_node()
            and state.is_standing(seat) and state.round_total >= SIT_AT)


def choose(state):
    # type: (SkunkState) -> int
    """The shooter's action at a decision node: its own sit when
    :func:`sits` says so, otherwise ROLL (always legal: the round ends when
    the last seat sits).

    :raises ValueError: not a decision node.
    """
    if state.is_terminal() or state.is_chance_node():
        raise ValueError("no decision to make")
    seat = state.current_player()
    return SIT_BASE + seat if sits(state, seat) else ROLL
