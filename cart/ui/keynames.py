"""The names of keys and gamepad buttons, read from the bindings: what menus, tips and help show.

Split from :mod:`cart.ui.intents`, which binds them: a tip, a menu's shortcut
column or the Rules box asks here which key (or, for a gamepad player, which
button) does a command, so what is shown is what is bound, for the device the
player has in hand (:class:`~cart.ui.intents.LastUsed`).
"""

from __future__ import annotations

import pyxel

from .intents import (
    KEYMAP,
    MENU_BUTTONS,
    SELECT_BUTTONS,
    TYPING_KEYS,
    CommandName,
    Device,
)

__all__ = [
    "KEY_LABELS",
    "MENU_KEY",
    "PAD_LABELS",
    "PAD_MENU",
    "PAD_SELECT_LABEL",
    "SELECT_KEY",
    "SELECT_WORD",
    "key_for",
    "pad_button",
    "shortcut",
]

PAD_LABELS: dict[int, str] = {
    pyxel.GAMEPAD1_BUTTON_A: "A",
    pyxel.GAMEPAD1_BUTTON_B: "B",
    pyxel.GAMEPAD1_BUTTON_X: "X",
    pyxel.GAMEPAD1_BUTTON_Y: "Y",
    pyxel.GAMEPAD1_BUTTON_BACK: "Back",
    pyxel.GAMEPAD1_BUTTON_START: "Start",
    pyxel.GAMEPAD1_BUTTON_DPAD_LEFT: "Left",
    pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT: "Right",
    pyxel.GAMEPAD1_BUTTON_DPAD_UP: "Up",
    pyxel.GAMEPAD1_BUTTON_DPAD_DOWN: "Down",
}
"""What a gamepad's buttons are called where the game names them (the SDL controller's letters)."""


def pad_button(command: CommandName, keys: dict[int, CommandName] | None = None) -> str:
    """The gamepad button shown for ``command`` in ``keys`` (by default :data:`TYPING_KEYS`).

    Read from the map itself, so a tip names the button that is bound.

    >>> from cart.ui.intents import ONSCREEN_KEYS
    >>> pad_button("keyboard"), pad_button("shift", ONSCREEN_KEYS), pad_button("undo", ONSCREEN_KEYS)
    ('A', 'Y', 'B')
    """
    found = (k for k, name in (TYPING_KEYS if keys is None else keys).items() if name == command)
    return next((PAD_LABELS[k] for k in found if k in PAD_LABELS), "")


KEY_LABELS: dict[int, str] = {
    pyxel.KEY_RETURN: "Return",
    pyxel.KEY_ESCAPE: "Escape",
    pyxel.KEY_DELETE: "Delete",
    pyxel.KEY_BACKSPACE: "Backspace",
    pyxel.KEY_TAB: "Tab",
    pyxel.KEY_SPACE: "Space",
    pyxel.KEY_PAGEUP: "Page Up",
    pyxel.KEY_PAGEDOWN: "Page Down",
    pyxel.KEY_LEFT: "Left",
    pyxel.KEY_RIGHT: "Right",
    pyxel.KEY_UP: "Up",
    pyxel.KEY_DOWN: "Down",
    **{getattr(pyxel, f"KEY_{c}"): c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
}
"""What a key is called where the game shows it (the keycaps' words, as RISC OS's menus print them)."""


def shortcut(command: CommandName) -> str:
    """The key shown for ``command`` in menus and tips: a letter bound to it if any, else its first key.

    Read from :data:`KEYMAP` itself, so what is shown is what is bound.

    >>> shortcut("hint"), shortcut("undo_turn"), shortcut("confirm"), shortcut("any_key")
    ('H', 'X', 'Return', '')
    """
    keys = [k for k, name in KEYMAP.items() if name == command and k in KEY_LABELS]
    letters = [k for k in keys if len(KEY_LABELS[k]) == 1]
    return KEY_LABELS[(letters or keys)[0]] if keys else ""


PAD_ALSO: dict[CommandName, CommandName] = {"roll": "confirm"}
"""A command the pad has no button of its own for, and the command whose button does it there (X rolls)."""


def key_for(command: CommandName, device: Device) -> str:
    """The key or button that does ``command`` for a player on ``device``: a pad's button, else a key.

    The mouse has no keys of its own: its player is shown the keyboard's
    shortcuts, as RISC OS menus show them beside what the mouse chooses.

    >>> key_for("undo_turn", "keys"), key_for("undo_turn", "pad"), key_for("confirm", "pad")
    ('X', '', 'X')
    >>> key_for("roll", "pad"), key_for("hint", "mouse"), key_for("cancel", "pad")
    ('X', 'H', 'Back')
    """
    if device != "pad":
        return shortcut(command)
    also = PAD_ALSO.get(command)
    return pad_button(command, KEYMAP) or (pad_button(also, KEYMAP) if also is not None else "")


MENU_KEY = KEY_LABELS[MENU_BUTTONS[0]]  # shown where the game says how to open the menu
SELECT_KEY = KEY_LABELS[SELECT_BUTTONS[0]]
PAD_MENU = PAD_LABELS[MENU_BUTTONS[1]]
PAD_SELECT_LABEL = PAD_LABELS[SELECT_BUTTONS[1]]
SELECT_WORD: dict[Device, str] = {"mouse": "click", "keys": SELECT_KEY, "pad": PAD_SELECT_LABEL}
"""SELECT as each device does it: what a tip says to do on the thing it is about."""
