"""Issue 19's RISC OS manners, driven as a player would, through Pyxel's real input (``set_btn``,
``set_mouse_pos``, ``set_input_text``) headless: one focus model on the form, the list, dialogs
and menus; the list's scroll bar and slider; window furniture; hover submenus that stay on
screen; the Acorn pointer; shortcut keys shown where they apply.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import pyxel
from pyxel_players import arrow_way
from seats import against, two

from cart.engine import GameState, Match, Position, Rules
from cart.store import Settings, Store
from cart.ui.app import POINTER_HOT, App
from cart.ui.board import layout as L
from cart.ui.board.tips import tip_text
from cart.ui.controls import PLAY_KEYS
from cart.ui.kit import intents, palette as wimp
from cart.ui.kit.assets import Assets
from cart.ui.kit.geom import SCREEN, Rect
from cart.ui.table.play import PlayScene
from cart.ui.table.play_boxes import ask_take
from cart.ui.title import TitleScene
from cart.ui.wimp import keyboard as keynames
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.field_form import FieldForm
from cart.ui.wimp.menus import ARROW_ZONE, SUBMENU_REST, MenuScene
from cart.ui.wimp.stage import Push
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.start import ROW_H, StartScene

LEFT = pyxel.MOUSE_BUTTON_LEFT
RIGHT = pyxel.MOUSE_BUTTON_RIGHT


def clock() -> datetime:
    return datetime(2025, 1, 31, 18, 4, 5, tzinfo=UTC)


class Player:
    """One person at the machine: keys, gamepad and mouse, each press a frame down and a frame up."""

    def __init__(self, app: App) -> None:
        self.app = app

    def press(self, button: int) -> None:
        pyxel.set_btn(button, True)
        self.app.frame()
        pyxel.set_btn(button, False)
        pyxel.flip()  # Pyxel lets a button go only at the next frame
        self.app.frame()

    def move(self, xy: tuple[int, int], frames: int = 1) -> None:
        pyxel.set_mouse_pos(*xy)
        for _ in range(frames):
            self.app.frame()

    def click(self, xy: tuple[int, int], button: int = LEFT) -> None:
        self.move(xy)
        self.press(button)

    def type(self, text: str) -> None:
        pyxel.set_input_text(text)
        self.app.frame()
        pyxel.set_input_text("")

    def walk_to(self, target: tuple[int, int], pad: bool = False) -> None:
        """Arrows (or the d-pad) along the shortest way between the top scene's stops to ``target``."""
        top = self.app.top
        # in a field with the caret, Left and Right are the caret's: only Up and Down leave it
        fields = frozenset(f.rect.center for f in top.fields()) if isinstance(top, FieldForm) else frozenset()
        way = arrow_way(self.app, target, fields)
        prefix = "GAMEPAD1_BUTTON_DPAD_" if pad else "KEY_"
        for direction in way:
            self.press(getattr(pyxel, prefix + direction.upper()))
        assert top.focus == target


@pytest.fixture(autouse=True)
def let_go() -> Iterator[None]:
    """Nothing held or typed leaks into the next test (Pyxel's input is the process's)."""
    yield
    for b in (LEFT, RIGHT, *intents.WATCHED, *PLAY_KEYS):
        pyxel.set_btn(b, False)
    pyxel.set_input_text("")
    pyxel.flip()


def store_app(folder: Path, start: str = "title", pointer: bool | None = None) -> App:
    store = Store(folder, clock=clock)
    app = App(
        store=store,
        headless=True,
        seed=5,
        settings=Settings(animation_speed="off"),
        start=start,
        pointer=pointer,
    )
    app.think_budget = 30.0
    return app


def board_app(pointer: bool | None = None) -> tuple[App, PlayScene]:
    app = App(headless=True, seed=1, settings=Settings(animation_speed="off"), pointer=pointer)
    app.think_budget = 30.0
    state = GameState.from_position(Rules(), Position.start(), turn=1, dice=(3, 1))
    scene = app.new_game(against(), Match(Rules(), start=state))
    pyxel.set_mouse_pos(200, 250)  # the middle of the left table, whatever the last test left
    app.frame()
    return app, scene


