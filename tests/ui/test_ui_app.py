"""The playable game, driven headless by simulated mouse, keys and gamepad, as a player would.

Every test builds its own :class:`App` on the session's one Pyxel screen and
steps it with :meth:`App.frame` (no clock). The computer thinks with a large
time budget here, so each of its decisions lands in one frame and the games
are the same on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
import pyxel
from pyxel_players import arrow_way

import cart.__main__ as cart_main
from cart.__main__ import main, screenshot_path
from cart.ai import Bot
from cart.ai.turn import hint
from cart.engine import (
    Accept,
    Double,
    Forfeit,
    GameState,
    Match,
    Move,
    NewGame,
    PartialPlay,
    Position,
    Resign,
    Roll,
    Rules,
    Take,
)
from cart.store import GameOptions, Settings, Store
from cart.ui import layout as L
from cart.ui import palette as wimp
from cart.ui import play as play_module
from cart.ui.app import App
from cart.ui.assets import Assets
from cart.ui.board_view import MESSAGE_COLS, MESSAGE_ROWS
from cart.ui.geom import Rect
from cart.ui.intents import KEYMAP, TYPING_KEYS, Command, Input, Intent, OpenMenu, Pointer, Select, Typed
from cart.ui.messages import SCROLL_FRAMES, wrap_words
from cart.ui.options import GameSetup
from cart.ui.palette import Wimp
from cart.ui.play import PlayScene
from cart.ui.scenes import Dialog, MenuScene
from cart.ui.start import StartScene
from cart.ui.table import Table
from cart.ui.table_view import draw_tip
from cart.ui.tips import TOOLTIP_DELAY, tip_box
from cart.ui.title import NewGameScene, TitleScene

LEFT = pyxel.MOUSE_BUTTON_LEFT
RIGHT = pyxel.MOUSE_BUTTON_RIGHT
ARROWS = (pyxel.KEY_LEFT, pyxel.KEY_RIGHT, pyxel.KEY_UP, pyxel.KEY_DOWN)


class Driver:
    """Clicks, keys and typing for one app, as the intents :class:`Input` makes of them.

    Pyxel's button states only move on with ``pyxel.flip`` (which waits for the
    clock), so most tests feed intents; ``test_input_*`` drives the real
    ``pyxel.set_btn`` path through :class:`Input` itself.
    """

    def __init__(self, app: App) -> None:
        self.app = app
        self.pointer = (0, 0)

    def feed(self, *intents: Intent) -> None:
        self.app.feed([Pointer(*self.pointer), *intents])
        self.app.draw()

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.feed()

    def click(self, xy: tuple[int, int], button: int = LEFT) -> None:
        self.pointer = xy
        self.feed(Select(*xy) if button == LEFT else OpenMenu(*xy))
        self.feed()

    def key(self, key: int) -> None:
        if key in (pyxel.KEY_SPACE, pyxel.GAMEPAD1_BUTTON_A):
            self.pointer = self.app.input.cursor
            self.feed(Select(*self.pointer))
        elif key in (pyxel.KEY_M, pyxel.GAMEPAD1_BUTTON_START):
            self.feed(OpenMenu(*self.pointer))
        else:
            self.feed(Command(KEYMAP[key]) if not self.app.top.typing else Command(TYPING_KEYS[key]))
        self.pointer = self.app.input.cursor if key in ARROWS else self.pointer
        self.feed()

    def type(self, text: str) -> None:
        self.feed(Typed(text))

    def until(self, done: Callable[[], bool], limit: int = 3000) -> None:
        for _ in range(limit):
            if done():
                return
            self.app.frame()
        raise AssertionError("the game never got there")

    @property
    def scene(self) -> PlayScene:
        scene = self.app.stack[0]
        assert isinstance(scene, PlayScene)
        return scene

    @property
    def table(self) -> Table:
        """The game at the table (the match, the play in hand, the messages): what the tests read."""
        return self.scene.table

    def menu(self, *path: str) -> None:
        """Open the menu over the board and choose ``path`` (``"Play", "Exit..."``) with the mouse."""
        self.click((200, 300), RIGHT)
        for label in path:
            menu = self.app.stack[-1]
            assert isinstance(menu, MenuScene)
            labels = [e.label for e in menu.entries]
            self.click(menu.menu.item_rect(labels.index(label)).center)

    def place(self, player: int, point: int) -> tuple[int, int]:
        """Screen point of a place in ``player``'s numbering (25 bar, 0 bin), as the viewer sees it."""
        viewer = self.scene.table.viewer
        if point == 0:
            return L.bin_box(player == viewer).center
        if point == 25:
            return L.slot_rect(L.Spot(player, 25), 0, viewer).center
        seen = L.Spot(player, point).seen_by(viewer)
        assert seen is not None
        return L.point_rect(seen).center


def make_app(seed: int = 1, speed: str = "off") -> App:
    app = App(headless=True, seed=seed, settings=Settings(animation_speed=speed))
    app.think_budget = 30.0  # each computer decision in one frame: the same game on any machine
    return app


def play_scene(app: App, setup: GameSetup, start: GameState | None = None) -> Driver:
    app.new_game(setup, None if start is None else Match(start.rules, rng=random.Random(3), start=start))
    return Driver(app)


def screen_colours() -> set[int]:
    return set(bytes(pyxel.screen.data_ptr()))


