"""Where the App can go besides a box: the title, the saved games, a new game, a game resumed.

A scene returns one of these as its transition (a :class:`~cart.ui.kit.stage.Route`);
:meth:`cart.ui.app.App.go` performs it. They sit below the rooms that name
them and import nothing of those rooms but the form's set-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cart.ui.kit.stage import Route

if TYPE_CHECKING:
    from cart.engine import Match
    from cart.store import SavedGame
    from cart.ui.windows.setup import GameSetup


@dataclass(frozen=True)
class ToTitle(Route):
    """The title and its attract game."""


@dataclass(frozen=True)
class ToStart(Route):
    """Start: the saved games (the Create form when there are none, or no store)."""


@dataclass(frozen=True)
class ToNewGame(Route):
    """The Create form, offering the last set-up."""


@dataclass(frozen=True)
class PlayNew(Route):
    """An unsaved match with ``setup``, which becomes the set-up offered next time.

    ``match``: a match already begun elsewhere (one set up from a position) to play instead of a new one.
    """

    setup: GameSetup
    match: Match | None = None


@dataclass(frozen=True)
class Resume(Route):
    """Play the saved game ``saved`` where it was left, in the player's colours.

    ``created_from``: the form's set-up it was just created from, which (with
    its options) is offered next time; None for a game resumed or played again.
    """

    saved: SavedGame
    created_from: GameSetup | None = None


@dataclass(frozen=True)
class Notices(Route):
    """The store's messages about damaged files set aside, each shown once (nothing when none)."""
