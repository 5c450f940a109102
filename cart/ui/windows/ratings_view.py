"""The ratings window: every player's and computer level's rating and experience, and a graph over time.

Humans by rating, then the four levels (1500 until played); the highlighted
player's rating after each rated result is graphed as RISC OS !Draw would draw it,
and "Keep line" keeps a line, in its own colour, to compare with the next.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pyxel

from cart.ai import LEVELS
from cart.store import Change, StoreError
from cart.ui.kit import CHAR_H, CHAR_W, Pointer, Rect, palette as wimp
from cart.ui.kit.text import cut, local_time, shown
from cart.ui.wimp import (
    Button,
    Entry,
    ScrollBar,
    ScrollingList,
    Transition,
    Window,
    WindowScene,
    draw_focused,
    help_entry,
    key_for,
)

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services


COLUMNS = (("", 3), ("Player", 25), ("Rating", 9), ("Experience", 12), ("Results", 9), ("Last rated", 11))
ROW_H = 18
VISIBLE = 6
CAPTION_CHARS = 46  # the caption's row, left of the buttons
MARKERS_UP_TO = 40  # a dot at every result while they are this few; beyond, the line alone
STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)


@dataclass(frozen=True)
class Rated:
    """One line of the list: who (the store's id), the name shown, the rating, experience and history."""

    player: str
    name: str
    rating: float
    experience: int
    history: tuple[Change, ...]

    @property
    def series(self) -> list[float]:
        """The rating before the first rated result, then after each: what the graph draws."""
        if not self.history:
            return [self.rating]
        return [self.history[0].before, *(c.after for c in self.history)]


def shown_name(player: str) -> str:
    """``player:Ann`` is Ann; ``computer:expert`` is 'Expert (computer)'."""
    kind, _, name = player.partition(":")
    return f"{name.title()} (computer)" if kind == "computer" else name


def rated_players(services: Services) -> tuple[list[Rated], str]:
    """Everyone the store rates, the humans by rating then the computer levels; and a problem, if any."""
    store = services.store
    if store is None:
        return [], "No ratings here: nothing is saved in this session."
    try:
        known = dict(store.ratings.book.ratings)
        humans = sorted((p for p in known if p.startswith("player:")), key=lambda p: (-known[p].rating, p))
        players = humans + [f"computer:{level}" for level in LEVELS]
        rows = []
        for p in players:
            r = store.ratings.get(p)
            rows.append(Rated(p, shown_name(p), r.rating, r.experience, tuple(store.ratings.history(p))))
    except StoreError as exc:
        return [], str(exc)
    return rows, ""


def nice_ticks(lo: float, hi: float, most: int) -> tuple[float, float, float]:
    """An axis from ``lo`` to ``hi`` with at most ``most`` steps of a round size: (start, end, step)."""
    if hi - lo < 10:
        mid = (lo + hi) / 2
        lo, hi = mid - 10, mid + 10
    for step in STEPS:
        start, end = math.floor(lo / step) * step, math.ceil(hi / step) * step
        if (end - start) / step <= most:
            return float(start), float(end), float(step)
    step = STEPS[-1] * math.ceil((hi - lo) / (most * STEPS[-1]))
    return float(math.floor(lo / step) * step), float(math.ceil(hi / step) * step), float(step)


class RatingsScene(ScrollingList, WindowScene):
    """The list of ratings above the graph; Keep line and Close below."""

    own_arrows = ("up", "down")  # the list's highlight; Left and Right go between the buttons
    help_page = "ratings"
    menu_title = "Ratings"

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.window = Window(Rect(8, 16, 624, 480), "Ratings", focused=True, icons=("close",))
        work = self.window.work_area
        self.head_y = work.y + 6
        self.list_top = self.head_y + CHAR_H + 4
        self.list_box = Rect(work.x + 4, self.list_top - 2, work.w - 40, VISIBLE * ROW_H + 4)
        self.bar = ScrollBar(Rect(work.right - 30, self.list_box.y, 24, self.list_box.h))
        self.visible = VISIBLE
        self.dragging = None
        self.graph = Rect(work.x + 4, self.list_box.bottom + 8, work.w - 8, 256)
        y = work.bottom - 36
        self.close = Button(Rect(work.right - 112, y, 100, 28), "Close", action=self.cancel)
        self.keep = Button(Rect(work.right - 224, y, 100, 28), "Keep line", True, action=self.toggle_kept)
        self.info_y = y + 6
        self.players, self.problem = rated_players(services)
        self.selected = 0
        self.first = 0
        self.kept: list[str] = []  # players whose line stays, in the order kept (their colours)
        self.scroll(0)

    # -- the list ---------------------------------------------------------------------------------
    @property
    def chosen(self) -> Rated | None:
        return self.players[self.selected] if self.players else None

    def row_rect(self, i: int) -> Rect:
        box = self.list_box
        return Rect(box.x + 1, self.list_top + (i - self.first) * ROW_H, box.w - 2, ROW_H)

    def item_count(self) -> int:
        return len(self.players)

    def after_scroll(self) -> None:
        """The Keep button says what it would do to the highlighted player's line."""
        self.keep.label = (
            "Drop line" if self.chosen is not None and self.chosen.player in self.kept else "Keep line"
        )
        self.keep.enabled = self.chosen is not None

    def toggle_kept(self) -> None:
        """Keep the highlighted player's line (or let it go), to compare with whoever is highlighted next."""
        chosen = self.chosen
        if chosen is None:
            return
        if chosen.player in self.kept:
            self.kept.remove(chosen.player)
        elif len(self.kept) < len(wimp.GRAPH_LINES):
            self.kept.append(chosen.player)
        self.scroll(0)

    def lines(self) -> list[tuple[Rated, int]]:
        """The players graphed and their colours: those kept, then the highlighted one if not kept."""
        by_id = {p.player: p for p in self.players}
        out: list[tuple[Rated, int]] = [
            (by_id[p], wimp.GRAPH_LINES[i]) for i, p in enumerate(self.kept) if p in by_id
        ]
        chosen = self.chosen
        if chosen is not None and chosen.player not in self.kept:
            out.append((chosen, wimp.GRAPH_LINES[len(self.kept) % len(wimp.GRAPH_LINES)]))
        return out

    # -- input ------------------------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        """Keep line (the default: what Return does) and Close; Up and Down move the list's highlight."""
        return [self.keep, self.close]

    def menu_entries(self) -> list[Entry]:
        """MENU over the window: its buttons, and Help (the manual's page on ratings)."""
        device = self.services.used.device

        def keep() -> Transition | None:
            self.toggle_kept()
            return None

        return [
            Entry("Keep line", keep, enabled=self.chosen is not None, key=key_for("confirm", device)),
            Entry("Close", self.cancel, key=key_for("cancel", device), separator=True),
            help_entry(device),
        ]

    def pointed(self, pointer: Pointer) -> None:
        self.slide(pointer)

    def wheel(self, lines: int) -> None:
        self.scroll(lines)

    def command(self, name: str) -> Transition | None:
        if name in ("up", "down"):
            self.move_selection(-1 if name == "up" else 1)
        elif name in ("page_up", "page_down"):
            self.move_selection(VISIBLE * (-1 if name == "page_up" else 1))
        return None

    def clicked(self, x: int, y: int) -> Transition | None:
        for i in self.shown_rows():
            r = self.row_rect(i)
            if r.contains(x, y):
                self.selected = i
                if x < r.x + COLUMNS[0][1] * CHAR_W:  # the colour column: keep or drop the line
                    self.toggle_kept()
                self.scroll(0)
                return None
        self.click_bar(x, y)
        return None

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, g: pyxel.Image) -> None:
        a = self.services.assets
        self.window.draw(a, g)
        work = self.window.work_area
        x = work.x + 8
        for title, width in COLUMNS:
            a.text(g, x, self.head_y, title, wimp.TEXT_DISABLED)
            x += width * CHAR_W
        box = self.list_box
        g.rect(box.x, box.y, box.w, box.h, wimp.FIELD_BG)
        g.rectb(box.x, box.y, box.w, box.h, wimp.FRAME)
        colours = {p.player: c for p, c in self.lines()}
        for i in self.shown_rows():
            self.draw_row(g, i, colours.get(self.players[i].player))
        if self.problem:
            a.text(
                g,
                work.x + 12,
                self.list_top + 4,
                cut(shown(self.problem), 70, at_word=False),
                wimp.ERROR_TEXT,
            )
        self.draw_graph(g)
        chosen = self.chosen
        if chosen is not None:
            rows = self.caption_rows(chosen)
            for k, row in enumerate(rows):  # two rows straddle the one row's place
                a.text(g, work.x + 12, self.info_y + (2 * k + 1 - len(rows)) * CHAR_H // 2, row, wimp.TEXT)
        for b in self.pressable():
            b.draw(a, g)
        self.bar.draw(g, dragging=self.dragging is not None)
        draw_focused(g, self.shown_focus, self.pressable())

    def draw_row(self, g: pyxel.Image, i: int, colour: int | None) -> None:
        a = self.services.assets
        p = self.players[i]
        r = self.row_rect(i)
        fg = wimp.TEXT
        if i == self.selected:
            g.rect(r.x, r.y, r.w, r.h, wimp.MENU_SELECTED_BG)
            fg = wimp.MENU_SELECTED_TEXT
        if colour is not None:  # the line's colour, as a key to the graph
            g.rect(r.x + 5, r.y + 3, 14, ROW_H - 6, colour)
            g.rectb(
                r.x + 5, r.y + 3, 14, ROW_H - 6, wimp.FRAME if i != self.selected else wimp.MENU_SELECTED_TEXT
            )
        last = local_time(p.history[-1].when)[:10] if p.history else "-"
        cells = (p.name, f"{p.rating:.2f}", str(p.experience), str(len(p.history)), last)
        x = self.window.work_area.x + 8 + COLUMNS[0][1] * CHAR_W
        for text, (_, width) in zip(cells, COLUMNS[1:], strict=True):
            a.text(g, x, r.y + 1, cut(shown(text), width - 1, at_word=False), fg)
            x += width * CHAR_W

    def caption(self, p: Rated) -> str:
        """Under the graph: the highlighted player's rating and results, in words."""
        return f"{p.name}: {figures(p)}"

    def caption_rows(self, p: Rated) -> list[str]:
        """The caption on its row left of the buttons; a long name's on two, the name on the first."""
        caption = self.caption(p)
        if len(caption) <= CAPTION_CHARS:
            return [caption]
        return [cut(shown(f"{p.name}:"), CAPTION_CHARS, at_word=False), figures(p)]

    def draw_graph(self, g: pyxel.Image) -> None:
        """The rating after each result: grid and ticks in grey, axes in black, a line per player."""
        a = self.services.assets
        box = self.graph
        g.rect(box.x, box.y, box.w, box.h, wimp.GRAPH_BG)
        g.rectb(box.x, box.y, box.w, box.h, wimp.FRAME)
        plot = Rect(box.x + 6 * CHAR_W, box.y + 10, box.w - 6 * CHAR_W - 14, box.h - 10 - CHAR_H - 18)
        lines = self.lines()
        if not lines:
            a.text_centered(g, box.x + box.w // 2, box.y + box.h // 2 - CHAR_H // 2, "No ratings", wimp.TEXT)
            return
        values = [v for p, _ in lines for v in p.series]
        lo, hi, step = nice_ticks(min(values), max(values), 6)
        longest = max(len(p.series) for p, _ in lines) - 1
        x_end, x_step = _x_axis(longest)

        def sx(i: float) -> int:
            return plot.x + round(i * (plot.w - 1) / x_end)

        def sy(v: float) -> int:
            return plot.bottom - 1 - round((v - lo) * (plot.h - 1) / (hi - lo))

        v = lo
        while v <= hi + 1e-9:  # the rating grid, labelled at the left
            y = sy(v)
            g.line(plot.x, y, plot.right - 1, y, wimp.GRAPH_GRID)
            label = f"{v:.0f}"
            a.text(g, plot.x - 4 - a.text_width(label), y - CHAR_H // 2, label, wimp.TEXT)
            v += step
        i = 0
        while i <= x_end:  # the results grid, labelled below
            x = sx(i)
            g.line(x, plot.y, x, plot.bottom - 1, wimp.GRAPH_GRID)
            a.text_centered(g, x, plot.bottom + 2, str(i), wimp.TEXT)
            i += x_step
        g.line(plot.x, plot.y, plot.x, plot.bottom - 1, wimp.GRAPH_AXIS)
        g.line(plot.x, plot.bottom - 1, plot.right - 1, plot.bottom - 1, wimp.GRAPH_AXIS)
        a.text(
            g, plot.right - a.text_width("results"), plot.bottom + CHAR_H + 1, "results", wimp.TEXT_DISABLED
        )
        for p, colour in lines:
            polyline(g, [(sx(k), sy(value)) for k, value in enumerate(p.series)], colour)


def _x_axis(longest: int) -> tuple[int, int]:
    """The results axis: its end (at least 1, a whole number of steps) and the step between labels."""
    longest = max(1, longest)
    for step in STEPS:
        if longest / step <= 8:
            return step * math.ceil(longest / step), step
    return longest, longest


def polyline(g: pyxel.Image, points: Sequence[tuple[int, int]], colour: int) -> None:
    """A line through ``points``, a dot at each while they are few (a single one is a dot alone)."""
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        g.line(x0, y0, x1, y1, colour)
        g.line(x0, y0 + 1, x1, y1 + 1, colour)  # two pixels thick: a square pixel's line reads thin
    if len(points) <= MARKERS_UP_TO:
        for x, y in points:
            g.rect(x - 2, y - 2, 5, 5, colour)


def figures(p: Rated) -> str:
    """A player's rating and results, as the caption says them."""
    if not p.history:
        return f"{p.rating:.2f}, not rated yet"
    won = sum(c.won for c in p.history)
    return f"{p.rating:.2f}, won {won} of {len(p.history)}"
