"""A drill's deep check and the book: the check's job made from a drill, its answer kept as the analysis.

The check itself is the AI's (:mod:`cart.ai.rollout.check`), run a part at a time in the
worker or a frame's slices; here the drill becomes its job and its answer becomes the drill's
:class:`Analysis`, dropping the drill where the deep check finds no mistake.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..ai.rollout.check import Check, check_key, think_whole_check
from ..ai.slices import drain
from .book import DrillBook
from .record import Analysis, Choice, Drill


def check_of(drill: Drill) -> Check:
    """The deep check's job for ``drill``, not begun."""
    return Check(drill.position_id, drill.match_id, drill.variant, drill.kind, drill.made)


def analysis_of(check: Check, key: str) -> Analysis:
    """A finished check as the drill keeps it."""
    if not check.done:
        raise ValueError("the deep check is not finished")
    choices = tuple(Choice(*line) for line in check.lines)
    return Analysis(key, check.best, choices, check.seconds)


def keep_check(book: DrillBook, drill_id: str, check: Check, key: str | None = None) -> Drill | None:
    """Keep a finished ``check`` with its drill (dropped if the answer given is no mistake after all)."""
    return book.checked(drill_id, analysis_of(check, key or check_key()), check.mistake)


def check_all(book: DrillBook, key: str | None = None) -> Iterator[Drill]:
    """Check every drill not checked under ``key`` to its end, each kept as it is done (the terminal's
    and the tools' way: here nothing else waits)."""
    key = key or check_key()
    for drill in book.unchecked(key):
        kept = keep_check(book, drill.id, drain(think_whole_check(check_of(drill))), key)
        if kept is not None:
            yield kept
