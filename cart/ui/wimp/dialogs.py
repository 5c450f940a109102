"""The scene stack's boxes: modal dialogs, the tooltip, and the helpers every window's buttons share.

Only the top scene gets intents, so a box over the board is modal; a button's action
returns where to go, never calls the App.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pyxel

import cart.ui.kit.palette as wimp
from cart.ui.kit.assets import CHAR_H, CHAR_W
from cart.ui.kit.geom import SCREEN, Rect
from cart.ui.kit.intents import KEYMAP, Command, Intent, Keymap, Pointer, Select, Typed
from cart.ui.kit.text import wrap

from .services import NO_CLIPBOARD
from .stage import Pop, Scene, Transition
from .widgets import TITLE_H, Button, TextField, Window, draw_focus_frame

if TYPE_CHECKING:
    from cart.ui.kit.assets import Assets

    from .services import Services
    from .widgets import Furniture, Icon


def hover(buttons: Sequence[Button], pointer: Pointer) -> None:
    """Show the button under the pointer pressed in while SELECT is held over it, and only then (RISC OS)."""
    for b in buttons:
        b.pressed = pointer.held and b.rect.contains(pointer.x, pointer.y)


def draw_focused(g: pyxel.Image, focus: tuple[int, int] | None, icons: Sequence[Button]) -> None:
    """The dotted focus frame on the icon whose centre the keys put the cursor on, if any."""
    if focus is None:
        return
    for b in icons:
        if b.rect.center == focus:
            draw_focus_frame(g, b.rect, 5 if b.default else 2)  # clear of the default button's ring


@dataclass(frozen=True)
class Choice:
    """A dialog button: its label, its action (where to go after the box closes), Return or Escape.

    ``command``: the key's command that presses it too (``"hint"``: H, or pad Y, in the box's ``keymap``).
    """

    label: str
    action: Callable[[], Transition | None]
    default: bool = False
    cancel: bool = False
    command: str | None = None


BUTTON_W = 96
BUTTON_H = 24
PAD = 12
SQUEEZED_GAP = 4
"""Pixels between (and beside) the buttons of a box narrowed to fit its place (the default's ring takes 3)."""
MAX_ROWS = 22
"""Lines of text a box shows at most (it then fills the screen's height); a longer text ends in "..."."""
MAX_ERROR_ROWS = 4
"""Lines a refusal under a box's field takes at most."""


class Dialog(Scene):
    """A modal RISC OS dialog box: a titled window, a few lines of text, optionally a field, buttons.

    ``on_text`` gets the field's text on Return: an error to show (the box stays) or where to go.
    ``must_answer``: no close icon (the buttons are the answers); ``place``: where a ``(w, h)`` box goes,
    if not centred, and ``widest`` its width at most (to fit there): a scene keeps what it shows in view.
    """

    window: Window
    free_stops = False  # the field above, the buttons in a row
    field_answers = True  # its one field is what it asks: the on-screen keyboard's OK answers it
    shows_focus = True

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
        keymap: Keymap = KEYMAP,
        must_answer: bool = False,
        place: Callable[[int, int], Rect] | None = None,
        widest: int | None = None,
    ) -> None:
        super().__init__(services)
        self.keymap = keymap
        self.must_answer = must_answer
        self.place = place
        self.title = title
        self.choices = list(choices)
        self.on_text = on_text
        self._error = ""
        longest = max([len(title) + 8, *(len(s) for s in lines), 24])
        self.width = width or min(
            widest or SCREEN[0] - 40, max(longest * CHAR_W + 2 * PAD, len(choices) * (BUTTON_W + PAD) + PAD)
        )
        n = max(1, len(choices))
        self.gap, self.button_w = PAD, BUTTON_W
        if n * (BUTTON_W + PAD) + PAD > self.width:  # narrowed to fit its place: the buttons too
            self.gap = SQUEEZED_GAP
            self.button_w = (self.width - 2 - self.gap) // n - self.gap  # 2: the frame
        self.cols = (
            self.width - 2 * PAD
        ) // CHAR_W  # as the box was sized: a line may touch the frame by a pixel
        self.lines = wrap("\n".join(lines), self.cols, rows=MAX_ROWS) if lines else []
        self.field: TextField | None = None
        if field_text is not None:
            self.field = TextField(Rect(0, 0, self.width - 2 - 2 * PAD, 24), field_text, 40, focused=True)
        self.buttons = [
            Button(Rect(0, 0, self.button_w, BUTTON_H), c.label, default=c.default) for c in choices
        ]
        self.lay_out()

    @property
    def error(self) -> str:
        """The refusal shown under the field (a typed move's reason), wrapped whole on the box's lines."""
        return self._error

    @error.setter
    def error(self, text: str) -> None:
        self._error = text
        self.lay_out()

    @property
    def error_lines(self) -> list[str]:
        return wrap(self._error, self.cols, rows=MAX_ERROR_ROWS) if self._error else []

    def lay_out(self) -> None:
        """Size the box to its lines (a later refusal's too: it grows) and centre it; the focus stays put."""
        icons_now = self._icon_rects()
        focused = icons_now.index(self.focus) if self.focus in icons_now else None
        rows = len(self.lines) + (2 + len(self.error_lines) if self.field is not None else 0) + 1
        h = TITLE_H + PAD + rows * CHAR_H + PAD + BUTTON_H + PAD + 4
        if self.place is not None:
            rect = self.place(self.width, h)
        else:
            rect = Rect(0, 0, SCREEN[0], SCREEN[1]).centered(self.width, h)
        # a box that can be cancelled has the close icon, which cancels it; one that must be answered has
        # none, even where Escape picks its safe answer (the tutor's No): its buttons are the answers
        cancels = any(c.cancel for c in self.choices)
        furniture: tuple[Icon, ...] = ("close",) if cancels and not self.must_answer else ()
        self.window = Window(rect, self.title, focused=True, icons=furniture)
        work = self.window.work_area
        if self.field is not None:
            y = work.y + PAD + len(self.lines) * CHAR_H + 4
            self.field.rect = Rect(work.x + PAD, y, work.w - 2 * PAD, 24)
        bw, gap = self.button_w, self.gap
        bx = work.right - min(PAD, gap) - len(self.choices) * (bw + gap) + gap
        by = work.bottom - PAD - BUTTON_H
        for i, b in enumerate(self.buttons):
            b.rect = Rect(bx + i * (bw + gap), by, bw, BUTTON_H)
        if focused is not None:
            self.focus = self._icon_rects()[focused]

    def _icon_rects(self) -> list[tuple[int, int]]:
        """The centres of the field and the buttons, in order (the keys' stops)."""
        field = [self.field.rect.center] if self.field is not None else []
        return field + [b.rect.center for b in self.buttons]

    @property
    def typing(self) -> bool:  # type: ignore[override]
        """Keys are text while the field has the caret (Up or Down takes it to the buttons)."""
        return self.field is not None and self.field.focused

    def pressable(self) -> list[Button]:
        return self.buttons

    def stops(self) -> list[tuple[int, int]]:
        field = [self.field.rect.center] if self.field is not None else []
        return field + [b.rect.center for b in self.buttons]

    def targets(self) -> list[Rect]:
        return ([self.field.rect] if self.field is not None else []) + [b.rect for b in self.buttons]

    def first_stop(self) -> tuple[int, int] | None:
        """The field, or else the default button: what Return would do."""
        if self.field is not None:
            return self.field.rect.center
        default = next((b for b in self.buttons if b.default), self.buttons[0] if self.buttons else None)
        return None if default is None else default.rect.center

    def focus_origin(self) -> tuple[int, int] | None:
        return self.field.rect.center if self.field is not None and self.field.focused else None

    def caret_field(self) -> TextField | None:
        return self.field if self.typing else None

    def focus_on(self, stop: tuple[int, int] | None) -> None:
        """The caret follows the keys into and out of the field; the mouse moving leaves it where it is."""
        super().focus_on(stop)
        if self.field is not None and stop is not None:
            self.field.focused = stop == self.field.rect.center

    def furniture(self, part: Furniture) -> Transition | None:
        """The close icon cancels, as the box's Cancel button does (only a box with one has the icon)."""
        cancel = next((c for c in self.choices if c.cancel), None)
        return self.press(cancel) if part == "close" and cancel is not None else None

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
                if self.field is not None and self.field.contains(intent.x, intent.y):
                    self.field.focused = True
            elif isinstance(intent, Typed) and self.typing and self.field is not None:
                self.field.insert(intent.text)
            elif isinstance(intent, Command):
                if intent.name == "erase" and self.field is not None:
                    self.field.backspace()
                    if not self.field.text and self._error:
                        self.error = ""  # what it refused is all gone: its reason goes with it
                elif self.field is not None and self.field.edit(intent.name):  # Ctrl+A, Ctrl+U
                    pass
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
                elif intent.name == "cancel" or (intent.name == "back" and not self.typing):  # Escape, pad B
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
            for i, text in enumerate(self.error_lines):
                a.text(g, work.x + PAD, self.field.rect.bottom + 4 + i * CHAR_H, text, wimp.ERROR_TEXT)
        for b in self.buttons:
            b.draw(a, g)
        draw_focused(g, self.shown_focus, self.buttons)


