"""Issue 38's Drills window, driven as a player would: opened from the title, a day's ten drills answered
on the board by mouse, keys, pad and touch, each answer judged and shown; and its golden screenshots.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
import pyxel
from drill_book import DAY, YOU, stock, ten_drills
from pyxel_players import GAMEPAD, KEYBOARD, Keys, Mouse, release_all
from test_ui_app import Driver
from test_ui_browser import StandInPage
from test_ui_golden import check
from test_ui_touch import Finger, tap

from cart.drills import Drill, DrillBook
from cart.engine import Play
from cart.engine.notation import format_play
from cart.store import Settings, Store
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.kit.assets import Assets
from cart.ui.kit.intents import OpenMenu
from cart.ui.practice.drill_answer import AnswerScene, verdict_lines
from cart.ui.practice.drill_play import DrillScene
from cart.ui.practice.drills_window import DrillsScene
from cart.ui.routes import ToDrills
from cart.ui.table.table import arrows
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.menus import MenuScene

KEYS = {**KEYBOARD, "drills": pyxel.KEY_F2, "double": pyxel.KEY_D}
PAD = {**GAMEPAD, "drills": pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER}


def noon() -> datetime:
    return datetime(DAY.year, DAY.month, DAY.day, 12, 0, tzinfo=UTC)


def drills_app(folder: Path, drills: list[Drill], page: StandInPage | None = None) -> App:
    pyxel.set_mouse_pos(320, 256)
    store = Store(folder, clock=noon)
    stock(store, drills)
    app = App(
        store=store,
        headless=True,
        seed=0,
        settings=Settings(animation_speed="off"),
        page=page.page() if page is not None else None,
    )
    app.think_budget = 30.0
    app.frame()
    return app


def best_play(scene: DrillScene, drill: Drill) -> Play:
    """The analysis's best play among the legal ones (what a player who learned the drill makes)."""
    assert drill.analysis is not None
    best = drill.analysis.choices[0].result
    return next(p for p in scene.table.match.game.legal_plays() if p.result.position_id() == best)


def book_of(app: App) -> DrillBook:
    assert app.store is not None
    return DrillBook(app.store.drills, today=lambda: DAY)


def asked(app: App) -> tuple[DrillScene, Drill]:
    scene = next(s for s in reversed(app.stack) if isinstance(s, DrillScene))  # a take's box may be over it
    run = scene.answered.__self__  # type: ignore[attr-defined]
    return scene, run.drills[run.at]


# -- a day's ten drills, by each device alone -----------------------------------------------------------
@pytest.mark.parametrize("device", ["keys", "pad"])
def test_ten_drills_by_keys_or_pad_alone(assets: Assets, tmp_path: Path, device: str) -> None:
    """F2 (pad RB) on the title opens the Drills window; Return (X) starts; every answer by the keys."""
    app = drills_app(tmp_path, ten_drills())
    keys = Keys(app, KEYS if device == "keys" else PAD)
    try:
        keys.press("drills")
        assert isinstance(app.top, DrillsScene)
        keys.press("confirm")  # Start, the default button
        for _ in range(10):
            scene, drill = asked(app)
            if drill.kind == "play":
                for src, dst in best_play(scene, drill).moves:
                    keys.step(src, dst)
                keys.confirm()
            elif drill.kind == "double":
                if device == "keys":
                    keys.press("double")  # D, as at the table
                else:
                    keys.take(L.cube_rect(None, YOU).center)  # the d-pad to the cube, A
            else:
                assert isinstance(app.top, Dialog) and "doubles" in " ".join(app.top.lines)
                keys.press("confirm")  # Take, the box's default
            answer = app.top
            assert isinstance(answer, AnswerScene), answer
            assert answer.verdict.right, verdict_lines(answer.verdict)
            keys.press("confirm")  # Next (Done after the last)
        assert isinstance(app.top, Dialog) and "10 of 10 right" in " ".join(app.top.lines)
        keys.press("confirm")
    finally:
        release_all()
    assert isinstance(app.top, DrillsScene)
    answered = [d for d in book_of(app).drills() if d.answers[-1].day == DAY]
    assert len(answered) == 10 and all(d.answers[-1].right and d.box == 2 for d in answered)
    assert app.top.lines()[0].startswith("Nothing due today")


def test_ten_drills_by_mouse_alone(assets: Assets, tmp_path: Path) -> None:
    """MENU > Drills..., Start, each man dragged, the dice clicked to confirm, the cube, the box's Take."""
    app = drills_app(tmp_path, ten_drills())
    try:
        mouse = Mouse(app, app.top)  # type: ignore[arg-type]
        mouse.click((320, 256), pyxel.MOUSE_BUTTON_RIGHT)
        menu = app.top
        assert isinstance(menu, MenuScene)
        mouse.click(menu.menu.item_rect([e.label for e in menu.entries].index("Drills...")).center)
        window = app.top
        assert isinstance(window, DrillsScene)
        mouse.click(window.start.rect.center)
        for _ in range(10):
            scene, drill = asked(app)
            mouse.scene = scene
            if drill.kind == "play":
                for src, dst in best_play(scene, drill).moves:
                    mouse.step(src, dst)
                mouse.confirm()
            elif drill.kind == "double":
                mouse.click(L.cube_rect(None, YOU).center)
            else:
                box = app.top
                assert isinstance(box, Dialog)
                mouse.click(next(b for b in box.buttons if b.label == "Take").rect.center)
            answer = app.top
            assert isinstance(answer, AnswerScene) and answer.verdict.right, answer
            mouse.click(answer.next.rect.center)
        assert isinstance(app.top, Dialog)
        mouse.click(next(b for b in app.top.buttons if b.default).rect.center)
    finally:
        release_all()
    assert isinstance(app.top, DrillsScene) and app.top.figures is not None
    assert app.top.figures.right == sum(a.right for d in ten_drills() for a in d.answers) + 10


