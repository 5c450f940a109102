"""RISC OS pop-up menus as scenes: MENU opens one over any scene, its submenus beside it.

Modal as a box is, but worked another way: the highlight follows the pointer or
the arrows, a submenu opens when the pointer rests on its arrow, a click outside
dismisses it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pyxel

from cart.ui.kit.intents import Command, Intent, OpenMenu, Pointer, Select

from .stage import Pop, Push, Scene, Transition
from .widgets import TITLE_H, Menu, MenuItem

if TYPE_CHECKING:
    from cart.ui.kit.geom import Rect

    from .services import Services


@dataclass(frozen=True)
class Entry:
    """A menu line: what it shows, and an action (where to go once menus close) or a submenu builder.

    ``key``: the shortcut that does the same outside the menu, shown at the right.
    """

    label: str
    action: Callable[[], Transition | None] | None = None
    submenu: Callable[[], list[Entry]] | None = None
    ticked: bool = False
    enabled: bool = True
    separator: bool = False
    key: str = ""


ARROW_ZONE = 20
"""Pixels at an item's right end, over its submenu arrow, where resting the pointer opens the submenu."""
SUBMENU_REST = 4
"""Frames the pointer rests on a submenu arrow before the submenu opens (as RISC OS, without a click)."""


def doing(act: Callable[[], None]) -> Callable[[], Transition | None]:
    """An entry's action that does ``act`` and goes nowhere (the menu closes over the same window)."""

    def run() -> Transition | None:
        act()
        return None

    return run


class MenuScene(Scene):
    """A pop-up menu, as on RISC OS: Return or SELECT chooses, Escape (pad B) closes the menus.

    A submenu opens beside its item when chosen, on Right, or when the pointer rests
    on its arrow; Left closes it. Choosing an action closes them all.
    """

    own_arrows = ("left", "right")  # Up and Down move between the items; Left and Right between the menus
    free_stops = False
    shows_focus = True  # the highlighted item

    def __init__(
        self,
        services: Services,
        title: str,
        entries: list[Entry],
        x: int,
        y: int,
        parent: MenuScene | None = None,
        index: int | None = None,
    ) -> None:
        super().__init__(services)
        self.entries = entries
        self.parent = parent
        self.index = index  # the parent's item this submenu opened from
        items = [
            MenuItem(e.label, e.ticked, e.enabled, e.submenu is not None, e.separator, e.key) for e in entries
        ]
        self.menu: Menu
        if parent is not None and index is not None:
            self.menu = Menu.beside(title, items, parent.menu, index)
        else:
            self.menu = Menu.at(title, items, x, y)
        self.resting = (-1, 0)  # the item whose arrow the pointer rests on, and for how many frames
        self.opened_at: tuple[int, int] | None = None  # the pointer when this menu last opened a submenu

    def stops(self) -> list[tuple[int, int]]:
        return [self.menu.item_rect(i).center for i, e in enumerate(self.entries) if e.enabled]

    def targets(self) -> list[Rect]:
        return [self.menu.item_rect(i) for i, e in enumerate(self.entries) if e.enabled]

    def focus_origin(self) -> tuple[int, int] | None:
        """The arrows go on from the highlighted item, or from the title: Down is the first item."""
        if self.menu.selected is not None:
            return self.menu.item_rect(self.menu.selected).center
        r = self.menu.rect
        return (r.x + r.w // 2, r.y + TITLE_H // 2)

    def close_all(self, then: Transition | None = None) -> Transition:
        """Close this menu and every menu it opened from, then go to ``then``."""
        root = self
        while root.parent is not None:
            root = root.parent
        return Pop(root, then=then)

    def choose(self, i: int) -> Transition | None:
        entry = self.entries[i]
        if entry.submenu is not None:
            return Push(MenuScene(self.services, entry.label, entry.submenu(), 0, 0, parent=self, index=i))
        if entry.action is not None:
            return self.close_all(entry.action())
        return None

    def _rest(self, x: int, y: int) -> Transition | None:
        """The pointer at (x, y): open the submenu whose arrow it has rested on long enough."""
        if self.opened_at is not None:
            if self.opened_at == (x, y):
                return None  # back from the submenu it opened, not moved yet: not again at once
            self.opened_at = None
        i = self.menu.item_at(x, y)
        if i is None or self.entries[i].submenu is None or x < self.menu.item_rect(i).right - ARROW_ZONE:
            self.resting = (-1, 0)
            return None
        frames = self.resting[1] + 1 if self.resting[0] == i else 1
        self.resting = (i, frames)
        if frames < SUBMENU_REST:
            return None
        self.resting = (-1, 0)
        self.opened_at = (x, y)
        return self.choose(i)

    def _back_to_an_ancestor(self, x: int, y: int) -> tuple[MenuScene, MenuScene, int | None] | None:
        """(menu, its submenu on the way, item) when (x, y) is on an earlier menu's other item."""
        child: MenuScene = self
        ancestor = self.parent
        while ancestor is not None:
            if ancestor.menu.rect.contains(x, y):
                i = ancestor.menu.item_at(x, y)
                return None if i == child.index else (ancestor, child, i)
            child, ancestor = ancestor, ancestor.parent
        return None

    def update(self, intents: list[Intent]) -> Transition | None:
        for intent in intents:
            if isinstance(intent, Pointer):
                if not self.menu.rect.contains(intent.x, intent.y):
                    back = self._back_to_an_ancestor(intent.x, intent.y)
                    if back is not None:
                        return Pop(back[1])  # the pointer went back to another item: this submenu closes
                self.menu.selected = self.menu.item_at(intent.x, intent.y)
                going = self._rest(intent.x, intent.y)
                if going is not None:
                    return going
            elif isinstance(intent, Select):
                i = self.menu.item_at(intent.x, intent.y)
                if i is not None:
                    return self.choose(i)
                if not self.menu.rect.contains(intent.x, intent.y):
                    back = self._back_to_an_ancestor(intent.x, intent.y)
                    if back is not None:
                        ancestor, child, j = back
                        return Pop(child, then=None if j is None else ancestor.choose(j))
                    return self.close_all()  # a click outside dismisses the menus, as on RISC OS
            elif isinstance(intent, OpenMenu):
                return self.close_all()
            elif isinstance(intent, Command):
                if intent.name in ("cancel", "back"):  # Escape or gamepad B: the menus close
                    return self.close_all()
                chosen = self.menu.selected
                if intent.name == "left" and self.parent is not None:
                    return Pop(self)
                if intent.name == "right" and chosen is not None and self.entries[chosen].submenu is not None:
                    return self.choose(chosen)
                if intent.name == "confirm" and chosen is not None:
                    return self.choose(chosen)
        return None

    def draw(self, g: pyxel.Image) -> None:
        self.menu.draw(self.services.assets, g)
