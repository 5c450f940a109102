"""The RISC OS scroll bar: arrows, the well, and a slider as long as the part of the list shown.

Like every widget it holds no game state and never reads the mouse: the list
that owns it says what is shown, asks it what a point hits, and drags it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pyxel

import cart.ui.kit.palette as wimp
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Pointer

from .widgets import ICON_W, draw_box

ScrollPart = Literal["up", "down", "page_up", "page_down", "slider"]


@dataclass
class ScrollBar:
    """A RISC OS vertical scroll bar: an arrow at each end, the well, a slider as long as the part shown.

    >>> bar = ScrollBar(Rect(0, 0, 20, 240), total=40, shown=10, first=0)
    >>> bar.slider.h, bar.hit(10, 30), bar.hit(10, 200), bar.hit(10, 5), bar.hit(10, 235)
    (49, 'slider', 'page_down', 'up', 'down')
    >>> bar.first_at(bar.well.bottom)  # the slider dragged to the bottom: the last page
    30
    """

    rect: Rect
    total: int = 0
    shown: int = 1
    first: int = 0

    MIN_SLIDER = 12

    @property
    def up(self) -> Rect:
        r = self.rect
        return Rect(r.x, r.y, r.w, ICON_W)

    @property
    def down(self) -> Rect:
        r = self.rect
        return Rect(r.x, r.bottom - ICON_W, r.w, ICON_W)

    @property
    def well(self) -> Rect:
        r = self.rect
        return Rect(r.x, r.y + ICON_W - 1, r.w, r.h - 2 * ICON_W + 2)

    @property
    def slack(self) -> int:
        """Lines the list can scroll: those not shown at once."""
        return max(0, self.total - self.shown)

    @property
    def slider(self) -> Rect:
        well = self.well
        inner = well.h - 4
        h = inner if self.slack == 0 else max(self.MIN_SLIDER, inner * self.shown // self.total)
        y = well.y + 2 + (0 if self.slack == 0 else (inner - h) * self.first // self.slack)
        return Rect(well.x + 2, y, well.w - 4, h)

    def first_at(self, top: float) -> int:
        """The first line shown when the slider's top is at ``top`` (dragging), kept in range."""
        well, slider = self.well, self.slider
        room = well.h - 4 - slider.h
        if room <= 0:
            return 0
        return max(0, min(self.slack, round((top - well.y - 2) * self.slack / room)))

    def parts(self) -> list[Rect]:
        """The arrows and the well: each a finger's target, so a tap beside an arrow is the arrow's."""
        return [self.up, self.well, self.down]

    def hit(self, x: float, y: float) -> ScrollPart | None:
        if not self.rect.contains(x, y):
            return None
        if self.up.contains(x, y):
            return "up"
        if self.down.contains(x, y):
            return "down"
        slider = self.slider
        if y < slider.y:
            return "page_up"
        return "page_down" if y >= slider.bottom else "slider"

    def draw(self, g: pyxel.Image, *, dragging: bool = False) -> None:
        well = self.well
        draw_box(g, well, wimp.SCROLL_WELL)
        s = self.slider
        draw_box(g, s, wimp.SCROLL_SLIDER_DRAGGED if dragging else wimp.SCROLL_SLIDER)
        for box, down in ((self.up, False), (self.down, True)):
            draw_box(g, box, wimp.BUTTON_BG)
            cx, cy = box.x + box.w // 2, box.y + box.h // 2
            tip, base = (cy + 4, cy - 3) if down else (cy - 4, cy + 3)
            colour = wimp.TEXT if self.slack else wimp.TEXT_DISABLED
            g.tri(cx - 5, base, cx + 5, base, cx, tip, colour)


class ScrollingList:
    """A highlighted line in a list taller than its window: the highlight always on a line shown."""

    bar: ScrollBar
    visible: int  # lines shown at once
    selected: int = 0
    first: int = 0  # the first line shown
    dragging: float | None = None  # the slider held by SELECT: the pointer's height on it

    def item_count(self) -> int:
        raise NotImplementedError

    def row_rect(self, i: int) -> Rect:
        """The screen rectangle of line ``i``."""
        raise NotImplementedError

    def lines_shown(self) -> list[Rect]:
        """The lines shown and the scroll bar's parts: the list's controls for a finger's tap."""
        return [self.row_rect(i) for i in self.shown_rows()] + self.bar.parts()

    def after_scroll(self) -> None:
        """Called after every scroll, with the highlight in place (a hook: nothing by default)."""

    def shown_rows(self) -> range:
        return range(self.first, min(self.item_count(), self.first + self.visible))

    def scroll(self, step: int) -> None:
        """Move the list ``step`` lines, the highlight kept on a shown line."""
        count = self.item_count()
        self.first = max(0, min(self.first + step, count - self.visible))
        if count:
            self.selected = max(self.first, min(self.selected, self.first + self.visible - 1))
        self.bar.total, self.bar.shown, self.bar.first = count, self.visible, self.first
        self.after_scroll()

    def show_selected(self) -> None:
        """Scroll just enough that the highlighted line is shown."""
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + self.visible:
            self.first = self.selected - self.visible + 1
        self.scroll(0)

    def move_selection(self, step: int) -> None:
        """Up or Down (or a page): highlight the line ``step`` away, scrolling to it."""
        if self.item_count():
            self.selected = max(0, min(self.selected + step, self.item_count() - 1))
        self.show_selected()

    def slide(self, pointer: Pointer) -> None:
        """SELECT held on the slider drags it; the list follows (the highlight kept on a shown line)."""
        if self.dragging is None:
            return
        if not pointer.held:
            self.dragging = None
            return
        self.scroll(self.bar.first_at(pointer.y - self.dragging) - self.first)

    def click_bar(self, x: int, y: int) -> bool:
        """SELECT on the bar: an arrow scrolls a line, the well a page, the slider is taken to drag."""
        part = self.bar.hit(x, y)
        if part == "slider":
            self.dragging = y - self.bar.slider.y
        elif part is not None:
            page = self.visible
            self.scroll({"up": -1, "down": 1, "page_up": -page, "page_down": page}[part])
        return part is not None
