"""Every window's controls within a fingertip's reach (issue 42): a tap grid over each kind of window.

A window's buttons, its list's lines and scroll bar, a menu's items are a finger's by the window's
being one (:meth:`~cart.ui.wimp.window_scene.WindowScene.targets`). Here each kind of window is
opened in a real App at a phone's scale, and taps fall all around each control's centre, within
22 CSS pixels of it: a tap nearer that control than any other lands on it, and no tap lands on a
control farther from it than another (it lands on the nearest, or on none where two are as near).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest
from test_ui_browser import make_app
from test_ui_touch import PORTRAIT, Finger, board

from cart.ai.review import Review
from cart.engine import Match, Rules
from cart.store import GameOptions
from cart.ui.app import App
from cart.ui.board.view_state import Player
from cart.ui.kit.assets import Assets
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import OpenMenu, Release, Select
from cart.ui.review.review import ReviewScene
from cart.ui.review.review_source import ReviewSource
from cart.ui.routes import ToNewGame
from cart.ui.table.table_view import stop_rects
from cart.ui.touch import TIE, gap
from cart.ui.wimp.menus import MenuScene
from cart.ui.wimp.stage import Help, Push, Scene
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.help import HelpScene
from cart.ui.windows.position_setup import SetUpScene
from cart.ui.windows.ratings_view import RatingsScene
from cart.ui.windows.start import StartScene

LANDSCAPE = 22 / (390 / 512)  # a fingertip's reach in the game's pixels on a phone held sideways (29)
SCREEN = Rect(0, 0, 640, 512)


def icons(scene: Scene) -> list[Rect]:
    """The window's back, close and toggle-size icons it draws."""
    window = scene.window
    assert window is not None
    return [r for part, r in window.furniture.items() if part in ("back", "close", "toggle")]


def aimed(app: App, scene: Scene, at: tuple[int, int], reach: float) -> tuple[int, int]:
    """Where the App's fingertip puts a tap at ``at`` on ``scene`` (the finger then lifted there)."""
    tip = app.fingertip
    out = tip.aimed([Select(*at)], lambda x, y: app.targets(scene, x, y), reach)
    tip.aimed([Release(*at)], lambda x, y: [], reach)
    press = next(i for i in out if isinstance(i, Select))
    return press.x, press.y


def sweep(app: App, scene: Scene, controls: list[Rect], reach: float) -> tuple[int, list[str]]:
    """Taps at half and all of ``reach`` from each control's centre, eight ways round: how many landed on
    the control meant, and each tap that should have and did not, or landed on a farther control."""
    hits, faults = 0, []
    for c in controls:
        for r in (reach / 2, reach - 1):
            for k in range(8):
                a = k * math.pi / 4
                p = (round(c.center[0] + r * math.cos(a)), round(c.center[1] + r * math.sin(a)))
                if not SCREEN.contains(*p):
                    continue
                q = aimed(app, scene, p, reach)
                on = next((d for d in controls if d.contains(*q)), None)
                rivals = [d for d in controls if d is not c and gap(d, *p) < gap(c, *p) + TIE * reach]
                if c.contains(*q):
                    hits += 1
                elif not rivals:
                    faults.append(f"{p} near {c} alone went to {q}")
                elif on is not None and gap(on, *p) > min(gap(c, *p), *(gap(d, *p) for d in rivals)):
                    faults.append(f"{p} near {c} went to the farther {on}")
    return hits, faults


def title(app: App) -> tuple[Scene, list[Rect]]:
    scene = app.top
    return scene, icons(scene)


def saved_games(app: App) -> tuple[Scene, list[Rect]]:
    assert app.store is not None
    for name in ("Friday", "Saturday", "Sunday"):
        app.store.games.create(name, GameOptions(Rules(), names=("Ann", "Bob")))
    app.to_start()
    scene = app.top
    assert isinstance(scene, StartScene)
    rows = [scene.row_rect(i) for i in scene.shown_rows()]
    return scene, [b.rect for b in scene.buttons()] + rows + scene.bar.parts() + icons(scene)


