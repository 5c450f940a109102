"""Issue 38's Drills window, driven as a player would: opened from the title, a day's ten drills answered
on the board by mouse, keys, pad and touch, each answer judged and shown; and its golden screenshots.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import pyxel
from drill_book import DAY, YOU, cube_drill, play_drill, stock, ten_drills
from pyxel_players import GAMEPAD, KEYBOARD, Keys, Mouse, release_all
from short_matches import FEW_PLAYS, bear_off_last_roll, opening, opening_review
from test_ui_app import Driver
from test_ui_browser import StandInPage
from test_ui_golden import check
from test_ui_touch import Finger, tap

from cart.ai.review import review_match
from cart.ai.rollout.check import check_key
from cart.drills import Analysis, Choice, Drill, DrillBook, harvest
from cart.engine import Play, Position
from cart.engine.notation import format_play
from cart.store import GameOptions, MemoryBackend, Settings, Store, StoreError, WriteError
from cart.store.drills import FOLDER, LOAD_SLICE
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.board.view_state import Player as Seat
from cart.ui.kit.assets import Assets
from cart.ui.kit.intents import Command, OpenMenu, Pointer
from cart.ui.practice.drill_answer import COLS, AnswerScene, Verdict, verdict_lines
from cart.ui.practice.drill_play import DrillScene
from cart.ui.practice.drills_window import DrillsScene
from cart.ui.review.review import ReviewScene
from cart.ui.review.review_drills import DrillSeats
from cart.ui.review.review_source import ReviewSource
from cart.ui.routes import ToDrills
from cart.ui.table.table import arrows
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.menus import MenuScene
from cart.ui.wimp.stage import Push

KEYS = {**KEYBOARD, "drills": pyxel.KEY_F2, "double": pyxel.KEY_D}
PAD = {**GAMEPAD, "drills": pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER}


def noon() -> datetime:
    return datetime(DAY.year, DAY.month, DAY.day, 12, 0, tzinfo=UTC)


def drills_app(folder: Path | MemoryBackend, drills: list[Drill], page: StandInPage | None = None) -> App:
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


def opened(app: App) -> DrillsScene:
    """The Drills window opened (F2), its book read: the tests' frames have time to read it all in one."""
    app.go(ToDrills())
    Driver(app).frames(1)
    window = app.top
    assert isinstance(window, DrillsScene) and window.book is not None and window.reading is None
    return window


def asked(app: App) -> tuple[DrillScene, Drill]:
    scene = next(s for s in reversed(app.stack) if isinstance(s, DrillScene))  # a take's box may be over it
    run = scene.answered.__self__  # type: ignore[attr-defined]
    return scene, run.drills[run.at]


# -- a day's ten drills, by each device alone -----------------------------------------------------------
@pytest.mark.slow  # 2.5 s each: the mouse's and the finger's sessions stay in the quick loop
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
    window = opened(app)
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
    window = opened(app)
    d = Driver(app)
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


# -- from the Review, and the run's other ways on ------------------------------------------------------
def test_drills_from_the_review_are_checked_deeply_then_asked(assets: Assets, tmp_path: Path) -> None:
    """The Review's F2 (as its menu's Drills...): the costly play of the player at the bottom becomes a
    drill, named by the saved game, checked deeply while the window is open, then asked; a second
    time adds none."""
    game = opening("8/2 6/5")  # Ann's 6-1 made a blot and wasted the 6: a "?" at least
    review = opening_review("8/2 6/5")
    app = drills_app(tmp_path, [])
    assert app.store is not None
    kept = app.store.games.create("Friday", GameOptions(names=game.names), record=game.record)
    seats = (Seat(game.names[0], "red"), Seat(game.names[1], "white"))
    source = ReviewSource(kept.name, game, seats, 0, cached=review)
    source.drills = DrillSeats(kept.game_id, kept.name, (0,))  # Ann's, as a two-player game's would be
    app.go(Push(ReviewScene(app.services, source)))
    d = Driver(app)
    d.frames(1)
    app.feed([Pointer(*d.pointer), Command("drills")])  # F2, as the Review's keys send it
    window = app.top
    assert isinstance(window, DrillsScene)
    assert book_of(app).drills() == [] and window.lines() == ["Reading the drills..."]  # at once
    app.think_budget = 0.0  # a step a frame: the harvest's own, the record replayed, then a drill kept
    said = []
    while window.reading is not None:
        d.frames(1)
        said.append(window.lines()[-1])
    assert "Adding the costly plays of Friday..." in said and said[-1] == "1 new from Friday"
    assert not window.start.enabled
    app.think_budget = 30.0
    (drill,) = book_of(app).drills()
    assert (drill.kind, drill.dice, drill.made, drill.status) == ("play", (6, 1), "8/2 6/5", "new")
    assert [s.game_id for s in drill.sources] == [kept.game_id]
    assert window.lines()[3] == "1 new from Friday"
    assert "1 waiting for the deep check" in window.lines()[1]
    assert not window.start.enabled  # not checked yet: not asked
    d.until(lambda: window.start.enabled)  # checked in the frames' spare time (no worker here)
    (drill,) = book_of(app).drills()
    assert drill.status == "ready" and drill.analysis is not None and drill.analysis.key == check_key()
    assert window.lines()[0] == "Today: 1 (0 due, 1 new)" and "waiting" not in window.lines()[1]
    d.click(window.start.rect.center)
    scene, asked_now = asked(app)
    assert asked_now.id == drill.id and scene.window.title == "Drill 1 of 1: Your move: 6-1"
    d.key(pyxel.KEY_ESCAPE)
    d.key(pyxel.KEY_ESCAPE)  # the window
    assert isinstance(app.top, ReviewScene)
    d.key(pyxel.KEY_F2)
    assert isinstance(app.top, DrillsScene) and app.top.lines()[3] == "No new drills from Friday"


