"""Issue 20: the Review window, opened from the saved games: its list, board, analysis and keys.

Its other ways in (game over, the menu, a .mat file) are ``test_ui_review_open.py``,
the tutor ``test_ui_tutor.py``; both use the player and the app here. Driven
through Pyxel's real input, as a player would: ``pyxel.set_mouse_pos`` and
``pyxel.set_btn`` (a ``pyxel.flip`` between frames, as under ``pyxel.run``),
``pyxel.set_input_text`` and ``pyxel.set_dropped_files``, read by the app's own
:class:`~cart.ui.kit.intents.Input`. The game reviewed is a beginner against an
intermediate, finished, with errors of every mark (the ``game`` and ``review``
fixtures, in conftest.py).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
import pyxel
from finished_game import NAMES, finished_game, finished_review
from pyxel_players import arrow_way
from screen_text import read_line

from cart.ai.review import Review, review_cache_form
from cart.engine import Match, Move, Rules
from cart.store import GameOptions, SavedGame, Settings, Store
from cart.ui.app import App
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import CHAR_H, Assets
from cart.ui.review.review import DETAIL, PROGRESS, ReviewScene
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.menus import MenuScene
from cart.ui.wimp.stage import Push
from cart.ui.windows.start import StartScene

LEFT = pyxel.MOUSE_BUTTON_LEFT
RIGHT = pyxel.MOUSE_BUTTON_RIGHT
KEYS = {"down": pyxel.KEY_DOWN, "up": pyxel.KEY_UP, "error": pyxel.KEY_TAB, "close": pyxel.KEY_ESCAPE}
KEYS |= {"left": pyxel.KEY_LEFT, "right": pyxel.KEY_RIGHT}
KEYS |= {"menu": pyxel.KEY_M, "confirm": pyxel.KEY_RETURN, "cancel": pyxel.KEY_ESCAPE}
PAD = {"down": pyxel.GAMEPAD1_BUTTON_DPAD_DOWN, "up": pyxel.GAMEPAD1_BUTTON_DPAD_UP}
PAD |= {"left": pyxel.GAMEPAD1_BUTTON_DPAD_LEFT, "right": pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT}
PAD |= {"error": pyxel.GAMEPAD1_BUTTON_Y, "close": pyxel.GAMEPAD1_BUTTON_BACK}
PAD |= {"menu": pyxel.GAMEPAD1_BUTTON_START, "confirm": pyxel.GAMEPAD1_BUTTON_X}
PAD |= {"cancel": pyxel.GAMEPAD1_BUTTON_BACK}
OPTIONS = GameOptions(Rules(), NAMES, computer=0, level="beginner")


class Player:
    """One app played through Pyxel's real input: each press is a frame down and a frame up."""

    def __init__(self, app: App) -> None:
        self.app = app
        pyxel.flip()
        app.frame()

    def press(self, button: int) -> None:
        pyxel.set_btn(button, True)
        self.app.frame()
        pyxel.set_btn(button, False)
        pyxel.flip()
        self.app.frame()

    def click(self, xy: tuple[int, int], button: int = LEFT) -> None:
        pyxel.set_mouse_pos(*xy)
        self.press(button)

    def wheel(self, notches: int) -> None:
        pyxel.set_btnv(pyxel.MOUSE_WHEEL_Y, notches)
        self.app.frame()
        pyxel.flip()
        self.app.frame()

    def drop(self, path: str) -> None:
        pyxel.set_dropped_files([path])
        self.app.frame()
        pyxel.set_dropped_files([])
        pyxel.flip()
        self.app.frame()

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.app.frame()

    @property
    def top(self) -> object:
        return self.app.top


def walk_to(p: Player, target: tuple[int, int], buttons: dict[str, int]) -> None:
    """Press the arrows (or the d-pad) along the shortest way between the scene's stops to ``target``."""
    arrows = {
        "left": buttons["left"],
        "right": buttons["right"],
        "up": buttons["up"],
        "down": buttons["down"],
    }
    for direction in arrow_way(p.app, target):
        p.press(arrows[direction])
    assert p.app.input.cursor == target


