"""The stage: the Scene base, and where a scene sends the player, as plain values the App performs.

A scene's ``update`` returns a transition, or None to stay: it never calls the App,
so it is tested without the stack. The arrows' moves among a scene's stops are here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cart.ui.kit.intents import KEYMAP, Keymap

if TYPE_CHECKING:
    import pyxel

    from cart.ui.kit.geom import Rect
    from cart.ui.kit.intents import Intent

    from .services import Services
    from .widgets import Button, Furniture, TextField, Window


def nearest_stop(
    stops: Sequence[tuple[int, int]], at: tuple[int, int], direction: str
) -> tuple[int, int] | None:
    """The stop nearest ``at`` within 45 degrees of ``direction``; None when there is none."""
    dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
    best: tuple[float, tuple[int, int]] | None = None
    for sx, sy in stops:
        vx, vy = sx - at[0], sy - at[1]
        along = vx * dx + vy * dy
        across = abs(vx * dy - vy * dx)
        if along <= 0 or across > along:
            continue
        score = along + 2 * across
        if best is None or score < best[0]:
            best = (score, (sx, sy))
    return None if best is None else best[1]


ROW_SLACK = 6
"""Pixels two stops' centres may differ in height and still sit in one row of a form."""


def row_stop(stops: Sequence[tuple[int, int]], at: tuple[int, int], direction: str) -> tuple[int, int] | None:
    """The stop ``direction`` of ``at`` in a form's rows, read as the eye reads a RISC OS dialogue box.

    Up and Down to the nearest row, then its nearest icon; Left and Right along the row (None at its end).
    """
    x, y = at
    if direction in ("up", "down"):
        sign = -1 if direction == "up" else 1
        below = [s for s in stops if (s[1] - y) * sign > ROW_SLACK]
        if not below:
            return None
        row_y = min(below, key=lambda s: abs(s[1] - y))[1]
        return min((s for s in below if abs(s[1] - row_y) <= ROW_SLACK), key=lambda s: abs(s[0] - x))
    sign = -1 if direction == "left" else 1
    along = [s for s in stops if abs(s[1] - y) <= ROW_SLACK and (s[0] - x) * sign > 0]
    return min(along, key=lambda s: abs(s[0] - x)) if along else None


def wrapped_row_stop(
    stops: Sequence[tuple[int, int]], at: tuple[int, int], direction: str
) -> tuple[int, int] | None:
    """As :func:`row_stop`, but wrapping round the rows' ends, so a d-pad never sticks at an edge."""
    found = row_stop(stops, at, direction)
    if found is not None:
        return found
    x, y = at
    if direction in ("left", "right"):
        row = [s for s in stops if abs(s[1] - y) <= ROW_SLACK and s != at]
        if not row:
            return None
        return (max if direction == "left" else min)(row, key=lambda s: s[0])
    far = [s for s in stops if abs(s[1] - y) > ROW_SLACK]
    if not far:
        return None
    row_y = (max if direction == "up" else min)(s[1] for s in far)
    return min((s for s in far if abs(s[1] - row_y) <= ROW_SLACK), key=lambda s: abs(s[0] - x))


class Scene:
    """Base scene: no stops, nothing typed; subclasses override what they use.

    The arrows move the cursor between :meth:`stops`; while :attr:`focus` is set the pointer hides.
    """

    typing = False  # a writable field has the caret: keys are text
    busy = False  # the computer is thinking: the pointer becomes an hourglass
    covered = False  # a box or a menu is over it (the App says so): it shows no tooltip
    own_arrows: tuple[str, ...] = ()  # arrow commands the scene takes itself (a list's Up and Down)
    any_key = False  # every key and gamepad button is a press, even one that names no command (the title)
    window: Window | None = None  # the scene's window, whose furniture the App hands to :meth:`furniture`
    free_stops = True  # stops lie about freely (the board); False: in rows (boxes, forms, menus)
    shows_focus = False  # it marks the focused stop, so the pointer may hide while the keys have it
    takes_drops = False  # a file dropped now is this scene's (else the App opens a .mat for review)
    onscreen = False  # the on-screen keyboard: the keys type while the pad's buttons work its keys
    field_answers = False  # a box asking for its one field: the on-screen keyboard's OK answers it
    help_page: str | None = None  # the manual's page about this screen, where its Help opens (None: contents)
    keymap: Keymap = KEYMAP  # its keys' commands: the kit's, or a game's laid over them (intents.Input.poll)

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
        """A box or menu lies over the scene (or has gone): a pressed button springs back, as on RISC OS."""
        self.covered = covered
        if covered:
            for button in self.pressable():
                button.pressed = False

    @property
    def shown_focus(self) -> tuple[int, int] | None:
        """The stop to mark: the focus, unless a box over the scene has the one input focus now."""
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
        """Where to go once this update (or a box's running action) ends; ``update`` returns :meth:`take`."""
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

    def targets(self) -> list[Rect]:
        """The controls a finger's tap is aimed at (:mod:`cart.ui.touch`), besides the window's icons:
        its buttons, so a scene gets them by having buttons."""
        return [b.rect for b in self.pressable()]


class Route:
    """A place the App goes that a scene names but the kit does not know (:mod:`cart.ui.routes`)."""


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
class Quit:
    """Close the cartridge."""


@dataclass(frozen=True)
class Help:
    """The game's manual over whatever is showing, open at ``page`` (None: the page about that screen).

    The window is a room's, which the kit does not know.
    """

    page: str | None = None


@dataclass(frozen=True)
class Chain:
    """Several transitions, performed in order."""

    steps: tuple[Transition, ...]


Transition = Route | Push | Pop | Tell | Quit | Help | Chain


def chain(*steps: Transition | None) -> Transition | None:
    """The transitions given, in order, as one (the Nones dropped; None when nothing is left)."""
    kept = tuple(s for s in steps if s is not None)
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else Chain(kept)


def settings_not_saved(why: str | None) -> Transition | None:
    """The box saying why the settings were not saved (:class:`~cart.ui.kit.prefs.Prefs` gives the reason)."""
    return None if why is None else Tell("Settings not saved", (why,))
