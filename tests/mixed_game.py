"""A finished game with errors of every size, and its review worked out once per run.

The review tests and the terminal's review tests read the same review; it takes a
second or more and is a pure result of the record, so one is made and shared.
A module of its own, not ``conftest``: ``from conftest import`` finds the UI's
conftest instead when a run names files under ``tests/ui`` too.
"""

from __future__ import annotations

import functools
import random

from cart.ai import Bot, choose_action
from cart.ai.review import Review, review_match
from cart.engine import Match, Rules


def mixed_game(seed: int = 4, levels: tuple[str, str] = ("beginner", "expert")) -> Match:
    """A beginner (Ann) against an expert (Bob) to the end: a new Match each call, the same game."""
    m = Match(Rules(), names=("Ann", "Bob"), rng=random.Random(seed))
    bots = (Bot(levels[0], seed=seed), Bot(levels[1], seed=seed))
    while m.game.phase != "over":
        g = m.game
        m.apply(choose_action(bots[g.actor if g.phase != "opening" else 0], m))
    return m


@functools.cache
def mixed_review() -> Review:
    """``review_match(mixed_game())``, once per run (a Review is frozen: sharing it is safe)."""
    return review_match(mixed_game())