def all_pixels_in_palette() -> bool:
    return max(bytes(pyxel.screen.data_ptr())) < 16


def button(box: object, label: str) -> tuple[int, int]:
    """Where a dialog's button with ``label`` is (the game-over box also offers Review)."""
    assert isinstance(box, Dialog)
    return box.buttons[[c.label for c in box.choices].index(label)].rect.center


def human_turn(d: Driver, rng: random.Random) -> None:
    """Make the human's whole turn with the mouse: pick up and put down men the engine offers, confirm."""
    game = d.table.match.game
    part = d.table.partial()
    assert part is not None
    while not part.is_complete:
        options = part.options()
        src = rng.choice(sorted(options))
        dst = rng.choice(sorted(options[src]))
        d.click(d.place(game.turn, src))
        assert d.table.lifted_from == src
        d.click(d.place(game.turn, dst))
        new = d.table.partial()
        assert new is not None and len(new.steps) > len(part.steps), d.table.message
        part = new
    d.click(L.ROLL_BOX.center)  # confirm by clicking the dice


def test_a_game_against_the_computer_to_the_end_and_another(assets: Assets) -> None:
    app = make_app(seed=7)
    d = play_scene(app, GameSetup(players=1, side="red", level="beginner"))
    rng = random.Random(7)
    colours: set[int] = set()
    for _ in range(400):
        top = app.stack[-1]
        m = d.table.match
        if isinstance(top, Dialog):
            if top.window.title == "Game over":
                break
            d.key(pyxel.KEY_RETURN)  # take the computer's double
            continue
        game = m.game
        if game.actor == 1 and game.phase in ("opening", "roll"):
            d.click(L.DICE_BOX.center)
        elif game.actor == 1 and game.phase == "move":
            human_turn(d, rng)
        else:
            d.frames()
        colours |= screen_colours()
    assert isinstance(app.stack[-1], Dialog) and app.stack[-1].window.title == "Game over"
    assert m.game.phase == "over" and sum(m.score) > 0
    assert colours <= set(range(16))
    d.click(button(app.stack[-1], "Yes"))  # another game with the same options
    assert d.table.match.game_number == 2 and d.table.match.game.phase != "over"


def started(turn_dice: tuple[int, int] = (3, 1)) -> GameState:
    """Red (player 1, the human) to play ``turn_dice`` from the start."""
    return GameState.from_position(Rules(), Position.start(), turn=1, dice=turn_dice)


def test_illegal_clicks_give_a_message_and_change_nothing(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, GameSetup(players=1, side="red"), started())
    table = d.table
    record = list(table.match.record)
    d.click(d.place(1, 3))  # an empty point
    assert "no man on point 3" in table.message and table.lifted_from is None
    d.click(d.place(0, 6))  # the computer's men (our 19)
    assert table.message and table.lifted_from is None
    d.click(L.DICE_BOX.center)
    assert "rolled" in table.message
    d.click(d.place(1, 8))
    assert table.lifted_from == 8
    d.click(d.place(1, 2))  # 8/2 is no move of 3-1
    assert "cannot go to point 2" in table.message and table.lifted_from == 8
    d.click(L.ROLL_BOX.center)  # confirm too early
    assert "play all your dice" in table.message.lower()
    d.click(L.cube_rect(None, 1).center)
    assert "before rolling" in table.message
    assert table.match.record == record and table.partial() is not None and not table.partial().steps


def test_undo_each_step_and_the_whole_turn_then_confirm_by_key(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, GameSetup(players=1, side="red"), started())
    for src, dst in ((8, 5), (6, 5)):
        d.click(d.place(1, src))
        d.click(d.place(1, dst))
    assert d.table.partial().is_complete
    d.key(pyxel.KEY_U)
    assert [(s.src, s.dst) for s in d.table.partial().steps] == [(8, 5)]
    d.click(d.place(1, 24))
    d.click(d.place(1, 23))
    d.key(pyxel.KEY_X)  # the whole turn
    assert d.table.partial().steps == ()
    d.click(d.place(1, 13))
    d.click(d.place(1, 9))  # a combined move: 13/10/9
    assert len(d.table.partial().steps) == 2
    d.key(pyxel.KEY_RETURN)
    assert d.table.match.record[0] == Move(((13, 10), (10, 9)))


def test_undo_takes_back_a_man_moved_over_several_dice_in_one_go(assets: Assets) -> None:
    """24/15 with 3-3 is one man put down: one U puts it back on 24, not on 18."""
    app = make_app()
    d = play_scene(app, GameSetup(players=1, side="red"), started((3, 3)))
    d.click(d.place(1, 13))
    d.click(d.place(1, 10))
    d.click(d.place(1, 24))
    d.click(d.place(1, 15))  # 24/21/18/15: three dice in one placing
    assert len(d.table.partial().steps) == 4
    d.key(pyxel.KEY_U)
    assert [(s.src, s.dst) for s in d.table.partial().steps] == [(13, 10)]
    d.key(pyxel.KEY_U)
    assert d.table.partial().steps == ()
    d.key(pyxel.KEY_U)
    assert "nothing to undo" in d.table.message.lower()


