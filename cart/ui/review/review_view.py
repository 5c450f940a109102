"""The Review window's parts, drawn flat in Wimp colours: move list, scroll bar, graph, arrows, bars.

Each is a small value that knows its rectangle, says what a point hits and draws
what it is given; none reads input or decides anything.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import pyxel

import cart.ui.kit.palette as wimp
from cart.engine import Position
from cart.phrasebook import signed
from cart.ui.board import layout as L
from cart.ui.kit.assets import CHAR_H, CHAR_W, Assets
from cart.ui.kit.geom import Rect
from cart.ui.kit.text import cut, wrap
from cart.ui.wimp.scrollbar import ScrollBar
from cart.ui.wimp.widgets import draw_box

from .review_rows import Line

if TYPE_CHECKING:
    from cart.ai.review import PlayerTotals
    from cart.ui.board.view_state import Player

ROW_H = 16
SCROLL_W = 14
DICE_X = 36  # a move list row: its number, the token at 20, the dice here, the play's words at TEXT_X
TEXT_X = DICE_X + 2 * CHAR_W + 4
MARK_W = 18  # the mark's room at a row's right end
ARROW_HEAD = 9  # an arrow's head: its length along the move, and its half width less two
MADE_COLOUR = wimp.Wimp.LIGHT_BLUE
BEST_COLOUR = wimp.Wimp.YELLOW


@dataclass
class MoveList:
    """The lines of the move list: which is first shown, which is selected, and where each is drawn.

    Line ``i`` takes ``heights[i]`` rows (default one), so a long play is not cut.

    >>> m = MoveList(Rect(0, 0, 176, 100), count=30)
    >>> m.visible, m.select(20), m.first, m.row_at(5, m.row_rect(20).y + 1)
    (6, None, 15, 20)
    >>> m = MoveList(Rect(0, 0, 176, 100), count=4, heights=[1, 2, 2, 2])
    >>> list(m.shown()), m.row_rect(1).h, m.select(3), m.first, list(m.shown())
    ([0, 1, 2], 32, None, 1, [1, 2, 3])
    """

    rect: Rect
    count: int = 0
    first: int = 0
    selected: int = 0
    heights: Sequence[int] = ()

    @property
    def visible(self) -> int:
        return (self.rect.h - 4) // ROW_H

    def rows(self, i: int) -> int:
        return self.heights[i] if self.heights else 1

    @property
    def bar(self) -> ScrollBar:
        r = self.rect
        shown = self.count - self.last_first()  # the slider's travel is the first lines' range
        return ScrollBar(Rect(r.right - SCROLL_W, r.y, SCROLL_W, r.h), self.count, shown, self.first)

    def row_rect(self, i: int) -> Rect:
        r = self.rect
        above = sum(self.rows(k) for k in range(self.first, i)) if i >= self.first else i - self.first
        return Rect(r.x + 1, r.y + 2 + above * ROW_H, r.w - SCROLL_W - 1, self.rows(i) * ROW_H)

    def shown(self, first: int | None = None) -> range:
        """The lines shown whole from ``first`` (the first shown now), as many as the rows hold."""
        start = self.first if first is None else first
        end, used = start, 0
        while end < self.count and used + self.rows(end) <= self.visible:
            used += self.rows(end)
            end += 1
        return range(start, max(end, min(start + 1, self.count)))

    def row_at(self, x: float, y: float) -> int | None:
        for i in self.shown():
            if self.row_rect(i).contains(x, y):
                return i
        return None

    def last_first(self) -> int:
        """The first line shown when the list is scrolled to its end."""
        k = self.count
        while k > 0 and self.shown(k - 1).stop == self.count:
            k -= 1
        return min(k, max(0, self.count - 1))

    def scroll(self, lines: int) -> None:
        """Move the view by ``lines``; the selection stays where it is (it may scroll out of view)."""
        self.first = max(0, min(self.first + lines, self.last_first()))

    def select(self, i: int) -> None:
        """Select line ``i`` (kept in range) and scroll just enough to show it."""
        if not self.count:
            return
        self.selected = max(0, min(i, self.count - 1))
        if self.selected < self.first:
            self.first = self.selected
        while self.selected not in self.shown():
            self.first += 1

    def draw_frame(self, g: pyxel.Image) -> None:
        r = self.rect
        draw_box(g, Rect(r.x, r.y, r.w - SCROLL_W + 1, r.h), wimp.FIELD_BG)
        self.bar.draw(g)


def text_x(line: Line) -> int:
    """Where a move list line's words start: after its dice, or in the dice's column when it has none
    (a cube action), so that "Doubles => 16" keeps clear of the mark at the row's end."""
    return TEXT_X if line.dice is not None and line.kind in ("move", "pass") else DICE_X


