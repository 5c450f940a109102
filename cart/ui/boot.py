"""The browser's start: a first frame at once, then the cartridge loaded behind it.

Under Pyodide importing the cart takes seconds on a phone, and until ``pyxel.run``
draws the page is black. So :class:`Boot` shows "loading" first, builds the App in
its second frame, and then hands every frame over. Imports only ``pyxel``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

import pyxel

LOADING = "Loading Gammon Cart..."
"""What the first frame says while the rest of the cart loads."""
SCREEN = (640, 512)
TITLE = "Gammon Cart"
FPS = 30
"""The App's own screen, title and rate (``cart.ui.app``, which this module must not import early)."""
TEXT_COL = 7  # Pyxel's default palette (the Wimp's is installed by the App): white on black
BACKGROUND = 0


class Runs(Protocol):
    """What Boot hands the frames to: the App's update and draw."""

    def update(self) -> None: ...

    def draw(self) -> None: ...


class Boot:
    """The frame loop's first owner: a loading frame, then the App built by ``make_app``, then the App."""

    def __init__(self, make_app: Callable[[], Runs]) -> None:
        self.make_app = make_app
        self.app: Runs | None = None
        self.drawn = 0  # loading frames drawn
        self.loading_s = 0.0  # how long building the App took (the page's start-up figures read it)

    def update(self) -> None:
        if self.app is not None:
            self.app.update()
        elif self.drawn:
            t0 = time.perf_counter()
            self.app = self.make_app()  # seconds under Pyodide: the loading frame stays up meanwhile
            self.loading_s = time.perf_counter() - t0

    def draw(self) -> None:
        if self.app is not None:
            self.app.draw()
            return
        pyxel.cls(BACKGROUND)
        x = (SCREEN[0] - len(LOADING) * pyxel.FONT_WIDTH) // 2
        pyxel.text(x, SCREEN[1] // 2 - pyxel.FONT_HEIGHT // 2, LOADING, TEXT_COL)
        self.drawn += 1


def run_in_browser(make_app: Callable[[], Runs]) -> None:
    """Open the screen, show the loading frame, then play the App ``make_app`` builds (the page's start
    names it: ``cart.__main__.web_app``, which the UI below it never imports)."""
    pyxel.init(SCREEN[0], SCREEN[1], title=TITLE, fps=FPS, quit_key=pyxel.KEY_NONE)

    def started() -> Runs:
        app = make_app()  # finds the screen open
        pyxel.mouse(False)  # as App.run: the cart draws the Acorn pointer itself
        return app

    boot = Boot(started)
    pyxel.run(boot.update, boot.draw)
