"""The board screen: it shows the engine's state and the view state, in Wimp colours only, and fast."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
import pyxel

from cart.engine import GameState, Position, Rules
from cart.ui.board import board_view, layout as L
from cart.ui.board.board_view import BoardView
from cart.ui.board.view_state import Hints, Lifted, Player, ViewState
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import Assets

FILL = {"white": wimp.Wimp.WHITE, "red": wimp.Wimp.RED, "black": wimp.Wimp.BLACK}
PLAYERS = (Player("Ray", "white", rating=1500), Player("Linn", "red", computer=True, rating=1612))


def side(points: dict[int, int], bar: int = 0) -> list[int]:
    """A 26-slot side (0 off, 1..24, 25 bar) from ``{point: checkers}``; the rest borne off."""
    counts = [0] * 26
    for p, n in points.items():
        counts[p] = n
    counts[25] = bar
    counts[0] = 15 - sum(counts)
    return counts


@pytest.fixture(scope="module")
def board(assets: Assets) -> BoardView:
    return BoardView(assets, "Backgammon: Ray v Linn")


def at(rect: L.Rect) -> int:
    return pyxel.screen.pget(*rect.center)


def colours_in(rect: L.Rect) -> set[int]:
    g = pyxel.screen
    return {g.pget(x, y) for y in range(rect.y, rect.bottom) for x in range(rect.x, rect.right)}


def started() -> GameState:
    """Player 1 won the opening roll-off with 5-3 and is to move."""
    game, _ = GameState.new(Rules()).roll((3, 5))
    return game


@pytest.mark.parametrize("viewer", [0, 1])
def test_start_position_from_either_side(board: BoardView, viewer: int) -> None:
    game = GameState.new(Rules())
    view = ViewState(viewer, PLAYERS)
    board.draw(pyxel.screen, game, view)
    me, them = PLAYERS[viewer].colour, PLAYERS[1 - viewer].colour
    for point, n in ((6, 5), (8, 3), (13, 5), (24, 2)):
        mine = [L.slot_rect(L.Spot(viewer, point), i, viewer) for i in range(n + 1)]
        assert [at(r) for r in mine[:n]] == [FILL[me]] * n
        assert at(mine[n]) not in FILL.values()  # the stack ends there
        theirs = L.slot_rect(L.Spot(1 - viewer, point), n - 1, viewer)
        assert at(theirs) == FILL[them]
    assert at(L.cube_rect(None, viewer)) == board_view.CUBE_TEXT or wimp.Wimp.RED in colours_in(
        L.cube_rect(None, viewer)
    )
    dice = colours_in(L.DICE_BOX)  # the roll-off: one die of each colour waits
    assert FILL[me] in dice and FILL[them] in dice
    assert colours_in(L.ROLL_BOX.inset(1)) == {wimp.PANEL_BOX_BG}


def test_a_half_made_play_with_hints_and_the_checker_in_hand(board: BoardView) -> None:
    game = started()
    play = next(p for p in game.legal_plays() if p.moves == ((24, 21), (13, 8)))
    half = game.position  # the scene made 13/8 so far (view only; the engine makes the whole play)
    mine = list(half.mine)
    mine[13] -= 1
    mine[8] += 1
    half = Position.from_counts(mine, list(half.theirs))
    hints = Hints(1, sources=frozenset({24}), targets=frozenset({21}))
    lifted = Lifted(1, 24, 300, 200)
    view = ViewState(
        1, PLAYERS, board=half, dice_left=(3,), hints=hints, lifted=lifted, message="Linn: 24/21"
    )
    before = (game, view)
    board.draw(pyxel.screen, game, view)
    assert (game, view) == before and play in game.legal_plays()
    assert at(L.slot_rect(L.Spot(1, 8), 3, 1)) == FILL["red"]  # 13/8 shown: four on the 8-point
    assert at(L.slot_rect(L.Spot(1, 24), 1, 1)) != FILL["red"]  # one of the two is in the hand
    assert pyxel.screen.pget(300, 200) == FILL["red"]
    yellow, _ = L.arrow_at(L.Spot(1, 24), 1, 1)
    red, _ = L.arrow_at(L.Spot(1, 21), 0, 1)
    assert wimp.Wimp.YELLOW in colours_in(yellow) and wimp.Wimp.RED in colours_in(red)  # as seed 000 says
    roll = colours_in(L.ROLL_BOX)
    assert FILL["red"] in roll and wimp.PANEL_BOX_BG in roll


def test_the_opponents_roll_shows_in_their_box(board: BoardView) -> None:
    game = started()
    board.draw(pyxel.screen, game, ViewState(0, PLAYERS))
    their_icon_row = L.seat_rows(L.THEIR_SEAT).icon
    assert FILL["red"] in colours_in(their_icon_row)
    assert colours_in(L.ROLL_BOX.inset(1)) == {wimp.PANEL_BOX_BG}
    name = L.seat_rows(L.THEIR_SEAT).name
    assert pyxel.screen.pget(name.x + 2, name.y + 2) == wimp.TITLE_FOCUS  # Linn is to act


@pytest.mark.parametrize("viewer", [0, 1])
def test_cube_owned_offered_and_absent(board: BoardView, viewer: int) -> None:
    rules = Rules(match_length=7)
    owned = GameState.from_position(rules, Position.start(), turn=viewer, cube=2, cube_owner=viewer)
    view = ViewState(viewer, PLAYERS)
    board.draw(pyxel.screen, owned, view)
    rect = board.cube_rect(owned, view)
    assert rect == L.cube_rect(viewer, viewer) and rect.y > L.MIDDLE_Y  # "at the bottom of the screen"
    assert board.hit(*rect.center, owned, view) == "cube"
    assert board_view.CUBE_TEXT in colours_in(rect)
    offered, _ = owned.double()
    board.draw(pyxel.screen, offered, view)
    rect = board.cube_rect(offered, view)
    assert rect == L.cube_rect(viewer, viewer, offered=True)
    assert board.hit(*rect.center, offered, view) == "cube"
    assert wimp.Wimp.RED in colours_in(rect)
    maxgammon = GameState.new(Rules(variant="maxgammon"))
    board.draw(pyxel.screen, maxgammon, view)
    assert board.cube_rect(maxgammon, view) is None
    assert wimp.Wimp.RED not in colours_in(L.cube_rect(None, viewer))
    assert board.hit(*L.cube_rect(None, viewer).center, maxgammon, view) is None


def test_bar_bins_and_tall_stacks(board: BoardView) -> None:
    pos = Position.from_counts(side({6: 9, 5: 2}, bar=1), side({1: 2, 2: 2, 12: 1}, bar=2))
    game = GameState.from_position(Rules(), pos, turn=0)
    view = ViewState(0, PLAYERS)
    board.draw(pyxel.screen, game, view)
    assert at(L.slot_rect(L.Spot(0, 25), 0, 0)) == FILL["white"]  # my bar: the top half
    assert [at(L.slot_rect(L.Spot(1, 25), i, 0)) for i in (0, 1)] == [FILL["red"]] * 2
    assert colours_in(L.slot_rect(L.Spot(1, 25), 2, 0)) == {wimp.BOARD_RIM}
    assert wimp.FRAME in colours_in(L.slot_rect(L.Spot(0, 0), 2, 0))  # three of mine are off
    assert colours_in(L.slot_rect(L.Spot(0, 0), 3, 0)) == {wimp.PANEL_BOX_BG}
    assert FILL["red"] in colours_in(L.slot_rect(L.Spot(1, 0), 7, 0))  # eight of theirs
    assert colours_in(L.slot_rect(L.Spot(1, 0), 8, 0)) == {wimp.PANEL_BOX_BG}
    top = L.slot_rect(L.Spot(0, 6), L.STACK_CAP - 1, 0)  # nine drawn as six, "9" written on the last
    assert board_view.CHECKER_COUNT_LIGHT in colours_in(top.inset(8))
    assert at(L.slot_rect(L.Spot(0, 6), L.STACK_CAP, 0)) != FILL["white"]
    pips = colours_in(L.PIPS)
    assert FILL["white"] in pips and FILL["red"] in pips
    board.draw(pyxel.screen, game, replace(view, show_pips=False))
    assert colours_in(L.PIPS.inset(1)) == {wimp.BOARD_FIELD}


def test_game_over(board: BoardView) -> None:
    pos = Position.from_counts(side({1: 1}), side({6: 1}))
    game, _ = GameState.from_position(Rules(), pos, turn=0, dice=(6, 5)).play("1/off")
    assert game.phase == "over"
    board.draw(pyxel.screen, game, ViewState(0, PLAYERS, message="Ray wins 1 point"))
    assert at(L.slot_rect(L.Spot(0, 0), 14, 0)) == FILL["white"]
    assert colours_in(L.DICE_BOX.inset(1)) == {wimp.PANEL_BOX_BG}


def test_drawing_is_a_pure_function_of_the_state(
    board: BoardView, screen_bytes: Callable[[], bytes], tmp_path: Path, build: ModuleType
) -> None:
    """The same state paints the same pixels, all of them Wimp colours, at 640x512."""
    game = started()
    view = ViewState(1, PLAYERS, hints=Hints(1, frozenset({13, 24}), frozenset({0, 21})), message="x")
    pyxel.screen.cls(wimp.Wimp.GREEN)
    board.draw(pyxel.screen, game, view)
    first = screen_bytes()
    pyxel.screen.cls(wimp.Wimp.YELLOW)
    board.draw(pyxel.screen, game, view)
    assert screen_bytes() == first
    assert len(first) == 640 * 512 and set(first) <= set(range(16))
    assert wimp.SPRITE_KEY not in set(first)  # every pixel painted, no sprite key shows
    shot = tmp_path / "board.png"
    pyxel.screenshot(str(shot), 1)
    picture = build.read_png(shot.read_bytes(), "board.png")  # refuses any RGB outside the Wimp 16
    assert (picture.width, picture.height) == (640, 512)
    assert b"".join(picture.pixels) == first
