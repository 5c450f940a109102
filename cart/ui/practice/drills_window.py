"""The Drills window: today's set and the progress so far, a graph like the ratings', and Start.

Opened from the title's and the saved games' menus, the table's and the Review's (which
first gathers that game's costly plays). Start asks today's set on the board, More every
other drill. While it is open the drills still waiting are checked deeply, in the worker
(or the frame's spare time), one at a time: a drill is never asked before its check.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

import pyxel

from cart.drills import LEARNED, DrillBook
from cart.store import StoreError
from cart.ui.kit import CHAR_H, CHAR_W, Intent, Rect, palette as wimp
from cart.ui.kit.text import cut, shown
from cart.ui.review.checking import Checking
from cart.ui.wimp import Button, Entry, Transition, Window, WindowScene, draw_focused, help_entry, key_for
from cart.ui.windows.ratings_view import nice_ticks, polyline

from .drill_run import DrillRun
from .progress import STAGE_NAMES, Counts, counts, success_series

if TYPE_CHECKING:
    from cart.ai.review import Review
    from cart.engine import Match
    from cart.ui.review.review import ReviewScene
    from cart.ui.review.review_drills import DrillSeats
    from cart.ui.wimp.services import Services

STAGE_COLOURS = dict(zip(STAGE_NAMES, wimp.GRAPH_LINES, strict=False))
READ_SHARE_S = 0.008
"""Seconds a frame gives the book's read even with none to spare (the page's frames are often late):
the player waits on nothing else, and a slice is a few milliseconds."""


def open_book(services: Services) -> tuple[DrillBook | None, str]:
    """The store's drills, not read yet (None with the reason when nothing is saved in this session).

    Its days are the player's own: a drill due tomorrow comes back after their midnight."""
    store = services.store
    if store is None:
        return None, "No drills here: nothing is saved in this session."
    return DrillBook(store.drills, today=lambda: store.drills.clock().astimezone().date()), ""


@dataclass(frozen=True)
class Harvest:
    """A Review's game to make drills of as the window opens (F2 over the Review): its review as judged
    so far, its match, and whose mistakes (the book merges those it has; the Review also harvests
    when its deep pass is whole)."""

    review: Review
    match: Match
    seats: DrillSeats


def harvest_of(scene: ReviewScene) -> Harvest | None:
    """What the Review ``scene`` gives drills of now (None: nothing judged yet, or no one's drills)."""
    review, seats = scene.shown(), scene.source.drills
    if review is None or seats is None:
        return None
    return Harvest(review, scene.source.match, seats)


