"""Tooltips: which help suits the thing under the pointer now, and where its box may go.

A tip says what a control does in the phase at hand and the key that does it too,
read from the bindings, so every shortcut is found where it applies; its box
covers neither the message strip, nor any dice, nor the panel's labels.
"""

from __future__ import annotations

from cart.engine import GameState
from cart.ui.controls import key_for
from cart.ui.kit.assets import CHAR_H, CHAR_W
from cart.ui.kit.geom import SCREEN, Rect
from cart.ui.kit.intents import Device
from cart.ui.kit.text import wrap
from cart.ui.wimp.keyboard import SELECT_WORD

from . import layout as L

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


def _clear(box: Rect) -> bool:
    return all(box.right <= r.x or r.right <= box.x or box.bottom <= r.y or r.bottom <= box.y for r in AVOID)


def tip_box(text: str, pointer: tuple[int, int]) -> Rect | None:
    """Where the tip's box goes: below right of the pointer, else the nearest place clear of :data:`AVOID`.

    Rows below and above the pointer are tried nearest first (the panel's
    boxes leave narrow gaps), each to the right of the pointer, then left,
    then ending left of the panel, where a tip about the panel reads beside it.
    """
    lines = text.split("\n")
    w = max(len(line) for line in lines) * CHAR_W + 8
    h = len(lines) * CHAR_H + 6
    px, py = pointer
    for dy in (18, 22, 26, -h - 8, -h - 14, -h - 20, 34, 44, -h - 28, -h - 40, 56, -h - 52):
        for left in (px + 12, px - w - 8, L.PANEL_X - 6 - w):
            x = max(0, min(left, SCREEN[0] - w))
            y = max(0, min(py + dy, SCREEN[1] - h))
            box = Rect(x, y, w, h)
            if _clear(box):
                return box
    return None


def table_tip(
    key: str, game: GameState, mine: bool, device: Device, pointer: tuple[int, int]
) -> tuple[str, Rect] | None:
    """The table's tip for ``key`` now and its box by the pointer, or None where there is nothing to say."""
    text = tip_text(key, game, mine, device)
    box = tip_box(text, pointer) if text else None
    return (text, box) if text and box else None
