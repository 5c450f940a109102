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
    from cart.ui.review.review_drills import DrillSeats
    from cart.ui.wimp.stage import Transition


@dataclass
class ReviewSource:
    """What a Review window shows: a copy of a match (the window never changes a game), and how.

    ``keep`` stores the review and its deep pass when the window closes (returning why not, or
    None); ``then`` says where to go after; ``ply`` is the quick pass's depth; ``deep``, the deep
    pass kept (at :data:`cart.ai.review.DEEP_PLY`); ``rollouts``, those kept with the review (the
    store's form), and ``keep_rollouts`` stores them; ``drills``, whose mistakes become drills.
    """

    title: str
    match: Match
    players: tuple[Player, Player]
    viewer: int = 1
    cached: Review | None = None
    keep: Callable[[Review, Review | None], str | None] | None = None
    then: Callable[[], Transition | None] | None = None
    ply: int | None = None
    deep: Review | None = None
    rollouts: dict[str, Any] | None = None
    keep_rollouts: Callable[[dict[str, Any]], str | None] | None = None
    drills: DrillSeats | None = None


def fits(review: Review | None, match: Match, ply: int | None) -> bool:
    """A cached review is shown only if made by these weights and analysis, of a prefix of the record."""
    if review is None or review.upto > len(match.record):
        return False
    return review.key == (analysis_key() if ply is None else analysis_key(ply))


def holds(kept: Review | None, review: Review) -> bool:
    """Whether ``kept`` already holds all of ``review`` (the same analysis, as far or further)."""
    return kept is not None and kept.key == review.key and kept.upto >= review.upto
