"""A form: writable icons among radio and option icons and buttons, as a RISC OS dialog box.

On the window scene's manners (buttons that carry their actions, MENU, Escape, the close
icon), the kit adds the caret's: reaching a field gives it the caret, so keys become text,
and leaving it takes it away; Tab steps the caret, Backspace erases, pad B with the caret
stays in the form. Each radio or option icon carries its action as a button does, and the
keys stop on fields, icons and buttons in reading order. A form keeps its own commands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Intent, Typed

from .dialogs import draw_focused
from .widgets import FIELD_PAD, draw_focus_frame
from .window_scene import WindowScene

if TYPE_CHECKING:
    import pyxel

    from .stage import Transition
    from .widgets import TextField, Toggle


class FieldForm(WindowScene):
    """A window of text fields, icons and buttons; subclasses say what is theirs (see the module)."""

    free_stops = False  # rows of icons: Up and Down go a row, Left and Right along it

    def fields(self) -> list[TextField]:
        """Every text field shown, in Tab order."""
        raise NotImplementedError

    def give_caret(self, field: TextField | None) -> None:
        """Give the caret to ``field`` (None: to no field, so keys are commands again)."""
        raise NotImplementedError

    def icons(self) -> list[Toggle]:
        """The radio and option icons shown, in reading order (each its ``action``)."""
        return []

    def edited(self) -> None:
        """A key changed the text of the field with the caret (what was said of it may go)."""

    # -- the caret -------------------------------------------------------------------------------
    @property
    def focused(self) -> TextField | None:
        return next((f for f in self.fields() if f.focused), None)

    @property
    def typing(self) -> bool:  # type: ignore[override]
        """Keys are text while a field has the caret."""
        return self.focused is not None

    def focus_on(self, stop: tuple[int, int] | None) -> None:
        """The keys on a field give it the caret, elsewhere take it; the mouse leaves it, as on RISC OS."""
        super().focus_on(stop)
        if stop is not None:
            self.give_caret(next((f for f in self.fields() if f.rect.center == stop), None))

    def focus_origin(self) -> tuple[int, int] | None:
        """With no icon focused, the arrows start from the field with the caret."""
        return self.focused.rect.center if self.focused is not None else None

    def first_stop(self) -> tuple[int, int] | None:
        """The field with the caret, where typing goes: what the form opens for."""
        if self.focused is not None:
            return self.focused.rect.center
        stops = self.stops()
        return stops[0] if stops else None

    def caret_field(self) -> TextField | None:
        return self.focused

    def next_field(self) -> None:
        """Tab: the caret to the next field (the first when none has it); the arrows go on from there."""
        fields, now = self.fields(), self.focused
        self.give_caret(fields[(fields.index(now) + 1) % len(fields)] if now is not None else fields[0])
        self.focus = None

    # -- the kit's plumbing ----------------------------------------------------------------------
    def icon_stops(self) -> dict[tuple[int, int], Toggle]:
        """Each icon that applies, by its stop: the middle of its sprite."""
        return {(t.rect.x + 8, t.rect.y + 10): t for t in self.icons() if t.enabled}

    def stops(self) -> list[tuple[int, int]]:
        """Fields, icons, buttons: every one that applies, in reading order."""
        fields = [f.rect.center for f in self.fields()]
        return fields + list(self.icon_stops()) + [b.rect.center for b in self.buttons()]

    def targets(self) -> list[Rect]:
        """Fields, icons and buttons (a tap aims at them as the keys stop on them)."""
        icons = [t.rect for t in self.icons() if t.enabled]
        return [f.rect for f in self.fields()] + icons + [b.rect for b in self.buttons()]

    def step_back(self) -> Transition | None:
        """Pad B (or Backspace) with no caret closes, as in a box; with the caret it erases (or stays)."""
        return None if self.typing else self.cancel()

    def clicked(self, x: int, y: int) -> Transition | None:
        field = next((f for f in self.fields() if f.contains(x, y)), None)
        if field is not None:
            self.give_caret(field)
            self.focus = None
            return None
        icon = next((t for t in self.icons() if t.contains(x, y)), None)
        if icon is None or icon.action is None:
            return None
        return cast("Transition | None", icon.action())

    def command(self, name: str) -> Transition | None:
        field = self.focused
        if name == "next_field":
            self.next_field()
        elif name == "erase" and field is not None:
            field.backspace()
            self.edited()
        elif field is not None and field.edit(name):  # Ctrl+A, Ctrl+U
            self.edited()
        return None

    def other(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Typed) and self.focused is not None:
            self.focused.insert(intent.text)
            self.edited()
        return None

    def draw_focus(self, g: pyxel.Image) -> None:
        """The keys' focus frame round an icon's sprite and label, as the Wimp frames an icon, or a button."""
        icon = self.icon_stops().get(self.shown_focus) if self.shown_focus is not None else None
        if icon is not None:
            r = icon.rect
            width = min(r.w, 16 + FIELD_PAD + self.services.assets.text_width(icon.label))
            draw_focus_frame(g, Rect(r.x, r.y, width, r.h), 1)
        draw_focused(g, self.shown_focus, self.buttons())
