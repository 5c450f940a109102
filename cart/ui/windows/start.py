"""The saved games in a list; select a line and PLAY resumes it exactly.

Resuming replays the record through the store and the engine, so board, cube,
score and the dice to come are those of the moment it was left. A game that
cannot be loaded is set aside and the reason shown; deleting asks first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pyxel

from cart.store import GameSummary, SavedGame, StoreError
from cart.ui.controls import DESK_KEYS
from cart.ui.kit import (
    CHAR_H,
    CHAR_W,
    SCREEN,
    Dropped,
    Intent,
    Pointer,
    Rect,
    cut,
    palette as wimp,
    shown,
    wrap,
)
from cart.ui.review.review_open import import_box, review_file, review_saved
from cart.ui.routes import Notices, Resume, ToNewGame, ToTitle
from cart.ui.wimp import (
    Button,
    Choice,
    Dialog,
    Entry,
    Push,
    Quit,
    ScrollBar,
    ScrollingList,
    Tell,
    Transition,
    Window,
    WindowScene,
    chain,
    draw_focused,
    help_entry,
    key_for,
)
from cart.ui.wimp.dialogs import Resting, draw_tip

from .desk import desk_entries
from .saved_games import COLUMNS, WIDTHS, full_line, players_line, summary_line

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services
    from cart.ui.wimp.widgets import Furniture


ROW_H = 18
LINE_CHARS = 72  # a row's characters across the list box
NEWER = "{} was written by a newer Gammon Cart: play it there"
BUTTON_W = 90
BUTTON_H = 28


class StartScene(ScrollingList, WindowScene):
    """The saved games, one per line; PLAY, Delete (after asking), New game, Back to the title.

    The highlight is always a shown line; the toggle-size icon shows the list on the whole screen.
    """

    takes_drops = True  # its update opens a .mat dropped on the list for review

    own_arrows = ("up", "down")
    help_page = "saved-games"
    menu_title = "Start"
    keymap = DESK_KEYS

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.games: list[GameSummary] = []
        self.selected = 0
        self.first = 0  # the first line shown (the list scrolls)
        self.message = ""
        self.message_ok = False  # the message reports a success (drawn as text, not as an error)
        self.full = False  # the toggle-size icon's other size: the whole screen, more lines shown
        self.dragging = None
        self.resting = Resting()  # the row the pointer rests on, for its tip
        self.lay_out()
        self.refresh()

    def lay_out(self) -> None:
        """Place everything in the window at its size now (the toggle-size icon switches between two)."""
        rect = Rect(0, 0, *SCREEN) if self.full else Rect(8, 24, 624, 464)
        self.window = Window(rect, "Start: saved games", focused=True, icons=("close", "toggle"))
        work = self.window.work_area
        self.head_y = work.y + 8
        self.list_top = self.head_y + CHAR_H + 6
        y = work.bottom - BUTTON_H - 12
        self.message_y = y - CHAR_H - 8
        self.row_h = 2 * ROW_H if self.full else ROW_H  # the whole screen: each game's full_line under it
        self.visible = (self.message_y - 4 - self.list_top) // self.row_h
        right = work.right - 12
        self.play = Button(Rect(right - BUTTON_W, y, BUTTON_W, BUTTON_H), "Play", True, action=self.resume)
        self.back = Button(Rect(right - 2 * BUTTON_W - 12, y, BUTTON_W, BUTTON_H), "Back", action=ToTitle)
        left = [Rect(work.x + 12 + i * (BUTTON_W + 12), y, BUTTON_W, BUTTON_H) for i in range(4)]
        self.new = Button(left[0], "New game", action=ToNewGame)
        self.delete = Button(left[1], "Delete", action=self.ask_delete)
        self.review = Button(left[2], "Review", action=self.open_review)
        self.import_mat = Button(left[3], "Import...", action=lambda: import_box(self.services))
        self.bar = ScrollBar(Rect(work.right - 30, self.list_top - 2, 24, self.visible * self.row_h + 4))

    # -- the list ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the list again (after a delete, or a game set aside); keep the selection in range."""
        assert self.services.store is not None
        self.games = self.services.store.games.list()
        self.selected = max(0, min(self.selected, len(self.games) - 1))
        self.show_selected()

    def row_rect(self, i: int) -> Rect:
        """The screen rectangle of list line ``i`` (shown or not)."""
        work = self.window.work_area
        return Rect(work.x + 4, self.list_top + (i - self.first) * self.row_h, work.w - 40, self.row_h)

    @property
    def chosen(self) -> GameSummary | None:
        return self.games[self.selected] if self.games else None

    def item_count(self) -> int:
        return len(self.games)

    def after_scroll(self) -> None:
        """Grey what can do nothing on an empty list."""
        self.delete.enabled = self.play.enabled = self.review.enabled = bool(self.games)

    def move_selection(self, step: int) -> None:
        """Up or Down: highlight the line ``step`` away (what was said about the last one goes)."""
        if self.games:
            self.message = ""
        super().move_selection(step)

    def buttons(self) -> list[Button]:
        """The keys' stops (Up and Down move the highlight in the list, not the cursor)."""
        return [self.new, self.delete, self.review, self.import_mat, self.back, self.play]

    def cancel(self) -> Transition | None:
        return ToTitle()

    def furniture(self, part: Furniture) -> Transition | None:
        """Close: back to the title, as Back; toggle-size: the list between its size and the whole screen."""
        if part == "toggle":
            self.full = not self.full
            self.focus = None  # the buttons moved: the keys start again from the pointer
            self.lay_out()
            self.show_selected()
        return super().furniture(part)

    # -- actions ----------------------------------------------------------------------------------
    def resume(self) -> Transition | None:
        """PLAY: continue the selected game where it was left, or say on this list why it cannot be."""
        return self.with_chosen("Cannot resume", "No saved game: choose New game", Resume)

    def open_review(self) -> Transition | None:
        """Review: the selected game told back (a finished one whole, else its moves so far)."""
        return self.with_chosen(
            "Cannot review", "No saved game to review", lambda saved: review_saved(self.services, saved)
        )

    def with_chosen(
        self, cannot: str, none: str, then: Callable[[SavedGame], Transition | None]
    ) -> Transition | None:
        """Load the highlighted game and hand it to ``then``; a game gone or damaged is said on this list.

        Loaded here, so every button says the same of a game deleted elsewhere.
        """
        chosen = self.chosen
        if chosen is None:
            self.say(none)
            return None
        if chosen.newer:
            self.say(self.about(chosen.name, NEWER))
            return None
        assert self.services.store is not None
        try:
            saved = self.services.store.games.load(chosen.name)
        except KeyError:
            self.say(self.about(chosen.name, "{} is gone (deleted elsewhere?)"))
            self.refresh()
            return None
        except (StoreError, ValueError) as exc:  # damaged: set aside by the store, which says where
            self.refresh()
            return chain(Notices(), Tell(cannot, (str(exc),)))
        return then(saved)

    def say(self, text: str, *, ok: bool = False) -> None:
        """Say ``text`` on the message row: in red when it refuses or reports a problem, in the text
        colour when it reports what was done (``ok``: "Deleted Friday" is no error)."""
        self.message, self.message_ok = text, ok

    def count_text(self) -> str:
        """ "1-10 of 30" on the message row when the list is longer than it shows, else nothing."""
        if len(self.games) <= self.visible:
            return ""
        return f"{self.first + 1}-{self.first + len(self.shown_rows())} of {len(self.games)}"

    def message_room(self) -> int:
        """The characters the message row has, clear of :meth:`count_text`."""
        count = self.count_text()
        return (self.window.work_area.w - 24) // CHAR_W - (len(count) + 2 if count else 0)

    def about(self, name: str, words: str) -> str:
        """``words`` about a game, its name shortened (with "...") so that what is said of it shows whole."""
        return words.format(cut(shown(name), max(3, self.message_room() - len(words) + 2)))

    def ask_delete(self) -> Transition | None:
        chosen = self.chosen
        if chosen is None:
            self.say("Nothing to delete")
            return None
        if chosen.newer:  # its file is the newer version's to keep or delete
            self.say(self.about(chosen.name, NEWER))
            return None

        def delete() -> Transition | None:
            assert self.services.store is not None
            going: Transition | None = None
            try:
                self.services.store.games.delete(chosen.name)
            except StoreError as exc:
                going = Tell("Not deleted", (str(exc),))
            else:
                self.say(self.about(chosen.name, "Deleted {}"), ok=True)
            self.refresh()
            return going

        return Push(
            Dialog(
                self.services,
                "Delete",
                [
                    *wrap(shown(f"Delete the saved game {chosen.name}?"), 60),
                    "Its record will be gone for good.",
                ],
                # Cancel at the left, the action at the right, as every box here (RISC OS); Cancel the default
                [Choice("Cancel", lambda: None, default=True, cancel=True), Choice("Delete", delete)],
            )
        )

    def menu_entries(self) -> list[Entry]:
        """MENU over the list: what its buttons do, Help, and Quit (no game is in progress here)."""
        device = self.services.used.device  # the pad's buttons where a pad opened it
        return [
            Entry("Play", self.resume, enabled=bool(self.games), key=key_for("confirm", device)),
            Entry("New game", ToNewGame),
            Entry("Delete...", self.ask_delete, enabled=bool(self.games), key=key_for("delete", device)),
            Entry("Review", self.open_review, enabled=bool(self.games)),
            Entry("Import .mat...", lambda: import_box(self.services)),
            *desk_entries(self.services),
            Entry("Back", ToTitle, separator=True, key=key_for("cancel", device)),
            help_entry(device),
            Entry("Quit", Quit),
        ]

    def pointed(self, pointer: Pointer) -> None:
        self.slide(pointer)
        rows = (str(i) for i in self.shown_rows() if self.row_rect(i).contains(pointer.x, pointer.y))
        self.resting.see(next(rows, None))

    def wheel(self, lines: int) -> None:
        self.scroll(3 * lines)

    def other(self, intent: Intent) -> Transition | None:
        """A .mat dropped on the list opens for review."""
        return review_file(self.services, intent.path) if isinstance(intent, Dropped) else None

    def command(self, name: str) -> Transition | None:
        if name in ("up", "down"):
            self.move_selection(-1 if name == "up" else 1)
        elif name in ("page_up", "page_down"):
            self.move_selection(self.visible * (-1 if name == "page_up" else 1))
        elif name == "delete":  # the Delete key
            return self.ask_delete()

        return None

    def clicked(self, x: int, y: int) -> Transition | None:
        for i in self.shown_rows():
            if self.row_rect(i).contains(x, y):
                self.selected = i
                self.message = ""
                return None
        self.click_bar(x, y)
        return None

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, g: pyxel.Image) -> None:
        a = self.services.assets
        g.cls(wimp.DESKTOP)
        self.window.draw(a, g)
        work = self.window.work_area
        x = work.x + 8
        for title, width in COLUMNS:
            a.text(g, x, self.head_y, title, wimp.TEXT_DISABLED)
            x += width * CHAR_W
        box = Rect(work.x + 4, self.list_top - 2, work.w - 40, self.visible * self.row_h + 4)
        g.rect(box.x, box.y, box.w, box.h, wimp.FIELD_BG)
        g.rectb(box.x, box.y, box.w, box.h, wimp.FRAME)
        if not self.games:
            a.text(g, work.x + 12, self.list_top + 4, "No saved games yet: choose New game.", wimp.TEXT)
        for i in self.shown_rows():
            r = self.row_rect(i)
            fg = wimp.TEXT
            if i == self.selected:
                g.rect(r.x + 1, r.y, r.w - 2, r.h, wimp.MENU_SELECTED_BG)
                fg = wimp.MENU_SELECTED_TEXT
            if self.games[i].newer:  # greyed: a newer version's game, never played here
                fg = wimp.TEXT_DISABLED
            x = work.x + 8
            for text, (_, width) in zip(summary_line(self.games[i], WIDTHS), COLUMNS, strict=True):
                a.text(g, x, r.y + 1, text, fg)
                x += width * CHAR_W
            if self.full and not self.games[i].newer:  # the name too where it fits, the players always
                whole = full_line(self.games[i])
                whole = whole if len(whole) <= LINE_CHARS - 2 else players_line(self.games[i])
                a.text(g, work.x + 24, r.y + 1 + ROW_H, whole, fg)
        more = self.count_text()
        if more:
            a.text(g, work.right - 8 - len(more) * CHAR_W, self.message_y, more, wimp.TEXT)
        if self.message:
            colour = wimp.TEXT if self.message_ok else wimp.ERROR_TEXT
            a.text(g, work.x + 12, self.message_y, cut(shown(self.message), self.message_room()), colour)
        for b in self.pressable():
            b.draw(a, g)
        self.bar.draw(g, dragging=self.dragging is not None)
        draw_focused(g, self.shown_focus, self.pressable())
        self._tip(g)

    def _tip(self, g: pyxel.Image) -> None:
        """The game the pointer rests on, whole (its name, players and score), where the columns cut it."""
        rested = self.resting.ready
        if rested is None or self.full or self.services.used.device != "mouse":
            return
        if not self.services.prefs.settings.tooltips or int(rested) >= len(self.games):
            return
        game = self.games[int(rested)]
        if game.newer:
            return
        text = full_line(game)
        if len(text) > LINE_CHARS:  # on two lines: the name, then the players and score
            text = f"{cut(shown(game.name), LINE_CHARS)}\n{players_line(game)}"
        r = self.row_rect(int(rested))
        w = max(len(line) for line in text.split("\n")) * CHAR_W + 8
        h = len(text.split("\n")) * CHAR_H + 6
        y = r.bottom + 2 if r.bottom + 2 + h <= SCREEN[1] else r.y - h - 2
        draw_tip(g, self.services.assets, text, Rect(max(0, min(r.x + 16, SCREEN[0] - w)), y, w, h))
