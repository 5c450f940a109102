"""The RISC OS toolkit, which knows no backgammon: palette, font, text, windows, icons, menus, boxes, keys.

Everything a screen is built from, with the scene base and its transitions, input
as intents, a scene's services and the frame clock. It imports nothing above it
and nothing of the engine, so any screen, the board's included, builds on it.

A window takes what it is built from by name from here (``from cart.ui.kit import Button, Rect``):
its face. Each name's module is imported at the name's first use (PEP 562), so the title's first
frame loads only what it draws, as :mod:`cart.ai`'s face does.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import palette as palette
    from .assets import CHAR_H as CHAR_H, CHAR_W as CHAR_W, Assets as Assets
    from .dialogs import (
        Choice as Choice,
        Dialog as Dialog,
        FieldForm as FieldForm,
        draw_focused as draw_focused,
    )
    from .geom import SCREEN as SCREEN, Rect as Rect
    from .intents import (
        Command as Command,
        Device as Device,
        Dropped as Dropped,
        Intent as Intent,
        OpenMenu as OpenMenu,
        Pointer as Pointer,
        Scroll as Scroll,
        Select as Select,
        Typed as Typed,
    )
    from .keyboard import form_menu as form_menu, help_entry as help_entry, key_for as key_for
    from .menus import Entry as Entry, MenuScene as MenuScene
    from .scrollbar import ScrollBar as ScrollBar, ScrollingList as ScrollingList
    from .services import Services as Services
    from .stage import (
        Pop as Pop,
        Push as Push,
        Quit as Quit,
        Scene as Scene,
        Tell as Tell,
        Transition as Transition,
        chain as chain,
    )
    from .text import cut as cut, shown as shown, wrap as wrap
    from .widgets import (
        Button as Button,
        Furniture as Furniture,
        TextField as TextField,
        Toggle as Toggle,
        Window as Window,
    )
    from .window_scene import WindowScene as WindowScene

_HOME = {
    "palette": "",
    **dict.fromkeys(("CHAR_H", "CHAR_W", "Assets"), "assets"),
    **dict.fromkeys(("Choice", "Dialog", "FieldForm", "draw_focused"), "dialogs"),
    **dict.fromkeys(("SCREEN", "Rect"), "geom"),
    **dict.fromkeys(
        ("Command", "Device", "Dropped", "Intent", "OpenMenu", "Pointer", "Scroll", "Select", "Typed"),
        "intents",
    ),
    **dict.fromkeys(("form_menu", "help_entry", "key_for"), "keyboard"),
    **dict.fromkeys(("Entry", "MenuScene"), "menus"),
    **dict.fromkeys(("ScrollBar", "ScrollingList"), "scrollbar"),
    "Services": "services",
    **dict.fromkeys(("Pop", "Push", "Quit", "Scene", "Tell", "Transition", "chain"), "stage"),
    **dict.fromkeys(("cut", "shown", "wrap"), "text"),
    **dict.fromkeys(("Button", "Furniture", "TextField", "Toggle", "Window"), "widgets"),
    "WindowScene": "window_scene",
}
"""Where each name of the face lives ("": a module of the kit's, by its own name)."""


def __getattr__(name: str) -> object:
    """A name of the face, imported from its module at its first use and kept."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f"{__name__}.{home or name}")
    value = module if not home else getattr(module, name)
    globals()[name] = value
    return value
