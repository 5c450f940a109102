"""The FIBS rating formula, as the First Internet Backgammon Server rates a match.

For an ``n``-point match the underdog's chance is ``U = 1 / (10 ** (D * sqrt(n) / 2000) + 1)``
(``D`` the ratings' difference); ``P`` is ``U`` if the favourite won, else ``1 - U``.
Each side moves by ``4 * K * sqrt(n) * P`` with its own ``K = max(1, 5 - experience / 100)``
(experience before the match), and gains ``n`` experience.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

INITIAL_RATING = 1500.0


def k_factor(experience: int) -> float:
    """FIBS's K: 5 for a newcomer, falling by 1 per 100 points of experience, never below 1."""
    return max(1.0, 5.0 - experience / 100.0)


def upset_probability(difference: float, length: int) -> float:
    """The chance that the lower-rated player wins an ``length``-point match.

    >>> round(upset_probability(100, 5), 3)
    0.436
    """
    return 1.0 / (math.pow(10.0, abs(difference) * math.sqrt(length) / 2000.0) + 1.0)


@dataclass(frozen=True)
class Rating:
    """A player's rating and experience (the sum of the lengths or points of rated results)."""

    rating: float = INITIAL_RATING
    experience: int = 0


def fibs_changes(winner: Rating, loser: Rating, length: int, weight: float = 1.0) -> tuple[float, float]:
    """The winner's gain and the loser's loss (both positive) for an ``length``-point match.

    ``weight`` multiplies both (the points of a single game, see the module
    docstring).

    >>> gain, _ = fibs_changes(Rating(1600, 400), Rating(1500, 400), 5)
    >>> round(gain, 2)
    3.9
    >>> gain, _ = fibs_changes(Rating(1500, 400), Rating(1600, 400), 5)
    >>> round(gain, 2)
    5.04
    """
    upset = upset_probability(winner.rating - loser.rating, length)
    p = upset if winner.rating >= loser.rating else 1.0 - upset
    scale = 4.0 * math.sqrt(length) * p * weight
    return k_factor(winner.experience) * scale, k_factor(loser.experience) * scale