def make_app(tmp_path: Path, **settings: object) -> App:
    store = Store(tmp_path, clock=lambda: datetime(2025, 1, 31, 18, 4, 5, tzinfo=UTC))
    app = App(store=store, headless=True, seed=0, settings=Settings(animation_speed="off", **settings))
    app.think_budget = 30.0  # every thought in one frame: the same on any machine
    return app


def saved(app: App, game: Match, review: Review | None = None) -> SavedGame:
    assert app.store is not None
    kept = app.store.games.create("Friday", OPTIONS, record=game.record)
    if review is not None:
        app.store.reviews.save(kept, review_cache_form(review, game.record))
    return kept


def open_from_list(p: Player) -> ReviewScene:
    p.app.to_start()
    start = p.top
    assert isinstance(start, StartScene)
    p.click(start.review.rect.center)
    scene = p.top
    assert isinstance(scene, ReviewScene), scene
    return scene


def shown_state(scene: ReviewScene, game: Match) -> bool:
    """The board shows the selected line's moment: the record's moment at its index."""
    line = scene.line
    return line.state.position.position_id() == game.moment(line.index).position_id


def test_review_from_the_saved_games_list_with_the_mouse(
    assets: Assets, tmp_path: Path, game: Match, review: Review
) -> None:
    app = make_app(tmp_path)
    saved(app, game, review)
    p = Player(app)
    scene = open_from_list(p)
    assert scene.finished and scene.marks  # the kept review: nothing analysed again
    assert scene.line.kind == "move" and shown_state(scene, game)
    row = scene.list.row_rect(4)  # a line shown whole in the list (its eight rows)
    p.click(row.center)
    assert scene.list.selected == 4 and shown_state(scene, game)
    p.click(scene.next_error.rect.center)
    assert scene.list.selected in scene.marks
    error = scene.lines.lines[scene.list.selected]
    judged = scene.judged.play(error) or scene.judged.cube(error)
    assert judged is not None and judged.mark
    before = scene.list.selected
    p.click(scene.forward.rect.center)
    p.click(scene.forward.rect.center)
    p.click(scene.back.rect.center)
    assert scene.list.selected == before + 1
    graph = scene.graph
    x = graph.x_of(graph.columns[-1])  # the graph's last line: the game's end
    p.click((x, graph.rect.center[1]))
    assert scene.list.selected == graph.columns[-1] and scene.line.kind == "end"
    bar = scene.list.bar
    first = scene.list.first
    p.click((bar.rect.center[0], bar.rect.y + 4))  # the up arrow
    assert scene.list.first == max(0, first - 1)
    p.wheel(-2)  # towards the user: down the list
    assert scene.list.first > max(0, first - 1)
    close = scene.window.furniture["close"].center
    p.click(close)
    assert isinstance(p.top, StartScene)


def test_the_scroll_bars_slider_drags_the_list(
    assets: Assets, tmp_path: Path, game: Match, review: Review
) -> None:
    app = make_app(tmp_path)
    saved(app, game, review)
    p = Player(app)
    scene = open_from_list(p)
    slider = scene.list.bar.slider
    pyxel.set_mouse_pos(*slider.center)
    pyxel.set_btn(LEFT, True)
    p.frames(1)
    pyxel.set_mouse_pos(slider.center[0], scene.list.bar.well.bottom)
    pyxel.flip()
    p.frames(1)
    pyxel.set_btn(LEFT, False)
    pyxel.flip()
    p.frames(1)
    assert scene.list.first == scene.list.last_first() > 0  # dragged to the end (long plays take two rows)


def opened_by_keys(
    tmp_path: Path, game: Match, review: Review, buttons: dict[str, int]
) -> tuple[App, Player, ReviewScene]:
    """The Review opened from the saved games by the keys (or the pad) alone: the arrows to its button."""
    app = make_app(tmp_path)
    saved(app, game, review)
    p = Player(app)
    app.to_start()
    start = p.top
    assert isinstance(start, StartScene)
    walk_to(p, start.review.rect.center, buttons)  # the arrows (d-pad) to the Review button
    p.press(pyxel.KEY_SPACE if buttons is KEYS else pyxel.GAMEPAD1_BUTTON_A)
    scene = p.top
    assert isinstance(scene, ReviewScene)
    return app, p, scene


