"""The 16 RISC OS Wimp colours, and every colour the cart uses named by its role.

Index = Wimp colour number. :func:`apply` must run before any image loads, as
Pyxel maps loaded RGB to the palette in force. Drawing code names what a colour
is for (``FRAME``, ``CARET``...), so the look changes here in one place.
"""

from __future__ import annotations

from enum import IntEnum

import pyxel

WIMP_RGB: tuple[int, ...] = (
    0xFFFFFF,
    0xDDDDDD,
    0xBBBBBB,
    0x999999,
    0x777777,
    0x555555,
    0x333333,
    0x000000,
    0x004499,
    0xEEEE00,
    0x00CC00,
    0xDD0000,
    0xEEEEBB,
    0x558800,
    0xFFBB00,
    0x00BBFF,
)
"""RGB of Wimp colours 0..15 (the default RISC OS 2 desktop palette)."""


class Wimp(IntEnum):
    """Wimp colour numbers by their RISC OS names (OSLib ``os_COLOUR_*``)."""

    WHITE = 0
    GREY1 = 1
    GREY2 = 2
    GREY3 = 3
    GREY4 = 4
    GREY5 = 5
    GREY6 = 6
    BLACK = 7
    DARK_BLUE = 8
    YELLOW = 9
    GREEN = 10
    RED = 11
    CREAM = 12
    ARMY_GREEN = 13
    ORANGE = 14
    LIGHT_BLUE = 15


def apply() -> None:
    """Set ``pyxel.colors`` to exactly the 16 Wimp colours (call before loading any image)."""
    pyxel.colors[:] = list(WIMP_RGB)


# -- the desktop and its windows (the Wimp's own defaults, ROOL "Window Block") --
DESKTOP = Wimp.GREY4
FRAME = Wimp.BLACK
TITLE_BG = Wimp.GREY2
TITLE_FOCUS = Wimp.CREAM
TITLE_TEXT = Wimp.BLACK
WORK_BG = Wimp.GREY1
TEXT = Wimp.BLACK
TEXT_DISABLED = Wimp.GREY3
FIELD_BG = Wimp.WHITE
CARET = Wimp.RED
BUTTON_BG = Wimp.GREY1
BUTTON_DEFAULT_RING = Wimp.GREY4
MENU_BG = Wimp.WHITE
MENU_SELECTED_BG = Wimp.BLACK
MENU_SELECTED_TEXT = Wimp.WHITE
MENU_SEPARATOR = Wimp.GREY3
SCROLL_WELL = Wimp.GREY3  # a scroll bar's outer part (window block +36)
SCROLL_SLIDER = Wimp.GREY1  # its slider (+37)
SCROLL_SLIDER_DRAGGED = Wimp.GREY2  # the slider while SELECT drags it

# -- the board -------------------------------------------------------------------
BOARD_RIM = Wimp.DARK_BLUE
BOARD_FIELD = Wimp.CREAM
POINT_DARK = Wimp.ARMY_GREEN
POINT_LIGHT = Wimp.ORANGE
POINT_OUTLINE = Wimp.BLACK
POINT_NUMBER = Wimp.WHITE
BOARD_TEXT = Wimp.BLACK
PANEL_BOX_BG = Wimp.WHITE

# -- sprite art ------------------------------------------------------------------
SPRITE_KEY = Wimp.GREEN
"""Transparent colour of the sprite sheet: no sprite uses green opaquely."""

# -- the play screen's extras -----------------------------------------------------
ERROR_TEXT = Wimp.RED  # a refused typed move, under its field
LAST_MOVE = Wimp.LIGHT_BLUE  # outlines where the computer's last play put its men
FOCUS = Wimp.RED  # the keyboard cursor's mark on the board: the caret's red, as RISC OS shows input focus
TOOLTIP_BG = Wimp.CREAM  # hover help, like the Wimp's interactive help window
TOOLTIP_BORDER = Wimp.BLACK
BANNER_BG = Wimp.DARK_BLUE  # the title's banner over the attract-mode board
BANNER_TEXT = Wimp.WHITE
BANNER_ACCENT = Wimp.YELLOW
HELP_LINK = Wimp.DARK_BLUE  # a link in the Help window's page, underlined
HELP_HEADING_BG = Wimp.GREY1  # the band behind a heading there, so it never reads as a link

# -- the pointer (RISC OS's pointer colours 1-3: light blue, dark blue, red) ---------
POINTER_OUTLINE = Wimp.LIGHT_BLUE
POINTER_FILL = Wimp.DARK_BLUE
POINTER_EDGE = Wimp.RED
# -- the ratings graph, drawn as !Draw would: white paper, black axes, a grey grid, a colour per line --
GRAPH_BG = Wimp.WHITE
GRAPH_AXIS = Wimp.BLACK
GRAPH_GRID = Wimp.GREY2
GRAPH_LINES = (Wimp.RED, Wimp.DARK_BLUE, Wimp.ARMY_GREEN, Wimp.ORANGE, Wimp.LIGHT_BLUE, Wimp.GREY5)
"""The lines' colours, in the order players are added (the Wimp colours that read on white)."""
