"""Headless Pyxel for the UI tests: one ``pyxel.init`` per process, shared by every UI test.

Pyxel can be initialised only once in a process, so the screen and the loaded
assets are session fixtures; a test that needs a clean screen clears it. The
finished game and its review (``game``, ``review``) are here for the modules of
the Review window, its ways in and the tutor alike.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # CI has no sound card (and the Sounds then stay silent)

import pyxel
from finished_game import finished_game, finished_review

from cart.ai.review import Review
from cart.engine import Match
from cart.ui.app import init_pyxel
from cart.ui.kit.assets import Assets
from cart.ui.kit.geom import SCREEN
from tools import build_assets

# the tests mirror cart/ui's rooms and share their helpers (make_app, title_app...) across them
sys.path[:0] = [
    str(Path(__file__).parent / room) for room in ("kit", "board", "table", "review", "windows", "practice")
]
os.environ["TZ"] = "UTC"  # the saved-games list shows local times: the goldens' are UTC everywhere
time.tzset()


TEST_FPS = 1000
"""The frame rate of the tests' screen: each ``pyxel.flip`` waits for the next frame, and at the cart's
30 fps the UI tests' flips alone took about 18 s. Nothing the app does depends on Pyxel's rate: its
thinking clock has its own (``App.clock``), and tips and messages count frames."""


@pytest.fixture(scope="session", autouse=True)
def screen() -> None:
    """The cart's 640x512 headless screen, opened as the App opens it but at :data:`TEST_FPS`."""
    init_pyxel(headless=True, fps=TEST_FPS)
    assert (pyxel.width, pyxel.height) == SCREEN


@pytest.fixture(scope="session")
def assets(screen: None) -> Assets:
    """The Wimp palette and the built assets on the headless screen."""
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


@pytest.fixture(scope="module")
def game() -> Match:
    return finished_game()


@pytest.fixture(scope="module")
def review() -> Review:
    return finished_review()  # the game's review, shared with the review golden
