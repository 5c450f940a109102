"""The computer's levels by name (what the Create form offers, ratings keep apart) and how each plays.

A module of its own so the title and the forms can name the levels before the AI is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("beginner", "intermediate", "expert", "master")


@dataclass(frozen=True)
class Level:
    """How one level plays."""

    name: str
    noise: float = 0.0  # standard deviation added to each play's equity
    gammons: bool = True  # whether gammons and backgammons count in its equity
    candidates: int = 0  # plays searched one ply deeper (0: none)
    margin: float = 0.0  # ... of those within this equity of the 0-ply best
    two_ply_margin: float = 0.0  # the best two at 1-ply searched at 2-ply when this close (0: never)
    keep: int = 3  # at 2-ply's last ply, the plays of each list the prune net passes to the full net
    cube_lookahead: bool = False  # cube decisions one ply deeper (cubeful replies after each roll)


LEVEL_SPECS = {
    "beginner": Level("beginner", noise=0.07, gammons=False),
    "intermediate": Level("intermediate", noise=0.07),
    "expert": Level("expert"),
    "master": Level("master", candidates=6, margin=0.16, two_ply_margin=0.05, cube_lookahead=True),
}
