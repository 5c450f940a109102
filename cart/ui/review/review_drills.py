"""The Review's drills: once its deep pass is whole, the players' mistakes go into the drills' book,
and each drill not yet checked is checked deeply, one at a time, where the computer thinks.

So a player who reviews games gets drills without asking, already checked when the Drills
window asks them. The check goes a part at a time to the worker (the frame only polls), or
where there is none one slice a frame, as the deep pass itself does. No Pyxel here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cart.ai.review import Review
from cart.store import StoreError
from cart.ui.kit.thinking import Answer, Asker, FrameClock, SteadyThinker

if TYPE_CHECKING:
    from cart.ai.rollout.check import Check
    from cart.drills import DrillBook
    from cart.engine import Match
    from cart.store import GameOptions, Store

PART_S = 0.25
"""Seconds of rollout each part asked of the worker: well inside its time limit, even in a browser."""


@dataclass(frozen=True)
class DrillSeats:
    """Whose mistakes a reviewed match gives drills of: the game (its id and name, which a drill
    keeps after the game is deleted) and the seats of the players (the human ones by default)."""

    game_id: str
    game: str
    seats: tuple[int, ...]


def human_seats(options: GameOptions | None, viewer: int) -> tuple[int, ...]:
    """The seats people played: both without a computer, else the other one; ``viewer`` when unknown
    (an imported match: the player at the bottom of the board)."""
    if options is None:
        return (viewer,)
    if options.computer is None:
        return (0, 1)
    return () if options.both else (1 - options.computer,)


class DrillWork:
    """What the Review does for the drills after its deep pass: harvest once, then the checks."""

    def __init__(
        self, store: Store | None, worker: Asker | None, match: Match, seats: DrillSeats | None
    ) -> None:
        self.match = match
        self.seats = seats
        self.worker = worker
        self.book: DrillBook | None = None
        if store is not None and seats is not None and seats.seats:
            from cart.drills import DrillBook

            self.book = DrillBook(store.drills)
        self.harvested = False
        self.check: Check | None = None
        self.drill_id = ""
        self.failed: set[str] = set()  # drills whose check could not be made: not asked again this time
        self.asked: Answer | None = None
        self.thinker: SteadyThinker | None = None

    @property
    def idle(self) -> bool:
        return self.book is None

    def step(self, clock: FrameClock, review: Review) -> None:
        """This frame's share: the harvest (once), else a poll of the check under way, or its slice."""
        if self.book is None:
            return
        start = clock.now()
        try:
            if not self.harvested:
                self._harvest(review)
            elif self.check is None:
                self._next()
            elif self.asked is not None:
                self._collect()
            else:
                self._think(clock)
        except StoreError:
            self.stop()  # the drills cannot be kept now: the Review goes on without them
        finally:
            clock.thought += clock.now() - start

    def stop(self) -> None:
        self.book = None
        self.asked = self.thinker = None

    def _harvest(self, review: Review) -> None:
        assert self.book is not None and self.seats is not None
        self.harvested = True
        for seat in self.seats.seats:
            self.book.harvest(review, self.match, seat, game_id=self.seats.game_id, game=self.seats.game)

    def _next(self) -> None:
        """The next drill to check, if any (the book's, whichever game it came from)."""
        from cart.ai.rollout.check import check_key
        from cart.drills.check import check_of

        assert self.book is not None
        todo = [d for d in self.book.unchecked(check_key()) if d.id not in self.failed]
        if not todo:
            self.stop()
            return
        self.drill_id, self.check = todo[0].id, check_of(todo[0])
        self._ask()

    def _ask(self) -> None:
        if self.worker is not None and self.check is not None:
            self.asked = self.worker.ask(("drill", self.check, PART_S))

    def _collect(self) -> None:
        asked = self.asked
        assert asked is not None
        if not asked.ready and not asked.failed:
            return
        self.asked = None
        try:
            part = asked.value() if asked.ready else None
        except Exception:  # an answer that cannot be read: as one that failed
            part = None
        if part is None:
            self.worker = None  # it failed once: the frame goes on with the check
            return
        self._went_on(part)

    def _think(self, clock: FrameClock) -> None:
        """In the frame's spare time; under a fixed allowance (the tests') one slice a frame, as the
        Review's deep pass: nobody waits on this work."""
        from cart.ai.rollout.check import think_check

        assert self.check is not None
        if self.thinker is None:
            self.thinker = SteadyThinker(think_check(self.check, PART_S), self._went_on, self.check)
        budget = clock.budget
        if budget is not None:
            clock.budget = 0.0
        try:
            self.thinker.step(clock)
        except (ValueError, ArithmeticError):  # a position the check cannot read: left unasked
            self.failed.add(self.drill_id)
            self.check = self.thinker = None
        finally:
            clock.budget = budget

    def _went_on(self, check: Check) -> None:
        from cart.drills.check import keep_check

        self.thinker = None
        if not check.done:
            self.check = check
            self._ask()
            return
        assert self.book is not None
        keep_check(self.book, self.drill_id, check)
        self.check = None
