"""Board geometry: every place round-trips through the screen, and clicks find the right thing."""

from __future__ import annotations

import itertools

import pytest

from cart.ui.board import layout as L
from cart.ui.kit.geom import Rect

PLACES = [(player, point) for player in (0, 1) for point in range(26)]


@pytest.mark.parametrize("viewer", [0, 1])
@pytest.mark.parametrize(("player", "point"), PLACES)
def test_every_slot_locates_back_to_its_place(viewer: int, player: int, point: int) -> None:
    spot = L.Spot(player, point)
    for index in range(L.place_count_cap(spot)):
        x, y = L.slot_rect(spot, index, viewer).center
        hit = L.locate(x, y, viewer)
        assert isinstance(hit, L.Spot), (spot, index, hit)
        assert hit.seen_by(player) == point


def test_points_are_numbered_from_the_viewer() -> None:
    """Home board bottom right (1..6 right to left), 13..24 along the top, left to right."""
    xs = {p: L.point_column(p) for p in range(1, 25)}
    assert [xs[p][1] for p in range(1, 25)] == [False] * 12 + [True] * 12
    assert [xs[p][0] for p in range(1, 7)] == sorted((xs[p][0] for p in range(1, 7)), reverse=True)
    assert [xs[p][0] for p in range(13, 25)] == sorted(xs[p][0] for p in range(13, 25))
    assert xs[1][0] == xs[24][0] > xs[6][0] > xs[7][0] > xs[12][0] == xs[13][0]
    assert all(L.BOARD.contains(x, L.BOARD.y) for x, _ in xs.values())
    with pytest.raises(ValueError, match=r"points are 1\.\.24"):
        L.point_column(25)


@pytest.mark.parametrize("viewer", [0, 1])
def test_the_other_side_is_numbered_the_other_way(viewer: int) -> None:
    """The opponent's 24-point is the viewer's 1-point: the same pixels."""
    other = 1 - viewer
    for point in range(1, 25):
        assert L.slot_rect(L.Spot(other, point), 0, viewer) == L.slot_rect(
            L.Spot(viewer, 25 - point), 0, viewer
        )


@pytest.mark.parametrize(("player", "point"), PLACES)
def test_slots_of_a_place_never_overlap_and_stay_inside(player: int, point: int) -> None:
    spot = L.Spot(player, point)
    rects = [L.slot_rect(spot, i, 0) for i in range(L.place_count_cap(spot))]
    for a, b in itertools.pairwise(rects):
        assert a.x >= b.right or b.x >= a.right or a.y >= b.bottom or b.y >= a.bottom
    area = L.bin_box(player == 0) if point == 0 else L.BOARD
    assert all(area.contains(r.x, r.y) and area.contains(r.right - 1, r.bottom - 1) for r in rects)


def _inside(inner: Rect, outer: Rect) -> bool:
    return outer.contains(inner.x, inner.y) and outer.contains(inner.right - 1, inner.bottom - 1)


@pytest.mark.parametrize("viewer", [0, 1])
def test_controls_and_cube(viewer: int) -> None:
    assert L.locate(*L.DICE_BOX.center, viewer) == "dice_box"
    assert L.locate(*L.ROLL_BOX.center, viewer) == "roll"
    for owner in (None, 0, 1):
        cube = L.cube_rect(owner, viewer)
        assert L.locate(*cube.center, viewer, cube) == "cube"
        assert _inside(cube, L.BOARD)
    assert L.cube_rect(viewer, viewer).y > L.cube_rect(None, viewer).y > L.cube_rect(1 - viewer, viewer).y
    offered = L.cube_rect(None, viewer, offered=True)
    assert L.locate(*offered.center, viewer, offered) == "cube"
    assert L.locate(*offered.center, viewer) is None  # the middle strip is no point


def test_an_owned_cube_leaves_the_bar_checkers_room() -> None:
    for owner in (0, 1):
        cube = L.cube_rect(owner, 0)
        for player in (0, 1):
            spot = L.Spot(player, 25)
            for i in range(L.BAR_CAP + 1):  # the checkers and the hint arrow beyond them
                slot = L.slot_rect(spot, i, 0)
                assert slot.bottom <= cube.y or cube.bottom <= slot.y


def test_outside_the_board_hits_nothing() -> None:
    assert L.locate(2, 300, 0) is None
    assert L.locate(L.PIPS.x + 3, L.PIPS.y + 3, 0) is None
    assert L.locate(L.BOARD.x + 2, L.BOARD.y + 2, 0) is None  # the rim corner, left of point 13


@pytest.mark.parametrize("viewer", [0, 1])
@pytest.mark.parametrize(("player", "point"), PLACES)
def test_hint_arrows_sit_in_the_place_they_mark(viewer: int, player: int, point: int) -> None:
    spot = L.Spot(player, point)
    for count in (0, 1, 14 if point == 0 else 15):
        rect, up = L.arrow_at(spot, count, viewer)
        hit = L.locate(*rect.center, viewer)
        assert hit == L.Spot(player if point in (0, 25) else viewer, spot.seen_by(viewer) or point)
        if 1 <= point <= 24:
            assert up == L.point_column(spot.seen_by(viewer) or 0)[1]
