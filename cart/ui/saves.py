"""Between the screens and ``cart/store``: the form's set-ups as saved options, and names and lines shown.

The store knows nothing of Pyxel and the UI's form: it keeps
:class:`~cart.store.GameOptions` (seats resolved, names given). These pure
functions turn the form's set-up into them and back, so the form can offer
the last game's options again. The settings need no translation: the UI
ticks the store's own :class:`~cart.store.Settings` (:mod:`cart.ui.prefs`).
Nothing here reads input or draws.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from cart.store import GameOptions, GameSummary, Settings

from . import messages
from .messages import PRINTABLE
from .options import GameSetup
from .view_state import Colour, Player

if TYPE_CHECKING:
    from cart.store import Store

__all__ = [
    "cut",
    "export_path",
    "free_name",
    "game_options",
    "local_time",
    "offered_setup",
    "players_of",
    "setup_of",
    "shown",
    "summary_line",
    "wrap",
]

OTHER_COLOURS: tuple[Literal["white", "black"], ...] = ("white", "black")


def shown(text: str) -> str:
    """``text`` as the system font can draw it: characters it lacks become ``?`` (one cell each).

    Names are free Unicode text, the font is the Archimedes' ASCII; a blank
    where a letter was would shift every column after it.

    >>> shown("Café ☕")
    'Caf? ?'
    """
    return "".join(c if c in PRINTABLE else "?" for c in text)


def cut(text: str, width: int) -> str:
    """``text`` as the font draws it in at most ``width`` characters, ending in an ellipsis when cut.

    >>> cut("Bartholomew", 8), cut("Ann", 8)
    ('Barth...', 'Ann')
    """
    return messages.cut(shown(text), width, at_word=False)


def local_time(stamp: str) -> str:
    """A stored time (ISO 8601, UTC) as the player's clock reads it: ``2025-01-31 18:04``.

    A stamp that cannot be read is shown as stored, cut to the minute.
    """
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp[:16].replace("T", " ")
    if when.tzinfo is not None:
        when = when.astimezone()  # the local time zone
    return when.strftime("%Y-%m-%d %H:%M")


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters (long words, such as paths, are cut)."""
    return textwrap.wrap(shown(text), width, break_long_words=True, break_on_hyphens=False) or [""]


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


def players_of(
    options: GameOptions, other_colour: Colour, ratings: tuple[int, int] | None
) -> tuple[Player, Player]:
    """How the two seats of a saved game are shown (seat 0 the other colour, seat 1 Red)."""
    colours: tuple[Colour, Colour] = (other_colour, "red")
    seats = [
        Player(
            options.names[seat],
            colours[seat],
            computer=options.computer == seat,
            rating=None if ratings is None else ratings[seat],
        )
        for seat in (0, 1)
    ]
    return (seats[0], seats[1])


def offered_setup(settings: Settings) -> GameSetup:
    """The set-up the form offers first: the last game's options, in the player's colours."""
    other = settings.checker_colours[0]
    colour: Literal["white", "black"] = other if other in OTHER_COLOURS else "white"  # type: ignore[assignment]
    if settings.last_options is None:
        return replace(GameSetup(), other_colour=colour)
    return setup_of(settings.last_options, colour)


def free_name(store: Store, stem: str) -> str:
    """The first of ``stem``, ``stem 2``, ``stem 3``... no saved game has yet.

    A stem that already ends in a number counts on from it: the match after
    "Game 2" is "Game 3", not "Game 2 2".
    """
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
    """Whose score it is in ``width`` characters: ``Ann 4-0 Bob`` (seat 0 first), ``, over`` when done.

    The names share what the score leaves, each cut with an ellipsis if need be.
    """
    names = s.options.names
    middle = f" {s.score[0]}-{s.score[1]} "
    tail = ", over" if s.match_over else ""
    room = width - len(middle) - len(tail)
    first = shown(names[0])
    second_room = max(3, room - min(len(first), room // 2))
    second = cut(names[1], second_room)
    first = cut(names[0], max(3, room - len(second)))
    return first + middle + second + tail


def summary_line(s: GameSummary, widths: Sequence[int] = (11, 22, 16, 16)) -> tuple[str, ...]:
    """A list row's columns, each within its width: name, players and score, rules, last played (local).

    The rules say a match as the board's score box does: "Standard to 3", "MaxGammon to 11".
    """
    r = s.options.rules
    rules = "MaxGammon" if r.variant == "maxgammon" else "Standard"
    rules += f" to {r.match_length}" if r.is_match else ", money"
    name_w, score_w, rules_w, played_w = widths
    return (
        cut(s.name, name_w),
        score_text(s, score_w),
        cut(rules, rules_w),
        cut(local_time(s.played), played_w),
    )


def export_path(store: Store, entry: str) -> str:
    """Where an entry of the store lies on disk, for messages (the entry itself for other backends)."""
    folder = getattr(store.backend, "folder", None)
    return entry if folder is None else str(folder.joinpath(*entry.split("/")))
