"""Golden screenshots of the main screens, compared pixel for pixel (as Wimp colour numbers).

The goldens are 4-bit indexed PNGs in ``tests/ui/golden/`` (a few KB each),
written by this module itself so they stay small and exact. After a change
that is meant to alter the look, check the new pictures by eye and rewrite them:

    GOLDEN_UPDATE=1 python -m pytest tests/ui/test_ui_golden.py

A failing comparison writes the actual screen to the temporary folder as
``<name>.actual.png`` and names it in the failure, to look at.
"""

from __future__ import annotations

import os
import random
import struct
import tempfile
import zlib
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
import pyxel
from finished_game import finished_game, finished_review
from seats import against

from cart.ai.bot import load_weights, teacher_weights
from cart.ai.rollout import Settings as RolloutSettings
from cart.engine import Forfeit, GameState, Match, Move, Position, Roll, Rules
from cart.store import GameOptions, Settings, Store
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.board.view_state import Player
from cart.ui.kit.assets import Assets
from cart.ui.kit.geom import SCREEN
from cart.ui.kit.intents import Command, OpenMenu, Pointer, Select, Typed
from cart.ui.kit.palette import WIMP_RGB
from cart.ui.review.review import ReviewScene
from cart.ui.review.review_rollout import RolloutScene
from cart.ui.review.review_source import ReviewSource
from cart.ui.table.play import PlayScene
from cart.ui.wimp.dialogs import TOOLTIP_DELAY, Dialog
from cart.ui.wimp.menus import SUBMENU_REST, MenuScene
from cart.ui.wimp.stage import Push
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.saved_games import free_name
from cart.ui.windows.start import StartScene

GOLDEN = Path(__file__).parent / "golden"
W, H = SCREEN


def screen() -> bytes:
    return bytes(pyxel.screen.data_ptr())


def write_png(path: Path, pixels: bytes) -> None:
    """A 4-bit indexed PNG of the 16 Wimp colours."""
    rows = b"".join(
        b"\0" + bytes((pixels[y * W + x] << 4) | pixels[y * W + x + 1] for x in range(0, W, 2))
        for y in range(H)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    plte = b"".join(rgb.to_bytes(3, "big") for rgb in WIMP_RGB)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 4, 3, 0, 0, 0))
        + chunk(b"PLTE", plte)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def read_png(path: Path) -> bytes:
    """Pixels of a PNG written by :func:`write_png` (filter 0 rows only)."""
    data = path.read_bytes()
    pos = 8
    idat = b""
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8 : pos + 8 + n]
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = W // 2 + 1
    packed = b"".join(raw[y * stride + 1 : (y + 1) * stride] for y in range(H))  # each row's filter byte out
    out = bytearray(2 * len(packed))
    out[0::2] = packed.translate(bytes(b >> 4 for b in range(256)))  # two pixels a byte, the left high
    out[1::2] = packed.translate(bytes(b & 15 for b in range(256)))
    return bytes(out)


def check(name: str) -> None:
    pixels = screen()
    assert max(pixels) < 16, "a colour outside the Wimp palette reached the screen"
    path = GOLDEN / f"{name}.png"
    if os.environ.get("GOLDEN_UPDATE") or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        write_png(path, pixels)
        if not os.environ.get("GOLDEN_UPDATE"):
            pytest.fail(f"no golden {path.name} yet: written, look at it and commit it")
        return
    expected = read_png(path)
    if expected != pixels:
        actual = Path(tempfile.gettempdir()) / f"{name}.actual.png"
        write_png(actual, pixels)
        diff = sum(a != b for a, b in zip(expected, pixels, strict=True))
        pytest.fail(f"{name}: {diff} pixels differ from {path} (see {actual})")


def app(store: Store | None = None) -> App:
    a = App(store=store, headless=True, seed=0, settings=Settings(animation_speed="fast"))
    a.think_budget = 30.0  # one decision per frame: the same pictures on any machine
    return a


def started(a: App) -> PlayScene:
    state = GameState.from_position(Rules(), Position.start(), turn=1, dice=(3, 1))
    return a.new_game(against("expert"), Match(rules=Rules(), start=state))


def frame(a: App, *intents: object, at: tuple[int, int] = (600, 500)) -> None:
    a.feed([Pointer(*at), *intents])  # type: ignore[list-item]
    a.draw()


def shot_title(a: App) -> None:
    for _ in range(90):
        frame(a)


def shot_create(a: App) -> None:
    a.to_new_game()
    frame(a, at=(400, 300))
    frame(a, at=(400, 300))


