"""RISC OS 2 window furniture and icons: flat, black-framed, in Wimp colours.

Widgets know their rectangle, draw onto a ``pyxel.Image`` and say what a point
hits; they hold no game state and read no input, so scenes and tests share them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import pyxel

import cart.ui.kit.palette as wimp
from cart.ui.kit.assets import CHAR_H, CHAR_W, Assets
from cart.ui.kit.geom import SCREEN, Rect
from cart.ui.kit.text import PRINTABLE, cut

TITLE_H = 22  # frame line, 20 rows of title, the line under it
ICON_W = 20  # a title bar icon is 20x20, with a black line beside it
ITEM_H = 20  # one menu item
FIELD_PAD = 4  # text inset in fields and buttons
MENU_MARGIN = 4  # pixels a menu keeps clear of the screen's right and bottom edges, its border seen whole

Furniture = Literal["back", "close", "toggle", "title", "work"]
Icon = Literal["back", "close", "toggle"]


def draw_box(g: pyxel.Image, r: Rect, bg: int, border: int = wimp.FRAME) -> None:
    """A filled rectangle with a one-pixel border: the Wimp's bordered icon."""
    g.rect(r.x, r.y, r.w, r.h, bg)
    g.rectb(r.x, r.y, r.w, r.h, border)


def draw_focus_frame(g: pyxel.Image, r: Rect, gap: int = 2) -> None:
    """The keys' focus on an icon: a dotted frame in the caret's red, ``gap`` pixels outside it.

    Dotted, so it never reads as the default button's ring or an icon's border.
    """
    x, y, w, h = r.x - gap - 2, r.y - gap - 2, r.w + 2 * gap + 4, r.h + 2 * gap + 4
    for i in range(0, w, 4):
        for yy in (y, y + 1, y + h - 2, y + h - 1):
            g.rect(x + i, yy, min(2, w - i), 1, wimp.FOCUS)
    for i in range(0, h, 4):
        for xx in (x, x + 1, x + w - 2, x + w - 1):
            g.rect(xx, y + i, 1, min(2, h - i), wimp.FOCUS)


@dataclass
class Window:
    """A RISC OS 2 window: frame, title bar with the icons it asks for (none by default), work area.

    >>> w = Window(Rect(0, 0, 640, 512), "Backgammon", icons=("back", "close", "toggle"))
    >>> w.work_area
    Rect(x=1, y=22, w=638, h=489)
    >>> w.hit(5, 5), w.hit(30, 5), w.hit(630, 5), w.hit(300, 5), w.hit(300, 300), w.hit(700, 5)
    ('back', 'close', 'toggle', 'title', 'work', None)
    >>> Window(Rect(0, 0, 640, 512), "Backgammon", icons=("close",)).hit(5, 5)
    'close'
    >>> Window(Rect(0, 0, 640, 512), "Backgammon").hit(5, 5)  # no icons asked for: all title
    'title'
    >>> w.hit(0, 0), w.hit(639, 0), w.hit(0, 21)  # the frame beside an icon is the icon's
    ('back', 'toggle', 'back')
    """

    rect: Rect
    title: str
    focused: bool = False
    icons: tuple[Icon, ...] = ()

    @property
    def work_area(self) -> Rect:
        r = self.rect
        return Rect(r.x + 1, r.y + TITLE_H, r.w - 2, r.h - TITLE_H - 1)

    @property
    def furniture(self) -> dict[Furniture, Rect]:
        """The title bar's parts: back and close at the left, toggle-size at the right (those asked for)."""
        r = self.rect
        y = r.y + 1
        parts: dict[Furniture, Rect] = {}
        left = r.x + 1
        for name in ("back", "close"):
            if name in self.icons:
                parts[name] = Rect(left, y, ICON_W, ICON_W)
                left += ICON_W + 1
        right = r.right - 1
        if "toggle" in self.icons:
            right -= ICON_W
            parts["toggle"] = Rect(right, y, ICON_W, ICON_W)
            right -= 1
        parts["title"] = Rect(left, y, right - left, ICON_W)
        return parts

    def hit(self, x: float, y: float) -> Furniture | None:
        """Which part of the window is at (x, y), if any.

        The frame's pixels around the title bar belong to the part they border: a window at the
        screen's corner has its icon there, where a finger or a flung pointer stops (issue 42).
        """
        outer = self.rect
        if outer.contains(x, y) and y < outer.y + TITLE_H:
            x = min(max(x, outer.x + 1), outer.right - 2)
            y = min(max(y, outer.y + 1), outer.y + ICON_W)
        for part, r in self.furniture.items():
            if r.contains(x, y):
                return part
        if self.work_area.contains(x, y):
            return "work"
        return None

    def draw(self, assets: Assets, g: pyxel.Image, *, work: bool = True) -> None:
        """Frame, title bar and icons; the work area too unless ``work`` is False (it is painted over)."""
        r = self.rect
        parts = self.furniture
        title = parts["title"]
        g.rect(r.x, r.y, r.w, TITLE_H, wimp.FRAME)
        g.rect(title.x, title.y, title.w, title.h, wimp.TITLE_FOCUS if self.focused else wimp.TITLE_BG)
        for name in self.icons:
            icon = parts[name]
            assets.blt(g, icon.x, icon.y, f"icon_{name}")
        text = _fit(self.title, title.w - 2 * FIELD_PAD)
        assets.text_centered(
            g, title.x + title.w // 2, title.y + (ICON_W - CHAR_H) // 2, text, wimp.TITLE_TEXT
        )
        g.rectb(r.x, r.y, r.w, r.h, wimp.FRAME)
        if work:
            a = self.work_area
            g.rect(a.x, a.y, a.w, a.h, wimp.WORK_BG)


