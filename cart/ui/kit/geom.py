"""Rectangles on the 640x512 screen: the one shape layout, widgets and hit-testing share."""

from __future__ import annotations

from typing import NamedTuple

SCREEN = (640, 512)
"""The screen's size in pixels: every window and box is laid out within it."""


class Rect(NamedTuple):
    """An axis-aligned rectangle in screen pixels; ``x + w`` is the first column outside it.

    >>> r = Rect(10, 20, 30, 40)
    >>> r.contains(10, 20), r.contains(40, 20), r.center
    (True, False, (25, 40))
    >>> r.inset(2)
    Rect(x=12, y=22, w=26, h=36)
    """

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return self.x + self.w // 2, self.y + self.h // 2

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    def inset(self, n: int) -> Rect:
        return Rect(self.x + n, self.y + n, self.w - 2 * n, self.h - 2 * n)

    def centered(self, w: int, h: int) -> Rect:
        """A ``w`` x ``h`` rectangle centred in this one."""
        return Rect(self.x + (self.w - w) // 2, self.y + (self.h - h) // 2, w, h)