def shot_start(a: App) -> None:
    assert a.store is not None
    a.store.games.create("Friday night", GameOptions(Rules(), ("Expert", "You"), computer=0, level="expert"))
    match = GameOptions(Rules(match_length=7), ("White player", "Red player"))
    a.store.games.create("Café ☕ match", match, record=[Roll((3, 1)), Move(((8, 5), (6, 5)))])
    maxg = GameOptions(Rules(variant="maxgammon"), ("You", "Beginner"), computer=1, level="beginner")
    a.store.games.create("Against the beginner", maxg)
    a.to_start()
    start = a.top
    assert isinstance(start, StartScene)
    frame(a, Select(*start.row_rect(1).center), at=start.row_rect(1).center)
    frame(a, at=(600, 60))


def shot_start_new_matches(a: App) -> None:
    """Issue 43: the list after three "Play a new match"es (named as it names them), the pointer resting
    on one: its tip gives the name, both players and the score whole."""
    assert a.store is not None
    options = GameOptions(
        Rules(match_length=3), ("Master", "Bartholomew Fitzwilliams"), computer=0, level="master"
    )
    name = "Match three v Master"
    for score in range(4):
        a.store.games.create(name, options, record=[Roll((3, 1)), Forfeit(score % 2)] if score < 3 else [])
        name = free_name(a.store, name)
    a.to_start()
    start = a.top
    assert isinstance(start, StartScene)
    for _ in range(TOOLTIP_DELAY + 1):
        frame(a, at=start.row_rect(1).center)


def shot_play(a: App) -> None:
    scene = started(a)
    frame(a, Select(*L.point_rect(8).center))
    frame(a, Select(*L.point_rect(5).center))
    frame(a, Select(*L.point_rect(6).center))
    frame(a, at=(300, 150))
    assert scene.table.lifted_from == 6


def shot_focus(a: App) -> None:
    """Issue 19: the keyboard cursor's red frame, on point 5 with the man from 8 in hand (3-1 to play)."""
    scene = started(a)
    eight = L.point_rect(8).center
    a.input.warp(*eight)
    frame(a, Select(*eight), at=eight)
    for _ in range(3):  # 7, over the bar to 6, then 5
        frame(a, Command("right"), at=a.input.cursor)
    frame(a, at=a.input.cursor)
    assert scene.table.lifted_from == 8 and scene.focus == L.point_rect(5).center


def shot_drag(a: App) -> None:
    """Issue 19: the top man of 8 pressed on and carried by the mouse, held, halfway to 5 (3-1 to play)."""
    scene = started(a)
    eight = L.slot_rect(L.Spot(1, 8), 2, 1).center
    a.feed([Pointer(*eight, held=True), Select(*eight)])
    a.draw()
    for at in ((180, 420), (190, 405), (196, 394)):
        a.feed([Pointer(*at, held=True)])
        a.draw()
    assert scene.table.lifted_from == 8 and scene.drag is not None


def shot_match(a: App) -> None:
    """Issue 19: the match strip in a Crawford game of a match to 7, White 6 and Red 4 (the player's)."""
    rules = Rules(match_length=7)
    match = Match(rules, names=("Expert", "You"), rng=random.Random(5))
    match.score = (6, 4)
    match.game = GameState.from_position(rules, Position.start(), turn=1, dice=(6, 5), crawford=True)
    a.new_game(against("expert", Rules(match_length=7)), match)
    frame(a, at=(600, 60))


def shot_menu(a: App) -> None:
    started(a)
    frame(a, OpenMenu(120, 120))
    menu = a.top
    assert isinstance(menu, MenuScene)
    item = menu.menu.item_rect(0).center
    frame(a, Select(*item), at=item)
    sub = a.top
    assert isinstance(sub, MenuScene)
    frame(a, at=sub.menu.item_rect([e.label for e in sub.entries].index("Exit...")).center)


def forfeit(a: App) -> None:
    """Play > Forfeit... from the menu, and Forfeit in the box that asks first, with the mouse."""
    frame(a, OpenMenu(120, 120))
    for label in ("Play", "Forfeit..."):
        menu = a.top
        assert isinstance(menu, MenuScene)
        item = menu.menu.item_rect([e.label for e in menu.entries].index(label)).center
        frame(a, Select(*item), at=item)
    box = a.top
    assert isinstance(box, Dialog) and box.window.title == "Forfeit"
    frame(a, Select(*box.buttons[1].rect.center), at=box.buttons[1].rect.center)


def keys(a: App, *names: str) -> None:
    """Arrow commands as the keys give them, each a frame, the pointer where the keys put the cursor."""
    for name in names:
        frame(a, Command(name), at=a.input.cursor)  # type: ignore[arg-type]
    frame(a, at=a.input.cursor)


