"""The cartridge: one Pyxel window, a stack of scenes, input turned into intents, sound.

``App`` is built by ``python -m cart`` (never at import time). Each frame
:meth:`App.update` polls :class:`~cart.ui.intents.Input` once, moves the
keyboard cursor between the top scene's stops for the arrow keys, and hands
the intents to the top scene only (menus and dialogs are modal);
:meth:`App.draw` paints every scene bottom to top. Tests and the headless demo
call :meth:`App.frame` instead of ``pyxel.run``.

A store (saved games, ratings, settings; ``cart/store``) can be given as
``store``: the app keeps it for the scenes that will use it, and runs
without one.
"""

from __future__ import annotations

import random
from typing import Any

import pyxel

from .assets import Assets
from .board_view import BoardView
from .intents import Command, Input, Intent, Pointer
from .layout import SCREEN
from .options import GameSetup, Options
from .play import PlayScene
from .scenes import Scene, nearest_stop
from .sound import Sounds

__all__ = ["FPS", "THINK_BUDGET_S", "TITLE", "App", "init_pyxel"]

TITLE = "Gammon Cart"
FPS = 30
THINK_BUDGET_S = 0.005
"""Time the computer may think per frame: with drawing, frames stay under 8 ms (33 ms at 30 fps)."""

NAVIGATION = ("left", "right", "up", "down")


def init_pyxel(*, headless: bool = False) -> None:
    """Open the 640x512 screen once per process (Pyxel cannot be initialised twice)."""
    if pyxel.width == 0:
        pyxel.init(SCREEN[0], SCREEN[1], title=TITLE, fps=FPS, quit_key=pyxel.KEY_NONE, headless=headless)


class App:
    """The running cartridge: assets, board painter, sounds, options and the scene stack."""

    def __init__(
        self,
        *,
        store: Any = None,
        seed: int | None = None,
        headless: bool = False,
        options: Options | None = None,
        start: str = "title",
    ) -> None:
        init_pyxel(headless=headless)
        self.store = store
        self.headless = headless
        self.rng = random.Random(seed)
        self.options = options if options is not None else Options()
        self.assets = Assets.load()
        self.board = BoardView(self.assets, "Backgammon")
        self.sounds = Sounds(self.options.sound)
        self.input = Input()
        self.think_budget = THINK_BUDGET_S
        self.last_setup = GameSetup()
        self.stack: list[Scene] = []
        self.quitting = False
        if start == "title":
            self.to_title()
        else:
            self.to_new_game()

    # -- the stack ----------------------------------------------------------------------
    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)

    def pop(self, scene: Scene) -> None:
        """Remove ``scene`` (and anything above it); a scene that is gone already is ignored."""
        if scene in self.stack:
            del self.stack[self.stack.index(scene) :]

    def switch(self, scene: Scene) -> None:
        """Make ``scene`` the only one."""
        self.stack = [scene]

    def to_title(self) -> None:
        from .title import TitleScene

        self.switch(TitleScene(self))

    def to_new_game(self) -> None:
        from .title import NewGameScene

        self.sounds.title_music(False)
        self.switch(NewGameScene(self, self.last_setup))

    def new_game(self, setup: GameSetup) -> PlayScene:
        """Start a match with ``setup`` (it becomes the set-up offered next time)."""
        self.last_setup = setup
        self.sounds.title_music(False)
        scene = PlayScene(self, setup)
        self.switch(scene)
        return scene

    def quit(self) -> None:
        self.quitting = True
        if not self.headless:
            pyxel.quit()

    # -- frames ---------------------------------------------------------------------------
    def update(self) -> None:
        top = self.top
        self.feed(self.input.poll(typing=top.typing))

    def feed(self, intents: list[Intent]) -> None:
        """Give ``intents`` to the top scene, after moving the keyboard cursor for arrow commands."""
        top = self.top
        moved = [i for i in intents if isinstance(i, Command) and i.name in NAVIGATION]
        if moved and not top.typing:
            for command in moved:
                stop = nearest_stop(top.stops(), self.input.cursor, command.name)
                if stop is not None:
                    self.input.warp(*stop)
            x, y = self.input.cursor
            intents = [Pointer(x, y) if isinstance(i, Pointer) else i for i in intents if i not in moved]
        top.update(intents)

    def draw(self) -> None:
        g = pyxel.screen
        for scene in list(self.stack):
            scene.draw(g)

    def frame(self) -> None:
        """One update and one draw, without waiting for the clock (tests, the demo, the bench)."""
        self.update()
        self.draw()

    def run(self) -> None:
        pyxel.mouse(True)
        pyxel.run(self.update, self.draw)
