"""Each human plays under their own name: typed on the Create form, rated under ``player:<name>``.

Two named humans play and one forfeits (each rating moves under its own id);
a refused name leaves the form open with the store's reason; the names are
offered again next time, and survive Exit and resume.
"""

from __future__ import annotations

from pathlib import Path

import pyxel
from screen_text import read_line
from seats import against
from test_ui_app import Driver
from test_ui_store import make_app, menu_item, top_dialog

from cart.store import Settings, Store
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import CHAR_H, Assets
from cart.ui.table.play import PlayScene
from cart.ui.title import TitleScene
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.start import StartScene


def form_of(app: App) -> NewGameScene:
    form = app.stack[0]
    assert isinstance(form, NewGameScene)
    return form


def retype(d: Driver, text: str) -> None:
    """Erase the field with the caret and type ``text``."""
    form = form_of(d.app)
    field = form.focused
    assert field is not None
    for _ in field.text:
        d.key(pyxel.KEY_BACKSPACE)
    d.type(text)


def create_two(d: Driver, red: str, other: str, game: str = "Duel") -> PlayScene:
    """Fill the form for two named humans (Tab from field to field) and press PLAY."""
    d.app.to_new_game()
    form = form_of(d.app)
    d.click(form.rows[0].toggles[1].rect.center)  # 2 players
    assert [form.label(f) for f in form.player_fields()] == ["Red name", "White name"]
    assert form.focused is form.name
    retype(d, game)
    d.key(pyxel.KEY_TAB)
    retype(d, red)
    d.key(pyxel.KEY_TAB)
    retype(d, other)
    d.key(pyxel.KEY_RETURN)
    return d.scene