@pytest.mark.parametrize("buttons", [KEYS, PAD], ids=["keyboard", "gamepad"])
def test_review_with_the_keyboard_or_a_gamepad_alone(
    assets: Assets, tmp_path: Path, game: Match, review: Review, buttons: dict[str, int]
) -> None:
    app, p, scene = opened_by_keys(tmp_path, game, review, buttons)
    first = scene.list.selected
    p.press(buttons["down"])
    p.press(buttons["down"])
    p.press(buttons["up"])
    assert scene.list.selected == first + 1 and shown_state(scene, game)
    p.press(buttons["error"])
    assert scene.list.selected in scene.marks
    at = scene.list.selected
    p.press(buttons["error"])
    assert scene.list.selected in scene.marks and scene.list.selected != at
    p.press(buttons["menu"])
    menu = p.top
    assert isinstance(menu, MenuScene) and menu.entries[0].label == "Next error"
    p.press(buttons["cancel"])
    assert p.top is scene
    p.press(buttons["close"])
    assert isinstance(p.top, StartScene)
    assert app.input.mouse == (pyxel.mouse_x, pyxel.mouse_y)  # the mouse never moved


@pytest.mark.parametrize("select", [pyxel.KEY_SPACE, pyxel.GAMEPAD1_BUTTON_A], ids=["space", "pad_a"])
def test_opened_by_the_keys_select_presses_next_error_as_return_does(
    assets: Assets, tmp_path: Path, game: Match, review: Review, select: int
) -> None:
    """Issue 41: the keys' cursor starts on the default button, where Return presses, so Space or pad A
    press it too rather than step back a line from "<"; the pointer shows there, no stop being marked."""
    app, p, scene = opened_by_keys(tmp_path, game, review, KEYS)
    assert scene.focus == scene.next_error.rect.center
    assert app.input.cursor == scene.next_error.rect.center and not scene.shows_focus
    p.press(select)
    assert scene.list.selected in scene.marks
    at = scene.list.selected
    p.press(pyxel.KEY_RETURN)
    assert scene.list.selected in scene.marks and scene.list.selected != at


def three_game_match() -> Match:
    """A 3-point match three games long (2-1): two plays each, then a single resigned and accepted."""
    match = Match(Rules(match_length=3), names=NAMES, rng=random.Random(3))
    for number in range(3):
        if number:
            match.new_game()
        for _ in range(2):
            match.roll()
            match.play(match.legal_plays()[0])
        match.resign(match.game.actor, 1)
        match.accept()
    assert match.game_number == 3 and match.score == (2, 1)
    return match


@pytest.mark.parametrize("kind", ["match", "money"])
def test_the_list_says_which_game_of_the_match_never_a_name_like_the_saved_games(
    assets: Assets, tmp_path: Path, game: Match, review: Review, kind: str
) -> None:
    """Play-test: the saved match "Game 2" opened with "Game 1" over its list, read as another name for it.

    The title keeps the saved name; the list's heading and the detail box say which game of the
    match it is ("1st game of 3"), and a money session of one game only that it is a money game.
    """
    app = make_app(tmp_path)
    app.think_budget = 0.005  # the headings need no analysis: a slice a frame, never the whole match
    assert app.store is not None
    if kind == "match":
        match = three_game_match()
        options = GameOptions(Rules(match_length=3), NAMES, computer=0, level="beginner")
        app.store.games.create("Game 2", options, record=match.record)
        heading = "1st game of 3"
    else:
        app.store.reviews.save(
            app.store.games.create("Game 2", OPTIONS, record=game.record),
            review_cache_form(review, game.record),
        )
        heading = "Money game"
    p = Player(app)
    scene = open_from_list(p)
    title = scene.window.furniture["title"]
    assert read_line(assets, title.y + 2, wimp.TITLE_TEXT, title.x, title.right) == "Review: Game 2"
    row = scene.list.row_rect(0)
    assert read_line(assets, row.y, wimp.TEXT, row.x, row.right) == heading  # the list's first line
    p.press(KEYS["up"])  # the heading selected: the detail box says the same
    assert scene.list.selected == 0
    assert read_line(assets, row.y, wimp.MENU_SELECTED_TEXT, row.x, row.right) == heading
    assert read_line(assets, DETAIL.y + 2, wimp.TEXT, DETAIL.x, DETAIL.right) == heading
    graph = scene.graph
    p.click((graph.x_of(graph.columns[-1]), graph.rect.center[1]))  # the graph's last line: the game's end
    assert scene.line.kind == "end"
    assert read_line(assets, DETAIL.y + 2, wimp.TEXT, DETAIL.x, DETAIL.right) == heading


