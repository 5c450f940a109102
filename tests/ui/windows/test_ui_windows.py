"""Issue 19's new windows, driven through Pyxel's real input (``pyxel.set_btn``, ``set_mouse_pos``,
``set_input_text``) as a player with a keyboard, a gamepad or a mouse would: the ratings window, the
position set-up, the window scale and the title's music tick; and their golden screenshots.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pyxel
from pyxel_players import GAMEPAD, KEYBOARD, Keys
from seats import against, two
from test_ui_golden import check

import cart.__main__ as cart_main
from cart.engine import Match
from cart.store import Settings, Store
from cart.ui.app import App
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import Assets
from cart.ui.kit.geom import Rect
from cart.ui.table.game_over import rating_lines
from cart.ui.table.play import PlayScene
from cart.ui.title import TitleScene
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.menus import MenuScene
from cart.ui.wimp.services import NO_CLIPBOARD
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.desk import SCALE_MENU
from cart.ui.windows.position_setup import SetUpScene
from cart.ui.windows.ratings_view import VISIBLE, RatingsScene

KEYS = {**KEYBOARD, "menu": pyxel.KEY_M, "cancel": pyxel.KEY_ESCAPE, "tab": pyxel.KEY_TAB}
PAD = {**GAMEPAD, "menu": pyxel.GAMEPAD1_BUTTON_START, "cancel": pyxel.GAMEPAD1_BUTTON_BACK}
POSITION, MATCH = "4HPwATDgc/ABMA", "QYkqASAAIAAA"  # the opening; 9 points, 2-4, White's cube at 2, Red 5-2


class Clock:
    """Seven hours a tick from 2025-01-01: a history spread over days, the same on every run."""

    def __init__(self) -> None:
        self.now = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(hours=7)
        return self.now


def rated_store(folder: Path, results: int = 30) -> Store:
    """A store whose ratings come from ``results`` rated results, through the store's own API."""
    store = Store(folder, clock=Clock())
    rng = random.Random(4)
    pairs = [
        ("player:Ann", "computer:expert"),
        ("computer:expert", "player:Ann"),
        ("player:Bob", "computer:beginner"),
        ("computer:intermediate", "player:Bob"),
        ("player:Ann", "player:Bob"),
        ("player:Cy", "player:Di"),
    ]
    for i in range(results):
        winner, loser = rng.choice(pairs)
        store.ratings.rate(winner, loser, kind="game", points=rng.choice((1, 1, 2, 4)), ref=f"g{i}:game:1")
    return store


def title_app(store: Store | None) -> App:
    # the mouse where the last test left it would open the menus elsewhere (clamped under the pointer,
    # an item highlighted): each test starts with it in the middle of the screen, as a fresh start does
    pyxel.set_mouse_pos(320, 256)
    app = App(store=store, headless=True, seed=0, settings=Settings(animation_speed="off"))
    app.think_budget = 30.0
    return app


def choose(keys: Keys, *labels: str) -> None:
    """MENU, then each entry by the arrows and SELECT (keys or pad), as a player without a mouse does."""
    keys.press("menu")
    for label in labels:
        menu = keys.app.top
        assert isinstance(menu, MenuScene), menu
        i = [e.label for e in menu.entries].index(label)
        keys.walk_to(menu.menu.item_rect(i).center)
        keys.press("select")


def click(app: App, xy: tuple[int, int], button: int = pyxel.MOUSE_BUTTON_LEFT) -> None:
    pyxel.set_mouse_pos(*xy)
    pyxel.set_btn(button, True)
    app.frame()
    pyxel.set_btn(button, False)
    pyxel.flip()
    app.frame()


def type_text(app: App, text: str) -> None:
    pyxel.set_input_text(text)
    app.frame()
    pyxel.flip()  # Pyxel empties input_text at the next frame


def focus_frame_at(r: Rect, gap: int) -> bool:
    """The dotted red focus frame is drawn ``gap`` pixels outside ``r`` (its top-left dash)."""
    return pyxel.pget(r.x - gap - 2, r.y - gap - 2) == wimp.FOCUS


