"""What a scene may ask of the cartridge: its services, as a protocol.

Scenes are typed against :class:`Host`, not against ``App``, so no scene
module imports ``app`` (the import circle ``app`` -> ``title`` -> ``play`` ->
``app`` is gone) and what a scene may touch is listed here in one place:
the assets and the board painter, sounds, options and the store, the frame
clock. Where to go is not asked of it: a scene returns a
:mod:`~cart.ui.transitions` value. ``App`` is the one implementation.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cart.store import Store

    from .assets import Assets
    from .board_view import BoardView
    from .options import GameSetup, Options
    from .scenes import Scene
    from .sound import Sounds
    from .thinking import FrameClock
    from .transitions import Transition

__all__ = ["Host"]


class Host(Protocol):
    """The services a scene gets."""

    assets: Assets
    board: BoardView
    sounds: Sounds
    options: Options
    store: Store | None
    clock: FrameClock
    rng: random.Random
    last_setup: GameSetup

    @property
    def top(self) -> Scene: ...

    def remember(self) -> Transition | None: ...
