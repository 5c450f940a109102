"""Rule sets: each option of the game as one value, never a fork of the code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .errors import RulesError
from .matchid import MAX_CUBE, MAX_SCORE

Variant = Literal["standard", "maxgammon"]
VARIANTS: tuple[Variant, ...] = ("standard", "maxgammon")

MAX_AUTO_DOUBLES = 2
"""Automatic doubles turn the cube on the first two opening ties only (cube 4 at most)."""


@dataclass(frozen=True)
class Rules:
    """How a match is played.

    ``variant``: ``"standard"`` (one-die opening roll-off, doubling cube) or
    ``"maxgammon"`` (White, player 0, always opens with a normal roll; no cube).
    ``match_length``: 0 for money play, else the points that win the match.
    ``automatic_doubles``: in money play each opening tie turns the cube, at most
    twice; ignored in a match, as gnubg does. ``cube_limit``: the highest cube a
    double may reach (``None``: the Match ID's 2**15; 64 is the classic cube's last
    face). ``crawford``: no doubling in the game after a player first reaches match point.

    >>> Rules()
    Rules(variant='standard', match_length=0, automatic_doubles=False, cube_limit=None, crawford=True)
    >>> Rules(match_length=7).is_match, Rules(variant="maxgammon").uses_cube
    (True, False)
    >>> Rules(cube_limit=48)
    Traceback (most recent call last):
    ...
    cart.engine.errors.RulesError: cube_limit must be a power of two from 1 to 32768 (or None), got 48
    """

    variant: Variant = "standard"
    match_length: int = 0
    automatic_doubles: bool = False
    cube_limit: int | None = None
    crawford: bool = True

    def __post_init__(self) -> None:
        """Reject nonsense at construction, so the game never meets it mid-match."""
        if self.variant not in VARIANTS:
            raise RulesError(f"variant must be one of {', '.join(VARIANTS)}, got {self.variant!r}")
        if type(self.match_length) is not int or not 0 <= self.match_length <= MAX_SCORE:
            raise RulesError(
                f"match_length must be 0 (money play) or 1..{MAX_SCORE}, got {self.match_length!r}"
            )
        for name in ("automatic_doubles", "crawford"):
            if type(getattr(self, name)) is not bool:
                raise RulesError(f"{name} must be True or False, got {getattr(self, name)!r}")
        limit = self.cube_limit
        bad_limit = type(limit) is not int or not 1 <= limit <= MAX_CUBE or limit & (limit - 1)
        if limit is not None and bad_limit:
            raise RulesError(
                f"cube_limit must be a power of two from 1 to {MAX_CUBE} (or None), got {limit!r}"
            )
        if self.variant == "maxgammon" and (self.automatic_doubles or limit is not None):
            raise RulesError("MaxGammon has no doubling cube: no automatic doubles, no cube limit")

    @property
    def uses_cube(self) -> bool:
        """Whether doubling exists at all."""
        return self.variant == "standard"

    @property
    def is_match(self) -> bool:
        """A match to ``match_length`` points rather than money play."""
        return self.match_length > 0

    @property
    def max_cube(self) -> int:
        """The highest value the cube may reach."""
        if not self.uses_cube:
            return 1
        return MAX_CUBE if self.cube_limit is None else self.cube_limit

    @property
    def auto_doubles(self) -> int:
        """How many opening ties may turn the cube in this rule set."""
        return MAX_AUTO_DOUBLES if self.automatic_doubles and not self.is_match else 0
