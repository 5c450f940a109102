"""The drills' progress in figures: how many are due, learned, waiting, and the success rate over time.

Read from the book's drills alone (no Pyxel), for the Drills window's counts and graph.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cart.drills import Drill

STAGES = ("opening", "middle", "bear-off", "cube")
STAGE_NAMES = {"opening": "Opening", "middle": "Middle game", "bear-off": "Bear-off", "cube": "Cube"}
RECENT = 20
"""A stage's success rate on a day is over its last this many answers up to that day: recent enough to
show a change, enough answers not to leap with each one."""


@dataclass(frozen=True)
class Counts:
    """The window's counts: today's set, drills learned, waiting for the deep check, and every answer."""

    today: int
    due: int
    new: int
    learned: int
    ready: int
    waiting: int
    answers: int
    right: int


def counts(drills: Iterable[Drill], daily: list[Drill], learned_box: int) -> Counts:
    """What the window says above its graph, from every drill and today's set."""
    drills = list(drills)
    ready = [d for d in drills if d.status == "ready"]
    answers = [a for d in drills for a in d.answers]
    return Counts(
        today=len(daily),
        due=sum(1 for d in daily if d.box > 0),
        new=sum(1 for d in daily if d.box == 0),
        learned=sum(1 for d in ready if d.box >= learned_box),
        ready=len(ready),
        waiting=sum(1 for d in drills if d.status == "new"),
        answers=len(answers),
        right=sum(a.right for a in answers),
    )


def success_series(drills: Iterable[Drill]) -> dict[str, list[tuple[date, float]]]:
    """Each stage's success rate in per cent on each day it was drilled (over its :data:`RECENT` answers)."""
    by_stage: dict[str, list[tuple[date, bool]]] = {s: [] for s in STAGES}
    for d in drills:
        by_stage.setdefault(d.stage, []).extend((a.day, a.right) for a in d.answers)
    out: dict[str, list[tuple[date, float]]] = {}
    for stage, answers in by_stage.items():
        answers.sort(key=lambda a: a[0])
        series: list[tuple[date, float]] = []
        for i, (day, _) in enumerate(answers):
            if i + 1 < len(answers) and answers[i + 1][0] == day:
                continue  # the day's last answer stands for the day
            recent = answers[max(0, i + 1 - RECENT) : i + 1]
            series.append((day, 100 * sum(r for _, r in recent) / len(recent)))
        if series:
            out[stage] = series
    return out
