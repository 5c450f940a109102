"""What a player chooses: the game set-up (seed 000's Create dialog) and the table options.

Plain values with no pyxel in them, so a store can save and restore them as
they are (``dataclasses.asdict``) once ``cart/store`` is plugged in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from cart.ai import LEVELS
from cart.engine import Rules

from .board_view import Colour, Player
from .sound import SoundSettings

__all__ = ["SPEEDS", "GameSetup", "Options", "Speed"]

Speed = Literal["slow", "normal", "fast", "instant"]
SPEEDS: dict[Speed, int] = {"slow": 14, "normal": 8, "fast": 3, "instant": 0}
"""Frames one checker takes to travel one step (and the dice to tumble), per speed setting."""

Side = Literal["red", "other", "either"]


@dataclass(frozen=True)
class GameSetup:
    """Seed 000's Create dialog: players, side, level, rules, match length, automatic doubles.

    Player 0 plays the light (or black) checkers and opens in MaxGammon; player 1 is Red.

    >>> setup = GameSetup(players=1, side="red", level="expert")
    >>> [p.name for p in setup.seats(random.Random(0))], setup.levels(random.Random(0))
    (['Expert', 'You'], {0: 'expert'})
    """

    players: int = 1
    side: Side = "red"
    level: str = "intermediate"
    variant: Literal["standard", "maxgammon"] = "standard"
    match_length: int = 0
    auto_doubles: bool = False
    other_colour: Colour = "white"

    def __post_init__(self) -> None:
        if self.players not in (0, 1, 2):
            raise ValueError(f"players must be 0, 1 or 2, got {self.players!r}")
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}, got {self.level!r}")

    def rules(self) -> Rules:
        return Rules(
            variant=self.variant,
            match_length=self.match_length,
            automatic_doubles=self.auto_doubles and self.variant == "standard" and not self.match_length,
        )

    def human_seat(self, rng: random.Random) -> int | None:
        """The seat the (single) human takes: Red is seat 1; 'either' draws it."""
        if self.players != 1:
            return None
        if self.side == "either":
            return rng.randint(0, 1)
        return 1 if self.side == "red" else 0

    def levels(self, rng: random.Random) -> dict[int, str]:
        """The computer's seats and levels (both in attract mode, none for two players)."""
        if self.players == 0:
            return {0: self.level, 1: self.level}
        if self.players == 2:
            return {}
        human = self.human_seat(rng)
        assert human is not None
        return {1 - human: self.level}

    def seats(self, rng: random.Random) -> tuple[Player, Player]:
        """How each seat is shown; call with a generator in the same state as for :meth:`levels`."""
        computers = self.levels(rng)
        colours: tuple[Colour, Colour] = (self.other_colour, "red")
        names = []
        for seat in (0, 1):
            if seat in computers:
                names.append(computers[seat].title())
            elif self.players == 1:
                names.append("You")
            else:
                names.append(f"{colours[seat].title()} player")
        return (
            Player(names[0], colours[0], computer=0 in computers),
            Player(names[1], colours[1], computer=1 in computers),
        )


@dataclass
class Options:
    """Table options from the menus: hint arrows, auto-confirm, pips, speed, tooltips, sounds."""

    hints: bool = True
    auto_confirm: bool = False
    pips: bool = True
    speed: Speed = "normal"
    tooltips: bool = True
    sound: SoundSettings = field(default_factory=SoundSettings)

    @property
    def step_frames(self) -> int:
        return SPEEDS[self.speed]
