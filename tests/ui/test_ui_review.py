"""Issue 20: the Review window, its ways in (game over, the menu, the saved games, a .mat file) and the tutor.

Driven through Pyxel's real input, as a player would: ``pyxel.set_mouse_pos``
and ``pyxel.set_btn`` (a ``pyxel.flip`` between frames, as under
``pyxel.run``), ``pyxel.set_input_text`` and ``pyxel.set_dropped_files``, read
by the app's own :class:`~cart.ui.intents.Input`. The game reviewed is a
beginner against an intermediate, finished, with errors of every mark.
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
from cart.engine import Forfeit, GameState, Match, Move, Position, Rules
from cart.store import GameOptions, SavedGame, Settings, Store, export_mat
from cart.ui import layout as L
from cart.ui import palette as wimp
from cart.ui import review_open
from cart.ui.app import App
from cart.ui.assets import Assets
from cart.ui.intents import Dropped, Input
from cart.ui.options import GameSetup
from cart.ui.play import PlayScene
from cart.ui.review import DETAIL, ReviewScene
from cart.ui.scenes import Dialog, MenuScene
from cart.ui.start import StartScene

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


@pytest.fixture(scope="module")
def game() -> Match:
    return finished_game()


@pytest.fixture(scope="module")
def review() -> Review:
    return finished_review()  # the game's review, shared with the review golden


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
    row = scene.list.row_rect(5)
    p.click(row.center)
    assert scene.list.selected == 5 and shown_state(scene, game)
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


@pytest.mark.parametrize("buttons", [KEYS, PAD], ids=["keyboard", "gamepad"])
def test_review_with_the_keyboard_or_a_gamepad_alone(
    assets: Assets, tmp_path: Path, game: Match, review: Review, buttons: dict[str, int]
) -> None:
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
    assert read_line(assets, DETAIL.y + 2, wimp.TEXT, DETAIL.x, DETAIL.right) == f"{heading} over"


def test_the_analysis_runs_in_slices_and_closing_keeps_what_was_done(
    assets: Assets, tmp_path: Path, game: Match
) -> None:
    app = make_app(tmp_path)
    app.think_budget = 0.02  # a frame's spare time, fixed: slices, never the whole game in one frame
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


def test_game_over_offers_review_and_comes_back(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    state = GameState.from_position(Rules(), Position.start(), turn=1, dice=(3, 1))
    app.new_game(
        GameSetup(players=1, side="red", level="expert"), Match(Rules(), start=state, rng=random.Random(2))
    )
    p = Player(app)
    table = app.stack[0].table  # type: ignore[attr-defined]
    table.act(Move(((8, 5), (6, 5))))
    p.frames(3)
    table.act(Forfeit(1))
    p.frames(3)
    box = p.top
    assert isinstance(box, Dialog) and box.window.title == "Game over"
    labels = [c.label for c in box.choices]
    p.click(box.buttons[labels.index("Review")].rect.center)
    scene = p.top
    assert isinstance(scene, ReviewScene)
    assert [line.kind for line in scene.lines.lines][-1] == "end"
    p.press(pyxel.KEY_ESCAPE)
    again = p.top
    assert isinstance(again, Dialog) and again.window.title == "Game over"


def test_the_menu_reviews_the_moves_so_far(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.create_game("Tuesday", GameSetup(players=2))
    p = Player(app)
    table = app.stack[0].table  # type: ignore[attr-defined]
    rng = random.Random(5)
    for _ in range(6):
        game = table.match.game
        if game.phase in ("opening", "roll"):
            table.roll()
        elif game.phase == "move":
            table.act(Move.of(rng.choice(game.legal_plays())))
    p.frames(1)
    p.click((200, 300), RIGHT)
    for label in ("Play", "Review..."):
        menu = p.top
        assert isinstance(menu, MenuScene)
        p.click(menu.menu.item_rect([e.label for e in menu.entries].index(label)).center)
    scene = p.top
    assert isinstance(scene, ReviewScene)
    moves = [line for line in scene.lines.lines if line.kind == "move"]
    assert len(moves) == len([a for a in table.match.record if isinstance(a, Move)]) > 0
    p.frames(3)
    assert scene.finished and scene.review is not None
    p.press(pyxel.KEY_ESCAPE)
    assert isinstance(p.top, PlayScene)
    assert app.store is not None and app.store.reviews.load(table.session.game) is not None


@pytest.mark.slow  # two files imported and analysed: about 3 s
def test_a_mat_file_typed_or_dropped_opens_for_review(assets: Assets, tmp_path: Path, game: Match) -> None:
    app = make_app(tmp_path / "store")
    kept = saved(app, game)
    mat = tmp_path / "friday.mat"
    mat.write_text(export_mat(kept), encoding="utf-8")
    p = Player(app)
    app.to_start()
    start = p.top
    assert isinstance(start, StartScene)
    p.click(start.import_mat.rect.center)
    box = p.top
    assert isinstance(box, Dialog) and box.field is not None
    pyxel.set_input_text(str(mat))
    p.frames(1)
    pyxel.set_input_text("")
    p.press(pyxel.KEY_RETURN)
    scene = p.top
    assert isinstance(scene, ReviewScene) and scene.window.title == "Review: friday.mat"
    imported = [m.position_id for m in scene.source.match.moments()]
    assert imported == [m.position_id for m in game.moments()]  # the same game (the file writes 6-2, not 2-6)
    p.press(pyxel.KEY_ESCAPE)
    p.drop(str(mat))  # dropped on the list
    assert isinstance(p.top, ReviewScene)


@pytest.mark.parametrize(
    "content",
    [
        b"\x00\xff garbage \x12",
        b'{"a json": "file"}',
        b" 3 point match\n\n Game 1\n A : 0  B : 0\n  1) 31: 8/9\n",
    ],
    ids=["binary", "foreign", "damaged"],
)
def test_a_damaged_or_foreign_mat_says_why_and_loses_nothing(
    assets: Assets, tmp_path: Path, game: Match, content: bytes
) -> None:
    app = make_app(tmp_path / "store")
    saved(app, game)
    assert app.store is not None
    before = app.store.games.list()
    bad = tmp_path / "bad.mat"
    bad.write_bytes(content)
    p = Player(app)
    app.to_start()
    p.drop(str(bad))
    box = p.top
    assert isinstance(box, Dialog) and box.window.title == "Import .mat"
    assert "Nothing was changed." in box.lines and len(box.lines) >= 2
    assert bad.read_bytes() == content and app.store.games.list() == before
    p.press(pyxel.KEY_RETURN)
    assert isinstance(p.top, StartScene)


def test_a_folder_typed_for_import_is_named_a_folder_not_missing(assets: Assets, tmp_path: Path) -> None:
    """A path to a folder exists: "no such file" would send the player looking for a typing error."""
    app = make_app(tmp_path / "store")
    p = Player(app)
    app.to_start()
    app.go(review_open.import_box(app.services))
    box = p.top
    assert isinstance(box, Dialog) and box.field is not None
    pyxel.set_input_text(str(tmp_path))
    p.frames(1)
    pyxel.set_input_text("")
    p.press(pyxel.KEY_RETURN)
    assert p.top is box and box.error == f"{tmp_path} is a folder: type the path of a .mat file"


def tutor_game(tmp_path: Path, level: str = "bad") -> tuple[App, Player]:
    """Red (the player) to play 3-1 from the start against the expert, with the tutor at ``level``."""
    app = make_app(tmp_path, tutor=level)
    state = GameState.from_position(Rules(), Position.start(), turn=1, dice=(3, 1))
    app.new_game(
        GameSetup(players=1, side="red", level="expert"), Match(Rules(), start=state, rng=random.Random(2))
    )
    return app, Player(app)


def play_by_mouse(p: Player, *moves: tuple[int, int]) -> None:
    """Pick up and put down each man with the mouse, then click the rolled dice to confirm."""
    for src, dst in moves:
        p.click(L.point_rect(src).center)
        p.click(L.point_rect(dst).center)
    p.click(L.ROLL_BOX.center)


def tutor_box(p: Player) -> Dialog:
    for _ in range(10):
        if isinstance(p.top, Dialog):
            break
        p.frames(1)
    box = p.top
    assert isinstance(box, Dialog) and box.window.title == "Tutor", box
    return box


ANSWERS = {
    "mouse": None,
    "keyboard": (pyxel.KEY_ESCAPE, pyxel.KEY_RETURN),
    "gamepad": (pyxel.GAMEPAD1_BUTTON_BACK, pyxel.GAMEPAD1_BUTTON_X),
}


@pytest.mark.parametrize("answer", ANSWERS)
def test_the_tutor_asks_before_a_bad_play_no_takes_it_back_yes_plays_it(
    assets: Assets, tmp_path: Path, answer: str
) -> None:
    app, p = tutor_game(tmp_path)
    scene = app.stack[0]
    assert isinstance(scene, PlayScene)
    table = scene.table
    play_by_mouse(p, (24, 23), (24, 21))  # both back men up: bad with 3-1 (8/5 6/5 makes a point)
    box = tutor_box(p)
    assert box.lines[0].startswith("The Master prefers 8/5 6/5") and not table.match.record
    no, yes = (b.rect.center for b in box.buttons)
    keys = ANSWERS[answer]
    if keys is None:
        p.click(no)
    else:
        p.press(keys[0])
    assert p.top is scene and not table.match.record
    part = table.partial()
    assert part is not None and not part.steps  # the men are back: choose again
    play_by_mouse(p, (24, 23), (24, 21))
    tutor_box(p)
    if keys is None:
        p.click(yes)
    else:
        p.press(keys[1])
    first = table.match.record[0]  # the computer may have rolled since
    assert p.top is scene and isinstance(first, Move) and sorted(first.moves) == [(24, 21), (24, 23)]


def test_the_tutor_lets_a_good_play_through_and_is_off_by_default(assets: Assets, tmp_path: Path) -> None:
    assert Settings().tutor == "off"
    for level in ("bad", "off"):
        app, p = tutor_game(tmp_path / level, level)
        scene = app.stack[0]
        assert isinstance(scene, PlayScene)
        play_by_mouse(p, (8, 5), (6, 5)) if level == "bad" else play_by_mouse(p, (24, 23), (24, 21))
        p.frames(3)
        assert p.top is scene and len(scene.table.match.record) >= 1  # played at once, no box


def test_the_tutor_is_chosen_in_the_options_menu_and_saved(assets: Assets, tmp_path: Path) -> None:
    app, p = tutor_game(tmp_path, "off")
    p.click((200, 300), RIGHT)
    for label in ("Options", "Tutor", "Bad (0.08)"):
        menu = p.top
        assert isinstance(menu, MenuScene)
        p.click(menu.menu.item_rect([e.label for e in menu.entries].index(label)).center)
    assert app.prefs.settings.tutor == "bad"
    assert app.store is not None and app.store.settings.load().tutor == "bad"


def test_the_tutor_asks_before_a_double_and_a_drop_too(assets: Assets, tmp_path: Path) -> None:
    """A race Red trails (75 pips to 60): doubling is wrong, and so is White dropping it once offered."""
    mine, theirs = [0] * 26, [0] * 26
    mine[6] = mine[5] = mine[4] = 5
    for point in (6, 5, 4, 3, 2):
        theirs[point] = 3
    state = GameState.from_position(Rules(), Position.from_counts(mine, theirs), turn=1)
    app = make_app(tmp_path, tutor="doubtful")
    app.new_game(GameSetup(players=2), Match(Rules(), start=state, rng=random.Random(2)))
    p = Player(app)
    scene = app.stack[0]
    assert isinstance(scene, PlayScene)
    table = scene.table
    p.click(L.cube_rect(None, table.viewer).center)
    box = tutor_box(p)
    assert box.lines[0].startswith("The Master would not double here")
    p.press(pyxel.KEY_RETURN)  # Yes: double anyway
    ask = p.top
    for _ in range(5):
        if isinstance(ask, Dialog) and ask.window.title == "Double":
            break
        p.frames(1)
        ask = p.top
    assert isinstance(ask, Dialog) and ask.window.title == "Double"
    labels = [c.label for c in ask.choices]
    p.click(ask.buttons[labels.index("Drop")].rect.center)
    box = tutor_box(p)
    assert box.lines[0].startswith("The Master would take") and len(table.match.record) == 1
    p.click(box.buttons[0].rect.center)  # No: asked again
    p.frames(2)
    ask = p.top
    assert isinstance(ask, Dialog) and ask.window.title == "Double"
    p.click(ask.buttons[[c.label for c in ask.choices].index("Take")].rect.center)
    p.frames(3)
    assert [type(a).__name__ for a in table.match.record[:2]] == ["Double", "Take"]


def test_a_file_dropped_in_the_browser_is_an_intent_once(assets: Assets) -> None:
    """Pyxel's web page names a file dropped on the screen in ``pyxel._dropped_files`` (its editor's path)."""
    inp = Input()
    pyxel.flip()
    inp.poll()
    pyxel._dropped_files = ["/tmp/friday.mat"]  # type: ignore[attr-defined]
    try:
        assert Dropped("/tmp/friday.mat") in inp.poll()
        assert not any(isinstance(i, Dropped) for i in inp.poll())  # taken once
    finally:
        pyxel._dropped_files = []  # type: ignore[attr-defined]
    pyxel.set_dropped_files(["/home/me/friday.mat"])  # the desktop's
    assert Dropped("/home/me/friday.mat") in inp.poll()
    pyxel.set_dropped_files([])


def test_in_the_browser_import_asks_for_a_drop_only(
    assets: Assets, tmp_path: Path, game: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pyxel's web runtime has no file chooser and Pyodide's files are its own: no path to type there."""
    monkeypatch.setattr(review_open, "WEB", True)
    app = make_app(tmp_path / "store")
    kept = saved(app, game)
    p = Player(app)
    app.to_start()
    start = p.top
    assert isinstance(start, StartScene)
    p.click(start.import_mat.rect.center)
    box = p.top
    assert isinstance(box, Dialog) and box.field is None and not box.typing
    assert any("drop" in line.lower() for line in box.lines)
    mat = tmp_path / "friday.mat"  # where pyxel.js would have written it
    mat.write_text(export_mat(kept), encoding="utf-8")
    pyxel._dropped_files = [str(mat)]  # type: ignore[attr-defined]
    p.frames(1)
    assert isinstance(p.top, ReviewScene)


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

    from cart.ui import palette as wimp

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