def test_double_and_take_between_two_players(assets: Assets) -> None:
    app = make_app()
    start = GameState.from_position(Rules(), Position.start(), turn=0)
    d = play_scene(app, GameSetup(players=2), start)
    assert d.table.viewer == 0
    d.click(L.cube_rect(None, 0).center)
    dialog = app.stack[-1]
    assert isinstance(dialog, Dialog) and dialog.window.title == "Double"
    d.click(dialog.buttons[[c.label for c in dialog.choices].index("Take")].rect.center)
    game = d.table.match.game
    assert (game.cube, game.cube_owner, game.phase) == (2, 1, "roll")
    d.click(L.cube_rect(1, 0).center)  # player 0 no longer owns the cube
    assert "owns the cube" in d.table.message
    d.click(L.DICE_BOX.center)
    assert d.table.match.game.phase in ("move", "roll")


def test_a_hint_says_take_or_drop_in_the_double_box(assets: Assets) -> None:
    """Issue 19: H (or the box's Hint button) while a double is offered: the box comes back saying which."""
    app = make_app()
    start = GameState.from_position(Rules(), Position.start(), turn=0)
    d = play_scene(app, GameSetup(players=2), start)
    d.click(L.cube_rect(None, 0).center)
    box = app.stack[-1]
    assert isinstance(box, Dialog) and box.window.title == "Double"
    assert not any("Hint" in s for s in box.lines)
    expected = hint(Bot(play_module.HINT_LEVEL), d.table.match).kind
    assert expected in ("take", "drop")
    d.key(pyxel.KEY_H)
    d.until(lambda: isinstance(app.top, Dialog))
    again = app.top
    assert isinstance(again, Dialog) and again.window.title == "Double"
    assert again.lines[-1] == f"Hint: {expected}." and d.table.match.game.phase == "doubled"
    d.click(again.buttons[0].rect.center)  # its Hint button asks again: the same advice
    d.until(lambda: isinstance(app.top, Dialog))
    assert isinstance(app.top, Dialog) and app.top.lines[-1] == f"Hint: {expected}."


def test_the_computer_answers_a_double(assets: Assets) -> None:
    app = make_app()
    start = GameState.from_position(Rules(), Position.start(), turn=1)
    d = play_scene(app, GameSetup(players=1, side="red", level="expert"), start)
    d.key(pyxel.KEY_D)
    d.frames(3)
    assert d.table.match.record[:2] == [Double(), Take()]


def test_forfeit_from_the_menu_then_leave_to_the_title(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, GameSetup(players=1, side="red"), started())
    d.click((200, 300), RIGHT)
    menu = app.stack[-1]
    assert isinstance(menu, MenuScene)
    d.click(menu.menu.item_rect(0).center)  # Play
    sub = app.stack[-1]
    assert isinstance(sub, MenuScene) and sub.parent is menu
    labels = [e.label for e in sub.entries]
    d.click(sub.menu.item_rect(labels.index("Forfeit...")).center)
    ask = app.stack[-1]
    assert isinstance(ask, Dialog) and ask.window.title == "Forfeit" and d.table.match.game.phase != "over"
    d.click(ask.buttons[1].rect.center)  # Forfeit
    game = d.table.match.game
    assert (game.phase, game.winner, game.points, game.result) == ("over", 0, 2, "forfeit")
    d.frames(4)  # the jingle's moment, then the dialog
    dialog = app.stack[-1]
    assert isinstance(dialog, Dialog) and "forfeited" in dialog.lines[0]
    d.click(button(dialog, "No"))
    assert isinstance(app.stack[0], TitleScene)


def test_typed_moves_in_both_notations(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, GameSetup(players=1, side="red"), started())
    d.key(pyxel.KEY_T)
    dialog = app.stack[-1]
    assert isinstance(dialog, Dialog) and dialog.typing
    d.type("8/4 6/5")
    d.key(pyxel.KEY_RETURN)
    assert dialog in app.stack and "8/4" in dialog.error  # refused, the field stays
    for _ in range(7):
        d.key(pyxel.KEY_BACKSPACE)
    d.type("17,20,19,20")  # Wizard of OsZ: 8/5 6/5
    d.key(pyxel.KEY_RETURN)
    assert dialog not in app.stack
    assert d.table.match.record[0] == Move(((8, 5), (6, 5)))


def test_hint_shows_the_computers_play(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, GameSetup(players=1, side="red"), started())
    d.key(pyxel.KEY_H)
    d.until(lambda: d.table.hint is not None)
    assert d.table.message.startswith("Hint: ") and d.table.hint.sources
    d.click(d.place(1, 8))  # picking a man clears the hint
    assert d.table.hint is None


def test_no_legal_move_passes_with_a_message(assets: Assets) -> None:
    mine = [0] * 26
    mine[25], mine[6] = 1, 14
    theirs = [0] * 26
    theirs[1:7] = [2, 2, 2, 2, 2, 3]
    theirs[13] = 2
    pos = Position.from_counts(mine, theirs)
    app = make_app()
    d = play_scene(app, GameSetup(players=1, side="red"), GameState.from_position(Rules(), pos, turn=1))
    d.click(L.DICE_BOX.center)
    assert "no move possible" in d.table.message
    assert d.table.match.game.turn == 0


def test_keyboard_cursor_and_gamepad(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, GameSetup(players=1, side="red"), started())
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


def test_sounds_follow_the_toggles(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, GameSetup(players=1, side="red"), started())
    app.prefs.change(sounds=False)
    d.click(d.place(1, 8))
    assert app.sounds.last is None
    d.key(pyxel.KEY_ESCAPE)
    app.prefs.change(sounds=True, turkish_clicks=True)
    d.click(d.place(1, 8))
    assert app.sounds.last == "slap"


