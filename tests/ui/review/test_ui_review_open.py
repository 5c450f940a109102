"""The ways into the Review window: the game-over box, the menu, a .mat file typed, dropped or refused.

Split from ``test_ui_review.py`` (which tests the window itself and keeps the player, the app
and the finished game used here): each way in hands the window a match, or says why it cannot.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import pyxel
from seats import against, two
from test_ui_review import RIGHT, Player, make_app, saved

from cart.engine import Forfeit, GameState, Match, Move, Position, Rules
from cart.store import export_mat
from cart.ui.kit.assets import Assets
from cart.ui.kit.intents import Dropped, Input
from cart.ui.review import review_open
from cart.ui.review.review import ReviewScene
from cart.ui.table.play import PlayScene
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.menus import MenuScene
from cart.ui.windows.start import StartScene


def test_game_over_offers_review_and_comes_back(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    state = GameState.from_position(Rules(), Position.start(), turn=1, dice=(3, 1))
    app.new_game(against("expert"), Match(Rules(), start=state, rng=random.Random(2)))
    p = Player(app)
    table = app.stack[0].table  # type: ignore[attr-defined]
    table.act(Move(((8, 5), (6, 5))))
    p.frames(3)
    table.act(Forfeit(1))
    p.frames(3)
    box = p.top
    assert isinstance(box, Dialog) and box.window.title == "Game over"
    labels = [c.label for c in box.choices]
    p.click(box.buttons[labels.index("Review")].rect.center)
    scene = p.top
    assert isinstance(scene, ReviewScene)
    assert [line.kind for line in scene.lines.lines][-1] == "end"
    p.press(pyxel.KEY_ESCAPE)
    again = p.top
    assert isinstance(again, Dialog) and again.window.title == "Game over"


def test_the_menu_reviews_the_moves_so_far(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.create_game("Tuesday", two())
    p = Player(app)
    table = app.stack[0].table  # type: ignore[attr-defined]
    rng = random.Random(5)
    for _ in range(6):
        game = table.match.game
        if game.phase in ("opening", "roll"):
            table.roll()
        elif game.phase == "move":
            table.act(Move.of(rng.choice(game.legal_plays())))
    p.frames(1)
    p.click((200, 300), RIGHT)
    for label in ("Play", "Review..."):
        menu = p.top
        assert isinstance(menu, MenuScene)
        p.click(menu.menu.item_rect([e.label for e in menu.entries].index(label)).center)
    scene = p.top
    assert isinstance(scene, ReviewScene)
    moves = [line for line in scene.lines.lines if line.kind == "move"]
    assert len(moves) == len([a for a in table.match.record if isinstance(a, Move)]) > 0
    p.frames(3)
    assert scene.finished and scene.review is not None
    p.press(pyxel.KEY_ESCAPE)
    assert isinstance(p.top, PlayScene)
    assert app.store is not None and app.store.reviews.load(table.session.game) is not None


@pytest.mark.slow  # two files imported and analysed: about 3 s
def test_a_mat_file_typed_or_dropped_opens_for_review(assets: Assets, tmp_path: Path, game: Match) -> None:
    app = make_app(tmp_path / "store")
    kept = saved(app, game)
    mat = tmp_path / "friday.mat"
    mat.write_text(export_mat(kept), encoding="utf-8")
    p = Player(app)
    app.to_start()
    start = p.top
    assert isinstance(start, StartScene)
    p.click(start.import_mat.rect.center)
    box = p.top
    assert isinstance(box, Dialog) and box.field is not None
    pyxel.set_input_text(str(mat))
    p.frames(1)
    pyxel.set_input_text("")
    p.press(pyxel.KEY_RETURN)
    scene = p.top
    assert isinstance(scene, ReviewScene) and scene.window.title == "Review: friday.mat"
    imported = [m.position_id for m in scene.source.match.moments()]
    assert imported == [m.position_id for m in game.moments()]  # the same game (the file writes 6-2, not 2-6)
    p.press(pyxel.KEY_ESCAPE)
    p.drop(str(mat))  # dropped on the list
    assert isinstance(p.top, ReviewScene)


@pytest.mark.parametrize(
    "content",
    [
        b"\x00\xff garbage \x12",
        b'{"a json": "file"}',
        b" 3 point match\n\n Game 1\n A : 0  B : 0\n  1) 31: 8/9\n",
    ],
    ids=["binary", "foreign", "damaged"],
)
def test_a_damaged_or_foreign_mat_says_why_and_loses_nothing(
    assets: Assets, tmp_path: Path, game: Match, content: bytes
) -> None:
    app = make_app(tmp_path / "store")
    saved(app, game)
    assert app.store is not None
    before = app.store.games.list()
    bad = tmp_path / "bad.mat"
    bad.write_bytes(content)
    p = Player(app)
    app.to_start()
    p.drop(str(bad))
    box = p.top
    assert isinstance(box, Dialog) and box.window.title == "Import .mat"
    assert "Nothing was changed." in box.lines and len(box.lines) >= 2
    assert bad.read_bytes() == content and app.store.games.list() == before
    p.press(pyxel.KEY_RETURN)
    assert isinstance(p.top, StartScene)


def test_a_folder_typed_for_import_is_named_a_folder_not_missing(assets: Assets, tmp_path: Path) -> None:
    """A path to a folder exists: "no such file" would send the player looking for a typing error."""
    app = make_app(tmp_path / "store")
    p = Player(app)
    app.to_start()
    app.go(review_open.import_box(app.services))
    box = p.top
    assert isinstance(box, Dialog) and box.field is not None
    pyxel.set_input_text(str(tmp_path))
    p.frames(1)
    pyxel.set_input_text("")
    p.press(pyxel.KEY_RETURN)
    assert p.top is box and box.error == f"{tmp_path} is a folder: type the path of a .mat file"


def test_a_file_dropped_in_the_browser_is_an_intent_once(assets: Assets) -> None:
    """Pyxel's web page names a file dropped on the screen in ``pyxel._dropped_files`` (its editor's path)."""
    inp = Input()
    pyxel.flip()
    inp.poll()
    pyxel._dropped_files = ["/tmp/friday.mat"]  # type: ignore[attr-defined]
    try:
        assert Dropped("/tmp/friday.mat") in inp.poll()
        assert not any(isinstance(i, Dropped) for i in inp.poll())  # taken once
    finally:
        pyxel._dropped_files = []  # type: ignore[attr-defined]
    pyxel.set_dropped_files(["/home/me/friday.mat"])  # the desktop's
    assert Dropped("/home/me/friday.mat") in inp.poll()
    pyxel.set_dropped_files([])


def test_in_the_browser_import_asks_for_a_drop_only(
    assets: Assets, tmp_path: Path, game: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pyxel's web runtime has no file chooser and Pyodide's files are its own: no path to type there."""
    monkeypatch.setattr(review_open, "WEB", True)
    app = make_app(tmp_path / "store")
    kept = saved(app, game)
    p = Player(app)
    app.to_start()
    start = p.top
    assert isinstance(start, StartScene)
    p.click(start.import_mat.rect.center)
    box = p.top
    assert isinstance(box, Dialog) and box.field is None and not box.typing
    assert any("drop" in line.lower() for line in box.lines)
    mat = tmp_path / "friday.mat"  # where pyxel.js would have written it
    mat.write_text(export_mat(kept), encoding="utf-8")
    pyxel._dropped_files = [str(mat)]  # type: ignore[attr-defined]
    p.frames(1)
    assert isinstance(p.top, ReviewScene)


def test_the_review_windows_copy_of_a_set_up_match_begins_at_its_score() -> None:
    """A match set up at 4-4 is copied at 4-4, not 0-0: its first moment is the set-up's own."""
    rules = Rules(match_length=5)
    m = Match(
        rules,
        names=("Ann", "Bob"),
        start=GameState.from_position(rules, Position.start()),
        start_score=(4, 4),
    )
    m.roll((3, 1))
    copy = review_open.copy_of(m)
    assert copy is not m and copy.score == m.score == (4, 4)
    assert copy.moments() == m.moments()
