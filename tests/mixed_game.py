"""A finished game with errors of every size, and its review worked out once for every run.

The review tests and the terminal's review tests read the same review; it takes seconds
and is a pure result of the record and the code, so one is made, kept on disk and shared.
A module of its own, not ``conftest``: ``from conftest import`` finds the UI's
conftest instead when a run names files under ``tests/ui`` too.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

from kept import CODE, kept

from cart.ai import Bot, choose_action, drain
from cart.ai.review import DEEP_PLY, Review, Reviewer, review_match
from cart.engine import Action, Match, Rules

NAMES = ("Ann", "Bob")


def mixed_game(seed: int = 4, levels: tuple[str, str] = ("beginner", "expert")) -> Match:
    """A beginner (Ann) against an expert (Bob) to the end: a new Match each call, the same game."""
    record, state = _played(seed, levels)
    rng = random.Random()
    rng.setstate(state)  # as the game left its dice
    return Match.replay(Rules(), record, names=NAMES, rng=rng)


@functools.cache
def _played(seed: int, levels: tuple[str, str]) -> tuple[tuple[Action, ...], object]:
    """The game's record and its dice's state at the end, played once (the bots take a while)."""
    return kept(f"mixed-game-{seed}-{'-'.join(levels)}", [*CODE, Path(__file__)], lambda: _play(seed, levels))


def _play(seed: int, levels: tuple[str, str]) -> tuple[tuple[Action, ...], object]:
    m = Match(Rules(), names=NAMES, rng=random.Random(seed))
    bots = (Bot(levels[0], seed=seed), Bot(levels[1], seed=seed))
    while m.game.phase != "over":
        g = m.game
        m.apply(choose_action(bots[g.actor if g.phase != "opening" else 0], m))
    assert m.rng is not None
    return tuple(m.record), m.rng.getstate()


@functools.cache
def mixed_review() -> Review:
    """``review_match(mixed_game())``, kept (:mod:`kept`) until the AI or engine change.

    A Review is frozen: sharing it is safe.
    """
    return kept("mixed-review", [*CODE, Path(__file__)], lambda: review_match(mixed_game()))


@functools.cache
def mixed_deep_head(upto: int) -> Review:
    """The deep pass over the mixed game's first ``upto`` actions, kept like :func:`mixed_review`.

    2-ply over the opening's plays takes seconds; the tests that read it test what is done with a
    deep pass (overlaid, stored), the deep pass itself being tested on a position of few plays.
    """
    head = Match.replay(Rules(), mixed_game().record[:upto], names=NAMES)
    files = [*CODE, Path(__file__)]
    return kept(f"mixed-deep-head-{upto}", files, lambda: drain(Reviewer(head, ply=DEEP_PLY).think()))
