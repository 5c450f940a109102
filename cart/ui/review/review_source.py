"""What a Review window is given to show: the match, its players, a cached analysis, and where it goes after.

:func:`fits` says whether a cached analysis may be shown (these weights, this record).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cart.ai.review import Review, analysis_key

if TYPE_CHECKING:
    from cart.engine import Match
    from cart.ui.board.view_state import Player
    from cart.ui.kit.stage import Transition


@dataclass
class ReviewSource:
    """What a Review window shows: a match (a copy: the window never changes a game), and how.

    ``keep`` is given the review when the window closes, to store it (it returns
    why it could not, or None); ``then`` says where to go once the window has
    closed (the game-over box again, say); ``ply`` the depth the analysis looks.
    """

    title: str
    match: Match
    players: tuple[Player, Player]
    viewer: int = 1
    cached: Review | None = None
    keep: Callable[[Review], str | None] | None = None
    then: Callable[[], Transition | None] | None = None
    ply: int | None = None


def fits(review: Review | None, match: Match, ply: int | None) -> bool:
    """A cached review is shown only if made by these weights and analysis, of a prefix of the record."""
    if review is None or review.upto > len(match.record):
        return False
    return review.key == (analysis_key() if ply is None else analysis_key(ply))
