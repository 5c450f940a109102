"""Whole games through Pyxel's real input, headless: by keyboard alone, by gamepad alone, by drag and drop.

Issue 19: everything the mouse does the keys and a gamepad do, and the mouse
moves men as MaxGammon documents, by press, drag and release. Each game here
is played by the app's own :class:`~cart.ui.kit.intents.Input` reading
``pyxel.set_btn`` and ``pyxel.set_mouse_pos`` (no intents are fed), from a
set-up where the player's man waits on the bar against a quick computer, to
the game-over box: entering from the bar, bearing off and confirming
included. The player's choices and the dice are fixed, so each game is the
same on any machine.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import pyxel
from pyxel_players import GAMEPAD, KEYBOARD, Keys, Mouse, new_app, play_to_the_end, release_all

from cart.ui.app import App
from cart.ui.kit.assets import Assets
from cart.ui.table.play import PlayScene
from cart.ui.wimp.dialogs import Dialog


@pytest.fixture(autouse=True)
def no_button_left_held() -> Iterator[None]:
    yield
    release_all()


def check_whole_game(app: App, scene: PlayScene, steps: list[tuple[int, int]]) -> None:
    """The game-over box is up, and on the way the player entered from the bar and bore off.

    Each turn's confirmation into the record is checked as it is made, by :func:`play_to_the_end`.
    """
    assert isinstance(app.top, Dialog) and app.top.window.title == "Game over"
    assert scene.table.match.game.phase == "over"
    assert any(src == 25 for src, _ in steps), "never entered from the bar"
    assert any(dst == 0 for _, dst in steps), "never bore off"


@pytest.mark.slow  # a whole game, key by key: about 4 s each
@pytest.mark.parametrize("pad", [False, True], ids=["keyboard", "gamepad"])
def test_a_whole_game_by_keys_alone(assets: Assets, pad: bool) -> None:
    """Arrows and Space (d-pad and A) move the cursor and the men, Return (X) rolls and confirms."""
    app, scene = new_app(seed=4)
    mouse = (pyxel.mouse_x, pyxel.mouse_y)
    keys = Keys(app, GAMEPAD if pad else KEYBOARD)
    steps = play_to_the_end(app, scene, keys)
    check_whole_game(app, scene, steps)
    assert (pyxel.mouse_x, pyxel.mouse_y) == mouse == app.input.mouse  # the mouse never moved


def test_a_whole_game_by_drag_and_drop(assets: Assets) -> None:
    """Every man moved by press, drag and release; the dice rolled and the play confirmed by clicks."""
    app, scene = new_app(seed=4)
    mouse = Mouse(app, scene)
    steps = play_to_the_end(app, scene, mouse)
    check_whole_game(app, scene, steps)
    assert mouse.drags == len(steps)