def graph_colours(scene: RatingsScene) -> set[int]:
    g = scene.graph
    return {pyxel.pget(x, y) for x in range(g.x + 1, g.right - 1) for y in range(g.y + 1, g.bottom - 1)}


# -- the ratings window ------------------------------------------------------------------------------
@pytest.mark.parametrize("pad", [False, True], ids=["keyboard", "gamepad"])
def test_the_ratings_window_from_the_title_by_keys_alone(assets: Assets, tmp_path: Path, pad: bool) -> None:
    """Issue 19: MENU > Ratings... lists each player and level; Down graphs the next, Keep line compares."""
    app = title_app(rated_store(tmp_path))
    keys = Keys(app, PAD if pad else KEYS)
    choose(keys, "Ratings...")
    scene = app.top
    assert isinstance(scene, RatingsScene)
    assert scene.focus == scene.keep.rect.center and focus_frame_at(scene.keep.rect, 5)  # the default
    names = [p.name for p in scene.players]
    assert sorted(names[:4]) == ["Ann", "Bob", "Cy", "Di"] and names[4:] == [
        "Beginner (computer)",
        "Intermediate (computer)",
        "Expert (computer)",
        "Master (computer)",
    ]
    ratings = app.store.ratings  # type: ignore[union-attr]
    top, second = scene.players[:2]
    assert top.rating == ratings.get(top.player).rating >= second.rating  # the humans by rating
    assert len(top.series) == len(ratings.history(top.player)) + 1
    assert [p for p, _ in scene.lines()] == [top] and wimp.GRAPH_LINES[0] in graph_colours(scene)
    keys.press("confirm")  # Return, or X on a pad: keep the first line
    keys.press("down")
    assert scene.lines() == [(top, wimp.GRAPH_LINES[0]), (second, wimp.GRAPH_LINES[1])]
    assert {wimp.GRAPH_LINES[0], wimp.GRAPH_LINES[1]} <= graph_colours(scene)
    for _ in range(9):  # past the last line: the list scrolls, the highlight stays on the last
        keys.press("down")
    assert scene.chosen is not None and scene.chosen.name == "Master (computer)"
    assert scene.first > 0 and scene.selected in scene.shown_rows()
    assert scene.focus == scene.keep.rect.center  # Up and Down moved the highlight, not the focus
    keys.press("right")
    assert scene.focus == scene.close.rect.center and focus_frame_at(scene.close.rect, 2)
    assert not focus_frame_at(scene.keep.rect, 5)
    keys.press("select")  # Space, or A on a pad: the framed button
    assert isinstance(app.top, TitleScene)


def test_the_ratings_list_scrolls_by_its_bar_and_the_page_keys_and_b_closes_it(
    assets: Assets, tmp_path: Path
) -> None:
    """The list has the saved games' scroll bar: arrows a line, the well a page, the slider dragged."""
    app = title_app(rated_store(tmp_path))
    scene = RatingsScene(app.services)
    app.push(scene)
    bar = scene.bar
    assert (bar.total, bar.shown) == (len(scene.players), VISIBLE) and bar.slack == 2
    click(app, bar.down.center)
    assert scene.first == 1 and scene.selected == 1  # a line; the highlight kept on a shown line
    click(app, bar.up.center)
    assert scene.first == 0 and scene.selected == 1
    click(app, (bar.well.center[0], bar.well.bottom - 3))  # the well below the slider: a page
    assert scene.first == bar.slack
    click(app, (bar.well.center[0], bar.well.y + 3))
    assert scene.first == 0
    grab = (bar.slider.center[0], bar.slider.y + 3)
    pyxel.set_mouse_pos(*grab)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
    app.frame()
    pyxel.set_mouse_pos(grab[0], bar.well.bottom + 40)  # dragged past the bottom: the last lines
    app.frame()
    assert scene.first == bar.slack and scene.dragging is not None
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
    pyxel.flip()
    app.frame()
    assert scene.dragging is None and scene.selected in scene.shown_rows()
    keys = Keys(app, {"page_up": pyxel.KEY_PAGEUP, "b": pyxel.GAMEPAD1_BUTTON_B})
    keys.press("page_up")
    assert scene.selected == scene.first == 0
    keys.press("b")  # B closes, as on the saved games' list
    assert isinstance(app.top, TitleScene)


