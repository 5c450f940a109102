"""The RISC OS furniture on the kit's machinery, knowing no backgammon either: scenes, windows, icons,
menus, boxes, the on-screen keyboard and the scene stack. A window takes them by name from this face
(``from cart.ui.wimp import Button``), each loaded at its first use (PEP 562)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cart.import_order import lazy_face

if TYPE_CHECKING:
    from .dialogs import (
        Choice as Choice,
        Dialog as Dialog,
        draw_focused as draw_focused,
    )
    from .field_form import FieldForm as FieldForm
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
    from .widgets import (
        Button as Button,
        Furniture as Furniture,
        TextField as TextField,
        Toggle as Toggle,
        Window as Window,
    )
    from .window_scene import WindowScene as WindowScene

_HOME = {
    **dict.fromkeys(("Choice", "Dialog", "draw_focused"), "dialogs"),
    "FieldForm": "field_form",
    **dict.fromkeys(("form_menu", "help_entry", "key_for"), "keyboard"),
    **dict.fromkeys(("Entry", "MenuScene"), "menus"),
    **dict.fromkeys(("ScrollBar", "ScrollingList"), "scrollbar"),
    "Services": "services",
    **dict.fromkeys(("Pop", "Push", "Quit", "Scene", "Tell", "Transition", "chain"), "stage"),
    **dict.fromkeys(("Button", "Furniture", "TextField", "Toggle", "Window"), "widgets"),
    "WindowScene": "window_scene",
}
"""Where each name of the face lives."""


__getattr__ = lazy_face(__name__, _HOME)
