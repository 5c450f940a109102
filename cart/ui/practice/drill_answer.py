"""The answer's window, beside the board: right or wrong, what the answer cost, the deep figures, when next.

It lies over the board's side panel, so the whole board stays in sight with the best
play's arrows on it. Next (the default), More (practise more) and Close; the keys and
the pad step between them as in every window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

import pyxel

from cart.ui.kit import CHAR_H, CHAR_W, Rect, palette as wimp
from cart.ui.kit.text import cut, wrap
from cart.ui.wimp import Button, Transition, Window, WindowScene, draw_focused

if TYPE_CHECKING:
    from cart.drills import Choice
    from cart.ui.wimp.services import Services

WINDOW = Rect(440, 24, 200, 488)
"""Over the side panel, clear of the board's points: the position stays in sight."""
COLS = (WINDOW.w - 16) // CHAR_W
SHOWN_LINES = 6  # the analysis's answers listed (the best first)


@dataclass(frozen=True)
class Verdict:
    """What the window says of an answer: ``given`` and ``best`` in gnubg's words, ``cost`` in equity
    (None: not among the answers analysed), the analysis ``lines`` best first, the day it comes back."""

    right: bool
    given: str
    best: str
    cost: float | None
    lines: tuple[Choice, ...]
    comes_back: date | None
    today: date
    worst: float = 0.0  # the largest cost listed: an answer beyond the list costs more than this


def when(comes_back: date | None, today: date) -> str:
    """ "tomorrow", "in 7 days": when the drill is asked again, as the answer's window says it."""
    if comes_back is None:
        return "not scheduled"
    days = (comes_back - today).days
    return "today" if days <= 0 else "tomorrow" if days == 1 else f"in {days} days"


def verdict_lines(v: Verdict) -> list[tuple[str, int]]:
    """The window's text, a line at a time with its colour; no Pyxel, so tests read it."""
    out: list[tuple[str, int]] = [
        ("Right!" if v.right else "Wrong.", wimp.TEXT if v.right else wimp.ERROR_TEXT)
    ]
    out += [(s, wimp.TEXT) for s in wrap(f"You: {v.given}", COLS)]
    if v.cost is None:
        out.append((f"It costs over {v.worst:.3f}", wimp.TEXT))
    elif v.cost > 0:
        out.append((f"It costs {v.cost:.3f}", wimp.TEXT))
    if not v.right:
        out += [(s, wimp.TEXT) for s in wrap(f"Best: {v.best}", COLS)]
    out.append(("", wimp.TEXT))
    rolled = max((line.trials for line in v.lines), default=0)
    out.append(("Rollout: equity, se" if rolled else "Two rolls ahead:", wimp.TEXT_DISABLED))
    for line in v.lines[:SHOWN_LINES]:
        figures = f"{line.equity + 0.0:+.3f}" + (f" {line.se:.3f}" if line.trials else "")
        if len(line.label) + 1 + len(figures) <= COLS:
            out.append((line.label.ljust(COLS - len(figures)) + figures, wimp.TEXT))
        else:
            out.append((cut(line.label, COLS, at_word=False), wimp.TEXT))
            out.append((figures.rjust(COLS), wimp.TEXT))
    if rolled:
        out.append((f"{rolled} trials a play", wimp.TEXT_DISABLED))
    out.append(("", wimp.TEXT))
    out.append(("Back " + when(v.comes_back, v.today), wimp.TEXT))
    return out


class AnswerScene(WindowScene):
    """The answer shown beside its board (see the module); its buttons are the run's to act on."""

    help_page = "drills"
    menu_title = "Drill"

    def __init__(
        self,
        services: Services,
        verdict: Verdict,
        *,
        next_label: str,
        next_drill: Callable[[], Transition | None],
        more: Callable[[], Transition | None] | None,
        close: Callable[[], Transition | None],
    ) -> None:
        super().__init__(services)
        self.verdict = verdict
        self.window = Window(WINDOW, "Answer", focused=True, icons=("close",))
        self.close = close
        work = self.window.work_area
        y = work.bottom - 34
        w = (work.w - 32) // 3
        at = [Rect(work.x + 8 + i * (w + 8), y, w, 26) for i in range(3)]
        self.close_button = Button(at[0], "Close", action=close)
        self.more = Button(at[1], "More", enabled=more is not None, action=more)
        self.next = Button(at[2], next_label, True, action=next_drill)

    def buttons(self) -> list[Button]:
        return [self.close_button, self.more, self.next]

    def cancel(self) -> Transition | None:
        return self.close()

    def draw(self, g: pyxel.Image) -> None:
        a = self.services.assets
        self.window.draw(a, g)
        work = self.window.work_area
        y = work.y + 8
        for text, colour in verdict_lines(self.verdict):
            a.text(g, work.x + 8, y, text, colour)
            y += CHAR_H
        for b in self.buttons():
            b.draw(a, g)
        draw_focused(g, self.shown_focus, self.buttons())
