"""What a Review window is given to show: the match, its players, a cached analysis, and where it goes after.

:func:`fits` says whether a cached analysis may be shown (these weights, this record).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cart.ai.review import Review, analysis_key

if TYPE_CHECKING:
    from cart.engine import Match
    from cart.ui.board.view_state import Player
    from cart.ui.kit.stage import Transition


@dataclass
class ReviewSource:
    """What a Review window shows: a copy of a match (the window never changes a game), and how.

    ``keep`` stores the review when the window closes (returning why not, or None);
    ``then`` says where to go after; ``ply`` is the analysis's depth; ``rollouts``: the
    rollouts kept with the review (the store's form), and ``keep_rollouts`` stores them.
    """

    title: str
    match: Match
    players: tuple[Player, Player]
    viewer: int = 1
    cached: Review | None = None
    keep: Callable[[Review], str | None] | None = None
    then: Callable[[], Transition | None] | None = None
    ply: int | None = None
    rollouts: dict[str, Any] | None = None
    keep_rollouts: Callable[[dict[str, Any]], str | None] | None = None


def fits(review: Review | None, match: Match, ply: int | None) -> bool:
    """A cached review is shown only if made by these weights and analysis, of a prefix of the record."""
    if review is None or review.upto > len(match.record):
        return False
    return review.key == (analysis_key() if ply is None else analysis_key(ply))
