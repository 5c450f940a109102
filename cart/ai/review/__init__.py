"""Review: a match told back, every decision judged by the master, in slices a window can afford.

This is the face to import (pure: no Pyxel, no files but the weights' digest).
The API, stable from its first commit::

    Reviewer(match, *, start=None, ply=DEFAULT_PLY, weights=None, key=None)
        .think() -> Generator[None, None, Review]   # a bounded slice per next(); resumable
        .review() -> Review                         # what is done so far, at any time
        .progress -> float (0..1)  .done -> int (actions reviewed)  .finished -> bool
    think_review(match, *, start=None, ply=DEFAULT_PLY) -> Generator[None, None, Review]
    review_match(match, *, start=None, ply=DEFAULT_PLY) -> Review         # blocking
    analysis_key(ply=DEFAULT_PLY) -> str        # weights digest + ANALYSIS_VERSION + ply
    review_to_json(review) -> dict;  review_from_json(data) -> Review    # raises ValueError
    record_digest(record, upto) -> str          # what a cached review was made of
    review_cache_form(review, record) -> dict   # what store.reviews.save(game, ...) keeps
    review_from_cache(data, record, key) -> Review | None   # None: absent, damaged or stale

The cache, as a window uses it (``store.reviews`` is a :class:`cart.store.ReviewStore`)::

    key = analysis_key()
    start = review_from_cache(store.reviews.load(game), game.match.record, key)
    reviewer = Reviewer(game.match, start=start, key=key)
    ...  # step reviewer.think() a few ms per frame; when it ends, or the window closes:
    store.reviews.save(game, review_cache_form(reviewer.review(), game.match.record))

    Review(key, ply, upto, names, plays, cubes, rolls)
        .totals() -> (PlayerTotals, PlayerTotals)   .decisions()  .errors()  .graph(game_number=None)
    PlayReview(index, game_number, player, dice, position_id, made, best, made_text, best_text,
               made_equity, best_equity, loss, mark, choices, win_after)   .forced
    CubeReview(index, game_number, player, kind, made, right, no_double, double_take, double_pass,
               loss, mark, close)
    RollReview(index, game_number, player, dice, luck, mark)
    PlayerTotals(player, name, moves, cube_decisions, checker_error, cube_error, marks, luck)
        .total_error  .decisions  .error_per_move (EMG)  .error_rate (mEMG per move)  .rating
    mark(loss) -> "" | "doubtful" | "bad" | "very bad";  luck_mark(luck);  rating(error_per_move)

``index`` is always a record index: ``match.moment(index)`` is the board before
the decision (the window's "show that moment"), ``moment(index + 1)`` after it.

What is measured, and how:

- **Checker plays** (``ply`` 1, the default): the master's net at 0-ply ranks
  every legal play; its candidates (the best 6 within 0.16, as the master
  plays) and the play made are then searched 1-ply deeper (the opponent's best
  reply on each of its 21 rolls), and the best of those is the best play.
  Equity is *cubeful* where the rules have a cube, in EMG (money: points per
  unit of the cube): after the play the opponent is on roll and handles the
  cube as the master's cube model says (one ply ahead, :func:`cart.ai.cube.lookahead`,
  at 1-ply; its 0-ply model at 0-ply), and a match's winning chances are mapped
  to EMG as gnubg's ``mwc2eq`` maps them. Without a cube (MaxGammon) it is
  cubeless money equity. ``ply=0`` judges every play at 0-ply (about half the
  time). The master's own 2-ply (its tie-break between its best two) is not
  used: too slow for a whole game.
- **Cube decisions**: at every roll where the player on roll could double (the
  rules allow it and the cube can still gain), every double, take and drop:
  the master's cube decision (its cubeful model one ply ahead,
  :mod:`cart.ai.cube`) and the loss of the action taken against the right one,
  in EMG (money: per unit of the cube before the double).
- **Luck**: each roll's equity after its best play against the average over
  the 36 rolls, at the expert's 0-ply (cubeless); the roll-off counts for its
  winner against the 30 roll-offs (0 by symmetry), as gnubg's ``LuckFirst``.
- **Totals** (gnubg's statistics): error rate per move = all errors / (unforced
  plays + close cube decisions), in millipoints; the rating word by gnubg's
  ``arThrsRating``; luck summed.
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
    DEFAULT_PLY as DEFAULT_PLY,
    Reviewer as Reviewer,
    analysis_key as analysis_key,
)


def think_review(
    match: Match, *, start: Review | None = None, ply: int = DEFAULT_PLY
) -> Generator[None, None, Review]:
    """The review of ``match``'s record so far as a generator: a bounded slice per ``next()``.

    ``start`` (a cached review of a prefix, same key) is kept, not redone. For a
    window that must keep what was done when it closes early, hold a
    :class:`Reviewer` and step its :meth:`~Reviewer.think` instead.
    """
    return Reviewer(match, start=start, ply=ply).think()


def review_match(match: Match, *, start: Review | None = None, ply: int = DEFAULT_PLY) -> Review:
    """:func:`think_review` run to its end."""
    return drain(think_review(match, start=start, ply=ply))
