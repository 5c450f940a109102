"""The manual's board diagram: the game's own board, painted at half size, with numbered markers.

The board view paints a game into an image of the screen's size, which is shrunk
to half and marked where the layout puts each thing the legend under it names (the
manual's ``board`` page), so the diagram always shows the board as it is drawn,
in the 16 Wimp colours. The markers are numbered in the legend's order.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import pyxel

import cart.ui.kit.palette as wimp
from cart.engine import GameState, Position, Rules
from cart.ui.board import layout as L
from cart.ui.board.view_state import Player, ViewState
from cart.ui.kit.assets import CHAR_H, CHAR_W
from cart.ui.kit.geom import SCREEN, Rect

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services

SCALE = 2
SIZE = (SCREEN[0] // SCALE, (L.BOARD.bottom + 4 - L.WORK.y) // SCALE)
"""The diagram's pixels: the board and the panel at half size, the window's title left out."""
TOP = L.WORK.y  # the screen row the diagram starts at
MARK = (CHAR_W + 4, CHAR_H)

# White (the computer) at the top, Red (you) at the bottom with 6-2 to play; a man of each on the
# bar, two of each borne off, so every part of the board has something in it.
WHITE = [2, 0, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
RED = [2, 0, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]


def _end(r: Rect) -> tuple[int, int]:
    """A box's right end: its marker leaves the dice, the men or the words in the middle in view."""
    return r.right - 12, r.y + r.h // 2


PARTS: tuple[tuple[int, int], ...] = (
    (L.BOARD.x + 4, L.BOARD.y + 8),  # 1 the points' numbers, on the rims
    (L.BAR_X + L.BAR_W // 2, L.TOP_Y + L.POINT_LEN // 3),  # 2 the bar (your men wait on its top half)
    (L.BAR_X + L.BAR_W + 14, L.MIDDLE_Y + L.MIDDLE_H // 2),  # 3 the cube, mid-bar while nobody owns it
    (L.PIPS.right - 16, L.PIPS.y + L.PIPS.h // 2),  # 4 the pip counts
    _end(L.MESSAGE),  # 5 the message strip
    _end(L.seat_rows(L.THEIR_SEAT).rating),  # 6 the opponent's seat: name, dice, rating
    _end(L.THEIR_BIN),  # 7 the opponent's bin (bearing-off tray)
    _end(L.ROLL_BOX),  # 8 your roll: the dice you are playing
    _end(L.DICE_BOX),  # 9 the dice to roll
    _end(L.YOUR_BIN),  # 10 your bin
    _end(L.MATCH_BOX),  # 11 the score strip
    _end(L.seat_rows(L.YOUR_SEAT).rating),  # 12 your seat
)
"""Where each numbered marker points, in screen pixels, in the legend's order."""


def marker_rect(number: int) -> Rect:
    """The marker ``number`` (1-based) in the diagram's pixels: centred on its part, inside the picture."""
    x, y = PARTS[number - 1]
    w = MARK[0] + (CHAR_W if number >= 10 else 0)
    left = min(max(0, x // SCALE - w // 2), SIZE[0] - w)
    top = min(max(0, (y - TOP) // SCALE - MARK[1] // 2), SIZE[1] - MARK[1])
    return Rect(left, top, w, MARK[1])


def scene() -> tuple[GameState, ViewState]:
    """The game the diagram shows: Red (you) to play 6-2 against White, seen from Red's side."""
    game = GameState.from_position(Rules(), Position.from_counts(RED, WHITE), turn=1, dice=(6, 2))
    players = (Player("Computer", "white", computer=True), Player("You", "red"))
    return game, ViewState(1, players, message="White rolled 5-3", score=(1, 0))


@cache
def board_diagram(services: Services) -> pyxel.Image:
    """The labelled diagram, painted by the game's board view and shrunk to half: once a run, at its
    first sight (a few frames' work in Python, pixel by pixel)."""
    full = pyxel.Image(SCREEN[0], SCREEN[1])
    services.board.draw(full, *scene())
    out = pyxel.Image(*SIZE)
    for y in range(SIZE[1]):
        for x in range(SIZE[0]):  # a 2x2 block's top left pixel: the outlines of points survive
            out.pset(x, y, full.pget(x * SCALE, TOP + y * SCALE))
    for point in range(1, 25):  # the rims' numbers again, in Pyxel's small font: legible at half size
        x, top = L.point_column(point)
        y = (L.BOARD.y if top else L.BOTTOM_END) - TOP
        out.rect(x // SCALE, y // SCALE + 1, L.POINT_W // SCALE, L.NUMBER_RIM // SCALE - 2, wimp.BOARD_RIM)
        label = str(point)
        out.text(
            x // SCALE + (L.POINT_W // SCALE - 4 * len(label)) // 2, y // SCALE + 2, label, wimp.POINT_NUMBER
        )
    for number in range(1, len(PARTS) + 1):
        r = marker_rect(number)
        out.rect(r.x, r.y, r.w, r.h, wimp.Wimp.DARK_BLUE)
        services.assets.text(out, r.x + 2, r.y, str(number), wimp.Wimp.WHITE)
    return out
