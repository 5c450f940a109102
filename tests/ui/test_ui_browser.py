"""The cart in a browser's page (issue 29), with a stand-in page: what the page offers and lacks.

In the browser ``cart.__main__`` gives the App a :class:`~cart.ui.wimp.services.Page`: a
download for exports and a dropped file's own name. A page cannot be closed by its game (and
stopping Pyxel's loop there freezes it), so Quit says the tab can be closed and the game goes
on; there is no window to scale. The real page's side is checked under Pyodide
(``tests/web/test_pyodide.py``) and in headless Chromium (``tools/webcheck_run.py``).
"""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from seats import two
from test_ui_app import Driver

from cart.engine import Move
from cart.store import Settings, Store, export_mat
from cart.ui.app import QUIT_IN_BROWSER, App
from cart.ui.kit.assets import Assets
from cart.ui.kit.intents import Dropped
from cart.ui.review.review import ReviewScene
from cart.ui.table.play import PlayScene
from cart.ui.title import TitleScene
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.menus import MenuScene
from cart.ui.wimp.services import Page
from cart.ui.wimp.stage import Quit
from cart.ui.windows.desk import SCALE_MENU


class StandInPage:
    """What the page would do: downloads kept here, dropped files named as ``names`` says."""

    def __init__(self, names: dict[str, str] | None = None, refuse: bool = False) -> None:
        self.downloads: list[tuple[str, bytes]] = []
        self.names = names or {}
        self.refuse = refuse

    def download(self, name: str, data: bytes) -> None:
        if self.refuse:
            raise OSError("the browser did not take the download (blocked)")
        self.downloads.append((name, data))

    def file_name(self, path: str) -> str:
        return self.names.get(path, os.path.basename(path))

    def page(self) -> Page:
        return Page(download=self.download, file_name=self.file_name)


def make_app(folder: Path, page: StandInPage | None) -> App:
    app = App(
        store=Store(folder, clock=lambda: datetime(2026, 11, 26, 14, 0, tzinfo=UTC)),
        headless=True,
        seed=3,
        settings=Settings(animation_speed="off"),
        page=page.page() if page is not None else None,
    )
    app.think_budget = 30.0
    return app


def told(app: App) -> str:
    top = app.stack[-1]
    assert isinstance(top, Dialog), top
    return " ".join(top.lines)


def menu_labels(app: App) -> list[str]:
    top = app.stack[-1]
    assert isinstance(top, MenuScene), top
    return [e.label for e in top.entries]


def test_quit_in_the_browser_says_the_tab_can_be_closed_and_the_game_goes_on(
    assets: Assets, tmp_path: Path
) -> None:
    app = make_app(tmp_path, StandInPage())
    d = Driver(app)
    title = app.stack[0]
    assert isinstance(title, TitleScene)
    app.go(title.furniture("close"))  # the title's close icon
    assert not app.quitting and app.stack[0] is title
    assert told(app) == " ".join(QUIT_IN_BROWSER) and "close this tab" in told(app)
    frames = app.clock.frames
    d.frames(3)
    assert app.clock.frames == frames + 3  # the page keeps running


def test_quit_from_a_game_in_the_browser_leaves_it_saved_for_the_title(
    assets: Assets, tmp_path: Path
) -> None:
    app = make_app(tmp_path, StandInPage())
    app.create_game("Tuesday", two())
    d = Driver(app)
    d.menu("Play", "Quit...")
    box = app.stack[-1]
    assert isinstance(box, Dialog) and box.window.title == "Quit"
    d.click(box.buttons[[c.label for c in box.choices].index("Quit")].rect.center)
    assert not app.quitting
    assert isinstance(app.stack[0], TitleScene) and "close this tab" in told(app)
    assert app.store is not None and [g.name for g in app.store.games.list()] == ["Tuesday"]


