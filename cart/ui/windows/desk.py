"""Menu entries every screen shares: the ratings window, setting up a position, the window's scale.

Each opens over the screen it was chosen on. Pyxel fixes the window's scale when
the window opens and has no call to change it, so the choice applies from the
next start, and the menu says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cart.store.settings import MAX_WINDOW_SCALE
from cart.ui.controls import control, key_for
from cart.ui.routes import ToDrills
from cart.ui.wimp.menus import Entry
from cart.ui.wimp.stage import Push, Tell, Transition, chain, settings_not_saved

from .position_setup import SetUpScene
from .ratings_view import RatingsScene

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services


SCALE_MENU = "Scale (next start)"
"""The scale submenu's label: the choice applies when the window next opens, and says so."""


def desk_entries(services: Services) -> list[Entry]:
    """Set up position... (offering the last game's players), Ratings... and Drills..."""
    return [
        Entry("Set up position...", lambda: Push(SetUpScene(services))),
        Entry("Ratings...", lambda: Push(RatingsScene(services)), enabled=services.store is not None),
        drills_entry(services),
    ]


def drills_entry(services: Services) -> Entry:
    """Drills..., its key shown: the window of the player's own mistakes, asked again."""
    return Entry(
        control("drills").label,
        ToDrills,
        enabled=services.store is not None,
        key=key_for("drills", services.used.device),
    )


def scale_entries(services: Services) -> list[Entry]:
    """Automatic, 1x, 2x...: the window's scale from the next start, the one saved ticked."""
    prefs = services.prefs

    def choose(scale: int) -> Callable[[], Transition | None]:
        def chosen() -> Transition | None:
            size = (
                "Pyxel's choice (about 3/4 of the screen)"
                if scale == 0
                else f"{scale}x ({640 * scale}x{512 * scale})"
            )
            said = Tell("Window scale", (f"The window opens at {size} from the next start.",))
            return chain(settings_not_saved(prefs.change(window_scale=scale)), said)

        return chosen

    now = prefs.settings.window_scale
    labels = ["Automatic", *(f"{n}x" for n in range(1, MAX_WINDOW_SCALE + 1))]
    return [Entry(label, choose(n), ticked=now == n) for n, label in enumerate(labels)]


def scale_entry(services: Services, *, separator: bool = False) -> list[Entry]:
    """The Scale (next start) entry, where there is a window to scale: none in the browser's page."""
    if services.page is not None:
        return []
    return [Entry(SCALE_MENU, submenu=lambda: scale_entries(services), separator=separator)]