def test_two_named_humans_are_rated_each_under_their_own_id(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    d = Driver(app)
    scene = create_two(d, "  Ann   Lee ", "Bob")
    assert scene.table.session is not None
    options = scene.table.session.game.options
    assert options.names == ("Bob", "Ann Lee")  # seat 0 the other colour; cleaned by the store's rule
    assert [p.name for p in scene.table.players] == ["Bob", "Ann Lee"]  # the side panel
    assert [p.rating for p in scene.table.players] == [1500, 1500]
    menu_item(d, "Play", "Export .mat")  # the .mat header names them through the store's own code
    top_dialog(app, "Export .mat")
    d.key(pyxel.KEY_RETURN)
    (mat,) = (tmp_path / "exports").glob("*.mat")
    text = mat.read_text(encoding="utf-8")
    assert "Ann Lee" in text and "Bob" in text
    loser = scene.table.match.game.actor
    menu_item(d, "Play", "Forfeit...")
    d.click(d.app.stack[-1].buttons[1].rect.center)  # asked first: Forfeit
    d.frames(4)
    dialog = top_dialog(app, "Game over")
    text = "\n".join(dialog.lines)
    assert "Rating Ann Lee: 1500.0 ->" in text and "Rating Bob: 1500.0 ->" in text
    ratings = Store(tmp_path).ratings
    winner_id, loser_id = options.player_id(1 - loser), options.player_id(loser)
    assert {winner_id, loser_id} == {"player:Ann Lee", "player:Bob"}
    assert ratings.get(winner_id).rating > 1500 > ratings.get(loser_id).rating
    assert ratings.get("player:You").rating == 1500  # no shared id moved
    assert [round(ratings.get(options.player_id(s)).rating) for s in (0, 1)] == [
        p.rating for p in d.table.players
    ]


def test_one_human_plays_and_is_rated_under_the_typed_name(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    d = Driver(app)
    app.to_new_game()
    form = form_of(app)
    assert [form.label(f) for f in form.player_fields()] == ["Your name"] and form.you.text == "You"
    d.click(form.you.rect.center)  # a click gives a field the caret
    assert form.focused is form.you and form.name is not None and not form.name.focused
    retype(d, "Zoë")
    d.click(form.play.rect.center)
    scene = d.scene
    assert scene.table.session is not None and "Zoë" in scene.table.session.game.options.names
    menu_item(d, "Play", "Forfeit...")
    d.click(d.app.stack[-1].buttons[1].rect.center)  # asked first: Forfeit
    d.frames(4)
    assert any(line.startswith("Rating Zoë: 1500.0 ->") for line in top_dialog(app, "Game over").lines)
    assert Store(tmp_path).ratings.get("player:Zoë").rating < 1500


def test_a_refused_player_name_keeps_the_form_and_says_why(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    d = Driver(app)
    app.to_new_game()
    form = form_of(app)
    d.key(pyxel.KEY_TAB)
    assert form.focused is form.you
    retype(d, "   ")
    d.key(pyxel.KEY_TAB)  # the caret goes round to the game's name ...
    assert form.focused is form.name
    d.click(form.play.rect.center)
    assert app.stack == [form] and "player name cannot be empty" in form.error
    assert form.focused is form.you  # ... and back to the refused field
    assert not (tmp_path / "games").exists() and app.last_options is None  # nothing changed
    d.type("x")
    assert form.error == ""  # typing clears the message

    d.click(form.rows[0].toggles[1].rect.center)  # two players with one name: one rating for two
    red, white = form.seat_fields[1], form.seat_fields[0]
    red.text, white.text = "Sam", " Sam "
    d.key(pyxel.KEY_RETURN)
    assert app.stack == [form] and "different names" in form.error and form.focused is white
    assert not (tmp_path / "games").exists()
    assert form.typing  # the refused field has the caret again, to be put right
    white.text = "Max"
    d.key(pyxel.KEY_RETURN)
    assert isinstance(app.stack[0], PlayScene)


def test_names_are_offered_again_and_survive_exit_and_resume(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    d = Driver(app)
    create_two(d, "Ann", "Bob")
    menu_item(d, "Play", "Exit...")
    d.key(pyxel.KEY_RETURN)  # a saved game: Exit is the default
    assert isinstance(app.stack[0], TitleScene)
    d.key(pyxel.KEY_SPACE)
    start = app.stack[0]
    assert isinstance(start, StartScene) and start.games[0].options.names == ("Bob", "Ann")
    d.click(start.play.rect.center)
    assert [p.name for p in d.table.players] == ["Bob", "Ann"]

    later = App(store=Store(tmp_path), headless=True, seed=3)  # a restart: the stored settings
    later.to_new_game()
    form = form_of(later)
    assert later.last_options is not None and later.last_options.players == 2
    assert [f.text for f in form.player_fields()] == ["Ann", "Bob"]  # Red, then White
    d2 = Driver(later)
    d2.click(form.rows[0].toggles[0].rect.center)  # one player: the default name, the pair kept
    assert [f.text for f in form.player_fields()] == ["You"]
    d2.click(form.rows[0].toggles[1].rect.center)
    assert [f.text for f in form.player_fields()] == ["Ann", "Bob"]


def panel_labels(assets: Assets) -> list[str]:
    """The side panel's labels as drawn, top to bottom: the bins', the roll box's, the dice box's."""
    boxes = sorted((L.bin_box(False), L.ROLL_BOX, L.DICE_BOX, L.bin_box(True)), key=lambda r: r.y)
    return [read_line(assets, r.y - CHAR_H - 4, wimp.TEXT, r.x, r.right) for r in boxes]


def test_the_attract_game_names_both_seats_by_colour_and_nobody_you(assets: Assets) -> None:
    """Play-test: the demo's panel said "Your roll" over the computer's dice at the bottom.

    No person plays the attract game: the roll box is named by its seat's colour, as the bins
    are; a person at the bottom is still spoken to.
    """
    app = App(headless=True, seed=0, settings=Settings(animation_speed="off"))
    assert isinstance(app.top, TitleScene)
    for _ in range(60):  # as ``python -m cart --demo`` runs it: the computer plays both seats
        app.frame()
    assert panel_labels(assets) == ["White's bin", "Red's roll", "Dice to roll", "Red's bin"]
    app.new_game(against("beginner"))
    app.frame()
    assert isinstance(app.top, PlayScene)
    assert panel_labels(assets) == ["White's bin", "Your roll", "Dice to roll", "Red's bin"]
