"""What a scene is given: a small, fixed set of services, never the App.

A scene draws with the assets and the board painter, makes sounds, reads and
ticks the player's settings (the store's :class:`~cart.store.Settings`, held
and saved by :class:`~cart.ui.prefs.Prefs`), reaches the store for what it really keeps (saved games, ratings,
an export), thinks within the frame clock's spare time and draws its dice
from ``rng``. It cannot see the scene stack or the App: where to go it returns
(:mod:`cart.ui.stage`). Nothing else is shared, so a scene is built and
tested with these alone, and no scene module imports ``app``: no import circle
in ``cart/ui``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .clipboard import read_clipboard
from .intents import LastUsed

if TYPE_CHECKING:
    from cart.store import Store

    from .assets import Assets
    from .board_view import BoardView
    from .prefs import Prefs
    from .sound import Sounds
    from .thinking import FrameClock

__all__ = ["Services"]


@dataclass(frozen=True, eq=False)
class Services:
    """The services a scene gets: painting, sound, the settings, the store, time, chance, the clipboard.

    ``clipboard`` reads the system clipboard for Ctrl+V (None: it cannot be
    read here, see :mod:`cart.ui.clipboard`); tests give their own. ``used``
    says which input the player used last (the App's :class:`~cart.ui.intents.Input`
    keeps it), so a tip names that device's controls.
    """

    assets: Assets
    board: BoardView
    sounds: Sounds
    prefs: Prefs
    store: Store | None
    clock: FrameClock
    rng: random.Random
    clipboard: Callable[[], str | None] = read_clipboard
    used: LastUsed = field(default_factory=LastUsed)
