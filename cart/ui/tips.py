"""Tooltips: which help suits the thing under the pointer now, and where its box may go.

No drawing here. A tip says what a control does in the phase at hand ("click to
roll" only when the player may roll) and the key that does the same, read from
the key bindings themselves (:func:`~cart.ui.keynames.key_for`), so every
shortcut is found where it applies; its box is placed beside the pointer
where it covers neither the message strip nor any dice: the first of four
corners around the pointer that is clear, or no tip at all.
"""

from __future__ import annotations

from cart.engine import GameState

from . import layout as L
from .assets import CHAR_H, CHAR_W
from .geom import Rect
from .intents import CommandName, Device
from .keynames import SELECT_WORD, key_for, pad_button

__all__ = [
    "AVOID",
    "TOOLTIP_DELAY",
    "Resting",
    "field_tip",
    "hover_key",
    "review_tip",
    "tip_above",
    "tip_beside",
    "tip_box",
    "tip_text",
]

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


def _or(command: CommandName, device: Device) -> str:
    """SELECT as ``device`` does it, and the key or button that does the same, if it has one."""
    key = key_for(command, device)
    return SELECT_WORD[device] + (f" (or {key})" if key else "")


def tip_text(key: str, game: GameState, mine: bool, device: Device = "mouse") -> str | None:
    """The help for ``key`` (a control or a kind of place) now; ``mine``: a person here is to act.

    The controls named are ``device``'s, the input the player used last: a
    click for the mouse (with the keyboard's shortcut beside it), Space and the
    keys for the keyboard, A and the pad's buttons for a gamepad.

    >>> from cart.engine import Rules
    >>> g = GameState.new(Rules())
    >>> tip_text("dice_box", g, True), tip_text("point", g, False)
    ('Dice to roll: click (or R) to roll', None)
    >>> tip_text("dice_box", g, True, "pad"), tip_text("dice_box", g, True, "keys")
    ('Dice to roll: A (or X) to roll', 'Dice to roll: Space (or R) to roll')
    """
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
        return f"Doubling cube at {game.cube}" + (f": {why}" if mine and why else "")
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
    """Said when a man is moved or the roll confirmed before the dice are rolled, in ``device``'s terms.

    >>> roll_first("mouse"), roll_first("keys"), roll_first("pad")
    ('roll first: click the dice to roll', 'roll first: R rolls', 'roll first: X rolls')
    """
    key = key_for("roll", device)
    return (
        "roll first: click the dice to roll" if device == "mouse" or not key else f"roll first: {key} rolls"
    )


def move_then_confirm(device: Device) -> str:
    """Said when the dice are asked to roll again before the move is made, in ``device``'s terms.

    >>> move_then_confirm("mouse"), move_then_confirm("pad")
    ('the dice are rolled: move, then click your roll', 'the dice are rolled: move, then X confirms')
    """
    key = key_for("confirm", device)
    if device == "mouse" or not key:
        return "the dice are rolled: move, then click your roll"
    return f"the dice are rolled: move, then {key} confirms"


def point_tip(device: Device) -> str:
    """How a man is moved with ``device``, and the undo keys it has.

    >>> point_tip("mouse")
    'Click a man, then a point; U undoes, X the turn'
    >>> point_tip("keys"), point_tip("pad")
    ('Space on a man, then on a point; U undoes, X the turn', 'A on a man, then on a point; B undoes')
    """
    select = SELECT_WORD[device]
    how = "Click a man, then a point" if device == "mouse" else f"{select} on a man, then on a point"
    undo, whole = key_for("undo", device), key_for("undo_turn", device)
    undoes = [f"{undo} undoes"] if undo else []
    undoes += [f"{whole} the turn"] if whole else []
    return "; ".join([how, ", ".join(undoes)]) if undoes else how


def review_tip(button: str, device: Device) -> str | None:
    """The Review window's buttons: what each does and the key or button that does it too.

    The arrows (the d-pad) step through the moves there, never reaching the
    buttons: the keys' and the pad's player is told the key alone.

    >>> review_tip("next_error", "keys"), review_tip("next_error", "pad")
    ('Next error: Return; U the previous', 'Next error: X; B the previous')
    >>> review_tip("next_error", "mouse"), review_tip("back", "mouse")
    ('Next error: click (or Return); U the previous', 'One move back: click (or Up)')
    """
    if button == "next_error":
        back = key_for("undo", device)
        how = _or("confirm", device) if device == "mouse" else key_for("confirm", device)
        return f"Next error: {how}" + (f"; {back} the previous" if back else "")
    if button == "back":
        return f"One move back: {_or('up', device)}"
    if button == "forward":
        return f"One move on: {_or('down', device)}"
    return None


class Resting:
    """How long the pointer has rested on one thing (a button, by name): a tip shows after a pause.

    The keys' cursor on a button is the pointer resting there, so their
    player gets the same tip without a mouse.
    """

    def __init__(self) -> None:
        self.key: str | None = None
        self.frames = 0

    def see(self, key: str | None) -> None:
        self.frames = self.frames + 1 if key == self.key else 1
        self.key = key

    @property
    def ready(self) -> str | None:
        """The thing rested on long enough for its tip (None: nothing, or not yet)."""
        return self.key if self.frames >= TOOLTIP_DELAY else None


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


def field_tip(device: Device = "pad") -> str | None:
    """The tip on a writable icon the d-pad reached: the pad button for the on-screen keyboard.

    Read from the bindings, as every tip's key is: a player with only a gamepad
    cannot type, and this is where they learn how to write in the field. A
    keyboard's player just types: no tip for them.

    >>> field_tip(), field_tip("keys")
    ('Pad A: on-screen keyboard', None)
    """
    return f"Pad {pad_button('keyboard')}: on-screen keyboard" if device == "pad" else None


def tip_above(text: str, r: Rect) -> Rect:
    """Where a button's tip goes: just above it, its right end level with the button's, on screen.

    >>> tip_above("Next error: A (or X); B the previous", Rect(530, 478, 104, 24))
    Rect(x=338, y=450, w=296, h=22)
    """
    w, h = len(text) * CHAR_W + 8, CHAR_H + 6
    return Rect(max(0, min(r.right - w, L.SCREEN[0] - w)), max(0, r.y - h - 6), w, h)


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
