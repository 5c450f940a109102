"""A window of buttons that carry their actions: the kit does the plumbing every such window shared.

A window declares its buttons, each with what it does (``Button(..., action=...)``), in the
order the keys step through them; the kit gives them the RISC OS manners: the keys' focus
stops and where they start (the default button), pressed in while SELECT is held over one,
SELECT and Return (the default button), the wheel, MENU, Escape or Back and the close icon.
The window keeps only its own commands and the clicks on what is not a button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cart.ui.kit.intents import Command, Intent, OpenMenu, Pointer, Scroll, Select

from .dialogs import hover
from .menus import Entry, MenuScene
from .stage import Pop, Push, Scene, Transition

if TYPE_CHECKING:
    from cart.ui.kit.geom import Rect

    from .widgets import Button, Furniture, Window


class WindowScene(Scene):
    """A window whose buttons carry their actions; subclasses say what is theirs (see the module)."""

    window: Window
    free_stops = False  # the buttons in a row
    shows_focus = True
    menu_title = ""  # MENU's title over the window

    def buttons(self) -> list[Button]:
        """The window's buttons, in the keys' order (each its ``action``)."""
        return []

    # -- what the window may override -----------------------------------------------------------
    def cancel(self) -> Transition | None:
        """Escape, pad BACK and the close icon: the window closes."""
        return Pop(self)

    def step_back(self) -> Transition | None:
        """Backspace or pad B: back, which closes a window with nowhere to go back to."""
        return self.cancel()

    def confirm(self) -> Transition | None:
        """Return or pad X: the default button."""
        return self.press(self.default_button())

    def menu_entries(self) -> list[Entry]:
        """MENU over the window (none: MENU does nothing)."""
        return []

    def command(self, name: str) -> Transition | None:
        """A key's command the kit does not answer itself (the window's own: Up, Delete...)."""
        return None

    def clicked(self, x: int, y: int) -> Transition | None:
        """SELECT on the window off its buttons (a list's line, a scroll bar)."""
        return None

    def pointed(self, pointer: Pointer) -> None:
        """The pointer this frame, after the buttons' hover (a scroll bar's drag)."""

    def wheel(self, lines: int) -> None:
        """The mouse wheel turned ``lines`` notches towards the user."""

    def other(self, intent: Intent) -> Transition | None:
        """An intent the kit has no use for (a file dropped)."""
        return None

    # -- the kit's plumbing ----------------------------------------------------------------------
    def pressable(self) -> list[Button]:
        return self.buttons()

    def stops(self) -> list[tuple[int, int]]:
        return [b.rect.center for b in self.buttons()]

    def targets(self) -> list[Rect]:
        """Its buttons and its list's lines: a window's controls are a finger's by its being a window."""
        return [*super().targets(), *self.lines_shown()]

    def lines_shown(self) -> list[Rect]:
        """A list's lines on show and its scroll bar (:class:`~.scrollbar.ScrollingList`); none here."""
        return []

    def default_button(self) -> Button | None:
        return next((b for b in self.buttons() if b.default), None)

    def focus_origin(self) -> tuple[int, int] | None:
        """With no button framed, Left and Right start from the middle of the default button's row."""
        default = self.default_button()
        return (self.window.rect.center[0], default.rect.center[1]) if default is not None else None

    def first_stop(self) -> tuple[int, int] | None:
        """The default button, where Return would press."""
        default = self.default_button()
        return default.rect.center if default is not None else None

    def press(self, button: Button | None) -> Transition | None:
        """A button pressed (a greyed one, or one with no action, does nothing)."""
        if button is None or not button.enabled or button.action is None:
            return None
        return cast("Transition | None", button.action())

    def click(self, x: int, y: int) -> Transition | None:
        button = next((b for b in self.buttons() if b.contains(x, y)), None)
        return self.press(button) if button is not None else self.clicked(x, y)

    def furniture(self, part: Furniture) -> Transition | None:
        return self.cancel() if part == "close" else None

    def update(self, intents: list[Intent]) -> Transition | None:
        for intent in intents:
            going: Transition | None = None
            if isinstance(intent, Pointer):
                hover(self.buttons(), intent)
                self.pointed(intent)
            elif isinstance(intent, Select):
                going = self.click(intent.x, intent.y)
            elif isinstance(intent, Scroll):
                self.wheel(intent.lines)
            elif isinstance(intent, OpenMenu):
                entries = self.menu_entries()
                going = (
                    Push(MenuScene(self.services, self.menu_title, entries, intent.x, intent.y))
                    if entries
                    else None
                )
            elif isinstance(intent, Command) and intent.name == "confirm":
                going = self.confirm()
            elif isinstance(intent, Command) and intent.name == "cancel":
                going = self.cancel()
            elif isinstance(intent, Command) and intent.name == "back":
                going = self.step_back()
            elif isinstance(intent, Command):
                going = self.command(intent.name)
            else:
                going = self.other(intent)
            if going is not None:
                return going
        return None