class DrillsScene(WindowScene):
    """Today's drills, the progress graph, and the buttons to practise (see the module).

    It shows at once and reads the book a slice a frame, as much as the frame has time for
    (``Reading the drills... 120 of 500``), first harvesting a Review's game into it when
    asked to: Start, More and the deep checks wait for the book read whole. After a run
    it counts the run's answers at once and reads the book again behind them (another
    cartridge on the store may have changed it), the buttons working meanwhile.
    """

    help_page = "drills"
    menu_title = "Drills"

    def __init__(self, services: Services, *, harvest: Harvest | None = None) -> None:
        super().__init__(services)
        self.window = Window(Rect(8, 16, 624, 480), "Drills", focused=True, icons=("close",))
        work = self.window.work_area
        self.graph = Rect(work.x + 4, work.y + 6 + 5 * CHAR_H, work.w - 8, 280)
        y = work.bottom - 36
        self.close = Button(Rect(work.right - 336, y, 100, 28), "Close", action=self.cancel)
        self.more = Button(Rect(work.right - 224, y, 100, 28), "More", action=self.practise_more)
        self.start = Button(Rect(work.right - 112, y, 100, 28), "Start", True, action=self.start_today)
        self.start.enabled = self.more.enabled = False  # until the book is read
        self.said = ""
        book, self.problem = open_book(services)
        self.book: DrillBook | None = None
        """The book as last read whole: what the counts, Start and More use."""
        self.reading: Generator[None, None, None] | None = None
        """The book's read under way, a step a frame (:meth:`read_on`); None once it is whole."""
        self.being_read = book
        self.harvest = harvest
        self.checking = Checking(services, book) if book is not None else None
        self.figures: Counts | None = None
        self.series: dict[str, list[tuple[date, float]]] = {}
        if book is not None:
            self.reading = self._reading(book, harvest)

    def _reading(self, book: DrillBook, harvest: Harvest | None) -> Generator[None, None, None]:
        """``harvest`` kept in ``book`` (which reads it first), else ``book`` read, each a slice a step;
        then the window shows it."""
        if harvest is not None:
            game, added = harvest.seats.game, []
            try:
                for seat in harvest.seats.seats:
                    added += yield from book.harvesting(
                        harvest.review, harvest.match, seat, game_id=harvest.seats.game_id, game=game
                    )
                self.said = f"{len(added)} new from {game}" if added else f"No new drills from {game}"
            except StoreError as exc:
                self.said = str(exc)
        try:
            while not book.load_step():
                yield
        except StoreError as exc:  # nothing to count or ask: the window says why
            self.problem, self.figures = str(exc), counts([], [], LEARNED)
            return
        self.book = book
        if self.checking is not None:
            self.checking.book = book
        self.refresh()

    def read_on(self) -> None:
        """This frame's share of the read: a slice, then more while the frame has time for them (at
        least :data:`READ_SHARE_S`, but under a fixed allowance, the tests')."""
        clock = self.services.clock
        deadline = clock.deadline()
        if clock.budget is None:
            deadline = max(deadline, clock.now() + READ_SHARE_S)
        while self.reading is not None:
            try:
                next(self.reading)
            except StopIteration:
                self.reading = None
            if clock.now() >= deadline:
                break

    def refresh(self) -> None:
        """The counts and the graph, from the book as read and changed here (after a check, a run)."""
        book = self.book
        if book is None:
            return
        drills = book.drills()
        daily = book.daily()
        self.figures = counts(drills, daily, LEARNED)
        self.series = success_series(drills)
        self.start.enabled = bool(daily)
        self.more.enabled = self.figures.ready > 0

    def update(self, intents: list[Intent]) -> Transition | None:
        """The buttons and keys; then this frame's share of the book's read, or of the deep check of
        the drills waiting."""
        going = super().update(intents)
        checking = self.checking
        if self.reading is not None:
            self.read_on()
        elif self.book is not None and checking is not None and checking.step():
            self.problem = checking.problem
            self.refresh()  # one more drill ready (or dropped)
        return going

    def leave(self) -> None:
        if self.checking is not None:
            self.checking.stop()

    def cover(self, covered: bool) -> None:
        uncovered = self.covered and not covered
        super().cover(covered)
        if uncovered and self.book is not None:  # a run over it has answered some
            self.refresh()
            book, _ = open_book(self.services)
            if book is not None:
                self.being_read, self.reading = book, self._reading(book, None)

    # -- actions ----------------------------------------------------------------------------------
    def start_today(self) -> Transition | None:
        assert self.book is not None  # Start is greyed until the book is read
        return DrillRun(self.services, self.book, self.book.daily()).start()

    def practise_more(self) -> Transition | None:
        assert self.book is not None
        return DrillRun(self.services, self.book, self.book.more()).start()

    def buttons(self) -> list[Button]:
        return [self.close, self.more, self.start]

    def menu_entries(self) -> list[Entry]:
        device = self.services.used.device
        return [
            Entry("Start", self.start_today, enabled=self.start.enabled, key=key_for("confirm", device)),
            Entry("Practise more", self.practise_more, enabled=self.more.enabled),
            Entry("Close", self.cancel, key=key_for("cancel", device), separator=True),
            help_entry(device),
        ]

    # -- drawing ----------------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The words above the graph."""
        if self.problem:
            return [self.problem]
        if self.figures is None:  # the first read under way
            return self.reading_lines()
        f = self.figures
        rate = (
            f"{100 * f.right / f.answers:.0f}% right of {f.answers} answers"
            if f.answers
            else "none answered yet"
        )
        waiting = f", {f.waiting} waiting for the deep check" if f.waiting else ""
        if self.checking is not None and self.checking.busy:
            waiting += " (checking)"
        if f.today:
            today = f"Today: {f.today} ({f.due} due, {f.new} new)"
        elif f.ready or f.waiting:
            today = "Nothing due today: More practises the rest"
        else:  # More has nothing to practise either: say where drills come from
            today = "No drills yet: a Review's deep look makes them"
        return [
            today,
            f"{f.ready} drills, {f.learned} learned{waiting}",
            f"Answers: {rate}",
            "; ".join(w for w in (self.said, self.checking.said() if self.checking else "") if w),
        ]

    def reading_lines(self) -> list[str]:
        """The words while the book is read the first time: how far, and the Review's game harvested."""
        book = self.being_read
        read, listed = book.progress if book is not None else (0, 0)
        if self.harvest is not None and book is not None and book.loaded:
            return [
                f"Reading the drills... {listed} of {listed}",
                f"Adding the costly plays of {self.harvest.seats.game}...",
            ]
        return [f"Reading the drills... {read} of {listed}" if listed else "Reading the drills..."]

    def draw(self, g: pyxel.Image) -> None:
        a = self.services.assets
        self.window.draw(a, g)
        work = self.window.work_area
        for k, text in enumerate(self.lines()):
            colour = wimp.ERROR_TEXT if self.problem else wimp.TEXT
            a.text(g, work.x + 12, work.y + 8 + k * CHAR_H, cut(shown(text), work.w // CHAR_W - 3), colour)
        self.draw_graph(g)
        for b in self.buttons():
            b.draw(a, g)
        draw_focused(g, self.shown_focus, self.buttons())

    def draw_graph(self, g: pyxel.Image) -> None:
        """Each stage's success rate by day: a line a stage, its key under the graph."""
        a = self.services.assets
        box = self.graph
        g.rect(box.x, box.y, box.w, box.h, wimp.GRAPH_BG)
        g.rectb(box.x, box.y, box.w, box.h, wimp.FRAME)
        plot = Rect(box.x + 6 * CHAR_W, box.y + 10, box.w - 6 * CHAR_W - 14, box.h - 10 - 2 * CHAR_H - 12)
        x = box.x + 6 * CHAR_W
        for stage, name in STAGE_NAMES.items():  # the key, in the lines' colours
            colour = STAGE_COLOURS[stage]
            g.rect(x, box.bottom - CHAR_H - 2, 14, CHAR_H - 4, colour)
            a.text(g, x + 18, box.bottom - CHAR_H - 4, name, wimp.TEXT)
            x += (len(name) + 5) * CHAR_W
        if self.figures is None:
            return  # read on: nothing to say yet
        if not self.series:
            a.text_centered(g, box.x + box.w // 2, plot.y + plot.h // 2, "No answers yet", wimp.TEXT)
            return
        days = sorted({day for s in self.series.values() for day, _ in s})
        first, span = days[0], max(1, (days[-1] - days[0]).days)
        lo, hi, step = nice_ticks(0, 100, 5)

        def sx(day: date) -> int:
            return plot.x + round((day - first).days * (plot.w - 1) / span)

        def sy(v: float) -> int:
            return plot.bottom - 1 - round((v - lo) * (plot.h - 1) / (hi - lo))

        v = lo
        while v <= hi + 1e-9:
            y = sy(v)
            g.line(plot.x, y, plot.right - 1, y, wimp.GRAPH_GRID)
            label = f"{v:.0f}%"
            a.text(g, plot.x - 4 - a.text_width(label), y - CHAR_H // 2, label, wimp.TEXT)
            v += step
        g.line(plot.x, plot.y, plot.x, plot.bottom - 1, wimp.GRAPH_AXIS)
        g.line(plot.x, plot.bottom - 1, plot.right - 1, plot.bottom - 1, wimp.GRAPH_AXIS)
        a.text(g, plot.x, plot.bottom + 2, first.isoformat(), wimp.TEXT)
        last = days[-1].isoformat()
        a.text(g, plot.right - a.text_width(last), plot.bottom + 2, last, wimp.TEXT)
        for stage, series in self.series.items():
            polyline(g, [(sx(day), sy(rate)) for day, rate in series], STAGE_COLOURS.get(stage, wimp.TEXT))
