"""Where a scene sends the player: transitions as plain values, performed by the App.

A scene's ``update`` (and a dialog's or a menu's chosen action) returns one of
these, or None to stay, as a state machine's ``next_state``: the scene says
where to go and never calls into the App to get there, so a scene can be read
(and tested) without the scene stack, and every place the cartridge can go is
listed here once. :meth:`cart.ui.app.App.go` performs them. No Pyxel here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cart.store import SavedGame

    from .options import GameSetup
    from .scenes import Scene

__all__ = [
    "Chain",
    "Notices",
    "PlayNew",
    "Pop",
    "Push",
    "Quit",
    "Resume",
    "Tell",
    "ToNewGame",
    "ToStart",
    "ToTitle",
    "Transition",
    "chain",
]


@dataclass(frozen=True)
class ToTitle:
    """The title and its attract game."""


@dataclass(frozen=True)
class ToStart:
    """Seed 000's Start: the saved games (the Create form when there are none, or no store)."""


@dataclass(frozen=True)
class ToNewGame:
    """The Create form, offering the last set-up."""


@dataclass(frozen=True)
class PlayNew:
    """An unsaved match with ``setup``, which becomes the set-up offered next time."""

    setup: GameSetup


@dataclass(frozen=True)
class Resume:
    """Play the saved game ``saved`` where it was left, in the player's colours.

    ``created_from``: the form's set-up it was just created from, which (with
    its options) is offered next time; None for a game resumed or played again.
    """

    saved: SavedGame
    created_from: GameSetup | None = None


@dataclass(frozen=True, eq=False)
class Push:
    """A box or a menu over the scene; it takes the input until it goes."""

    scene: Scene


@dataclass(frozen=True, eq=False)
class Pop:
    """Remove ``scene`` (None: the top one) and everything above it, then go on to ``then``."""

    scene: Scene | None = None
    then: Transition | None = None


@dataclass(frozen=True)
class Tell:
    """A message box over whatever is showing: a title and messages, each wrapped to the box."""

    title: str
    messages: tuple[str, ...]


@dataclass(frozen=True)
class Notices:
    """The store's messages about damaged files set aside, each shown once (nothing when none)."""


@dataclass(frozen=True)
class Quit:
    """Close the cartridge."""


@dataclass(frozen=True)
class Chain:
    """Several transitions, performed in order."""

    steps: tuple[Transition, ...]


Transition = ToTitle | ToStart | ToNewGame | PlayNew | Resume | Push | Pop | Tell | Notices | Quit | Chain


def chain(*steps: Transition | None) -> Transition | None:
    """The transitions given, in order, as one (the Nones dropped; None when nothing is left).

    >>> chain(None, ToTitle()) == ToTitle()
    True
    >>> chain(ToTitle(), Quit())
    Chain(steps=(ToTitle(), Quit()))
    """
    kept = tuple(s for s in steps if s is not None)
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else Chain(kept)
