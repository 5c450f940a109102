"""The Help window: the game's manual, a page at a time, in the manner of RISC OS's StrongHelp.

Links are followed by click or by the focus frame (keys or d-pad); Back returns
to the page before, as it was scrolled. The pages are :mod:`cart.ui.windows.manual`'s,
laid out by :class:`cart.ui.kit.hypertext.Manual`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pyxel

import cart.ui.kit.palette as wimp
from cart.ui.kit.hypertext import Line, ManualError

from ..kit.assets import CHAR_H, CHAR_W
from ..kit.geom import Rect
from ..kit.intents import Pointer
from ..wimp.dialogs import draw_focused
from ..wimp.scrollbar import ScrollBar
from ..wimp.stage import Push, Tell, Transition
from ..wimp.widgets import Button, Window, draw_box, draw_focus_frame
from ..wimp.window_scene import WindowScene
from .diagram import board_diagram
from .manual import COLUMNS, bindings, manual

if TYPE_CHECKING:
    from ..wimp.services import Services

WINDOW = Rect(36, 6, 568, 500)
MARGIN = 8  # between the paper's edge and the text
BAR_W = 24
BUTTON_W = 96
BUTTON_H = 24
TOOLBAR_H = BUTTON_H + 12
WHEEL_LINES = 3


PICTURES: dict[str, Callable[[Services], pyxel.Image]] = {"board": board_diagram}
"""The pictures a page may show (``@ name rows``), each painted by the game."""


def open_help(services: Services, page: str | None = None) -> Transition:
    """The Help window at ``page``; a manual that cannot be read is said in a box, never a traceback."""
    try:
        return Push(HelpScene(services, page))
    except ManualError as exc:
        return Tell("Help", (f"The manual could not be read: {exc}",))


@dataclass(frozen=True)
class LinkBox:
    """A link's words on the screen (one per line it spans): where they lie and the page they lead to."""

    row: int
    x: int
    width: int
    target: str