def test_the_ratings_window_by_mouse_and_its_edges(assets: Assets, tmp_path: Path) -> None:
    """Right click for the menu, a click keeps a line; an unrated level is a dot; 1,000 results fit."""
    store = rated_store(tmp_path, results=1)
    app = title_app(store)
    click(app, (300, 300), pyxel.MOUSE_BUTTON_RIGHT)
    menu = app.top
    assert isinstance(menu, MenuScene)
    click(app, menu.menu.item_rect([e.label for e in menu.entries].index("Ratings...")).center)
    scene = app.top
    assert isinstance(scene, RatingsScene)
    master = [p.name for p in scene.players].index("Master (computer)")
    row = scene.row_rect(master)
    click(app, (row.x + 8, row.center[1]))  # the colour column: keep the unrated master's line
    assert scene.kept == ["computer:master"] and scene.players[master].series == [1500.0]
    assert wimp.GRAPH_LINES[0] in graph_colours(scene)  # a single point is drawn, as a dot
    one = scene.players[0]
    assert len(one.history) == 1 and len(one.series) == 2
    book = store.ratings.book  # a long history, made in memory (the store keeps the last 1,000)
    for i in range(1200):
        book.rate(
            "player:Ann", "computer:master", kind="game", points=1, ref=f"long{i}:game:1", when="2025-02-01"
        )
    click(app, scene.close.rect.center)
    scene = RatingsScene(app.services)
    app.push(scene)
    ann = scene.players[[p.name for p in scene.players].index("Ann")]
    assert len(ann.series) == 1001 and scene.chosen is ann  # the rating before the last 1,000, then each
    app.frame()
    g = scene.graph
    drawn = [
        x
        for x in range(g.x, g.right)
        for y in range(g.y, g.bottom)
        if pyxel.pget(x, y) == wimp.GRAPH_LINES[0]
    ]
    assert min(drawn) < g.x + 60 and g.right - 20 <= max(drawn) < g.right  # across the axis, inside the graph
    click(app, scene.close.rect.center)
    assert isinstance(app.top, TitleScene)


def test_ratings_are_reached_from_the_board_and_greyed_without_a_store(
    assets: Assets, tmp_path: Path
) -> None:
    """At the table MENU > Play > Ratings... opens over the board, and closing it goes back to the game."""
    app = title_app(rated_store(tmp_path))
    board = app.create_game("Rated", against("expert"))
    choose(Keys(app, KEYS), "Play", "Ratings...")
    assert isinstance(app.top, RatingsScene) and app.stack[0] is board
    Keys(app, KEYS).press("cancel")
    assert app.top is board
    bare = title_app(None)
    Keys(bare, KEYS).press("menu")
    menu = bare.top
    assert isinstance(menu, MenuScene)
    assert not next(e for e in menu.entries if e.label == "Ratings...").enabled  # nothing is kept


def typed_move_box(app: App) -> object:
    """Roll by the keys in a new game and open the box that takes a move typed in."""
    keys = Keys(app, {**KEYS, "roll": pyxel.KEY_R, "type": pyxel.KEY_T})
    keys.press("roll")
    while not isinstance(app.top, PlayScene) or app.top.table.match.game.phase != "move":
        app.frame()
    keys.press("type")
    return app.top