def test_menus_toggle_options(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, GameSetup(players=1, side="red"), started())
    assert app.prefs.settings.hint_arrows and d.table.hints
    d.key(pyxel.KEY_M)
    top = app.stack[-1]
    assert isinstance(top, MenuScene)
    d.click(top.menu.item_rect(1).center)  # Options
    sub = app.stack[-1]
    assert isinstance(sub, MenuScene)
    d.click(sub.menu.item_rect(0).center)  # Hint arrows
    assert not d.table.hints and app.stack == [d.scene]  # this game's arrows
    assert app.prefs.settings.hint_arrows  # the default for new games is the Create form's


def test_the_form_greys_what_does_not_apply_and_maxgammon_opens_with_white(assets: Assets) -> None:
    """Issue 19: side and level greyed for two players, auto doubles for matches and MaxGammon; White opens.

    Before, Black chosen under MaxGammon made seat 0, the seat that opens, Black.
    """
    app = make_app()
    d = Driver(app)
    d.key(pyxel.KEY_SPACE)
    form = app.stack[0]
    assert isinstance(form, NewGameScene)
    d.click(form.rows[0].toggles[1].rect.center)  # two players
    side, level = form.rows[1], form.rows[2]
    assert not any(t.enabled for t in side.toggles + level.toggles)
    d.click(level.toggles[0].rect.center)  # greyed: nothing happens
    assert form.setup.level == "intermediate"
    assert not any(p in form.stops() for p in ((t.rect.x + 8, t.rect.y + 10) for t in side.toggles))
    d.click(form.rows[0].toggles[0].rect.center)  # one player again: both live
    assert all(t.enabled for row in form.rows[1:3] for t in row.toggles)

    assert form.rows[5].toggles[0].enabled  # money, standard rules: automatic doubles apply
    d.click(form.plus.rect.center)  # a 1-point match
    assert not form.rows[5].toggles[0].enabled
    d.click(form.rows[5].toggles[0].rect.center)
    assert not form.setup.auto_doubles
    d.click(form.minus.rect.center)
    d.click(form.rows[4].toggles[1].rect.center)  # Black for the other side...
    assert form.setup.other_colour == "black"
    d.click(form.rows[3].toggles[1].rect.center)  # ... then MaxGammon: White opens, seat 0 is White
    assert form.setup.variant == "maxgammon" and form.setup.other_colour == "white"
    assert form.rows[4].toggles[0].on and not form.rows[4].toggles[1].enabled
    assert not form.rows[5].toggles[0].enabled
    assert GameSetup(variant="maxgammon", other_colour="black").colours == ("white", "red")
    d.click(form.play.rect.center)
    scene = app.stack[0]
    assert isinstance(scene, PlayScene) and scene.table.players[0].colour == "white"
    game = scene.table.match.game
    assert game.actor == 0  # seat 0, White, opens


def test_title_then_new_game_form(assets: Assets) -> None:
    app = make_app(speed="fast")
    d = Driver(app)
    d.frames(40)
    assert isinstance(app.stack[0], TitleScene)
    assert all_pixels_in_palette()
    d.key(pyxel.KEY_SPACE)
    form = app.stack[0]
    assert isinstance(form, NewGameScene)
    two = form.rows[0].toggles[1]
    d.click(two.rect.center)
    d.click(form.play.rect.center)
    scene = app.stack[0]
    assert isinstance(scene, PlayScene) and scene.table.bots == {}


def test_any_key_or_gamepad_button_leaves_the_title(assets: Assets) -> None:
    """Issue 19: "Click or press a key" means any key, and any gamepad button, through the real input."""
    for button in (pyxel.KEY_Q, pyxel.KEY_F5, pyxel.KEY_1, pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER):
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
        Keys(app, KEYBOARD_ONLY if device == "keys" else GAMEPAD_ONLY).take(delete.rect.center)
    app.frame()
    box = app.top
    assert isinstance(box, Dialog) and box.window.title == "Delete"
    assert box.window.rect.bottom < delete.rect.y  # the button shows below the box
    assert pyxel.screen.pget(delete.rect.x + 2, delete.rect.y + 2) == wimp.BUTTON_BG  # not inverted
    assert not delete.pressed


def test_computer_thinks_in_slices_within_the_budget(assets: Assets) -> None:
    app = make_app()
    app.think_budget = 0.006
    pos = Position.from_position_id("4HPwATDgc/ABMA")
    d = play_scene(
        app,
        GameSetup(players=1, side="red", level="master"),
        GameState.from_position(Rules(), pos, dice=(2, 2)),
    )
    frames = 0
    while d.table.match.game.turn == 0 and frames < 500:
        d.frames()
        frames += 1
    assert 1 < frames < 500  # several frames of thinking, then the play


