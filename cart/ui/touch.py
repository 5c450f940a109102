"""Fingertips: a tap on a touch screen goes to the control nearest to it, within a fingertip's reach.

On a phone the RISC OS look's icons and rows are a third of a fingertip. The page says when a press
came from a finger and how far a fingertip reaches in the game's pixels (``Page.touch``). A tap on a
control is that control's; a tap on none goes to the nearest within reach, its hold and drag with
it. Two about as near (within :data:`TIE`) take neither, so no control the player did not mean is
pressed. A lifted finger rests nowhere: no tooltip rises. The mouse and keys are never aimed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Intent, Pointer, Release, Select

FINGER_CSS_PX = 22.0
"""A fingertip's reach from its centre in CSS pixels (44 across: Apple's 44 pt, near Material's 48 dp);
``tools/web/page.js`` turns it into the game's pixels at the scale the page shows it."""
TIE = 0.25
"""Two controls whose distances from a tap differ by less than this share of the reach are as near."""


def gap(r: Rect, x: float, y: float) -> float:
    """How far (x, y) lies from ``r`` (0 inside it).

    >>> gap(Rect(10, 10, 20, 10), 15, 15), gap(Rect(10, 10, 20, 10), 32, 23)
    (0.0, 5.0)
    """
    dx = max(r.x - x, 0.0, x - (r.right - 1))
    dy = max(r.y - y, 0.0, y - (r.bottom - 1))
    return float((dx * dx + dy * dy) ** 0.5)


def aim(x: int, y: int, targets: Sequence[Rect], reach: float) -> tuple[int, int] | None:
    """Where a tap at (x, y) goes: the centre of the control nearest within ``reach``; None: as it is
    (on a control already, none within reach, or two as near).

    >>> icon, button = Rect(0, 0, 20, 20), Rect(100, 100, 100, 28)
    >>> aim(30, 25, [icon, button], 36), aim(10, 10, [icon, button], 36), aim(60, 60, [icon, button], 36)
    ((10, 10), None, None)
    >>> aim(60, 60, [Rect(20, 50, 20, 20), Rect(80, 50, 20, 20)], 36)  # as near to both: neither
    """
    if reach <= 0 or any(r.contains(x, y) for r in targets):
        return None
    near = sorted((d, i) for i, r in enumerate(targets) if (d := gap(r, x, y)) <= reach)
    if not near or (len(near) > 1 and near[1][0] - near[0][0] < TIE * reach):
        return None
    return targets[near[0][1]].center


@dataclass
class Fingertip:
    """A finger's press moved onto the control it meant, the same shift kept while it is held so a drag
    moves with the finger; where it lifted, so no tooltip rises under a pointer nobody holds."""

    shift: tuple[int, int] = (0, 0)
    lifted: tuple[int, int] | None = None

    def aimed(
        self, intents: list[Intent], targets: Callable[[int, int], Sequence[Rect]], reach: float
    ) -> list[Intent]:
        """The frame's intents, a tap aimed at ``targets(x, y)`` with its hold and release; a lifted
        finger's pointer left out."""
        out: list[Intent] = []
        for i in intents:
            if isinstance(i, Select):
                to = aim(i.x, i.y, targets(i.x, i.y), reach)
                self.shift = (0, 0) if to is None else (to[0] - i.x, to[1] - i.y)
                self.lifted = None
                i = Select(i.x + self.shift[0], i.y + self.shift[1])
            out.append(i)
        dx, dy = self.shift
        pressed = any(isinstance(i, Select | Release) for i in intents)
        moved: list[Intent] = []
        for i in out:
            if isinstance(i, Pointer):
                if not i.held and not pressed and self.lifted == (i.x, i.y):
                    continue  # the finger has lifted: it rests nowhere
                i = Pointer(i.x + dx, i.y + dy, i.held) if i.held or pressed else i
            elif isinstance(i, Release):
                self.lifted = (i.x, i.y)
                i = Release(i.x + dx, i.y + dy)
                self.shift = (0, 0)
            moved.append(i)
        return moved
