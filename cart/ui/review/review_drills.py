"""The Review's drills: once its deep pass is whole, the players' mistakes go into the drills' book,
and each drill not yet checked is checked deeply by :class:`~.checking.Checking`, as the Drills
window checks them: so a player who reviews games gets drills without asking, already checked when
the Drills window asks them. No Pyxel here.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cart.ai.review import Review
from cart.store import StoreError

if TYPE_CHECKING:
    from cart.engine import Match
    from cart.store import GameOptions
    from cart.ui.wimp.services import Services

    from .checking import Checking


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

    def __init__(self, services: Services, match: Match, seats: DrillSeats | None) -> None:
        self.match = match
        self.seats = seats
        self.clock = services.clock
        self.checking: Checking | None = None
        self.harvested = False
        self._harvest: Generator[None, None, None] | None = None
        store = services.store
        if store is not None and seats is not None and seats.seats:
            from cart.drills import DrillBook  # loaded with a Review that makes drills, not with the game

            from .checking import Checking

            self.checking = Checking(services, DrillBook(store.drills), background=True)

    @property
    def idle(self) -> bool:
        """Nothing more to do: no drills here, or none left to check (a check that failed skipped)."""
        return self.checking is None

    def step(self, review: Review) -> None:
        """This frame's share: a slice of the harvest (the book read, the record replayed, a drill
        kept), else the check's."""
        checking = self.checking
        if checking is None:
            return
        try:
            if not self.harvested:
                self._harvest_step(review)
            else:
                checking.step()
        except StoreError:
            self.stop()  # the drills cannot be kept now: the Review goes on without them
        if checking.idle or checking.problem:
            self.stop()

    def stop(self) -> None:
        if self.checking is not None:
            self.checking.stop()
        self.checking = None

    def _harvest_step(self, review: Review) -> None:
        """A slice of the harvest (:meth:`DrillBook.harvesting`: each a few ms in the page)."""
        if self._harvest is None:
            self._harvest = self._harvesting(review)
        start = self.clock.now()
        try:
            next(self._harvest)
        except StopIteration:
            self.harvested, self._harvest = True, None
        except BaseException:
            self.harvested, self._harvest = True, None
            raise
        finally:
            self.clock.thought += self.clock.now() - start

    def _harvesting(self, review: Review) -> Generator[None, None, None]:
        assert self.checking is not None and self.seats is not None
        for seat in self.seats.seats:
            yield from self.checking.book.harvesting(
                review, self.match, seat, game_id=self.seats.game_id, game=self.seats.game
            )
