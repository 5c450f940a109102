"""The Create form's tips: what each line means, said when the pointer (or the keys' frame) rests on it.

A new player meeting "Other side" should not have to guess: each line of the
form has one sentence here, shown after the same pause as the table's tips and
only while ToolTips is ticked, keyed by the form's own labels; the manual's
Create page says more.
"""

from __future__ import annotations

from cart.ui.kit.assets import CHAR_H, CHAR_W
from cart.ui.kit.geom import SCREEN, Rect

FORM_TIPS: dict[str, str] = {
    "Name": "The saved game's name: any words, but not another game's",
    "Players": "1: you against the computer; 2: two people at this machine",
    "Your name": "The name you play and are rated under",
    "Player name": "This player's name: each name has a rating of its own",
    "Your side": "The colour you play: Red, the other, or Either (drawn at random)",
    "Computer": "How strongly the computer plays: Beginner up to Master",
    "Rules": "Standard: with the doubling cube. MaxGammon: no cube, White opens",
    "Other side": "The colour of the side that is not Red: White or Black",
    "Match": "Money play, game after game, or a match to the points shown",
    "-": "A shorter match (below 1 point: money play)",
    "+": "A longer match",
    "Automatic doubles (money play)": "Money play: each tie in the opening roll-off doubles the cube",
    "Hint arrows": "Arrows show which men may move, and where one may go",
    "Play": "Create the game and start it",
    "Cancel": "Leave the form: nothing is created",
}
"""Each line's tip, by the label it is shown against (a player's name field: "Player name")."""


def tip_under(text: str, line: Rect, x: int) -> Rect:
    """Where a line's tip goes: under it (not over its choices) from the pointer's ``x``, above at the bottom.

    >>> tip_under("A longer match", Rect(76, 300, 480, 24), 200)
    Rect(x=212, y=328, w=120, h=22)
    >>> tip_under("A longer match", Rect(76, 480, 480, 24), 600).y
    454
    """
    w, h = len(text) * CHAR_W + 8, CHAR_H + 6
    y = line.bottom + 4 if line.bottom + 4 + h <= SCREEN[1] else line.y - h - 4
    return Rect(max(0, min(x + 12, SCREEN[0] - w)), y, w, h)
