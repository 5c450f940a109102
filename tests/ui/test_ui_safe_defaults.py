"""Play-test findings (task F): the safe default, success said in the text colour, the Review's page
keys, and the "Not saved" box in whole sentences.

Driven through Pyxel's real input (``pyxel.set_btn``, ``pyxel.set_mouse_pos``, a ``pyxel.flip``
between frames, as under ``pyxel.run``), read by the app's own :class:`~cart.ui.kit.intents.Input`;
what a player reads is read back from the screen's pixels where its colour is the point.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
import pyxel
from screen_text import read_line

from cart.ai.review import Review, review_cache_form
from cart.engine import Match, Roll, Rules
from cart.store import GameOptions, Settings, Store, WriteError
from cart.store.disk import backend as backend_module
from cart.store.disk.lock import held
from cart.ui.app import App
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import Assets
from cart.ui.review.review import ReviewScene
from cart.ui.table.play import PlayScene
from cart.ui.title import TitleScene
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.menus import MenuScene
from cart.ui.windows.start import StartScene

LEFT, RIGHT = pyxel.MOUSE_BUTTON_LEFT, pyxel.MOUSE_BUTTON_RIGHT
VS_EXPERT = GameOptions(Rules(), names=("Expert", "You"), computer=0, level="expert")
TWO = GameOptions(Rules(), names=("Ann", "Bob"))


def make_app(folder: Path, seed: int = 5) -> App:
    store = Store(folder, clock=lambda: datetime(2025, 1, 31, 18, 4, 5, tzinfo=UTC))
    app = App(store=store, headless=True, seed=seed, settings=Settings(animation_speed="off"))
    app.think_budget = 30.0  # each computer decision in one frame
    return app


def press(app: App, button: int) -> None:
    """One press: a frame down, a frame up (Pyxel lets a button go only at the next flip)."""
    pyxel.set_btn(button, True)
    app.frame()
    pyxel.set_btn(button, False)
    pyxel.flip()
    app.frame()


def click(app: App, at: tuple[int, int], button: int = LEFT) -> None:
    pyxel.set_mouse_pos(*at)
    press(app, button)


def top_dialog(app: App, title: str) -> Dialog:
    top = app.top
    assert isinstance(top, Dialog) and top.window.title == title, getattr(top, "lines", top)
    return top


def menu(app: App, *path: str) -> None:
    """MENU (the right button) over the board, then ``path`` chosen with the mouse."""
    click(app, (200, 300), RIGHT)
    for label in path:
        top = app.top
        assert isinstance(top, MenuScene)
        click(app, top.menu.item_rect([e.label for e in top.entries].index(label)).center)


# -- 1. "Open elsewhere": the default loses nothing --------------------------------------------------
def conflict(tmp_path: Path, arrow: int | None = None) -> tuple[App, list[object]]:
    """Two windows on one game; the other saves a roll first, this one then plays: the box is up.

    ``arrow`` is pressed on the board first: the keys' (the pad's) player has the focus, which a
    box opened then puts on its default button, where pad A selects.
    """
    Store(tmp_path).games.create("Shared", VS_EXPERT, rng=random.Random(4))
    here, there = make_app(tmp_path), make_app(tmp_path, seed=6)
    one, two = here.resume("Shared"), there.resume("Shared")
    assert isinstance(one, PlayScene) and isinstance(two, PlayScene)
    two.table.match.roll((3, 1))  # the other window plays and saves first
    theirs = list(Store(tmp_path).games.load("Shared").match.record)
    # the arrow moves from the pointer: one left by an earlier test at the panel's right edge has no
    # stop to its right, and the keys would take no focus
    pyxel.set_mouse_pos(0, 0)
    pyxel.flip()
    here.frame()
    if arrow is not None:
        press(here, arrow)
        assert here.keyed
    one.act(Roll((6, 5)))
    pyxel.flip()
    here.frame()  # the scene says where to go at its update: the box
    box = top_dialog(here, "Open elsewhere")
    assert [b.label for b in box.buttons] == ["Leave", "Take over"]
    assert [c.label for c in box.choices if c.default] == ["Leave"]
    return here, theirs


@pytest.mark.parametrize(
    "button",
    [pyxel.KEY_RETURN, pyxel.GAMEPAD1_BUTTON_A, pyxel.KEY_ESCAPE, pyxel.GAMEPAD1_BUTTON_B],
    ids=["return", "pad_a", "escape", "pad_b"],
)
def test_the_open_elsewhere_box_leaves_by_default_and_the_others_moves_stay(
    assets: Assets, tmp_path: Path, button: int
) -> None:
    """Return (pad A) took over and overwrote the other window's newer moves; now it leaves, as Escape
    (pad B) does, and the other window's copy is what the saved games hold."""
    pad = button in (pyxel.GAMEPAD1_BUTTON_A, pyxel.GAMEPAD1_BUTTON_B)
    app, theirs = conflict(tmp_path, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT if pad else None)
    press(app, button)
    assert isinstance(app.top, TitleScene)
    assert Store(tmp_path).games.load("Shared").match.record == theirs


def test_take_over_is_still_there_when_chosen(assets: Assets, tmp_path: Path) -> None:
    app, theirs = conflict(tmp_path)
    box = top_dialog(app, "Open elsewhere")
    click(app, box.buttons[1].rect.center)  # Take over, chosen with the mouse
    kept = Store(tmp_path).games.load("Shared").match.record
    assert kept != theirs and kept[0] == Roll((6, 5))  # this window's roll, over the other's
    assert " ".join(box.lines).endswith("or take it over here, writing these moves over the other's?")