def test_ten_drills_by_touch_alone(assets: Assets, tmp_path: Path) -> None:
    """On a phone's page: the pad's START for the menu, then taps: men up and down, the dice, the cube."""
    app = drills_app(tmp_path, ten_drills(), Finger(36.0))
    d = Driver(app)
    d.feed(OpenMenu(320, 256))
    menu = app.top
    assert isinstance(menu, MenuScene)
    tap(d, menu.menu.item_rect([e.label for e in menu.entries].index("Drills...")).center)
    window = app.top
    assert isinstance(window, DrillsScene)
    tap(d, window.start.rect.center)
    for _ in range(10):
        scene, drill = asked(app)
        if drill.kind == "play":
            for src, dst in best_play(scene, drill).moves:
                tap(d, L.point_rect(src).center)
                tap(d, L.point_rect(dst).center)
            tap(d, L.ROLL_BOX.center)
        elif drill.kind == "double":
            tap(d, L.cube_rect(None, YOU).center)
        else:
            d.frames(2)
            box = app.top
            assert isinstance(box, Dialog)
            tap(d, next(b for b in box.buttons if b.label == "Take").rect.center)
        answer = app.top
        assert isinstance(answer, AnswerScene) and answer.verdict.right, answer
        tap(d, answer.next.rect.center)
    assert isinstance(app.top, Dialog) and "10 of 10 right" in " ".join(app.top.lines)


# -- what the window says ----------------------------------------------------------------------------------
def test_a_wrong_play_shows_its_cost_the_best_as_arrows_and_when_it_comes_back(
    assets: Assets, tmp_path: Path
) -> None:
    """A play typed at the first drill, not the best: wrong, its cost, the best play's arrows, tomorrow."""
    app = drills_app(tmp_path, ten_drills()[:8])
    app.go(ToDrills())
    window = app.top
    assert isinstance(window, DrillsScene)
    d = Driver(app)
    d.click(window.start.rect.center)
    scene, drill = asked(app)
    best = best_play(scene, drill)
    other = next(p for p in scene.table.match.game.legal_plays() if p.result != best.result)
    d.key(pyxel.KEY_T)  # Type a move, as at the table
    assert isinstance(app.top, Dialog)
    d.type(format_play(scene.table.match.game.board(YOU), other))
    d.key(pyxel.KEY_RETURN)
    answer = app.top
    assert isinstance(answer, AnswerScene)
    words = [text for text, _ in verdict_lines(answer.verdict)]
    assert words[0] == "Wrong." and any(w.startswith("It costs 0.") for w in words), words
    assert words[-1] == "Back tomorrow"
    assert scene.table.hint == arrows(YOU, best.moves)
    kept = book_of(app).get(drill.id)
    assert kept is not None and kept.box == 1 and not kept.answers[-1].right


# -- golden screenshots ----------------------------------------------------------------------------------
def started(tmp_path: Path, drills: list[Drill]) -> tuple[App, Driver]:
    app = drills_app(tmp_path, drills)
    app.go(ToDrills())
    d = Driver(app)
    window = app.top
    assert isinstance(window, DrillsScene)
    d.click(window.start.rect.center)
    return app, d


def test_golden_drills_window(assets: Assets, tmp_path: Path) -> None:
    """Today's set and the progress graph: each stage's success rate by day, in its colour."""
    app = drills_app(tmp_path, ten_drills())
    app.go(ToDrills())
    Driver(app).frames(2)
    check("drills")


def test_golden_checker_drill(assets: Assets, tmp_path: Path) -> None:
    """The first play drill as the player saw it: "Your move" in the title and the strip, a man in hand."""
    app, d = started(tmp_path, ten_drills()[:8])
    scene, drill = asked(app)
    src = best_play(scene, drill).moves[0][0]
    d.click(L.point_rect(src).center)
    d.pointer = (300, 150)
    d.frames(2)
    check("drill_play")


def test_golden_cube_drill(assets: Assets, tmp_path: Path) -> None:
    """The doubler's drill: "Double?" over a race, the cube in the middle to be clicked."""
    _, d = started(tmp_path, ten_drills()[8:9])
    d.frames(2)
    check("drill_cube")


def test_golden_answer(assets: Assets, tmp_path: Path) -> None:
    """A wrong play's answer beside the board: its cost, the best play's arrows, the figures, when next."""
    app, d = started(tmp_path, ten_drills()[:8])
    scene, drill = asked(app)
    best = best_play(scene, drill)
    other = next(p for p in scene.table.match.game.legal_plays() if p.result != best.result)
    d.key(pyxel.KEY_T)
    d.type(format_play(scene.table.match.game.board(YOU), other))
    d.key(pyxel.KEY_RETURN)
    d.pointer = (600, 500)
    d.frames(2)
    check("drill_answer")
