"""The book of drills: what the store keeps, the day's set, an answer judged and scheduled.

Every change is one drill's read-change-write in the store (:meth:`DrillStore.update`), so an
answer given in one window and a harvest in another both stay, and a change costs the same in a
book of five drills or six hundred: the frame that keeps it holds the page's ``localStorage``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from ..ai.review import Review
from ..ai.slices import drain
from ..engine import Match, Play
from ..store import DrillStore, Notice
from ..store.drills import LOAD_SLICE
from .harvest import harvesting
from .record import MAX_SOURCES, Analysis, Choice, Drill, drill_from_json, drill_to_json
from .schedule import LEARNED, answered, daily, more

MAX_DRILLS = 600
"""Drills the book keeps: past it the dropped go first, then the learned, then the oldest."""
RIGHT_WITHIN = 0.01
"""An answer within this much of the best (EMG) is right: closer than the deep check can tell."""


@dataclass(frozen=True)
class Outcome:
    """What an answer earned: right or not, its ``cost`` against the best (``at_least``: the play was
    not among those analysed, so it costs at least that), the best choice, and the drill as scheduled."""

    right: bool
    cost: float
    at_least: bool
    best: Choice
    given: str
    drill: Drill


class DrillBook:
    """The drills of one store. ``today`` is the clock (tests inject their own)."""

    def __init__(self, store: DrillStore, today: Callable[[], date] = date.today) -> None:
        self.store = store
        self.today = today
        self._drills: dict[str, Drill] | None = None
        self._loading: Generator[tuple[int, int], None, None] | None = None
        self.progress = (0, 0)
        """Entries read of those listed, as the sliced read (:meth:`load_step`) has got (0 of 0 before it)."""

    @property
    def notices(self) -> list[Notice]:
        return self.store.notices

    def drills(self) -> list[Drill]:
        """Every drill, as last read or changed here (read at the first call)."""
        while not self.load_step():
            pass
        assert self._drills is not None
        return list(self._drills.values())

    @property
    def loaded(self) -> bool:
        """Whether the book is read whole (what the day's set, More and the bound need)."""
        return self._drills is not None

    def load_step(self) -> bool:
        """Read the next slice of the book if it is not read yet; True once it is (the Review reads
        it so, a slice a frame, before it harvests; the Drills window as it opens)."""
        if self._drills is not None:
            return True
        if self._loading is None:
            self._loading = self._reading()
        try:
            self.progress = next(self._loading)
        except StopIteration:
            self._loading = None
            return True
        return False

    def _reading(self) -> Generator[tuple[int, int], None, None]:
        """The store's items read, then made drills, each a slice at a time."""
        items = yield from self.store.loading()
        kept = list(items.values())
        drills: list[Drill | None] = []
        for n in range(0, len(kept), LOAD_SLICE):
            if n:
                yield len(kept), len(kept)
            drills += (_readable(item) for item in kept[n : n + LOAD_SLICE])
        self.progress = len(kept), len(kept)
        self._keep(drills)

    def get(self, drill_id: str) -> Drill | None:
        self.drills()
        assert self._drills is not None
        return self._drills.get(drill_id)

    def reload(self) -> list[Drill]:
        """Read the store again (another window may have answered or harvested)."""
        self._drills = self._loading = None
        self.progress = (0, 0)
        return self.drills()

    def daily(self) -> list[Drill]:
        """Today's set: due drills, then some never asked (:func:`cart.drills.schedule.daily`)."""
        return daily(self.drills(), self.today())

    def more(self, besides: Iterable[str] = ()) -> list[Drill]:
        """ "Practise more": every other ready drill, the soonest due first."""
        return more(self.drills(), self.today(), besides=besides)

    def harvest(self, review: Review, match: Match, seat: int, *, game_id: str, game: str) -> list[Drill]:
        """Add the costly decisions of ``seat`` in ``review`` of ``match``; the drills new to the book
        (a decision already drilled only gains its game among its sources)."""
        return drain(self.harvesting(review, match, seat, game_id=game_id, game=game))

    def harvesting(
        self, review: Review, match: Match, seat: int, *, game_id: str, game: str
    ) -> Generator[None, None, list[Drill]]:
        """:meth:`harvest` a slice at a time (the Review's, one a frame): the book read if it is not
        yet (its bound counts every drill), the record's replay, then each drill looked up and kept in
        its own entry, so the book's size costs no step more than another."""
        while not self.load_step():  # the whole book known, for its bound
            yield
        found = yield from harvesting(review, match, seat, game_id=game_id, game=game, today=self.today())
        added: dict[str, Drill] = {}
        for drill in found:
            yield
            fresh: list[bool] = []

            def change(kept: Drill | None, drill: Drill = drill, fresh: list[bool] = fresh) -> Drill | None:
                fresh[:] = [kept is None]
                if kept is None:
                    return drill
                if drill.sources[0] not in kept.sources and len(kept.sources) < MAX_SOURCES:
                    return kept.replace(sources=kept.sources + drill.sources)
                return None

            self._change(drill.id, change, bound=False)
            if fresh[0]:
                added[drill.id] = drill
        for gone in self._bound() if added else ():
            added.pop(gone, None)
        return list(added.values())

    def unchecked(self, key: str) -> list[Drill]:
        """Drills whose deep check under ``key`` is still to do: new ones, and those checked with
        other weights or another analysis (their answer may have changed)."""
        return [d for d in self.drills() if d.analysis is None or d.analysis.key != key]

    def checked(self, drill_id: str, analysis: Analysis, mistake: bool) -> Drill | None:
        """Keep a deep check's ``analysis``; ``mistake``: whether it calls the player's answer a mistake
        (if not, the drill is dropped). The drill as kept, or None if the book does not hold it (another
        cartridge sharing the store dropped it)."""

        def change(drill: Drill | None) -> Drill | None:
            if drill is None:
                return None
            return drill.replace(analysis=analysis, status="ready" if mistake else "dropped")

        return self._change(drill_id, change)

    def answer(self, drill_id: str, given: Play | str) -> Outcome:
        """Judge ``given`` (a play, or "double", "no double", "take", "pass") and schedule the drill."""
        drill = self.get(drill_id)
        if drill is None or drill.analysis is None or drill.status != "ready":
            raise ValueError(f"no drill {drill_id!r} is ready to be asked")
        outcome = judge(drill, given)
        today = self.today()
        kept = self._change(
            drill_id, lambda kept: answered(kept or drill, outcome.right, outcome.cost, today)
        )
        assert kept is not None
        return Outcome(outcome.right, outcome.cost, outcome.at_least, outcome.best, outcome.given, kept)

    def _change(
        self, drill_id: str, change: Callable[[Drill | None], Drill | None], *, bound: bool = True
    ) -> Drill | None:
        """Apply ``change`` to the drill as stored now (None: none, or one that does not read) and keep
        what it gives (None: nothing to change); the drill as kept. ``bound``: keep the book within
        its bound after it (an answer makes a drill longer)."""
        made: list[Drill | None] = [None]

        def apply(item: dict[str, Any] | None) -> dict[str, Any] | None:
            made[0] = change(_readable(item))  # one that does not read is written over by the change
            if made[0] is None:
                return None
            return drill_to_json(made[0])

        item = self.store.update(drill_id, apply)
        kept = made[0] or _readable(item)
        if self._drills is not None:
            if kept is None:
                self._drills.pop(drill_id, None)
            else:
                self._drills[drill_id] = kept
        if bound and drill_id in self._bound():
            return None
        return kept

    def _bound(self) -> list[str]:
        """Keep the book within :data:`MAX_DRILLS` and the store's budget; the drills removed."""
        removed = self.store.bound(_rank, MAX_DRILLS)
        for gone in removed:
            if self._drills is not None:
                self._drills.pop(gone, None)
        return removed

    def _keep(self, read: list[Drill | None]) -> None:
        """The book as read: every drill that reads (None: one that does not, told in a notice)."""
        drills = [d for d in read if d is not None]
        if bad := len(read) - len(drills):
            self.notices.append(
                Notice("drills/", None, f"{bad} drill(s) could not be read and were left out.")
            )
        # Oldest first, as they were harvested: the store's entries come in no order of their own.
        self._drills = {d.id: d for d in sorted(drills, key=lambda d: (d.added, d.id))}


def judge(drill: Drill, given: Play | str) -> Outcome:
    """The answer ``given`` to ``drill`` against its analysis; the drill is returned unscheduled."""
    analysis = drill.analysis
    if analysis is None:
        raise ValueError(f"drill {drill.id} has not been checked yet")
    best = analysis.choices[0]
    if drill.kind == "play":
        if isinstance(given, str):
            raise ValueError("a checker drill is answered with a play")
        result = given.result.position_id()
        chosen = next((c for c in analysis.choices if c.result == result), None)
        if chosen is None:
            worst = analysis.choices[-1]
            return Outcome(False, best.equity - worst.equity, True, best, "", drill)
        cost = best.equity - chosen.equity
        return Outcome(cost < RIGHT_WITHIN, cost, False, best, chosen.label, drill)
    if not isinstance(given, str) or given not in _CUBE_CHOICES[drill.kind]:
        raise ValueError(
            f"a {drill.kind} drill is answered with one of {', '.join(_CUBE_CHOICES[drill.kind])}"
        )
    equity = {c.label: c.equity for c in analysis.choices}
    if drill.kind == "take":  # the taker's figures: what the answer leaves the taker
        value = equity[given]
        top = max(equity["take"], equity["pass"])
    else:  # the doubler's: a double is worth what the taker's best answer leaves
        doubled = min(equity["double, take"], equity["double, pass"])
        value = doubled if given == "double" else equity["no double"]
        top = max(doubled, equity["no double"]) if analysis.best != "no double" else equity["no double"]
    cost = max(0.0, top - value)
    return Outcome(cost < RIGHT_WITHIN, cost, False, Choice(analysis.best, "", top), given, drill)


_CUBE_CHOICES = {"double": ("double", "no double"), "take": ("take", "pass")}


def _readable(item: dict[str, Any] | None) -> Drill | None:
    """The drill a stored item holds; None for none, or one that does not read (left out at the load)."""
    try:
        return None if item is None else drill_from_json(item)
    except ValueError:
        return None


def _rank(item: dict[str, Any]) -> tuple[bool, bool, str]:
    """The order drills go in past the bound: first the dropped, then the learned, then the oldest added."""
    return item.get("status") != "dropped", item.get("box") != LEARNED, str(item.get("added"))
