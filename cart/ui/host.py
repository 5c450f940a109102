"""What a scene may ask of the cartridge: the services and the ways to go elsewhere, as a protocol.

Scenes are typed against :class:`Host`, not against ``App``, so no scene
module imports ``app`` (the import circle ``app`` -> ``title`` -> ``play`` ->
``app`` is gone) and what a scene may touch is listed here in one place:
the assets and the board painter, sounds, options and the store, the frame
clock, the scene stack, and the named places to go (title, saved games, the
Create form, a game). ``App`` is the one implementation.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cart.store import SavedGame, Store

    from .assets import Assets
    from .board_view import BoardView
    from .options import GameSetup, Options
    from .scenes import Scene
    from .sound import Sounds
    from .thinking import FrameClock

__all__ = ["Host"]


class Host(Protocol):
    """The services a scene gets, and where it can send the player."""

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

    # -- the stack: boxes and menus over the scene
    def push(self, scene: Scene) -> None: ...
    def pop(self, scene: Scene) -> None: ...
    def tell(self, title: str, *messages: str) -> None: ...

    # -- places to go
    def to_title(self) -> None: ...
    def to_start(self) -> None: ...
    def to_new_game(self) -> None: ...
    def leave_form(self) -> None: ...
    def new_game(self, setup: GameSetup) -> Scene: ...
    def create_game(self, name: str, setup: GameSetup) -> Scene: ...
    def resume(self, name: str) -> Scene: ...
    def again(self, saved: SavedGame, setup: GameSetup, name: str) -> Scene: ...
    def quit(self) -> None: ...

    # -- the store's notices and the settings
    def show_notices(self) -> None: ...
    def remember(self) -> None: ...
