"""The browser's start (``cart.ui.boot``): a loading frame first, then the App builds and has every frame."""

from __future__ import annotations

from pathlib import Path

import pytest
import pyxel

from cart.ui import app as app_module, boot
from cart.ui.kit.geom import SCREEN


class StandInApp:
    def __init__(self) -> None:
        self.updates = 0
        self.draws = 0

    def update(self) -> None:
        self.updates += 1

    def draw(self) -> None:
        self.draws += 1


def test_a_loading_frame_comes_before_the_app_is_built() -> None:
    made: list[StandInApp] = []

    def make() -> StandInApp:
        made.append(StandInApp())
        return made[-1]

    b = boot.Boot(make)
    b.update()
    assert not made  # nothing is built before a frame is on screen
    pyxel.cls(3)
    b.draw()
    shown = set(bytes(pyxel.screen.data_ptr()))
    assert shown == {boot.BACKGROUND, boot.TEXT_COL}  # the loading line on a cleared screen
    b.update()
    assert len(made) == 1 and made[0].updates == 0  # built in this update; its own frames start next
    b.draw()
    b.update()
    b.draw()
    assert (made[0].updates, made[0].draws) == (1, 2) and len(made) == 1 and b.drawn == 1


def test_boot_opens_the_apps_own_screen() -> None:
    """Boot must not import the App to open the screen, so it repeats its values: they must agree."""
    assert boot.SCREEN == SCREEN and boot.TITLE == app_module.TITLE and boot.FPS == app_module.FPS


TITLE = """
import os, sys
from pathlib import Path
os.environ["SDL_AUDIODRIVER"] = "dummy"
from cart.engine import Rules
from cart.store import GameOptions, Store
from cart.ui.app import App
store = Store(Path(sys.argv[1]))
store.games.create("Friday", GameOptions(Rules(), names=("Ann", "Bob")))
app = App(store=store, headless=True, seed=1)
app.frame()
LATER = ("cart.ai", "cart.ui.review", "cart.ui.windows.start", "cart.ui.windows.help", "cart.ui.windows.desk",
         "cart.ui.windows.create_form", "cart.ui.table.play_menu")
print(sorted(m for m in sys.modules if m.startswith(LATER)))
print(sorted(m for m in ("secrets", "hmac") if m in sys.modules))
title = app.top
frames = 0
while frames < 3000 and title.loader is not None:
    app.frame()
    frames += 1
print(sorted(m for m in sys.modules if m.startswith("cart.ai.")))
print(all(m in sys.modules for m in LATER))
"""
"""A fresh interpreter's title, with a saved game: what its first frame has loaded, then (its loader done)
what it has loaded; then, with :data:`TITLE_EXITS`, every way off it."""


@pytest.fixture(scope="module")
def title_run(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The lines :data:`TITLE` and :data:`TITLE_EXITS` print, run once in one fresh interpreter for the two
    tests that read them (a second interpreter and title cost a second of CPU)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    argv = [sys.executable, "-c", TITLE + TITLE_EXITS, str(tmp_path_factory.mktemp("title"))]
    done = subprocess.run(argv, capture_output=True, text=True, cwd=root)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_title_shows_before_the_ai_and_the_review_are_loaded_then_the_attract_game_loads_them(
    title_run: list[str],
) -> None:
    """The title's first frame waits for no AI module (the levels' names aside), nor the Review, the
    saved games', the Create form's, the manual's or the menus' windows: the attract game's first
    thought loads the AI, in slices, and the title the rest in its spare frames. Nor ``secrets`` and
    ``hmac``, which the page would import for a game's random ID (``os.urandom`` gives it)."""
    from cart.ai import THOUGHT
    from cart.import_order import import_order

    at_first, stdlib, later, all_later = title_run[:4]
    assert set(eval(at_first)) <= {"cart.ai", "cart.ai.levels"}
    assert stdlib == "[]"
    assert set(eval(later)) >= {
        m for m in import_order(THOUGHT) if m.startswith("cart.ai.")
    }  # the attract game thought
    assert all_later == "True"  # and the title loaded what leaving it opens


AI_BY_SLICES = """
import os, sys
os.environ["SDL_AUDIODRIVER"] = "dummy"
import cart.engine
from cart.ai import think_ready
def loaded():
    return {m for m in sys.modules if m.startswith("cart.")}
before = loaded()
most = 0
for _ in think_ready():
    now = loaded()
    most = max(most, len(now - before))
    before = now
from cart.ai import features
print(most, len(features._MASKS))
"""
"""A fresh interpreter's AI loaded by :func:`cart.ai.think_ready`: the most modules a slice imported."""

LATER_BY_SLICES = """
from cart.ui.app import App
from cart.import_order import think_later
App(headless=True, seed=1)
before = loaded()
for _ in think_later("cart.ui"):
    now = loaded()
    if now != before:
        name = min(now - before, key=len)
        print(name, sorted(m for m in now - before if m != name and not m.startswith(name + ".")))
    before = now
"""
"""Then (the AI loaded, as on the title) the App built and the rest of the UI loaded by
:func:`cart.import_order.think_later`: each step's module and what else it imported."""


@pytest.fixture(scope="module")
def slices_run() -> list[str]:
    """The lines :data:`AI_BY_SLICES` and :data:`LATER_BY_SLICES` print, run once in one fresh interpreter
    for the two tests that read them (an interpreter with the AI loaded costs a fifth of a second)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    argv = [sys.executable, "-c", AI_BY_SLICES + LATER_BY_SLICES]
    done = subprocess.run(argv, capture_output=True, text=True, cwd=root)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_ai_loads_a_module_a_slice_and_builds_its_tables(slices_run: list[str]) -> None:
    """:func:`cart.ai.think_ready` imports each module after those it needs: no slice imports two."""
    assert slices_run[0].split() == ["1", "26"]


def test_the_title_loads_what_leaving_it_opens_a_module_a_slice(slices_run: list[str]) -> None:
    """:func:`cart.import_order.think_later` imports each module after those it imports (a package's own
    modules come with it): no slice imports two."""
    steps = slices_run[1:]
    assert len(steps) > 20 and all(step.endswith(" []") for step in steps), steps


TITLE_EXITS = """
from cart.ui.kit.intents import Dropped, OpenMenu
from cart.ui.routes import Resume, ToNewGame, ToStart
def loaded():
    return {m for m in sys.modules if m.startswith("cart.")}
before = loaded()
exits = [e.action for e in title.menu_entries() if e.action is not None and e.label != "Quit"]
for leave in [*exits, ToStart, ToNewGame]:
    app.to_title()
    app.go(leave())
    app.frame()
    print(type(app.top).__name__, sorted(loaded() - before))
app.to_title()
app.feed([Dropped(str(Path(sys.argv[1]) / "none.mat"))])
print("drop", sorted(loaded() - before))
app.go(Resume(store.games.load("Friday")))
app.feed([OpenMenu(100, 100)])
print("table's menu", sorted(loaded() - before))
"""


def test_every_way_off_the_title_finds_its_screen_loaded(title_run: list[str]) -> None:
    """Each entry of the title's menu, Start (the saved games) and the Create form, a dropped file (the
    Review) and the table's menu, taken after the title's loader is done, import nothing more of the cart."""
    lines = title_run[4:]
    assert len(lines) >= 9 and all(line.endswith(" []") for line in lines), lines
    shown = {line.split()[0] for line in lines}
    assert {"SetUpScene", "RatingsScene", "DrillsScene", "HelpScene", "StartScene", "NewGameScene"} <= shown