def test_a_play_is_shown_from_the_engines_steps(assets: Assets) -> None:
    """Each step's die and hit come from the engine: 8/5* 6/5 hits with the 3, then the 1 is left."""
    start = Position.start()
    theirs = list(start.theirs)
    theirs[24], theirs[20] = 1, 1  # a blot on our 5 point
    pos = Position.from_counts(list(start.mine), theirs)
    app = make_app(speed="normal")
    d = play_scene(
        app, GameSetup(players=1, side="red"), GameState.from_position(Rules(), pos, turn=1, dice=(3, 1))
    )
    d.key(pyxel.KEY_T)  # Type a move
    d.type("6/5 8/5")
    d.key(pyxel.KEY_RETURN)
    run = d.scene.run
    assert run is not None and run.moves == [(8, 5), (6, 5)]
    assert run.dice_left == [(3, 1), (1,), ()]
    assert [b.theirs[25] for b in run.boards] == [0, 1, 1]  # the hit, on the first step
    d.until(lambda: d.scene.run is None)
    assert d.table.match.record == [Move(((8, 5), (6, 5)))]


def test_a_man_put_down_on_a_blot_sounds_the_hit_its_step_made(assets: Assets) -> None:
    start = Position.start()
    theirs = list(start.theirs)
    theirs[24], theirs[20] = 1, 1  # a blot on our 5 point
    pos = Position.from_counts(list(start.mine), theirs)
    app = make_app()
    d = play_scene(
        app, GameSetup(players=1, side="red"), GameState.from_position(Rules(), pos, turn=1, dice=(3, 1))
    )
    d.click(d.place(1, 6))
    d.click(d.place(1, 5))  # 6/5 with the 1 hits the blot
    assert app.sounds.last == "hit"
    d.click(d.place(1, 8))
    d.click(d.place(1, 5))  # 8/5 with the 3: the blot is on the bar already
    assert app.sounds.last == "click"
    assert [s.hit for s in d.table.partial().steps] == [True, False]
    d.key(pyxel.KEY_X)  # the whole turn again, 8/5 first: now that step hits
    d.click(d.place(1, 8))
    d.click(d.place(1, 5))
    assert app.sounds.last == "hit" and [s.hit for s in d.table.partial().steps] == [True]


def test_a_forfeit_while_the_computer_thinks_drops_the_thought(assets: Assets) -> None:
    """The answer to a moment that is gone is never applied: the next game starts clean."""
    app = make_app()
    app.think_budget = 0.002
    pos = Position.from_position_id("OQcJkxGUOYEqEw")  # 637 plays with 2-2: many frames for the master
    d = play_scene(
        app,
        GameSetup(players=1, side="red", level="master"),
        GameState.from_position(Rules(), pos, dice=(2, 2)),
    )
    d.frames(3)  # the first frame is drawn before any thought
    assert not app.cursor_shown and d.table.match.game.phase == "move"  # the hourglass: it thinks
    d.menu("Play", "Forfeit...")  # from the menu, while the computer thinks: asked first
    box = app.stack[-1]
    assert isinstance(box, Dialog) and "Master wins 2 points (twice the cube)." in box.lines
    d.click(box.buttons[1].rect.center)  # Forfeit
    assert app.cursor_shown and d.table.match.game.phase == "over"  # the thought is dropped
    d.until(lambda: isinstance(app.stack[-1], Dialog))
    over = app.stack[-1]
    assert isinstance(over, Dialog) and over.window.title == "Game over"
    d.click(button(over, "Yes"))  # another game
    d.until(lambda: len(d.table.match.record) >= 3)
    assert d.table.match.record[:2] == [Forfeit(1), NewGame()]
    assert isinstance(d.table.match.record[2], Roll) and "annot" not in d.table.message