def pointer_at(app: App, xy: tuple[int, int]) -> bool:
    """The Acorn pointer is drawn with its tip at ``xy``: every opaque pixel of its sprite is on screen."""
    u, v, w, h = app.assets.sprites["pointer"]
    x, y = xy[0] - POINTER_HOT[0], xy[1] - POINTER_HOT[1]
    ink = [
        (dx, dy, c)
        for dy in range(h)
        for dx in range(w)
        if (c := app.assets.sheet.pget(u + dx, v + dy)) != wimp.SPRITE_KEY
    ]
    return all(pyxel.pget(x + dx, y + dy) == c for dx, dy, c in ink)


def focus_frame_at(r: Rect, gap: int) -> bool:
    """The dotted red focus frame is drawn ``gap`` pixels outside ``r`` (its top-left dash)."""
    return pyxel.pget(r.x - gap - 2, r.y - gap - 2) == wimp.FOCUS


# -- one focus model ------------------------------------------------------------------------------


def test_the_create_form_is_filled_in_and_played_by_keys_with_the_focus_shown(
    assets: Assets, tmp_path: Path
) -> None:
    """Down leaves the name field, the arrows frame each radio and button, Space picks, a field takes
    the caret when the keys reach it, and the pointer hides while the keys have the focus."""
    app = store_app(tmp_path, start="new", pointer=True)
    p = Player(app)
    p.move((600, 40))
    form = app.top
    assert isinstance(form, NewGameScene) and form.typing and form.name is not None
    p.press(pyxel.KEY_DOWN)  # out of the name field: keys are commands again
    assert form.focus is not None and app.keyed and not form.typing
    two = form.rows[0].toggles[1]
    p.walk_to((two.rect.x + 8, two.rect.y + 10))
    assert focus_frame_at(two.rect, 1)
    p.press(pyxel.KEY_SPACE)
    assert form.setup.players == 2
    red = form.seat_fields[1]
    p.walk_to(red.rect.center, pad=True)  # the d-pad goes the same way
    assert form.focused is red and form.typing  # the caret came with the focus
    p.press(pyxel.KEY_BACKSPACE)
    p.type("Ann")
    assert red.text.endswith("Ann")
    p.press(pyxel.KEY_DOWN)  # Down to the other name field, the caret with it
    assert form.focused is form.seat_fields[0]
    p.walk_to(form.play.rect.center)
    assert not form.typing
    assert focus_frame_at(form.play.rect, 5)  # clear of the default button's ring
    assert not pointer_at(app, form.play.rect.center)  # the pointer hides while the keys have the focus
    p.move((600, 60))  # the mouse takes over: the frame goes, the pointer is back
    assert form.focus is None and not focus_frame_at(form.play.rect, 5)
    assert pointer_at(app, (600, 60))
    p.press(pyxel.KEY_SPACE)  # Space selects at the pointer (which is on nothing)
    assert app.top is form
    p.press(pyxel.KEY_RETURN)
    assert isinstance(app.top, PlayScene) and app.top.table.bots == {}


def test_pad_x_confirms_the_form_while_a_field_has_the_caret(assets: Assets, tmp_path: Path) -> None:
    """A gamepad cannot type, so X keeps its meaning in a field: the form opens with the caret in
    the name field, and X plays as Return would."""
    app = store_app(tmp_path, start="new")
    p = Player(app)
    form = app.top
    assert isinstance(form, NewGameScene) and form.typing
    p.press(pyxel.GAMEPAD1_BUTTON_X)
    assert isinstance(app.top, PlayScene)


def test_a_dialog_opened_by_keys_takes_the_focus_and_space_presses_the_framed_button(assets: Assets) -> None:
    app, scene = board_app()
    p = Player(app)
    p.press(pyxel.KEY_RIGHT)  # the keys have the board's cursor
    assert scene.focus is not None
    p.press(pyxel.KEY_M)
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.focus == menu.stops()[0] and menu.menu.selected == 0
    p.press(pyxel.KEY_RIGHT)  # Play's submenu, its first item highlighted
    sub = app.top
    assert isinstance(sub, MenuScene) and sub.parent is menu and sub.menu.selected == 0
    labels = [e.label for e in sub.entries]
    while sub.menu.selected != labels.index("Forfeit..."):
        p.press(pyxel.KEY_DOWN)
    p.press(pyxel.KEY_RETURN)
    box = app.top
    assert isinstance(box, Dialog) and box.window.title == "Forfeit"
    cancel, forfeit = box.buttons
    assert box.focus == cancel.rect.center and focus_frame_at(cancel.rect, 5)  # the default has it
    p.press(pyxel.KEY_RIGHT)
    assert box.focus == forfeit.rect.center and focus_frame_at(forfeit.rect, 2)
    p.press(pyxel.GAMEPAD1_BUTTON_B)  # B cancels, whichever button is framed
    assert app.top is scene and scene.table.match.game.phase == "move"
    assert scene.focus is not None and app.input.cursor == scene.focus  # back where the keys were


