"""The on-screen keyboard: a player with only a gamepad writes in the text fields, through Pyxel's real input.

Each test drives the app's own :class:`~cart.ui.kit.intents.Input` with ``pyxel.set_btn`` (and, where a
mouse or a keyboard is meant, ``set_mouse_pos`` and ``set_input_text``): pad A on a field with the
caret opens the keyboard, the d-pad moves over its keys, A types, B deletes, Y shifts, X ends the
field (a box that asks for that one field is answered) and BACK closes it with the text kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import pyxel
from pyxel_players import Keys, release_all
from test_ui_windows import PAD, POSITION, Clock, choose, click, title_app, type_text

from cart.store import Store
from cart.ui.app import App
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import Assets
from cart.ui.review.review_open import import_box
from cart.ui.table.play import PlayScene
from cart.ui.wimp.dialogs import Dialog, tip_beside
from cart.ui.wimp.keyboard import KeyboardScene, field_tip
from cart.ui.wimp.widgets import Button
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.position_setup import SetUpScene

PAD_KEYS = {
    **PAD,
    "delete": pyxel.GAMEPAD1_BUTTON_B,
    "shift": pyxel.GAMEPAD1_BUTTON_Y,
    "back": pyxel.GAMEPAD1_BUTTON_BACK,
}


@pytest.fixture(autouse=True)
def no_button_left_held() -> Iterator[None]:
    yield
    for button in PAD_KEYS.values():
        pyxel.set_btn(button, False)
    release_all()


class Pad(Keys):
    """A player with only a gamepad (the keyboard's keys too): each press one frame down and one up."""

    def __init__(self, app: App) -> None:
        super().__init__(app, PAD_KEYS)

    def press(self, name: str, times: int = 1) -> None:
        for _ in range(times):
            super().press(name)

    def keyboard(self) -> KeyboardScene:
        """Pad A on the field with the caret: the keyboard opens, its keys framed by the d-pad."""
        self.press("select")
        kb = self.app.top
        assert isinstance(kb, KeyboardScene), kb
        assert kb.focus is not None and self.app.input.cursor == kb.focus
        return kb

    def type(self, text: str) -> None:
        """Each character by the d-pad to its key and A (Y first where its case is the other one)."""
        kb = self.app.top
        assert isinstance(kb, KeyboardScene)
        for c in text:
            if c.isalpha() and c.isupper() != kb.upper:
                self.press("shift")
            self.walk_to(key(kb, c).rect.center)
            self.press("select")


def key(kb: KeyboardScene, c: str) -> Button:
    """The key that types ``c`` (a letter in either case), or the key named ``c`` (Shift, Space, OK...)."""
    name = c.upper() if len(c) == 1 and c != " " else "Space" if c == " " else c
    return next(b for n, b in kb.keys if n == name)


def text_colours(b: Button) -> set[int]:
    r = b.rect
    return {pyxel.pget(x, y) for x in range(r.x + 2, r.right - 2) for y in range(r.y + 2, r.bottom - 2)}


def set_up_by_pad(tmp_path: Path) -> tuple[App, Pad, SetUpScene]:
    app = title_app(Store(tmp_path, clock=Clock()))
    pad = Pad(app)
    choose(pad, "Set up position...")  # type: ignore[arg-type]  # START, then the d-pad and A
    scene = app.top
    assert isinstance(scene, SetUpScene) and scene.focused is scene.position
    assert scene.focus == scene.position.rect.center
    return app, pad, scene


# -- the Create form ---------------------------------------------------------------------------------
def test_a_pad_only_player_creates_a_game_with_a_name_typed_on_the_keyboard(
    assets: Assets, tmp_path: Path
) -> None:
    """From the title to the board by pad alone: 'Ann-2' typed in Your name is the player's, and saved."""
    store = Store(tmp_path, clock=Clock())
    app = title_app(store)
    mouse = (pyxel.mouse_x, pyxel.mouse_y)
    pad = Pad(app)
    pad.press("select")  # any button leaves the title: no saved games, so the Create form
    form = app.top
    assert isinstance(form, NewGameScene) and form.focused is form.name
    pad.press("down", 2)  # the Players radio icons, then the name field below them
    assert form.focused is form.you and form.focus == form.you.rect.center
    kb = pad.keyboard()
    assert kb.field is form.you and kb.window.rect.y > form.you.rect.bottom  # under the field, clear of it
    pad.press("delete", len(form.you.text))  # B deletes the default name, one character a press
    assert form.you.text == "" and app.top is kb
    pad.type("Ann-2")
    assert form.you.text == "Ann-2" and app.top is kb
    pad.press("confirm")  # X ends the field: the keyboard closes, the form stays for the rest to be set
    assert app.top is form and form.focused is form.you and form.you.text == "Ann-2"
    pad.press("confirm")  # X on the form starts the game
    play = app.top
    assert isinstance(play, PlayScene), getattr(play, "error", play)
    assert "Ann-2" in [p.name for p in play.table.players]
    assert "Ann-2" in store.games.load("Game").options.names
    assert (pyxel.mouse_x, pyxel.mouse_y) == mouse == app.input.mouse  # the mouse never moved


def test_back_closes_the_keyboard_and_keeps_the_text(assets: Assets, tmp_path: Path) -> None:
    """BACK (and Escape) close it, the field keeping what was typed and the caret; B on an empty field
    closes it too."""
    app = title_app(Store(tmp_path, clock=Clock()))
    pad = Pad(app)
    pad.press("select")
    form = app.top
    assert isinstance(form, NewGameScene) and form.name is not None
    kb = pad.keyboard()  # on the game's name, which has the caret when the form opens
    assert kb.field is form.name
    before = form.name.text
    pad.type("Zed")
    assert form.name.text == before + "Zed"
    pad.press("back")
    assert app.top is form and form.name.text == before + "Zed" and form.focused is form.name
    assert form.window.focused  # the form has the input focus again
    pad.keyboard()
    type_text(app, " and Bo")  # the keys still type while the keyboard is open
    pyxel.set_btn(pyxel.KEY_ESCAPE, True)
    app.frame()
    pyxel.set_btn(pyxel.KEY_ESCAPE, False)
    pyxel.flip()
    app.frame()
    assert app.top is form and form.name.text == before + "Zed and Bo"
    pad.keyboard()
    pad.press("delete", len(form.name.text))
    assert form.name.text == "" and isinstance(app.top, KeyboardScene)
    pad.press("delete")  # nothing left to delete: B closes it
    assert app.top is form and form.focused is form.name


# -- the set-up window --------------------------------------------------------------------------------
def test_a_pad_only_player_types_a_position_id_and_it_is_accepted(assets: Assets, tmp_path: Path) -> None:
    """The set-up window's Position ID typed on the keyboard, both cases and '/' included; X starts it."""
    app, pad, scene = set_up_by_pad(tmp_path)
    pad.keyboard()
    pad.type("4HPw")
    pad.press("confirm")  # X ends the field, not the window: nothing is started or refused yet
    assert app.top is scene and not scene.error and scene.position.text == "4HPw"
    pad.press("confirm")  # X on the window: a short ID, the engine's words show, the text is kept
    assert app.top is scene and "14 characters" in scene.error and scene.position.text == "4HPw"
    pad.keyboard()
    pad.type(POSITION[4:])
    assert scene.position.text == POSITION
    pad.press("confirm", 2)
    play = app.top
    assert isinstance(play, PlayScene), getattr(play, "error", play)
    assert play.table.match.position_id() == POSITION
    assert app.services.store is not None and app.services.store.games.load("Set-up").set_up


def test_keys_the_field_refuses_are_greyed_and_never_enter(assets: Assets, tmp_path: Path) -> None:
    """An ID takes base64 only: ':', ',', '-', Space... are greyed, skipped by the d-pad, dead to clicks,
    and typed on the keys they are dropped; a name takes them all."""
    app, pad, scene = set_up_by_pad(tmp_path)
    kb = pad.keyboard()
    refused = [key(kb, c) for c in ":,-._~&()!?' "]
    allowed = [key(kb, c) for c in "09AZ+/"]
    assert not any(b.enabled for b in refused) and all(b.enabled for b in allowed)
    stops = kb.stops()
    assert not any(b.rect.center in stops for b in refused) and all(b.rect.center in stops for b in allowed)
    assert wimp.TEXT_DISABLED in text_colours(key(kb, ":")) and wimp.TEXT not in text_colours(key(kb, ":"))
    assert wimp.TEXT in text_colours(key(kb, "+"))
    for c in ":- ":
        click(app, key(kb, c).rect.center)  # the mouse on a greyed key: nothing
    assert scene.position.text == "" and app.top is kb
    type_text(app, "4H P:w!")  # the keyboard's own keys: what the field refuses is dropped
    assert scene.position.text == "4HPw"
    click(app, key(kb, "+").rect.center)
    assert scene.position.text == "4HPw+"
    pad.press("back")
    pad.press("up")  # the game's name: free text, every key lit
    assert scene.focused is scene.name
    kb = pad.keyboard()
    assert all(b.enabled for _, b in kb.keys)


def test_the_d_pad_wraps_round_the_keys_and_y_shifts(assets: Assets, tmp_path: Path) -> None:
    _, pad, scene = set_up_by_pad(tmp_path)
    kb = pad.keyboard()
    assert kb.focus == key(kb, "A").rect.center
    pad.press("left")  # past the row's left end: its right end
    assert kb.focus == key(kb, "J").rect.center
    pad.press("up", 2)  # the digits, then past the top: the bottom row
    assert kb.focus == key(kb, "OK").rect.center
    pad.press("down")  # past the bottom: the top row, the nearer of the two keys above OK (the left one)
    assert kb.focus == key(kb, "9").rect.center
    assert key(kb, "a").label == "A"
    pad.press("shift")
    assert key(kb, "a").label == "a" and not kb.upper
    pad.press("down")
    pad.press("select")
    assert scene.position.text == "i"


# -- any field: the Import box's path, by mouse and keys ---------------------------------------------
def test_the_mouse_clicks_keys_in_the_import_box_and_ok_confirms_it(assets: Assets, tmp_path: Path) -> None:
    """The keyboard is one for every field: in the Import box (a Dialog's path) keys clicked and typed
    go in, and OK confirms as Return does (no such file: said in the box, the path kept)."""
    app = title_app(Store(tmp_path, clock=Clock()))
    app.go(import_box(app.services))
    box = app.top
    assert isinstance(box, Dialog) and box.field is not None and box.typing
    Pad(app).keyboard()
    kb = app.top
    assert isinstance(kb, KeyboardScene) and kb.field is box.field
    for c in ("Shift", "/", "t", "m", "p", "/"):
        click(app, key(kb, c).rect.center)
    type_text(app, "gone.mat")  # the real keyboard types in the same field
    assert not Path("/tmp/gone.mat").exists()
    assert box.field.text == "/tmp/gone.mat"
    click(app, key(kb, "OK").rect.center)
    assert app.top is box and box.error == "no such file: /tmp/gone.mat" and box.field.text == "/tmp/gone.mat"


# -- the tip --------------------------------------------------------------------------------------------
def test_a_field_the_d_pad_reaches_tips_the_button_that_opens_the_keyboard(
    assets: Assets, tmp_path: Path
) -> None:
    app, pad, scene = set_up_by_pad(tmp_path)
    text = field_tip()
    assert text == "Pad A: on-screen keyboard"
    box = tip_beside(text, scene.position.rect)
    assert pyxel.pget(box.x + 1, box.y + 1) == wimp.TOOLTIP_BG
    assert pyxel.pget(box.x, box.y) == wimp.TOOLTIP_BORDER
    assert box.x >= scene.position.rect.right  # beside the field, never over its text
    pad.press("down")  # the Match ID field: the tip goes with the caret
    match = tip_beside(text, scene.match_field.rect)
    assert scene.focused is scene.match_field and pyxel.pget(match.x + 1, match.y + 1) == wimp.TOOLTIP_BG
    assert pyxel.pget(box.x + 1, box.y + 1) != wimp.TOOLTIP_BG
    pad.press("down")  # off the fields, onto a radio icon: no tip
    assert scene.focused is None
    assert pyxel.pget(box.x + 1, box.y + 1) != wimp.TOOLTIP_BG != pyxel.pget(match.x + 1, match.y + 1)
    pad.press("up", 2)
    assert scene.focused is scene.position and pyxel.pget(box.x + 1, box.y + 1) == wimp.TOOLTIP_BG
    type_text(app, "4")  # any press dismisses it, as a click does a tooltip, until the keys come back
    app.frame()
    assert scene.position.text == "4" and pyxel.pget(box.x + 1, box.y + 1) != wimp.TOOLTIP_BG
    pad.keyboard()
    pad.press("back")
    assert app.top is scene and pyxel.pget(box.x + 1, box.y + 1) != wimp.TOOLTIP_BG
    pad.press("down")
    pad.press("up")
    assert pyxel.pget(box.x + 1, box.y + 1) == wimp.TOOLTIP_BG
    app.prefs.change(tooltips=False)
    app.frame()
    assert pyxel.pget(box.x + 1, box.y + 1) != wimp.TOOLTIP_BG  # ToolTips off: none
