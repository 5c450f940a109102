"""The teacher's deep look: a position's chances two plies ahead, in bounded slices.

GNU Backgammon's sense of n-ply: each of the 21 rolls is played and the chances after it
read n - 1 plies deeper; the last ply of a deep look weighs only the prune net's best
``keep`` replies with the full net, as the master does. A :class:`Deep` keeps what it
worked out, so the cube's offer and its answer, or the hint and the tutor, pay once.

>>> from cart.ai import load_weights
>>> from cart.engine import Position
>>> deep = Deep(load_weights())
>>> start = Position.start().key
>>> [round(deep.chances(start, ply)[0], 2) for ply in (0, 1, 2)]  # the side on roll's chance to win
[0.52, 0.53, 0.53]
"""

from __future__ import annotations

from collections.abc import Generator
from heapq import nlargest

from ..engine.fast import flip_key, successors
from .classes import is_race
from .levels import LEVEL_SPECS
from .net import Probs, Weights, equity, flip_probs
from .slices import GEN_COST, PRUNE_COST, ROLLS, SLICE_EVALS, drain

Chances = Generator[None, None, Probs]
MAX_PLY = 3
"""The deepest look: 0 the net, 1 a roll ahead, 2 each roll's short list searched a roll ahead,
3 each roll's best play by the net read at 2-ply (the Review's second look at its close calls)."""
CANDIDATES = 1
"""Each roll's short list at 2-ply: the net's best play alone, GNU Backgammon's own 2-ply. The
master's list of six measured no nearer gnubg's 2-ply at five times the work (docs/notes/teacher-deep.md)."""
MEMO = 4096
"""Positions each depth's table keeps before it starts afresh (a few hundred kilobytes)."""