def test_more_adds_every_other_drill_and_escape_closes_the_run(assets: Assets, tmp_path: Path) -> None:
    """Today's set is the two due; More after the first answer adds the two never asked; Escape on the
    board goes back to the window, which counts the answers given."""
    fresh = [d.replace(box=0, due=None, answers=()) for d in ten_drills()[:2]]
    app = drills_app(tmp_path, [*ten_drills()[2:4], *fresh])
    window = opened(app)
    assert window.lines()[0] == "Today: 4 (2 due, 2 new)"
    d = Driver(app)
    d.click(window.start.rect.center)
    scene, drill = asked(app)
    run = scene.answered.__self__  # type: ignore[attr-defined]
    assert len(run.drills) == 4
    d.key(pyxel.KEY_T)
    d.type(format_play(scene.table.match.game.board(YOU), best_play(scene, drill)))
    d.key(pyxel.KEY_RETURN)
    answer = app.top
    assert isinstance(answer, AnswerScene) and answer.more.enabled
    d.click(answer.more.rect.center)
    assert isinstance(app.top, Dialog) and "Every drill" in " ".join(app.top.lines)  # all four are in the run
    d.key(pyxel.KEY_RETURN)
    d.key(pyxel.KEY_RETURN)  # Next
    scene, _ = asked(app)
    assert scene.window.title.startswith("Drill 2 of 4")
    d.key(pyxel.KEY_ESCAPE)
    assert isinstance(app.top, Dialog) and "1 of 1 right" in " ".join(app.top.lines)
    d.key(pyxel.KEY_RETURN)
    window = app.top
    assert isinstance(window, DrillsScene) and window.figures is not None
    assert window.figures.answers == sum(len(d.answers) for d in ten_drills()[2:4]) + 1


def test_a_drill_that_cannot_be_set_up_is_skipped_and_said(assets: Assets, tmp_path: Path) -> None:
    """A drill whose Match ID holds a game over (a damaged or foreign record) is said in a box and skipped."""
    good = ten_drills()[0]
    bad = good.replace(match_id="cAgFAAAAAAAE")  # a game not begun: nothing to set up
    assert bad.id < good.id  # asked first
    app = drills_app(tmp_path, [bad, good])
    window = opened(app)
    d = Driver(app)
    d.click(window.start.rect.center)
    box = app.top
    assert isinstance(box, Dialog) and box.title == "Drill skipped", box
    d.key(pyxel.KEY_RETURN)
    scene, drill = asked(app)
    assert drill.id == good.id and scene.window.title.startswith("Drill 2 of 2")


def test_a_drill_whose_check_fails_is_skipped_and_said_and_the_next_is_checked(
    assets: Assets, tmp_path: Path
) -> None:
    """A drill whose Match ID holds no turn under way (a damaged or foreign record) cannot be checked:
    the window says so and checks the next one (the check's error came out of the frame)."""
    few = Position.from_position_id(FEW_PLAYS)  # three plays: its check is one part, a tenth of an opening's
    good = play_drill((3, 1), position=few).replace(analysis=None, status="new")
    bad = good.replace(match_id="cAgFAAAAAAAE")
    assert bad.id < good.id  # checked first
    app = drills_app(tmp_path, [bad, good])
    window = opened(app)
    assert window.checking is not None
    Driver(app).until(lambda: window.checking is not None and window.checking.kept == 1)
    assert window.lines()[1].endswith("1 waiting for the deep check")
    assert window.lines()[3] == "1 drill could not be checked"
    assert [d.id for d in book_of(app).drills() if d.analysis is not None] == [good.id]