def test_ctrl_v_pastes_into_a_typed_move_too(assets: Assets) -> None:
    """Any writable field takes Ctrl+V: the typed move box, here (the letter v is not typed with it)."""
    app = title_app(None)
    app.new_game(two())
    object.__setattr__(app.services, "clipboard", lambda: "  13/7\n")
    box = typed_move_box(app)
    assert isinstance(box, Dialog) and box.field is not None
    for key in (pyxel.KEY_LCTRL, pyxel.KEY_CTRL, pyxel.KEY_V):
        pyxel.set_btn(key, True)
    pyxel.set_input_text("v")  # where the platform sends the key's letter as text too
    app.frame()
    for key in (pyxel.KEY_LCTRL, pyxel.KEY_CTRL, pyxel.KEY_V):
        pyxel.set_btn(key, False)
    pyxel.flip()
    app.frame()
    assert box.field.text == "13/7"


def ctrl(app: App, key: int, letter: str) -> None:
    """Ctrl+``key`` on the real keys, its letter sent as text too where the platform does so."""
    for k in (pyxel.KEY_LCTRL, pyxel.KEY_CTRL, key):
        pyxel.set_btn(k, True)
    pyxel.set_input_text(letter)
    app.frame()
    for k in (pyxel.KEY_LCTRL, pyxel.KEY_CTRL, key):
        pyxel.set_btn(k, False)
    pyxel.flip()
    app.frame()


def test_ctrl_a_selects_a_fields_text_and_ctrl_u_clears_it(assets: Assets, tmp_path: Path) -> None:
    """As in the text fields players know: Ctrl+A selects all (what is typed next replaces it, Backspace
    deletes it), Ctrl+U clears the field; neither letter is typed. On the Create form and in a box."""
    app = title_app(Store(tmp_path, clock=Clock()))
    app.to_new_game()
    app.frame()
    form = app.top
    assert isinstance(form, NewGameScene) and form.focused is form.name and form.name.text
    ctrl(app, pyxel.KEY_A, "a")
    assert form.name.selected and form.name.text != "a"
    type_text(app, "Zed")
    assert form.name.text == "Zed" and not form.name.selected
    ctrl(app, pyxel.KEY_A, "a")
    Keys(app, {"erase": pyxel.KEY_BACKSPACE}).press("erase")
    assert form.name.text == ""
    type_text(app, "Friday")
    ctrl(app, pyxel.KEY_U, "u")
    assert form.name.text == "" and app.top is form
    type_text(app, "Ann")
    assert form.name.text == "Ann"
    app.new_game(two())
    box = typed_move_box(app)
    assert isinstance(box, Dialog) and box.field is not None
    type_text(app, "13/7 8/7")
    ctrl(app, pyxel.KEY_U, "u")
    assert box.field.text == "" and app.top is box
    type_text(app, "13/7")
    ctrl(app, pyxel.KEY_A, "a")
    type_text(app, "24/18")
    assert box.field.text == "24/18"


# -- the position set-up -----------------------------------------------------------------------------
def test_a_position_typed_in_the_set_up_window_starts_a_saved_game_there(
    assets: Assets, tmp_path: Path
) -> None:
    """Issue 19: type a Position ID and Match ID, Start: the board is the ID's, saved, never rated."""
    store = Store(tmp_path, clock=Clock())
    app = title_app(store)
    keys = Keys(app, KEYS)
    choose(keys, "Set up position...")
    scene = app.top
    assert isinstance(scene, SetUpScene) and scene.focused is scene.position
    type_text(app, "4HPw")  # a bad ID: said, and nothing lost
    keys.press("confirm")
    assert app.top is scene and "14 characters" in scene.error and scene.position.text == "4HPw"
    type_text(app, "ATDgc/ABMA")
    keys.press("tab")
    type_text(app, MATCH)
    assert (scene.position.text, scene.match_field.text) == (POSITION, MATCH)
    keys.press("confirm")
    play = app.top
    assert isinstance(play, PlayScene), getattr(app.top, "error", app.top)
    match = play.table.match
    assert (match.position_id(), match.match_id()) == (POSITION, MATCH)
    assert match.score == (2, 4) and match.rules.match_length == 9 and match.game.dice == (5, 2)
    saved = store.games.load("Set-up")
    assert saved.set_up and saved.match.moment(0).position_id == POSITION
    assert saved.match.moment(0).match_id == MATCH
    assert rating_lines(play.table) == ["A game set up from a position is not rated."]
    app.to_title()
    again = app.resume("Set-up")  # from the saved games, as PLAY there does
    assert (again.table.match.position_id(), again.table.match.score) == (POSITION, (2, 4))


