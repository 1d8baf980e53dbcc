"""Help page of SKUNK (rules: RULES.md 2, "SKUNK (group game on two
dice)"). Keys and symbols: games.skunk.screen (its module docstring).
"""

from rollbox.controls import SELECT, START, UP


def lines(game, state, buttons):
    """The page: a tuple of str, each at most 26 characters.

    :param game: the ``games.skunk.rules.SkunkGame``.
    :param state: its state (not used: the page is the same all game).
    :param buttons: bitmask of the board's buttons (``rollbox.controls``):
        with UP (8 buttons) each seat sits with its own button.
    """
    out = ["Keys", "shake or A: the shooter", "rolls for the table"]
    if buttons & UP:
        out += ("Each seat sits with its", "own button: P1 LEFT, P2 UP",
                "P3 RIGHT, P4 DOWN,", "P5 SELECT, P6 START,", "P7 B, P8 A (then shake",
                "rolls); shown as L U R D", "Se St B A on the rows")
    else:
        out += ("B: next seat on the list", "A: sit that seat, or roll")
        if buttons & SELECT:
            out.append("SELECT: not used")
    if buttons & START and not (buttons & UP and game.num_players() > 5):
        out.append("START: pause menu")
    else:  # no START, or START is P6's sit button
        out.append("A+B held 1 s: pause menu")
        if buttons & START:
            out.append("(A and B act first)")
    out += (
            "Symbols", '"^" standing, "_" sat', "S K U N K: the 5 rounds",
            "tot: the game total", '"0*": wiped by a 1-1', '"<--": the seat A sits',
            "cpu: a computer seat", "win: a winner", "light column: this round",
            "gold row: the shooter", "red die: a 1", "Rules",
            "A roll with no 1 adds its", "sum to every standing seat",
            "Sit: keep the round total.", "A 1: standing seats get 0;",
            "1-1: and lose their total.")
    return tuple(out)
