"""Review: a match told back, every decision judged by the master, in slices a window can afford.

Pure: a window steps :meth:`Reviewer.think` in its spare time; the store keeps
:func:`review_cache_form` beside the saved game. Every ``index`` is a record index.
Judged as GNU Backgammon judges: plays at 0-ply then a ply deeper, cubeful in EMG;
cube decisions a ply ahead; luck against the 36 rolls; error rates in millipoints.
"""

from __future__ import annotations

from collections.abc import Generator

from ...engine import Match
from ..bot import drain
from .codec import (
    record_digest as record_digest,
    review_cache_form as review_cache_form,
    review_from_cache as review_from_cache,
    review_from_json as review_from_json,
    review_to_json as review_to_json,
)
from .model import (
    BAD as BAD,
    DOUBTFUL as DOUBTFUL,
    LUCKY as LUCKY,
    RATINGS as RATINGS,
    VERY_BAD as VERY_BAD,
    VERY_LUCKY as VERY_LUCKY,
    CubeKind as CubeKind,
    CubeReview as CubeReview,
    LuckMark as LuckMark,
    Mark as Mark,
    Moves as Moves,
    PlayerTotals as PlayerTotals,
    PlayReview as PlayReview,
    Review as Review,
    RollReview as RollReview,
    luck_mark as luck_mark,
    mark as mark,
    rating as rating,
)
from .work import (
    ANALYSIS_VERSION as ANALYSIS_VERSION,
    DEEP_PLY as DEEP_PLY,
    DEFAULT_PLY as DEFAULT_PLY,
    Reviewer as Reviewer,
    analysis_key as analysis_key,
    joined as joined,
    overlaid as overlaid,
    think_review_part as think_review_part,
)


def think_review(
    match: Match, *, start: Review | None = None, ply: int = DEFAULT_PLY
) -> Generator[None, None, Review]:
    """The review of ``match``'s record so far, sliced; ``start``, a cached prefix, is kept."""
    return Reviewer(match, start=start, ply=ply).think()


def review_match(match: Match, *, start: Review | None = None, ply: int = DEFAULT_PLY) -> Review:
    """:func:`think_review` run to its end."""
    return drain(think_review(match, start=start, ply=ply))
