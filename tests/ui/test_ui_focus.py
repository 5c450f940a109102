"""One input focus, and controls named for the device in hand, driven through Pyxel's real input.

A play-tester's findings: tips that said "Click" and "X the turn" to a gamepad player (whose X
confirms), help that named only the keyboard, BACK and Escape that needed two presses (or did
nothing) in a box with a text field, two focus frames at once under a box, menus flush with the
screen's bottom edge, the M key's menu with no item highlighted, and Quit, the Delete box and the
Match ID box each unlike their neighbours.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
import pyxel
from kept import CODE, kept
from pyxel_players import Keys, release_all
from seats import against
from test_ui_windows import KEYS, PAD, choose, focus_frame_at, title_app, type_text

from cart.ai import Bot, choose_action
from cart.ai.review import DEEP_PLY, Review, review_match
from cart.engine import Action, GameState, Match, Position, Rules
from cart.store import GameOptions, Settings, Store
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.board.view_state import Player
from cart.ui.controls import key_for
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import Assets
from cart.ui.kit.geom import SCREEN
from cart.ui.review.review import ReviewScene
from cart.ui.review.review_open import import_box
from cart.ui.review.review_source import ReviewSource
from cart.ui.table.play import PlayScene
from cart.ui.table.table_view import stop_rects
from cart.ui.wimp.dialogs import TOOLTIP_DELAY, Dialog, tip_above
from cart.ui.wimp.keyboard import PAD_MENU, PAD_SELECT_LABEL, KeyboardScene
from cart.ui.wimp.menus import MenuScene
from cart.ui.wimp.stage import Push
from cart.ui.wimp.widgets import MENU_MARGIN
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.draft import Draft
from cart.ui.windows.help import HelpScene
from cart.ui.windows.position_setup import SetUpScene
from cart.ui.windows.start import StartScene

PADS = {**PAD, "b": pyxel.GAMEPAD1_BUTTON_B}
KEYBOARD = {**KEYS, "delete": pyxel.KEY_DELETE, "t": pyxel.KEY_T}


@pytest.fixture(autouse=True)
def let_go() -> Iterator[None]:
    yield
    for button in (*PADS.values(), *KEYBOARD.values()):
        pyxel.set_btn(button, False)
    pyxel.set_input_text("")
    release_all()


def board() -> tuple[App, PlayScene]:
    """Red to move a 3-1 from the start, the pointer resting in the left table."""
    pyxel.set_mouse_pos(200, 250)
    app = App(headless=True, seed=1, settings=Settings(animation_speed="off"))
    app.think_budget = 30.0
    state = GameState.from_position(Rules(), Position.start(), turn=1, dice=(3, 1))
    scene = app.new_game(against(), Match(Rules(), start=state))
    app.frame()
    return app, scene


def press(app: App, button: int) -> None:
    """One press: a frame down, a frame up (Pyxel lets a button go only at the next frame)."""
    pyxel.set_btn(button, True)
    app.frame()
    pyxel.set_btn(button, False)
    pyxel.flip()
    app.frame()


def rest(app: App, frames: int = TOOLTIP_DELAY + 1) -> None:
    for _ in range(frames):
        app.frame()


def tip_shown(scene: PlayScene) -> str:
    """The board's tip showing now, checked drawn in the Wimp's help colours where it says."""
    tip = scene.tip()
    assert tip is not None
    text, box = tip
    assert pyxel.pget(box.x + 1, box.y + 1) == wimp.TOOLTIP_BG
    return text


# -- 1. controls named for the device last used ------------------------------------------------------
def test_board_tips_name_the_controls_of_the_device_last_used(assets: Assets) -> None:
    app, scene = board()
    pad, keys = Keys(app, PADS), Keys(app, KEYBOARD)
    eight, six = L.point_rect(8).center, L.point_rect(6).center
    pad.walk_to(eight)
    rest(app)
    assert tip_shown(scene) == "A on a man, then on a point; B undoes"  # the pad's X confirms: not named
    pad.walk_to(L.ROLL_BOX.center)
    rest(app)
    assert tip_shown(scene) == "Your roll: A (or X) to confirm your move"
    keys.walk_to(six)
    rest(app)
    assert tip_shown(scene) == "Space on a man, then on a point; U undoes, X the turn"
    pyxel.set_mouse_pos(*L.point_rect(13).center)
    rest(app)
    assert tip_shown(scene) == "Click a man, then a point; U undoes, X the turn"


def test_the_strips_nudges_name_the_controls_of_the_device_last_used(assets: Assets) -> None:
    """SELECT on the dice while the move is to be made: how to confirm, as the player's device does it."""
    app, scene = board()
    pad, keys = Keys(app, PADS), Keys(app, KEYBOARD)
    pad.walk_to(L.DICE_BOX.center)
    pad.press("select")
    assert scene.table.message == "The dice are rolled: move, then X confirms"
    keys.walk_to(L.DICE_BOX.center)
    keys.press("select")
    assert scene.table.message == f"The dice are rolled: move, then {key_for('confirm', 'keys')} confirms"
    pyxel.set_mouse_pos(*L.DICE_BOX.center)
    press(app, pyxel.MOUSE_BUTTON_LEFT)
    assert scene.table.message == "The dice are rolled: move, then click your roll"


