"""What stays in view over the board: the men and arrows drawn, the bar and the strip, as rectangles.

Worked out from the layout and the view exactly as the board view paints them, so a box
or a tip placed by them leaves in view what the player is reading. No Pyxel.
"""

from __future__ import annotations

from collections.abc import Sequence

from cart.engine import GameState
from cart.ui.kit.geom import SCREEN, Rect

from . import layout as L
from .view_state import Hints, ViewState

BAR = Rect(L.BAR_X, L.BOARD.y, L.BAR_W, L.BOARD.h)
"""The whole bar, rim to rim: the men waiting there and the cube at either end."""
KEEP: tuple[Rect, ...] = (BAR, L.MESSAGE)
"""What a box over the board never covers: the bar and the message strip."""
MARGIN = 4  # pixels a box keeps from the screen's edge and from the bar
ROOM_W = SCREEN[0] - BAR.right - 2 * MARGIN
"""The widest box that fits between the bar and the screen's right edge."""

Standing = dict[tuple[int, int], int]
"""Men drawn at each (player, place), in that player's numbering (25 the bar, 0 the bin)."""


def overlaps(a: Rect, b: Rect) -> bool:
    return not (a.right <= b.x or b.right <= a.x or a.bottom <= b.y or b.bottom <= a.y)


def standing(game: GameState, view: ViewState) -> Standing:
    """How many men stand at each place as drawn: the man in the hand is not at its point."""
    mine = view.position_for(game, view.viewer)
    counts = {view.viewer: mine.mine, 1 - view.viewer: mine.theirs}
    lifted = view.lifted
    out: Standing = {}
    for player in (0, 1):
        for point in range(26):
            n = counts[player][point]
            if lifted is not None and (lifted.player, lifted.point) == (player, point) and n:
                n -= 1
            out[player, point] = n
    return out


def men_at(spot: L.Spot, n: int, viewer: int) -> list[Rect]:
    """The squares of the ``n`` men drawn at ``spot`` (a tall stack draws its cap and writes the count)."""
    shown = n if spot.point == 0 else min(n, L.place_count_cap(spot))
    return [L.slot_rect(spot, i, viewer) for i in range(shown)]


def men_rects(stand: Standing, viewer: int, *, bins: bool = False) -> list[Rect]:
    """Every man drawn on the points and the bar (and in the bins, with ``bins``)."""
    return [
        r
        for (player, point), n in stand.items()
        if bins or point
        for r in men_at(L.Spot(player, point), n, viewer)
    ]


def arrow_rects(hints: Hints | None, stand: Standing, viewer: int) -> list[tuple[Rect, bool, str]]:
    """Each hint arrow drawn, whether it points up, and its colour: yellow to the men that may move,
    red where the man picked up may go; each at the first free slot of its place."""
    if hints is None:
        return []
    out = []
    for points, colour in ((hints.sources, "yellow"), (hints.targets, "red")):
        for point in sorted(points):
            spot = L.Spot(hints.player, point)
            count = stand[spot]
            if 1 <= point <= 24:
                count += stand[1 - hints.player, 25 - point]
            r, up = L.arrow_at(spot, count, viewer)
            out.append((r, up, colour))
    return out


def box_spot(w: int, h: int, keep: Sequence[Rect], mind: Sequence[Rect]) -> Rect:
    """Where a ``w`` x ``h`` box goes over the board: beside the bar, over the side panel and the home
    table's top or bottom half (never the strip between them), the half covering less of ``keep``,
    then of ``mind``; the top of equals, away from the player's own home."""
    x = max(MARGIN, SCREEN[0] - MARGIN - w)
    spots = [Rect(x, max(0, y), w, h) for y in (L.BOARD.y, L.BOARD.bottom - h)]

    def cost(r: Rect) -> tuple[int, int]:
        return sum(overlaps(r, k) for k in keep), sum(overlaps(r, m) for m in mind)

    return min(spots, key=cost)
