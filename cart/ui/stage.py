"""The stage: the Scene base, and where a scene sends the player, as plain values the App performs.

A scene is what the App keeps on its stack; a transition is what a scene's
update returns. The two are one vocabulary and live together, below every
scene module, so that nothing in ``cart/ui`` imports in a circle.

A scene's ``update`` (and a dialog's or a menu's chosen action) returns one of
these, or None to stay, as a state machine's ``next_state``: the scene says
where to go and never calls into the App to get there, so a scene can be read
(and tested) without the scene stack, and every place the cartridge can go is
listed here once. :meth:`cart.ui.app.App.go` performs them. No Pyxel here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .stops import nearest_stop, row_stop

if TYPE_CHECKING:
    import pyxel

    from cart.engine import Match
    from cart.store import SavedGame

    from .intents import Intent
    from .options import GameSetup
    from .services import Services
    from .widgets import Button, Furniture, TextField, Window

__all__ = [
    "Chain",
    "Notices",
    "PlayNew",
    "Pop",
    "Push",
    "Quit",
    "Resume",
    "Scene",
    "Tell",
    "ToNewGame",
    "ToStart",
    "ToTitle",
    "Transition",
    "chain",
    "settings_not_saved",
]


class Scene:
    """Base scene: no stops, nothing typed; subclasses override what they use.

    The one focus model: the arrow keys (or d-pad) move the keyboard cursor
    between the scene's :meth:`stops`; the App says where it stopped through
    :meth:`focus_on`, and again with None once the mouse moves off it. While
    :attr:`focus` is set the scene marks that stop (the board's red frame, an
    icon's dotted frame, a menu's inverted item, a field's caret) and the App
    hides the pointer: a player without a mouse follows the mark instead.
    """

    typing = False  # a writable field has the caret: keys are text
    busy = False  # the computer is thinking: the pointer becomes an hourglass
    covered = False  # a box or a menu is over it (the App says so): it shows no tooltip
    own_arrows: tuple[str, ...] = ()  # arrow commands the scene takes itself (a list's Up and Down)
    any_key = False  # every key and gamepad button is a press, even one that names no command (the title)
    window: Window | None = None  # the scene's window, whose furniture the App hands to :meth:`furniture`
    free_stops = True  # stops lie about freely (the board); False: in rows (boxes, forms, menus)
    shows_focus = False  # it marks the focused stop, so the pointer may hide while the keys have it
    onscreen = False  # the on-screen keyboard: the keys type while the pad's buttons work its keys

    def __init__(self, services: Services) -> None:
        self.services = services
        self.going: list[Transition] = []  # where to go, said at the end of this update or action
        self.focus: tuple[int, int] | None = None  # the keys' stop, until the mouse moves

    def focus_on(self, stop: tuple[int, int] | None) -> None:
        """The keys put the cursor on ``stop`` (None: the mouse moved, the mark goes)."""
        self.focus = stop

    def pressable(self) -> Sequence[Button]:
        """The action buttons it shows, each pressed in while SELECT is held on it (none here)."""
        return ()

    def cover(self, covered: bool) -> None:
        """A box or a menu now lies over the scene, or no longer does (the App says so at each change).

        A button pressed to open the box would stay pressed in under it: the
        release that springs it back (the mouse's, Space's, pad A's) goes to the
        box, the top scene, so the scene never sees it. As on RISC OS, where the
        button is pressed in only while SELECT is held on it, it springs back now.
        """
        self.covered = covered
        if covered:
            for button in self.pressable():
                button.pressed = False

    @property
    def shown_focus(self) -> tuple[int, int] | None:
        """The stop to mark: the focus, unless a box or menu over the scene has the input focus now.

        RISC OS has one input focus: a scene under a box keeps its stop (the
        keys go back to it when the box closes) but draws no frame there meanwhile.
        """
        return None if self.covered else self.focus

    def first_stop(self) -> tuple[int, int] | None:
        """Where the focus goes when the scene opens while the keys are in use (its default icon)."""
        stops = self.stops()
        return stops[0] if stops else None

    def next_stop(self, at: tuple[int, int], direction: str) -> tuple[int, int] | None:
        """The stop an arrow goes to from ``at`` (None: none that way). The board's stops lie about
        freely (the nearest within 45 degrees); a box's, a form's or a menu's lie in rows."""
        return (nearest_stop if self.free_stops else row_stop)(self.stops(), at, direction)

    def focus_origin(self) -> tuple[int, int] | None:
        """Where the arrows start from when no stop has the focus (None: the pointer)."""
        return None

    def furniture(self, part: Furniture) -> Transition | None:
        """SELECT on the window's back, close or toggle-size icon (only those it draws are hit)."""
        return None

    def caret_field(self) -> TextField | None:
        """The writable icon with the caret, which the pad's on-screen keyboard writes in (None: none)."""
        return None

    def go(self, transition: Transition | None) -> None:
        """Say where to go (a box, the title...) once this update, or the box's action now running, ends.

        For scenes whose steps are deep in their update (the table's computer,
        a beat ending): each step says where to go here, and ``update`` returns
        :meth:`take`.
        """
        if transition is not None:
            self.going.append(transition)

    def take(self) -> Transition | None:
        """Where this update (or a box's action) goes: what :meth:`go` was told, in order."""
        going, self.going = self.going, []
        return chain(*going)

    def enter(self) -> None:
        """The scene is shown (pushed or switched to): what it starts, such as music, it starts here."""

    def leave(self) -> None:
        """The scene is gone (popped or switched away): it stops what :meth:`enter` started."""

    def update(self, intents: list[Intent]) -> Transition | None:
        """Take this frame's intents; return where to go (None: stay)."""
        raise NotImplementedError

    def draw(self, g: pyxel.Image) -> None:
        raise NotImplementedError

    def stops(self) -> list[tuple[int, int]]:
        """Points the keyboard cursor jumps between (arrow keys, d-pad)."""
        return []


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
    """An unsaved match with ``setup``, which becomes the set-up offered next time.

    ``match``: a match already begun elsewhere (one set up from a position) to play instead of a new one.
    """

    setup: GameSetup
    match: Match | None = None


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


def settings_not_saved(why: str | None) -> Transition | None:
    """The box saying why the settings were not saved (:class:`~cart.ui.prefs.Prefs` gives the reason)."""
    return None if why is None else Tell("Settings not saved", (why,))