def test_demo_writes_a_screenshot(assets: Assets, tmp_path: pytest.TempPathFactory) -> None:
    out = tmp_path / "demo.png"  # type: ignore[operator]
    assert main(["--demo", "--frames", "30", "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 1000
    assert PartialPlay  # the engine's partial plays are what the scene asks


def test_demo_makes_a_missing_folder_and_says_what_it_cannot_write(
    assets: Assets, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 19: a screenshot into a missing folder makes it; one behind a file says why, no traceback."""
    assert screenshot_path(str(tmp_path / "shot")) == tmp_path / "shot.png"  # where Pyxel writes it
    out = tmp_path / "missing" / "dir" / "x.png"
    assert main(["--demo", "--frames", "1", "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 1000
    (tmp_path / "a file").write_text("")
    capsys.readouterr()
    assert main(["--demo", "--frames", "1", "--screenshot", str(tmp_path / "a file" / "x.png")]) == 1
    err = capsys.readouterr().err
    assert "cannot make the folder" in err and "a file is in the way" in err and "Traceback" not in err


def test_no_display_is_said_and_the_game_exits(
    assets: Assets, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 19: without a display the game says so and exits 2, instead of looping with no window."""
    monkeypatch.setattr(cart_main.sys, "platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(App, "run", lambda self: pytest.fail("the game loop started"))
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "no display" in err and "--text" in err
    # A display named but not answering: SDL falls back to drawing off screen, as the tests' Pyxel does.
    assert cart_main._video_driver() in {None, *cart_main.INVISIBLE_DRIVERS}  # asked of the real SDL
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr(cart_main, "_video_driver", lambda: "offscreen")
    assert main([]) == 2
    assert "'offscreen' video driver" in capsys.readouterr().err


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
        (pyxel.KEY_R, Command("roll")),
        (pyxel.KEY_RETURN, Command("confirm")),
        (pyxel.GAMEPAD1_BUTTON_A, Select(100, 120)),
        (pyxel.GAMEPAD1_BUTTON_START, OpenMenu(100, 120, keys=True)),  # highlights its first item
        (pyxel.GAMEPAD1_BUTTON_B, Command("undo")),
        (pyxel.GAMEPAD1_BUTTON_DPAD_LEFT, Command("left")),
    ):
        pyxel.set_btn(button, True)
        assert expected in inp.poll(), button
        assert expected not in inp.poll()  # held, not pressed again
        release_all(inp)
    pyxel.set_input_text("8/5 6/5")
    pyxel.set_btn(pyxel.KEY_R, True)
    typed = inp.poll(typing=True)
    assert Typed("8/5 6/5") in typed and Command("roll") not in typed
    pyxel.set_input_text("")
    release_all(inp)


def test_the_hourglass_and_the_name_strip_show_while_the_computer_thinks(assets: Assets) -> None:
    """Issue 17: a thought longer than a frame shows an hourglass at the pointer and on its strip."""
    app = make_app()
    app.think_budget = 0.001
    pos = Position.from_position_id("OQcJkxGUOYEqEw")  # 637 plays with 2-2: many frames for the master
    d = play_scene(
        app,
        GameSetup(players=1, side="red", level="master"),
        GameState.from_position(Rules(), pos, dice=(2, 2)),
    )
    d.pointer = (100, 300)
    d.frames(2)
    assert not app.cursor_shown  # the hourglass instead of the pointer
    inks = {pyxel.pget(x, y) for x in range(95, 106) for y in range(295, 306)}
    assert {Wimp.DARK_BLUE, Wimp.LIGHT_BLUE, Wimp.YELLOW} <= inks  # the hourglass at the pointer
    strip = L.seat_rows(L.THEIR_SEAT).name  # the computer sits at the top
    strip_inks = {
        pyxel.pget(x, y) for x in range(strip.x + 5, strip.x + 15) for y in range(strip.y + 2, strip.y + 13)
    }
    assert Wimp.YELLOW in strip_inks
    d.until(lambda: d.table.match.game.turn == 1)
    d.frames()
    assert app.cursor_shown
    strip_inks = {
        pyxel.pget(x, y) for x in range(strip.x + 5, strip.x + 15) for y in range(strip.y + 2, strip.y + 13)
    }
    assert Wimp.YELLOW not in strip_inks


def test_the_computers_play_is_said_in_the_numbers_on_the_board(assets: Assets) -> None:
    """Issue 17: 24/13 by the player at the top landed on the point labelled 12: it reads 1/12."""
    app = make_app()
    d = play_scene(
        app,
        GameSetup(players=1, side="red", level="expert"),
        GameState.from_position(Rules(), Position.start(), dice=(6, 5)),
    )
    d.until(lambda: d.table.match.game.turn == 1)
    assert d.table.viewer == 1
    assert d.table.message == "Expert played 1/12"
    assert d.table.marks == (0, ((24, 18), (18, 13)))


def test_a_two_player_game_says_each_play_from_the_next_players_side(assets: Assets) -> None:
    """Issue 17: human moves in a two-player game are reported, in the numbers the next player sees."""
    app = make_app()
    d = play_scene(app, GameSetup(players=2), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    mover = d.table.match.game.turn
    d.click(d.place(mover, 8))
    d.click(d.place(mover, 5))
    d.click(d.place(mover, 6))
    d.click(d.place(mover, 5))
    d.click(L.ROLL_BOX.center)  # confirm
    assert d.table.match.game.turn == 1 - mover and d.table.viewer == 1 - mover
    name = d.table.players[mover].name
    assert d.table.message == f"{name} played 17/20 19/20"
    assert d.table.marks == (mover, ((8, 5), (6, 5)))


def test_a_long_message_scrolls_so_its_reason_is_read_whole(assets: Assets) -> None:
    """Issue 17: the strip holds 3 lines of 23 characters; a longer message moves up a line at a time."""
    app = make_app()
    d = play_scene(app, GameSetup(players=2), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    text = "'8/3 6/5' is not a legal play of 1-5 in this position: the 1 must be played from the bar"
    d.table.say(text)
    lines = wrap_words(text, MESSAGE_COLS)
    assert len(lines) > MESSAGE_ROWS
    shown: list[str] = []
    for _ in range(len(lines) * SCROLL_FRAMES):
        d.frames()
        first = d.table.log.first_line(MESSAGE_COLS, MESSAGE_ROWS)  # the line the strip starts at
        shown.extend(lines[first : first + MESSAGE_ROWS])
    assert set(shown) == set(lines)  # every line of it was on the strip


def test_you_are_spoken_to_in_english(assets: Assets) -> None:
    """Issue 17: "You take", "You win a gammon", never "You takes", "You wins"."""
    app = make_app()
    mine = [0] * 26
    mine[0], mine[1] = 14, 1  # one man left, on the 1 point
    theirs = [0] * 26
    theirs[19] = 15  # all theirs in our home board: a backgammon
    pos = Position.from_counts(mine, theirs)
    d = play_scene(
        app,
        GameSetup(players=1, side="red", level="expert"),
        GameState.from_position(Rules(), pos, turn=1, dice=(2, 1)),
    )
    d.click(d.place(1, 1))
    d.click(d.place(1, 0))
    d.click(L.ROLL_BOX.center)  # confirm: the last man off
    d.until(lambda: isinstance(app.stack[-1], Dialog))
    box = app.stack[-1]
    assert isinstance(box, Dialog)
    text = " ".join(box.lines)
    assert "You win a backgammon" in text and "You wins" not in text


def test_forfeit_asks_first_and_cancel_keeps_the_game(assets: Assets) -> None:
    """Issue 17: Forfeit asks, says what it gives away, and Cancel (the default) keeps the game."""
    app = make_app()
    d = play_scene(app, GameSetup(players=2), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    d.click((200, 300), RIGHT)
    d.click(app.stack[-1].menu.item_rect(0).center)  # Play
    labels = [e.label for e in app.stack[-1].entries]
    d.click(app.stack[-1].menu.item_rect(labels.index("Forfeit...")).center)
    box = app.stack[-1]
    assert isinstance(box, Dialog) and box.window.title == "Forfeit"
    assert any("wins 2 points" in line for line in box.lines)
    d.key(pyxel.KEY_RETURN)
    assert app.stack[-1] is d.scene and d.table.match.game.phase == "move" and not d.table.match.record


def test_exit_asks_first_and_an_unsaved_game_defaults_to_staying(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, GameSetup(players=2), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    d.menu("Play", "Exit...")
    box = app.stack[-1]
    assert isinstance(box, Dialog) and "not saved" in " ".join(box.lines)
    d.key(pyxel.KEY_RETURN)
    assert app.stack[-1] is d.scene
    d.menu("Play", "Exit...")
    d.click(app.stack[-1].buttons[1].rect.center)  # Exit
    assert isinstance(app.stack[0], TitleScene)


def rest(d: Driver, xy: tuple[int, int], frames: int = TOOLTIP_DELAY + 1) -> None:
    d.pointer = xy
    d.frames(frames)


def on_screen(d: Driver, tip: str, at: tuple[int, int] | None = None) -> bool:
    """The screen shows ``tip`` beside the pointer (or ``at``), pixel for pixel as a tooltip is painted."""
    box = tip_box(tip, at or d.pointer)
    assert box is not None
    want = pyxel.Image(box.w, box.h)
    draw_tip(want, d.app.assets, tip, Rect(0, 0, box.w, box.h))
    return all(
        want.pget(x, y) == pyxel.screen.pget(box.x + x, box.y + y) for y in range(box.h) for x in range(box.w)
    )


def test_a_tip_shows_after_a_pause_and_suits_the_phase(assets: Assets) -> None:
    """Issue 17: 'click to roll' only when the player may roll; nothing before the pause."""
    app = make_app()
    d = play_scene(app, GameSetup(players=2), GameState.from_position(Rules(), Position.start(), turn=0))
    to_roll = "Dice to roll: click (or R) to roll"
    rest(d, L.DICE_BOX.center, TOOLTIP_DELAY - 1)
    assert not on_screen(d, to_roll)
    d.frames(2)
    assert on_screen(d, to_roll)
    d.key(pyxel.KEY_R)  # rolled: the tip goes with the action
    assert d.table.match.game.phase == "move" and not on_screen(d, to_roll)
    rest(d, L.DICE_BOX.center)
    assert on_screen(d, "Dice to roll: the next roll is made here")


def test_a_tip_never_covers_the_strip_or_the_dice(assets: Assets) -> None:
    """Issue 17: wherever the pointer rests, the tip's box is clear of the message strip and all dice."""
    app = make_app()
    d = play_scene(app, GameSetup(players=2), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    shown = 0
    for xy in [L.ROLL_BOX.center, L.DICE_BOX.center, L.YOUR_BIN.center, L.point_rect(19).center]:
        xy = (xy[0], xy[1])
        rest(d, xy)
        tip = d.scene.tip()
        if tip is None:
            continue
        shown += 1
        _, box = tip
        for r in (L.MESSAGE, L.ROLL_BOX, L.DICE_BOX, L.seat_rows(L.THEIR_SEAT).icon):
            assert box.right <= r.x or r.right <= box.x or box.bottom <= r.y or r.bottom <= box.y, (xy, r)
    assert shown >= 3


def test_no_tip_under_a_dialog(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, GameSetup(players=2), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    rest(d, L.ROLL_BOX.center)
    mine = "Your roll: click (or Return) to confirm your move"
    assert on_screen(d, mine)
    at = d.pointer
    d.menu("Play", "Rules")
    d.frames()
    assert not on_screen(d, mine, at)


def test_the_first_frame_does_not_wait_for_the_weights(
    assets: Assets, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 17: the computer's first thought (which reads the weights) comes after the first frame."""
    made: list[int] = []
    real = play_module.Bot

    def counting(*args: object, **kwargs: object) -> object:
        made.append(app.clock.frames)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(play_module, "Bot", counting)
    app = make_app()
    d = play_scene(app, GameSetup(players=0), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    d.frames(1)
    assert made == []
    d.frames(1)
    assert made == [1]


def test_the_title_starts_and_stops_its_own_music(assets: Assets) -> None:
    """Issue 17: enter/leave hooks: the title's music is the title's job, not the App's."""
    app = App(headless=True, seed=1, settings=Settings(animation_speed="off"))
    assert isinstance(app.top, TitleScene) and app.sounds.music_playing
    d = Driver(app)
    d.key(pyxel.KEY_SPACE)  # to the form (no store: no saved games)
    assert isinstance(app.stack[0], NewGameScene) and not app.sounds.music_playing
    app.to_title()
    assert app.sounds.music_playing


def test_the_music_tick_says_it_is_the_titles(assets: Assets) -> None:
    """Issue 19: no tune plays at the table, so the Sounds menu's tick says it is the title's music."""
    app = make_app()
    d = play_scene(app, GameSetup(players=2), started())
    d.menu("Sounds")
    sounds = app.top
    assert isinstance(sounds, MenuScene)
    assert sounds.entries[0].label == "Title music" and sounds.entries[0].ticked
    d.click(sounds.menu.item_rect(0).center)
    assert not app.prefs.settings.music and not app.sounds.music_playing
    app.to_title()
    assert not app.sounds.music_playing  # unticked at the table: the title is quiet too


def test_resign_from_the_menu_at_three_levels_and_the_computer_answers(assets: Assets) -> None:
    """Issue 18: Resign offers a single, a gammon or a backgammon; the computer accepts a fair offer."""
    app = make_app()
    d = play_scene(app, GameSetup(players=1, side="red", level="expert"), started())
    d.click((200, 300), RIGHT)
    d.click(app.stack[-1].menu.item_rect(0).center)  # Play
    labels = [e.label for e in app.stack[-1].entries]
    d.click(app.stack[-1].menu.item_rect(labels.index("Resign...")).center)
    box = app.stack[-1]
    assert isinstance(box, Dialog) and box.window.title == "Resign"
    assert [b.label for b in box.buttons] == ["Cancel", "Single", "Gammon", "Backgammon"]
    d.click(box.buttons[2].rect.center)  # Gammon: twice what the start is worth to anyone
    d.frames(4)
    game = d.scene.match.game
    assert d.scene.match.record[-2:] == [Resign(1, 2), Accept()]
    assert (game.phase, game.winner, game.points, game.result) == ("over", 0, 2, "resign")
    over = app.stack[-1]
    assert isinstance(over, Dialog) and "resigned" in over.lines[0] and "gammon" in over.lines[0]


def test_the_computer_offers_to_resign_a_lost_game_and_the_player_answers(assets: Assets) -> None:
    """Issue 18: a computer sure to lose a single game offers it; the person declines (play on) or accepts."""
    white = [5] + [0] * 25
    white[6] = 10  # five off, ten on its six point: no gammon, and no way to win
    red = [13, 2] + [0] * 24  # two men left, on the ace point
    lost = GameState.from_position(Rules(), Position.from_counts(white, red), turn=0)
    for answer, phase in ((0, "roll"), (1, "over")):  # Decline, then Accept
        app = make_app()
        d = play_scene(app, GameSetup(players=1, side="red", level="expert"), lost)
        d.frames(3)
        box = app.stack[-1]
        assert isinstance(box, Dialog) and box.window.title == "Resign", d.scene.match.record
        assert d.scene.match.record == [Resign(0, 1)] and "single" in " ".join(box.lines)
        d.click(box.buttons[answer].rect.center)
        if phase == "over":
            assert d.scene.match.game.phase == "over"
            assert (d.scene.match.game.winner, d.scene.match.game.points) == (1, 1)
        else:  # declined once: it plays the game out instead of asking again every turn
            d.frames(6)
            assert d.scene.match.record.count(Resign(0, 1)) == 1


KEYBOARD_ONLY: dict[str, int] = {
    "left": pyxel.KEY_LEFT,
    "right": pyxel.KEY_RIGHT,
    "up": pyxel.KEY_UP,
    "down": pyxel.KEY_DOWN,
    "select": pyxel.KEY_SPACE,
    "confirm": pyxel.KEY_RETURN,
}
GAMEPAD_ONLY: dict[str, int] = {
    "left": pyxel.GAMEPAD1_BUTTON_DPAD_LEFT,
    "right": pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT,
    "up": pyxel.GAMEPAD1_BUTTON_DPAD_UP,
    "down": pyxel.GAMEPAD1_BUTTON_DPAD_DOWN,
    "select": pyxel.GAMEPAD1_BUTTON_A,
    "confirm": pyxel.GAMEPAD1_BUTTON_X,
}
"""The buttons a keyboard-only and a gamepad-only player press: arrows or d-pad, select, confirm."""


class Keys:
    """A player with only a keyboard (or only a gamepad): real buttons through ``pyxel.set_btn``.

    Each press is one frame with the button down and one with it up (after a
    ``pyxel.flip``), read by the app's own :class:`Input` as under
    ``pyxel.run``; the mouse never moves.
    """

    def __init__(self, app: App, buttons: dict[str, int]) -> None:
        self.app = app
        self.buttons = buttons

    def press(self, name: str) -> None:
        button = self.buttons[name]
        pyxel.set_btn(button, True)
        self.app.frame()
        pyxel.set_btn(button, False)
        pyxel.flip()  # Pyxel lets a button go only at the next frame
        self.app.frame()

    def walk_to(self, target: tuple[int, int]) -> None:
        """Press arrows along the shortest way between the scene's stops to ``target``."""
        for direction in arrow_way(self.app, target):
            self.press(direction)
        assert self.app.input.cursor == target

    def take(self, at: tuple[int, int]) -> None:
        self.walk_to(at)
        self.press("select")


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
        GameSetup(players=1, side="red", level="expert"),
        GameState.from_position(Rules(), pos, dice=(3, 1)),
    )
    keys = Keys(app, GAMEPAD_ONLY if pad else KEYBOARD_ONLY)
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
    d = play_scene(app, GameSetup(players=1, side="red"), started())
    keys = Keys(app, KEYBOARD_ONLY)
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