def test_menus_by_keys_and_gamepad_escape_and_b_close_them(assets: Assets) -> None:
    app, scene = board_app()
    p = Player(app)
    p.move((100, 100))
    for close in (pyxel.KEY_ESCAPE, pyxel.GAMEPAD1_BUTTON_B):
        p.press(pyxel.GAMEPAD1_BUTTON_START)
        root = app.top
        assert isinstance(root, MenuScene) and root.menu.selected == 0  # the first item, for the d-pad
        p.press(pyxel.GAMEPAD1_BUTTON_DPAD_DOWN)
        assert root.menu.selected == 1  # the highlight moves with the d-pad
        p.press(pyxel.GAMEPAD1_BUTTON_DPAD_UP)
        p.press(pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT)
        assert isinstance(app.top, MenuScene) and app.top.parent is root
        p.press(pyxel.KEY_LEFT)  # back to the parent, its item still highlighted
        assert app.top is root and root.menu.selected == 0
        p.press(pyxel.KEY_RIGHT)
        p.press(close)  # every menu closes
        assert app.top is scene
    p.press(pyxel.KEY_M)
    p.press(pyxel.KEY_UP)  # from the title up is nothing; down to the fourth: ToolTips (Help is last)
    for _ in range(3):
        p.press(pyxel.KEY_DOWN)
    root = app.top
    assert isinstance(root, MenuScene) and root.entries[root.menu.selected or 0].label == "ToolTips"
    before = app.prefs.settings.tooltips
    p.press(pyxel.GAMEPAD1_BUTTON_A)  # A selects, as Return does
    assert app.top is scene and app.prefs.settings.tooltips is not before


# -- the saved games' scroll bar ---------------------------------------------------------------------


def test_the_saved_games_slider_drags_pages_and_keeps_the_highlight_shown(
    assets: Assets, tmp_path: Path
) -> None:
    app = store_app(tmp_path)
    for i in range(25):
        app.create_game(f"Game {i:02}", two())
    app.to_start()
    start = app.top
    assert isinstance(start, StartScene)
    p = Player(app)
    p.move((300, 300))
    bar = start.bar
    assert bar.total == 25 and bar.shown == start.visible
    assert bar.slider.h == (bar.well.h - 4) * start.visible // 25  # as long as the part shown
    p.click(bar.down.center)
    assert start.first == 1 and start.selected == 1  # a line; the highlight kept on a shown line
    p.click((bar.well.center[0], bar.well.bottom - 3))  # the well below the slider: a page
    assert start.first == 1 + start.visible or start.first == bar.slack
    p.click(bar.up.center)
    first = start.first
    top = bar.slider.y
    grab = (bar.slider.center[0], bar.slider.y + 3)
    p.move(grab)
    pyxel.set_btn(LEFT, True)
    app.frame()
    p.move((grab[0], bar.well.y), frames=2)  # dragged to the top
    assert start.first == 0 and bar.slider.y < top and start.dragging is not None
    p.move((grab[0], bar.well.bottom + 40))  # past the bottom: the last page
    assert start.first == bar.slack
    pyxel.set_btn(LEFT, False)
    pyxel.flip()
    app.frame()
    assert start.dragging is None and first != start.first
    assert start.selected in start.shown_rows()
    p.press(pyxel.KEY_PAGEUP)  # a page up: the highlight moves and the list follows it
    assert start.selected in start.shown_rows() and start.first < bar.slack
    shown = start.visible
    p.click(start.window.furniture["toggle"].center)  # the whole screen: a taller list, each game whole
    assert (
        start.full
        and start.visible * start.row_h > shown * ROW_H
        and start.window.rect == Rect(0, 0, *SCREEN)
    )
    assert start.bar.shown == start.visible and start.selected in start.shown_rows()
    p.click(start.window.furniture["toggle"].center)
    assert not start.full and start.visible == shown
    p.click(start.window.furniture["close"].center)
    assert isinstance(app.top, TitleScene)


