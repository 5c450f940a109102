"""The drills waiting for their deep check, checked while the Drills window is open, one part at a time.

A check is the AI's job (``("drill", check, seconds)``): in the worker process where there is
one, else in the frame's spare time, never holding a frame up. Each part comes back as the
check further on and is sent again until it is done; the book then keeps it (or drops the
drill, its answer no mistake after all). No Pyxel here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cart.ai.rollout.check import check_key
from cart.drills.check import check_of, keep_check
from cart.store import StoreError
from cart.ui.table.thought import thought

if TYPE_CHECKING:
    from cart.ai.rollout.check import Check
    from cart.drills import Drill, DrillBook
    from cart.ui.kit.thinking import Thinker
    from cart.ui.wimp.services import Services

PART_S = 0.1
"""Seconds of work a part asks of the worker: a closed window leaves little behind it."""


class Checking:
    """The book's unchecked drills, checked in turn; :meth:`step` once a frame."""

    def __init__(self, services: Services, book: DrillBook) -> None:
        self.services = services
        self.book = book
        self.key = check_key()
        self.drill: Drill | None = None
        self.check: Check | None = None
        self.thinker: Thinker | None = None
        self.kept = 0  # drills checked since the window opened (their counts changed)
        self.problem = ""  # a check that could not be kept, said by the window

    @property
    def busy(self) -> bool:
        return self.check is not None

    def step(self) -> bool:
        """This frame's share of the work; True when a drill's check ended and was kept."""
        if self.problem or (self.thinker is None and not self._next()):
            return False  # nothing waits, or the book cannot keep a check: the window says why
        assert self.thinker is not None
        kept = self.kept
        if self.thinker.step(self.services.clock):
            self.thinker = None
        return self.kept != kept

    def stop(self) -> None:
        """The window is gone: the part asked is dropped, nothing more asked."""
        self.thinker = None
        self.check = self.drill = None

    def _next(self) -> bool:
        """Ask for the next part: of the check under way, or of the next drill waiting (False: none)."""
        if self.check is None:
            waiting = self.book.unchecked(self.key)
            if not waiting:
                return False
            self.drill, self.check = waiting[0], check_of(waiting[0])
        job = ("drill", self.check, PART_S)
        self.thinker = thought(job, self._part, self.check, None, self.services.worker)
        return True

    def _part(self, check: Any) -> None:
        if not check.done:
            self.check = check
            return
        drill, self.drill, self.check = self.drill, None, None
        assert drill is not None
        try:
            keep_check(self.book, drill.id, check, self.key)
        except StoreError as exc:
            self.problem = str(exc)
        self.kept += 1