def shot_create_focus(a: App) -> None:
    """Issue 19: the keys' dotted red frame on the Create form's 'MaxGammon' radio icon."""
    a.to_new_game()
    frame(a, at=(400, 300))
    keys(a, "down", "down", "down", "down", "down", "down")
    form = a.top
    assert isinstance(form, NewGameScene) and form.focused is None
    maxgammon = form.rows[3].toggles[1]
    assert maxgammon.label == "MaxGammon" and form.focus == (maxgammon.rect.x + 8, maxgammon.rect.y + 10)


def shot_keyboard(a: App) -> None:
    """The on-screen keyboard over the Create form's Your name: 'Ann' typed, Shift off, the d-pad on 'n'."""
    a.to_new_game()
    frame(a, at=(400, 300))
    a.services.used.device = "pad"  # intents fed here, not polled: the pad's help line, as a pad player sees
    keys(a, "down", "down")
    form = a.top
    assert isinstance(form, NewGameScene) and form.focused is form.you
    frame(a, Command("keyboard"), at=a.input.cursor)
    assert a.top is not form
    for _ in form.you.text:
        frame(a, Command("erase"), at=a.input.cursor)
    frame(a, Typed("A"), Command("shift"), at=a.input.cursor)
    keys(a, "down", "right", "right", "right")
    frame(a, Select(*a.input.cursor), Select(*a.input.cursor), at=a.input.cursor)
    assert form.you.text == "Ann"


def shot_start_focus(a: App) -> None:
    """Issue 19: 25 saved games scrolled to the highlighted 21st, the slider, the keys' frame on Play."""
    assert a.store is not None
    for i in range(25):
        options = GameOptions(Rules(), ("Expert", "You"), computer=0, level="expert")
        a.store.games.create(f"Evening {i + 1:02}", options)
    a.to_start()
    start = a.top
    assert isinstance(start, StartScene)
    frame(a, at=(320, 256))
    keys(a, *["down"] * 20, "right", "right", "right")
    assert start.focus == start.play.rect.center and start.first > 0


def shot_menu_hover(a: App) -> None:
    """Issue 19: MENU at the right edge; Play's submenu opened by resting on its arrow, at the left."""
    started(a)
    frame(a, OpenMenu(630, 40), at=(630, 40))
    menu = a.top
    assert isinstance(menu, MenuScene)
    play = menu.menu.item_rect(0)
    for _ in range(SUBMENU_REST):
        frame(a, at=(play.right - 6, play.center[1]))
    sub = a.top
    assert isinstance(sub, MenuScene) and sub.parent is menu and sub.menu.rect.right <= menu.menu.rect.x + 1
    hint = sub.menu.item_rect([e.label for e in sub.entries].index("Hint"))
    frame(a, at=(hint.x + 20, hint.center[1]))


def shot_pointer(a: App) -> None:
    """Issue 19: the Acorn pointer, drawn by the cart over the board (headless pictures ask for it)."""
    a.draw_pointer = True
    started(a)
    frame(a, at=(290, 120))
    frame(a, at=(290, 120))


def shot_game_over(a: App) -> None:
    started(a)
    forfeit(a)
    for _ in range(4):
        frame(a)


def shot_game_over_rated(a: App) -> None:
    a.create_game("Rated", against("expert"))
    forfeit(a)
    for _ in range(4):
        frame(a)


def shot_review(a: App) -> None:
    """Issue 20: a finished game (beginner against intermediate) told back, an error selected.

    The nets (the players' and the teacher's) are loaded first: else the deep pass's first slices, one
    a frame, load them, and the shot read "Deep analysis 0 of 99" or "1 of 99" by whether an earlier
    test in the process had loaded them (run alone, this file failed here and in the rollout's shot)."""
    load_weights(), teacher_weights()
    match = finished_game()
    players = (Player("Beginner", "white", computer=True), Player("You", "red"))
    source = ReviewSource("Friday night", match, players, 1, cached=finished_review())
    scene = ReviewScene(a.services, source)
    a.go(Push(scene))
    frame(a)
    for _ in range(3):
        frame(a, Command("next_error"))  # the third error: a very bad play, both plays' arrows
    frame(a, at=(600, 60))


def shot_rollout(a: App) -> None:
    """Issue 37: the Review's very bad play rolled out, its plays side by side (three plain trials)."""
    shot_review(a)
    frame(a, Command("rollout"))
    scene = a.top
    assert isinstance(scene, RolloutScene)
    scene.run.settings = RolloutSettings(luck="none", max_trials=3)
    while scene.run.running:
        frame(a)
    frame(a, at=(600, 60))


