"""Set up a position: paste or type GNU Backgammon's Position ID (and Match ID), then play from there.

The engine checks the IDs (:meth:`cart.engine.Match.from_ids`) and says what is
wrong in words, the fields kept as typed. A good one becomes a saved game like any
other, never rated, since a chosen position may be won. Ctrl+V fills both fields from
GNU Backgammon's "Position ID: ... Match ID: ..." line.
"""

from __future__ import annotations

import re
import string
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Literal

import pyxel

import cart.ui.kit.palette as wimp
from cart.ai import LEVELS
from cart.engine import Match
from cart.store import StoreError
from cart.store.saves.names import MAX_GAME_NAME
from cart.ui.board.view_state import other_colour_of
from cart.ui.kit.assets import CHAR_H, CHAR_W
from cart.ui.kit.geom import Rect
from cart.ui.kit.text import shown, wrap
from cart.ui.routes import start_game
from cart.ui.wimp.field_form import FieldForm
from cart.ui.wimp.keyboard import form_menu
from cart.ui.wimp.menus import Entry
from cart.ui.wimp.services import NO_CLIPBOARD
from cart.ui.wimp.stage import Pop, Transition
from cart.ui.wimp.widgets import Button, TextField, Toggle, Window

from .draft import Draft
from .saved_games import free_name

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services


_LABELLED = {
    "position": re.compile(r"Position ID:?\s*([A-Za-z0-9+/]{14})(?![A-Za-z0-9+/])"),
    "match": re.compile(r"Match ID:?\s*([A-Za-z0-9+/]{12})(?![A-Za-z0-9+/])"),
}
_BARE = re.compile(r"(?<![A-Za-z0-9+/])([A-Za-z0-9+/]{14}|[A-Za-z0-9+/]{12})(?![A-Za-z0-9+/])")
HELP = (
    "Paste (Ctrl+V) or type the IDs GNU Backgammon shows.",
    "No Match ID: money play, the cube in the middle.",
    "A game set up is saved, but never rated.",
)
ROW = 30
LABEL_W = 132
ID_CHARS = string.ascii_letters + string.digits + "+/"
"""GNU Backgammon's IDs are base64: the ID fields take these alone (the on-screen keyboard greys the rest)."""


def ids_in(text: str) -> tuple[str | None, str | None]:
    """The Position ID and Match ID in pasted text: GNU Backgammon's labelled line, or bare IDs."""
    found: dict[str, str | None] = {}
    for kind, pattern in _LABELLED.items():
        hit = pattern.search(text)
        found[kind] = hit.group(1) if hit else None
    if found["position"] is None and found["match"] is None:
        for token in _BARE.findall(text):
            kind = "position" if len(token) == 14 else "match"
            found[kind] = found[kind] or token
    return found["position"], found["match"]


