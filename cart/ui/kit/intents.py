"""Input -> intents: the one place that reads the mouse, the keyboard and the gamepad.

Each frame :class:`Input` turns what changed into a few intents, so everything
the mouse does the keys and a pad can do, and tests drive a scene with intents
alone. RISC OS's MENU is the middle button; laptops lack one, so right-click and M
open menus too. Presses are found against the previous frame's states, so
headless tests need no ``pyxel.flip``.

The kit's commands are a window's verbs (confirm, cancel, back, delete, the arrows...);
a game adds its own by a scene's :attr:`~cart.ui.wimp.stage.Scene.keys`, the kit's
map with the game's keys laid over it, so each key means one thing on each screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

import pyxel

CommandName = Literal[
    "confirm",
    "cancel",
    "back",
    "delete",
    "erase",
    "left",
    "right",
    "up",
    "down",
    "next_field",
    "page_up",
    "page_down",
    "paste",
    "select_all",
    "clear_field",
    "any_key",
    "keyboard",
    "shift",
    "help",
]


@dataclass(frozen=True)
class Pointer:
    """Where the pointer is this frame (sent every frame, first): hover, tooltips, the checker in hand.

    ``held``: SELECT is down; a button shows pressed in only then, as on RISC OS.
    """

    x: int
    y: int
    held: bool = False


@dataclass(frozen=True)
class Select:
    """SELECT at (x, y): a left click, or Space / gamepad A at the keyboard cursor."""

    x: int
    y: int


@dataclass(frozen=True)
class Release:
    """The left button let go at (x, y), ending a drag; only the mouse drags, so only it releases."""

    x: int
    y: int


@dataclass(frozen=True)
class OpenMenu:
    """MENU at (x, y): middle or right click, M, pad START; ``keys`` opens it with its first item lit."""

    x: int
    y: int
    keys: bool = False


@dataclass(frozen=True)
class Command:
    """A named action from a key or a gamepad button: a :data:`CommandName`, or one of a scene's own keys."""

    name: str


@dataclass(frozen=True)
class Typed:
    """Text typed this frame while a writable field has the caret."""

    text: str


@dataclass(frozen=True)
class Dropped:
    """A file dropped on the window this frame; ``path`` is where Pyxel put it (in Pyodide, a copy)."""

    path: str


@dataclass(frozen=True)
class Focus:
    """The arrows or d-pad put the cursor on the stop at (x, y); the scene marks it for a mouseless player."""

    x: int
    y: int


@dataclass(frozen=True)
class Scroll:
    """The mouse wheel turned this frame: ``lines`` notches, positive towards the user (down a list)."""

    lines: int


Intent = Pointer | Select | Release | OpenMenu | Command | Typed | Focus | Scroll | Dropped

Keymap = Mapping[int, str]
"""Keys and gamepad buttons to the commands they name on one screen."""

KEYMAP: dict[int, CommandName] = {
    pyxel.KEY_RETURN: "confirm",
    pyxel.KEY_KP_ENTER: "confirm",
    pyxel.KEY_BACKSPACE: "back",
    pyxel.KEY_DELETE: "delete",
    pyxel.KEY_ESCAPE: "cancel",
    pyxel.KEY_LEFT: "left",
    pyxel.KEY_RIGHT: "right",
    pyxel.KEY_UP: "up",
    pyxel.KEY_DOWN: "down",
    pyxel.KEY_TAB: "next_field",
    pyxel.KEY_PAGEUP: "page_up",
    pyxel.KEY_PAGEDOWN: "page_down",
    pyxel.KEY_F1: "help",
    pyxel.KEY_HELP: "help",
    pyxel.GAMEPAD1_BUTTON_B: "back",
    pyxel.GAMEPAD1_BUTTON_X: "confirm",
    pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER: "help",
    pyxel.GAMEPAD1_BUTTON_BACK: "cancel",
    pyxel.GAMEPAD1_BUTTON_DPAD_LEFT: "left",
    pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT: "right",
    pyxel.GAMEPAD1_BUTTON_DPAD_UP: "up",
    pyxel.GAMEPAD1_BUTTON_DPAD_DOWN: "down",
}
"""The kit's keys and gamepad buttons (Return, or X on a pad, confirms; Backspace or pad B goes back).

F1 (and the Help key of keyboards that have one) or the pad's left shoulder
button opens the manual on every screen: a button no screen used before.
"""