def create_form(app: App) -> tuple[Scene, list[Rect]]:
    app.go(ToNewGame())
    scene = app.top
    assert isinstance(scene, NewGameScene)
    toggles = [t.rect for row in scene.rows for t in row.toggles if t.enabled]
    fields = [f.rect for f in scene.fields()]
    return scene, fields + toggles + [b.rect for b in scene.pressable()] + icons(scene)


def table(app: App) -> tuple[Scene, list[Rect]]:
    scene = board(app)
    return scene, stop_rects(scene.table) + icons(scene)


def menu(app: App) -> tuple[Scene, list[Rect]]:
    board(app)
    app.feed([OpenMenu(200, 300)])
    scene = app.top
    assert isinstance(scene, MenuScene)
    return scene, [scene.menu.item_rect(i) for i, e in enumerate(scene.entries) if e.enabled]


def ratings(app: App) -> tuple[Scene, list[Rect]]:
    scene = RatingsScene(app.services)
    app.push(scene)
    rows = [scene.row_rect(i) for i in scene.shown_rows()]
    return scene, [b.rect for b in scene.buttons()] + rows + scene.bar.parts() + icons(scene)


def help_window(app: App) -> tuple[Scene, list[Rect]]:
    app.go(Help("contents"))
    scene = app.top
    assert isinstance(scene, HelpScene)
    links = [scene.link_rect(k) for k in scene.links if scene.shown(k.row)]
    return scene, [b.rect for b in scene.buttons()] + links + scene.bar.parts() + icons(scene)


def set_up(app: App) -> tuple[Scene, list[Rect]]:
    scene = SetUpScene(app.services)
    app.push(scene)
    toggles = [t.rect for _, t in scene.toggles if t.enabled]
    fields = [f.rect for f in scene.fields()]
    return scene, fields + toggles + [b.rect for b in scene.pressable()] + icons(scene)


WINDOWS: dict[str, Callable[[App], tuple[Scene, list[Rect]]]] = {
    "title": title,
    "saved games": saved_games,
    "create form": create_form,
    "table": table,
    "menu": menu,
    "ratings": ratings,
    "help": help_window,
    "set-up": set_up,
}


@pytest.mark.parametrize("reach", [PORTRAIT, LANDSCAPE], ids=["390x844", "844x390"])
@pytest.mark.parametrize("kind", list(WINDOWS))
def test_every_control_of_a_window_is_a_fingertips(
    assets: Assets, tmp_path: Path, kind: str, reach: float
) -> None:
    app = make_app(tmp_path, Finger(reach))
    app.frame()
    scene, controls = WINDOWS[kind](app)
    app.frame()
    assert app.top is scene and controls
    hits, faults = sweep(app, scene, controls, reach)
    assert not faults, faults[:5]
    assert hits >= len(controls)


@pytest.mark.parametrize("reach", [PORTRAIT, LANDSCAPE], ids=["390x844", "844x390"])
def test_every_control_of_the_review_is_a_fingertips(
    assets: Assets, tmp_path: Path, game: Match, review: Review, reach: float
) -> None:
    app = make_app(tmp_path, Finger(reach))
    players = (Player(game.names[0], "white"), Player(game.names[1], "red"))
    scene = ReviewScene(app.services, ReviewSource("Touch", game, players, 1, cached=review))
    app.go(Push(scene))
    app.frame()
    rows = [scene.list.row_rect(i) for i in scene.list.shown()]
    buttons = [b.rect for b in scene.pressable()]
    controls = buttons + rows + scene.list.bar.parts() + [scene.graph.rect] + icons(scene)
    hits, faults = sweep(app, scene, controls, reach)
    assert not faults, faults[:5]
    assert hits >= len(controls)


def test_a_saved_games_button_is_pressed_by_a_tap_beside_it(assets: Assets, tmp_path: Path) -> None:
    """Through the App's frames: a tap below New game, clear of it, opens the Create form."""
    app = make_app(tmp_path, Finger(PORTRAIT))
    assert app.store is not None
    app.store.games.create("Friday", GameOptions(Rules(), names=("Ann", "Bob")))
    app.to_start()
    app.frame()
    scene = app.top
    assert isinstance(scene, StartScene)
    r = scene.new.rect
    at = (r.center[0], r.bottom + 8)
    assert not r.contains(*at)
    app.feed([Select(*at)])
    app.feed([Release(*at)])
    assert isinstance(app.top, NewGameScene)
