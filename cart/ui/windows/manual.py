"""The game's manual: its pages (``cart/assets/manual.txt``) and the keys they name, read from the bindings.

Every key the pages mention is a placeholder (``{key:roll}``) filled from the maps
that bind it, so the manual stays right when a key moves.
"""

from __future__ import annotations

from functools import cache
from typing import get_args

from ..controls import DESK, DESK_KEYS, PLAY, PLAY_KEYS, REVIEW, REVIEW_KEYS, key_for
from ..kit.assets import ASSET_DIR
from ..kit.hypertext import Manual, ManualError
from ..kit.intents import FIELD_KEYS, KEYMAP, ONSCREEN_KEYS, TYPING_KEYS, CommandName
from ..wimp.keyboard import (
    KEY_LABELS,
    MENU_KEY,
    PAD_MENU,
    PAD_SELECT_LABEL,
    SELECT_KEY,
    pad_button,
)

MANUAL_PATH = ASSET_DIR / "manual.txt"
COLUMNS = 62
"""Characters in a line of the Help window's page (its text area is this many cells of the system font)."""


@cache
def manual() -> Manual:
    """The manual, read once (it ships in the cart beside the font).

    Raises :class:`ManualError` for a file that is missing or cannot be read, as for bad markup.
    """
    try:
        text = MANUAL_PATH.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ManualError(f"{MANUAL_PATH.name}: {exc}") from exc
    return Manual.parse(text)


def bindings() -> dict[str, str]:
    """Every placeholder the pages may use (``key:C``, ``keys:C``, ``pad:C``, ``osk:C``...), from the maps.

    The kit's verbs are read from its map, the game's commands from the screen's that binds them
    (:mod:`cart.ui.controls`).

    >>> b = bindings()
    >>> b["key:roll"], b["keys:undo"], b["pad:hint"], b["osk:shift"], b["keys:help"], b["pad:help"]
    ('R', 'U or Backspace', 'Y', 'Y', 'F1 or Help', 'LB')
    >>> b["keys:back"], b["keys:delete"], b["keys:previous_error"], b["pad:next_error"]
    ('Backspace', 'Delete', 'P or Backspace', 'Y')
    """
    out: dict[str, str] = {}
    screens = (
        (get_args(CommandName), KEYMAP),
        ([c.command for c in PLAY], PLAY_KEYS),
        ([c.command for c in REVIEW], REVIEW_KEYS),
        ([c.command for c in DESK], DESK_KEYS),
    )
    for commands, keys in screens:
        for command in commands:
            out[f"key:{command}"] = key_for(command, "keys")
            named = (KEY_LABELS[k] for k, name in keys.items() if name == command and k in KEY_LABELS)
            out[f"keys:{command}"] = " or ".join(dict.fromkeys(named))
            out[f"pad:{command}"] = key_for(command, "pad")
    for command in get_args(CommandName):
        out[f"osk:{command}"] = pad_button(command, ONSCREEN_KEYS)
    out["select-key"] = SELECT_KEY
    out["pad-select"] = PAD_SELECT_LABEL
    out["menu-key"] = MENU_KEY
    out["pad-menu"] = PAD_MENU
    out["pad-keyboard"] = pad_button("keyboard", TYPING_KEYS)
    for key, command in FIELD_KEYS.items():  # with PASTE_MODIFIERS: Ctrl, or Cmd on a Mac
        out[f"ctrl:{command}"] = f"Ctrl+{KEY_LABELS[key]}"
        out[f"cmd:{command}"] = f"Cmd+{KEY_LABELS[key]}"
    return {name: shown for name, shown in out.items() if shown}
