"""The machinery, which knows no backgammon: input as intents, palette, font, text, assets, sound,
preferences, sliced thinking, the manual's hypertext. It imports nothing above it (the furniture on it
is :mod:`cart.ui.wimp`); a window takes its names from this face, each loaded at first use (PEP 562)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cart.import_order import lazy_face

if TYPE_CHECKING:
    from . import palette as palette
    from .assets import CHAR_H as CHAR_H, CHAR_W as CHAR_W, Assets as Assets
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
    from .text import cut as cut, shown as shown, wrap as wrap

_HOME = {
    "palette": "",
    **dict.fromkeys(("CHAR_H", "CHAR_W", "Assets"), "assets"),
    **dict.fromkeys(("SCREEN", "Rect"), "geom"),
    **dict.fromkeys(
        ("Command", "Device", "Dropped", "Intent", "OpenMenu", "Pointer", "Scroll", "Select", "Typed"),
        "intents",
    ),
    **dict.fromkeys(("cut", "shown", "wrap"), "text"),
}
"""Where each name of the face lives ("": a module of the kit's, by its own name)."""


__getattr__ = lazy_face(__name__, _HOME)
