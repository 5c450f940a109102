"""The questions asked over the board: the double, Forfeit, Exit and Resign, answered by a person or not.

Split from ``test_ui_app.py`` (which plays the game itself and keeps the drivers used here):
each box is a decision the game waits on, with its own default, Cancel and hint.
"""

from __future__ import annotations

import pyxel
from seats import against, two
from test_ui_app import RIGHT, button, make_app, play_scene, started

from cart.ai import Bot
from cart.ai.turn import hint
from cart.engine import Accept, Double, GameState, Position, Resign, Rules, Take
from cart.ui.board import layout as L
from cart.ui.kit.assets import Assets
from cart.ui.table import play as play_module
from cart.ui.title import TitleScene
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.menus import MenuScene


def test_double_and_take_between_two_players(assets: Assets) -> None:
    app = make_app()
    start = GameState.from_position(Rules(), Position.start(), turn=0)
    d = play_scene(app, two(), start)
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
    d = play_scene(app, two(), start)
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
    d = play_scene(app, against("expert"), start)
    d.key(pyxel.KEY_D)
    d.frames(3)
    assert d.table.match.record[:2] == [Double(), Take()]


def test_forfeit_from_the_menu_then_leave_to_the_title(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, against(), started())
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


def test_forfeit_asks_first_and_cancel_keeps_the_game(assets: Assets) -> None:
    """Issue 17: Forfeit asks, says what it gives away, and Cancel (the default) keeps the game."""
    app = make_app()
    d = play_scene(app, two(), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
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
    d = play_scene(app, two(), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    d.menu("Play", "Exit...")
    box = app.stack[-1]
    assert isinstance(box, Dialog) and "not saved" in " ".join(box.lines)
    d.key(pyxel.KEY_RETURN)
    assert app.stack[-1] is d.scene
    d.menu("Play", "Exit...")
    d.click(app.stack[-1].buttons[1].rect.center)  # Exit
    assert isinstance(app.stack[0], TitleScene)


def test_resign_from_the_menu_at_three_levels_and_the_computer_answers(assets: Assets) -> None:
    """Issue 18: Resign offers a single, a gammon or a backgammon; the computer accepts a fair offer."""
    app = make_app()
    d = play_scene(app, against("expert"), started())
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
        d = play_scene(app, against("expert"), lost)
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
