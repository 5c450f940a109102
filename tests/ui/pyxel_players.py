"""Players for the UI tests who use only Pyxel's real input: a keyboard, a gamepad, or a mouse that drags.

Each drives the app's own :class:`~cart.ui.kit.intents.Input` through
``pyxel.set_btn`` and ``pyxel.set_mouse_pos``, frame by frame, as under
``pyxel.run``; no intents are fed. ``play_to_the_end`` plays the person's
every turn with one of them until the game-over box.
"""

from __future__ import annotations

import random

import pyxel
from seats import against

from cart.engine import GameState, Match, Move, PartialPlay, Position, Rules
from cart.store import Settings
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.table.play import PlayScene
from cart.ui.wimp.dialogs import Dialog


def arrow_way(
    app: App, target: tuple[int, int], fields: frozenset[tuple[int, int]] = frozenset()
) -> list[str]:
    """The arrows, shortest first, that take the top scene's keyboard cursor to ``target``.

    Asks the scene's own :meth:`~cart.ui.wimp.stage.Scene.next_stop`, as the App does, from where the
    App starts (the focus, else the scene's origin, else the cursor); in ``fields`` (text fields
    with the caret) only Up and Down move, as Left and Right are the caret's.
    """
    top = app.top
    assert target in top.stops(), f"{target} is not a stop of the keyboard cursor"
    start = top.focus or top.focus_origin() or app.input.cursor
    way: dict[tuple[int, int], list[str]] = {start: []}
    todo = [start]
    while todo and target not in way:
        at = todo.pop(0)
        for direction in ("up", "down") if at in fields else ("left", "right", "up", "down"):
            nxt = top.next_stop(at, direction)
            if nxt is not None and nxt not in way:
                way[nxt] = [*way[at], direction]
                todo.append(nxt)
    assert target in way, f"{target} cannot be reached with the arrows"
    return way[target]


HUMAN = 1  # Red, the player at the bottom; the computer is White, seat 0
LEFT = pyxel.MOUSE_BUTTON_LEFT

KEYBOARD = {
    "left": pyxel.KEY_LEFT,
    "right": pyxel.KEY_RIGHT,
    "up": pyxel.KEY_UP,
    "down": pyxel.KEY_DOWN,
    "select": pyxel.KEY_SPACE,
    "confirm": pyxel.KEY_RETURN,
}
GAMEPAD = {
    "left": pyxel.GAMEPAD1_BUTTON_DPAD_LEFT,
    "right": pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT,
    "up": pyxel.GAMEPAD1_BUTTON_DPAD_UP,
    "down": pyxel.GAMEPAD1_BUTTON_DPAD_DOWN,
    "select": pyxel.GAMEPAD1_BUTTON_A,
    "confirm": pyxel.GAMEPAD1_BUTTON_X,
}


def release_all() -> None:
    """Let go of every button a player here presses, so a test that failed half-way leaves none held."""
    for button in (
        LEFT,
        pyxel.MOUSE_BUTTON_RIGHT,
        pyxel.KEY_ESCAPE,
        pyxel.KEY_R,
        *KEYBOARD.values(),
        *GAMEPAD.values(),
    ):
        pyxel.set_btn(button, False)
    pyxel.flip()


def bar_start() -> GameState:
    """Red (the player) to roll with a man on the bar and six at home; White has nine in its home board.

    White holds its 4, 5 and 6 points, so Red enters on a 1, 2 or 3; the
    game is a short race after that, long enough for Red to bear off.
    """
    mine = [0] * 26
    mine[25], mine[6], mine[5], mine[4] = 1, 2, 2, 2
    theirs = [0] * 26
    theirs[6], theirs[5], theirs[4] = 3, 3, 3
    mine[0], theirs[0] = 15 - sum(mine), 15 - sum(theirs)
    return GameState.from_position(Rules(), Position.from_counts(mine, theirs), turn=HUMAN)


def new_app(seed: int, start: GameState | None = None, speed: str = "off") -> tuple[App, PlayScene]:
    """Red against the beginner from ``start`` (:func:`bar_start`), its dice drawn from ``seed``."""
    app = App(headless=True, seed=seed, settings=Settings(animation_speed=speed))
    app.think_budget = 30.0  # each computer decision in one frame: the same game on any machine
    start = start or bar_start()
    scene = app.new_game(
        against("beginner"),
        Match(start.rules, names=("Beginner", "You"), rng=random.Random(seed), start=start),
    )
    app.frame()
    return app, scene


def next_step(part: PartialPlay) -> tuple[int, int]:
    """The player's step: bear off if a man may, else move the rearmost man as far as it may go."""
    options = part.options()
    off = [src for src in sorted(options) if 0 in options[src]]
    if off:
        return off[-1], 0
    src = max(options)
    return src, min(options[src])