class SetUpScene(FieldForm):
    """The set-up window: IDs, players, side, level, who is on roll; Start plays it, Cancel closes it.

    The Create form's focus model: Escape first lets a field go, then closes.
    """

    window: Window
    help_page = "ids"
    menu_title = "Set up position"

    def __init__(self, services: Services, setup: Draft | None = None) -> None:
        """``setup``: the players, side and level offered (default: the last game's)."""
        super().__init__(services)
        settings = services.prefs.settings
        setup = setup or Draft.of(settings.last_options, other_colour_of(settings))
        self.setup = replace(setup, side="other" if setup.side == "other" else "red")
        self.on_roll: Literal["red", "other"] = "red"
        self.window = Window(Rect(60, 16, 520, 480), "Set up a position", focused=True, icons=("close",))
        work = self.window.work_area
        self.left = work.x + 16
        x0 = self.left + LABEL_W
        y = work.y + 12
        self.name: TextField | None = None
        if services.store is not None:
            self.name = TextField(
                Rect(x0, y, 340, 24), free_name(services.store, "Set-up"), MAX_GAME_NAME, free=True
            )
            y += ROW
        self.position = TextField(Rect(x0, y, 15 * CHAR_W + 8, 24), "", 14, focused=True, allowed=ID_CHARS)
        y += ROW
        self.match_field = TextField(Rect(x0, y, 13 * CHAR_W + 8, 24), "", 12, allowed=ID_CHARS)
        self.rows_top = y + ROW + 4
        self.error = ""
        self.toggles: list[tuple[str, Toggle]] = []  # (what it sets, the radio icon)
        self._build()
        by = work.bottom - 40
        self.cancel_button = Button(Rect(work.right - 236, by, 100, 28), "Cancel", action=self.cancel)
        self.start_button = Button(
            Rect(work.right - 120, by, 100, 28), "Start", default=True, action=self.start
        )

    # -- the form -------------------------------------------------------------------------------
    def fields(self) -> list[TextField]:
        return ([self.name] if self.name is not None else []) + [self.position, self.match_field]

    def give_caret(self, field: TextField | None) -> None:
        """Give the caret to ``field`` (None: no field, keys are commands again).

        Given by Tab, a click or a refused ID, the keys' mark lets go too: arrows go on from the caret.
        """
        for f in self.fields():
            f.focused = f is field
        if field is not None and self.focus != field.rect.center:
            self.focus = None

    def _build(self) -> None:
        """The radio rows for the set-up now: with two players no side is yours and no computer plays."""
        s = self.setup
        other = s.other_colour.title()
        x0 = self.left + LABEL_W
        y = self.rows_top
        self.toggles = []
        self.row_labels: list[tuple[str, int, bool]] = []

        def row(label: str, items: list[tuple[str, str, bool]], enabled: bool, w: int = 92) -> None:
            nonlocal y
            self.row_labels.append((label, y, enabled))
            for i, (key, text, on) in enumerate(items):
                radio = Toggle(
                    Rect(x0 + i * w, y, w - 4, 20), text, on, enabled=enabled, action=partial(self.pick, key)
                )
                self.toggles.append((key, radio))
            y += ROW

        two = s.players == 2
        row("Players", [("players:1", "1", not two), ("players:2", "2", two)], True)
        row(
            "Your side",
            [("side:red", "Red", s.side == "red"), ("side:other", other, s.side == "other")],
            not two,
        )
        row("Computer", [(f"level:{lv}", lv.title(), s.level == lv) for lv in LEVELS[:2]], not two, w=140)
        for i, lv in enumerate(LEVELS[2:]):
            key = f"level:{lv}"
            radio = Toggle(Rect(x0 + i * 140, y, 136, 20), lv.title(), s.level == lv, enabled=not two)
            radio.action = partial(self.pick, key)
            self.toggles.append((key, radio))
        y += ROW
        no_match_id = not self.match_field.text.strip()
        row(
            "On roll",
            [("roll:red", "Red", self.on_roll == "red"), ("roll:other", other, self.on_roll == "other")],
            no_match_id,
        )
        self.help_y = y + 4

    def pick(self, key: str) -> None:
        what, value = key.split(":")
        if what == "players":
            self.setup = replace(self.setup, players=int(value))
        elif what == "side":
            self.setup = replace(self.setup, side=value)  # type: ignore[arg-type]
        elif what == "level":
            self.setup = replace(self.setup, level=value)
        elif what == "roll":
            self.on_roll = value  # type: ignore[assignment]
        self._build()

    def paste(self) -> None:
        """Ctrl+V: IDs found in the clipboard fill their fields; other text goes where the caret is."""
        text = self.services.clipboard()
        if text is None:
            self.error = NO_CLIPBOARD
            return
        position, match = ids_in(text)
        if position is None and match is None:
            if self.focused is not None:
                self.focused.insert(" ".join(text.split()))
            return
        if position is not None:
            self.position.text = position
        if match is not None:
            self.match_field.text = match
        self.error = ""
        self._build()

    # -- starting -------------------------------------------------------------------------------
    def start(self) -> Transition | None:
        """Start: the IDs checked by the engine, then the game created as the form's are (or said why not)."""
        position = self.position.text.strip()
        match_id = self.match_field.text.strip() or None
        if not position:
            self.error = "Type or paste a Position ID: 14 letters, digits, + or /"
            self.give_caret(self.position)
            return None
        on_roll = 1 if self.on_roll == "red" else 0
        try:
            probe = Match.from_ids(position, match_id, on_roll=on_roll)
        except ValueError as exc:
            self.error = str(exc)
            self.give_caret(
                self.match_field if match_id is not None and "Match ID" in str(exc) else self.position
            )
            return None
        setup = replace(
            self.setup, variant="standard", match_length=probe.rules.match_length, auto_doubles=False
        )
        options = setup.options(hints=self.services.prefs.settings.hint_arrows)
        store = self.services.store if self.name is not None else None
        name = self.name.text if self.name is not None else ""
        try:
            going = start_game(
                options,
                self.services.rng,
                store=store,
                name=name,
                start=probe.start,
                start_score=probe.start_score,
            )
        except StoreError as exc:
            self.error = str(exc)
            self.give_caret(self.name)
            return None
        return Pop(self, then=going)

    def cancel(self) -> Transition | None:
        """Escape, pad BACK or B: the window closes at once, whatever has the caret (nothing was made)."""
        return Pop(self)

    # -- input ----------------------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        return [self.cancel_button, self.start_button]

    def icons(self) -> list[Toggle]:
        return [t for _, t in self.toggles]

    def edited(self) -> None:
        self.error = ""
        self._build()

    def menu_entries(self) -> list[Entry]:
        """MENU over the window: its buttons, and Help (the manual's page on the IDs and setting up)."""
        return form_menu(self.services.used.device, ("Start", self.start), self.cancel)

    def command(self, name: str) -> Transition | None:
        """Ctrl+V pastes IDs; the rest is the form's."""
        if name == "paste":
            self.paste()
            return None
        return super().command(name)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, g: pyxel.Image) -> None:
        a = self.services.assets
        self.window.draw(a, g)
        labels = [(self.position, "Position ID"), (self.match_field, "Match ID")]
        if self.name is not None:
            labels.insert(0, (self.name, "Name"))
        for f, label in labels:
            a.text(g, self.left, f.rect.y + 4, label, wimp.TEXT)
            f.draw(a, g)
        a.text(
            g, self.match_field.rect.right + 12, self.match_field.rect.y + 4, "(optional)", wimp.TEXT_DISABLED
        )
        for label, y, enabled in self.row_labels:
            a.text(g, self.left, y + 2, label, wimp.TEXT if enabled else wimp.TEXT_DISABLED)
        for _, t in self.toggles:
            t.draw(a, g)
        y = self.help_y
        for line in HELP:
            a.text(g, self.left, y, line, wimp.TEXT)
            y += CHAR_H + 2
        y += 8
        for line in wrap(shown(self.error), 60)[:3] if self.error else []:
            a.text(g, self.left, y, line, wimp.ERROR_TEXT)
            y += CHAR_H
        for b in self.pressable():
            b.draw(a, g)
        self.draw_focus(g)
