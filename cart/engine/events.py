"""What happened: the small frozen values every action returns, for messages, sounds and animations.

A front end never works out what an action did: :meth:`cart.engine.Match.apply`
says it, as a list of these (a play's single-die steps and hits included).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .board import Position
from .plays import Play, Step

EndKind = Literal["single", "gammon", "backgammon", "drop", "forfeit", "resign"]


# -- events -----------------------------------------------------------------
@dataclass(frozen=True)
class GameStarted:
    """A new game of the match began (``number`` counts from 1)."""

    number: int
    crawford: bool


@dataclass(frozen=True)
class OpeningRoll:
    """One round of the standard roll-off: each player's die; ``winner`` is None on a tie."""

    dice: tuple[int, int]
    winner: int | None


@dataclass(frozen=True)
class AutoDoubled:
    """An opening tie turned the cube (automatic doubles)."""

    cube: int


@dataclass(frozen=True)
class Rolled:
    player: int
    dice: tuple[int, int]


@dataclass(frozen=True)
class Passed:
    """The roll cannot be played at all: the UI should say "no move possible"."""

    player: int
    dice: tuple[int, int]


@dataclass(frozen=True)
class Moved:
    """A play was made, from ``before`` (the board the mover saw).

    ``steps``: its single-die steps, each with its die and hit, for animation and
    sound; ``hits``: the points hit (mover's numbering); ``text``: gnubg notation.
    """

    player: int
    play: Play
    hits: tuple[int, ...]
    text: str
    steps: tuple[Step, ...] = ()
    before: Position | None = None


@dataclass(frozen=True)
class Doubled:
    """``player`` offers the cube at value ``cube``."""

    player: int
    cube: int


@dataclass(frozen=True)
class Taken:
    """``player`` took the double and now owns the cube at value ``cube``."""

    player: int
    cube: int


@dataclass(frozen=True)
class Dropped:
    """``player`` refused the double and loses ``cube`` points."""

    player: int
    cube: int


@dataclass(frozen=True)
class Forfeited:
    player: int


@dataclass(frozen=True)
class ResignOffered:
    """``player`` offers to resign at ``level``: the opponent would win ``points``."""

    player: int
    level: int
    points: int


@dataclass(frozen=True)
class ResignAccepted:
    """``player`` accepted the resignation offered to them."""

    player: int
    points: int


@dataclass(frozen=True)
class ResignDeclined:
    """``player`` declined the resignation offered to them: play goes on."""

    player: int


@dataclass(frozen=True)
class GameOver:
    winner: int
    points: int
    kind: EndKind


@dataclass(frozen=True)
class MatchOver:
    winner: int
    score: tuple[int, int]


Event = (
    GameStarted
    | OpeningRoll
    | AutoDoubled
    | Rolled
    | Passed
    | Moved
    | Doubled
    | Taken
    | Dropped
    | Forfeited
    | ResignOffered
    | ResignAccepted
    | ResignDeclined
    | GameOver
    | MatchOver
)
