"""What the Create form and the position set-up edit before a game exists; it never leaves them.

The form offers the last game's options (the store's :class:`~cart.store.GameOptions`)
in the player's colours as a :class:`Draft`; PLAY turns the draft into options
again, which is all the rest of the cartridge hears of it. No Pyxel here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cart.ai import LEVELS
from cart.engine import Rules
from cart.store import GameOptions
from cart.store.saves.names import clean_player_name
from cart.ui.board.view_state import Colour

Side = Literal["red", "other", "either"]


@dataclass(frozen=True)
class Draft:
    """The Create form's choices: players, side, level, rules, match length, automatic doubles, names.

    Seat 1 is Red; in MaxGammon seat 0 is White, whatever was chosen.

    >>> Draft(side="other", level="expert").options(hints=True).names
    ('You', 'Expert')
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
        if self.players not in (1, 2):
            raise ValueError(f"players must be 1 or 2, got {self.players!r}")
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

    @classmethod
    def of(cls, options: GameOptions | None, other_colour: Literal["white", "black"] = "white") -> Draft:
        """The draft offering ``options`` again (None: the defaults) in the player's colours.

        The human's name against the computer, or both names of a two-player
        game, come back; the other kind keeps its defaults.
        """
        if options is None:
            return cls(other_colour=other_colour)
        rules = options.rules
        side: Literal["red", "other"] = "other" if options.computer == 1 else "red"
        human = None if options.computer is None else options.names[1 - options.computer]
        plain = cls(other_colour=other_colour)
        defaults = (plain.default_name(0), plain.default_name(1))  # left as defaults, they follow the colour
        pair = None if human is not None or options.names == defaults else options.names
        try:
            return cls(
                players=options.players,
                side=side,
                level=options.level or cls.level,
                variant=rules.variant,  # type: ignore[arg-type]
                match_length=rules.match_length,
                auto_doubles=rules.automatic_doubles,
                other_colour=other_colour,
                you=human if human is not None else cls.you,
                names=pair,
            )
        except ValueError:  # a level (or name) this version refuses: the defaults, with the rules kept
            return cls(variant=rules.variant, match_length=rules.match_length)  # type: ignore[arg-type]

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

    @property
    def either(self) -> bool:
        """The human's side is drawn when the game starts (:func:`~cart.ui.routes.start_game`)."""
        return self.players == 1 and self.side == "either"

    def rules(self) -> Rules:
        return Rules(
            variant=self.variant,
            match_length=self.match_length,
            automatic_doubles=self.auto_doubles and self.auto_doubles_apply,
        )

    def options(self, *, hints: bool) -> GameOptions:
        """The store's options for this draft; 'Either' seats the computer as 'Red' does until drawn."""
        computer = None if self.players == 2 else 1 if self.side == "other" else 0
        names = [self.level.title() if seat == computer else self.human_name(seat) for seat in (0, 1)]
        level = self.level if computer is not None else None
        return GameOptions(self.rules(), (names[0], names[1]), computer, level, hints)
