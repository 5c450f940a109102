"""The Create form's set-up (seed 000's Create dialog), before the side is drawn and the seats named.

The settings are the store's own :class:`~cart.store.Settings`
(:mod:`cart.ui.prefs`); a set-up becomes the
store's :class:`~cart.store.GameOptions` when a game is created
(:func:`cart.ui.saves.game_options`). No Pyxel here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from cart.ai import LEVELS
from cart.engine import Rules
from cart.store.saves.names import clean_player_name

from .view_state import Colour, Player

__all__ = ["GameSetup"]

Side = Literal["red", "other", "either"]


@dataclass(frozen=True)
class GameSetup:
    """Seed 000's Create dialog: players, side, level, rules, match length, automatic doubles, names.

    Player 0 plays the light (or black) checkers and opens in MaxGammon; player 1 is Red.
    Under MaxGammon rules White always opens, so there seat 0 is White
    whatever colour was chosen. With two players the side and the level do not
    apply; automatic doubles apply to money play under the standard rules only.
    ``you`` is the one human's name against the computer; ``names`` the two
    humans' names by seat in a two-player game (None: each colour's default,
    which follows the colour). Names are cleaned by the store's own rule, so
    each human is rated under the id ``player:<name>`` the store will use.

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
    you: str = "You"
    names: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        """Refuse what no game can have; names come out normalised (raises the store's ``BadNameError``)."""
        if self.players not in (0, 1, 2):
            raise ValueError(f"players must be 0, 1 or 2, got {self.players!r}")
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}, got {self.level!r}")
        if self.variant == "maxgammon":
            object.__setattr__(self, "other_colour", "white")  # White opens, and seat 0 opens
        object.__setattr__(self, "you", clean_player_name(self.you))
        if self.names is not None:
            if not isinstance(self.names, (tuple, list)) or len(self.names) != 2:
                raise ValueError(f"two players have two names, got {self.names!r}")
            pair = (clean_player_name(self.names[0]), clean_player_name(self.names[1]))
            object.__setattr__(self, "names", pair)

    @property
    def colours(self) -> tuple[Colour, Colour]:
        """The checker colours by seat, as the store's ``Settings.checker_colours`` keeps them."""
        return (self.other_colour, "red")

    def default_name(self, seat: int) -> str:
        """A two-player seat's name until one is typed: its colour's (seat 0 the other colour)."""
        return f"{(self.other_colour if seat == 0 else 'red').title()} player"

    def human_name(self, seat: int) -> str:
        """The name a human in ``seat`` plays (and is rated) under."""
        if self.players == 1:
            return self.you
        return self.names[seat] if self.names is not None else self.default_name(seat)

    @property
    def auto_doubles_apply(self) -> bool:
        """Automatic doubles are for money play under the standard rules (not matches, not MaxGammon)."""
        return self.variant == "standard" and not self.match_length

    def rules(self) -> Rules:
        return Rules(
            variant=self.variant,
            match_length=self.match_length,
            automatic_doubles=self.auto_doubles and self.auto_doubles_apply,
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
        names = [computers[seat].title() if seat in computers else self.human_name(seat) for seat in (0, 1)]
        return (
            Player(names[0], colours[0], computer=0 in computers),
            Player(names[1], colours[1], computer=1 in computers),
        )
