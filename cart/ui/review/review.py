"""The Review window: a match told back over its own board, the Master's word on every decision.

The board shows the selected line's moment with the play made and the Master's
best as arrows; the panel holds the detail, the move list with gnubg's marks, the
progress bar, the win-chance graph and the totals. The analysis runs where the
computer thinks (:mod:`.review_analysis`: the worker, else the frame's spare time),
so the window is live at once and marks arrive as they are judged; what was done
is kept when it closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

import cart.ui.kit.palette as wimp
from cart.ai.review import DEEP_PLY, Review, overlaid
from cart.engine import format_roll
from cart.phrasebook import verb
from cart.ui.board import layout as L
from cart.ui.board.tips import review_tip
from cart.ui.board.view_state import ViewState
from cart.ui.controls import REVIEW_KEYS, control, key_for
from cart.ui.kit.assets import CHAR_H, CHAR_W
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Intent, Pointer
from cart.ui.routes import ToDrills
from cart.ui.wimp.dialogs import TOOLTIP_DELAY, Resting, draw_tip, tip_above
from cart.ui.wimp.keyboard import help_entry
from cart.ui.wimp.menus import Entry, doing
from cart.ui.wimp.stage import Pop, Tell, Transition, chain
from cart.ui.wimp.widgets import Button, Window, draw_box
from cart.ui.wimp.window_scene import WindowScene

from .review_analysis import Analysis
from .review_detail import MARK_COLOUR, Judged, detail_rows
from .review_drills import DrillWork
from .review_rollout import ROLLED_KINDS, kept_forms, open_rollout
from .review_rows import MARKS, Line, read_lines
from .review_source import ReviewSource, fits, holds
from .review_view import (
    BEST_COLOUR,
    DICE_X,
    MADE_COLOUR,
    ROW_H,
    SCROLL_W,
    EquityGraph,
    MoveList,
    draw_play,
    draw_progress,
    draw_totals,
    list_rows,
    text_x,
)

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services


PANEL = Rect(458, 29, 176, 474)
DETAIL_ROWS = 7  # a play's detail with a long name and long plays, each read whole (two rows from the list)
DETAIL = Rect(PANEL.x, PANEL.y, PANEL.w, DETAIL_ROWS * CHAR_H + 4)
LIST = Rect(PANEL.x, DETAIL.bottom + 4, PANEL.w, 132)
PROGRESS = Rect(PANEL.x, LIST.bottom + 4, PANEL.w, 16)
GRAPH = Rect(PANEL.x, PROGRESS.bottom + 4, PANEL.w, 62)
TOTALS = Rect(PANEL.x, GRAPH.bottom + 4, PANEL.w, 6 * ROW_H + 4)
BUTTON_Y = TOTALS.bottom + 6
BUTTON_H = 24
TOKEN_X = DETAIL.right - 16  # the detail's token, right of its first row


NEXT, PREVIOUS, ROLLOUT = control("next_error"), control("previous_error"), control("rollout")
DRILLS = control("drills")


class ReviewScene(WindowScene):
    """The Review window over whatever opened it; closing it keeps the analysis done."""

    own_arrows = ("up", "down", "left", "right")  # they step through the list, never between buttons
    shows_focus = False  # no stop to mark: the pointer stays, on Next error where Space presses it
    help_page = "review"
    menu_title = "Review"
    keymap = REVIEW_KEYS

    def __init__(self, services: Services, source: ReviewSource) -> None:
        super().__init__(services)
        self.source = source
        self.window = Window(L.WINDOW, f"Review: {source.title}", focused=True, icons=("close",))
        mover_numbers = services.prefs.settings.mover_numbers  # else in the board's, as the table says
        self.lines = read_lines(source.match, viewer=source.viewer, mover_numbers=mover_numbers)
        self.rows = [list_rows(line, LIST.w - SCROLL_W - 1) for line in self.lines.lines]
        self.list = MoveList(LIST, count=len(self.lines.lines), heights=[len(r) for r in self.rows])
        self.graph = EquityGraph(GRAPH)
        self.judged = Judged(self.lines)
        self.judged.read(source.cached if fits(source.cached, source.match, source.ply) else None)
        self.analysis = Analysis(source.match, self.judged.review, source.ply, services.worker)
        deep = source.deep if fits(source.deep, source.match, DEEP_PLY) else None
        self.deep = Analysis(source.match, deep, DEEP_PLY, services.worker, background=True)
        self.drills = DrillWork(services, source.match, source.drills)
        self.judged.read(self.shown())
        self.dragging: int | None = None  # the pointer's offset in the slider while it is dragged
        self.resting = Resting()  # the button the pointer rests on, for its tip
        self.idle = 0  # frames since the last press: the keys' tip waits for a pause, as a tooltip does
        self.jumped = False  # Next error was used: the keys' tip has taught its key
        y = BUTTON_Y
        self.back = Button(Rect(PANEL.x, y, 28, BUTTON_H), "<", action=lambda: self.step(-1))
        self.forward = Button(Rect(PANEL.x + 36, y, 28, BUTTON_H), ">", action=lambda: self.step(1))
        self.next_error = Button(
            Rect(PANEL.right - 104, y, 104, BUTTON_H), "Next error", default=True, action=self.jump_error
        )
        self.named = {"back": self.back, "forward": self.forward, "next_error": self.next_error}  # by tip
        first = next((i for i, line in enumerate(self.lines.lines) if line.kind == "move"), 0)
        self.select(first)
        self.rollouts = kept_forms(source.rollouts)  # the store's form of each kept rollout, by record index

    # -- the analysis ------------------------------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.source.match.record)

    @property
    def done(self) -> int:
        return self.analysis.done

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def progress(self) -> tuple[int, int, str]:
        """The progress bar: actions done of the total, and its words (the quick pass, then the deep)."""
        total = self.total
        if not self.finished:
            return self.done, total, f"Analysing {self.done}/{total}"
        done = self.deep.done  # the quick pass is whole: the deep one refines it
        words = f"Deep analysis {done} of {total}" if done < total else f"Analysed {done} of {total}, deep"
        return done, total, words

    def shown(self) -> Review | None:
        """The quick pass's review with the deep pass's judgements as far as it has got."""
        return overlaid(self.analysis.review, self.deep.review)

    def _analyse(self) -> None:
        """This frame's share of the analysis (none before the first frame is drawn): the quick pass,
        then the deep one, each judgement shown as it comes."""
        clock = self.services.clock
        if not clock.frames:
            return
        analysis = self.deep if self.finished else self.analysis
        if not analysis.finished and analysis.step(clock):
            self.judged.read(self.shown())
        elif self.deep.finished and self.deep.review is not None:  # then the drills (harvest, checks)
            self.drills.step(self.deep.review)

    @property
    def review(self) -> Review | None:
        """The analysis so far (None before any)."""
        return self.judged.review

    @property
    def marks(self) -> dict[int, str]:
        """Each line's worst mark, by line number: what Next error steps through."""
        return self.judged.marks

    # -- moving about ----------------------------------------------------------------------
    @property
    def line(self) -> Line:
        return self.lines.lines[self.list.selected]

    def select(self, i: int) -> None:
        self.list.select(i)
        game = self.line.game_number
        columns = [k for k, line in enumerate(self.lines.lines) if line.game_number == game]
        self.graph.columns = range(columns[0], columns[-1] + 1) if columns else range(0)

    def step(self, by: int) -> None:
        self.select(self.list.selected + by)

    def jump_error(self, direction: int = 1) -> None:
        """Select the next (or previous) line with a mark, going round; say so when there is none."""
        n = len(self.lines.lines)
        self.jumped = True
        for k in range(1, n + 1):
            i = (self.list.selected + direction * k) % n
            if i in self.marks:
                self.select(i)
                return

    def keep(self) -> str | None:
        """Hand what was analysed and not yet kept to ``source.keep``; why it could not be kept, if not."""
        keep = self.source.keep
        review = self.analysis.review
        if keep is None or review is None:
            return None
        deep = self.deep.review
        source = self.source
        if holds(source.cached, review) and (deep is None or holds(source.deep, deep)):
            return None
        source.cached, source.deep = review, deep
        return keep(review, deep)

    def close(self) -> Transition:
        """Close, keeping the analysis; then where the source says (or a box saying why it was not kept)."""
        problem = self.keep()
        then = self.source.then() if self.source.then is not None else None
        if problem:
            then = chain(then, Tell("Review not kept", (problem, "It will be analysed again next time.")))
        return Pop(self, then=then)

    def leave(self) -> None:
        """The window is gone (also under a move to the title): what was analysed is kept, no more asked."""
        self.analysis.stop()
        self.deep.stop()
        self.drills.stop()
        self.keep()

    # -- rollouts --------------------------------------------------------------------------------
    def rollout(self) -> Transition | None:
        """The Rollout window on the selected line's decision (a kept rollout goes on); a box if none."""
        return open_rollout(self.services, self.source, self.lines, self.line, self.rollouts)

    def menu_entries(self) -> list[Entry]:
        last = len(self.lines.lines) - 1
        device = self.services.used.device  # the keys (a pad's buttons) that do the same, shown
        errors, previous = bool(self.marks), key_for(PREVIOUS.command, device)
        return [
            Entry(NEXT.label, doing(self.jump_error), enabled=errors, key=key_for(NEXT.command, device)),
            Entry(PREVIOUS.label, doing(lambda: self.jump_error(-1)), enabled=errors, key=previous),
            Entry("First move", doing(lambda: self.select(0))),
            Entry("Last move", doing(lambda: self.select(last)), separator=True),
            Entry(
                ROLLOUT.label,
                self.rollout,
                enabled=self.line.kind in ROLLED_KINDS,
                key=key_for(ROLLOUT.command, device),
            ),
            Entry(DRILLS.label, ToDrills, key=key_for(DRILLS.command, device)),  # this game's mistakes
            help_entry(device),
            Entry("Close", self.close, key=key_for("cancel", device)),
        ]

    # -- the frame ---------------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        return [self.back, self.forward, self.next_error]

    def lines_shown(self) -> list[Rect]:
        """The move list's lines on show, its scroll bar and the graph: a finger's aim besides the buttons."""
        lines = [self.list.row_rect(i) for i in self.list.shown()]
        return [*lines, *self.list.bar.parts(), self.graph.rect]

    def update(self, intents: list[Intent]) -> Transition | None:
        """This frame's share of the analysis first, then the buttons and keys (the kit's, and ours)."""
        self._analyse()
        self.idle = 0 if any(not isinstance(i, Pointer) for i in intents) else self.idle + 1
        self.next_error.enabled = bool(self.marks)
        return super().update(intents)

    def cancel(self) -> Transition | None:
        """Escape, pad BACK and the close icon close it, keeping the analysis."""
        return self.close()

    def command(self, name: str) -> Transition | None:
        if name in ("up", "left", "down", "right", "page_up", "page_down"):
            page = max(1, len(self.list.shown())) if name.startswith("page") else 1  # the lines shown now
            self.step(page * (-1 if name in ("up", "left", "page_up") else 1))
        elif name in ("next_error", "next_field"):
            self.jump_error()
        elif name == "previous_error":
            self.jump_error(-1)
        elif name == ROLLOUT.command:
            return self.rollout()
        return None

    def pointed(self, pointer: Pointer) -> None:
        """The tip of the button the pointer rests on; the slider follows it while dragged."""
        x, y = pointer.x, pointer.y
        self.resting.see(next((name for name, b in self.named.items() if b.rect.contains(x, y)), None))
        if self.dragging is not None:
            if pointer.held:
                self.list.first = self.list.bar.first_at(pointer.y - self.dragging)
            else:
                self.dragging = None

    def wheel(self, lines: int) -> None:
        self.list.scroll(3 * lines)

    def clicked(self, x: int, y: int) -> Transition | None:
        """SELECT on the move list's line, its scroll bar or the graph's column."""
        row = self.list.row_at(x, y)
        if row is not None:
            self.select(row)
            return None
        part = self.list.bar.hit(x, y)
        if part == "slider":
            self.dragging = y - self.list.bar.slider.y
        elif part is not None:
            page = self.list.visible - 1
            self.list.scroll({"up": -1, "down": 1, "page_up": -page, "page_down": page}[part])
        elif self.graph.rect.contains(x, y):
            line = self.graph.line_at(x)
            if line is not None:
                self.select(line)
        return None

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, g: pyxel.Image) -> None:
        a = self.services.assets
        line = self.line
        view = ViewState(self.source.viewer, self.source.players, score=line.score, show_pips=True)
        self.services.board.draw(g, line.state, view)
        self._arrows(g, line)
        self.services.board.labels_over(g, line.state, view)  # the counts read whole over the arrows
        self._dice(g, line)
        work = self.window.work_area
        g.rect(PANEL.x - 2, work.y, work.right - PANEL.x + 2, work.h, wimp.WORK_BG)
        self.window.draw(a, g, work=False)
        self._detail(g, line)
        self._list(g)
        draw_progress(g, a, PROGRESS, *self.progress())
        self._graph(g)
        self._totals(g)
        for b in self.buttons():
            b.draw(a, g)
        self._tip(g)

    def _tip(self, g: pyxel.Image) -> None:
        """The tip of the button the pointer rests on: what it does, and its key or pad button.

        The keys' player has no pointer there, so Next error's tip shows them its key until used once.
        """
        device = self.services.used.device
        name = self.resting.ready if device == "mouse" else None
        if device != "mouse" and not self.jumped and self.idle >= TOOLTIP_DELAY:
            name = "next_error"
        if name is None or self.covered or not self.services.prefs.settings.tooltips:
            return
        text = review_tip(name, device)
        if text is not None:
            draw_tip(g, self.services.assets, text, tip_above(text, self.named[name].rect))

    def _arrows(self, g: pyxel.Image, line: Line) -> None:
        if line.kind != "move" or line.player is None:
            return
        board = line.state.board(line.player)
        judged = self.judged.play(line)
        made = judged.made if judged is not None else line.moves
        if judged is not None and set(judged.best) != set(made):
            draw_play(g, line.player, judged.best, board, self.source.viewer, BEST_COLOUR, shift=4)
        draw_play(g, line.player, made, board, self.source.viewer, MADE_COLOUR)

    def _dice(self, g: pyxel.Image, line: Line) -> None:
        """The line's roll in the home table's middle strip (the dice's boxes are under the panel)."""
        if line.dice is None or line.player is None or line.kind not in ("move", "pass"):
            return
        colour = self.source.players[line.player].colour
        d1, d2 = line.dice
        r = L.MESSAGE.centered(2 * L.CHECKER + 6, L.CHECKER)
        a = self.services.assets
        a.blt(g, r.x, r.y, f"die_{colour}_{d1}")
        a.blt(g, r.x + L.CHECKER + 6, r.y, f"die_{colour}_{d2}")

    def _detail(self, g: pyxel.Image, line: Line) -> None:
        a = self.services.assets
        draw_box(g, DETAIL, wimp.FIELD_BG)
        x, y = DETAIL.x + 4, DETAIL.y + 2
        lines = self.judged.detail(line, self.finished)
        for k, (tx, text, colour, swatch) in enumerate(
            detail_rows(lines, DETAIL.w - 8, TOKEN_X - 2 - x, DETAIL_ROWS)
        ):
            if swatch is not None:
                g.rect(x, y + k * CHAR_H + 5, 10, 6, swatch)
                g.rectb(x, y + k * CHAR_H + 5, 10, 6, wimp.FRAME)
            a.text(g, x + tx, y + k * CHAR_H, text, colour)
        if line.player is not None:
            token = self.source.players[line.player].colour
            a.blt(g, TOKEN_X, y + 2, f"token_{token}")

    def _list(self, g: pyxel.Image) -> None:
        a = self.services.assets
        m = self.list
        m.draw_frame(g)
        players = self.source.players
        for i in m.shown():
            line = self.lines.lines[i]
            r = m.row_rect(i)
            fg = wimp.TEXT
            if i == m.selected:
                g.rect(r.x, r.y, r.w, r.h, wimp.MENU_SELECTED_BG)
                fg = wimp.MENU_SELECTED_TEXT
            if line.kind == "game":
                for k, words in enumerate(self.rows[i]):
                    a.text(g, r.x + 4, r.y + k * ROW_H, words, fg)
                continue
            if line.number:
                a.text(g, r.x + 2, r.y, f"{line.number:2d}", fg)
            if line.player is not None:
                a.blt(g, r.x + 20, r.y + 2, f"token_{players[line.player].colour}")
            if line.dice is not None and line.kind in ("move", "pass"):
                a.text(g, r.x + DICE_X, r.y, format_roll(line.dice), fg)
            first_x = text_x(line)  # where list_rows measured the first row from, clear of the mark
            for k, words in enumerate(self.rows[i]):
                a.text(g, r.x + (first_x if k == 0 else DICE_X), r.y + k * ROW_H, words, fg)
            mark = self.marks.get(i)
            if mark:
                a.text(g, r.right - 2 - 2 * CHAR_W, r.y, MARKS[mark], MARK_COLOUR[mark])

    def _graph(self, g: pyxel.Image) -> None:
        """The viewer's chance of winning, as the detail says it: up is the viewer winning, named on top."""
        columns = self.graph.columns
        viewer = self.source.viewer
        points = []
        errors = []
        for i in columns:
            line = self.lines.lines[i]
            judged = self.judged.play(line)
            if judged is not None:
                points.append((i, judged.win_after if viewer == 0 else 1.0 - judged.win_after))
            if i in self.marks:
                errors.append((i, MARK_COLOUR[self.marks[i]]))
        self.graph.draw(g, points, errors, self.list.selected)
        players = self.source.players
        said = verb(self.lines.names[viewer], "wins")
        self.graph.sides(g, self.services.assets, players[viewer].colour, players[1 - viewer].colour, said)

    def _totals(self, g: pyxel.Image) -> None:
        totals = self.review.totals() if self.review is not None else None
        draw_totals(g, self.services.assets, TOTALS, self.source.players, totals, self.finished)
