"""The Create form's set-up, and how it becomes the store's saved options and back.

The store keeps :class:`~cart.store.GameOptions` and knows nothing of the form;
these pure functions translate both ways, so the form offers the last game again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from cart.ai import LEVELS
from cart.engine import Rules
from cart.store import GameOptions, GameSummary, Settings
from cart.store.saves.names import clean_player_name
from cart.ui.board.view_state import Colour, Player, other_colour_of
from cart.ui.kit.text import cut_shown, local_time, shown

if TYPE_CHECKING:
    from cart.store import Store

Side = Literal["red", "other", "either"]


@dataclass(frozen=True)
class GameSetup:
    """The Create dialog: players, side, level, rules, match length, automatic doubles, names.

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


def game_options(setup: GameSetup, rng: random.Random, *, hints: bool) -> GameOptions:
    """The store's options for a set-up, saved or not: the side drawn now ('Either'), the seats named.

    The attract game's set-up (no players) has the computer in seat 0 here:
    the store's options hold one computer seat, and the table seats it in
    both (``Table.of(both=True)``); such a game is never saved.
    """
    levels = setup.levels(rng)
    computer = next(iter(levels), None) if setup.players != 2 else None
    names = [setup.level.title() if seat in levels else setup.human_name(seat) for seat in (0, 1)]
    return GameOptions(
        rules=setup.rules(),
        names=(names[0], names[1]),
        computer=computer,
        level=setup.level if computer is not None else None,
        hints=hints,
    )


def setup_of(options: GameOptions, other_colour: Literal["white", "black"] = "white") -> GameSetup:
    """The form's set-up for saved options (the form offers the last game's options and names again).

    The human's name against the computer, or both names of a two-player game,
    come back; the other kind keeps its defaults (one game's options are kept).
    """
    rules = options.rules
    side: Literal["red", "other"] = "other" if options.computer == 1 else "red"
    level = options.level or GameSetup().level
    human = None if options.computer is None else options.names[1 - options.computer]
    plain = GameSetup(other_colour=other_colour)
    defaults = (plain.default_name(0), plain.default_name(1))  # left as defaults, they follow the colour
    pair = None if human is not None or options.names == defaults else options.names
    try:
        return GameSetup(
            players=options.players,
            side=side,
            level=level,
            variant=rules.variant,  # type: ignore[arg-type]
            match_length=rules.match_length,
            auto_doubles=rules.automatic_doubles,
            other_colour=other_colour,
            you=human if human is not None else GameSetup.you,
            names=pair,
        )
    except ValueError:  # a level (or name) this version refuses: the defaults, with the rules kept
        return GameSetup(variant=rules.variant, match_length=rules.match_length)  # type: ignore[arg-type]


def offered_setup(settings: Settings) -> GameSetup:
    """The set-up the form offers first: the last game's options, in the player's colours."""
    colour = other_colour_of(settings)
    if settings.last_options is None:
        return replace(GameSetup(), other_colour=colour)
    return setup_of(settings.last_options, colour)


def free_name(store: Store, stem: str) -> str:
    """The first of ``stem``, ``stem 2``, ``stem 3``... no saved game has; "Game 2" goes on to "Game 3"."""
    if not store.games.exists(stem):
        return stem
    base, _, last = stem.rpartition(" ")
    n = int(last) if base and last.isdigit() and last.isascii() and len(last) < 6 else 1
    if n == 1:
        base = stem
    while True:
        n += 1
        name = f"{base} {n}"
        if not store.games.exists(name):
            return name


def score_text(s: GameSummary, width: int) -> str:
    """Whose score it is in ``width`` characters (``Ann 4-0 Bob``, ``, over`` when done), names cut to fit."""
    names = s.options.names
    middle = f" {s.score[0]}-{s.score[1]} "
    tail = ", over" if s.match_over else ""
    room = width - len(middle) - len(tail)
    first = shown(names[0])
    second_room = max(3, room - min(len(first), room // 2))
    second = cut_shown(names[1], second_room)
    first = cut_shown(names[0], max(3, room - len(second)))
    return first + middle + second + tail


def summary_line(s: GameSummary, widths: Sequence[int] = (11, 22, 16, 16)) -> tuple[str, ...]:
    """A list row's columns within widths: name, players and score, rules ("Standard to 3"), last played."""
    r = s.options.rules
    rules = "MaxGammon" if r.variant == "maxgammon" else "Standard"
    rules += f" to {r.match_length}" if r.is_match else ", money"
    name_w, score_w, rules_w, played_w = widths
    return (
        cut_shown(s.name, name_w),
        score_text(s, score_w),
        cut_shown(rules, rules_w),
        cut_shown(local_time(s.played), played_w),
    )


def export_path(store: Store, entry: str) -> str:
    """Where an entry of the store lies on disk, for messages (the entry itself for other backends)."""
    folder = getattr(store.backend, "folder", None)
    return entry if folder is None else str(folder.joinpath(*entry.split("/")))
