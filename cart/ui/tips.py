"""Tooltips: which help suits the thing under the pointer now, and where its box may go.

No drawing here. A tip says what a control does in the phase at hand ("click to
roll" only when the player may roll) and the key that does the same, read from
the key bindings themselves (:func:`~cart.ui.intents.shortcut`), so every
shortcut is found where it applies; its box is placed beside the pointer
where it covers neither the message strip nor any dice: the first of four
corners around the pointer that is clear, or no tip at all.
"""

from __future__ import annotations

from cart.engine import GameState

from . import layout as L
from .assets import CHAR_H, CHAR_W
from .geom import Rect
from .intents import pad_button, shortcut

__all__ = ["AVOID", "TOOLTIP_DELAY", "field_tip", "hover_key", "tip_beside", "tip_box", "tip_text"]

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
            return f"Dice to roll: click (or {shortcut('roll')}) to roll"
        return "Dice to roll: the next roll is made here"
    if key == "roll":
        if mine and phase == "move":
            return f"Your roll: click (or {shortcut('confirm')}) to confirm your move"
        if mine and phase == "roll":
            return f"Your roll: the dice to play; {shortcut('hint')} asks for a hint"
        return "Your roll: the dice to play this turn"
    if key == "cube":
        why = game.why_no_double()
        if mine and why is None:
            return f"Doubling cube: click (or {shortcut('double')}) to offer a double"
        return f"Doubling cube at {game.cube}" + (f": {why}" if mine and why else "")
    if key == "point":
        if mine and phase == "move":
            return f"Click a man, then a point; {shortcut('undo')} undoes, {shortcut('undo_turn')} the turn"
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


def field_tip() -> str:
    """The tip on a writable icon the keys (or the d-pad) reached: the pad button for the on-screen keyboard.

    Read from the bindings, as every tip's key is: a player with only a gamepad
    cannot type, and this is where they learn how to write in the field.

    >>> field_tip()
    'Pad A: on-screen keyboard'
    """
    return f"Pad {pad_button('keyboard')}: on-screen keyboard"


def tip_beside(text: str, r: Rect) -> Rect:
    """Where a field's tip goes: at its right where the screen has room, else under its right end.

    Never over the field itself, whose text and caret the player watches.

    >>> tip_beside("Pad A: on-screen keyboard", Rect(216, 100, 208, 24))
    Rect(x=430, y=101, w=208, h=22)
    >>> tip_beside("Pad A: on-screen keyboard", Rect(216, 40, 340, 24))
    Rect(x=348, y=66, w=208, h=22)
    """
    w, h = len(text) * CHAR_W + 8, CHAR_H + 6
    if r.right + 6 + w <= L.SCREEN[0]:
        return Rect(r.right + 6, r.y + (r.h - h) // 2, w, h)
    return Rect(max(0, r.right - w), min(r.bottom + 2, L.SCREEN[1] - h), w, h)