def tutor_asks(a: App, scene: PlayScene) -> None:
    """Both back men up with 3-1 (bad: 8/5 6/5 makes a point), and the tutor's box over the board."""
    for point in (24, 23, 24, 21):
        frame(a, Select(*L.point_rect(point).center))
    frame(a, Select(*L.ROLL_BOX.center))
    for _ in range(4):
        frame(a)
    assert isinstance(a.top, Dialog) and a.top.window.title == "Tutor" and not scene.table.match.record


def shot_tutor(a: App) -> None:
    """Issue 20: the tutor asks before a bad play (3-1: both back men up), over the board."""
    a.prefs.settings = a.prefs.settings.replace(tutor="bad")
    tutor_asks(a, started(a))
    frame(a, at=(600, 60))


def bar_game(a: App, state: GameState) -> PlayScene:
    return a.new_game(against("expert"), Match(rules=Rules(), start=state, rng=random.Random(0)))


def bar_position(red_on_bar: int) -> Position:
    """White (seat 0, to play) with three home points made; Red, the player, with men on the bar."""
    white = [0, 0, 0, 0, 2, 2, 3, 0, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]
    red = [0, 0, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 6 - red_on_bar, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, red_on_bar]
    return Position.from_counts(white, red)


def shot_double_bar(a: App) -> None:
    """Issue 43: the expert doubles while two of the player's men wait on the bar: the box leaves the
    bar, the strip and the men in view."""
    scene = bar_game(a, GameState.from_position(Rules(), bar_position(2), turn=0).double()[0])
    for _ in range(3):
        frame(a)
    assert isinstance(a.top, Dialog) and a.top.window.title == "Double"
    assert scene.table.match.game.phase == "doubled"
    frame(a, at=(100, 300))


def shot_tutor_bar(a: App) -> None:
    """Issue 43: the tutor questions both back men up (3-1) while one of the expert's men waits on the
    bar; its box leaves the bar, the play and the Master's arrows in view."""
    a.prefs.settings = a.prefs.settings.replace(tutor="bad")
    white = [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]
    red = [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]
    state = GameState.from_position(Rules(), Position.from_counts(red, white), turn=1, dice=(3, 1))
    tutor_asks(a, bar_game(a, state))
    frame(a, at=(100, 300))


def shot_computer_dice(a: App) -> None:
    """Issue 28: the computer's 3-2 played (13/10 13/11 as it sees it), its dice left in its seat
    and the strip saying the roll with the play; the player is to roll."""
    state = GameState.from_position(Rules(), Position.start(), turn=0, dice=(3, 2))
    scene = a.new_game(against("expert"), Match(rules=Rules(), start=state))
    for _ in range(200):
        if scene.table.match.game.turn == 1 and not scene.beats:
            break
        frame(a)
    frame(a, at=(600, 60))
    frame(a, at=(600, 60))
    assert scene.table.match.game.phase == "roll" and scene.table.message.startswith("Expert rolled 32: ")


SHOTS: dict[str, Callable[[App], None]] = {
    "title": shot_title,
    "create": shot_create,
    "start": shot_start,
    "start_new_matches": shot_start_new_matches,
    "play": shot_play,
    "focus": shot_focus,
    "drag": shot_drag,
    "match": shot_match,
    "menu": shot_menu,
    "create_focus": shot_create_focus,
    "keyboard": shot_keyboard,
    "start_focus": shot_start_focus,
    "menu_hover": shot_menu_hover,
    "pointer": shot_pointer,
    "game_over": shot_game_over,
    "game_over_rated": shot_game_over_rated,
    "review": shot_review,
    "rollout": shot_rollout,
    "tutor": shot_tutor,
    "computer_dice": shot_computer_dice,
    "double_bar": shot_double_bar,
    "tutor_bar": shot_tutor_bar,
}


@pytest.mark.parametrize("name", SHOTS)
def test_golden_screens(assets: Assets, name: str, tmp_path: Path) -> None:
    store = Store(tmp_path, clock=lambda: datetime(2025, 1, 31, 18, 4, 5, tzinfo=UTC))
    stored = (
        "create",
        "create_focus",
        "keyboard",
        "start",
        "start_focus",
        "game_over_rated",
        "start_new_matches",
    )
    a = app(store if name in stored else None)
    SHOTS[name](a)
    check(name)


def test_png_round_trip(tmp_path: Path) -> None:
    pixels = bytes((x + y) % 16 for y in range(H) for x in range(W))
    write_png(tmp_path / "t.png", pixels)
    assert read_png(tmp_path / "t.png") == pixels
