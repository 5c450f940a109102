"""Where the App can go besides a box: the title, the saved games, a new game, a game resumed.

A scene returns one of these as its transition (a :class:`~cart.ui.wimp.stage.Route`);
:meth:`cart.ui.app.App.go` performs it. A game is said in the store's
:class:`~cart.store.GameOptions` everywhere, and :func:`start_game` is the one
way one begins. Routes import nothing of the rooms that name them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cart.engine import GameState, Match
from cart.ui.wimp.stage import Route

if TYPE_CHECKING:
    from cart.store import GameOptions, SavedGame, Store


@dataclass(frozen=True)
class ToTitle(Route):
    """The title and its attract game."""


@dataclass(frozen=True)
class ToStart(Route):
    """Start: the saved games (the Create form when there are none, or no store)."""


@dataclass(frozen=True)
class ToNewGame(Route):
    """The Create form, offering the last game's options."""


@dataclass(frozen=True)
class PlayNew(Route):
    """``match``, unsaved, at the table as ``options`` say (made by :func:`start_game`, or a test's)."""

    options: GameOptions
    match: Match


@dataclass(frozen=True)
class Resume(Route):
    """Play the saved game ``saved`` where it was left, in the player's colours."""

    saved: SavedGame


@dataclass(frozen=True)
class ToDrills(Route):
    """The Drills window over the screen; over a Review, that game's costly plays are gathered first."""


@dataclass(frozen=True)
class Notices(Route):
    """The store's messages about damaged files set aside, each shown once (nothing when none)."""


def start_game(
    options: GameOptions,
    rng: random.Random,
    *,
    either: bool = False,
    store: Store | None = None,
    name: str = "",
    start: GameState | None = None,
    start_score: tuple[int, int] = (0, 0),
) -> PlayNew | Resume:
    """A new game with ``options``: saved as ``name`` in ``store`` (and resumed), or unsaved without one.

    ``either``: the human's seat is drawn, by its own generator seeded before the
    dice's, so the dice never depend on the side. ``start``/``start_score``: a set
    position. A :class:`~cart.store.StoreError` is raised before anything changes.
    """
    draw = random.Random(rng.getrandbits(32))
    if either and options.computer is not None and draw.randint(0, 1) == options.computer:
        swapped = (options.names[1], options.names[0])
        options = replace(options, names=swapped, computer=1 - options.computer)
    dice = random.Random(rng.getrandbits(64))
    if store is not None:
        return Resume(store.games.create(name, options, rng=dice, start=start, start_score=start_score))
    match = Match(options.rules, names=options.names, rng=dice, start=start, start_score=start_score)
    return PlayNew(options, match)
