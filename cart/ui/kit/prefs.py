"""The player's choices in the store's own vocabulary: :class:`~cart.store.Settings`, held and saved.

The menus tick the store's fields directly, so what the player changes is what is
saved, with no second set of names; the session-only ticks a screen names (the table's
two) sit beside them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cart.store import Settings, StoreError

SPEED_FRAMES: dict[str, int] = {"slow": 14, "normal": 8, "fast": 3, "off": 0}
"""Frames one checker takes to travel one step (and the dice to tumble), per ``animation_speed``."""

SPEEDS: tuple[tuple[str, str], ...] = (
    ("Slow", "slow"),
    ("Normal", "normal"),
    ("Fast", "fast"),
    ("Instant", "off"),
)
"""The Speed menu: each label and the ``animation_speed`` it sets."""


class Prefs:
    """The settings in force, saved through ``save`` when they change; ``ticks``, kept for the session.

    A failed save is said and tried again at the next change; the settings stay in force.
    """

    def __init__(
        self,
        settings: Settings,
        save: Callable[[Settings], None] | None = None,
        ticks: Mapping[str, bool] | None = None,
    ) -> None:
        self.settings = settings
        self.saved = settings  # what the store holds: a change is written when the two differ
        self._save = save
        self.ticks = dict(ticks or {})  # a menu's ticks never saved, by the names the game gave them

    @property
    def step_frames(self) -> int:
        """Frames a checker takes per step (and the dice to tumble) at the speed chosen; 0: at once."""
        return SPEED_FRAMES.get(self.settings.animation_speed, SPEED_FRAMES["normal"])

    def change(self, **changes: Any) -> str | None:
        """Set some settings and save them; returns why they were not saved, if not (a box says it).

        >>> prefs = Prefs(Settings())
        >>> prefs.change(tooltips=False), prefs.settings.tooltips
        (None, False)
        """
        try:
            self.settings = self.settings.replace(**changes)
        except ValueError as exc:
            return str(exc)
        return self.remember()

    def flip(self, name: str) -> str | None:
        """Tick or untick ``name``: one of the session's :attr:`ticks`, else a boolean setting.

        >>> prefs = Prefs(Settings(), ticks={"grid": True})
        >>> prefs.flip("grid"), prefs.ticks, prefs.flip("tooltips"), prefs.settings.tooltips
        (None, {'grid': False}, None, False)
        """
        if name in self.ticks:
            self.ticks[name] = not self.ticks[name]
            return None
        return self.change(**{name: not getattr(self.settings, name)})

    def remember(self) -> str | None:
        """Write the settings if they differ from the store's; the reason as text when that failed.

        Text, not a box, so the settings stay below the scenes that show it.
        """
        if self._save is None or self.settings == self.saved:
            return None
        try:
            self._save(self.settings)
        except (StoreError, ValueError) as exc:
            return str(exc)
        self.saved = self.settings
        return None
