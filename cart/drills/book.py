"""The book of drills: what the store keeps, the day's set, an answer judged and scheduled.

Every change goes through the store as one read-change-write (:meth:`DrillStore.update`), so
an answer given in one window and a harvest in another both stay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from ..ai.review import Review
from ..engine import Match, Play
from ..store import DrillStore, Notice
from .harvest import harvest
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

    @property
    def notices(self) -> list[Notice]:
        return self.store.notices

    def drills(self) -> list[Drill]:
        """Every drill, as last read or written (read at the first call)."""
        if self._drills is None:
            self._take(self.store.load())
        assert self._drills is not None
        return list(self._drills.values())

    def get(self, drill_id: str) -> Drill | None:
        self.drills()
        assert self._drills is not None
        return self._drills.get(drill_id)

    def reload(self) -> list[Drill]:
        """Read the store again (another window may have answered or harvested)."""
        self._drills = None
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
        found = harvest(review, match, seat, game_id=game_id, game=game, today=self.today())
        if not found:
            return []
        added: list[Drill] = []

        def change(drills: dict[str, Drill]) -> None:
            added.clear()
            for drill in found:
                kept = drills.get(drill.id)
                if kept is None:
                    drills[drill.id] = drill
                    added.append(drill)
                elif drill.sources[0] not in kept.sources and len(kept.sources) < MAX_SOURCES:
                    drills[drill.id] = kept.replace(sources=kept.sources + drill.sources)

        self._change(change)
        return added

    def unchecked(self, key: str) -> list[Drill]:
        """Drills whose deep check under ``key`` is still to do: new ones, and those checked with
        other weights or another analysis (their answer may have changed)."""
        return [d for d in self.drills() if d.analysis is None or d.analysis.key != key]

    def checked(self, drill_id: str, analysis: Analysis, mistake: bool) -> Drill | None:
        """Keep a deep check's ``analysis``; ``mistake``: whether it calls the player's answer a mistake
        (if not, the drill is dropped). The drill as kept, or None if the book does not hold it (another
        cartridge sharing the store dropped it)."""

        def change(drills: dict[str, Drill]) -> None:
            drill = drills.get(drill_id)
            if drill is not None:
                drills[drill_id] = drill.replace(analysis=analysis, status="ready" if mistake else "dropped")

        self._change(change)
        return self.get(drill_id)

    def answer(self, drill_id: str, given: Play | str) -> Outcome:
        """Judge ``given`` (a play, or "double", "no double", "take", "pass") and schedule the drill."""
        drill = self.get(drill_id)
        if drill is None or drill.analysis is None or drill.status != "ready":
            raise ValueError(f"no drill {drill_id!r} is ready to be asked")
        outcome = judge(drill, given)
        today = self.today()
        cell: list[Drill] = []

        def change(drills: dict[str, Drill]) -> None:
            cell.clear()
            kept = drills.get(drill_id, drill)
            cell.append(answered(kept, outcome.right, outcome.cost, today))
            drills[drill_id] = cell[0]

        self._change(change)
        return Outcome(outcome.right, outcome.cost, outcome.at_least, outcome.best, outcome.given, cell[0])

    def _change(self, change: Callable[[dict[str, Drill]], None]) -> None:
        def apply(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
            drills = self._read(items)
            change(drills)
            items = [drill_to_json(d) for d in drills.values()]
            return _shed(items, len(items) - MAX_DRILLS) if len(items) > MAX_DRILLS else items

        self._take(self.store.update(apply, _shed))

    def _take(self, items: list[dict[str, Any]]) -> None:
        self._drills = self._read(items)

    def _read(self, items: list[dict[str, Any]]) -> dict[str, Drill]:
        drills: dict[str, Drill] = {}
        bad = 0
        for item in items:
            try:
                drill = drill_from_json(item)
            except ValueError:
                bad += 1
                continue
            drills.setdefault(drill.id, drill)
        if bad:
            self.notices.append(
                Notice("drills.json", None, f"{bad} drill(s) could not be read and were left out.")
            )
        return drills


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


def _shed(items: list[dict[str, Any]], n: int = 0) -> list[dict[str, Any]]:
    """The items less ``n`` (else a tenth): first the dropped, then the learned, then the oldest added."""

    def rank(item: dict[str, Any]) -> tuple[bool, bool, str]:
        return item.get("status") != "dropped", item.get("box") != LEARNED, str(item.get("added"))

    gone = {id(x) for x in sorted(items, key=rank)[: n or max(1, len(items) // 10)]}
    return [x for x in items if id(x) not in gone]
