"""The title with its attract mode: a real Play scene with the computer in both seats, never saved.

A key or a click leads to the saved games (or straight to Create when there are
none); MENU offers Play, the set-up and ratings windows, the music, the scale and Quit.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING

import pyxel

import cart.ui.kit.palette as wimp
from cart.ai import think_ready
from cart.import_order import think_later
from cart.store import GameOptions
from cart.ui.controls import DESK_KEYS
from cart.ui.kit.assets import CHAR_H
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Intent, Pointer
from cart.ui.kit.thinking import Thinker
from cart.ui.routes import PlayNew, ToStart, start_game
from cart.ui.table.play import PlayScene
from cart.ui.table.table import Table
from cart.ui.wimp.keyboard import help_entry
from cart.ui.wimp.menus import Entry
from cart.ui.wimp.stage import Quit, Transition, settings_not_saved
from cart.ui.wimp.widgets import Window
from cart.ui.wimp.window_scene import WindowScene

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services
    from cart.ui.wimp.widgets import Furniture


BANNER = Rect(40, 176, 380, 112)  # over the board, clear of the side panel


def watched(level: str) -> GameOptions:
    """The computer against itself at ``level``, both seats named by it (the attract game's options)."""
    return GameOptions(names=(level.title(), level.title()), computer=0, level=level, both=True)


def attract_table(options: GameOptions, rng: random.Random) -> Table:
    """A new match the computer plays against itself with ``options``, never saved, White against Red."""
    going = start_game(options, rng)
    assert isinstance(going, PlayNew)
    return Table.of(options, "white", going.match)


class TitleScene(WindowScene):
    """Gammon Cart's title over a game the computer plays against itself; any key or click leaves it."""

    any_key = True
    keymap = DESK_KEYS  # F2 (pad RB) opens the Drills window (the App's); any other key leaves
    shows_focus = False  # nothing to step through: a key leaves
    menu_title = "Gammon Cart"  # MENU, as on the RISC OS icon bar: Play, the windows, Quit

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        options = replace(watched("beginner"), hints=services.prefs.settings.hint_arrows)
        table = attract_table(options, services.rng)
        self.attract = PlayScene(services, table, attract=True)
        self.frames = 0
        self.loader: Thinker | None = Thinker(self._load_later(), lambda _: None, None)

    @staticmethod
    def _load_later() -> Generator[None, None, None]:
        """What leaving the title opens (the Create form, the saved games and the Review, the menu's
        windows, the manual, the table's menu), with all it imports, a module a slice, in frames the
        attract game does not think in: the screens that the UI's code imports when first wanted
        (:func:`cart.import_order.think_later`), so a first click finds them loaded."""
        yield from think_ready()  # the Review's modules import the AI's
        yield from think_later("cart.ui")

    @property
    def window(self) -> Window:  # type: ignore[override]
        return self.attract.window

    def furniture(self, part: Furniture) -> Transition | None:
        """The close icon over the attract game quits: no game of the player's is open to lose."""
        return Quit() if part == "close" else None

    def enter(self) -> None:
        self.services.sounds.title_music(True)  # the title's own music: on while it shows, off when it goes

    def leave(self) -> None:
        self.services.sounds.title_music(False)

    def menu_entries(self) -> list[Entry]:
        """Play, set-up, ratings, the title music, the scale (not in a browser), Help, Quit.

        The windows it opens are loaded here, when the menu first opens, not before the title shows.
        """
        from cart.ui.windows.desk import desk_entries, scale_entry

        services = self.services

        web = services.page is not None  # no Scale entry there: the line goes under the music

        def music() -> Transition | None:
            going = settings_not_saved(services.prefs.flip("music"))
            services.sounds.title_music(True)  # on or off at once: this is the tune the tick is for
            return going

        return [
            Entry("Play", ToStart),
            *desk_entries(services),
            Entry("Title music", music, ticked=services.prefs.settings.music, separator=web),
            *scale_entry(services, separator=True),
            help_entry(services.used.device),
            Entry("Quit", Quit),
        ]

    def cancel(self) -> Transition | None:
        """Any key, Escape and Return among them, and any click lead on to the saved games."""
        return ToStart()

    def confirm(self) -> Transition | None:
        return ToStart()

    def command(self, name: str) -> Transition | None:
        return ToStart()

    def clicked(self, x: int, y: int) -> Transition | None:
        return ToStart()

    def update(self, intents: list[Intent]) -> Transition | None:
        """The kit's manners first; then a frame of the attract game and of the loading."""
        leaving = super().update(intents)
        if leaving is not None:
            return leaving
        self.frames += 1
        clock = self.services.clock
        thought = clock.thought
        going = self.attract.update([i for i in intents if isinstance(i, Pointer)])
        # the loader runs in frames the attract game did not think in (the frame's time was its)
        idle = clock.frames and self.attract.thinker is None and clock.thought == thought
        if self.loader is not None and idle and self.loader.step(clock):
            self.loader = None
        return going

    def draw(self, g: pyxel.Image) -> None:
        self.attract.draw(g)
        a = self.services.assets
        b = BANNER
        g.rect(b.x, b.y, b.w, b.h, wimp.BANNER_BG)
        g.rectb(b.x, b.y, b.w, b.h, wimp.FRAME)
        g.rectb(b.x + 3, b.y + 3, b.w - 6, b.h - 6, wimp.BANNER_ACCENT)
        cx = b.x + b.w // 2
        a.text_centered(g, cx, b.y + 20, "G A M M O N   C A R T", wimp.BANNER_ACCENT)
        a.text_centered(g, cx, b.y + 20 + CHAR_H + 4, "Backgammon after MaxGammon 2.0", wimp.BANNER_TEXT)
        if (self.frames // 20) % 2 == 0:
            a.text_centered(g, cx, b.y + b.h - CHAR_H - 16, "Click or press a key", wimp.BANNER_TEXT)
