"""Words the player meets outside the Review, read back from the pixels: whole, or cut with "...".

A sweep of the windows for text cut without a sign, the way a new player
meets it: a refusal on the Create form naming a long saved game, a .mat
file's long name over the Review window, the Review's totals with a long name.
Each is read with :mod:`screen_text`, as the player reads it.
"""

from __future__ import annotations

from pathlib import Path

import pyxel
from finished_game import finished_game
from pyxel_players import Keys
from screen_text import read_line
from test_ui_review_lines import LONG, open_review, single
from test_ui_store import VS_EXPERT, make_app

from cart.store import Store, export_mat
from cart.store.saves.names import MAX_GAME_NAME
from cart.ui.app import App
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import CHAR_H, Assets
from cart.ui.review.review import TOTALS, ReviewScene
from cart.ui.review.review_open import review_file
from cart.ui.wimp.stage import Push
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.ratings_view import RatingsScene
from cart.ui.windows.start import StartScene

LONG_GAME = "Friday night at the club, the long match"  # as long as the form's name field takes


def test_a_refused_game_name_is_said_whole_on_the_create_form(assets: Assets, tmp_path: Path) -> None:
    """The form's refusal was cut at 60 characters: "there is already a saved game called 'Friday
    night at the" and no more. It goes on on a second row now."""
    assert len(LONG_GAME) == 40 <= MAX_GAME_NAME
    Store(tmp_path).games.create(LONG_GAME, VS_EXPERT)
    app = make_app(tmp_path)
    app.to_new_game()
    form = app.stack[0]
    assert isinstance(form, NewGameScene) and form.name is not None
    keys = Keys(app, {"backspace": pyxel.KEY_BACKSPACE, "return": pyxel.KEY_RETURN})
    for _ in form.name.text:
        keys.press("backspace")
    pyxel.set_input_text(LONG_GAME)
    app.frame()
    pyxel.set_input_text("")
    keys.press("return")
    assert app.stack == [form] and "already" in form.error and form.name.text == LONG_GAME
    app.frame()
    y, x0, x1 = form.play.rect.y - 4, form.window.rect.x, form.window.rect.right
    rows = [read_line(assets, y - k * CHAR_H, wimp.ERROR_TEXT, x0, x1) for k in (2, 1)]
    assert " ".join(rows) == f"there is already a saved game called {LONG_GAME!r}", rows


def test_a_mat_files_long_name_is_whole_in_the_review_title(assets: Assets, tmp_path: Path) -> None:
    """The .mat file's name was cut to 40 characters over the Review window, without a sign."""
    app = make_app(tmp_path / "store")
    name = "gnubg-2025-01-31-Beginner-against-Intermediate-money.mat"
    assert 40 < len(name) <= 60
    mat = tmp_path / name
    assert app.store is not None
    mat.write_text(export_mat(app.store.games.create("Friday", VS_EXPERT, record=finished_game().record)))
    app.go(review_file(app.services, str(mat)))
    app.frame()
    scene = app.top
    assert isinstance(scene, ReviewScene)
    title = scene.window.furniture["title"]
    assert read_line(assets, title.y + 2, wimp.TITLE_TEXT, title.x, title.right) == f"Review: {name}"


def test_a_long_name_in_the_review_totals_is_cut_with_a_sign(assets: Assets) -> None:
    """The totals' column has room for six letters: "Abcdef" was drawn "Abcde." (a cut with no sign)."""
    scene = open_review(single())
    scene.draw(pyxel.screen)
    head = read_line(assets, TOTALS.y + 2, wimp.TEXT, TOTALS.x, TOTALS.right)
    assert head.split() == ["Abc...", "Bar..."], head
    assert LONG[0].startswith("Abc") and LONG[1].startswith("Bar")


def test_a_long_names_rating_caption_reads_whole_on_two_rows(assets: Assets, tmp_path: Path) -> None:
    """The caption under the ratings graph was cut at 46 characters: a 24-letter name's "won 12 of 13"
    lost its count ("won 1..."). The name goes on its own row now, the figures under it."""
    store = Store(tmp_path)
    name = f"player:{LONG[0]}"
    for i in range(13):
        won = i != 5
        store.ratings.rate(
            name if won else "player:Ann", "player:Ann" if won else name, kind="game", points=1, ref=f"g{i}"
        )
    app = make_app(tmp_path)
    scene = RatingsScene(app.services)
    scene.selected = next(i for i, p in enumerate(scene.players) if p.name == LONG[0])
    app.go(Push(scene))
    app.frame()
    work = scene.window.work_area
    chosen = scene.players[scene.selected]
    rows = [read_line(assets, scene.info_y + dy, wimp.TEXT, work.x, scene.keep.rect.x) for dy in (-8, 8)]
    assert rows == [f"{LONG[0]}:", f"{chosen.rating:.2f}, won 12 of 13"]


def click(app: App, at: tuple[int, int]) -> None:
    """The mouse's left button pressed and let go at ``at``, one frame each."""
    pyxel.set_mouse_pos(*at)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
    app.frame()
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
    pyxel.flip()
    app.frame()


def test_a_game_gone_from_the_saved_list_is_said_whole_with_a_long_name(
    assets: Assets, tmp_path: Path
) -> None:
    """ "<name> is gone (deleted elsewhere?)" lost its reason to the cut when the name was long; the
    name is shortened now (with "..."), so what is said of it shows whole beside "1-19 of 21"."""
    long_name = "Friday night at the club, the long match against the visitors"[:MAX_GAME_NAME]
    store = Store(tmp_path)
    for i in range(20):  # more than the list shows: "1-19 of 21" takes the message row's right end
        store.games.create(f"Game {i + 1}", VS_EXPERT)
    store.games.create(long_name, VS_EXPERT)
    app = make_app(tmp_path)
    app.to_start()
    scene = app.top
    assert isinstance(scene, StartScene) and len(scene.games) > scene.visible
    i = next(k for k, g in enumerate(scene.games) if g.name == long_name)
    scene.selected = i  # the list shows its first rows: the long name need not be among them
    Store(tmp_path).games.delete(long_name)  # another cartridge on the same folder
    click(app, scene.play.rect.center)
    work = scene.window.work_area
    said = read_line(assets, scene.message_y, wimp.ERROR_TEXT, work.x, work.right)
    assert said.endswith(" is gone (deleted elsewhere?)") and said.startswith("Friday night at the"), said
    assert "..." in said
