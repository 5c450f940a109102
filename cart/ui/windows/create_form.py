"""The Create form: a new game's name, players and rules, apart from the title it opens over.

PLAY creates the saved game and starts it, so a name the store refuses is said
on the form. Without a store the game has no name and is not saved. Reached from
the title, the saved games and the game-over box, so it stands alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any

import pyxel

import cart.ui.kit.palette as wimp
from cart.ai import LEVELS
from cart.store import StoreError
from cart.store.saves.names import MAX_GAME_NAME, MAX_PLAYER_NAME, clean_player_name
from cart.ui.board.view_state import other_colour_of
from cart.ui.kit.assets import CHAR_H, CHAR_W
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Pointer
from cart.ui.kit.text import shown, wrap
from cart.ui.routes import Resume, ToStart, ToTitle, start_game
from cart.ui.wimp.dialogs import Resting, draw_tip
from cart.ui.wimp.field_form import FieldForm
from cart.ui.wimp.keyboard import form_menu
from cart.ui.wimp.menus import Entry
from cart.ui.wimp.stage import Transition, chain, settings_not_saved
from cart.ui.wimp.widgets import FIELD_PAD, Button, TextField, Toggle, Window

from .draft import Draft
from .form_tips import FORM_TIPS, tip_under
from .saved_games import free_name

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services


MATCH_LENGTHS = (0, *range(1, 26))
"""Money (0), then every match length to 25: odd lengths are the custom, even ones are played too."""
NAME_FIELD_W = (MAX_PLAYER_NAME + 1) * CHAR_W + 2 * FIELD_PAD  # a longest name and the caret
ROW = 32  # one line of the form


@dataclass
class _Row:
    """One row of the form: a label and its radio icons (or one option icon), each with its action."""

    label: str
    toggles: list[Toggle]


class NewGameScene(FieldForm):
    """Create a game: its name, players and their names, side, level, rules, match length, doubles, hints.

    The names come prefilled from the last game and are checked by the store's rule on PLAY.
    """

    window: Window
    help_page = "create"
    menu_title = "Create game"

    def __init__(self, services: Services, setup: Draft | None = None) -> None:
        """``setup``: the draft to offer (default: the last game's options, in the player's colours)."""
        super().__init__(services)
        settings = services.prefs.settings
        self.setup = setup or Draft.of(settings.last_options, other_colour_of(settings))
        self.window = Window(Rect(60, 8, 520, 496), "Create game", focused=True, icons=("close",))  # one size
        work = self.window.work_area
        self.left = work.x + 16
        self.rows: list[_Row] = []
        self.top = work.y + 12
        self.name: TextField | None = None
        self.error = ""
        self.resting = Resting()  # the line the pointer (or the keys' frame) rests on, for its tip
        self.pointer = (0, 0)
        if services.store is not None:
            self.name = TextField(
                Rect(self.left + 140, self.top, 340, 24),
                free_name(services.store, "Game"),
                MAX_GAME_NAME,
                focused=True,
                free=True,
            )
            self.top += ROW
        s = self.setup

        def field(text: str) -> TextField:
            return TextField(Rect(0, 0, NAME_FIELD_W, 24), text, MAX_PLAYER_NAME, free=True)

        self.you = field(s.you)
        pair = s.names or (s.default_name(0), s.default_name(1))
        self.seat_fields = (field(pair[0]), field(pair[1]))
        if self.name is None:
            self.player_fields()[0].focused = True
        self._build()
        y = work.bottom - 40
        self.cancel_button = Button(Rect(work.right - 236, y, 100, 28), "Cancel", action=self.way_out)
        self.play = Button(Rect(work.right - 120, y, 100, 28), "Play", default=True, action=self.start)

    # -- the text fields ------------------------------------------------------------------------
    def player_fields(self) -> list[TextField]:
        """The humans' name fields shown now: one against the computer, Red's then the other's for two."""
        if self.setup.players == 2:
            return [self.seat_fields[1], self.seat_fields[0]]
        return [self.you]

    def label(self, field: TextField) -> str:
        """What a name field is for: the one human's name, or a colour's player."""
        if field is self.you:
            return "Your name"
        return "Red name" if field is self.seat_fields[1] else f"{self.setup.other_colour.title()} name"

    def fields(self) -> list[TextField]:
        """Every text field shown, in Tab order."""
        return ([self.name] if self.name is not None else []) + self.player_fields()

    def give_caret(self, field: TextField | None) -> None:
        """Give the caret to ``field`` (None: to no field, so keys are commands again)."""
        for f in (self.name, self.you, *self.seat_fields):
            if f is not None:
                f.focused = f is field

    def named(self) -> Draft:
        """The draft with the typed names, cleaned by the store's rule (a refused field gets the caret).

        Two humans need two names, or they would share one rating and rate nobody.
        """
        cleaned: list[str] = []
        for f in self.player_fields():
            try:
                cleaned.append(clean_player_name(f.text))
            except ValueError:
                self.give_caret(f)
                raise
        if len(cleaned) == 1:
            return replace(self.setup, you=cleaned[0])
        red, other = cleaned
        if red == other:
            self.give_caret(self.seat_fields[0])
            raise ValueError("the two players need different names: each has a rating of their own")
        return replace(self.setup, names=(other, red))

    # -- the rows -------------------------------------------------------------------------------
    def _build(self) -> None:
        s = self.setup
        other = s.other_colour.title()
        self.rows = []
        y = self.top
        x0 = self.left + 140

        def radios(
            label: str, names: list[str], chosen: int, pick: Callable[[int], Transition | None], w: int = 92
        ) -> None:
            nonlocal y
            toggles = [
                Toggle(Rect(x0 + i * w, y, w - 4, 20), n, on=i == chosen, action=partial(pick, i))
                for i, n in enumerate(names)
            ]
            self.rows.append(_Row(label, toggles))
            y += 32

        def option(label: str, on: bool, pick: Callable[[], Transition | None]) -> None:
            nonlocal y
            self.rows.append(_Row("", [Toggle(Rect(x0, y, 300, 20), label, on, "option", action=pick)]))
            y += 32

        def set_(**kw: Any) -> Callable[[int], Transition | None]:
            ((name, values),) = kw.items()
            return lambda i: self._change(**{name: values[i]})

        radios("Players", ["1", "2"], s.players - 1, set_(players=[1, 2]))
        for f in self.player_fields():
            f.rect = Rect(x0, y - 2, NAME_FIELD_W, 24)
            y += ROW
        if self.focused is None and any(f.focused for f in (self.you, *self.seat_fields)):
            self.give_caret(self.player_fields()[0])  # its field went: the caret stays in the form
        sides = ["red", "other", "either"]
        radios("Your side", ["Red", other, "Either"], sides.index(s.side), set_(side=sides))
        level = set_(level=LEVELS)
        radios("Computer", [lv.title() for lv in LEVELS[:2]], LEVELS.index(s.level), level, w=140)
        last = self.rows[-1]
        more = [
            Toggle(
                Rect(x0 + i * 140, y, 136, 20),
                lv.title(),
                LEVELS.index(s.level) == i + 2,
                action=partial(level, i + 2),
            )
            for i, lv in enumerate(LEVELS[2:])
        ]
        last.toggles.extend(more)
        y += 32
        for row in self.rows[-2:]:  # with two players no side is yours and no computer plays: greyed
            for t in row.toggles:
                t.enabled = s.players != 2
        radios(
            "Rules",
            ["Standard", "MaxGammon"],
            0 if s.variant == "standard" else 1,
            set_(variant=["standard", "maxgammon"]),
            w=140,
        )
        colours = ["white", "black"]
        radios("Other side", ["White", "Black"], colours.index(s.other_colour), set_(other_colour=colours))
        self.rows[-1].toggles[1].enabled = s.variant != "maxgammon"  # MaxGammon: White opens, seat 0 is White
        self.match_y = y  # the rows above it change with the players: the - and + buttons follow
        self.minus = Button(Rect(x0, y, 28, 24), "-", action=lambda: self._length(-1))
        self.plus = Button(Rect(x0 + 110, y, 28, 24), "+", action=lambda: self._length(1))
        y += 40
        option(
            "Automatic doubles (money play)",
            s.auto_doubles,
            lambda: self._change(auto_doubles=not s.auto_doubles),
        )
        self.rows[-1].toggles[0].enabled = s.auto_doubles_apply  # greyed for matches and MaxGammon
        option("Hint arrows", self.services.prefs.settings.hint_arrows, self._hints)

    def _change(self, **kw: Any) -> None:
        old = self.setup
        self.setup = replace(old, **kw)
        for seat, f in enumerate(self.seat_fields):  # a colour's default name follows the colour
            if f.text == old.default_name(seat):
                f.text = self.setup.default_name(seat)
        self._build()

    def _hints(self) -> Transition | None:
        going = settings_not_saved(self.services.prefs.flip("hint_arrows"))
        self._build()
        return going

    def start(self) -> Transition | None:
        """PLAY: create the game (saved, or not without a store), or say why a name is refused.

        Created here, not where it is played, so a refused name or failed write is said on the form.
        """
        try:
            setup = self.named()
        except ValueError as exc:
            self.error = str(exc)
            return None
        prefs = self.services.prefs
        options = setup.options(hints=prefs.settings.hint_arrows)
        store = self.services.store if self.name is not None else None
        name = self.name.text if self.name is not None else ""
        try:
            going = start_game(options, self.services.rng, either=setup.either, store=store, name=name)
        except StoreError as exc:
            self.error = str(exc)
            self.give_caret(self.name)
            return None
        chosen = going.saved.options if isinstance(going, Resume) else going.options  # the side drawn
        offered = prefs.change(checker_colours=setup.colours, last_options=chosen)  # offered next time
        return chain(settings_not_saved(offered), going)

    def error_rows(self) -> list[str]:
        """Why PLAY was refused, whole on two rows (a long name quoted); longer still, ending in "..."."""
        return wrap(shown(self.error), self.window.work_area.w // CHAR_W - 4, rows=2) if self.error else []

    def way_out(self) -> Transition:
        """Where Cancel goes: the saved games if there are any, else the title."""
        store = self.services.store
        return ToStart() if store is not None and store.games.list() else ToTitle()

    def cancel(self) -> Transition | None:
        """Escape, pad BACK or B: the form closes at once, whatever has the caret (nothing was made).

        As a RISC OS dialog: text left in its fields is the player's choice, not a loss to guard.
        """
        return self.way_out()

    def _length(self, step: int) -> None:
        i = MATCH_LENGTHS.index(self.setup.match_length) if self.setup.match_length in MATCH_LENGTHS else 0
        self._change(match_length=MATCH_LENGTHS[max(0, min(len(MATCH_LENGTHS) - 1, i + step))])

    def buttons(self) -> list[Button]:
        return [self.minus, self.plus, self.cancel_button, self.play]

    def icons(self) -> list[Toggle]:
        return [t for row in self.rows for t in row.toggles]

    def edited(self) -> None:
        self.error = ""

    def tipped(self) -> list[tuple[str, Rect]]:
        """Each line a tip is about, by its :data:`FORM_TIPS` key, and where it lies (label and icons)."""
        lines = [("Name", self.name.rect)] if self.name is not None else []
        lines += [("Your name" if f is self.you else "Player name", f.rect) for f in self.player_fields()]
        for row in self.rows:
            top, bottom = min(t.rect.y for t in row.toggles), max(t.rect.bottom for t in row.toggles)
            lines.append((row.label or row.toggles[0].label, Rect(0, top - 2, 0, bottom - top + 4)))
        lines.append(("Match", self.minus.rect))
        width = self.window.work_area.right - 16 - self.left
        whole = [(key, Rect(self.left, r.y, width, r.h)) for key, r in lines]  # the label and the icons
        buttons = [("Play", self.play.rect), ("Cancel", self.cancel_button.rect)]
        return [("-", self.minus.rect), ("+", self.plus.rect), *whole, *buttons]

    def tip_at(self, x: int, y: int) -> str | None:
        return next((key for key, r in self.tipped() if r.contains(x, y)), None)

    def menu_entries(self) -> list[Entry]:
        """MENU over the form: its buttons, and Help (the Create form's page of the manual)."""
        return form_menu(self.services.used.device, ("Play", self.start), self.way_out)

    def pointed(self, pointer: Pointer) -> None:
        self.pointer = (pointer.x, pointer.y)
        self.resting.see(self.tip_at(pointer.x, pointer.y))

    def draw(self, g: pyxel.Image) -> None:
        a = self.services.assets
        g.cls(wimp.DESKTOP)
        self.window.draw(a, g)
        for row in self.rows:
            colour = wimp.TEXT if any(t.enabled for t in row.toggles) else wimp.TEXT_DISABLED
            a.text(g, self.left, row.toggles[0].rect.y + 2, row.label, colour)
            for t in row.toggles:
                t.draw(a, g)
        a.text(g, self.left, self.match_y + 4, "Match", wimp.TEXT)
        n = self.setup.match_length
        a.text_centered(
            g,
            self.left + 209,
            self.match_y + 4,
            "Money" if n == 0 else f"{n} pt{'s' if n != 1 else ''}",
            wimp.TEXT,
        )
        for b in self.pressable():
            b.draw(a, g)
        if self.setup.players == 2:
            a.text(g, self.left, self.cancel_button.rect.y + 6, "Two at one machine", wimp.TEXT_DISABLED)
        if self.name is not None:
            a.text(g, self.left, self.name.rect.y + 4, "Name", wimp.TEXT)
            self.name.draw(a, g)
        for f in self.player_fields():
            a.text(g, self.left, f.rect.y + 4, self.label(f), wimp.TEXT)
            f.draw(a, g)
        refused = self.error_rows()
        for k, said in enumerate(refused):  # the last ends just above the buttons
            a.text(g, self.left, self.play.rect.y - 4 - (len(refused) - k) * CHAR_H, said, wimp.ERROR_TEXT)
        self.draw_focus(g)
        key = self.resting.ready
        if key is not None and self.services.prefs.settings.tooltips and not self.covered:
            text = FORM_TIPS[key]
            draw_tip(g, a, text, tip_under(text, dict(self.tipped())[key], self.pointer[0]))
