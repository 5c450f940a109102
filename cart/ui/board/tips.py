"""Tooltips: which help suits the thing under the pointer now, and where its box may go.

A tip says what a control does in the phase at hand and the key that does it too,
read from the bindings, so every shortcut is found where it applies; its box
covers neither the message strip, nor any dice, nor the panel's labels.
"""

from __future__ import annotations

from collections.abc import Sequence

from cart.engine import GameState
from cart.ui.controls import key_for
from cart.ui.kit.assets import CHAR_H, CHAR_W
from cart.ui.kit.geom import SCREEN, Rect
from cart.ui.kit.intents import Device
from cart.ui.kit.text import wrap
from cart.ui.wimp.keyboard import SELECT_WORD

from . import layout as L
from .clear import arrow_rects, men_rects, overlaps, standing
from .view_state import ViewState

AVOID: tuple[Rect, ...] = (
    L.MESSAGE,
    L.ROLL_BOX,
    L.DICE_BOX,
    L.seat_rows(L.THEIR_SEAT).icon,  # the dice rolled by the player at the top show here
    L.seat_rows(L.YOUR_SEAT).icon,
    *L.PANEL_LABELS,
)
"""What a tip never covers: the message strip, every place dice are shown, and the panel's labels."""
TIP_LINE = 40
"""Characters a line of a long tip has at most: narrow enough to lie beside the panel, not across it."""


def hover_key(what: L.Spot | L.Control | None) -> str | None:
    """The kind of thing under the pointer a tip is about: a control, or the bar, a bin or a point."""
    if what is None or isinstance(what, str):
        return what
    return "bar" if what.point == 25 else "bin" if what.point == 0 else "point"


def _or(command: str, device: Device) -> str:
    """SELECT as ``device`` does it, and the key or button that does the same, if it has one."""
    key = key_for(command, device)
    return SELECT_WORD[device] + (f" (or {key})" if key else "")


def tip_text(key: str, game: GameState, mine: bool, device: Device = "mouse") -> str | None:
    """The help for ``key`` (a control or a kind of place) now, naming ``device``'s controls."""
    phase = game.phase
    if key == "dice_box":
        if mine and phase in ("opening", "roll"):
            return f"Dice to roll: {_or('roll', device)} to roll"
        return "Dice to roll: the next roll is made here"
    if key == "roll":
        if mine and phase == "move":
            return f"Your roll: {_or('confirm', device)} to confirm your move"
        hint = key_for("hint", device)
        if mine and phase == "roll" and hint:
            return f"Your roll: the dice to play; {hint} asks for a hint"
        return "Your roll: the dice to play this turn"
    if key == "cube":
        why = game.why_no_double()
        if mine and why is None:
            return f"Doubling cube: {_or('double', device)} to offer a double"
        if mine and why:  # the engine's reason, under the cube's value, in lines narrow enough to place
            return "\n".join([f"Doubling cube at {game.cube}:", *wrap(why, TIP_LINE)])
        return f"Doubling cube at {game.cube}"
    if key == "point":
        if mine and phase == "move":
            return point_tip(device)
        return None
    if key == "bar":
        return "The bar: men hit wait here and must enter first"
    if key == "bin":
        return "The bin: men borne off"
    return None


def roll_first(device: Device) -> str:
    """Said when a man is moved or the roll confirmed before the dice are rolled, in ``device``'s terms."""
    key = key_for("roll", device)
    return (
        "roll first: click the dice to roll" if device == "mouse" or not key else f"roll first: {key} rolls"
    )


def move_then_confirm(device: Device) -> str:
    """Said when the dice are asked to roll again before the move is made, in ``device``'s terms."""
    key = key_for("confirm", device)
    if device == "mouse" or not key:
        return "the dice are rolled: move, then click your roll"
    return f"the dice are rolled: move, then {key} confirms"


def point_tip(device: Device) -> str:
    """How a man is moved with ``device``, and the undo keys it has."""
    select = SELECT_WORD[device]
    how = "Click a man, then a point" if device == "mouse" else f"{select} on a man, then on a point"
    undo, whole = key_for("undo", device), key_for("undo_turn", device)
    undoes = [f"{undo} undoes"] if undo else []
    undoes += [f"{whole} the turn"] if whole else []
    return "; ".join([how, ", ".join(undoes)]) if undoes else how


def review_tip(button: str, device: Device) -> str | None:
    """The Review window's buttons: what each does and its key (the arrows never reach them)."""
    if button == "next_error":
        back = key_for("previous_error", device)
        how = _or("confirm", device) if device == "mouse" else key_for("confirm", device)
        return f"Next error: {how}" + (f"; {back} the previous" if back else "")
    if button == "back":
        return f"One move back: {_or('up', device)}"
    if button == "forward":
        return f"One move on: {_or('down', device)}"
    return None


def tip_box(
    text: str, pointer: tuple[int, int], men: Sequence[Rect] = (), arrows: Sequence[Rect] = ()
) -> Rect | None:
    """Where the tip's box goes: near the pointer, clear of :data:`AVOID` and of the hint ``arrows``,
    and of the ``men`` drawn if it can be, else over as few as it can.

    Rows below and above the pointer are tried nearest first (the panel's
    boxes leave narrow gaps), each to the right of the pointer, then left,
    then ending left of the panel, where a tip about the panel reads beside it.
    """
    lines = text.split("\n")
    w = max(len(line) for line in lines) * CHAR_W + 8
    h = len(lines) * CHAR_H + 6
    px, py = pointer
    best: tuple[int, Rect] | None = None
    spots = [
        (left, py + dy)
        for dy in (18, 22, 26, -h - 8, -h - 14, -h - 20, 34, 44, -h - 28, -h - 40, 56, -h - 52)
        for left in (px + 12, px - w - 8, L.PANEL_X - 6 - w)
    ]
    for left, top in spots:
        x = max(0, min(left, SCREEN[0] - w))
        y = max(0, min(top, SCREEN[1] - h))
        box = Rect(x, y, w, h)
        if any(overlaps(box, r) for r in (*AVOID, *arrows)):
            continue
        covered = sum(overlaps(box, m) for m in men)
        if not covered:
            return box
        if best is None or covered < best[0]:
            best = covered, box
    return best[1] if best is not None else None


def table_tip(
    key: str, game: GameState, view: ViewState, mine: bool, device: Device, pointer: tuple[int, int]
) -> tuple[str, Rect] | None:
    """The table's tip for ``key`` now and its box by the pointer, clear of the men and arrows ``view``
    shows, or None where there is nothing to say."""
    text = tip_text(key, game, mine, device)
    if not text:
        return None
    stand = standing(game, view)
    arrows = [r for r, _, _ in arrow_rects(view.hints, stand, view.viewer)]
    men = men_rects(stand, view.viewer, bins=True)
    box = tip_box(text, pointer, men, arrows)
    if box is not None and any(overlaps(box, m) for m in men):  # crowded: over the title bar instead
        wide = wrap(" ".join(text.split("\n")), SCREEN[0] // CHAR_W - 1)
        top = Rect(0, 0, max(len(line) for line in wide) * CHAR_W + 8, len(wide) * CHAR_H + 6)
        top = top._replace(x=max(0, min(pointer[0] - top.w // 2, SCREEN[0] - top.w)))
        if not any(overlaps(top, r) for r in (*AVOID, *arrows, *men)):
            return "\n".join(wide), top
    return (text, box) if box else None