@pytest.mark.parametrize("pad", [False, True], ids=["keyboard", "gamepad"])
def test_the_set_up_window_by_keys_alone_frames_each_icon_and_its_fields_take_the_caret(
    assets: Assets, tmp_path: Path, pad: bool
) -> None:
    """As on the Create form: the arrows reaching a field give it the caret and Up or Down leave it;
    each radio icon and button the keys reach is framed, and SELECT picks it."""
    app = title_app(Store(tmp_path, clock=Clock()))
    keys = Keys(app, PAD if pad else KEYS)
    choose(keys, "Set up position...")
    scene = app.top
    assert isinstance(scene, SetUpScene) and scene.name is not None
    assert scene.focus == scene.position.rect.center and scene.focused is scene.position and scene.typing
    type_text(app, POSITION)
    keys.press("up")  # the caret goes with the keys: to the name field, and down again
    assert scene.focused is scene.name and scene.position.text == POSITION
    keys.press("down")
    keys.press("down")
    assert scene.focused is scene.match_field and scene.focus == scene.match_field.rect.center
    keys.press("down")  # out of the fields: keys are commands, the Players radio below is framed
    one, two = (next(t for key, t in scene.toggles if key == f"players:{n}") for n in (1, 2))
    assert not scene.typing and scene.focused is None and scene.focus == (two.rect.x + 8, two.rect.y + 10)
    assert focus_frame_at(two.rect, 1) and not focus_frame_at(one.rect, 1)
    keys.press("left")
    assert focus_frame_at(one.rect, 1) and not focus_frame_at(two.rect, 1)
    keys.take((two.rect.x + 8, two.rect.y + 10))
    assert scene.setup.players == 2 and focus_frame_at(two.rect, 1)
    keys.press("down")  # the side and the computer are greyed with two players: straight to On roll
    roll = next(t for key, t in scene.toggles if key == "roll:other")  # the one below the one left
    assert scene.focus == (roll.rect.x + 8, roll.rect.y + 10) and focus_frame_at(roll.rect, 1)
    keys.walk_to(scene.start_button.rect.center)
    assert focus_frame_at(scene.start_button.rect, 5)  # clear of the default button's ring
    keys.press("left")
    assert focus_frame_at(scene.cancel_button.rect, 2) and not focus_frame_at(scene.start_button.rect, 5)
    keys.take(scene.start_button.rect.center)
    play = app.top
    assert isinstance(play, PlayScene), getattr(app.top, "error", app.top)
    assert play.table.match.position_id() == POSITION and not any(p.computer for p in play.table.players)


def test_ctrl_v_pastes_both_ids_and_two_players_start_without_a_store(assets: Assets) -> None:
    """Ctrl+V (real keys) fills both fields from GNU Backgammon's line; no clipboard is said, not hidden."""
    app = title_app(None)
    keys = Keys(app, KEYS)
    choose(keys, "Set up position...")
    scene = app.top
    assert isinstance(scene, SetUpScene)
    pasted: list[str | None] = [None]
    object.__setattr__(app.services, "clipboard", lambda: pasted[0])  # the desktop's clipboard, stood in for

    def ctrl_v() -> None:
        for key in (pyxel.KEY_LCTRL, pyxel.KEY_CTRL, pyxel.KEY_V):  # SDL presses Ctrl with the left Ctrl
            pyxel.set_btn(key, True)
        app.frame()
        for key in (pyxel.KEY_LCTRL, pyxel.KEY_CTRL, pyxel.KEY_V):
            pyxel.set_btn(key, False)
        pyxel.flip()
        app.frame()

    ctrl_v()
    assert scene.error == NO_CLIPBOARD and scene.position.text == ""
    pasted[0] = f"GNU Backgammon  Position ID: {POSITION}\n                 Match ID   : cAkAAAAAAAAA\n"
    ctrl_v()
    assert scene.position.text == POSITION and scene.error == ""
    pasted[0] = f"Position ID: {POSITION} Match ID: {MATCH}"
    ctrl_v()
    assert (scene.position.text, scene.match_field.text) == (POSITION, MATCH)
    keys.press("down")  # Down takes the caret out of the fields: arrows move between the icons
    keys.press("down")
    assert scene.focused is None
    two = next(t for key, t in scene.toggles if key == "players:2")
    keys.walk_to((two.rect.x + 8, two.rect.y + 10))
    keys.press("select")
    assert scene.setup.players == 2
    keys.press("confirm")
    play = app.top
    assert isinstance(play, PlayScene)
    assert (play.table.match.position_id(), play.table.match.score) == (POSITION, (2, 4))
    assert not any(p.computer for p in play.table.players)  # two at one machine