def list_rows(line: Line, width: int) -> list[str]:
    """A move list line's words on its rows (``width`` pixels): a long play goes on under its dice; a
    match's game starts with its score and whether it is the Crawford game, as a player looks for them."""
    if line.kind == "game":
        room = width // CHAR_W - 1
        if not line.state.rules.is_match:
            return [cut(line.heading, room)]
        heading = f"{line.heading}{', Crawford' if line.state.crawford else ''}"
        return [*wrap(heading, room, rows=2), *wrap(line.text, room, rows=2, cut_words=True)]
    rest = (width - 2 - DICE_X) // CHAR_W
    first = rest if line.kind == "end" else (width - MARK_W - text_x(line)) // CHAR_W  # an end has no mark
    return [cut(row, rest) for row in play_rows(line.text, first, rest)]


def play_rows(text: str, first: int, rest: int) -> list[str]:
    """A play's text on rows of ``first`` then ``rest`` characters, broken between its moves.

    >>> play_rows("24/18 24/18 13/7 13/7", 10, 15), play_rows("8/5 6/5", 10, 15)
    (['24/18', '24/18 13/7 13/7'], ['8/5 6/5'])
    """
    rows: list[str] = []
    for word in text.split():
        room = first if len(rows) == 1 else rest  # the room of the row it would join
        if rows and len(rows[-1]) + 1 + len(word) <= room:
            rows[-1] += " " + word
        else:
            rows.append(word)
    return rows or [""]