def test_the_analysis_runs_in_slices_and_closing_keeps_what_was_done(
    assets: Assets, tmp_path: Path, game: Match
) -> None:
    app = make_app(tmp_path)
    app.think_budget = 0.02  # a frame's spare time, fixed: slices, never the whole game in one frame
    game = Match.replay(game.rules, game.record[:12], names=game.names)  # a game under way: quick to finish
    kept = saved(app, game)
    p = Player(app)
    scene = open_from_list(p)
    opened = scene.done
    assert opened < scene.total  # live at once, the analysis under way
    for _ in range(200):  # a frame's slices at a time, until the next action is judged
        p.frames(1)
        if scene.done > opened:
            break
    done = scene.done
    assert opened < done < scene.total
    p.press(pyxel.KEY_ESCAPE)
    assert app.store is not None
    cache = app.store.reviews.load(kept)
    assert cache is not None and cache["review"]["upto"] >= done
    scene = open_from_list(p)
    assert scene.done >= done  # what was done is not done again
    app.think_budget = 30.0
    p.frames(2)
    assert scene.finished and scene.marks and scene.review is not None
    assert len(scene.review.plays) == len([a for a in game.record if isinstance(a, Move)])


def test_a_review_that_cannot_be_kept_is_said_and_the_game_is_untouched(
    assets: Assets, tmp_path: Path, game: Match
) -> None:
    app = make_app(tmp_path)
    app.think_budget = 0.02  # slices: part of the analysis is enough to have something to keep
    kept = saved(app, game)
    (tmp_path / "reviews").write_text("a file where the folder should be")  # every write in it fails
    p = Player(app)
    scene = open_from_list(p)
    for _ in range(200):
        if scene.done > 0:
            break
        p.frames(1)
    assert scene.done > 0
    p.press(pyxel.KEY_ESCAPE)
    box = p.top
    assert isinstance(box, Dialog) and box.window.title == "Review not kept"
    assert any("analysed again" in line for line in box.lines)
    assert app.store is not None and app.store.games.load("Friday").match.record == kept.match.record
    p.press(pyxel.KEY_RETURN)
    assert isinstance(p.top, StartScene)


def test_a_marked_cube_action_in_the_list_reads_whole_beside_its_mark(assets: Assets, tmp_path: Path) -> None:
    """z_p19.png: "Doubles => 2" was drawn from the plays' column, and the row's mark covered the 2."""
    from screen_text import read_line

    from cart.ui.kit import palette as wimp

    game = finished_game()
    app = make_app(tmp_path)
    saved(app, game, finished_review())
    scene = open_from_list(Player(app))
    i = next(k for k, line in enumerate(scene.lines.lines) if line.kind == "double")
    scene.marks[i] = "very bad"  # the very end of the row taken, whatever the Master thought of it
    scene.select(i)
    scene.draw(pyxel.screen)
    r = scene.list.row_rect(i)
    assert read_line(assets, r.y, wimp.MENU_SELECTED_TEXT, r.x, r.right).endswith("Doubles => 2")


