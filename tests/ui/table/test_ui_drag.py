"""Drag and drop on the board, and input kept during the dice tumble, through Pyxel's real mouse and keys.

Issue 19: MaxGammon moves a man by press, drag and release, or by a click on
it and a click where it goes; both are the table's own pick-up and put-down,
so a drag hits, enters and bears off as a click does. A press that does not
move is a click; a drag that ends where it began is a click; a refused drop
puts the man back with the words a click there gets; MENU or Escape during a
drag puts it back. Clicks, drags and keys made while the dice tumble or a
play is shown are acted on, in order, when it is over.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import pyxel
from pyxel_players import HUMAN, LEFT, Mouse, new_app, next_step, release_all

from cart.engine import GameState, Move, Position, Rules
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.kit.assets import Assets
from cart.ui.kit.intents import Command, Input, Pointer, Release, Select
from cart.ui.table.drag import HELD_LIMIT, Held
from cart.ui.table.play import PlayScene
from cart.ui.wimp.dialogs import TOOLTIP_DELAY
from cart.ui.wimp.menus import MenuScene

RIGHT = pyxel.MOUSE_BUTTON_RIGHT


@pytest.fixture(autouse=True)
def no_button_left_held() -> Iterator[None]:
    yield
    release_all()


def on_the_bar(dice: tuple[int, int] = (3, 5)) -> GameState:
    """Red (the player) to play ``dice`` with a man on the bar; White's blot on its 3 point (Red's 22)."""
    mine = [0] * 26
    mine[25], mine[6], mine[8], mine[13] = 1, 5, 3, 5
    theirs = [0] * 26
    theirs[3], theirs[6], theirs[8], theirs[13] = 1, 5, 3, 5
    mine[0], theirs[0] = 15 - sum(mine), 15 - sum(theirs)
    return GameState.from_position(Rules(), Position.from_counts(mine, theirs), turn=HUMAN, dice=dice)


def at_home(dice: tuple[int, int] = (6, 3)) -> GameState:
    """Red to play ``dice`` with every man at home: a 6 bears one off.

    White keeps a real chance (six men against six), so the computer plays on rather
    than resign a race it cannot win.
    """
    mine = [0] * 26
    mine[6], mine[4], mine[2] = 2, 2, 2
    theirs = [0] * 26
    theirs[6], theirs[5] = 3, 3
    mine[0], theirs[0] = 15 - sum(mine), 15 - sum(theirs)
    return GameState.from_position(Rules(), Position.from_counts(mine, theirs), turn=HUMAN, dice=dice)


def setup(start: GameState, speed: str = "off", seed: int = 1) -> tuple[App, PlayScene, Mouse]:
    app, scene = new_app(seed, start, speed)
    return app, scene, Mouse(app, scene)


def test_a_drag_enters_from_the_bar_hitting_and_bears_off(assets: Assets) -> None:
    """The same steps, dice and hits as a click's; the picked man is not drawn on its point meanwhile."""
    app, scene, mouse = setup(on_the_bar())
    t = scene.table
    bar = mouse.man(25)
    mouse.to(bar)
    mouse.down()
    mouse.carry(bar, L.point_rect(22).center)
    game, view = scene.view()
    assert t.lifted_from == 25 and view.position_for(game, HUMAN).mine[25] == 1
    assert view.lifted is not None and (view.lifted.x, view.lifted.y) == L.point_rect(22).center
    mouse.up()
    part = t.partial()
    assert part is not None and [(s.src, s.dst, s.die, s.hit) for s in part.steps] == [(25, 22, 3, True)]
    assert app.sounds.last == "hit" and part.position.theirs[25] == 1 and t.lifted_from is None
    mouse.drag(mouse.man(6), L.point_rect(1).center)
    mouse.click(L.ROLL_BOX.center)
    assert t.match.record[0] == Move(((25, 22), (6, 1)))

    app, scene, mouse = setup(at_home())
    mouse.drag(mouse.man(6), L.YOUR_BIN.center)
    part = scene.table.partial()
    assert part is not None and [(s.src, s.dst, s.die) for s in part.steps] == [(6, 0, 6)]
    assert app.sounds.last == "bear_off" and part.position.mine[0] == 10


def test_a_drag_with_automatic_confirmation_ends_the_turn(assets: Assets) -> None:
    app, scene, mouse = setup(at_home())
    app.prefs.ticks["auto_confirm"] = True
    mouse.drag(mouse.man(6), L.YOUR_BIN.center)
    mouse.drag(mouse.man(4), L.point_rect(1).center)
    assert scene.table.match.record == [Move(((6, 0), (4, 1)))]


