"""A touch screen's taps (issue 42): aimed at the control nearest to them within a fingertip's reach.

The page says a press came from a finger and how far a fingertip reaches in the game's pixels
(``Page.touch``, from ``tools/web/page.js``); the App aims the tap (:mod:`cart.ui.touch`).
Here a stand-in page says so; the mouse's clicks (a reach of 0) must stay exactly as they were.
The real page's taps are checked in Chromium with ``tools/webcheck_run.py``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from seats import two
from test_ui_app import Driver
from test_ui_browser import StandInPage, make_app, told

from cart.engine import GameState, Match, Position, Rules
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.kit.assets import Assets
from cart.ui.kit.intents import Pointer, Release, Select
from cart.ui.table.play import PlayScene
from cart.ui.title import TitleScene
from cart.ui.wimp.dialogs import TOOLTIP_DELAY, Choice, Dialog
from cart.ui.wimp.menus import MenuScene

PORTRAIT = 22 / (390 / 640)  # a fingertip's reach in the game's pixels on a phone held upright (36)


class Finger(StandInPage):
    """A page whose every press is a finger's, reaching ``reach`` of the game's pixels (0: a mouse)."""

    def __init__(self, reach: float) -> None:
        super().__init__()
        self.reach = reach

    def page(self):  # type: ignore[no-untyped-def]
        return replace(super().page(), touch=lambda: self.reach)


def touch_app(folder: Path, reach: float) -> tuple[App, Driver]:
    app = make_app(folder, Finger(reach))
    return app, Driver(app)


def tap(d: Driver, at: tuple[int, int], rest: int = 0) -> None:
    """A finger down, up, then ``rest`` frames with the pointer left where it lifted (as SDL leaves it)."""
    d.pointer = at
    d.app.feed([Pointer(*at, held=True), Select(*at)])
    d.app.feed([Pointer(*at), Release(*at)])
    d.frames(rest)


def board(app: App) -> PlayScene:
    start = GameState.from_position(Rules(), Position.start(), turn=1)
    scene = app.new_game(two(), Match(Rules(), rng=random.Random(3), start=start))
    app.frame()
    return scene


@pytest.mark.parametrize("reach", [PORTRAIT, 0.0])
def test_a_tap_beside_the_titles_close_icon_is_on_it(assets: Assets, tmp_path: Path, reach: float) -> None:
    app, d = touch_app(tmp_path, reach)
    tap(d, (30, 28))  # 10 pixels right of and below the 20x20 icon: a finger's width off it
    if reach:
        assert isinstance(app.stack[0], TitleScene) and "close this tab" in told(app)
    else:  # the mouse's click there is on the title: it leaves for the start
        assert not isinstance(app.stack[0], TitleScene)


@pytest.mark.parametrize("reach", [PORTRAIT, 0.0])
def test_a_tap_between_the_panels_boxes_goes_to_the_nearer(
    assets: Assets, tmp_path: Path, reach: float
) -> None:
    app, d = touch_app(tmp_path, reach)
    scene = board(app)
    x = L.DICE_BOX.center[0]
    tap(d, (x, L.DICE_BOX.bottom + 8))  # 9 below "dice to roll", 20 above the bin
    rolled = scene.table.match.game.phase == "move"
    assert rolled is bool(reach)


def test_a_tap_as_near_to_two_buttons_presses_neither(assets: Assets, tmp_path: Path) -> None:
    """The ambiguity resolved: neither is pressed, and a tap nearer one then presses it."""
    app, d = touch_app(tmp_path, PORTRAIT)
    pressed: list[str] = []
    box = Dialog(
        app.services,
        "Two",
        ["Which?"],
        [Choice("Left", lambda: pressed.append("left")), Choice("Right", lambda: pressed.append("right"))],
    )
    app.push(box)
    d.frames(1)
    left, right = (b.rect for b in box.buttons)
    middle = ((left.right + right.x) // 2, left.center[1])
    tap(d, middle)
    assert pressed == [] and app.stack[-1] is box
    tap(d, (left.center[0], left.bottom + 4))  # off the button, below it, far nearer it than the other
    assert pressed == ["left"]


def test_a_tap_below_a_menu_chooses_its_last_row(assets: Assets, tmp_path: Path) -> None:
    app, d = touch_app(tmp_path, PORTRAIT)
    board(app)
    d.click((200, 300), 2)  # MENU over the board
    menu = app.stack[-1]
    assert isinstance(menu, MenuScene)
    last = len(menu.entries) - 1
    chosen: list[str] = []
    menu.entries[last] = replace(
        menu.entries[last], action=lambda: chosen.append("last"), submenu=None, enabled=True
    )
    row = menu.menu.item_rect(last)
    tap(d, (row.center[0], row.bottom + 6))  # under the menu: a click there closes it, choosing nothing
    assert chosen == ["last"] and app.stack[-1] is not menu


@pytest.mark.parametrize("reach", [PORTRAIT, 0.0])
def test_no_tooltip_rises_where_a_finger_lifted(assets: Assets, tmp_path: Path, reach: float) -> None:
    app, d = touch_app(tmp_path, reach)
    scene = board(app)
    tap(d, L.YOUR_BIN.center, rest=TOOLTIP_DELAY + 5)  # the bin, whose tip the mouse's rest shows
    assert (scene.tip() is None) is bool(reach)


def test_a_tap_just_off_a_help_link_follows_it(assets: Assets, tmp_path: Path) -> None:
    from cart.ui.touch import aim
    from cart.ui.wimp.stage import Help
    from cart.ui.windows.help import HelpScene

    app, d = touch_app(tmp_path, PORTRAIT)
    app.go(Help("contents"))
    d.frames(1)
    help_scene = app.stack[-1]
    assert isinstance(help_scene, HelpScene)
    targets = app.targets(help_scene, 0, 0)
    for link in (k for k in help_scene.links if help_scene.shown(k.row)):
        r = help_scene.link_rect(link)
        off = (r.center[0], r.bottom + 3)  # under its words, on none
        if aim(*off, targets, PORTRAIT) == r.center:
            break
    else:
        pytest.fail("no link stands clear of the others on the contents page")
    tap(d, off)
    assert help_scene.page == link.target


def test_a_tap_on_a_list_near_the_close_icon_is_not_taken_for_it(assets: Assets, tmp_path: Path) -> None:
    """A tap on the list's first line, near the close icon, is the line's (a tap on a control stays
    where it lands); one on the title bar beside the close icon is aimed at it."""
    from cart.ui.routes import ToStart
    from cart.ui.windows.start import StartScene

    app, d = touch_app(tmp_path, PORTRAIT)
    app.create_game("Kept", two())
    app.go(ToStart())
    start = app.stack[0]
    assert isinstance(start, StartScene) and start.window is not None
    close = start.window.furniture["close"]
    line = start.row_rect(0)
    tap(d, (close.right + 6, line.y + 2))  # on the line, a fingertip from the icon
    assert app.stack[0] is start and start.selected == 0
    tap(d, (close.right + 12, close.center[1]))  # on the title bar beside it
    assert app.stack[0] is not start