# -- the window scale and the music tick -------------------------------------------------------------
def test_the_window_scale_is_chosen_in_the_menu_and_read_at_the_next_start(
    assets: Assets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: Scale (next start) > 2x saves it; the next start opens Pyxel at 2x; --scale overrides."""
    store = Store(tmp_path)
    app = title_app(store)
    keys = Keys(app, KEYS)
    choose(keys, SCALE_MENU, "2x")
    told = app.top
    assert isinstance(told, Dialog) and "from the next start" in " ".join(told.lines)
    assert told.focus == told.buttons[0].rect.center  # chosen by keys: the box's button has the focus
    assert store.settings.load().window_scale == 2 and cart_main.saved_scale(tmp_path) == 2
    opened: list[int] = []
    monkeypatch.setattr(cart_main, "pyxel_folder", lambda: tmp_path)
    monkeypatch.setattr(cart_main, "_no_display", lambda: None)
    monkeypatch.setattr(cart_main, "_video_driver", lambda: None)
    monkeypatch.setattr("cart.ui.app.init_pyxel", lambda *, headless=False, scale=0: opened.append(scale))
    monkeypatch.setattr("cart.ui.app.App.__init__", lambda self, **kw: None)
    monkeypatch.setattr("cart.ui.app.App.run", lambda self: None)
    # no App runs to close a thinking child: a real one would think on until the process ends
    monkeypatch.setattr("cart.ai.worker.Worker.start", classmethod(lambda cls, argv=None: None))
    monkeypatch.setattr(cart_main, "user_store", lambda: store)
    assert cart_main.main([]) == 0 and cart_main.main(["--scale", "3"]) == 0
    assert opened == [2, 3]
    assert cart_main.saved_scale(tmp_path / "nowhere") == 0


def test_the_title_music_tick_on_the_title_silences_it_at_once(assets: Assets) -> None:
    app = title_app(None)
    assert app.sounds.music_playing
    choose(Keys(app, KEYS), "Title music")
    assert not app.prefs.settings.music and not app.sounds.music_playing and isinstance(app.top, TitleScene)


# -- golden screenshots ----------------------------------------------------------------------------------
def test_golden_ratings_window(assets: Assets, tmp_path: Path) -> None:
    """Issue 19: the ratings window over the title, the best rated line kept and the next highlighted."""
    app = title_app(rated_store(tmp_path))
    scene = RatingsScene(app.services)
    app.push(scene)
    scene.toggle_kept()
    scene.move_selection(1)
    app.feed([])
    app.draw()
    check("ratings")


def test_golden_set_up_window(assets: Assets, tmp_path: Path) -> None:
    """Issue 19: the set-up window with both IDs typed (the Match ID greys 'On roll')."""
    app = title_app(Store(tmp_path, clock=Clock()))
    scene = SetUpScene(app.services)
    app.push(scene)
    scene.position.text, scene.match_field.text = POSITION, MATCH
    scene._build()
    app.draw()
    check("set_up")


def test_a_set_up_match_replays_from_its_ids(assets: Assets) -> None:
    m = Match.from_ids(POSITION, MATCH)
    assert m.moment(0).match_id == MATCH and m.restarted().score == (2, 4)