def test_quit_on_the_desktop_still_closes(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    app.go(Quit())
    assert app.quitting


def test_export_in_the_browser_is_a_download_named_after_the_game(assets: Assets, tmp_path: Path) -> None:
    page = StandInPage()
    app = make_app(tmp_path, page)
    scene = app.create_game("Export me", two())
    d = Driver(app)
    play(scene, 4)
    d.frames(1)
    d.menu("Play", "Export .mat")
    assert scene.table.session is not None
    assert page.downloads == [("Export me.mat", export_mat(scene.table.session.game).encode("utf-8"))]
    assert "Export me.mat" in told(app) and "download" in told(app)
    assert not (tmp_path / "exports").exists()  # nothing the player cannot reach is written


def test_games_the_form_named_download_under_their_players_and_time(assets: Assets, tmp_path: Path) -> None:
    """Issue 42: every browser's first game is "Game", and each downloaded as ``Game.mat``."""
    page = StandInPage()
    app = make_app(tmp_path, page)
    d = Driver(app)
    for name in ("Game", "Game 2"):
        app.create_game(name, two(("Ann", "Bob")))
        d.menu("Play", "Export .mat")
    names = [name for name, _ in page.downloads]
    assert names[0].startswith("Game, Ann vs Bob, 2026-11-2") and names[1].startswith("Game 2, Ann vs Bob, ")
    assert all(name.endswith(".mat") and ":" not in name for name in names), names


def test_a_refused_download_is_said(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path, StandInPage(refuse=True))
    app.create_game("Blocked", two())
    d = Driver(app)
    d.menu("Play", "Export .mat")
    assert "Could not export the game" in told(app) and "blocked" in told(app)


@pytest.mark.parametrize("web", [False, True])
def test_scale_is_offered_only_where_there_is_a_window(assets: Assets, tmp_path: Path, web: bool) -> None:
    app = make_app(tmp_path, StandInPage() if web else None)
    d = Driver(app)
    d.click((200, 300), 2)  # MENU (the right button) over the title
    labels = menu_labels(app)
    assert (SCALE_MENU in labels) is not web and labels[-1] == "Quit"
    title_menu = app.stack[-1]
    assert isinstance(title_menu, MenuScene)
    separated = [e.label for e in title_menu.entries if e.separator]
    assert separated == ["Title music" if web else SCALE_MENU]  # the line stays above Quit
    app.pop(title_menu)
    app.create_game("Scaled", two())
    d.menu("Options")
    assert (SCALE_MENU in menu_labels(app)) is not web


def write_match(folder: Path, name: str) -> Path:
    """A .mat of a few moves, exported as the desktop does, at ``folder/name``."""
    app = make_app(folder / "maker", None)
    scene = app.create_game("Friday", two())
    play(scene, 6)
    assert scene.table.session is not None
    path = folder / name
    path.write_text(export_mat(scene.table.session.game), encoding="utf-8")
    return path


def play(scene: PlayScene, actions: int) -> None:
    """Rolls and random legal plays straight on the table (no screen needed)."""
    rng = random.Random(4)
    for _ in range(actions):
        game = scene.table.match.game
        if game.phase in ("opening", "roll"):
            scene.table.roll()
        else:
            scene.table.act(Move.of(rng.choice(game.legal_plays())))


@pytest.mark.parametrize("where", ["title", "board"])
def test_a_mat_dropped_anywhere_opens_its_review_named_as_the_player_named_it(
    assets: Assets, tmp_path: Path, where: str
) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    path = write_match(tmp, "Friday_s_game__2_.mat")
    app = make_app(tmp_path / "store", StandInPage({str(path): "Friday's game (2).mat"}))
    if where == "board":
        app.create_game("Playing", two())
    app.think_budget = (
        0.0  # a step a frame: the Review opens at once, its analysis (not read here) barely begun
    )
    d = Driver(app)
    d.feed(Dropped(str(path)))
    d.frames(1)
    scene = app.stack[-1]
    assert isinstance(scene, ReviewScene), scene
    assert scene.window.title == "Review: Friday's game (2).mat"
    assert isinstance(app.stack[0], TitleScene if where == "title" else PlayScene)


def test_a_bad_file_dropped_is_named_as_the_player_named_it(assets: Assets, tmp_path: Path) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    path = tmp / "notes_for_Sunday.mat"
    path.write_text("not a match at all\n", encoding="utf-8")
    app = make_app(tmp_path / "store", StandInPage({str(path): "notes for Sunday.mat"}))
    d = Driver(app)
    d.feed(Dropped(str(path)))
    d.frames(1)
    assert "notes for Sunday.mat" in told(app) and str(tmp) not in told(app)