def test_the_pads_menu_shows_its_buttons_and_the_help_names_them(assets: Assets) -> None:
    app, _ = board()
    pad = Keys(app, PADS)
    pad.press("menu")
    root = app.top
    assert isinstance(root, MenuScene)
    pad.walk_to(root.menu.item_rect(0).center)
    pad.press("select")
    play = app.top
    assert isinstance(play, MenuScene)
    keys = {i.label: i.key for i in play.menu.items if i.key}
    # no "X" beside Undo turn: X confirms; Drills... is the pad's right shoulder
    assert keys == {"Roll": "X", "Hint": "Y", "Undo move": "B", "Drills...": "RB"}
    pad.press("left")  # back to the root menu, whose Help shows the pad's help button
    assert app.top is root
    helps = [e.label for e in root.entries].index("Help")
    assert root.menu.items[helps].key == key_for("help", "pad")
    pad.walk_to(root.menu.item_rect(helps).center)
    pad.press("select")
    manual = app.top
    assert isinstance(manual, HelpScene) and manual.page == "contents"
    manual.open("moving")
    page = " ".join(line.text for line in manual.lines)
    for button, does in (
        ("confirm", "rolls and confirms"),
        ("undo", "takes back the last man"),
        ("hint", "asks for a hint"),
        ("cancel", "cancels"),
    ):
        assert f"{key_for(button, 'pad')} {does}" in page
    assert f"{PAD_MENU} opens the menu" in page and f"{PAD_SELECT_LABEL} does what a click does" in page


NAMES = ("Beginner", "You")


def short_match() -> Match:
    """A few turns between two beginners: enough lines for the Review's buttons."""
    match = Match(Rules(), names=NAMES, rng=random.Random(3))
    bots = [Bot("beginner", seed=1), Bot("beginner", seed=2)]
    for _ in range(8):
        match.apply(choose_action(bots[match.game.actor], match))
    return match


def _reviewed() -> tuple[tuple[Action, ...], Review, Review]:
    match = short_match()
    return tuple(match.record), review_match(match), review_match(match, ply=DEEP_PLY)


def reviewed_short_match() -> tuple[Match, Review, Review]:
    """:func:`short_match` with its quick and deep reviews, kept (:mod:`kept`): the window's keys are the
    point, and its analysis in the frames cost the test a second of CPU."""
    record, quick, deep = kept("focus-short-match", [*CODE, Path(__file__)], _reviewed)
    return Match.replay(Rules(), record, names=NAMES), quick, deep


