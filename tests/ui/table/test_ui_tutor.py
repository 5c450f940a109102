"""The tutor: before a play or cube action worse than its level it asks; No takes it back, Yes lets it stand.

Split from ``test_ui_review.py`` (which keeps the player and app used here): the tutor judges
as the Review window does, but while a game is played, in a box over the board.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import pyxel
from seats import against, two
from test_ui_review import RIGHT, Player, make_app

from cart.engine import GameState, Match, Move, Position, Rules
from cart.store import Settings
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.board.view_state import Hints
from cart.ui.kit.assets import Assets
from cart.ui.table.play import PlayScene
from cart.ui.table.table import Table, arrows
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.menus import MenuScene


def tutor_game(tmp_path: Path, level: str = "bad") -> tuple[App, Player]:
    """Red (the player) to play 3-1 from the start against the expert, with the tutor at ``level``."""
    app = make_app(tmp_path, tutor=level)
    state = GameState.from_position(Rules(), Position.start(), turn=1, dice=(3, 1))
    app.new_game(against("expert"), Match(Rules(), start=state, rng=random.Random(2)))
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
    "keyboard": ((pyxel.KEY_RETURN,), (pyxel.KEY_DOWN, pyxel.KEY_SPACE)),
    "gamepad": ((pyxel.GAMEPAD1_BUTTON_X,), (pyxel.GAMEPAD1_BUTTON_DPAD_DOWN, pyxel.GAMEPAD1_BUTTON_A)),
}
"""No is the default (Return, pad X); Yes is the other button, reached by an arrow (the d-pad) from the
pointer, by the dice above and right of the box, and pressed (Space, pad A)."""


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
    assert "tutor" not in table.message  # "looking at it" was for while it judged: not stale in the strip,
    assert not any("tutor" in said for said in table.log.history())  # nor kept in the log
    assert box.lines[0].startswith("The Master prefers 8/5 6/5") and not table.match.record
    cost = [line for line in box.lines if line.startswith("It costs ")]
    assert len(cost) == 1 and cost[0].endswith(("doubtful.", " bad.")), box.lines  # as the Review marks it
    assert [c.label for c in box.choices if c.default] == ["No"]  # the default keeps clear of the blunder
    master = Hints(1, frozenset({8, 6}), frozenset({5}))
    assert table.hint == master  # the Master's play on the board, in the hint arrows' look
    no, yes = (b.rect.center for b in box.buttons)
    keys = ANSWERS[answer]
    if keys is None:
        p.click(no)
    else:
        for key in keys[0]:
            p.press(key)
    assert p.top is scene and not table.match.record
    part = table.partial()
    assert part is not None and not part.steps  # the men are back: choose again
    assert table.hint == master  # its arrows stay until the player moves
    scene.draw(pyxel.screen)
    assert scene.view()[1].hints == master
    p.click(L.point_rect(24).center)
    assert table.hint is None  # a man picked up: the player moves, the arrows go
    p.click(L.point_rect(23).center)
    play_by_mouse(p, (24, 21))
    box = tutor_box(p)
    if keys is None:
        p.click(yes)
    else:
        p.press(keys[1][0])
        assert box.focus == yes
        p.press(keys[1][1])
    first = table.match.record[0]  # the computer may have rolled since
    assert p.top is scene and isinstance(first, Move) and sorted(first.moves) == [(24, 21), (24, 23)]


def test_the_tutor_is_a_step_of_the_play_scene_and_the_table_is_asked_once(
    assets: Assets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scene hands a person's play to the tutor before the table: held, judged and said Yes to, it
    reaches the table (and the engine) once, not once held by a guard and again with a pass."""
    app, p = tutor_game(tmp_path)
    scene = app.stack[0]
    assert isinstance(scene, PlayScene)
    table = scene.table
    asked: list[object] = []
    act, apply = Table.act, Match.apply
    monkeypatch.setattr(
        Table, "act", lambda self, action, **kw: asked.append(("table", action)) or act(self, action, **kw)
    )
    monkeypatch.setattr(
        Match, "apply", lambda self, action: asked.append(("engine", action)) or apply(self, action)
    )
    play_by_mouse(p, (24, 23), (24, 21))
    box = tutor_box(p)
    assert asked == []  # held by the tutor: the table has not been asked
    p.click(box.buttons[1].rect.center)  # Yes
    played = [action for _, action in asked if isinstance(action, Move)]
    assert [where for where, action in asked if isinstance(action, Move)] == ["table", "engine"]
    assert played[0] == played[1] == table.match.record[0]


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
    app.new_game(two(), Match(Rules(), start=state, rng=random.Random(2)))
    p = Player(app)
    scene = app.stack[0]
    assert isinstance(scene, PlayScene)
    table = scene.table
    p.click(L.cube_rect(None, table.viewer).center)
    box = tutor_box(p)
    assert box.lines[0].startswith("The Master would not double here")
    assert box.lines[-1].startswith("It costs ") and table.hint is None  # no play to show for the cube
    p.click(box.buttons[1].rect.center)  # Yes: double anyway
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


def test_the_masters_arrows_show_where_each_man_starts_and_ends_not_its_stops() -> None:
    """Play-test: the tutor's "13/3(2)" put a red arrow on 8 (the men's stop on the way) over a yellow
    one; the arrows say where men leave and where they land, as the play is written."""
    assert arrows(1, ((13, 8), (8, 3), (13, 8), (8, 3))) == Hints(1, frozenset({13}), frozenset({3}))
    assert arrows(0, ((8, 5), (6, 5))) == Hints(0, frozenset({8, 6}), frozenset({5}))
    assert arrows(1, ((24, 18), (18, 13), (13, 7))) == Hints(1, frozenset({24}), frozenset({7}))