@dataclass
class EquityGraph:
    """A side's chance of winning (the viewer's), move by move, over the lines of one game.

    ``columns`` are the game's line numbers (in the move list), spread evenly
    across the graph, so a line's column and a click's line are one sum.

    >>> graph = EquityGraph(Rect(0, 0, 104, 40), columns=range(10, 61))
    >>> graph.x_of(10), graph.x_of(60), graph.line_at(52), graph.y_of(1.0), graph.y_of(0.0)
    (2, 101, 35, 2, 37)
    """

    rect: Rect
    columns: Sequence[int] = ()

    @cached_property
    def inner(self) -> Rect:
        return self.rect.inset(2)

    def x_of(self, line: int) -> int:
        inner = self.inner
        n = len(self.columns)
        k = line - self.columns[0] if n else 0
        return inner.x + (k * (inner.w - 1)) // max(1, n - 1)

    def line_at(self, x: float) -> int | None:
        """The line whose column is nearest ``x``; None for a graph of no lines."""
        n = len(self.columns)
        if not n:
            return None
        inner = self.inner
        k = round((x - inner.x) * max(1, n - 1) / max(1, inner.w - 1))
        return self.columns[0] + max(0, min(n - 1, k))

    def y_of(self, chance: float) -> int:
        inner = self.inner
        return inner.y + round((1.0 - chance) * (inner.h - 1))

    def draw(
        self,
        g: pyxel.Image,
        points: Sequence[tuple[int, float]],
        errors: Sequence[tuple[int, int]],
        current: int | None,
    ) -> None:
        """``points``: (line, chance) in order; ``errors``: (line, colour); ``current``: the cursor's line."""
        draw_box(g, self.rect, wimp.FIELD_BG)
        inner = self.inner
        bottom = inner.bottom - 1
        xy = [(self.x_of(line), self.y_of(chance)) for line, chance in points]
        for (x0, y0), (x1, y1) in itertools.pairwise(xy):  # the area under the side's chance
            for x in range(x0, x1):
                y = y0 + (y1 - y0) * (x - x0) // max(1, x1 - x0)
                g.line(x, y, x, bottom, wimp.Wimp.LIGHT_BLUE)
        if xy:
            x, y = xy[-1]
            g.line(x, y, x, bottom, wimp.Wimp.LIGHT_BLUE)
        half = self.y_of(0.5)
        for x in range(inner.x, inner.right, 4):
            g.pset(x, half, wimp.Wimp.GREY4)
        for (x0, y0), (x1, y1) in itertools.pairwise(xy):
            g.line(x0, y0, x1, y1, wimp.Wimp.DARK_BLUE)
        chance_at = dict(points)
        for line, colour in errors:
            x = self.x_of(line)
            g.rect(x - 1, bottom - 5, 3, 6, colour)
            if line in chance_at:
                y = self.y_of(chance_at[line])
                g.rect(x - 2, y - 2, 5, 5, colour)
                g.rectb(x - 2, y - 2, 5, 5, wimp.FRAME)
        if current is not None and self.columns and self.columns[0] <= current <= self.columns[-1]:
            x = self.x_of(current)
            g.line(x, inner.y, x, bottom, wimp.FOCUS)
            g.tri(x - 3, self.rect.y, x + 3, self.rect.y, x, self.rect.y + 4, wimp.FOCUS)

    def sides(self, g: pyxel.Image, assets: Assets, up: str, down: str, said: str) -> None:
        """Whose chance it is: ``up``'s token at the top named (``said``, "You win"), ``down``'s below."""
        inner = self.inner
        assets.blt(g, inner.x + 1, inner.y + 1, f"token_{up}")
        assets.blt(g, inner.x + 1, inner.bottom - 13, f"token_{down}")
        said = cut(said, (inner.w - 16) // CHAR_W)
        g.rect(inner.x + 14, inner.y, assets.text_width(said) + 2, CHAR_H, wimp.FIELD_BG)  # over the curve
        assets.text(g, inner.x + 15, inner.y, said, wimp.TEXT)


def draw_progress(g: pyxel.Image, assets: Assets, r: Rect, done: int, total: int, label: str) -> None:
    """A white bar filling with dark blue as the work gets ``done`` of ``total``; ``label`` on it."""
    draw_box(g, r, wimp.FIELD_BG)
    filled = (r.w - 2) * done // max(1, total)
    if filled:
        g.rect(r.x + 1, r.y + 1, filled, r.h - 2, wimp.Wimp.DARK_BLUE)
    tx = r.x + (r.w - assets.text_width(label)) // 2
    ty = r.y + (r.h - CHAR_H) // 2
    g.clip(r.x + 1, r.y, filled, r.h)  # the words read white on the filled part, black on the rest
    assets.text(g, tx, ty, label, wimp.Wimp.WHITE)
    g.clip(r.x + 1 + filled, r.y, r.w - 2 - filled, r.h)
    assets.text(g, tx, ty, label, wimp.TEXT)
    g.clip()


def slot_centre(player: int, point: int, board: Position, viewer: int, *, landing: bool) -> tuple[int, int]:
    """Where an arrow for ``point`` (``player``'s numbering) starts or ends on ``board``.

    A man leaves from the top of its stack and lands on the next free slot; off is the bin.
    """
    spot = L.Spot(player, point)
    if point == 0:
        return L.bin_box(player == viewer).center
    count = board.mine[point]
    cap = L.place_count_cap(spot)
    index = min(count, cap - 1) if landing else max(0, min(count, cap) - 1)
    return L.slot_rect(spot, index, viewer).center


def draw_play(
    g: pyxel.Image,
    player: int,
    moves: Sequence[tuple[int, int]],
    board: Position,
    viewer: int,
    colour: int,
    shift: int = 0,
) -> None:
    """Each move of the play as an arrow over ``board``; ``shift`` moves them aside so two plays both show."""
    for src, dst in moves:
        x0, y0 = slot_centre(player, src, board, viewer, landing=False)
        x1, y1 = slot_centre(player, dst, board, viewer, landing=True)
        _arrow(g, x0, y0, x1, y1, colour, shift)


def _arrow(g: pyxel.Image, x0: float, y0: float, x1: float, y1: float, colour: int, shift: int) -> None:
    dx, dy = x1 - x0, y1 - y0
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    px, py = -uy, ux  # across the arrow
    x0, y0, x1, y1 = x0 + px * shift, y0 + py * shift, x1 + px * shift, y1 + py * shift
    bx, by = x1 - ux * ARROW_HEAD, y1 - uy * ARROW_HEAD  # where the head begins
    across = (0, 1) if abs(dx) >= abs(dy) else (1, 0)
    for width, ink in ((2, wimp.FRAME), (1, colour)):
        for k in range(-width, width + 1):
            g.line(x0 + across[0] * k, y0 + across[1] * k, bx + across[0] * k, by + across[1] * k, ink)
    h = ARROW_HEAD - 2
    corners = (bx + px * h, by + py * h, bx - px * h, by - py * h, x1, y1)
    g.tri(*corners, colour)
    g.trib(*corners, wimp.FRAME)
    g.rect(int(x0) - 2, int(y0) - 2, 5, 5, colour)  # where the man left
    g.rectb(int(x0) - 2, int(y0) - 2, 5, 5, wimp.FRAME)


CHAR = CHAR_W


def draw_totals(
    g: pyxel.Image,
    a: Assets,
    box: Rect,
    players: tuple[Player, Player],
    totals: tuple[PlayerTotals, PlayerTotals] | None,
    finished: bool,
) -> None:
    """Each player's error rate, luck and marks in columns, then their ratings ("..." until known)."""
    draw_box(g, box, wimp.FIELD_BG)
    x0 = box.x + 4
    cols = (x0 + 44, x0 + 44 + 64)  # after "Error": each column's name ends inside the box
    y = box.y + 2
    for seat, cx in enumerate(cols):
        a.blt(g, cx, y + 2, f"token_{players[seat].colour}")
        a.text(g, cx + 14, y, cut(players[seat].name, 6, at_word=False), wimp.TEXT)  # "..." past six
    rows = [("Error", lambda t: "-" if t.error_rate is None else f"{t.error_rate:.1f}")]
    rows.append(("Luck", lambda t: signed(t.luck, 2)))
    rows.append(("Marks", lambda t: "/".join(str(n) for n in t.marks)))
    for k, (label, value) in enumerate(rows, 1):
        ry = y + k * ROW_H
        a.text(g, x0, ry, label, wimp.TEXT_DISABLED)
        for seat, cx in enumerate(cols):
            a.text(g, cx, ry, value(totals[seat]) if totals is not None else "...", wimp.TEXT)
    chars = (box.w - 8) // CHAR_W
    for seat in (0, 1):
        ry = y + (4 + seat) * ROW_H
        a.blt(g, x0, ry + 2, f"token_{players[seat].colour}")
        # a rating is a verdict on the whole match: none until the analysis has read it all
        word = totals[seat].rating if totals is not None and finished else "..."
        a.text(g, x0 + 16, ry, cut(word, chars - 2), wimp.TEXT)
