"""The keys' names as the bindings give them, and the on-screen keyboard, so that a gamepad can write.

Tips and menus show what is bound, for the device in hand. Pad A on a field opens
a window of keys; each key goes to the field's scene as typing would (refused ones
greyed); B deletes, and on an empty field closes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pyxel

import cart.ui.kit.palette as wimp
from cart.ui.kit.assets import CHAR_H
from cart.ui.kit.geom import SCREEN, Rect
from cart.ui.kit.intents import (
    KEYMAP,
    MENU_BUTTONS,
    ONSCREEN_KEYS,
    PAD_SELECT,
    SELECT_BUTTONS,
    TYPING_KEYS,
    Command,
    Device,
    Focus,
    Intent,
    Keymap,
    Pointer,
    Release,
    Scroll,
    Select,
    Typed,
)

from .dialogs import draw_tip, tip_beside
from .menus import Entry
from .stage import Help, Pop, Push, Scene, Transition, wrapped_row_stop
from .widgets import TITLE_H, Button, TextField, Window, draw_focus_frame

if TYPE_CHECKING:
    from .services import Services
    from .widgets import Furniture


PAD_LABELS: dict[int, str] = {
    pyxel.GAMEPAD1_BUTTON_A: "A",
    pyxel.GAMEPAD1_BUTTON_B: "B",
    pyxel.GAMEPAD1_BUTTON_X: "X",
    pyxel.GAMEPAD1_BUTTON_Y: "Y",
    pyxel.GAMEPAD1_BUTTON_BACK: "Back",
    pyxel.GAMEPAD1_BUTTON_START: "Start",
    pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER: "LB",
    pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER: "RB",
    pyxel.GAMEPAD1_BUTTON_DPAD_LEFT: "Left",
    pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT: "Right",
    pyxel.GAMEPAD1_BUTTON_DPAD_UP: "Up",
    pyxel.GAMEPAD1_BUTTON_DPAD_DOWN: "Down",
}
"""What a gamepad's buttons are called where the game names them (the SDL controller's letters)."""


def pad_button(command: str, keys: Keymap | None = None) -> str:
    """The gamepad button bound to ``command`` in ``keys`` (by default :data:`TYPING_KEYS`)."""
    found = (k for k, name in (TYPING_KEYS if keys is None else keys).items() if name == command)
    return next((PAD_LABELS[k] for k in found if k in PAD_LABELS), "")


def field_tip(device: Device = "pad") -> str | None:
    """The tip on a field the d-pad reached: the pad button for the on-screen keyboard (none for the keys)."""
    return f"Pad {pad_button('keyboard')}: on-screen keyboard" if device == "pad" else None


KEY_LABELS: dict[int, str] = {
    pyxel.KEY_RETURN: "Return",
    pyxel.KEY_ESCAPE: "Escape",
    pyxel.KEY_DELETE: "Delete",
    pyxel.KEY_BACKSPACE: "Backspace",
    pyxel.KEY_TAB: "Tab",
    pyxel.KEY_SPACE: "Space",
    pyxel.KEY_PAGEUP: "Page Up",
    pyxel.KEY_PAGEDOWN: "Page Down",
    pyxel.KEY_F1: "F1",
    pyxel.KEY_F2: "F2",
    pyxel.KEY_HELP: "Help",
    pyxel.KEY_LEFT: "Left",
    pyxel.KEY_RIGHT: "Right",
    pyxel.KEY_UP: "Up",
    pyxel.KEY_DOWN: "Down",
    **{getattr(pyxel, f"KEY_{c}"): c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
}
"""What a key is called where the game shows it (the keycaps' words, as RISC OS's menus print them)."""


def shortcut(command: str, keymap: Keymap = KEYMAP) -> str:
    """The key shown for ``command`` in menus and tips: a letter bound to it if any, else its first key."""
    keys = [k for k, name in keymap.items() if name == command and k in KEY_LABELS]
    letters = [k for k in keys if len(KEY_LABELS[k]) == 1]
    return KEY_LABELS[(letters or keys)[0]] if keys else ""


def key_for(command: str, device: Device, keys: Keymap = KEYMAP) -> str:
    """The key or button doing ``command`` on ``device`` in ``keys`` (the mouse's player sees the keys)."""
    return pad_button(command, keys) if device == "pad" else shortcut(command, keys)


MENU_KEY = KEY_LABELS[MENU_BUTTONS[0]]  # shown where the game says how to open the menu
SELECT_KEY = KEY_LABELS[SELECT_BUTTONS[0]]
PAD_MENU = PAD_LABELS[MENU_BUTTONS[1]]
PAD_SELECT_LABEL = PAD_LABELS[SELECT_BUTTONS[1]]
SELECT_WORD: dict[Device, str] = {"mouse": "click", "keys": SELECT_KEY, "pad": PAD_SELECT_LABEL}
"""SELECT as each device does it: what a tip says to do on the thing it is about."""


def help_entry(device: Device) -> Entry:
    """Help, on every screen's menu: the game's manual (:class:`~cart.ui.wimp.stage.Help`), its key shown.

    >>> help_entry("keys").key, help_entry("pad").key
    ('F1', 'LB')
    """
    return Entry("Help", Help, key=key_for("help", device))


def form_menu(
    device: Device,
    confirm: tuple[str, Callable[[], Transition | None]],
    cancel: Callable[[], Transition | None],
) -> list[Entry]:
    """MENU over a form: its default button and Cancel, each with its key, then Help."""
    label, action = confirm
    return [
        Entry(label, action, key=key_for("confirm", device)),
        Entry("Cancel", cancel, key=key_for("cancel", device), separator=True),
        help_entry(device),
    ]


KEY = 24  # a key icon is 24 pixels square, as a title bar icon nearly is
GAP = 6  # between keys: room for the focus frame outside OK's default ring (2 to 3 pixels out, 5 to 6)
STEP = KEY + GAP
MARGIN = 8
ROWS = ("1234567890", "ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ-._/", "+:,'~&()!?")
"""The character keys, in reading order: alphabetical, so the d-pad finds a letter without a keyboard's
layout in mind; the punctuation names, paths, IDs and moves use (a name's '-', '.', a path's '/',
'_', '~', an ID's '+' and '/', a move's ',')."""
BOTTOM = (("Shift", 2), ("Space", 3), ("Delete", 3), ("OK", 2))
"""The bottom row's keys and how many columns each spans."""
COLS = len(ROWS[0])
HELP: dict[Device, str] = {
    "pad": (
        f"Pad: {PAD_LABELS[PAD_SELECT]} type, {pad_button('back', ONSCREEN_KEYS)} delete, "
        f"{pad_button('shift', ONSCREEN_KEYS)} shift, {pad_button('confirm', ONSCREEN_KEYS)} OK"
    ),
    "keys": f"Type; {key_for('confirm', 'keys')} OK, {key_for('cancel', 'keys')} close",
    "mouse": "Click the keys, then OK",
}
"""The window's help line, for the device the player used last (a pad's buttons, or the keys')."""
WIDTH = 2 + 2 * MARGIN + COLS * STEP - GAP
HEIGHT = TITLE_H + MARGIN + (len(ROWS) + 1) * STEP - GAP + 6 + CHAR_H + MARGIN + 1


def keyboard_place(field: Rect, screen: tuple[int, int] = SCREEN) -> Rect:
    """The keyboard's window: under the field, else above it, never over its text."""
    x = max(0, min(field.x, screen[0] - WIDTH))
    if field.bottom + 4 + HEIGHT <= screen[1]:
        y = field.bottom + 4
    elif field.y - 4 - HEIGHT >= 0:
        y = field.y - 4 - HEIGHT
    else:
        y = screen[1] - HEIGHT
    return Rect(x, y, WIDTH, HEIGHT)


class KeyboardScene(Scene):
    """The keyboard over ``owner``'s ``field``: it hands each key to ``owner`` as typing would."""

    window: Window
    typing = True  # the keys still type while it is open
    onscreen = True  # the pad's buttons work its keys (intents.ONSCREEN_KEYS)
    free_stops = False  # rows of keys
    shows_focus = True

    def __init__(self, services: Services, owner: Scene, field: TextField) -> None:
        super().__init__(services)
        self.owner = owner
        self.field = field
        self.upper = True  # Shift: the letters' case, capitals first (a name's first letter)
        self.window = Window(keyboard_place(field.rect), "Keyboard", focused=True, icons=("close",))
        work = self.window.work_area
        x0, y0 = work.x + MARGIN, work.y + MARGIN
        self.keys: list[tuple[str, Button]] = [
            (c, Button(Rect(x0 + i * STEP, y0 + r * STEP, KEY, KEY), c))
            for r, chars in enumerate(ROWS)
            for i, c in enumerate(chars)
        ]
        y = y0 + len(ROWS) * STEP
        column = 0
        for name, span in BOTTOM:
            rect = Rect(x0 + column * STEP, y, span * STEP - GAP, KEY)
            self.keys.append((name, Button(rect, name, default=name == "OK")))
            column += span
        self.help_y = y + KEY + 6
        self.last: tuple[int, int] | None = None  # the key the d-pad goes on from once the mouse moved
        self.owner_focused = owner.window.focused if owner.window is not None else False
        self.refresh()

    # -- the keys ---------------------------------------------------------------------------------
    def char(self, name: str) -> str | None:
        """What the key ``name`` types now (None: Shift, Delete, OK type nothing)."""
        if name == "Space":
            return " "
        if len(name) == 1:
            return name if self.upper else name.lower()
        return None

    def refresh(self) -> None:
        """Letters in the case Shift says; a key whose character the field refuses greyed."""
        for name, button in self.keys:
            c = self.char(name)
            if len(name) == 1 and c is not None:
                button.label = c
            button.enabled = c is None or self.field.accepts(c)

    def key_at(self, x: int, y: int) -> tuple[str, Button] | None:
        return next(((n, b) for n, b in self.keys if b.contains(x, y)), None)

    def press(self, name: str) -> Transition | None:
        """The key ``name`` pressed (by A at the frame, or a click)."""
        c = self.char(name)
        if c is not None:
            return self.give(Typed(c))
        if name == "Shift":
            self.upper = not self.upper
            self.refresh()
            return None
        if name == "Delete":
            return self.give(Command("erase"))
        return self.ok()

    def give(self, intent: Intent) -> Transition | None:
        """Hand ``intent`` to the field's scene; where it says to go, the keyboard closes first."""
        going = self.owner.update([intent])
        self.refresh()
        return None if going is None else Pop(self, then=going)

    def ok(self) -> Transition:
        """X, OK or Return end the field: the keyboard closes, the text kept. A box that asks for this
        one field (a typed move, a path) is answered too, as Return in it does; a form is not: its other
        options are still to be set, and its own X starts it."""
        if self.owner.field_answers:
            return Pop(self, then=self.owner.update([Command("confirm")]))
        return Pop(self)

    # -- the scene --------------------------------------------------------------------------------
    def enter(self) -> None:
        """The input focus is here now: the field's window shows it lost it (its title grey), as RISC OS."""
        if self.owner.window is not None:
            self.owner.window.focused = False

    def leave(self) -> None:
        if self.owner.window is not None:
            self.owner.window.focused = self.owner_focused

    def pressable(self) -> list[Button]:
        return [b for _, b in self.keys]

    def stops(self) -> list[tuple[int, int]]:
        return [b.rect.center for _, b in self.keys if b.enabled]

    def targets(self) -> list[Rect]:
        return [b.rect for _, b in self.keys]  # a greyed key too: a tap on it is not aimed at its neighbour

    def first_stop(self) -> tuple[int, int] | None:
        """The A key (a name's first letter), or the first key the field takes."""
        a = next(b for n, b in self.keys if n == "A")
        stops = self.stops()
        return a.rect.center if a.enabled else stops[0] if stops else None

    def next_stop(self, at: tuple[int, int], direction: str) -> tuple[int, int] | None:
        """Rows of keys that wrap round: past the right end to the left one, past the top to the bottom."""
        return wrapped_row_stop(self.stops(), at, direction)

    def focus_on(self, stop: tuple[int, int] | None) -> None:
        super().focus_on(stop)
        if stop is not None:
            self.last = stop

    def focus_origin(self) -> tuple[int, int] | None:
        """With no key framed (the mouse moved), the d-pad goes on from the last key it framed or pressed."""
        return self.last or self.first_stop()

    def furniture(self, part: Furniture) -> Transition | None:
        """The close icon closes it, the text kept."""
        return Pop(self) if part == "close" else None

    def update(self, intents: list[Intent]) -> Transition | None:
        for intent in intents:
            going: Transition | None = None
            if isinstance(intent, Pointer):
                for _, b in self.keys:
                    b.pressed = intent.held and b.contains(intent.x, intent.y)
            elif isinstance(intent, Select):
                key = self.key_at(intent.x, intent.y)
                if key is not None:
                    self.last = key[1].rect.center
                    going = self.press(key[0])
                elif not self.window.rect.contains(intent.x, intent.y):
                    going = Pop(self)  # a click outside closes it, as one outside a menu does
            elif isinstance(intent, Typed):
                going = self.give(intent)
            elif isinstance(intent, Command):
                going = self.command(intent.name)
            if going is not None:
                return going
        return None

    def command(self, name: str) -> Transition | None:
        if name == "confirm":
            return self.ok()
        if name == "cancel":  # BACK or Escape: closed, the text kept
            return Pop(self)
        if name == "back":  # pad B: delete, or close once there is nothing left to delete
            return self.give(Command("erase")) if self.field.text else Pop(self)
        if name in ("erase", "paste", "select_all", "clear_field"):
            return self.give(Command(name))
        if name == "shift":
            return self.press("Shift")
        return None

    def draw(self, g: pyxel.Image) -> None:
        a = self.services.assets
        self.window.draw(a, g)
        for name, b in self.keys:
            held = b.pressed
            b.pressed = held or (name == "Shift" and self.upper)  # Shift on shows pressed in
            b.draw(a, g)
            b.pressed = held
        help_line = HELP[self.services.used.device]
        a.text(g, self.window.work_area.x + MARGIN, self.help_y, help_line, wimp.TEXT)
        for _, b in self.keys:
            if self.shown_focus is not None and b.rect.center == self.shown_focus:
                draw_focus_frame(g, b.rect, 4 if b.default else 1)  # clear of OK's default ring


def open_keyboard(scene: Scene) -> Transition | None:
    """Pad A on ``scene``'s field with the caret: the keyboard over it (None: no field has the caret)."""
    field = scene.caret_field()
    return None if field is None else Push(KeyboardScene(scene.services, scene, field))


class PadKeys:
    """The App's part in a gamepad's writing: pad A opens the keyboard over the field with the caret.

    A field the keys reach shows a tip naming that button until the next press.
    """

    def __init__(self) -> None:
        self.at: tuple[Scene, tuple[int, int]] | None = None  # the scene and the stop the keys arrived on

    def take(self, scene: Scene, intents: list[Intent]) -> tuple[list[Intent], Transition | None]:
        """``intents`` for ``scene`` less pad A's ``keyboard`` command, and the keyboard that opens."""
        self.see(scene, intents)
        opening = None
        kept: list[Intent] = []
        for i in intents:
            if isinstance(i, Command) and i.name == "keyboard":
                opening = opening or open_keyboard(scene)
            else:
                kept.append(i)
        return kept, opening

    def see(self, scene: Scene, intents: list[Intent]) -> None:
        """This frame's intents for ``scene``: an arrival of the keys, or a press that dismisses the tip."""
        for i in intents:
            if isinstance(i, Focus):
                self.at = (scene, (i.x, i.y))
            elif not isinstance(i, Pointer | Release | Scroll):
                self.at = None

    def draw(self, g: pyxel.Image, scene: Scene) -> None:
        """The tip, where the keys arrived on ``scene``'s field with the caret and stay (ToolTips on)."""
        field = scene.caret_field()
        if field is None or self.at != (scene, field.rect.center) or scene.focus != field.rect.center:
            return
        text = field_tip(scene.services.used.device)
        if scene.services.prefs.settings.tooltips and text is not None:
            draw_tip(g, scene.services.assets, text, tip_beside(text, field.rect))
