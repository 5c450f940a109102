"""The scene stack's boxes: modal dialogs and RISC OS pop-up menus (the Scene base is in stage.py).

A scene has ``update(intents)`` and ``draw(g)``; the app keeps a stack, gives
intents to the top scene only and draws every scene bottom to top, so a
dialog or a menu pushed over the board is modal and the board still shows
under it. ``update`` returns where to go next (a
:mod:`~cart.ui.stage` value, or None to stay), and so do the actions
of a dialog's buttons and a menu's entries: the App performs it. Scenes hold
view state only: the rules live in the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pyxel

from . import palette as wimp
from .assets import CHAR_H, CHAR_W
from .clipboard import NO_CLIPBOARD
from .geom import Rect
from .intents import Command, Intent, OpenMenu, Pointer, Select, Typed
from .layout import SCREEN
from .stage import Pop, Push, Scene, Transition
from .widgets import TITLE_H, Button, Menu, MenuItem, TextField, Window

if TYPE_CHECKING:
    from .services import Services

__all__ = ["Choice", "Dialog", "Entry", "MenuScene", "Scene", "nearest_stop"]


def hover(buttons: Sequence[Button], pointer: Pointer) -> None:
    """Show the button under the pointer pressed in while SELECT is held over it, and only then (RISC OS)."""
    for b in buttons:
        b.pressed = pointer.held and b.rect.contains(pointer.x, pointer.y)


def nearest_stop(
    stops: Sequence[tuple[int, int]], at: tuple[int, int], direction: str
) -> tuple[int, int] | None:
    """The stop nearest ``at`` in ``direction`` (within 45 degrees of it); None when there is none.

    >>> nearest_stop([(10, 0), (0, 10), (-10, 0)], (0, 0), "left")
    (-10, 0)
    """
    dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
    best: tuple[float, tuple[int, int]] | None = None
    for sx, sy in stops:
        vx, vy = sx - at[0], sy - at[1]
        along = vx * dx + vy * dy
        across = abs(vx * dy - vy * dx)
        if along <= 0 or across > along:
            continue
        score = along + 2 * across
        if best is None or score < best[0]:
            best = (score, (sx, sy))
    return None if best is None else best[1]


@dataclass(frozen=True)
class Choice:
    """A dialog button: its label, what it does, and whether Return (default) or Escape (cancel) press it.

    The action returns where to go after the box has closed (None: back to what was under it).
    ``command`` names the key's command that presses it too (``"hint"``: H, or Y on a gamepad).
    """

    label: str
    action: Callable[[], Transition | None]
    default: bool = False
    cancel: bool = False
    command: str | None = None


BUTTON_W = 96
BUTTON_H = 24
PAD = 12


class Dialog(Scene):
    """A modal RISC OS dialog box: a titled window, a few lines of text, optionally a field, buttons.

    Pressing a button closes the dialog, then goes where its action says (another box, say).
    With a field, ``on_text`` gets the text on Return; it returns an error to show (the dialog stays
    open), or where to go once the dialog has closed (None: back to what was under it).
    """

    def __init__(
        self,
        services: Services,
        title: str,
        lines: Sequence[str],
        choices: Sequence[Choice],
        *,
        field_text: str | None = None,
        on_text: Callable[[str], str | Transition | None] | None = None,
        width: int | None = None,
    ) -> None:
        super().__init__(services)
        self.lines = list(lines)
        self.choices = list(choices)
        self.on_text = on_text
        self.error = ""
        longest = max([len(title) + 8, *(len(s) for s in self.lines), 24])
        w = width or min(
            SCREEN[0] - 40, max(longest * CHAR_W + 2 * PAD, len(choices) * (BUTTON_W + PAD) + PAD)
        )
        rows = len(self.lines) + (2 if field_text is not None else 0) + 1
        h = TITLE_H + PAD + rows * CHAR_H + PAD + BUTTON_H + PAD + 4
        rect = Rect(0, 0, SCREEN[0], SCREEN[1]).centered(w, h)
        self.window = Window(rect, title, focused=True)
        work = self.window.work_area
        self.field: TextField | None = None
        if field_text is not None:
            y = work.y + PAD + len(self.lines) * CHAR_H + 4
            self.field = TextField(Rect(work.x + PAD, y, work.w - 2 * PAD, 24), field_text, 40, focused=True)
            self.typing = True
        bx = work.right - PAD - len(choices) * (BUTTON_W + PAD) + PAD
        by = work.bottom - PAD - BUTTON_H
        self.buttons = [
            Button(Rect(bx + i * (BUTTON_W + PAD), by, BUTTON_W, BUTTON_H), c.label, default=c.default)
            for i, c in enumerate(choices)
        ]

    def stops(self) -> list[tuple[int, int]]:
        return [b.rect.center for b in self.buttons]

    def press(self, choice: Choice) -> Transition:
        return Pop(self, then=choice.action())

    def update(self, intents: list[Intent]) -> Transition | None:
        for intent in intents:
            if isinstance(intent, Pointer):
                hover(self.buttons, intent)
            elif isinstance(intent, Select):
                for b, c in zip(self.buttons, self.choices, strict=True):
                    if b.contains(intent.x, intent.y):
                        return self.press(c)
            elif isinstance(intent, Typed) and self.field is not None:
                self.field.insert(intent.text)
            elif isinstance(intent, Command):
                if intent.name == "erase" and self.field is not None:
                    self.field.backspace()
                elif intent.name == "paste" and self.field is not None:
                    pasted = self.services.clipboard()
                    if pasted is None:
                        self.error = NO_CLIPBOARD
                    else:
                        self.field.insert(" ".join(pasted.split()))
                elif intent.name == "confirm":
                    if self.field is not None and self.on_text is not None:
                        answer = self.on_text(self.field.text)
                        if isinstance(answer, str):
                            self.error = answer
                            return None
                        return Pop(self, then=answer)
                    for c in self.choices:
                        if c.default:
                            return self.press(c)
                elif intent.name == "cancel":
                    for c in self.choices:
                        if c.cancel:
                            return self.press(c)
                for c in self.choices:
                    if c.command is not None and c.command == intent.name:
                        return self.press(c)
        return None

    def draw(self, g: pyxel.Image) -> None:
        a = self.services.assets
        self.window.draw(a, g)
        work = self.window.work_area
        for i, line in enumerate(self.lines):
            a.text(g, work.x + PAD, work.y + PAD + i * CHAR_H, line, wimp.TEXT)
        if self.field is not None:
            self.field.draw(a, g)
            if self.error:
                text = self.error[: (work.w - 2 * PAD) // CHAR_W]
                a.text(g, work.x + PAD, self.field.rect.bottom + 4, text, wimp.ERROR_TEXT)
        for b in self.buttons:
            b.draw(a, g)


@dataclass(frozen=True)
class Entry:
    """A menu line: what it shows, and either an action or a submenu (a function building its entries).

    The action returns where to go once the menus have closed (None: back to the scene under them).
    """

    label: str
    action: Callable[[], Transition | None] | None = None
    submenu: Callable[[], list[Entry]] | None = None
    ticked: bool = False
    enabled: bool = True
    separator: bool = False


class MenuScene(Scene):
    """A pop-up menu; a submenu opens to the right of its item, and choosing an action closes them all."""

    def __init__(
        self,
        services: Services,
        title: str,
        entries: list[Entry],
        x: int,
        y: int,
        parent: MenuScene | None = None,
    ) -> None:
        super().__init__(services)
        self.entries = entries
        self.parent = parent
        items = [MenuItem(e.label, e.ticked, e.enabled, e.submenu is not None, e.separator) for e in entries]
        self.menu = Menu.at(title, items, x, y)

    def stops(self) -> list[tuple[int, int]]:
        return [self.menu.item_rect(i).center for i in range(len(self.entries))]

    def close_all(self, then: Transition | None = None) -> Transition:
        """Close this menu and every menu it opened from, then go to ``then``."""
        root = self
        while root.parent is not None:
            root = root.parent
        return Pop(root, then=then)

    def choose(self, i: int) -> Transition | None:
        entry = self.entries[i]
        if entry.submenu is not None:
            r = self.menu.item_rect(i)
            return Push(MenuScene(self.services, entry.label, entry.submenu(), r.right, r.y, parent=self))
        if entry.action is not None:
            return self.close_all(entry.action())
        return None

    def update(self, intents: list[Intent]) -> Transition | None:
        for intent in intents:
            if isinstance(intent, Pointer):
                self.menu.selected = self.menu.item_at(intent.x, intent.y)
            elif isinstance(intent, Select):
                i = self.menu.item_at(intent.x, intent.y)
                if i is not None:
                    return self.choose(i)
                if not self.menu.rect.contains(intent.x, intent.y):
                    return self.close_all()  # a click outside dismisses the menus, as on RISC OS
            elif isinstance(intent, OpenMenu):
                return self.close_all()
            elif isinstance(intent, Command):
                if intent.name == "cancel":
                    return Pop(self)
                if intent.name == "confirm" and self.menu.selected is not None:
                    return self.choose(self.menu.selected)
        return None

    def draw(self, g: pyxel.Image) -> None:
        self.menu.draw(self.services.assets, g)