# -- window furniture --------------------------------------------------------------------------------


def test_the_close_icons_cancel_boxes_and_leave_windows_asking_first_at_the_table(
    assets: Assets, tmp_path: Path
) -> None:
    app = store_app(tmp_path)
    scene = app.create_game("Tuesday", against())
    p = Player(app)
    app.frame()
    board = scene.window
    assert set(board.furniture) == {"close", "title"}  # one size, nothing behind: no toggle, no back
    p.click(board.furniture["close"].center)
    box = app.top
    assert isinstance(box, Dialog) and box.window.title == "Exit"  # asks first
    p.click(box.window.furniture["close"].center)  # the box's close icon cancels it
    assert app.top is scene
    p.click(board.furniture["close"].center)
    p.press(pyxel.KEY_RETURN)  # a saved game: Exit is the default, and the game stays saved
    assert isinstance(app.top, TitleScene)
    assert app.store is not None and [g.name for g in app.store.games.list()] == ["Tuesday"]
    title = app.top
    assert title.window is not None
    p.click(title.window.furniture["close"].center)
    assert app.quitting  # the title has no game to lose: its close icon quits


def test_a_box_that_must_be_answered_has_no_close_icon(assets: Assets) -> None:
    app, scene = board_app()
    game = GameState.from_position(Rules(), Position.start(), turn=0, dice=None)
    push = ask_take(scene, game)
    assert isinstance(push, Push)
    box = push.scene
    assert isinstance(box, Dialog) and box.window.icons == ()
    app.push(box)
    p = Player(app)
    p.click((box.window.rect.x + 10, box.window.rect.y + 10))
    assert app.top is box


def test_the_create_forms_close_icon_cancels_it(assets: Assets, tmp_path: Path) -> None:
    app = store_app(tmp_path, start="new")
    form = app.top
    assert isinstance(form, NewGameScene) and set(form.window.furniture) == {"close", "title"}
    Player(app).click(form.window.furniture["close"].center)
    assert isinstance(app.top, TitleScene)  # no saved games: the title


# -- hover submenus ------------------------------------------------------------------------------------


