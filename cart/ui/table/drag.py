"""The board's gestures: a man carried by the mouse, and input kept while the table shows something.

A drag and two clicks are both the table's pick-up and put-down, so a drag decides
no rule: :class:`Drag` only tells a drag from a click. :class:`Held` keeps the
input made while the dice tumble or a play is shown, and gives it back after,
so a click a moment early is not lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cart.engine import PartialPlay
from cart.ui.kit.intents import Command, Intent, Release, Select

DRAG_SLOP = 4
"""Pixels the pointer must go from the press before a release is a drop: a shaky click stays a click."""

HELD_LIMIT = 32
"""Presses kept during a show; far more than a player makes in a tumble, few enough to bound a stuck key."""


@dataclass(frozen=True)
class Drag:
    """A man picked up by a press at (x, y) from ``src``, the press still down: its release may drop it."""

    src: int
    x: int
    y: int
    part: PartialPlay

    def moved(self, x: int, y: int) -> bool:
        """The pointer went far enough from the press for a release at (x, y) to be a drop, not a click."""
        return max(abs(x - self.x), abs(y - self.y)) >= DRAG_SLOP


@dataclass
class Held:
    """Presses, releases and commands made while the table was busy, oldest first (not pointer moves)."""

    intents: list[Intent] = field(default_factory=list)

    def keep(self, intents: list[Intent]) -> None:
        for intent in intents:
            if isinstance(intent, Select | Release | Command) and len(self.intents) < HELD_LIMIT:
                self.intents.append(intent)

    def take(self) -> list[Intent]:
        """What was kept, to act on now; the keep is emptied."""
        kept, self.intents = self.intents, []
        return kept

    def clear(self) -> None:
        self.intents = []
