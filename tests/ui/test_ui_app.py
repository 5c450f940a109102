"""The playable game, driven headless by simulated mouse, keys and gamepad, as a player would.

Every test builds its own :class:`App` on the session's one Pyxel screen and
steps it with :meth:`App.frame` (no clock). The computer thinks with a large
time budget here, so each of its decisions lands in one frame and the games
are the same on any machine. The drivers here are shared: the boxes asked over
the board, the input devices, the computer's thinking, the way in (title, form,
demo) and the board's words are tested with them in ``test_ui_boxes.py``,
``test_ui_input.py``, ``test_ui_computer.py``, ``test_ui_title.py`` and
``test_ui_board_text.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pyxel
from seats import against

from cart.engine import (
    GameState,
    Match,
    Move,
    Position,
    Rules,
)
from cart.store import GameOptions, Settings
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.kit.assets import Assets
from cart.ui.kit.intents import TYPING_KEYS, Command, Intent, OpenMenu, Pointer, Select, Typed
from cart.ui.routes import PlayNew, start_game
from cart.ui.table.play import PlayScene
from cart.ui.table.table import Table
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.menus import MenuScene

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
            top = self.app.top  # the keys mean what they mean on the screen shown (its keymap)
            self.feed(Command(top.keymap[key]) if not top.typing else Command(TYPING_KEYS[key]))
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


def play_scene(app: App, options: GameOptions, start: GameState | None = None) -> Driver:
    app.new_game(options, None if start is None else Match(start.rules, rng=random.Random(3), start=start))
    return Driver(app)


PALETTE = bytes(range(16))


def all_pixels_in_palette() -> bool:
    """No pixel outside the 16 colours (deleting them from the screen's bytes: a set of the bytes, a
    frame at a time, cost a whole game through the UI a third of a second)."""
    return not bytes(pyxel.screen.data_ptr()).translate(None, PALETTE)


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
    d = play_scene(app, against("beginner"))
    rng = random.Random(7)
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
        assert all_pixels_in_palette()
    assert isinstance(app.stack[-1], Dialog) and app.stack[-1].window.title == "Game over"
    assert m.game.phase == "over" and sum(m.score) > 0
    d.click(button(app.stack[-1], "Yes"))  # another game with the same options
    assert d.table.match.game_number == 2 and d.table.match.game.phase != "over"


def started(turn_dice: tuple[int, int] = (3, 1)) -> GameState:
    """Red (player 1, the human) to play ``turn_dice`` from the start."""
    return GameState.from_position(Rules(), Position.start(), turn=1, dice=turn_dice)


def test_illegal_clicks_give_a_message_and_change_nothing(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, against(), started())
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
    d = play_scene(app, against(), started())
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


def test_after_undo_the_strip_no_longer_says_all_dice_are_played(assets: Assets) -> None:
    """6-5 played in full, a click on another man says why not; U gives the 6 back, and the reason goes."""
    app = make_app()
    d = play_scene(app, against(), started((6, 5)))
    for src, dst in ((24, 18), (13, 8)):
        d.click(d.place(1, src))
        d.click(d.place(1, dst))
    d.click(d.place(1, 6))
    assert "all your dice are played" in d.table.message.lower()
    d.key(pyxel.KEY_U)
    assert d.table.partial().dice_left == (5,)
    assert "all your dice" not in d.table.message.lower()
    d.click(d.place(1, 6))
    d.key(pyxel.KEY_X)  # the whole turn, too
    assert "all your dice" not in d.table.message.lower() and d.table.partial().steps == ()


def test_undo_takes_back_a_man_moved_over_several_dice_in_one_go(assets: Assets) -> None:
    """24/15 with 3-3 is one man put down: one U puts it back on 24, not on 18."""
    app = make_app()
    d = play_scene(app, against(), started((3, 3)))
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


def test_typed_moves_in_both_notations(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, against(), started())
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
    d = play_scene(app, against(), started())
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
    d = play_scene(app, against(), GameState.from_position(Rules(), pos, turn=1))
    d.click(L.DICE_BOX.center)
    assert "and cannot move" in d.table.message
    assert d.table.match.game.turn == 0


def test_sounds_follow_the_toggles(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, against(), started())
    app.prefs.change(sounds=False)
    d.click(d.place(1, 8))
    assert app.sounds.last is None
    d.key(pyxel.KEY_ESCAPE)
    app.prefs.change(sounds=True, turkish_clicks=True)
    d.click(d.place(1, 8))
    assert app.sounds.last == "slap"


def test_menus_toggle_options(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, against(), started())
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


def test_a_play_is_shown_from_the_engines_steps(assets: Assets) -> None:
    """Each step's die and hit come from the engine: 8/5* 6/5 hits with the 3, then the 1 is left."""
    start = Position.start()
    theirs = list(start.theirs)
    theirs[24], theirs[20] = 1, 1  # a blot on our 5 point
    pos = Position.from_counts(list(start.mine), theirs)
    app = make_app(speed="normal")
    d = play_scene(app, against(), GameState.from_position(Rules(), pos, turn=1, dice=(3, 1)))
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
    d = play_scene(app, against(), GameState.from_position(Rules(), pos, turn=1, dice=(3, 1)))
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


def test_either_side_is_drawn_as_the_game_starts_and_the_dice_do_not_depend_on_it() -> None:
    drawn = {}
    for seed in range(8):
        either = start_game(against("expert"), random.Random(seed), either=True)
        red = start_game(against("expert"), random.Random(seed))
        assert isinstance(either, PlayNew) and isinstance(red, PlayNew) and red.options == against("expert")
        assert either.match.names == either.options.names
        assert either.match.rng.getstate() == red.match.rng.getstate()  # the same dice, whatever the side
        drawn[either.options.computer] = either.options
    assert drawn == {0: against("expert"), 1: GameOptions(Rules(), ("You", "Expert"), 1, "expert")}
