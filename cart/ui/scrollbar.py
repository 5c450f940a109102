"""The RISC OS scroll bar: arrows, the well, and a slider as long as the part of the list shown.

Like every widget it holds no game state and never reads the mouse: the list
that owns it says what is shown, asks it what a point hits, and drags it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pyxel

from . import palette as wimp
from .geom import Rect
from .widgets import ICON_W, draw_box

__all__ = ["ScrollBar", "ScrollPart"]


ScrollPart = Literal["up", "down", "page_up", "page_down", "slider"]


@dataclass
class ScrollBar:
    """A RISC OS vertical scroll bar: an arrow icon at each end and the well between, with the slider.

    The slider's length is the part of the list shown, its place where that
    part lies; SELECT on an arrow scrolls a line, in the well above or below the
    slider a page, and the slider itself is dragged.

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