# -- tooltips: when a control's help shows, where its box goes, and how it looks --

TOOLTIP_DELAY = 18
"""Frames the pointer rests on a control before its help shows (0.6 s at 30 fps)."""


class Resting:
    """How long the pointer (or the keys' cursor) has rested on one button: a tip shows after a pause."""

    def __init__(self) -> None:
        self.key: str | None = None
        self.frames = 0

    def see(self, key: str | None) -> None:
        self.frames = self.frames + 1 if key == self.key else 1
        self.key = key

    @property
    def ready(self) -> str | None:
        """The thing rested on long enough for its tip (None: nothing, or not yet)."""
        return self.key if self.frames >= TOOLTIP_DELAY else None


def tip_above(text: str, r: Rect) -> Rect:
    """Where a button's tip goes: just above it, its right end level with the button's, on screen.

    >>> tip_above("Next error: A (or X); B the previous", Rect(530, 478, 104, 24))
    Rect(x=338, y=450, w=296, h=22)
    """
    w, h = len(text) * CHAR_W + 8, CHAR_H + 6
    return Rect(max(0, min(r.right - w, SCREEN[0] - w)), max(0, r.y - h - 6), w, h)


def tip_beside(text: str, r: Rect) -> Rect:
    """Where a field's tip goes: at its right where there is room, else under it; never over its text.

    >>> tip_beside("Pad A: on-screen keyboard", Rect(216, 100, 208, 24))
    Rect(x=430, y=101, w=208, h=22)
    >>> tip_beside("Pad A: on-screen keyboard", Rect(216, 40, 340, 24))
    Rect(x=348, y=66, w=208, h=22)
    """
    w, h = len(text) * CHAR_W + 8, CHAR_H + 6
    if r.right + 6 + w <= SCREEN[0]:
        return Rect(r.right + 6, r.y + (r.h - h) // 2, w, h)
    return Rect(max(0, r.right - w), min(r.bottom + 2, SCREEN[1] - h), w, h)


def draw_tip(g: pyxel.Image, assets: Assets, text: str, box: Rect) -> None:
    """A tooltip in the Wimp's interactive-help colours; a long one in two lines (``text`` split at "\\n")."""
    x, y, w, h = box
    g.rect(x, y, w, h, wimp.TOOLTIP_BG)
    g.rectb(x, y, w, h, wimp.TOOLTIP_BORDER)
    for k, line in enumerate(text.split("\n")):
        assets.text(g, x + 4, y + 3 + k * CHAR_H, line, wimp.TEXT)