TYPING_KEYS: dict[int, CommandName] = {
    pyxel.KEY_RETURN: "confirm",
    pyxel.KEY_KP_ENTER: "confirm",
    pyxel.KEY_BACKSPACE: "erase",
    pyxel.KEY_ESCAPE: "cancel",
    pyxel.KEY_TAB: "next_field",
    pyxel.KEY_UP: "up",
    pyxel.KEY_DOWN: "down",
    pyxel.KEY_F1: "help",
    pyxel.KEY_HELP: "help",
    pyxel.GAMEPAD1_BUTTON_A: "keyboard",
    pyxel.GAMEPAD1_BUTTON_B: "cancel",
    pyxel.GAMEPAD1_BUTTON_X: "confirm",
    pyxel.GAMEPAD1_BUTTON_BACK: "cancel",
    pyxel.GAMEPAD1_BUTTON_DPAD_UP: "up",
    pyxel.GAMEPAD1_BUTTON_DPAD_DOWN: "down",
    pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER: "help",
}
"""While a field has the caret, letters are text: only these keys stay commands.

Tab goes to the next field; Up and Down leave the field for the icon above or
below it, as they move the caret between a RISC OS dialog's writable icons.
A gamepad types nothing, so its buttons keep their meaning: X confirms as
Return does, B and BACK cancel as Escape does (the box closes whatever has the
caret), and A (SELECT on the field) opens the on-screen keyboard
(:mod:`cart.ui.wimp.keyboard`), the pad's way to write in it.
"""

ONSCREEN_KEYS: dict[int, CommandName] = {
    pyxel.KEY_RETURN: "confirm",
    pyxel.KEY_KP_ENTER: "confirm",
    pyxel.KEY_BACKSPACE: "erase",
    pyxel.KEY_ESCAPE: "cancel",
    pyxel.KEY_LEFT: "left",
    pyxel.KEY_RIGHT: "right",
    pyxel.KEY_UP: "up",
    pyxel.KEY_DOWN: "down",
    pyxel.GAMEPAD1_BUTTON_B: "back",
    pyxel.GAMEPAD1_BUTTON_X: "confirm",
    pyxel.GAMEPAD1_BUTTON_Y: "shift",
    pyxel.GAMEPAD1_BUTTON_BACK: "cancel",
    pyxel.GAMEPAD1_BUTTON_DPAD_LEFT: "left",
    pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT: "right",
    pyxel.GAMEPAD1_BUTTON_DPAD_UP: "up",
    pyxel.GAMEPAD1_BUTTON_DPAD_DOWN: "down",
}
"""While the on-screen keyboard is open, the keys still type, and the pad works the keyboard.

The d-pad (and the arrow keys, which have no caret to move here) go between
its keys; A presses the one highlighted (:data:`PAD_SELECT`, a ``Select``
there); B is ``back``, deleting the last letter (closing the
keyboard once the field is empty); Y is Shift; X confirms; BACK closes it.
"""

PAD_SELECT = pyxel.GAMEPAD1_BUTTON_A
Device = Literal["mouse", "keys", "pad"]
"""The kind of input a player used last: what tips, help lines and menus' shortcut column name."""


@dataclass
class LastUsed:
    """Which input the player used last, so a tip names the controls of the device in hand."""

    device: Device = "mouse"


PASTE_KEY = pyxel.KEY_V
PASTE_MODIFIERS = (pyxel.KEY_CTRL, pyxel.KEY_GUI)
"""Ctrl+V pastes into a writable field (Cmd+V on a Mac): the ``paste`` command, never the letter v."""
FIELD_KEYS: dict[int, CommandName] = {
    PASTE_KEY: "paste",
    pyxel.KEY_A: "select_all",
    pyxel.KEY_U: "clear_field",
}
"""With Ctrl (Cmd on a Mac) in a writable field, as in the text fields players know: Ctrl+V pastes,
Ctrl+A selects all the text (what is typed next replaces it), Ctrl+U clears the field (RISC OS's own)."""
SELECT_BUTTONS = (pyxel.KEY_SPACE, pyxel.GAMEPAD1_BUTTON_A)
MENU_BUTTONS = (pyxel.KEY_M, pyxel.GAMEPAD1_BUTTON_START)
ANY_KEYS = tuple(
    sorted(
        {
            getattr(pyxel, name)
            for name in dir(pyxel)
            if (name.startswith("KEY_") and name != "KEY_NONE")
            or (name.startswith("GAMEPAD") and "_BUTTON_" in name)
        }
    )
)
"""Every key and gamepad button (not the mouse's): any of them leaves the title ("Click or press a key")."""
PAD_BUTTONS = frozenset(getattr(pyxel, n) for n in dir(pyxel) if n.startswith("GAMEPAD") and "_BUTTON_" in n)
MOUSE_BUTTONS = frozenset((pyxel.MOUSE_BUTTON_LEFT, pyxel.MOUSE_BUTTON_MIDDLE, pyxel.MOUSE_BUTTON_RIGHT))
WATCHED = (
    pyxel.MOUSE_BUTTON_LEFT,
    pyxel.MOUSE_BUTTON_MIDDLE,
    pyxel.MOUSE_BUTTON_RIGHT,
    *SELECT_BUTTONS,
    *MENU_BUTTONS,
    *KEYMAP,
    *TYPING_KEYS,
    *ONSCREEN_KEYS,
    *FIELD_KEYS,
)