class HelpScene(WindowScene):
    """The manual's window; ``page`` is where it opens (a screen opens its own topic, else the contents)."""

    own_arrows = ("up", "down", "left", "right")

    def __init__(self, services: Services, page: str | None = None) -> None:
        super().__init__(services)
        self.manual = manual()
        self.bindings = bindings()
        self.history: list[tuple[str, int]] = []  # the pages before, each with where it was scrolled
        self.window = Window(WINDOW, "Help", focused=True, icons=("close",))
        work = self.window.work_area
        y = work.y + 6
        self.contents_button = Button(
            Rect(work.x + 8, y, BUTTON_W, BUTTON_H), "Contents", action=self.to_contents
        )
        self.back_button = Button(
            Rect(work.x + 16 + BUTTON_W, y, BUTTON_W, BUTTON_H), "Back", action=self.back
        )
        top = work.y + TOOLBAR_H
        paper_w = COLUMNS * CHAR_W + 2 * MARGIN
        self.paper = Rect(work.x + 8, top, paper_w, work.bottom - 8 - top)
        self.visible = (self.paper.h - 2 * MARGIN) // CHAR_H
        self.bar = ScrollBar(Rect(self.paper.right + 4, top, BAR_W, self.paper.h))
        self.dragging: float | None = None
        self.page = ""
        self.lines: list[Line] = []
        self.links: list[LinkBox] = []
        self.first = 0
        self.at: int | None = None  # the stop in :meth:`order` the keys are on, even scrolled out of sight
        self.open(page if page in self.manual.pages else self.manual.contents)

    # -- pages -------------------------------------------------------------------------------------
    def open(self, name: str, first: int = 0) -> None:
        """Show page ``name`` scrolled to line ``first``; the focus goes (the keys start again at the top)."""
        self.page = name
        self.window.title = f"Help: {self.manual.title(name)}"
        self.lines = self.manual.lay_out(name, COLUMNS, self.bindings)
        self.links = []
        for row, line in enumerate(self.lines):
            x = 0
            for span in line.spans:
                if span.link is not None:
                    self.links.append(LinkBox(row, x, len(span.text), span.link))
                x += len(span.text)
        self.at = None
        self.scroll_to(first)
        self.back_button.enabled = bool(self.history)
        self.contents_button.enabled = name != self.manual.contents

    def follow(self, target: str) -> None:
        """Go to page ``target``, remembering this one (and its scroll) for Back."""
        self.history.append((self.page, self.first))
        self.open(target)

    def back(self) -> None:
        if self.history:
            name, first = self.history.pop()
            self.open(name, first)

    def to_contents(self) -> None:
        if self.page != self.manual.contents:
            self.follow(self.manual.contents)

    # -- scrolling ---------------------------------------------------------------------------------
    @property
    def slack(self) -> int:
        return max(0, len(self.lines) - self.visible)

    def scroll_to(self, first: int) -> None:
        self.first = max(0, min(first, self.slack))
        self.bar.total, self.bar.shown, self.bar.first = len(self.lines), self.visible, self.first
        self.sync_focus()

    def shown(self, row: int) -> bool:
        return self.first <= row < self.first + self.visible

    # -- where things are --------------------------------------------------------------------------
    def row_y(self, row: int) -> int:
        return self.paper.y + MARGIN + (row - self.first) * CHAR_H

    def link_rect(self, link: LinkBox) -> Rect:
        x = self.paper.x + MARGIN + link.x * CHAR_W
        return Rect(x, self.row_y(link.row), link.width * CHAR_W, CHAR_H)

    def link_at(self, x: float, y: float) -> LinkBox | None:
        return next(
            (k for k in self.links if self.shown(k.row) and self.link_rect(k).contains(x, y)),
            None,
        )

    def buttons(self) -> list[Button]:
        return [self.contents_button, self.back_button]

    def order(self) -> list[tuple[tuple[int, int], int | None]]:
        """Every stop in reading order: the buttons that work, then each link (with its row)."""
        stops: list[tuple[tuple[int, int], int | None]] = [
            (b.rect.center, None) for b in self.buttons() if b.enabled
        ]
        return stops + [(self.link_rect(k).center, k.row) for k in self.links]

    def targets(self) -> list[Rect]:
        """The buttons, the links on show and the scroll bar: what a finger's tap is aimed at."""
        links = [self.link_rect(k) for k in self.links if self.shown(k.row)]
        return [b.rect for b in self.buttons()] + links + self.bar.parts()

    def stops(self) -> list[tuple[int, int]]:
        """The buttons and the links on show: where the arrows may put the focus."""
        return [at for at, row in self.order() if row is None or self.shown(row)]

    def first_stop(self) -> tuple[int, int] | None:
        """Opened from the keys: the first link on show, else the first button."""
        shown = [at for at, row in self.order() if row is not None and self.shown(row)]
        return shown[0] if shown else next(iter(self.stops()), None)

    # -- the keys' focus ----------------------------------------------------------------------------
    def focus_on(self, stop: tuple[int, int] | None) -> None:
        """The App's word: the mouse moved off the frame (None), or the keys put it on ``stop``."""
        super().focus_on(stop)
        ats = [at for at, _ in self.order()]
        self.at = ats.index(stop) if stop in ats else None

    def sync_focus(self) -> None:
        """The frame where the stop the keys are on lies now; none while it is scrolled out of sight."""
        order = self.order()
        if self.at is None or not 0 <= self.at < len(order):
            self.at, self.focus = None, None
            return
        at, row = order[self.at]
        self.focus = at if row is None or self.shown(row) else None

    def step_focus(self, step: int, *, scroll: bool = True) -> None:
        """Down (+1) or Up (-1): the next button or link that way if it is on show, else a line's scroll.

        So the keys alone read a long page and reach each link on it. Tab
        (``scroll`` False) goes on to the next stop wherever it is, scrolling
        to show it, and round to the first after the last.
        """
        order = self.order()
        shown = [k for k, (_, row) in enumerate(order) if row is None or self.shown(row)]
        if self.at is not None:
            i = self.at + step
        elif shown:
            i = shown[0] if step > 0 else shown[-1]
        else:
            i = -1
        if not scroll and order:
            i %= len(order)
        if 0 <= i < len(order):
            row = order[i][1]
            if row is None or self.shown(row):
                self.at = i
            elif not scroll:
                self.at = i
                self.scroll_to(row if row < self.first else row - self.visible + 1)
            else:
                self.scroll_to(self.first + step)
        else:
            self.scroll_to(self.first + step)
        self.sync_focus()

    def press_focus(self) -> None:
        """Return, or SELECT at the frame: press the button framed, or follow the link framed."""
        at = self.focus
        if at is None:
            return
        button = next((b for b in self.buttons() if b.enabled and b.rect.center == at), None)
        if button is not None:
            self.press(button)
            return
        link = self.link_at(*at)
        if link is not None:
            self.follow(link.target)

    # -- the frame ----------------------------------------------------------------------------------
    def pointed(self, pointer: Pointer) -> None:
        if self.dragging is not None:
            if pointer.held:
                self.scroll_to(self.bar.first_at(pointer.y - self.dragging))
            else:
                self.dragging = None

    def wheel(self, lines: int) -> None:
        self.scroll_to(self.first + WHEEL_LINES * lines)

    def confirm(self) -> Transition | None:
        self.press_focus()
        return None

    def step_back(self) -> Transition | None:
        self.back()  # a page back, not the window closed
        return None

    def command(self, name: str) -> Transition | None:
        if name in ("down", "up"):
            self.step_focus(1 if name == "down" else -1)
        elif name == "next_field":
            self.step_focus(1, scroll=False)
        elif name in ("page_up", "page_down"):
            self.scroll_to(self.first + (self.visible - 1) * (1 if name == "page_down" else -1))
        elif name == "left":
            self.back()
        return None

    def clicked(self, x: int, y: int) -> Transition | None:
        link = self.link_at(x, y)
        if link is not None:
            self.follow(link.target)
            return None
        part = self.bar.hit(x, y)
        if part == "slider":
            self.dragging = y - self.bar.slider.y
        elif part is not None:
            page = self.visible - 1
            self.scroll_to(self.first + {"up": -1, "down": 1, "page_up": -page, "page_down": page}[part])
        return None

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, g: pyxel.Image) -> None:
        a = self.services.assets
        self.window.draw(a, g)
        for b in self.buttons():
            b.draw(a, g)
        draw_box(g, self.paper, wimp.FIELD_BG)
        left = self.paper.x + MARGIN
        self.draw_pictures(g)
        for row in range(self.first, min(len(self.lines), self.first + self.visible)):
            line, y = self.lines[row], self.row_y(row)
            if line.kind == "picture":
                continue
            if line.kind == "heading":
                g.rect(self.paper.x + 1, y, self.paper.w - 2, CHAR_H, wimp.HELP_HEADING_BG)
            x = left
            for span in line.spans:
                colour = wimp.HELP_LINK if span.link is not None else wimp.TEXT
                a.text(g, x, y, span.text, colour)
                if span.link is not None:
                    g.line(x, y + CHAR_H - 2, x + len(span.text) * CHAR_W - 1, y + CHAR_H - 2, colour)
                x += len(span.text) * CHAR_W
        self.bar.draw(g, dragging=self.dragging is not None)
        focus = self.shown_focus
        draw_focused(g, focus, self.buttons())
        link = self.link_at(*focus) if focus is not None else None
        if link is not None:
            draw_focus_frame(g, self.link_rect(link), 1)

    def draw_pictures(self, g: pyxel.Image) -> None:
        """Each picture on the page with a row in sight, centred on the paper, cut at its edges."""
        inside = self.paper.inset(1)
        for row, line in enumerate(self.lines):
            if line.kind != "picture" or not line.spans:
                continue
            image = self.picture(line.text)
            if row + image.height // CHAR_H < self.first or row >= self.first + self.visible:
                continue
            x = self.paper.x + (self.paper.w - image.width) // 2
            g.clip(inside.x, self.paper.y + MARGIN, inside.w, self.visible * CHAR_H)
            g.blt(x, self.row_y(row), image, 0, 0, image.width, image.height)
            g.clip()

    def picture(self, name: str) -> pyxel.Image:
        """The picture ``name``, painted at its first sight."""
        return PICTURES[name](self.services)