def test_the_review_tells_which_key_is_next_error(assets: Assets) -> None:
    app, _ = board()
    players = (Player("Beginner", "white", computer=True), Player("You", "red"))
    match, quick, deep = reviewed_short_match()
    scene = ReviewScene(app.services, ReviewSource("Test", match, players, 1, cached=quick, deep=deep))
    assert scene.finished and scene.deep.finished  # nothing left to analyse
    app.go(Push(scene))
    pad = Keys(app, PADS)
    pad.press("down")  # the d-pad steps through the moves; after a pause, the tip names Next error's button
    rest(app)
    text = "Next error: X; B the previous"
    box = tip_above(text, scene.next_error.rect)
    assert pyxel.pget(box.x + 1, box.y + 1) == wimp.TOOLTIP_BG
    pad.press("menu")
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert {i.label: i.key for i in menu.menu.items if i.key} == {
        "Next error": "Y",
        "Previous error": "B",
        "Drills...": "RB",
        "Help": "LB",
        "Close": "Back",
    }
    pad.press("cancel")
    keys = Keys(app, KEYBOARD)
    keys.press("down")
    rest(app)
    text = "Next error: Return; P the previous"
    keys_box = tip_above(text, scene.next_error.rect)
    assert pyxel.pget(keys_box.x + 1, keys_box.y + 1) == wimp.TOOLTIP_BG
    keys.press("menu")  # the Review's own keys for its own commands, not Return
    menu = app.top
    assert isinstance(menu, MenuScene)
    shown = {i.label: i.key for i in menu.menu.items if i.key}
    assert (shown["Next error"], shown["Previous error"]) == ("N", "P")
    keys.press("cancel")
    keys.press("confirm")  # Next error by its key: learnt, the tip shows no more
    rest(app)
    assert pyxel.pget(keys_box.x + 1, keys_box.y + 1) != wimp.TOOLTIP_BG
    pyxel.set_mouse_pos(*scene.next_error.rect.center)  # the mouse resting on the button: its tip
    rest(app)
    text = "Next error: click (or Return); P the previous"
    mouse_box = tip_above(text, scene.next_error.rect)
    assert pyxel.pget(mouse_box.x + 1, mouse_box.y + 1) == wimp.TOOLTIP_BG


# -- 2. Escape and BACK close a box with a text field at once ------------------------------------------
def test_escape_back_and_b_close_a_box_with_a_field_at_once_whatever_has_the_caret(
    assets: Assets, tmp_path: Path
) -> None:
    app = title_app(Store(tmp_path))
    for close, confirm in (
        (pyxel.GAMEPAD1_BUTTON_BACK, "X"),
        (pyxel.KEY_ESCAPE, "Return"),
        (pyxel.GAMEPAD1_BUTTON_B, "X"),
    ):
        press(app, close)  # the device in hand: its confirm key is the one the box names
        app.go(import_box(app.services))
        box = app.top
        assert isinstance(box, Dialog) and box.typing
        assert f"its path and press {confirm}:" in box.lines
        type_text(app, "/tmp/x")
        press(app, close)
        assert app.top is not box, close
    app, play = board()  # Type a move: its field has the caret
    for close in (pyxel.GAMEPAD1_BUTTON_BACK, pyxel.KEY_ESCAPE):
        press(app, pyxel.KEY_T)
        box = app.top
        assert isinstance(box, Dialog) and box.window.title == "Type a move" and box.typing
        type_text(app, "8/5")
        press(app, close)
        assert app.top is play, close


def test_the_create_form_and_the_set_up_window_close_at_one_press(assets: Assets, tmp_path: Path) -> None:
    for close in (pyxel.KEY_ESCAPE, pyxel.GAMEPAD1_BUTTON_BACK, pyxel.GAMEPAD1_BUTTON_B):
        store = Store(tmp_path / str(close))
        pyxel.set_mouse_pos(320, 256)
        app = App(store=store, headless=True, seed=0, settings=Settings(animation_speed="off"), start="new")
        form = app.top
        assert isinstance(form, NewGameScene) and form.typing  # the caret in Name
        type_text(app, "Ann")
        press(app, close)
        assert not isinstance(app.top, NewGameScene), close  # one press: the form is gone
        app.go(Push(SetUpScene(app.services, Draft())))
        setup = app.top
        assert isinstance(setup, SetUpScene) and setup.typing
        type_text(app, "4HPw")
        press(app, close)
        assert app.top is not setup, close
    app = title_app(Store(tmp_path / "kb"))
    app.go(Push(SetUpScene(app.services, Draft())))
    setup = app.top
    assert isinstance(setup, SetUpScene)
    press(app, pyxel.GAMEPAD1_BUTTON_A)  # the on-screen keyboard over the field ...
    assert isinstance(app.top, KeyboardScene)
    press(app, pyxel.GAMEPAD1_BUTTON_BACK)  # ... which BACK closes alone, as before
    assert app.top is setup