class CountedReads(MemoryBackend):
    """A store's memory counting the drills' entries read: a frame's share judged by reads, not a clock."""

    def __init__(self) -> None:
        super().__init__()
        self.drills = 0

    def read(self, name: str) -> bytes | None:
        self.drills += name.startswith(FOLDER)
        return super().read(name)


def test_the_window_shows_at_once_and_reads_the_book_a_slice_a_frame(assets: Assets) -> None:
    """F2 over a book of 40 drills: the frame that opens the window reads none of them, each frame after
    a slice (the frame's time spent: the tests' allowance made nil), Start and More greyed until the book
    is whole, then the counts of the whole book. After a run the window counts its answers at once and
    reads the book again behind them, a slice a frame, Start working meanwhile."""
    backend = CountedReads()
    plays = ten_drills()[:8]  # the first asked a play: Escape leaves the run
    filler = [d.replace(match_id=f"{n:012d}", status="dropped") for n, d in enumerate(plays * 4)]
    app = drills_app(backend, [*plays, *filler])
    app.think_budget = 0.0
    d = Driver(app)
    backend.drills = 0
    d.feed(Command("drills"))  # F2 on the title, and the frame drawn
    window = app.top
    assert isinstance(window, DrillsScene)
    assert backend.drills == 0 and window.lines() == ["Reading the drills..."]
    reads, said = [], []
    while window.reading is not None:
        assert not window.start.enabled and not window.more.enabled
        backend.drills = 0
        d.frames(1)
        reads.append(backend.drills)
        said.append(window.lines()[0])
    assert max(reads) <= LOAD_SLICE and sum(reads) == 40 and len(reads) >= 40 // LOAD_SLICE
    assert said[0] == f"Reading the drills... {LOAD_SLICE} of 40"
    assert window.lines()[:2] == ["Today: 8 (8 due, 0 new)", "8 drills, 0 learned"] and window.start.enabled
    d.click(window.start.rect.center)
    backend.drills = 0
    d.key(pyxel.KEY_ESCAPE)  # the run closes unanswered (a box says nothing): the window, and a frame
    assert app.top is window and window.start.enabled and window.reading is not None
    reads = [backend.drills]
    while window.reading is not None:
        assert window.start.enabled and window.lines()[0] == "Today: 8 (8 due, 0 new)"
        backend.drills = 0
        d.frames(1)
        reads.append(backend.drills)
    assert max(reads) <= LOAD_SLICE and sum(reads) == 40


