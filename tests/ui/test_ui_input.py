"""Mouse, keys and gamepad through Pyxel's real input: the intents they make, the buttons they press in.

Split from ``test_ui_app.py`` (which plays the game itself and keeps the drivers used here):
these hold for every scene, whatever device the player has, not for one game's rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import pyxel
from pyxel_players import GAMEPAD, KEYBOARD, Keys
from seats import against
from test_ui_app import LEFT, RIGHT, make_app, play_scene, started

from cart.engine import GameState, Move, Position, Rules
from cart.store import GameOptions, Settings, Store
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.controls import PLAY_KEYS
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import Assets
from cart.ui.kit.intents import Command, Input, OpenMenu, Pointer, Select, Typed
from cart.ui.kit.palette import Wimp
from cart.ui.title import TitleScene
from cart.ui.wimp.dialogs import Dialog
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.start import StartScene


def test_keyboard_cursor_and_gamepad(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, against(), started())
    app.input.warp(*d.place(1, 8))
    d.key(pyxel.KEY_SPACE)
    assert d.table.lifted_from == 8
    d.key(pyxel.KEY_RIGHT)  # the cursor jumps to the next point to the right: 7
    assert app.input.cursor == L.point_rect(7).center
    d.key(pyxel.KEY_RIGHT)
    d.key(pyxel.KEY_RIGHT)  # over the bar to 6... then 5
    assert app.input.cursor == L.point_rect(5).center
    d.key(pyxel.GAMEPAD1_BUTTON_A)
    assert [(s.src, s.dst) for s in d.table.partial().steps] == [(8, 5)]
    d.key(pyxel.GAMEPAD1_BUTTON_B)  # undo
    assert d.table.partial().steps == ()


def test_any_key_or_gamepad_button_leaves_the_title(assets: Assets) -> None:
    """Issue 19: "Click or press a key" means any key, and any gamepad button, through the real input."""
    for button in (
        pyxel.KEY_Q,
        pyxel.KEY_F5,
        pyxel.KEY_1,
        pyxel.GAMEPAD1_BUTTON_Y,
    ):  # not F1 nor LB: help; nor F2 nor RB: the Drills window
        app = make_app()
        app.frame()
        assert isinstance(app.top, TitleScene)
        pyxel.set_btn(button, True)
        app.frame()
        pyxel.set_btn(button, False)
        pyxel.flip()
        assert isinstance(app.top, NewGameScene), button  # no store: straight to the Create form
        app.frame()
    inp = Input()  # elsewhere a key that names nothing is no press
    pyxel.set_btn(pyxel.KEY_Q, True)
    assert inp.poll() == [Pointer(inp.cursor[0], inp.cursor[1])]
    pyxel.set_btn(pyxel.KEY_Q, False)
    pyxel.flip()


def test_buttons_invert_only_while_select_is_held(assets: Assets) -> None:
    """Issue 19: RISC OS inverts an action button while SELECT is held over it, never for a mere hover."""
    app = make_app()
    app.tell("Saved data", "A message.")
    box = app.top
    assert isinstance(box, Dialog)
    ok = box.buttons[0]
    x, y = ok.rect.center
    app.feed([Pointer(x, y)])
    app.draw()
    assert not ok.pressed and pyxel.screen.pget(ok.rect.x + 2, ok.rect.y + 2) == wimp.BUTTON_BG
    app.feed([Pointer(x - ok.rect.w, y, held=True)])  # pressed beside it, then dragged over it
    assert not ok.pressed
    app.feed([Pointer(x, y, held=True)])
    app.draw()
    assert ok.pressed and pyxel.screen.pget(ok.rect.x + 2, ok.rect.y + 2) == wimp.TEXT
    app.feed([Pointer(x, y)])  # let go
    assert not ok.pressed and app.top is box


@pytest.mark.parametrize("device", ["mouse", "keys", "pad"])
def test_a_button_that_opens_a_box_springs_back_under_it(assets: Assets, tmp_path: Path, device: str) -> None:
    """Play-test: Delete pressed on Start stayed drawn inverted under its box until the box closed.

    The release that springs a button back goes to the box over it; the button is pressed in only
    while SELECT is held on it, so the box opening lets it go, whatever pressed it.
    """
    Store(tmp_path).games.create(
        "One", GameOptions(Rules(), names=("Expert", "You"), computer=0, level="expert")
    )
    app = App(store=Store(tmp_path), headless=True, seed=1, settings=Settings(animation_speed="off"))
    app.to_start()
    app.frame()
    start = app.top
    assert isinstance(start, StartScene)
    delete = start.delete
    if device == "mouse":
        pyxel.set_mouse_pos(*delete.rect.center)
        app.frame()
        pyxel.set_btn(LEFT, True)
        app.frame()
        pyxel.set_btn(LEFT, False)
        pyxel.flip()
        app.frame()
    else:
        Keys(app, KEYBOARD if device == "keys" else GAMEPAD).take(delete.rect.center)
    app.frame()
    box = app.top
    assert isinstance(box, Dialog) and box.window.title == "Delete"
    assert box.window.rect.bottom < delete.rect.y  # the button shows below the box
    assert pyxel.screen.pget(delete.rect.x + 2, delete.rect.y + 2) == wimp.BUTTON_BG  # not inverted
    assert not delete.pressed


def release_all(inp: Input) -> None:
    for b in list(inp.down):
        pyxel.set_btn(b, False)
    pyxel.flip()
    inp.poll()


def test_input_turns_pyxel_buttons_into_intents(assets: Assets) -> None:
    """The real path: ``pyxel.set_btn`` / ``set_mouse_pos`` / ``set_input_text``, a flip between frames."""
    inp = Input()
    pyxel.flip()
    inp.poll()
    pyxel.set_mouse_pos(100, 120)
    pyxel.set_btn(LEFT, True)
    assert inp.poll() == [Pointer(100, 120, held=True), Select(100, 120)]
    release_all(inp)
    for button, expected in (
        (RIGHT, OpenMenu(100, 120)),
        (pyxel.MOUSE_BUTTON_MIDDLE, OpenMenu(100, 120)),
        (pyxel.KEY_BACKSPACE, Command("back")),
        (pyxel.KEY_DELETE, Command("delete")),
        (pyxel.KEY_RETURN, Command("confirm")),
        (pyxel.GAMEPAD1_BUTTON_A, Select(100, 120)),
        (pyxel.GAMEPAD1_BUTTON_START, OpenMenu(100, 120, keys=True)),  # highlights its first item
        (pyxel.GAMEPAD1_BUTTON_B, Command("back")),
        (pyxel.GAMEPAD1_BUTTON_DPAD_LEFT, Command("left")),
    ):
        pyxel.set_btn(button, True)
        assert expected in inp.poll(), button
        assert expected not in inp.poll()  # held, not pressed again
        release_all(inp)
    pyxel.set_btn(pyxel.KEY_R, True)  # a key of the game's, pressed on a screen of the game's
    assert Command("roll") in inp.poll(keys=PLAY_KEYS)
    release_all(inp)
    pyxel.set_btn(pyxel.KEY_BACKSPACE, True)
    assert Command("undo") in inp.poll(keys=PLAY_KEYS)
    release_all(inp)
    pyxel.set_input_text("8/5 6/5")
    pyxel.set_btn(pyxel.KEY_R, True)
    typed = inp.poll(typing=True, keys=PLAY_KEYS)
    assert Typed("8/5 6/5") in typed and Command("roll") not in typed
    pyxel.set_input_text("")
    release_all(inp)


@pytest.mark.parametrize("pad", [False, True], ids=["keyboard", "gamepad"])
def test_a_man_hit_enters_from_the_bar_by_keys_alone(assets: Assets, pad: bool) -> None:
    """Issue 19: the bar is a cursor stop; a hit player with no mouse rolls, enters and confirms by keys."""
    start = Position.start()
    theirs = list(start.theirs)
    theirs[24], theirs[20] = 1, 1  # Red's blot on White's 5 point: White's 3-1 makes it, hitting
    pos = Position.from_counts(list(start.mine), theirs)
    app = make_app()
    d = play_scene(
        app,
        against("expert"),
        GameState.from_position(Rules(), pos, dice=(3, 1)),
    )
    keys = Keys(app, GAMEPAD if pad else KEYBOARD)
    d.until(lambda: d.table.match.game.turn == 1)
    assert d.table.match.game.board(1).mine[25] == 1  # hit: Red's man waits on the bar
    bar = L.bar_rect(True).center
    for _ in range(20):
        game = d.table.match.game
        if any(isinstance(a, Move) and a.moves[0][0] == 25 for a in d.table.match.record[1:]):
            break
        if game.turn != 1 or game.phase == "over" or isinstance(app.top, Dialog):
            app.frame()
            continue
        if game.phase == "roll":
            keys.press("confirm")  # Return (pad: X) rolls when the dice are to roll
            continue
        part = d.table.partial()
        assert part is not None
        while not part.is_complete:
            options = part.options()
            src = 25 if 25 in options else min(options)
            dst = max(options[src])
            keys.take(bar if src == 25 else d.place(1, src))
            assert d.table.lifted_from == src, d.table.message
            keys.take(L.YOUR_BIN.center if dst == 0 else d.place(1, dst))
            new = d.table.partial()
            assert new is not None and len(new.steps) > len(part.steps), d.table.message
            part = new
        keys.press("confirm")
    entered = [a for a in d.table.match.record[1:] if isinstance(a, Move) and a.moves[0][0] == 25]
    assert entered, d.table.match.record
    assert app.input.mouse == (pyxel.mouse_x, pyxel.mouse_y)  # the mouse never moved


def test_the_keyboard_cursor_is_drawn_until_the_mouse_moves(assets: Assets) -> None:
    """Issue 19: arrows (real keys) frame the stop in the caret's red; a moved mouse takes the frame away."""
    app = make_app()
    d = play_scene(app, against(), started())
    keys = Keys(app, KEYBOARD)
    app.frame()
    five = L.point_rect(5)
    edge = (five.x, five.center[1])  # the point's left edge, halfway: the board's cream unless framed
    assert pyxel.pget(*edge) != Wimp.RED and d.scene.focus is None
    keys.walk_to(five.center)
    assert d.scene.focus == five.center and pyxel.pget(*edge) == Wimp.RED
    app.frame()  # it stays while the keys have the cursor
    assert pyxel.pget(*edge) == Wimp.RED
    pyxel.set_mouse_pos(300, 200)
    app.frame()
    assert d.scene.focus is None and pyxel.pget(*edge) != Wimp.RED
