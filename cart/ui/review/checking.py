"""The drills waiting for their deep check, checked one part at a time while a window is open.

The Drills window checks them (its Start waits on them), and so does the Review once
its deep pass has made drills of the game's mistakes (nobody waits: see ``background``).
A check is the AI's job (``("drill", check, seconds)``): in the worker process where there
is one, else in the frame's spare time, never holding a frame up. Each part comes back as
the check further on and is sent again until it is done; the book then keeps it (or
drops the drill, its answer no mistake after all). No Pyxel here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cart.ai.rollout.check import check_key
from cart.drills.check import check_of, keep_check
from cart.store import StoreError
from cart.ui.board.thought import thought

if TYPE_CHECKING:
    from cart.ai.rollout.check import Check
    from cart.drills import Drill, DrillBook
    from cart.ui.kit.thinking import Thinker
    from cart.ui.wimp.services import Services

PART_S = 0.1
"""Seconds of work a part asks of the worker: a closed window leaves little behind it."""


class Checking:
    """The book's unchecked drills, checked in turn; :meth:`step` once a frame.

    ``background``: work nobody waits on (the Review's): under a fixed allowance
    (:attr:`~cart.ui.kit.thinking.FrameClock.budget`, the tests') it takes one slice a
    frame, as the Review's deep pass does, never a whole part in one frame.
    """

    def __init__(self, services: Services, book: DrillBook, *, background: bool = False) -> None:
        self.services = services
        self.book = book
        self.background = background
        self.key = check_key()
        self.drill: Drill | None = None
        self.check: Check | None = None
        self.thinker: Thinker | None = None
        self.kept = 0  # drills checked since the window opened (their counts changed)
        self.skipped: dict[str, str] = {}  # drill id: why its check failed (not asked again here)
        self.problem = ""  # a check that could not be kept, said by the window
        self.idle = False  # nothing was waiting at the last look

    @property
    def busy(self) -> bool:
        return self.check is not None

    def step(self) -> bool:
        """This frame's share of the work; True when a drill's check ended (kept, or skipped)."""
        if self.problem or (self.thinker is None and not self._next()):
            return False  # nothing waits, or the book cannot keep a check: the window says why
        assert self.thinker is not None
        clock = self.services.clock
        ended, budget = self.kept + len(self.skipped), clock.budget
        if self.background and budget is not None:
            clock.budget = 0.0  # the deadline is now: one slice
        try:
            if self.thinker.step(clock):
                self.thinker = None
                if not self.problem:
                    self._next()  # the next part asked at once: the worker waits no longer than this frame
        except (ValueError, ArithmeticError) as exc:  # a position the check cannot read: skipped, said
            assert self.drill is not None
            self.skipped[self.drill.id] = str(exc)
            self.stop()
        finally:
            clock.budget = budget
        return self.kept + len(self.skipped) != ended

    def stop(self) -> None:
        """The window is gone: the part asked is dropped, nothing more asked."""
        self.thinker = None
        self.check = self.drill = None

    def said(self) -> str:
        """The checks skipped, in words for the window ("" when none)."""
        n = len(self.skipped)
        return f"{n} drill{'s' if n != 1 else ''} could not be checked" if n else ""

    def _next(self) -> bool:
        """Ask for the next part: of the check under way, or of the next drill waiting (False: none)."""
        if self.check is None:
            waiting = [d for d in self.book.unchecked(self.key) if d.id not in self.skipped]
            self.idle = not waiting
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