@pytest.mark.parametrize("viewer", [0, 1])
def test_the_win_chance_is_the_viewers_named_in_the_detail_and_on_the_graph(
    assets: Assets, viewer: int
) -> None:
    """Play-test: "Tester 5-3 10/5* 6/3 ... Win 96%" was the Master's chance, always White's (seat 0):
    now the chance is the viewer's side's, named, in the detail box and on the graph."""
    from cart.ui.board.view_state import Player as Seat
    from cart.ui.review.review import GRAPH
    from cart.ui.review.review_source import ReviewSource

    app = App(headless=True, seed=0)
    seats = (Seat(NAMES[0], "white", computer=True), Seat(NAMES[1], "red"))
    source = ReviewSource("Friday night", finished_game(), seats, viewer, cached=finished_review())
    scene = ReviewScene(app.services, source)
    app.go(Push(scene))
    app.frame()
    said = {0: "Beginner wins", 1: "You win"}[viewer]
    for owner in (0, 1):  # a play of each side: the chance is the viewer's after either
        i = next(
            k
            for k, line in enumerate(scene.lines.lines)
            if line.kind == "move"
            and line.player == owner
            and k not in scene.marks
            and scene.judged.play(line) is not None
            and not scene.judged.play(line).forced
        )
        judged = scene.judged.play(scene.lines.lines[i])
        chance = judged.win_after if viewer == 0 else 1.0 - judged.win_after
        scene.select(i)
        scene.draw(pyxel.screen)
        rows = [
            read_line(assets, DETAIL.y + 2 + k * CHAR_H, wimp.TEXT, DETAIL.x, DETAIL.right) for k in range(7)
        ]
        told = " ".join(r for r in rows if r)
        assert f"{said} {chance:.0%}" in told, rows
        assert "Win " not in told
        x = scene.graph.x_of(i)
        assert pyxel.pget(x, scene.graph.y_of(chance)) in (wimp.Wimp.DARK_BLUE, wimp.FOCUS)
    graph_top = read_line(assets, GRAPH.y + 2, wimp.TEXT, GRAPH.x, GRAPH.right)
    assert graph_top.startswith(said), graph_top


def progress(assets: Assets, colour: int) -> str:
    """The progress bar's words in ``colour`` (white where the bar is filled, black where not)."""
    return read_line(assets, PROGRESS.y + (PROGRESS.h - CHAR_H) // 2, colour, PROGRESS.x, PROGRESS.right)


def deep_pass(tmp_path: Path, game: Match) -> tuple[App, Player, ReviewScene, SavedGame, Match]:
    """The Review of the game's first three actions (a tie, the roll-off, a play), opened from the list.

    The teacher's nets are built first, as an earlier deep look leaves them (else their slices come
    first, a slice a frame under the tests' fixed budget).
    """
    from cart.ai.bot import teacher_weights

    teacher_weights()
    app = make_app(tmp_path)
    game = Match.replay(game.rules, game.record[:3], names=game.names)
    kept = saved(app, game)
    p = Player(app)
    return app, p, open_from_list(p), kept, game


def test_the_deep_pass_follows_the_quick_one_and_what_it_did_is_kept(
    assets: Assets, tmp_path: Path, game: Match
) -> None:
    from cart.ai.review import DEEP_PLY, analysis_key, review_from_cache

    app, p, scene, kept, game = deep_pass(tmp_path, game)
    p.frames(3)  # under the tests' fixed budget the quick pass is done at once, the deep one a slice a frame
    assert scene.finished and 0 < scene.deep.done < scene.total
    assert scene.progress() == (
        scene.deep.done,
        scene.total,
        f"Deep analysis {scene.deep.done} of {scene.total}",
    )
    p.press(pyxel.KEY_ESCAPE)
    assert app.store is not None
    deep = review_from_cache(app.store.reviews.load(kept), game.record, analysis_key(DEEP_PLY))
    assert deep is not None and deep.upto == scene.deep.done  # kept beside the quick pass, under its key


@pytest.mark.slow
def test_the_deep_pass_refines_the_quick_marks_and_is_kept_beside_them(
    assets: Assets, tmp_path: Path, game: Match
) -> None:
    from cart.ai.review import DEEP_PLY, analysis_key, review_from_cache, review_match

    app, p, scene, kept, game = deep_pass(tmp_path, game)
    app.think_budget = None  # the frame's spare time: under the tests' fixed budget, a slice a frame
    for _ in range(2000):
        p.frames(1)
        if scene.deep.finished:
            break
    assert scene.deep.finished
    deep = review_match(game, ply=DEEP_PLY)
    assert scene.review is not None and scene.review.plays == deep.plays and scene.review.rolls == deep.rolls
    assert scene.review.plays != review_match(game).plays  # the quick marks were refined
    p.frames(1)
    assert progress(assets, wimp.Wimp.WHITE) == f"Analysed {scene.total} of {scene.total}, deep"  # filled
    p.press(pyxel.KEY_ESCAPE)
    assert app.store is not None
    assert review_from_cache(app.store.reviews.load(kept), game.record, analysis_key(DEEP_PLY)) == deep
    scene = open_from_list(p)
    assert scene.deep.finished and scene.review is not None and scene.review.plays == deep.plays