def _fit(s: str, width: int) -> str:
    """``s`` in ``width`` pixels: cut, when it must be, with "..." to say so.

    >>> _fit("Review: Friday night", 160), _fit("Review: Friday night", 120)
    ('Review: Friday night', 'Review: Fri...')
    """
    return cut(s, max(0, width // CHAR_W), at_word=False)


@dataclass
class Button:
    """An action button; ``default`` rings it (Return presses it), ``pressed`` inverts it as the Wimp does.

    ``action``: what pressing it does (where to go), for a :class:`~cart.ui.wimp.window_scene.WindowScene`.

    >>> b = Button(Rect(10, 10, 80, 24), "Play")
    >>> b.contains(10, 10), b.contains(90, 10)
    (True, False)
    """

    rect: Rect
    label: str
    default: bool = False
    pressed: bool = False
    enabled: bool = True
    action: Callable[[], object] | None = None  # a Transition or None (the stage is above the widgets)

    def contains(self, x: float, y: float) -> bool:
        return self.enabled and self.rect.contains(x, y)

    def draw(self, assets: Assets, g: pyxel.Image) -> None:
        r = self.rect
        bg, fg = (wimp.TEXT, wimp.BUTTON_BG) if self.pressed else (wimp.BUTTON_BG, wimp.TEXT)
        if not self.enabled:
            fg = wimp.TEXT_DISABLED
        draw_box(g, r, bg)
        if self.default:
            g.rectb(r.x - 2, r.y - 2, r.w + 4, r.h + 4, wimp.BUTTON_DEFAULT_RING)
            g.rectb(r.x - 3, r.y - 3, r.w + 6, r.h + 6, wimp.FRAME)
        text = _fit(self.label, r.w - 2 * FIELD_PAD)
        assets.text_centered(g, r.x + r.w // 2, r.y + (r.h - CHAR_H) // 2, text, fg)


@dataclass
class Toggle:
    """A radio icon (one of a group) or an option icon (on/off), with its label at the right.

    >>> t = Toggle(Rect(0, 0, 120, 16), "Hint arrows", kind="option")
    >>> t.sprite, t.contains(100, 8)
    ('option_off', True)
    """

    rect: Rect
    label: str
    on: bool = False
    kind: Literal["radio", "option"] = "radio"
    enabled: bool = True
    action: Callable[[], object] | None = None  # as a Button's: what choosing it does

    @property
    def sprite(self) -> str:
        return f"{self.kind}_{'on' if self.on else 'off'}"

    def contains(self, x: float, y: float) -> bool:
        return self.enabled and self.rect.contains(x, y)

    def draw(self, assets: Assets, g: pyxel.Image) -> None:
        r = self.rect
        size = assets.sprites[self.sprite].h
        assets.blt(g, r.x, r.y + (r.h - size) // 2, self.sprite)
        colour = wimp.TEXT if self.enabled else wimp.TEXT_DISABLED
        x = r.x + size + FIELD_PAD
        assets.text(g, x, r.y + (r.h - CHAR_H) // 2, _fit(self.label, r.right - x), colour)


CARET_GAP = 2  # the caret's stem this far past the last cell, so its serifs never touch a letter


@dataclass
class TextField:
    """A writable icon: white, black border, the red caret at the end while it has the focus.

    What the font lacks (unless ``free``: shown as ``?``), what ``allowed`` leaves
    out, and typing past ``max_len`` or the width are ignored, as the Wimp does.

    >>> f = TextField(Rect(0, 0, 96, 24), max_len=8)
    >>> f.insert("Gammon\\tCart!")
    >>> f.text
    'GammonCa'
    >>> f.backspace(); f.text
    'GammonC'
    >>> digits = TextField(Rect(0, 0, 96, 24), allowed="0123456789")
    >>> digits.insert("4 x2!"); digits.text, digits.accepts("7"), digits.accepts("x")
    ('42', True, False)

    Ctrl+A selects the whole text (inverted; typing replaces it, Backspace deletes it), Ctrl+U clears it:

    >>> f.edit("select_all"), f.insert("Ann"), f.text, f.edit("clear_field"), f.text
    (True, None, 'Ann', True, '')
    """

    rect: Rect
    text: str = ""
    max_len: int = 20
    focused: bool = False
    free: bool = False
    allowed: str = ""
    selected: bool = False  # the whole text is selected (Ctrl+A)

    @property
    def capacity(self) -> int:
        return min(self.max_len, (self.rect.w - 2 * FIELD_PAD) // CHAR_W - 1)

    def contains(self, x: float, y: float) -> bool:
        return self.rect.contains(x, y)

    def accepts(self, c: str) -> bool:
        """Whether the character ``c`` may be typed here (its place left aside)."""
        if self.allowed:
            return c in self.allowed
        return c.isprintable() if self.free else c in PRINTABLE

    def insert(self, typed: str) -> None:
        """Append what was typed (``pyxel.input_text``) that the field takes; it replaces a selection."""
        kept = "".join(c for c in typed if self.accepts(c))
        if self.selected and kept:
            self.text, self.selected = "", False
        self.text = (self.text + kept)[: self.capacity]

    def backspace(self) -> None:
        self.text = "" if self.selected else self.text[:-1]
        self.selected = False

    def edit(self, command: str) -> bool:
        """Ctrl+A (``select_all``) or Ctrl+U (``clear_field``) on this field; False for any other command."""
        if command == "select_all":
            self.selected = bool(self.text)
        elif command == "clear_field":
            self.text, self.selected = "", False
        else:
            return False
        return True

    def draw(self, assets: Assets, g: pyxel.Image) -> None:
        r = self.rect
        draw_box(g, r, wimp.FIELD_BG)
        y = r.y + (r.h - CHAR_H) // 2
        text = "".join(c if c in PRINTABLE else "?" for c in self.text)
        if self.selected and self.focused:  # selected text inverted, as a menu's chosen item
            g.rect(r.x + FIELD_PAD - 1, y, assets.text_width(text) + 2, CHAR_H, wimp.MENU_SELECTED_BG)
            assets.text(g, r.x + FIELD_PAD, y, text, wimp.MENU_SELECTED_TEXT)
        else:
            assets.text(g, r.x + FIELD_PAD, y, text, wimp.TEXT)
        if self.focused:  # the Wimp caret: a red I-beam after the last character, clear of its ink
            cx = r.x + FIELD_PAD + assets.text_width(self.text) + CARET_GAP
            g.rect(cx, y, 2, CHAR_H, wimp.CARET)
            g.rect(cx - 2, y, 6, 2, wimp.CARET)
            g.rect(cx - 2, y + CHAR_H - 2, 6, 2, wimp.CARET)


@dataclass(frozen=True)
class MenuItem:
    """One line of a menu: a tick at the left, an arrow at the right when it leads to a submenu."""

    label: str
    ticked: bool = False
    enabled: bool = True
    submenu: bool = False
    separator: bool = False  # a dotted line under this item
    key: str = ""  # the shortcut key that does the same, shown right-aligned ("H", "Return")


@dataclass
class Menu:
    """A RISC OS pop-up menu: grey title bar, white items, the item under the pointer inverted.

    >>> m = Menu.at("Play", [MenuItem("New"), MenuItem("Forfeit")], 600, 500)
    >>> m.rect.right, m.rect.bottom  # higher and further left: on screen, its border clear of the edges
    (636, 508)
    >>> item = m.item_rect(1)
    >>> m.item_at(item.x + 2, item.y + 2), m.item_at(m.rect.x + 2, m.rect.y + 2)
    (1, None)
    >>> sub = Menu.beside("Speed", [MenuItem("Fast")], m, 1)  # no room at the right: it opens at the left
    >>> sub.rect.right <= m.rect.x + 1
    True
    """

    title: str
    items: tuple[MenuItem, ...]
    x: int
    y: int
    selected: int | None = None

    @classmethod
    def at(
        cls,
        title: str,
        items: list[MenuItem] | tuple[MenuItem, ...],
        x: int,
        y: int,
        screen: tuple[int, int] = SCREEN,
    ) -> Menu:
        """The menu at (x, y), moved to keep :data:`MENU_MARGIN` clear of the screen's edges."""
        menu = cls(title, tuple(items), 0, 0)
        w, h = menu.size
        menu.x = max(0, min(x, screen[0] - MENU_MARGIN - w))
        menu.y = max(0, min(y, screen[1] - MENU_MARGIN - h))
        return menu

    @classmethod
    def beside(
        cls,
        title: str,
        items: list[MenuItem] | tuple[MenuItem, ...],
        parent: Menu,
        index: int,
        screen: tuple[int, int] = SCREEN,
    ) -> Menu:
        """A submenu at the right of ``parent``'s item ``index``, or at its left where the screen ends."""
        item = parent.item_rect(index)
        menu = cls.at(title, items, item.right, item.y, screen)
        w = menu.size[0]
        if item.right + w > screen[0] - MENU_MARGIN:
            menu.x = max(0, parent.rect.x + 1 - w)
        return menu

    @property
    def key_width(self) -> int:
        """Pixels of the shortcut column: the longest key and a gap before it (none without keys)."""
        longest = max((len(i.key) for i in self.items), default=0)
        return (longest + 2) * CHAR_W if longest else 0

    @property
    def size(self) -> tuple[int, int]:
        longest = max([len(self.title), *(len(i.label) for i in self.items)])
        # tick column, label, shortcut column, submenu column: whole characters plus padding
        width = longest * CHAR_W + self.key_width + 2 * 16 + 2 * FIELD_PAD + 2
        return (width, TITLE_H + len(self.items) * ITEM_H + 1)

    @property
    def rect(self) -> Rect:
        w, h = self.size
        return Rect(self.x, self.y, w, h)

    def item_rect(self, i: int) -> Rect:
        r = self.rect
        return Rect(r.x + 1, r.y + TITLE_H + i * ITEM_H, r.w - 2, ITEM_H)

    def item_at(self, x: float, y: float) -> int | None:
        """The index of the enabled item at (x, y), or None (title, border, outside, greyed out)."""
        for i, item in enumerate(self.items):
            if item.enabled and self.item_rect(i).contains(x, y):
                return i
        return None

    def draw(self, assets: Assets, g: pyxel.Image) -> None:
        r = self.rect
        draw_box(g, r, wimp.MENU_BG)
        g.rect(r.x + 1, r.y + 1, r.w - 2, TITLE_H - 2, wimp.TITLE_BG)
        g.line(r.x, r.y + TITLE_H - 1, r.right - 1, r.y + TITLE_H - 1, wimp.FRAME)
        assets.text_centered(g, r.x + r.w // 2, r.y + 3, self.title, wimp.TITLE_TEXT)
        for i, item in enumerate(self.items):
            ir = self.item_rect(i)
            chosen = i == self.selected and item.enabled
            if chosen:
                g.rect(ir.x, ir.y, ir.w, ir.h, wimp.MENU_SELECTED_BG)
            fg = wimp.MENU_SELECTED_TEXT if chosen else wimp.TEXT if item.enabled else wimp.TEXT_DISABLED
            # the tick and arrow sprites are black on transparent: recolour them with the text
            g.pal(wimp.TEXT, fg)
            if item.ticked:
                assets.blt(g, ir.x + 2, ir.y + 2, "menu_tick")
            if item.submenu:
                assets.blt(g, ir.right - 18, ir.y + 2, "menu_submenu")
            g.pal()
            text_y = ir.y + (ITEM_H - CHAR_H) // 2
            assets.text(g, ir.x + 16 + FIELD_PAD, text_y, item.label, fg)
            if item.key:  # right-aligned before the submenu column, as RISC OS shows "^F3"
                assets.text(g, ir.right - 16 - FIELD_PAD - assets.text_width(item.key), text_y, item.key, fg)
            if item.separator and i < len(self.items) - 1:
                g.line(ir.x, ir.bottom - 1, ir.right - 1, ir.bottom - 1, wimp.MENU_SEPARATOR)