class Keys:
    """A player with only a keyboard, or only a gamepad: each press one frame down and one up."""

    def __init__(self, app: App, buttons: dict[str, int]) -> None:
        self.app = app
        self.buttons = buttons
        self.presses = 0

    def press(self, name: str) -> None:
        button = self.buttons[name]
        pyxel.set_btn(button, True)
        self.app.frame()
        pyxel.set_btn(button, False)
        pyxel.flip()  # Pyxel lets a button go only at the next frame
        self.app.frame()
        self.presses += 1

    def walk_to(self, target: tuple[int, int]) -> None:
        """The arrows along the shortest way between the scene's stops to ``target``."""
        for direction in arrow_way(self.app, target):
            self.press(direction)
        assert self.app.input.cursor == target

    def take(self, at: tuple[int, int]) -> None:
        """Walk to ``at`` and press select there (a button, a radio icon)."""
        self.walk_to(at)
        self.press("select")

    def roll(self) -> None:
        self.press("confirm")  # Return (pad: X) rolls when the dice are to roll

    def step(self, src: int, dst: int) -> None:
        self.walk_to(L.bar_rect(True).center if src == 25 else L.point_rect(src).center)
        self.press("select")
        self.walk_to(L.YOUR_BIN.center if dst == 0 else L.point_rect(dst).center)
        self.press("select")

    def confirm(self) -> None:
        self.press("confirm")

    def answer(self, box: Dialog) -> None:
        self.press("confirm")  # the box's default: take the computer's double


class Mouse:
    """A player with only a mouse who moves men by drag and drop: press on a man, drag, release."""

    STEPS = 6  # frames the pointer takes from the man to where it goes

    def __init__(self, app: App, scene: PlayScene) -> None:
        self.app = app
        self.scene = scene
        self.drags = 0

    def to(self, at: tuple[int, int]) -> None:
        """The pointer moves to ``at``: one frame."""
        pyxel.set_mouse_pos(*at)
        self.app.frame()

    def down(self, button: int = LEFT) -> None:
        pyxel.set_btn(button, True)
        self.app.frame()

    def up(self, button: int = LEFT) -> None:
        pyxel.set_btn(button, False)
        pyxel.flip()  # Pyxel lets a button go only at the next frame
        self.app.frame()

    def click(self, at: tuple[int, int], button: int = LEFT) -> None:
        self.to(at)
        self.down(button)
        self.up(button)

    def carry(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """With the button held, the pointer goes from ``a`` to ``b`` over :attr:`STEPS` frames."""
        for i in range(1, self.STEPS + 1):
            self.to((a[0] + (b[0] - a[0]) * i // self.STEPS, a[1] + (b[1] - a[1]) * i // self.STEPS))

    def drag(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """Press at ``a``, carry to ``b``, let go there."""
        self.to(a)
        self.down()
        self.carry(a, b)
        self.up()

    def roll(self) -> None:
        self.click(L.DICE_BOX.center)

    def man(self, point: int) -> tuple[int, int]:
        """The top man of the player's ``point`` (25: the bar) in the turn being made, where it is drawn."""
        part = self.scene.table.partial()
        board = part.position if part is not None else self.scene.table.match.game.board(HUMAN)
        spot = L.Spot(HUMAN, point)
        return L.slot_rect(spot, min(board.mine[point], L.place_count_cap(spot)) - 1, HUMAN).center

    def step(self, src: int, dst: int) -> None:
        """Press on the top man of ``src``, carry it across frames, let go over ``dst``; check it follows."""
        a = self.man(src)
        b = L.YOUR_BIN.center if dst == 0 else L.point_rect(dst).center
        self.to(a)
        self.down()
        for i in range(1, self.STEPS + 1):
            at = (a[0] + (b[0] - a[0]) * i // self.STEPS, a[1] + (b[1] - a[1]) * i // self.STEPS)
            self.to(at)
            lifted = self.scene.view()[1].lifted
            assert lifted is not None, "the man is not in the hand"
            assert (lifted.point, lifted.x, lifted.y) == (src, *at), "the man does not follow the pointer"
        self.up()
        self.drags += 1

    def confirm(self) -> None:
        self.click(L.ROLL_BOX.center)

    def answer(self, box: Dialog) -> None:
        self.click(next(b for b in box.buttons if b.default).rect.center)


def play_to_the_end(app: App, scene: PlayScene, player: Keys | Mouse) -> list[tuple[int, int]]:
    """Play the player's every turn with ``player`` until the game-over box; the steps made, in order."""
    steps: list[tuple[int, int]] = []
    match = scene.table.match
    for _ in range(2000):
        top = app.top
        if isinstance(top, Dialog):
            if top.window.title == "Game over":
                return steps
            player.answer(top)
            continue
        game = match.game
        if game.actor != HUMAN or game.phase not in ("roll", "move"):
            app.frame()
            continue
        if game.phase == "roll":
            player.roll()
            assert match.game is not game, scene.table.message
            continue
        part = scene.table.partial()
        assert part is not None
        while not part.is_complete:
            src, dst = next_step(part)
            player.step(src, dst)
            new = scene.table.partial()
            assert new is not None and len(new.steps) > len(part.steps), scene.table.message
            assert scene.table.lifted_from is None
            steps.append((src, dst))
            part = new
        play = part.play()
        n = len(match.record)
        player.confirm()
        assert play is not None and match.record[n : n + 1] == [Move.of(play)], scene.table.message
    raise AssertionError("the game never ended")
