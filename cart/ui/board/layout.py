"""Where everything on the board screen is, and what a screen pixel hits.

The board at the left, the side panel at the right; the viewer sits at the bottom,
so the screen never changes shape. Places are :class:`Spot` values in one player's
numbering, as the engine writes moves, so a click is straight a ``(from, to)``. No Pyxel.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from cart.ui.kit.geom import Rect

WINDOW = Rect(0, 0, 640, 512)
WORK = Rect(1, 22, 638, 489)  # the window's work area, below its title bar

# -- the board ----------------------------------------------------------------------
BOARD = Rect(8, 29, 444, 474)
SIDE_RIM = 12
NUMBER_RIM = 20  # top and bottom rims, where the point numbers are written
POINT_W = 32
POINT_LEN = 196  # seven checkers
BAR_W = 36
MIDDLE_H = 42
CHECKER = 28
STACK_CAP = 6  # checkers drawn on a point; a taller stack writes its count on the last one
BAR_CAP = 4  # the same on the bar, which also keeps room for an owned cube at its end
BIN_PITCH = 10  # borne-off checkers are drawn edge-on, side by side

LEFT_X = BOARD.x + SIDE_RIM
BAR_X = LEFT_X + 6 * POINT_W
RIGHT_X = BAR_X + BAR_W
TOP_Y = BOARD.y + NUMBER_RIM
MIDDLE_Y = TOP_Y + POINT_LEN
BOTTOM_Y = MIDDLE_Y + MIDDLE_H
BOTTOM_END = BOTTOM_Y + POINT_LEN
TABLE_W = 6 * POINT_W

LEFT_TABLE = Rect(LEFT_X, TOP_Y, TABLE_W, BOTTOM_END - TOP_Y)
RIGHT_TABLE = Rect(RIGHT_X, TOP_Y, TABLE_W, BOTTOM_END - TOP_Y)
PIPS = Rect(LEFT_X, MIDDLE_Y, TABLE_W, MIDDLE_H)  # middle strip of the outer table
MESSAGE = Rect(RIGHT_X, MIDDLE_Y, TABLE_W, MIDDLE_H)  # middle strip of the home table

# -- the side panel -------------------------------------------------------------------
PANEL_X = 460
PANEL_W = 172
SEAT_H = 88
THEIR_SEAT = Rect(PANEL_X, BOARD.y, PANEL_W, SEAT_H)
THEIR_BIN = Rect(PANEL_X, 145, PANEL_W, 40)
ROLL_BOX = Rect(PANEL_X, 212, PANEL_W, 40)  # "your roll"
DICE_BOX = Rect(PANEL_X, 279, PANEL_W, 40)  # "dice to roll"
YOUR_BIN = Rect(PANEL_X, 347, PANEL_W, 40)
YOUR_SEAT = Rect(PANEL_X, BOARD.bottom - SEAT_H, PANEL_W, SEAT_H)
MATCH_BOX = Rect(PANEL_X, YOUR_BIN.bottom + 3, PANEL_W, YOUR_SEAT.y - YOUR_BIN.bottom - 6)
LABEL_H = 16  # a line of the system font


def label_rect(box: Rect) -> Rect:
    """The row of a panel box's label ("Dice to roll", "Your roll", "Red's bin"), just above the box."""
    return Rect(box.x, box.y - LABEL_H - 4, box.w, LABEL_H)


PANEL_LABELS = tuple(label_rect(box) for box in (THEIR_BIN, ROLL_BOX, DICE_BOX, YOUR_BIN))
"""Where the panel's boxes are named: a tip never covers them."""
"""The match strip: the score (each by its colour's token), the length and Crawford, or money and cube."""

Control = Literal["cube", "dice_box", "roll"]
"""Things on the screen that are not places: the cube, the dice to roll, the rolled dice."""


class Spot(NamedTuple):
    """A place checkers stand, in ``player``'s numbering: 1..24 a point, 25 their bar, 0 their bin."""

    player: int
    point: int

    def seen_by(self, player: int) -> int | None:
        """The same place in ``player``'s numbering; None for the other player's bar or bin."""
        if player == self.player:
            return self.point
        if 1 <= self.point <= 24:
            return 25 - self.point
        return None


class Seat(NamedTuple):
    """The three rows of a player's box in the side panel."""

    name: Rect
    icon: Rect
    rating: Rect


def seat_rows(box: Rect) -> Seat:
    """Name, icon (and dice or side) and rating rows; neighbours share their border line."""
    return Seat(
        Rect(box.x, box.y, box.w, 24),
        Rect(box.x, box.y + 23, box.w, 42),
        Rect(box.x, box.y + 64, box.w, 24),
    )


