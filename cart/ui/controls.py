"""The game's commands and the keys, pad buttons and labels that do them: one table, read everywhere.

The kit knows a window's verbs only (:data:`~cart.ui.kit.intents.KEYMAP`); the game's
own commands (roll, double, hint...) live here, and the input (a scene's ``keymap``),
the tips, the menus' key column and the manual read them from this one place. A
screen's keymap lays its commands over the kit's, so on the table Backspace undoes a
man while on a screen with nothing to undo it is Back; the Review asks for the next
and previous error in its own words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pyxel

from cart.ui.kit.intents import KEYMAP, Device
from cart.ui.wimp.keyboard import key_for as kit_key_for


@dataclass(frozen=True)
class Control:
    """One of the game's commands: its name, its label in a menu, its keys and pad buttons.

    ``pad_also``: the kit's command whose pad button does it where it has none of its own
    (the pad's X confirms, and so rolls when the dice are to roll).
    """

    command: str
    label: str
    keys: tuple[int, ...]
    pad: tuple[int, ...] = ()
    pad_also: str | None = None


PLAY = (
    Control("roll", "Roll", (pyxel.KEY_R,), pad_also="confirm"),
    Control("double", "Double", (pyxel.KEY_D,)),
    Control("hint", "Hint", (pyxel.KEY_H,), (pyxel.GAMEPAD1_BUTTON_Y,)),
    Control("type_move", "Type a move", (pyxel.KEY_T,)),
    Control("undo", "Undo move", (pyxel.KEY_U, pyxel.KEY_BACKSPACE), (pyxel.GAMEPAD1_BUTTON_B,)),
    Control("undo_turn", "Undo turn", (pyxel.KEY_DELETE, pyxel.KEY_X)),
)
"""The table's commands: a man undone by U, Backspace or pad B; the whole turn by X or Delete."""

REVIEW = (
    Control("next_error", "Next error", (pyxel.KEY_N,), (pyxel.GAMEPAD1_BUTTON_Y,)),
    Control(
        "previous_error", "Previous error", (pyxel.KEY_P, pyxel.KEY_BACKSPACE), (pyxel.GAMEPAD1_BUTTON_B,)
    ),
    Control("rollout", "Rollout", (pyxel.KEY_R,)),
)
"""The Review's: N and P (pad Y and B) step between the errors; Return and Tab go to the next one too;
R rolls the selected decision out (a pad reaches Rollout through the menu: its X confirms)."""


DESK = (Control("drills", "Drills...", (pyxel.KEY_F2,), (pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER,)),)
"""What every screen of the game's offers: F2 (pad RB) opens the Drills window, as its menus' entry does."""


def keymap(controls: Iterable[Control]) -> dict[int, str]:
    """The kit's keys with ``controls``' laid over them: what each key does on a screen of the game's."""
    out = {key: c.command for c in controls for key in (*c.keys, *c.pad)}
    return out | {key: name for key, name in KEYMAP.items() if key not in out}


PLAY_KEYS = keymap((*PLAY, *DESK))
REVIEW_KEYS = keymap((*REVIEW, *DESK))
DESK_KEYS = keymap(DESK)
"""The title's and the saved games' keys: the kit's and the Drills window's."""
ROLLOUT_KEYS = keymap(c for c in REVIEW if c.command == "rollout")
"""The Rollout window: R (as in the Review that opened it) stops and goes on; the rest is the kit's."""
DRILL_KEYS = keymap(PLAY)
"""A drill's board: the table's keys, less F2 (the Drills window is open beneath it)."""
HINT_KEYS = keymap(c for c in PLAY if c.command == "hint")
"""A box over the table with a Hint button: H (pad Y) presses it, every other key is the kit's."""


def control(command: str) -> Control:
    """The table's entry for the game's ``command``."""
    return next(c for c in (*PLAY, *REVIEW, *DESK) if c.command == command)


def key_for(command: str, device: Device) -> str:
    """The key or button that does ``command`` (the game's, or a kit verb) on ``device``, as shown.

    >>> key_for("roll", "keys"), key_for("roll", "pad"), key_for("undo", "keys"), key_for("undo_turn", "pad")
    ('R', 'X', 'U', '')
    >>> key_for("previous_error", "keys"), key_for("next_error", "pad"), key_for("cancel", "keys")
    ('P', 'Y', 'Escape')
    >>> key_for("drills", "keys"), key_for("drills", "pad")
    ('F2', 'RB')
    """
    c = next((c for c in (*PLAY, *REVIEW, *DESK) if c.command == command), None)
    if c is None:
        return kit_key_for(command, device)
    keys = REVIEW_KEYS if c in REVIEW else PLAY_KEYS
    shown = kit_key_for(command, device, keys)
    if not shown and device == "pad" and c.pad_also is not None:
        return kit_key_for(c.pad_also, device, keys)
    return shown