def test_a_press_that_stays_or_a_drag_back_to_its_point_is_a_click(assets: Assets) -> None:
    """The man stays in the hand, drawn at the pointer, for a second click to put it down."""
    _, scene, mouse = setup(on_the_bar())
    t = scene.table
    bar = mouse.man(25)
    mouse.click(bar)
    assert t.lifted_from == 25
    mouse.click(bar)  # put back
    edge = (L.BAR_X + 1, bar[1])
    mouse.to(edge)
    mouse.down()
    mouse.to((edge[0] - 3, edge[1]))  # a shaky press, over point 18 by a hair: still a click
    mouse.up()
    assert t.lifted_from == 25
    mouse.click(L.point_rect(22).center)
    part = t.partial()
    assert part is not None and len(part.steps) == 1  # click and click still moves a man
    six = mouse.man(6)
    mouse.to(six)
    mouse.down()
    mouse.carry(six, L.point_rect(1).center)
    mouse.carry(L.point_rect(1).center, (six[0] + 3, six[1] - 40))  # back over the 6 point
    mouse.up()
    assert t.lifted_from == 6 and t.partial() is part
    mouse.to(L.point_rect(1).center)
    assert scene.view()[1].lifted is not None and scene.view()[1].lifted.x == L.point_rect(1).center[0]
    mouse.click(L.point_rect(1).center)
    part = t.partial()
    assert part is not None and part.is_complete


def test_a_refused_drop_puts_the_man_back_and_says_what_a_click_says(assets: Assets) -> None:
    _, scene, mouse = setup(on_the_bar())
    t = scene.table
    mouse.click(mouse.man(25))
    mouse.click(L.point_rect(21).center)  # a 4: not rolled
    said = t.message
    assert said and t.lifted_from == 25
    mouse.click(mouse.man(25))  # put back
    t.log.clear()
    mouse.drag(mouse.man(25), L.point_rect(21).center)
    assert t.lifted_from is None and t.message == said
    part = t.partial()
    assert part is not None and not part.steps
    t.log.clear()
    mouse.drag(mouse.man(25), (600, 480))  # off the board, over the player's name: back without a word
    mouse.drag(mouse.man(25), L.point_rect(8).center)  # over another of the player's men: not picked up
    assert t.lifted_from is None and not part.steps
    assert "cannot go to point 8" in t.message


def test_the_other_sides_men_cannot_be_dragged(assets: Assets) -> None:
    _, scene, mouse = setup(on_the_bar())
    t = scene.table
    theirs = L.slot_rect(L.Spot(1 - HUMAN, 6), 4, HUMAN).center  # White's top man on its 6 point
    mouse.click(theirs)
    said = t.message
    assert said and t.lifted_from is None
    t.log.clear()
    mouse.drag(theirs, L.point_rect(22).center)
    part = t.partial()
    assert t.lifted_from is None and part is not None and not part.steps and t.message == said
    assert scene.view()[1].lifted is None


def test_menu_or_escape_during_a_drag_puts_the_man_back(assets: Assets) -> None:
    app, scene, mouse = setup(on_the_bar())
    t = scene.table
    bar = mouse.man(25)
    for cancel in (RIGHT, pyxel.KEY_ESCAPE):
        mouse.to(bar)
        mouse.down()
        mouse.carry(bar, L.point_rect(22).center)
        assert t.lifted_from == 25
        pyxel.set_btn(cancel, True)
        app.frame()
        assert t.lifted_from is None and app.top is scene  # no menu: the drag is cancelled
        mouse.up(cancel)
        mouse.up()  # the left button let go over 22: nothing is put down there
        part = t.partial()
        assert part is not None and not part.steps and t.lifted_from is None
    mouse.click((300, 200), RIGHT)  # with no drag, MENU opens the menu as ever
    assert isinstance(app.top, MenuScene)


def test_clicks_a_drag_and_a_key_during_the_tumble_are_played_in_order_after_it(assets: Assets) -> None:
    """Issue 19: input during the dice tumble was lost; now it waits and is acted on, in order."""
    start = GameState.from_position(Rules(), Position.start(), turn=HUMAN)
    app, scene, mouse = setup(start, speed="slow", seed=4)
    t = scene.table
    mouse.STEPS = 2
    pyxel.set_mouse_pos(*L.DICE_BOX.center)
    pyxel.set_btn(LEFT, True)  # roll with a click: the dice tumble for a while
    app.frame()
    pyxel.set_btn(LEFT, False)
    game = t.match.game
    part = t.partial()
    assert part is not None and game.dice is not None and game.dice[0] != game.dice[1]
    first = next_step(part)
    second = next_step(part.move(*first))
    play = part.move(*first).move(*second).play()
    assert play is not None
    mouse.up()
    mouse.click(mouse.man(first[0]))  # click and click
    mouse.click(L.point_rect(first[1]).center)
    man = L.slot_rect(L.Spot(HUMAN, second[0]), min(part.move(*first).position.mine[second[0]], 6) - 1, HUMAN)
    mouse.drag(man.center, L.point_rect(second[1]).center)
    pyxel.set_btn(pyxel.KEY_RETURN, True)  # confirm
    app.frame()
    pyxel.set_btn(pyxel.KEY_RETURN, False)
    assert scene.beats and scene.beats[0].kind == "tumbling"  # all that within the tumble...
    assert t.partial() is part and not part.steps and t.lifted_from is None  # ...and nothing done yet
    mouse.up()
    for _ in range(20):
        if t.match.record[1:]:
            break
        app.frame()
    assert t.match.record[1:2] == [Move.of(play)], t.message