# -- 3. one input focus: the frame only where the keys now go ------------------------------------------
def test_a_scene_under_a_box_draws_no_focus_frame(assets: Assets, tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.games.create("Friday", GameOptions(Rules(), ("Beginner", "You"), computer=0, level="beginner"))
    app = title_app(store)
    app.to_start()
    start = app.top
    assert isinstance(start, StartScene)
    keys = Keys(app, KEYBOARD)
    keys.walk_to(start.import_mat.rect.center)
    assert focus_frame_at(start.import_mat.rect, 2)
    keys.press("select")
    box = app.top
    assert isinstance(box, Dialog) and box.window.title == "Import .mat"
    assert not focus_frame_at(start.import_mat.rect, 2)  # the box has the focus (its field the caret)
    press(app, pyxel.KEY_ESCAPE)
    assert app.top is start and focus_frame_at(start.import_mat.rect, 2)  # back where the keys were
    keys.walk_to(start.delete.rect.center)
    keys.press("select")
    box = app.top
    assert isinstance(box, Dialog) and box.window.title == "Delete"
    cancel = box.buttons[0]
    assert cancel.label == "Cancel" and focus_frame_at(cancel.rect, 5)  # one frame: the box's own
    assert not focus_frame_at(start.delete.rect, 2)
    press(app, pyxel.KEY_ESCAPE)
    app, play = board()  # the board's red frame goes under a box too
    keys = Keys(app, KEYBOARD)
    thirteen = L.point_rect(13).center
    keys.walk_to(thirteen)
    rect = next(r for r in stop_rects(play.table) if r.center == thirteen)
    assert pyxel.pget(rect.x, rect.y) == wimp.FOCUS
    keys.press("t")
    assert isinstance(app.top, Dialog) and pyxel.pget(rect.x, rect.y) != wimp.FOCUS
    press(app, pyxel.KEY_ESCAPE)
    assert app.top is play and pyxel.pget(rect.x, rect.y) == wimp.FOCUS


# -- 4. menus on screen, their borders clear of its edges -------------------------------------------------
def menu_rows_whole(menu: MenuScene) -> bool:
    """The menu's bottom border is drawn across, and the row under it is not the menu's."""
    r = menu.menu.rect
    border = {pyxel.pget(x, r.bottom - 1) for x in range(r.x, r.right)}
    return border == {wimp.FRAME} and r.bottom <= SCREEN[1] - MENU_MARGIN and r.right <= SCREEN[0]


def test_menus_open_higher_and_further_left_with_their_borders_clear_of_the_screens_edges(
    assets: Assets,
) -> None:
    app, _ = board()
    pyxel.set_mouse_pos(417, 400)
    press(app, pyxel.MOUSE_BUTTON_RIGHT)
    root = app.top
    assert isinstance(root, MenuScene)
    for label, sub in (("Play", "Quit..."), ("Options", "Tutor")):
        item = root.menu.item_rect([e.label for e in root.entries].index(label))
        pyxel.set_mouse_pos(item.right - 4, item.center[1])
        rest(app, 6)  # resting on the arrow opens the submenu
        menu = app.top
        assert isinstance(menu, MenuScene) and menu.parent is root
        assert menu_rows_whole(menu), menu.menu.rect
        if sub == "Tutor":
            i = [e.label for e in menu.entries].index(sub)
            tutor_item = menu.menu.item_rect(i)
            pyxel.set_mouse_pos(tutor_item.right - 4, tutor_item.center[1])
            rest(app, 6)
            tutor = app.top
            assert isinstance(tutor, MenuScene) and tutor.parent is menu and menu_rows_whole(tutor)
        assert menu.entries[-1].label == sub or sub == "Tutor"
        pyxel.set_mouse_pos(*item.center)
        rest(app, 2)
    press(app, pyxel.KEY_ESCAPE)
    pyxel.set_mouse_pos(636, 508)
    press(app, pyxel.MOUSE_BUTTON_RIGHT)
    corner = app.top
    assert isinstance(corner, MenuScene)
    r = corner.menu.rect
    assert (r.right, r.bottom) == (SCREEN[0] - MENU_MARGIN, SCREEN[1] - MENU_MARGIN)


# -- 5. the menu key highlights the first item, as START does -------------------------------------------
def test_the_menu_key_highlights_the_first_item_and_the_mouse_does_not(assets: Assets) -> None:
    app, scene = board()
    pyxel.set_mouse_pos(100, 100)
    app.frame()
    for button in (pyxel.KEY_M, pyxel.GAMEPAD1_BUTTON_START):
        press(app, button)
        menu = app.top
        assert isinstance(menu, MenuScene) and menu.menu.selected == 0, button
        assert app.input.cursor == menu.menu.item_rect(0).center
        press(app, pyxel.KEY_DOWN)  # the keys go on from there
        assert menu.menu.selected == 1
        press(app, pyxel.KEY_ESCAPE)
        assert app.top is scene
    pyxel.set_mouse_pos(120, 120)
    press(app, pyxel.MOUSE_BUTTON_RIGHT)
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.menu.selected is None  # until the pointer is on an item


# -- 6. Quit asks as Exit does; Cancel at the left; the Match ID box's title ------------------------------
def test_quit_at_the_table_asks_as_exit_does(assets: Assets, tmp_path: Path) -> None:
    app, _ = board()  # not saved: Cancel is the default, the game would be lost
    keys = Keys(app, KEYBOARD)
    choose(keys, "Play", "Quit...")  # type: ignore[arg-type]
    box = app.top
    assert isinstance(box, Dialog) and box.window.title == "Quit"
    assert [b.label for b in box.buttons] == ["Cancel", "Quit"] and box.buttons[0].default
    assert "not saved" in " ".join(box.lines)
    keys.press("confirm")
    assert not app.quitting and isinstance(app.top, PlayScene)
    choose(keys, "Play", "Quit...")  # type: ignore[arg-type]
    keys.walk_to(app.top.buttons[1].rect.center)  # type: ignore[attr-defined]
    keys.press("select")
    assert app.quitting
    saved = title_app(Store(tmp_path))
    saved.create_game("Friday", against("beginner"))
    keys = Keys(saved, KEYBOARD)
    choose(keys, "Play", "Quit...")  # type: ignore[arg-type]
    box = saved.top
    assert isinstance(box, Dialog) and box.buttons[1].default and "is saved" in " ".join(box.lines)
    keys.press("confirm")
    assert saved.quitting and Store(tmp_path).games.exists("Friday")


def test_the_id_boxes_are_titled_as_their_menu_entries(assets: Assets) -> None:
    app, _ = board()
    keys = Keys(app, KEYBOARD)
    for entry in ("Position ID", "Match ID"):
        choose(keys, "Play", entry)  # type: ignore[arg-type]
        box = app.top
        assert isinstance(box, Dialog) and box.window.title == entry
        assert any(line.startswith(f"{entry}:") for line in box.lines)
        keys.press("confirm")


def test_a_refused_typed_move_keeps_the_keys_focus_for_the_board_after_escape(assets: Assets) -> None:
    """k62_T_err_escape.png: the box grew for its refusal, the keys' cursor stayed where the field had
    been, so the next frame read it as the mouse taking over, and the board came back with no frame."""
    app, scene = board()
    keys = Keys(app, KEYBOARD)
    eight = L.point_rect(8).center
    keys.walk_to(eight)
    press(app, pyxel.KEY_T)
    box = app.top
    assert isinstance(box, Dialog) and box.field is not None
    type_text(app, "13/1")
    press(app, pyxel.KEY_RETURN)
    assert app.top is box and box.error and box.focus is not None  # refused: the box grew, still keyed
    press(app, pyxel.KEY_ESCAPE)
    assert app.top is scene and scene.focus == eight and app.input.cursor == eight


def test_a_refusal_goes_when_the_field_it_refused_is_emptied(assets: Assets) -> None:
    """p27_b_empty.png: the refusal of 13/1 stayed under the field after the text was all deleted."""
    app, _ = board()
    press(app, pyxel.KEY_T)
    box = app.top
    assert isinstance(box, Dialog) and box.field is not None
    type_text(app, "13/1")
    press(app, pyxel.KEY_RETURN)
    assert box.error
    for _ in range(3):
        press(app, pyxel.KEY_BACKSPACE)
    assert box.field.text == "1" and box.error  # still about the text that is partly there
    press(app, pyxel.KEY_BACKSPACE)
    assert box.field.text == "" and box.error == ""
