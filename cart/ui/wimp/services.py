"""What a scene is given: a small, fixed set of services, never the App.

A scene is built and tested with these alone, so no scene imports ``app`` and
``cart/ui`` has no import circle. Pyxel has no clipboard: Ctrl+V asks the desktop's
tool, else the player types. In the browser a :class:`Page` says what the page offers.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from cart.ui.kit.intents import LastUsed

if TYPE_CHECKING:
    import pyxel

    from cart.store import Store
    from cart.ui.kit.assets import Assets
    from cart.ui.kit.prefs import Prefs
    from cart.ui.kit.sound import Sounds
    from cart.ui.kit.thinking import Asker, FrameClock

    from .widgets import Window


NO_CLIPBOARD = "Nothing to paste here (no clipboard tool found): type it instead"
"""What a paste says when the clipboard cannot be read (the browser, a desktop without a tool)."""

TIMEOUT_S = 1.0  # a tool that does not answer at once is not waited for: the frame must go on


def _commands() -> list[list[str]]:
    """The clipboard tools to try here, most likely first."""
    if sys.platform == "darwin":
        return [["pbpaste"]]
    if sys.platform == "win32":
        return [["powershell", "-NoProfile", "-Command", "Get-Clipboard"]]
    tools = []
    if os.environ.get("WAYLAND_DISPLAY"):
        tools.append(["wl-paste", "--no-newline"])
    if os.environ.get("DISPLAY"):
        tools += [["xclip", "-selection", "clipboard", "-o"], ["xsel", "--clipboard", "--output"]]
    return tools


def read_clipboard() -> str | None:
    """The clipboard's text, or None when it cannot be read (no tool, the browser, a tool that failed)."""
    if sys.platform == "emscripten":
        return None
    for command in _commands():
        if shutil.which(command[0]) is None:
            continue
        try:
            done = subprocess.run(command, capture_output=True, timeout=TIMEOUT_S, check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0:
            return done.stdout.decode("utf-8", "replace")
    return None


class Painter(Protocol):
    """The board painter as a scene uses it; the game and view are the board's values, passed on unread."""

    window: Window

    def draw(self, g: pyxel.Image, game: Any, view: Any) -> None: ...

    def hit(self, x: float, y: float, game: Any, view: Any) -> Any: ...

    def labels_over(self, g: pyxel.Image, game: Any, view: Any) -> None: ...


@dataclass(frozen=True)
class Page:
    """The browser page the cart runs in (the desktop has none): built by ``cart.__main__`` there.

    ``download(name, data)`` hands the player a file (an export) as the
    browser's download named ``name``; it raises ``OSError`` when the page
    refuses. ``file_name(path)`` is the name the player gave a file dropped on
    the page, which the page wrote into Pyodide's file system under another.
    A page cannot be closed by its game: Quit says the tab may be closed.
    ``touch()`` is a fingertip's reach in the game's pixels when the last press came from a finger,
    else 0 (:mod:`cart.ui.touch` aims its taps).
    """

    download: Callable[[str, bytes], None]
    file_name: Callable[[str], str]
    touch: Callable[[], float] = lambda: 0.0


@dataclass(frozen=True, eq=False)
class Services:
    """The services a scene gets: painting, sound, the settings, the store, time, chance, the clipboard.

    ``used`` is the input used last, so a tip names that device's controls; ``page`` is
    the browser page around the cart (None on the desktop); ``worker`` the process the
    computer thinks in (None: it thinks in each frame's spare time).
    """

    assets: Assets
    board: Painter
    sounds: Sounds
    prefs: Prefs
    store: Store | None
    clock: FrameClock
    rng: random.Random
    clipboard: Callable[[], str | None] = read_clipboard
    used: LastUsed = field(default_factory=LastUsed)
    page: Page | None = None
    worker: Asker | None = None

    def file_name(self, path: str) -> str:
        """A file's name as the player knows it: a dropped file's own name in the browser."""
        return self.page.file_name(path) if self.page is not None else os.path.basename(path)
