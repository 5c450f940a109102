"""The computer's decisions as jobs: the same generators in the frame's slices and in a worker.

A :data:`Job` names its kind and arguments; :func:`think_job` is its generator, which the
frame steps in its spare time and a worker (:mod:`cart.ai.worker`) runs to its end, so an
answer does not depend on where it was thought. Each kind loads what it needs when first
asked: importing this module costs a game's start nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine import Action, Match
    from .review import Review
    from .review.tutor import Advice
    from .turn import Hint

Job = tuple[Any, ...]
"""A decision to make: its kind (a key of :data:`JOBS`) and its arguments (:func:`think_job`)."""

TUTOR_THRESHOLDS = {"doubtful": "DOUBTFUL", "bad": "BAD", "very bad": "VERY_BAD"}
"""The tutor's settings and the review's names for their least loss (gnubg's marks' thresholds)."""


def think_turn(level: str, seed: int, match: Match) -> Generator[None, None, Hint]:
    """The computer's decision at ``level`` for the player who must act; it may offer to resign.

    The decision, not the action: a roll's dice are drawn from the game's own match when it is applied.
    """
    from . import Bot, think_load_weights
    from .bearoff import think_prepare
    from .turn import think_decision

    weights = yield from think_load_weights()
    bot = Bot(level, seed=seed, weights=weights)
    yield from think_prepare(match.game.position.key, ahead=bot.level.two_ply_margin > 0)
    return (yield from think_decision(bot, match, resign=True))


def think_hint(level: str, match: Match, deep: bool = False) -> Generator[None, None, Hint]:
    """The hint at ``level`` for the player who must act; ``deep``: the teacher's 2-ply look's instead."""
    from . import Bot, think_load_weights, think_teacher_weights
    from .bearoff import think_prepare
    from .turn import think_hint as hint

    weights = yield from (think_teacher_weights() if deep else think_load_weights())
    yield from think_prepare(match.game.position.key, ahead=deep)
    return (yield from hint(Bot(level, weights=weights), match, deep=deep))


def think_tutor(match: Match, action: Action, setting: str) -> Generator[None, None, Advice | None]:
    """The Master's word on ``action`` before it is applied, at the tutor's ``setting`` (not "off")."""
    from . import review
    from .bearoff import think_prepare
    from .review.tutor import think_tutor as tutor

    yield from think_prepare(match.game.position.key, ahead=True)  # the tutor looks two plies ahead
    return (yield from tutor(match, action, getattr(review, TUTOR_THRESHOLDS[setting])))


def think_review(
    start: Match, record: Sequence[Action], ply: int, since: int, seconds: float
) -> Generator[None, None, Review]:
    """A part of a review: ``record``'s judgements from ``since`` for about ``seconds`` of work.

    ``start`` is the match as it began (a thought's copy of a match keeps only its current game).
    """
    from .review import think_review_part

    return (yield from think_review_part(start, record, ply, since, seconds))


def think_rollout(decision: Any, settings: Any, tally: Any, seconds: float) -> Generator[None, None, Any]:
    """A part of a rollout: more trials of ``decision`` for about ``seconds`` (:mod:`cart.ai.rollout`)."""
    from .rollout import think_rollout_part

    return (yield from think_rollout_part(decision, settings, tally, seconds))


def think_drill(check: Any, seconds: float) -> Generator[None, None, Any]:
    """A part of a drill's deep check: its 2-ply, or ``seconds`` of its rollout (:mod:`.rollout.check`)."""
    from .rollout.check import think_check

    return (yield from think_check(check, seconds))


def review_job(match: Match, ply: int, since: int, seconds: float) -> Job:
    """The job for the part of ``match``'s review from ``since`` (:func:`think_review`)."""
    return ("review", match.restarted(), tuple(match.record), ply, since, seconds)


JOBS: dict[str, Callable[..., Generator[None, None, Any]]] = {
    "turn": think_turn,
    "hint": think_hint,
    "tutor": think_tutor,
    "review": think_review,
    "rollout": think_rollout,
    "drill": think_drill,
}


def think_job(job: Job) -> Generator[None, None, Any]:
    """``job``'s decision in slices: what the frame steps, and what the child runs to its end."""
    kind, *args = job
    return (yield from JOBS[kind](*args))


def thinking_copy(match: Match) -> Match:
    """``match`` as a thought needs it: no observer or dice, the record from the current game's start.

    A thought reads the record back to the game's start at most (a resignation declined
    this game), so a long session's record is not copied with every request.
    """
    from ..engine import NewGame

    thought = copy.copy(match)
    thought.on_commit = None
    thought.rng = None
    record = match.record
    start = len(record)
    while start and not isinstance(record[start - 1], NewGame):
        start -= 1
    thought.record = record[max(0, start - 1) :]
    return thought
