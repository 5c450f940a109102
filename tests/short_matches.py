"""Short matches the review and the drills tests judge: an opening play, a last-roll cube decision."""

from __future__ import annotations

import random

from cart.engine import GameState, Match, Position, Rules


def opening(play: str, dice: tuple[int, int] = (6, 1)) -> Match:
    """Seat 0 wins the roll-off with ``dice`` and makes ``play``."""
    m = Match(Rules(), names=("Ann", "Bob"), rng=random.Random(1))
    m.roll(dice)
    m.play(play)
    return m


def bear_off_last_roll() -> Match:
    """Seat 0 to roll, two men on its 5 point, seat 1 three on its 3 point: double and pass."""
    pos = Position.from_counts([13, 0, 0, 0, 0, 2] + [0] * 20, [12, 0, 0, 3] + [0] * 22)
    return Match(Rules(), names=("Ann", "Bob"), start=GameState.from_position(Rules(), pos))