def test_a_book_the_store_cannot_read_is_said_and_nothing_is_offered(
    assets: Assets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store failing as the window reads the book: the window says why, Start and More stay grey."""
    app = drills_app(tmp_path, ten_drills()[:1])
    assert app.store is not None

    def refused(*_: object) -> Iterator[tuple[int, int]]:
        raise StoreError("Could not read the drills: the disk is gone")
        yield 0, 0

    monkeypatch.setattr(app.store.drills, "loading", refused)
    d = Driver(app)
    d.key(pyxel.KEY_F2)
    window = app.top
    assert isinstance(window, DrillsScene) and window.reading is None
    assert window.lines() == ["Could not read the drills: the disk is gone"]
    assert not window.start.enabled and not window.more.enabled
    d.frames(2)  # no check is looked for in a book not read
    assert app.top is window


def test_a_play_beyond_those_analysed_is_said_and_costs_at_least_the_worst_listed(
    assets: Assets, tmp_path: Path
) -> None:
    """The analysis lists a few plays; one outside them is named as gnubg writes it, its cost a floor."""
    drill = ten_drills()[0]
    assert drill.analysis is not None
    listed = drill.analysis.choices
    app, d = started(
        tmp_path,
        [drill.replace(analysis=Analysis(drill.analysis.key, listed[0].label, listed[:2]))],
    )
    scene, _ = asked(app)
    game = scene.table.match.game
    other = next(
        p for p in game.legal_plays() if p.result.position_id() not in {c.result for c in listed[:2]}
    )
    d.key(pyxel.KEY_T)
    d.type(format_play(game.board(YOU), other))
    d.key(pyxel.KEY_RETURN)
    answer = app.top
    assert isinstance(answer, AnswerScene)
    words = [text for text, _ in verdict_lines(answer.verdict)]
    assert words[:3] == ["Wrong.", f"You: {format_play(game.board(YOU), other)}", "It costs over 0.040"], (
        words
    )


def test_f2_on_the_saved_games_opens_the_drills_and_escape_comes_back(assets: Assets, tmp_path: Path) -> None:
    """The saved games bind F2 as the title does (their menu's Drills... says so); Escape comes back."""
    app = drills_app(tmp_path, ten_drills()[:1])
    assert app.store is not None
    app.store.games.create("Friday", GameOptions())
    app.to_start()
    start = app.top
    d = Driver(app)
    d.feed(OpenMenu(320, 256))
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert {e.label: e.key for e in menu.entries}["Drills..."] == "F2"
    d.key(pyxel.KEY_ESCAPE)
    d.key(pyxel.KEY_F2)
    assert isinstance(app.top, DrillsScene) and app.top.lines()[0] == "Today: 1 (1 due, 0 new)"
    d.key(pyxel.KEY_ESCAPE)
    assert app.top is start


def test_an_empty_book_says_where_drills_come_from(assets: Assets, tmp_path: Path) -> None:
    """No drills at all: the window does not offer More (greyed) as what to do, it says how drills come."""
    app = drills_app(tmp_path, [])
    Driver(app).key(pyxel.KEY_F2)
    assert isinstance(app.top, DrillsScene)
    assert app.top.lines()[0] == "No drills yet: a Review's deep look makes them"
    assert not app.top.more.enabled and not app.top.start.enabled


def test_a_harvested_take_is_asked_of_the_player_doubled_on_the_board_of_the_double(
    assets: Assets, tmp_path: Path
) -> None:
    """Bob took a double he should have passed: his drill shows him the double, him at the bottom."""
    game = bear_off_last_roll()
    game.double()
    doubled = game.game
    game.take()
    (drill,) = harvest(review_match(game), game, 1, game_id="g", game="G", today=DAY)
    app, _ = started(tmp_path, [drill.replace(status="ready", analysis=cube_drill("take", "pass").analysis)])
    scene, _ = asked(app)
    assert scene.window.title == "Drill 1 of 1: Take?" and scene.table.viewer == 1
    assert scene.table.match.game.board(0) == doubled.board(0) and scene.table.players[1].name == "Bob"
    box = app.top
    assert isinstance(box, Dialog) and "Opponent doubles to 2." in box.lines  # a drill keeps one name


def test_a_rolled_out_answer_shows_each_plays_standard_error_and_the_trials() -> None:
    """Rolled-out plays show their equity and standard error (under a label too long to share its line),
    the trials under them; a play left at 2-ply its equity alone, beside its label."""
    lines = (
        Choice("24/18 13/11", "a", 0.012, 0.004, 1296),
        Choice("13/11 13/7", "b", -0.021, 0.005, 1296),
        Choice("8/5 6/5", "c", -0.2),
    )
    verdict = Verdict(False, "13/11 13/7", "24/18 13/11", 0.033, lines, DAY.replace(day=13), DAY)
    words = [text for text, _ in verdict_lines(verdict)]
    assert words[:4] == ["Wrong.", "You: 13/11 13/7", "It costs 0.033", "Best: 24/18 13/11"], words
    i = words.index("Rollout: equity, se")
    assert words[i + 1 : i + 7] == [
        "24/18 13/11",
        "+0.012 0.004".rjust(COLS),
        "13/11 13/7".ljust(COLS - 12) + "-0.021 0.005",  # just fits its line
        "8/5 6/5".ljust(COLS - 6) + "-0.200",
        "1296 trials a play",
        "",
    ], words
    assert words[-1] == "Back in 7 days"


def test_an_answer_the_store_cannot_keep_is_said_and_may_be_given_again(
    assets: Assets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk as the answer is kept: a box says so, nothing is scheduled, and the drill waits for it."""
    app, d = started(tmp_path, ten_drills()[:1])
    scene, drill = asked(app)
    assert app.store is not None

    def refused(*_: object) -> None:
        raise WriteError("Could not save the drills: No space left on device")

    monkeypatch.setattr(app.store.drills, "update", refused)
    typed = format_play(scene.table.match.game.board(YOU), best_play(scene, drill))
    d.key(pyxel.KEY_T)
    d.type(typed)
    d.key(pyxel.KEY_RETURN)
    box = app.top
    assert isinstance(box, Dialog) and box.title == "Drill not answered" and "No space" in " ".join(box.lines)
    d.key(pyxel.KEY_RETURN)
    assert app.top is scene and scene.answer is None
    monkeypatch.undo()
    d.key(pyxel.KEY_T)
    d.type(typed)
    d.key(pyxel.KEY_RETURN)
    assert isinstance(app.top, AnswerScene) and app.top.verdict.right
