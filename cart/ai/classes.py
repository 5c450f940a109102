"""The classes of position the evaluator keeps a net for, read straight off a position key.

A race (no contact left) goes to the race net or the exact bear-off tables, a crashed
board to the crashed net, the rest of contact to the contact net: GNU Backgammon's own
split (its ``ClassifyPosition``), so our nets and its judge speak of the same classes.
"""

from __future__ import annotations

from ..engine.fast import SIDE_BITS, SIDE_MASK

CRASHED_MEN = 6
"""GNU Backgammon's N in its crashed test: a side with this few men left (ace and deuce aside)."""


def _side_crashed(side: int) -> bool:
    """GNU Backgammon's test of one side (``ClassifyPosition``): too few men left to keep a board."""
    total = 15 - (side & 15)  # men not borne off, the bar included
    ace, deuce = (side >> 4) & 15, (side >> 8) & 15
    if total <= CRASHED_MEN:
        return True
    if ace > 1:
        if total <= CRASHED_MEN + ace:
            return True
        return deuce > 1 and 1 + total - (ace + deuce) <= CRASHED_MEN
    return total <= CRASHED_MEN + (deuce - 1)


def is_crashed(key: int) -> bool:
    """A contact position the crashed net values: a side has crashed, as GNU Backgammon classes it.

    Self-play from the opening seldom reaches these, and TD(0) leaves the contact net sure of
    itself there; a net fitted to rollouts of them measured closer to GNU Backgammon's 2-ply.
    """
    return _side_crashed(key & SIDE_MASK) or _side_crashed(key >> SIDE_BITS)


def is_race(key: int) -> bool:
    """No contact left: the sum of both sides' rearmost slots is at most 25."""
    return ((key & SIDE_MASK).bit_length() - 1 >> 2) + ((key >> SIDE_BITS).bit_length() - 1 >> 2) <= 25