def dropped_files() -> list[str]:
    """The files dropped this frame: Pyxel's ``dropped_files``, and ``_dropped_files`` from its web page."""
    web = list(getattr(pyxel, "_dropped_files", None) or [])
    if web:
        pyxel._dropped_files = []  # type: ignore[attr-defined]
    return [*pyxel.dropped_files, *web]


@dataclass
class Input:
    """Polls Pyxel once per frame; keeps last frame's button states and the keyboard cursor."""

    down: set[int] = field(default_factory=set)
    mouse: tuple[int, int] = (-1, -1)
    cursor: tuple[int, int] = (320, 256)
    used: LastUsed = field(default_factory=LastUsed)

    def warp(self, x: int, y: int) -> None:
        """Move the keyboard cursor (scenes call this for the arrow keys); the mouse takes over when moved."""
        self.cursor = (x, y)

    def poll(
        self, *, typing: bool = False, any_key: bool = False, onscreen: bool = False, keys: Keymap = KEYMAP
    ) -> list[Intent]:
        """This frame's intents: the pointer first, then presses in a fixed order.

        ``any_key`` (the title) makes any press a ``Command("any_key")``; ``onscreen``
        means the on-screen keyboard is open and the pad's buttons are :data:`ONSCREEN_KEYS`;
        ``keys``: the screen's commands (the kit's :data:`KEYMAP`, or a game's over it).
        """
        watched = WATCHED if keys is KEYMAP else (*WATCHED, *keys)
        now = {b for b in (ANY_KEYS if any_key else ()) + watched if pyxel.btn(b)}
        pressed = now - self.down
        released = self.down - now
        self.down = now
        mouse = (pyxel.mouse_x, pyxel.mouse_y)
        if mouse != self.mouse:
            self.mouse = mouse
            self.cursor = mouse
            self.used.device = "mouse"
        if pressed & MOUSE_BUTTONS or pyxel.mouse_wheel:
            self.used.device = "mouse"
        if pressed & PAD_BUTTONS:
            self.used.device = "pad"
        elif pressed - MOUSE_BUTTONS or (typing and pyxel.input_text):
            self.used.device = "keys"
        x, y = self.cursor
        held = bool(now.intersection((pyxel.MOUSE_BUTTON_LEFT, *SELECT_BUTTONS)))
        intents: list[Intent] = [Pointer(x, y, held)]
        if pyxel.MOUSE_BUTTON_LEFT in pressed:
            intents.append(Select(*mouse))
        if pyxel.MOUSE_BUTTON_LEFT in released:
            intents.append(Release(*mouse))
        if pressed & {pyxel.MOUSE_BUTTON_MIDDLE, pyxel.MOUSE_BUTTON_RIGHT}:
            intents.append(OpenMenu(*mouse))
        wheel = int(pyxel.mouse_wheel)
        if wheel:
            intents.append(Scroll(-wheel))
        intents.extend(Dropped(path) for path in dropped_files())
        if typing:
            text = pyxel.input_text
            ctrl = any(pyxel.btn(m) for m in PASTE_MODIFIERS)
            edits = [(key, name) for key, name in FIELD_KEYS.items() if ctrl and key in pressed]
            if edits and text.lower() in [chr(k).lower() for k, _ in edits if 0 < k < 128]:
                text = ""  # the key's own letter, where the platform sends it as text too
            if text:
                intents.append(Typed(text))
            intents.extend(Command(name) for _, name in edits)
            if onscreen and PAD_SELECT in pressed:
                intents.append(Select(x, y))
            keys = ONSCREEN_KEYS if onscreen else TYPING_KEYS
            intents.extend(Command(name) for key, name in keys.items() if key in pressed)
            return intents
        if pressed.intersection(SELECT_BUTTONS):
            intents.append(Select(x, y))
        if pressed.intersection(MENU_BUTTONS):
            intents.append(OpenMenu(x, y, keys=True))
        seen: set[str] = set()
        for key, name in keys.items():
            if key in pressed and name not in seen:
                seen.add(name)
                intents.append(Command(name))
        if (
            any_key
            and pressed.intersection(ANY_KEYS)
            and all(isinstance(i, Pointer | Release) for i in intents)
        ):
            intents.append(Command("any_key"))
        return intents
