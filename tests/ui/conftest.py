"""Headless Pyxel for the UI tests: one ``pyxel.init`` per process, shared by every UI test.

Pyxel can be initialised only once in a process, so the screen and the loaded
assets are session fixtures; a test that needs a clean screen clears it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from types import ModuleType

import pytest

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # CI has no sound card and no display

import pyxel

from cart.ui import layout
from cart.ui.assets import Assets
from tools import build_assets

os.environ["TZ"] = "UTC"  # the saved-games list shows local times: the goldens' are UTC everywhere
time.tzset()


@pytest.fixture(scope="session")
def assets() -> Assets:
    """The Wimp palette and the built assets on a 640x512 headless screen."""
    width, height = layout.SCREEN
    if pyxel.width == 0:  # not initialised yet in this process
        pyxel.init(width, height, title="Gammon Cart tests", headless=True)
    assert (pyxel.width, pyxel.height) == (width, height)
    return Assets.load()


def _screen_bytes() -> bytes:
    return bytes(pyxel.screen.data_ptr())


@pytest.fixture
def screen_bytes() -> Callable[[], bytes]:
    """Reads every screen pixel's palette index, row by row (640 x 512 bytes)."""
    return _screen_bytes


@pytest.fixture(scope="session")
def build() -> ModuleType:
    """``tools/build_assets.py``, the asset builder the tests check the committed assets against."""
    return build_assets
