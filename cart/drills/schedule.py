"""When a drill comes back: Leitner boxes, each right answer a box further out, a wrong one back tomorrow.

Leitner rather than SM-2: a box is a number a player understands ("learned" is the last
box), and drills are few, so a per-drill ease factor would have too few answers to settle.
Days come in as arguments: nothing here reads a clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta

from .record import MAX_ANSWERS, Answer, Drill

INTERVALS = (1, 3, 7, 14, 30, 60)
"""Days until a drill in box ``n`` (1 to 6) comes back; box 0 holds the drills never asked."""
LEARNED = len(INTERVALS)
"""The last box: a drill answered right this many times running is learned (still asked, rarely)."""
DAILY_DUE = 10
DAILY_NEW = 5
"""The daily set: at most this many due drills and this many never asked before."""


def answered(drill: Drill, right: bool, cost: float, today: date) -> Drill:
    """``drill`` after an answer on ``today``: a box further out if right (box 2 at least: a right
    first answer waits longer than a wrong one), box 1 (tomorrow) if not."""
    box = min(max(drill.box, 1) + 1, LEARNED) if right else 1
    answers = (*drill.answers, Answer(today, right, cost))[-MAX_ANSWERS:]
    return drill.replace(box=box, due=today + timedelta(days=INTERVALS[box - 1]), answers=answers)


def is_due(drill: Drill, today: date) -> bool:
    """Asked before and due on or before ``today``."""
    return drill.status == "ready" and drill.box > 0 and drill.due is not None and drill.due <= today


def new_today(drills: Iterable[Drill], today: date) -> int:
    """Drills first asked on ``today``: what today's share of new ones has used."""
    return sum(1 for d in drills if d.answers and d.answers[0].day == today)


def daily(drills: Iterable[Drill], today: date) -> list[Drill]:
    """Today's set: the due drills, longest overdue first (at most :data:`DAILY_DUE`), then drills
    never asked, oldest first, up to :data:`DAILY_NEW` a day (those started today count)."""
    drills = list(drills)
    due = sorted((d for d in drills if is_due(d, today)), key=_overdue)[:DAILY_DUE]
    room = max(0, DAILY_NEW - new_today(drills, today))
    fresh = sorted((d for d in drills if d.status == "ready" and d.box == 0), key=_age)[:room]
    return due + fresh


def more(drills: Iterable[Drill], today: date, *, besides: Iterable[str] = ()) -> list[Drill]:
    """ "Practise more": every ready drill not in ``besides`` (ids), the soonest due first, the ones
    never asked after them. An answer in practice moves its drill like any other."""
    skip = set(besides)
    ready = [d for d in drills if d.status == "ready" and d.id not in skip]
    return sorted(ready, key=lambda d: (d.box == 0, d.due or today, d.added, d.id))


def _overdue(drill: Drill) -> tuple[date, str]:
    assert drill.due is not None
    return drill.due, drill.id


def _age(drill: Drill) -> tuple[date, str]:
    return drill.added, drill.id