def point_column(point: int) -> tuple[int, bool]:
    """Left x of the viewer's point ``point`` (1..24) and whether it hangs from the top."""
    if not 1 <= point <= 24:
        raise ValueError(f"points are 1..24, got {point!r}")
    if point <= 6:
        return RIGHT_X + (6 - point) * POINT_W, False
    if point <= 12:
        return LEFT_X + (12 - point) * POINT_W, False
    if point <= 18:
        return LEFT_X + (point - 13) * POINT_W, True
    return RIGHT_X + (point - 19) * POINT_W, True


def point_rect(point: int) -> Rect:
    """The clickable column of the viewer's point: the triangle and its number in the rim."""
    x, top = point_column(point)
    if top:
        return Rect(x, BOARD.y, POINT_W, NUMBER_RIM + POINT_LEN)
    return Rect(x, BOTTOM_Y, POINT_W, POINT_LEN + NUMBER_RIM)


def bin_box(mine: bool) -> Rect:
    """The viewer's bin (bottom) or the opponent's (top)."""
    return YOUR_BIN if mine else THEIR_BIN


def bar_rect(mine: bool) -> Rect:
    """The viewer's checkers wait on the top half of the bar, the opponent's on the bottom half."""
    return Rect(BAR_X, TOP_Y, BAR_W, POINT_LEN) if mine else Rect(BAR_X, BOTTOM_Y, BAR_W, POINT_LEN)


def place_count_cap(spot: Spot) -> int:
    """How many checkers are drawn at a place before the count is written instead."""
    return {0: 15, 25: BAR_CAP}.get(spot.point, STACK_CAP)


def slot_rect(spot: Spot, index: int, viewer: int) -> Rect:
    """Where the ``index``-th checker at ``spot`` is drawn for ``viewer``: points fill from the rim."""
    mine = spot.player == viewer
    if spot.point == 0:
        box = bin_box(mine)
        return Rect(box.x + (box.w - 15 * BIN_PITCH) // 2 + index * BIN_PITCH, box.y + 5, BIN_PITCH, 30)
    if spot.point == 25:
        x = BAR_X + (BAR_W - CHECKER) // 2
        y = MIDDLE_Y - CHECKER * (index + 1) if mine else BOTTOM_Y + CHECKER * index
        return Rect(x, y, CHECKER, CHECKER)
    point = spot.seen_by(viewer)
    assert point is not None
    x, top = point_column(point)
    y = TOP_Y + CHECKER * index if top else BOTTOM_END - CHECKER * (index + 1)
    return Rect(x + (POINT_W - CHECKER) // 2, y, CHECKER, CHECKER)


def arrow_at(spot: Spot, count: int, viewer: int) -> tuple[Rect, bool]:
    """Where a hint arrow for ``spot`` goes with ``count`` men there (first free slot); if it points up."""
    slot = slot_rect(spot, min(count, place_count_cap(spot)), viewer).centered(16, 16)
    if spot.point == 0:
        return slot, False  # down into the bin
    if spot.point == 25:
        return slot, spot.player != viewer  # the opponent's bar fills downwards
    point = spot.seen_by(viewer)
    assert point is not None
    return slot, point_column(point)[1]  # top points fill downwards


def cube_rect(owner: int | None, viewer: int, *, offered: bool = False) -> Rect:
    """The cube: mid-bar when centred, at the owner's end of the bar, or beside the bar while offered."""
    x = BAR_X + (BAR_W - CHECKER) // 2
    if offered:
        return Rect(BAR_X - 6 - CHECKER, MIDDLE_Y + (MIDDLE_H - CHECKER) // 2, CHECKER, CHECKER)
    if owner is None:
        return Rect(x, MIDDLE_Y + (MIDDLE_H - CHECKER) // 2, CHECKER, CHECKER)
    return Rect(x, BOTTOM_END - CHECKER if owner == viewer else TOP_Y, CHECKER, CHECKER)


def locate(x: float, y: float, viewer: int, cube: Rect | None = None) -> Spot | Control | None:
    """What the pixel (x, y) hits: a place (viewer's numbering), a control, or nothing.

    ``cube``: where the cube is now (None without one); tested first, as it lies on the bar.
    """
    if cube is not None and cube.contains(x, y):
        return "cube"
    if DICE_BOX.contains(x, y):
        return "dice_box"
    if ROLL_BOX.contains(x, y):
        return "roll"
    for mine in (True, False):
        owner = viewer if mine else 1 - viewer
        if bin_box(mine).contains(x, y):
            return Spot(owner, 0)
        if bar_rect(mine).contains(x, y):
            return Spot(owner, 25)
    if BOARD.contains(x, y) and not (MIDDLE_Y <= y < BOTTOM_Y):
        for point in range(1, 25):
            if point_rect(point).contains(x, y):
                return Spot(viewer, point)
    return None
