"""Short matches the review and the drills tests judge: an opening play, a last-roll cube decision."""

from __future__ import annotations

import functools
import random

from cart.ai.review import Review, review_match
from cart.engine import GameState, Match, Position, Rules


def opening(play: str, dice: tuple[int, int] = (6, 1)) -> Match:
    """Seat 0 wins the roll-off with ``dice`` and makes ``play``."""
    m = Match(Rules(), names=("Ann", "Bob"), rng=random.Random(1))
    m.roll(dice)
    m.play(play)
    return m


@functools.cache
def opening_review(play: str, dice: tuple[int, int] = (6, 1)) -> Review:
    """``review_match`` of :func:`opening` (frozen, the same every time): worked out once a process for
    the many tests that harvest, keep or show its marks, a tenth of a second each time."""
    return review_match(opening(play, dice))


def bear_off_last_roll() -> Match:
    """Seat 0 to roll, two men on its 5 point, seat 1 three on its 3 point: double and pass."""
    pos = Position.from_counts([13, 0, 0, 0, 0, 2] + [0] * 20, [12, 0, 0, 3] + [0] * 22)
    return Match(Rules(), names=("Ann", "Bob"), start=GameState.from_position(Rules(), pos))


FEW_PLAYS = "9/0AgAD/7QBAAA"
"""A contact position where 3-1 has three plays and the replies are few: a 2-ply there takes a tenth
of the opening's time. The master plays 17/14 3/2; 17/14 2/1 and 17/13 are bad."""


def few_plays(play: str, dice: tuple[int, int] = (3, 1)) -> Match:
    """Seat 0, on roll with ``dice`` in :data:`FEW_PLAYS`, makes ``play``."""
    start = GameState.from_position(Rules(), Position.from_position_id(FEW_PLAYS))
    m = Match(Rules(), names=("Ann", "Bob"), start=start)
    m.roll(dice)
    m.play(play)
    return m