def test_a_submenu_opens_when_the_pointer_rests_on_its_arrow_and_flips_left_at_the_edge(
    assets: Assets,
) -> None:
    app, scene = board_app()
    p = Player(app)
    p.click((630, 60), RIGHT)  # MENU at the screen's right edge
    root = app.top
    assert isinstance(root, MenuScene)
    labels = [e.label for e in root.entries]
    options = root.menu.item_rect(labels.index("Options"))
    p.move((options.x + 8, options.center[1]), frames=SUBMENU_REST + 2)  # on the label: nothing opens
    assert app.top is root
    arrow = (options.right - ARROW_ZONE // 2, options.center[1])
    p.move(arrow, frames=SUBMENU_REST - 1)
    assert app.top is root  # not at once: the pointer must rest
    p.move(arrow)
    sub = app.top
    assert isinstance(sub, MenuScene) and sub.parent is root and sub.menu.title == "Options"
    assert sub.menu.rect.right <= root.menu.rect.x + 1  # no room at the right: at the parent's left
    assert sub.menu.rect.x >= 0 and sub.menu.rect.y == options.y
    speed = sub.menu.item_rect([e.label for e in sub.entries].index("Speed"))
    p.move((speed.right - 4, speed.center[1]), frames=SUBMENU_REST)
    speeds = app.top
    assert isinstance(speeds, MenuScene) and speeds.parent is sub and speeds.menu.title == "Speed"
    assert not speeds.menu.rect.contains(*speed.center)  # it never covers the item it came from
    sounds = root.menu.item_rect(labels.index("Sounds"))
    p.move((sounds.x + 8, sounds.center[1]), frames=2)  # back on another item of the first menu
    assert app.top is root and root.menu.selected == labels.index("Sounds")
    p.move((sounds.right - 4, sounds.center[1]), frames=SUBMENU_REST)
    assert isinstance(app.top, MenuScene) and app.top.menu.title == "Sounds"
    p.press(pyxel.KEY_ESCAPE)
    assert app.top is scene


# -- the pointer ---------------------------------------------------------------------------------------


def test_the_acorn_pointer_is_drawn_last_and_hides_for_the_keys(
    assets: Assets, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = board_app(pointer=True)
    p = Player(app)
    tip = L.point_rect(8).center
    p.move(tip)
    x, y = tip[0] - POINTER_HOT[0], tip[1] - POINTER_HOT[1]
    assert pyxel.pget(x, y) == wimp.POINTER_OUTLINE and pyxel.pget(x + 4, y + 8) == wimp.POINTER_FILL
    assert pyxel.pget(x + 1, y + 4) == wimp.POINTER_EDGE  # light blue, dark blue and red: 16 colours
    assert pointer_at(app, tip)
    p.press(pyxel.KEY_RIGHT)  # the keys take the cursor: the frame shows, not the pointer
    assert scene.focus is not None and not pointer_at(app, scene.focus) and not pointer_at(app, tip)
    p.move((tip[0] + 40, tip[1]))
    assert pointer_at(app, (tip[0] + 40, tip[1]))
    p.press(RIGHT)  # over a menu too: the pointer is drawn after everything
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.menu.rect.contains(tip[0] + 40, tip[1] + 8)
    assert pointer_at(app, (tip[0] + 40, tip[1]))
    p.press(pyxel.KEY_ESCAPE)
    monkeypatch.setattr(PlayScene, "busy", property(lambda self: True))  # the computer thinks
    p.move(tip)
    assert (
        not pointer_at(app, tip) and pyxel.pget(tip[0] - 10, tip[1] - 11) == wimp.Wimp.DARK_BLUE
    )  # hourglass
    shown: list[bool] = []
    monkeypatch.setattr(pyxel, "mouse", shown.append)
    monkeypatch.setattr(pyxel, "run", lambda update, draw: None)
    app.run()
    assert shown == [False]  # the system's own arrow is hidden for good


def test_headless_pictures_leave_the_pointer_out_unless_asked(assets: Assets) -> None:
    app, _ = board_app()
    p = Player(app)
    p.move((300, 150))
    assert not pointer_at(app, (300, 150))


# -- shortcut keys ------------------------------------------------------------------------------------


def test_menus_and_tips_show_the_keys_really_bound(assets: Assets, monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = board_app()
    p = Player(app)
    p.click((100, 100), RIGHT)
    root = app.top
    assert isinstance(root, MenuScene)
    p.click(root.menu.item_rect(0).center)
    play = app.top
    assert isinstance(play, MenuScene)
    keys = {i.label: i.key for i in play.menu.items if i.key}
    assert keys == {
        "Roll": "R",
        "Double": "D",
        "Hint": "H",
        "Type a move": "T",
        "Undo move": "U",
        "Undo turn": "X",
        "Drills...": "F2",
    }
    commands = {"Roll": "roll", "Double": "double", "Hint": "hint", "Type a move": "type_move"}
    commands |= {"Undo move": "undo", "Undo turn": "undo_turn", "Drills...": "drills"}
    for label, key in keys.items():  # each key shown does what its entry does
        assert PLAY_KEYS[getattr(pyxel, f"KEY_{key}")] == commands[label]
    hint = play.menu.item_rect([i.label for i in play.menu.items].index("Hint"))
    key_x = hint.right - 16 - 4 - 8  # the key's cell, right-aligned before the submenu column
    assert wimp.TEXT in {pyxel.pget(key_x + dx, hint.y + dy) for dx in range(8) for dy in range(2, 18)}
    p.press(pyxel.KEY_ESCAPE)
    game = scene.table.match.game
    assert "U undoes, X the turn" in (tip_text("point", game, True) or "")
    monkeypatch.setitem(PLAY_KEYS, pyxel.KEY_J, "hint")  # bind another letter: it is shown
    monkeypatch.delitem(PLAY_KEYS, pyxel.KEY_H)
    assert keynames.shortcut("hint", PLAY_KEYS) == "J"
    roll = GameState.from_position(Rules(), Position.start(), turn=1)
    assert tip_text("roll", roll, True) == "Your roll: the dice to play; J asks for a hint"
