"""Tooltips: which help suits the thing under the pointer now, and where its box may go.

No Pyxel here. A tip says what a control does in the phase at hand ("click to
roll" only when the player may roll), and its box is placed beside the pointer
where it covers neither the message strip nor any dice: the first of four
corners around the pointer that is clear, or no tip at all.
"""

from __future__ import annotations

from cart.engine import GameState

from . import layout as L
from .assets import CHAR_H, CHAR_W
from .geom import Rect

__all__ = ["AVOID", "TOOLTIP_DELAY", "hover_key", "tip_box", "tip_text"]

TOOLTIP_DELAY = 18
"""Frames the pointer rests on a control before its help shows (0.6 s at 30 fps)."""

AVOID: tuple[Rect, ...] = (
    L.MESSAGE,
    L.ROLL_BOX,
    L.DICE_BOX,
    L.seat_rows(L.THEIR_SEAT).icon,  # the dice rolled by the player at the top show here
    L.seat_rows(L.YOUR_SEAT).icon,
)
"""What a tip never covers: the message strip and every place dice are shown."""


def hover_key(what: L.Spot | L.Control | None) -> str | None:
    """The kind of thing under the pointer a tip is about: a control, or the bar, a bin or a point."""
    if what is None or isinstance(what, str):
        return what
    return "bar" if what.point == 25 else "bin" if what.point == 0 else "point"


def tip_text(key: str, game: GameState, mine: bool) -> str | None:
    """The help for ``key`` (a control or a kind of place) now; ``mine``: a person here is to act.

    >>> from cart.engine import Rules
    >>> g = GameState.new(Rules())
    >>> tip_text("dice_box", g, True), tip_text("point", g, False)
    ('Dice to roll: click (or R) to roll', None)
    """
    phase = game.phase
    if key == "dice_box":
        if mine and phase in ("opening", "roll"):
            return "Dice to roll: click (or R) to roll"
        return "Dice to roll: the next roll is made here"
    if key == "roll":
        if mine and phase == "move":
            return "Your roll: click (or Return) to confirm your move"
        return "Your roll: the dice to play this turn"
    if key == "cube":
        why = game.why_no_double()
        if mine and why is None:
            return "Doubling cube: click before rolling to offer a double"
        return f"Doubling cube at {game.cube}" + (f": {why}" if mine and why else "")
    if key == "point":
        if mine and phase == "move":
            return "Click a man to pick it up, click a point to put it down"
        return None
    if key == "bar":
        return "The bar: men hit wait here and must enter first"
    if key == "bin":
        return "The bin: men borne off"
    return None


def _clear(box: Rect) -> bool:
    return all(box.right <= r.x or r.right <= box.x or box.bottom <= r.y or r.bottom <= box.y for r in AVOID)


def tip_box(text: str, pointer: tuple[int, int]) -> Rect | None:
    """Where the tip's box goes: below right of the pointer, else the nearest place clear of :data:`AVOID`.

    Rows below and above the pointer are tried nearest first (the panel's
    boxes leave narrow gaps), each to the right of the pointer, then left.
    """
    w = len(text) * CHAR_W + 8
    h = CHAR_H + 6
    px, py = pointer
    for dy in (18, 22, 26, -h - 8, -h - 14, -h - 20, 34, 44, -h - 28, -h - 40, 56, -h - 52):
        for dx in (12, -w - 8):
            x = max(0, min(px + dx, L.SCREEN[0] - w))
            y = max(0, min(py + dy, L.SCREEN[1] - h))
            box = Rect(x, y, w, h)
            if _clear(box):
                return box
    return None
