"""The Review window's analysis: judged in the worker a part at a time, or in the frame's spare time.

The frame then only polls for each part and joins it to what came before, so a window
analysing a game draws as one at rest. The parts are :func:`cart.ai.jobs.think_review`'s,
the judgements a :class:`Reviewer` of the whole record makes; where no worker takes them
(none, a page's still loading, one that failed) a Reviewer in the frame's slices goes on
from what came back: the same review either way. No Pyxel here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cart.ai.review import DEFAULT_PLY, Review, Reviewer, joined
from cart.ui.kit.thinking import Answer, Asker, FrameClock, SteadyThinker, Thinker

if TYPE_CHECKING:
    from cart.engine import Match

PART_S = 0.1
"""Seconds of work each part asked of the worker: the progress bar moves several times a second, a
frame's poll waits on few parts, and a part left behind by a closed window costs the next thought little."""


class Analysis:
    """A review of ``match`` under way from ``start`` (a cached prefix, or None), with ``worker`` if any.

    One part is asked at a time, from where the last one stopped, so :attr:`review` is
    always a prefix of the whole: what the progress bar shows is what was judged.
    """

    def __init__(
        self,
        match: Match,
        start: Review | None,
        ply: int | None,
        worker: Asker | None,
        *,
        background: bool = False,
    ) -> None:
        self.match = match
        self.background = background  # work nobody waits on (the deep pass): see :meth:`_here`
        self.ply = DEFAULT_PLY if ply is None else ply
        self.review = start
        self.worker = worker
        self.asked: Answer | None = None  # the part the worker is judging
        self.reviewer: Reviewer | None = None  # the frame's, where the worker does not take the parts
        self.thinker: Thinker | None = None

    @property
    def done(self) -> int:
        """Actions of the record judged so far."""
        if self.reviewer is not None:
            return self.reviewer.done
        return self.review.upto if self.review is not None else 0

    @property
    def finished(self) -> bool:
        return self.done >= len(self.match.record)

    def step(self, clock: FrameClock) -> bool:
        """This frame's share of the work; True when :attr:`review` grew."""
        if self.finished:
            return False
        start = clock.now()
        try:
            if self._away():
                return self._collect()
        finally:
            clock.thought += clock.now() - start
        return self._here(clock)

    def stop(self) -> None:
        """The window is gone: a part asked is dropped (unsent if it was not yet sent), nothing more asked."""
        self.asked = None
        self.worker = None
        self.thinker = None

    def _away(self) -> bool:
        """Whether a part is with the worker: asked before, or asked now where the worker takes it."""
        if self.asked is not None:
            return True
        reviewer = self.reviewer
        if self.worker is None or self.finished or (reviewer is not None and reviewer.pending):
            return False  # the frame's Reviewer keeps a double's figures for its answer: it goes on
        from cart.ai.jobs import review_job

        self.asked = self.worker.ask(review_job(self.match, self.ply, self.done, PART_S))
        if self.asked is None:
            return False
        if reviewer is not None:  # a page's worker ready at last: it takes over where the frame is
            self.review = reviewer.review()
            self.reviewer = self.thinker = None
        return True

    def _collect(self) -> bool:
        """Take the part asked if it came (and ask the next); a part that cannot come: the frame goes on."""
        asked = self.asked
        assert asked is not None
        part: Review | None = None
        if asked.ready:
            try:
                part = asked.value()
            except Exception:  # an answer that cannot be read: as one that failed
                part = None
        elif not asked.failed:
            return False
        self.asked = None
        since = self.done
        if not self._fits(part, since):
            self.worker = None  # it failed once: the frame finishes the review
            return False
        assert part is not None
        self.review = joined(self.review, part)
        self._away()  # the next part at once: the worker waits no longer than this frame
        return True

    def _fits(self, part: Review | None, since: int) -> bool:
        """Whether ``part`` goes on from ``since`` by the same analysis as the review so far."""
        if not isinstance(part, Review) or not since < part.upto <= len(self.match.record):
            return False
        review = self.review
        return review is None or (part.key, part.ply) == (review.key, review.ply)

    def _here(self, clock: FrameClock) -> bool:
        """Slices of the frame's Reviewer in this frame's spare time.

        Under a fixed allowance (:attr:`FrameClock.budget`: tests make every decision in one
        frame, the same anywhere) background work takes one slice a frame: a frame never
        waits on the whole of a pass nobody asked to wait for.
        """
        if self.reviewer is None:
            self.reviewer = Reviewer(self.match, start=self.review, ply=self.ply)
            self.thinker = SteadyThinker(self.reviewer.think(), lambda _: None, self.match)
        had = self.review.upto if self.review is not None else 0
        budget = clock.budget
        if self.background and budget is not None:
            clock.budget = 0.0  # the deadline is now: one slice
        try:
            if self.thinker is not None and self.thinker.step(clock):
                self.thinker = None
        finally:
            clock.budget = budget
        if self.reviewer.done == had:
            return False
        self.review = self.reviewer.review()
        return True