def test_a_click_during_the_computers_play_rolls_when_it_is_shown(assets: Assets) -> None:
    app, scene, mouse = setup(at_home(), speed="slow")
    t = scene.table
    mouse.drag(mouse.man(6), L.YOUR_BIN.center)
    mouse.drag(mouse.man(4), L.point_rect(1).center)
    mouse.click(L.ROLL_BOX.center)
    for _ in range(100):
        if scene.beats and scene.beats[0].kind == "animating":
            break
        app.frame()
    # the play is applied, then shown: nobody acts on the game after it until it has landed
    assert scene.beats[0].kind == "animating" and t.match.game.phase == "roll" and not t.mine()
    record = len(t.match.record)
    mouse.click(L.DICE_BOX.center)  # roll, while White's men still move
    assert len(t.match.record) == record and len(scene.beats) == 1
    for _ in range(100):
        if t.match.game.actor == HUMAN and t.match.game.phase == "move":
            break
        app.frame()
    assert t.match.game.actor == HUMAN and t.match.game.phase == "move"


def test_held_input_is_bounded_and_kept_in_order() -> None:
    held = Held()
    presses = [Select(i, i) for i in range(HELD_LIMIT + 10)]
    held.keep([Pointer(0, 0), *presses, Command("confirm")])
    assert held.take() == presses[:HELD_LIMIT] and held.take() == []


def test_input_says_when_the_left_button_is_let_go(assets: Assets) -> None:
    """The real path: a Release where the mouse is when the left button goes up, and only the left's."""
    inp = Input()
    pyxel.flip()
    inp.poll()
    pyxel.set_mouse_pos(100, 120)
    pyxel.set_btn(LEFT, True)
    assert Select(100, 120) in inp.poll()
    pyxel.set_mouse_pos(140, 150)
    assert inp.poll() == [Pointer(140, 150, held=True)]
    pyxel.set_btn(LEFT, False)
    pyxel.flip()
    assert inp.poll() == [Pointer(140, 150), Release(140, 150)]
    for button in (RIGHT, pyxel.KEY_SPACE):
        pyxel.set_btn(button, True)
        inp.poll()
        pyxel.set_btn(button, False)
        pyxel.flip()
        assert not any(isinstance(i, Release) for i in inp.poll())
    pyxel.set_btn(LEFT, True)
    inp.poll(any_key=True)
    pyxel.set_btn(LEFT, False)
    pyxel.set_btn(pyxel.KEY_Q, True)
    pyxel.flip()
    assert Command("any_key") in inp.poll(any_key=True)  # a key pressed as the mouse is let go still counts
    pyxel.set_btn(pyxel.KEY_Q, False)
    pyxel.flip()
    inp.poll()


def test_no_tooltip_rides_along_with_a_carried_man(assets: Assets) -> None:
    app, scene, mouse = setup(on_the_bar())
    bar = mouse.man(25)
    mouse.to(bar)
    mouse.down()
    mouse.carry(bar, L.point_rect(22).center)
    for _ in range(TOOLTIP_DELAY + 2):
        app.frame()
    assert scene.hover[0] is not None and scene.tip() is None
    mouse.up()  # put down on 22, hitting
    assert scene.table.lifted_from is None
    for _ in range(TOOLTIP_DELAY + 2):
        app.frame()
    assert scene.tip() is not None  # with the man put down the tip shows as ever


def test_a_click_during_the_players_pass_is_not_kept_for_after_the_computers_turn(assets: Assets) -> None:
    """Held input waits for the end of a show, not across the computer's whole turn that follows a pass."""
    mine = [0] * 26
    mine[25], mine[6], mine[8], mine[13] = 1, 5, 3, 5
    theirs = [0] * 26
    theirs[1:7] = [2] * 6  # White's board is closed: Red cannot enter
    theirs[8] = 3
    mine[0], theirs[0] = 15 - sum(mine), 15 - sum(theirs)
    rules = Rules(variant="maxgammon")  # no cube: the computer cannot double instead of rolling
    start = GameState.from_position(rules, Position.from_counts(mine, theirs), turn=HUMAN)
    app, scene, mouse = setup(start, speed="slow")
    t = scene.table
    mouse.click(L.DICE_BOX.center)
    for _ in range(100):
        if scene.beats and scene.beats[0].kind == "pausing":
            break
        app.frame()
    assert scene.beats[0].kind == "pausing" and "and cannot move" in t.message
    mouse.click(L.DICE_BOX.center)  # the player clicks the dice again while the pass is said
    for _ in range(200):
        if t.match.game.actor == HUMAN and not scene.beats:
            break
        app.frame()
    for _ in range(3):
        app.frame()
    game = t.match.game
    assert isinstance(t.match.record[-1], Move)  # White played...
    assert game.actor == HUMAN and game.phase == "roll"  # ...and Red's dice wait for a click made now