def test_a_conflict_opens_one_box_however_many_actions_find_it(assets: Assets, tmp_path: Path) -> None:
    """Each action saved while the conflict stood opened another box (a roll and the computer's reply
    in one frame stacked two, and Take over then met the same box again); one box is asked, once."""
    app, _ = conflict(tmp_path)
    scene = next(s for s in app.stack if isinstance(s, PlayScene))
    assert scene.table.match.game.phase == "roll"  # the computer won the opening roll and played it
    scene.act(Roll((4, 2)))  # this window's next action: its save finds the conflict still there
    pyxel.flip()
    app.frame()
    boxes = [s for s in app.stack if isinstance(s, Dialog) and s.window.title == "Open elsewhere"]
    assert len(boxes) == 1


# -- 2. "Deleted <name>" is no error ------------------------------------------------------------------
def test_deleted_is_said_in_the_text_colour_and_a_refusal_in_red(assets: Assets, tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.games.create("Friday", TWO)
    store.games.create("Saturday", TWO)
    app = make_app(tmp_path)
    app.to_start()
    start = app.top
    assert isinstance(start, StartScene) and start.chosen is not None
    chosen, other = start.chosen.name, start.games[1].name
    pyxel.flip()
    app.frame()
    press(app, pyxel.KEY_DELETE)
    box = top_dialog(app, "Delete")
    click(app, box.buttons[1].rect.center)  # Delete
    assert app.top is start and [g.name for g in start.games] == [other]
    work = start.window.work_area
    assert read_line(assets, start.message_y, wimp.TEXT, work.x, work.right) == f"Deleted {chosen}"
    assert read_line(assets, start.message_y, wimp.ERROR_TEXT, work.x, work.right) == ""

    Store(tmp_path).games.delete(other)  # another cartridge: a problem, said in red
    click(app, start.play.rect.center)
    assert read_line(assets, start.message_y, wimp.ERROR_TEXT, work.x, work.right) == (
        f"{other} is gone (deleted elsewhere?)"
    )
    assert read_line(assets, start.message_y, wimp.TEXT, work.x, work.right) == ""


# -- 3. the Review's Page Up / Page Down --------------------------------------------------------------
def test_page_down_and_page_up_move_the_reviews_selection_a_page(
    assets: Assets, tmp_path: Path, game: Match, review: Review
) -> None:
    app = make_app(tmp_path)
    assert app.store is not None
    saved = app.store.games.create("Friday", GameOptions(Rules(), ("A", "B")), record=game.record)
    app.store.reviews.save(saved, review_cache_form(review, game.record))  # kept: nothing to analyse
    app.to_start()
    start = app.top
    assert isinstance(start, StartScene)
    pyxel.flip()
    app.frame()
    click(app, start.review.rect.center)
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.finished
    count = len(scene.lines.lines)
    assert count > 3 * len(scene.list.shown())  # pages to go through
    for key, sign in ((pyxel.KEY_PAGEDOWN, 1), (pyxel.KEY_PAGEDOWN, 1), (pyxel.KEY_PAGEUP, -1)):
        was, page = scene.list.selected, len(scene.list.shown())  # a page: the lines shown now
        press(app, key)
        assert scene.list.selected - was == sign * page
        assert scene.list.selected in scene.list.shown() and shown_state(scene)
    for _ in range(count):
        press(app, pyxel.KEY_PAGEDOWN)
        if scene.list.selected == count - 1:
            break
    assert scene.list.selected == count - 1  # the last line, not past it
    press(app, pyxel.KEY_PAGEDOWN)
    assert scene.list.selected == count - 1
    for _ in range(count):
        press(app, pyxel.KEY_PAGEUP)
    assert scene.list.selected == 0 and scene.list.first == 0


def shown_state(scene: ReviewScene) -> bool:
    """The board follows the selection: it shows the selected line's moment."""
    line = scene.line
    return line.state.position.position_id() == scene.source.match.moment(line.index).position_id


# -- 4. "Not saved" in whole sentences ----------------------------------------------------------------
def test_a_busy_lock_is_told_in_whole_sentences(
    assets: Assets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lock's words ran on into the box's next sentence: "... does not finish The game goes on"."""
    entry = Store(tmp_path).games.create("Busy", VS_EXPERT, rng=random.Random(4)).entry
    app = make_app(tmp_path)
    scene = app.resume("Busy")
    assert isinstance(scene, PlayScene)
    monkeypatch.setattr(backend_module, "_LOCK_WAIT_SECONDS", 0.05)
    with held(tmp_path / entry, 1.0):  # another cartridge holds the game's lock
        scene.act(Roll((6, 5)))
        pyxel.flip()
        app.frame()
    box = top_dialog(app, "Not saved")
    said = " ".join(box.lines)
    assert "has not finished. The game goes on" in said, box.lines


def test_a_store_error_at_exit_is_a_sentence_before_the_next(
    assets: Assets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any store error (here the system's "Permission denied") ends as a sentence in the box."""
    Store(tmp_path).games.create("Locked", VS_EXPERT, rng=random.Random(4))
    app = make_app(tmp_path)
    scene = app.resume("Locked")
    assert isinstance(scene, PlayScene) and app.store is not None and scene.table.session is not None

    def refuse(*_: object, **__: object) -> None:
        raise WriteError("Could not save the game 'Locked': Permission denied")

    monkeypatch.setattr(app.store.games, "save", refuse)
    scene.act(Roll((6, 5)))  # not saved: the session keeps the problem, Exit tries again
    pyxel.flip()
    app.frame()
    press(app, pyxel.KEY_RETURN)  # OK to the box that said so
    menu(app, "Play", "Exit...")
    press(app, pyxel.KEY_RETURN)  # Exit, the default for a saved game
    box = top_dialog(app, "Not saved")
    assert "Permission denied. The game stays open" in " ".join(box.lines), box.lines
