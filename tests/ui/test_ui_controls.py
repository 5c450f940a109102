"""Each key means one thing on each screen (issue 41): the kit's verbs, the game's commands where they apply.

The game's keys (:mod:`cart.ui.controls`) reach only the screens of the game's that read them: the
table's undo keys are no Back or Delete on the saved games, in Help or in the Review, and the Review
asks for the next and previous error in its own words. Every press here is a real Pyxel key or pad
button, read by the App's :class:`~cart.ui.kit.intents.Input` as a player's would be.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
import pyxel
from pyxel_players import Keys

from cart.ai.review import Review
from cart.engine import Match, Rules
from cart.store import GameOptions, Settings, Store
from cart.ui.app import App
from cart.ui.board.view_state import Player
from cart.ui.controls import PLAY, PLAY_KEYS, REVIEW, REVIEW_KEYS
from cart.ui.kit.assets import Assets
from cart.ui.kit.intents import KEYMAP
from cart.ui.review.review import ReviewScene
from cart.ui.review.review_source import ReviewSource
from cart.ui.title import TitleScene
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.stage import Push
from cart.ui.windows.help import HelpScene
from cart.ui.windows.start import StartScene

TWO = GameOptions(Rules(), names=("Ann", "Bob"))


@pytest.fixture(autouse=True)
def let_go() -> None:
    """No key held into the next test (Pyxel's input is the process's)."""
    for key in {*KEYMAP, *PLAY_KEYS, *REVIEW_KEYS}:
        pyxel.set_btn(key, False)
    pyxel.flip()


def press(app: App, key: int) -> None:
    """One press of ``key`` as a player makes it: a frame down, a frame up."""
    Keys(app, {"key": key}).press("key")


def saved_games(folder: Path) -> tuple[App, StartScene]:
    store = Store(folder, clock=lambda: datetime(2025, 1, 31, 18, 4, 5, tzinfo=UTC))
    store.games.create("Friday", TWO)
    app = App(store=store, headless=True, seed=5, settings=Settings(animation_speed="off"))
    app.to_start()
    start = app.top
    assert isinstance(start, StartScene) and start.chosen is not None
    pyxel.flip()
    app.frame()
    return app, start


def test_x_on_the_saved_games_never_deletes_and_delete_asks(assets: Assets, tmp_path: Path) -> None:
    """X was the table's "undo turn", read as Delete by the list: it opened "Delete the saved game?"."""
    app, start = saved_games(tmp_path)
    for key in (pyxel.KEY_X, pyxel.KEY_U, pyxel.KEY_H, pyxel.KEY_R, pyxel.GAMEPAD1_BUTTON_Y):
        press(app, key)
        assert app.top is start and [g.name for g in start.games] == ["Friday"], key
    press(app, pyxel.KEY_DELETE)
    box = app.top
    assert isinstance(box, Dialog) and box.window.title == "Delete"


@pytest.mark.parametrize("key", [pyxel.KEY_BACKSPACE, pyxel.GAMEPAD1_BUTTON_B], ids=["backspace", "pad_b"])
def test_backspace_is_back_on_the_saved_games_which_have_no_undo(
    assets: Assets, tmp_path: Path, key: int
) -> None:
    app, _ = saved_games(tmp_path)
    press(app, key)
    assert isinstance(app.top, TitleScene)


def test_backspace_is_back_in_help_and_u_is_nothing_there(assets: Assets, tmp_path: Path) -> None:
    app, _ = saved_games(tmp_path)
    manual = HelpScene(app.services)
    app.go(Push(manual))
    app.frame()
    manual.follow("moving")  # as a click on its link: a page to go back from
    press(app, pyxel.KEY_U)  # the table's undo key: no Back here
    assert manual.page == "moving"
    press(app, pyxel.KEY_BACKSPACE)
    assert manual.page == "contents" and app.top is manual


def test_the_review_steps_between_errors_by_its_own_keys_not_the_tables(
    assets: Assets, game: Match, review: Review
) -> None:
    app = App(headless=True, seed=5, settings=Settings(animation_speed="off"))
    players = (Player(game.names[0], "white"), Player(game.names[1], "red"))
    scene = ReviewScene(app.services, ReviewSource("Keys", game, players, 1, cached=review))
    app.go(Push(scene))
    app.frame()
    marks = sorted(scene.marks)
    assert len(marks) >= 2
    start = scene.list.selected
    press(app, pyxel.KEY_H)  # the table's hint: not "next error" here
    assert scene.list.selected == start
    press(app, pyxel.KEY_N)
    first = scene.list.selected
    assert first in marks and first != start
    press(app, pyxel.GAMEPAD1_BUTTON_Y)
    assert scene.list.selected in marks and scene.list.selected != first
    press(app, pyxel.KEY_U)  # the table's undo: not "previous error" here
    assert scene.list.selected != first
    press(app, pyxel.KEY_P)
    assert scene.list.selected == first


def test_a_key_means_one_thing_on_each_screen_and_the_kit_keeps_its_verbs() -> None:
    for controls in (PLAY, REVIEW):
        keys = [key for c in controls for key in (*c.keys, *c.pad)]
        assert len(keys) == len(set(keys)), controls  # no key of a screen's does two of its commands
    assert {PLAY_KEYS[pyxel.KEY_BACKSPACE], KEYMAP[pyxel.KEY_BACKSPACE]} == {"undo", "back"}
    assert REVIEW_KEYS[pyxel.KEY_BACKSPACE] == "previous_error"
    assert not {c.command for c in (*PLAY, *REVIEW)} & set(KEYMAP.values())  # the kit's verbs stay the kit's
