"""Issue 28: the manual opens on every screen by F1 (or the Help key), the pad's help button and MENU > Help.

Driven through Pyxel's real input (``pyxel.set_btn``), as a player would: on
the title, the saved games, the Create form, the table, the Review window,
the ratings window and the set-up window, the help opens over the screen at
that screen's own page, and Escape (pad Back) closes it with the screen just
as it was. The help key never does anything else on the way (the title, which
any key leaves, stays).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import pyxel
from pyxel_players import Keys, release_all
from seats import two
from test_ui_windows import click, title_app

from cart.engine import GameState, Match, Position, Rules
from cart.store import Store
from cart.ui.app import App
from cart.ui.kit.assets import Assets
from cart.ui.review.review import ReviewScene
from cart.ui.routes import ToStart
from cart.ui.table.play import PlayScene
from cart.ui.table.play_boxes import review_table
from cart.ui.title import TitleScene
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.keyboard import key_for
from cart.ui.wimp.menus import MenuScene
from cart.ui.wimp.stage import Push, Scene
from cart.ui.windows import manual as manual_module
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.draft import Draft
from cart.ui.windows.help import HelpScene
from cart.ui.windows.position_setup import SetUpScene
from cart.ui.windows.ratings_view import RatingsScene
from cart.ui.windows.start import StartScene

F1 = {"help": pyxel.KEY_F1, "cancel": pyxel.KEY_ESCAPE}
HELP_KEY = {"help": pyxel.KEY_HELP, "cancel": pyxel.KEY_ESCAPE}
PAD = {"help": pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER, "cancel": pyxel.GAMEPAD1_BUTTON_BACK}


def table(app: App) -> PlayScene:
    start = GameState.from_position(Rules(), Position.start(), turn=1, dice=(3, 1))
    scene = app.new_game(two(), Match(rules=Rules(), start=start))
    app.frame()
    return scene


def on_title(app: App) -> Scene:
    return app.top


def on_start(app: App) -> Scene:
    app.create_game("Friday", two())
    app.go(ToStart())
    return app.top


def on_create(app: App) -> Scene:
    app.to_new_game()
    return app.top


def on_review(app: App) -> Scene:
    scene = table(app)
    scene.table.place(24)
    scene.table.place(21)
    scene.table.place(24)
    scene.table.place(23)
    scene.table.confirm()
    app.go(review_table(app.services, scene.table))
    return app.top


def on_ratings(app: App) -> Scene:
    table(app)
    app.go(Push(RatingsScene(app.services)))
    return app.top


def on_set_up(app: App) -> Scene:
    app.go(Push(SetUpScene(app.services, Draft())))
    return app.top


SCREENS: dict[str, tuple[Callable[[App], Scene], type[Scene], str]] = {
    "title": (on_title, TitleScene, "contents"),
    "saved games": (on_start, StartScene, "saved-games"),
    "create form": (on_create, NewGameScene, "create"),
    "table": (table, PlayScene, "contents"),
    "review": (on_review, ReviewScene, "review"),
    "ratings": (on_ratings, RatingsScene, "ratings"),
    "set-up": (on_set_up, SetUpScene, "ids"),
}


@pytest.fixture
def at(tmp_path: Path) -> Callable[[str], tuple[App, Scene, str]]:
    def open_on(where: str) -> tuple[App, Scene, str]:
        release_all()
        app = title_app(Store(tmp_path))
        reach, kind, page = SCREENS[where]
        scene = reach(app)
        assert isinstance(scene, kind) and app.top is scene
        app.frame()
        return app, scene, page

    return open_on


@pytest.mark.parametrize("where", SCREENS)
@pytest.mark.parametrize("keys", [F1, HELP_KEY, PAD], ids=["F1", "Help key", "pad LB"])
def test_the_help_key_opens_the_manual_at_the_screens_page_and_escape_returns(
    assets: Assets, at: Callable[[str], tuple[App, Scene, str]], where: str, keys: dict[str, int]
) -> None:
    app, scene, page = at(where)
    player = Keys(app, keys)
    player.press("help")
    shown = app.top
    assert isinstance(shown, HelpScene) and shown.page == page, where
    assert app.stack[-2] is scene  # over the screen, which is kept as it was
    assert shown.focus == shown.first_stop()  # opened by a key: the keys' frame is on its first link
    player.press("cancel")
    assert app.top is scene


@pytest.mark.parametrize("where", SCREENS)
def test_menu_help_on_every_screens_menu(
    assets: Assets, at: Callable[[str], tuple[App, Scene, str]], where: str
) -> None:
    app, scene, page = at(where)
    click(app, (300, 300), pyxel.MOUSE_BUTTON_RIGHT)
    menu = app.top
    assert isinstance(menu, MenuScene), where
    labels = [e.label for e in menu.entries]
    assert "Help" in labels
    assert menu.menu.items[labels.index("Help")].key == key_for("help", "mouse") == "F1"
    click(app, menu.menu.item_rect(labels.index("Help")).center)
    shown = app.top
    assert isinstance(shown, HelpScene) and shown.page == page
    click(app, shown.window.furniture["close"].center)
    assert app.top is scene


def test_the_rules_box_is_gone_from_the_tables_menu(
    assets: Assets, at: Callable[[str], tuple[App, Scene, str]]
) -> None:
    app, _, _ = at("table")
    click(app, (300, 300), pyxel.MOUSE_BUTTON_RIGHT)
    menu = app.top
    assert isinstance(menu, MenuScene)
    play = next(e for e in menu.entries if e.label == "Play")
    assert play.submenu is not None
    assert "Rules" not in [e.label for e in play.submenu()]


def test_f1_in_a_field_opens_the_manual_and_types_nothing(
    assets: Assets, at: Callable[[str], tuple[App, Scene, str]]
) -> None:
    app, form, _ = at("create form")
    assert isinstance(form, NewGameScene) and form.focused is form.name and form.name is not None
    before = form.name.text
    Keys(app, F1).press("help")
    assert isinstance(app.top, HelpScene)
    Keys(app, F1).press("cancel")
    assert app.top is form and form.name.text == before


def test_the_help_key_in_the_manual_turns_to_the_page_on_using_it(
    assets: Assets, at: Callable[[str], tuple[App, Scene, str]]
) -> None:
    app, scene, _ = at("table")
    player = Keys(app, F1)
    player.press("help")
    shown = app.top
    assert isinstance(shown, HelpScene) and shown.page == "contents"
    player.press("help")
    assert app.top is shown and shown.page == "this-help"  # one manual, never two
    player.press("cancel")
    assert app.top is scene


def test_a_manual_that_cannot_be_read_is_said_in_a_box(
    assets: Assets,
    at: Callable[[str], tuple[App, Scene, str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A damaged or missing manual (an edited install) is said, and the game goes on: never a traceback."""
    app, scene, _ = at("table")
    for text in ("== contents | Contents\n== contents | Again\n", None):
        bad = tmp_path / "edited" / "manual.txt"
        bad.parent.mkdir(exist_ok=True)
        if text is None:
            bad.unlink()
        else:
            bad.write_text(text, encoding="utf-8")
        monkeypatch.setattr(manual_module, "MANUAL_PATH", bad)
        manual_module.manual.cache_clear()
        try:
            Keys(app, F1).press("help")
        finally:
            manual_module.manual.cache_clear()
        box = app.top
        assert isinstance(box, Dialog) and box.window.title == "Help"
        assert "The manual could not be read" in " ".join(box.lines)
        Keys(app, F1).press("cancel")
        assert app.top is scene
