"""The finished game the Review window is tested with, and its review, worked out once for every run.

The review tests and the review golden show the same game; its review takes seconds
and is a pure result of the record and the code, so one is made, kept on disk and shared.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

from kept import CODE, kept

from cart.ai import Bot, choose_action
from cart.ai.review import Review, review_match
from cart.engine import Action, Match, Rules

NAMES = ("Beginner", "You")


def finished_game() -> Match:
    """A beginner (seat 0) against an intermediate, to the end: 99 actions, a double taken.

    A new Match each call (a test may play on or replay it); the same game each time.
    """
    record, state = _played()
    rng = random.Random()
    rng.setstate(state)  # as the game left its dice
    return Match.replay(Rules(), record, names=NAMES, rng=rng)


@functools.cache
def _played() -> tuple[tuple[Action, ...], object]:
    """The game's record and its dice's state at the end, kept as the review is (the bots take a while)."""
    return kept("finished-game", [*CODE, Path(__file__)], _play)


def _play() -> tuple[tuple[Action, ...], object]:
    match = Match(Rules(), names=NAMES, rng=random.Random(20))
    bots = [Bot("beginner", seed=1), Bot("intermediate", seed=2)]
    while match.game.phase != "over":
        match.apply(choose_action(bots[match.game.actor], match))
    assert match.rng is not None
    return tuple(match.record), match.rng.getstate()


@functools.cache
def finished_review() -> Review:
    """``review_match(finished_game())``, kept (:mod:`kept`) until the AI or engine change.

    A Review is frozen: sharing it is safe.
    """
    return kept("finished-review", [*CODE, Path(__file__)], lambda: review_match(finished_game()))
