"""The Create form: a new game's name, players and rules, apart from the title it opens over.

PLAY creates the saved game and starts it, so a name the store refuses is said
on the form. Without a store the game has no name and is not saved. Reached from
the title, the saved games and the game-over box, so it stands alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pyxel

import cart.ui.kit.palette as wimp
from cart.ai import LEVELS
from cart.store import StoreError
from cart.store.saves.names import MAX_GAME_NAME, MAX_PLAYER_NAME, clean_player_name
from cart.ui.board.view_state import other_colour_of
from cart.ui.kit.assets import CHAR_H, CHAR_W
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Command, Intent, OpenMenu, Pointer, Select, Typed
from cart.ui.kit.text import shown, wrap
from cart.ui.routes import Resume, ToStart, ToTitle, start_game
from cart.ui.wimp.dialogs import FieldForm, Resting, draw_focused, draw_tip, hover
from cart.ui.wimp.keyboard import form_menu
from cart.ui.wimp.menus import Entry, MenuScene
from cart.ui.wimp.stage import Push, Transition, chain, settings_not_saved
from cart.ui.wimp.widgets import FIELD_PAD, Button, TextField, Toggle, Window, draw_focus_frame

from .draft import Draft
from .form_tips import FORM_TIPS, tip_under
from .saved_games import free_name

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services
    from cart.ui.wimp.widgets import Furniture


MATCH_LENGTHS = (0, *range(1, 26))
"""Money (0), then every match length to 25: odd lengths are the custom, even ones are played too."""
NAME_FIELD_W = (MAX_PLAYER_NAME + 1) * CHAR_W + 2 * FIELD_PAD  # a longest name and the caret
ROW = 32  # one line of the form


@dataclass
class _Row:
    """One row of the form: a label and its radio icons (or one option icon)."""

    label: str
    toggles: list[Toggle]
    pick: Callable[[int], Transition | None]


class NewGameScene(FieldForm):
    """Create a game: its name, players and their names, side, level, rules, match length, doubles, hints.

    The names come prefilled from the last game and are checked by the store's rule on PLAY.
    """

    window: Window
    free_stops = False  # rows of icons: Up and Down go a row, Left and Right along it
    shows_focus = True
    help_page = "create"

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
        self.cancel_button = Button(Rect(work.right - 236, y, 100, 28), "Cancel")
        self.play = Button(Rect(work.right - 120, y, 100, 28), "Play", default=True)

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

    def next_field(self) -> None:
        """Tab: the caret to the next field (the first when none has it)."""
        fields = self.fields()
        now = self.focused
        self.give_caret(fields[(fields.index(now) + 1) % len(fields)] if now is not None else fields[0])

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
            toggles = [Toggle(Rect(x0 + i * w, y, w - 4, 20), n, on=i == chosen) for i, n in enumerate(names)]
            self.rows.append(_Row(label, toggles, pick))
            y += 32

        def option(label: str, on: bool, pick: Callable[[int], Transition | None]) -> None:
            nonlocal y
            self.rows.append(_Row("", [Toggle(Rect(x0, y, 300, 20), label, on=on, kind="option")], pick))
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
        radios(
            "Computer", [lv.title() for lv in LEVELS[:2]], LEVELS.index(s.level), set_(level=LEVELS), w=140
        )
        last = self.rows[-1]
        more = [
            Toggle(Rect(x0 + i * 140, y, 136, 20), lv.title(), on=LEVELS.index(s.level) == i + 2)
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
        self.minus = Button(Rect(x0, y, 28, 24), "-")
        self.plus = Button(Rect(x0 + 110, y, 28, 24), "+")
        y += 40
        option(
            "Automatic doubles (money play)",
            s.auto_doubles,
            lambda i: self._change(auto_doubles=not s.auto_doubles),
        )
        self.rows[-1].toggles[0].enabled = s.auto_doubles_apply  # greyed for matches and MaxGammon
        option("Hint arrows", self.services.prefs.settings.hint_arrows, lambda i: self._hints())

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

    def pressable(self) -> list[Button]:
        return [self.minus, self.plus, self.cancel_button, self.play]

    def toggle_stops(self) -> dict[tuple[int, int], Toggle]:
        """Each radio or option icon that applies, by its stop: the middle of its sprite."""
        return {(t.rect.x + 8, t.rect.y + 10): t for row in self.rows for t in row.toggles if t.enabled}

    def targets(self) -> list[Rect]:
        """Fields, radio and option icons, buttons (a tap aims at them as the keys stop on them)."""
        toggles = [t.rect for row in self.rows for t in row.toggles if t.enabled]
        return [f.rect for f in self.fields()] + toggles + [b.rect for b in self.pressable()]

    def stops(self) -> list[tuple[int, int]]:
        """Fields, radio and option icons, buttons: every icon that applies, in reading order."""
        points = list(self.toggle_stops())
        return [f.rect.center for f in self.fields()] + points + [b.rect.center for b in self.pressable()]

    def furniture(self, part: Furniture) -> Transition | None:
        """The close icon closes the form as Cancel does (it has one size and nothing behind it)."""
        return self.way_out() if part == "close" else None

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

    def update(self, intents: list[Intent]) -> Transition | None:
        for intent in intents:
            if isinstance(intent, Pointer):
                hover(self.pressable(), intent)
                self.pointer = (intent.x, intent.y)
                self.resting.see(self.tip_at(intent.x, intent.y))
            elif isinstance(intent, Select):
                going = self.click(intent.x, intent.y)
                if going is not None:
                    return going
            elif isinstance(intent, OpenMenu):
                return Push(MenuScene(self.services, "Create game", self.menu_entries(), intent.x, intent.y))
            elif isinstance(intent, Typed) and self.focused is not None:
                self.focused.insert(intent.text)
                self.error = ""
            elif isinstance(intent, Command):
                if intent.name == "confirm":
                    return self.start()
                elif intent.name == "cancel" or (intent.name == "back" and not self.typing):
                    return self.cancel()  # Escape, pad BACK; pad B (or Backspace) with no caret, as in a box
                elif intent.name == "next_field":
                    self.next_field()
                    self.focus = None  # the arrows go on from the field with the caret
                elif intent.name == "erase" and self.focused is not None:
                    self.focused.backspace()
                    self.error = ""
                elif self.focused is not None and self.focused.edit(intent.name):  # Ctrl+A, Ctrl+U
                    self.error = ""
                else:
                    continue
                return None
        return None

    def click(self, x: int, y: int) -> Transition | None:
        for f in self.fields():
            if f.contains(x, y):
                self.give_caret(f)
                self.focus = None
                return None
        for row in self.rows:
            for i, t in enumerate(row.toggles):
                if t.contains(x, y):
                    return row.pick(i)
        if self.minus.contains(x, y):
            self._length(-1)
        elif self.plus.contains(x, y):
            self._length(1)
        elif self.cancel_button.contains(x, y):
            return self.way_out()
        elif self.play.contains(x, y):
            return self.start()
        return None

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
        toggle = self.toggle_stops().get(self.shown_focus) if self.shown_focus is not None else None
        if toggle is not None:  # its sprite and its label, as the Wimp frames an icon
            r = toggle.rect
            width = min(r.w, 16 + FIELD_PAD + a.text_width(toggle.label))
            draw_focus_frame(g, Rect(r.x, r.y, width, r.h), 1)
        draw_focused(g, self.shown_focus, self.pressable())
        key = self.resting.ready
        if key is not None and self.services.prefs.settings.tooltips and not self.covered:
            text = FORM_TIPS[key]
            draw_tip(g, a, text, tip_under(text, dict(self.tipped())[key], self.pointer[0]))