class Deep:
    """Chances of the side on roll at 0, 1 or 2 plies, and the work spent on them (in evaluations).

    ``candidates`` and ``margin``: each roll's short list at 2-ply; ``keep``: replies the last
    ply weighs with the full net; ``cap``: the most work one 2-ply spends, past which the rolls
    left read 0-ply, so a position of huge reply lists stays within a player's wait.
    """

    def __init__(
        self,
        weights: Weights,
        *,
        candidates: int = CANDIDATES,
        margin: float = LEVEL_SPECS["master"].margin,
        keep: int = LEVEL_SPECS["master"].keep,
        cap: float | None = None,
    ) -> None:
        self.weights = weights
        self.candidates, self.margin, self.keep, self.cap = candidates, margin, keep, cap
        self.spent = 0.0  # work done so far, in evaluations (a prune-net one counts PRUNE_COST)
        self._slice = 0.0  # ... of it since the last yield
        self._memo: dict[tuple[int, bool], dict[int, Probs]] = {}

    def chances(self, key: int, ply: int) -> Probs:
        """:meth:`think_chances` run to its answer."""
        return drain(self.think_chances(key, ply))

    def think_chances(self, key: int, ply: int, *, pruned: bool = False) -> Chances:
        """The five chances of the side on roll in ``key`` (a position before its roll) at ``ply``.

        ``pruned``: a 1-ply ranks each reply list with the prune net first (the last ply of a
        deeper look); the plain 1-ply weighs every reply with the full net.
        """
        if not 0 <= ply <= MAX_PLY:
            raise ValueError(f"ply must be 0 to {MAX_PLY}, got {ply}")
        if ply == 0:
            return flip_probs(self.weights.after(flip_key(key)))
        memo = self._memo.setdefault((ply, pruned), {})
        known = memo.get(key)
        if known is not None:
            return known
        if ply == 1:
            found = yield from self._one_ply(key, pruned and not is_race(key))
        elif ply == 2:
            found = yield from self._two_ply(key)
        else:
            found = yield from self._three_ply(key)
        if len(memo) >= MEMO:
            memo.clear()
        memo[key] = found
        return found

    def think_after(self, key: int, ply: int) -> Chances:
        """The mover's chances after its play ending in ``key`` (an unflipped successor), ``ply`` deep."""
        if key & 15 == 15 or ply == 0:  # a play that wins is exact
            return self.weights.after(key)
        return flip_probs((yield from self.think_chances(flip_key(key), ply)))

    def _work(self, work: float) -> bool:
        """Count ``work``; whether the slice is full (the caller yields then)."""
        self.spent += work
        self._slice += work
        if self._slice >= SLICE_EVALS:
            self._slice = 0.0
            return True
        return False

    def _ranked(self, plays: list[int], n: int) -> Generator[None, None, list[int]]:
        """The ``n`` plays the prune net ranks highest, a slice of plays at a time."""
        rough = self.weights.rough
        ranks = []
        for r in plays:
            ranks.append(rough(r))
            if self._work(PRUNE_COST):
                yield
        return [plays[i] for i in nlargest(n, range(len(plays)), key=ranks.__getitem__)]

    def _one_ply(self, key: int, prune: bool) -> Chances:
        """Each roll's best play by the net (of the prune net's ``keep`` best when ``prune``), averaged."""
        after = self.weights.after
        keep = self.keep
        rolls = []
        for a, b, _ in ROLLS:
            plays = list(successors(key, a, b) or {key: 0})
            if self._work(GEN_COST):
                yield
            if prune and len(plays) > keep:
                plays = yield from self._ranked(plays, keep)
            best = -9.0
            chosen: Probs = (0.0, 0.0, 0.0, 0.0, 0.0)
            for r in plays:
                p = after(r)
                e = equity(p)
                if e > best:
                    best, chosen = e, p
                if self._work(1.0):
                    yield
            rolls.append(chosen)
        return _mean(rolls)

    def think_rolls(self, key: int) -> Generator[None, None, list[tuple[int, Probs]]]:
        """For each of the 21 rolls (:data:`ROLLS`), the side on roll's best play of it as the 2-ply
        judges it (the short list by the net, each play searched at 1-ply, pruned): the play's key
        and the mover's chances after it.

        Their weighted mean is the 2-ply (kept, so the position's 2-ply costs nothing after).
        """
        after = self.weights.after
        rolls = []
        cap = self.spent + self.cap if self.cap is not None else None
        for a, b, _ in ROLLS:
            plays = list(successors(key, a, b) or {key: 0})
            if self._work(GEN_COST):
                yield
            short = plays
            if len(plays) > 1:
                rough = []
                for r in plays:
                    rough.append(equity(after(r)))
                    if self._work(1.0):
                        yield
                order = nlargest(self.candidates, range(len(plays)), key=rough.__getitem__)
                top = rough[order[0]]
                short = [plays[i] for i in order if top - rough[i] <= self.margin]
            best = -9.0
            chosen: tuple[int, Probs] = (short[0], (0.0, 0.0, 0.0, 0.0, 0.0))
            for r in short:
                if r & 15 == 15 or (cap is not None and self.spent > cap):
                    p = after(r)
                else:
                    p = flip_probs((yield from self.think_chances(flip_key(r), 1, pruned=True)))
                e = equity(p)
                if e > best:
                    best, chosen = e, (r, p)
            rolls.append(chosen)
        memo = self._memo.setdefault((2, False), {})
        if len(memo) >= MEMO:
            memo.clear()
        memo[key] = _mean([p for _, p in rolls])
        return rolls

    def _two_ply(self, key: int) -> Chances:
        """Each roll's best play as :meth:`think_rolls` finds it, its chances averaged."""
        return _mean([p for _, p in (yield from self.think_rolls(key))])

    def _three_ply(self, key: int) -> Chances:
        """Each roll's best play by the net, read at 2-ply, averaged: gnubg's 3-ply with a short
        list of one, about 21 times a 2-ply's work."""
        after = self.weights.after
        rolls = []
        for a, b, _ in ROLLS:
            plays = list(successors(key, a, b) or {key: 0})
            if self._work(GEN_COST):
                yield
            best, top = plays[0], -9.0
            for r in plays:
                e = equity(after(r))
                if e > top:
                    best, top = r, e
                if self._work(1.0):
                    yield
            if best & 15 == 15:  # a play that wins is exact
                rolls.append(after(best))
            else:
                rolls.append(flip_probs((yield from self.think_chances(flip_key(best), 2))))
        return _mean(rolls)


def _mean(rolls: list[Probs]) -> Probs:
    """The chances of the 21 rolls (:data:`ROLLS`), weighted by their odds."""
    t0 = t1 = t2 = t3 = t4 = 0.0
    for (_, _, w), p in zip(ROLLS, rolls, strict=True):
        t0 += w * p[0]
        t1 += w * p[1]
        t2 += w * p[2]
        t3 += w * p[3]
        t4 += w * p[4]
    return (t0 / 36.0, t1 / 36.0, t2 / 36.0, t3 / 36.0, t4 / 36.0)
