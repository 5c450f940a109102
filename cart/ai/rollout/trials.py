"""The trials of a rollout, in bounded slices (:mod:`cart.ai.rollout` says how and why)."""

from __future__ import annotations

import random
import time
from collections.abc import Generator, Iterable, Sequence
from heapq import nlargest

from ...engine import Dice, Position
from ...engine.fast import flip_key, successors
from ..net import Probs, Weights, equity, flip_probs, is_race
from ..review.play import Slicer
from ..slices import GEN_COST, ROLLS
from .figures import finished
from .model import (
    CHECK_EVERY,
    FIRST_ROLLS,
    MAX_PLIES,
    PRUNE_COST,
    PRUNE_KEEP,
    Decision,
    Luck,
    Settings,
    Tally,
)

_TABLES = [False]
"""Whether every bear-off table is made (then a race is read without a look at them)."""


def _prepare(key: int) -> Generator[None, None, None]:
    """The bear-off tables a race from ``key`` reads, made a board a slice (the first take seconds)."""
    from ..bearoff import complete, think_prepare

    yield from think_prepare(key)
    _TABLES[0] = complete()


_MAKING: list[Generator[None, None, None]] = []


def _think_tables(until: float) -> Generator[None, None, bool]:
    """Every bear-off table made, until ``until`` (``time.perf_counter``); whether all are made.

    A trial reads whatever race it reaches, and the first boards of 15 men take seconds
    each: made first, a part at a time, no part waits on them past its time (a worker's
    tables are usually made while it waited for its first job).
    """
    from ..bearoff import complete, think_tables

    if _TABLES[0] or complete():
        _TABLES[0] = True
        return True
    if not _MAKING:
        _MAKING.append(think_tables())
    for _ in _MAKING[0]:
        yield
        if time.perf_counter() > until:
            return False
    _MAKING.clear()
    _TABLES[0] = complete()
    return _TABLES[0]


def _flip_luck(d: Sequence[float]) -> list[float]:
    """A difference of chances seen by the other side (``flip_probs`` without its constant)."""
    return [-d[0], d[3], d[4], d[1], d[2]]


def _best(
    weights: Weights, key: int, plays: Iterable[int], budget: Slicer
) -> Generator[None, None, tuple[int, Probs]]:
    """The best of ``plays`` (results of the side on roll in ``key``) by the full net, and its chances."""
    after = weights.after
    best, probs, value = key, (0.5, 0.0, 0.0, 0.0, 0.0), -9.0
    for k in plays:
        if not _TABLES[0] and is_race(k):
            yield from _prepare(k)
        p = after(k)
        e = equity(p)
        if e > value:
            best, probs, value = k, p, e
        yield from budget.add(1)
    return best, probs


def _plays(key: int, a: int, b: int) -> list[int]:
    """The results of every play of (a, b) by the side on roll in ``key`` (the key itself: none)."""
    return list(successors(key, a, b) or {key: 0})


def _roll_values(
    weights: Weights, key: int, luck: Luck, budget: Slicer
) -> Generator[None, None, dict[tuple[int, int], tuple[int, Probs]]]:
    """Per distinct roll, its best play and that play's chances by the luck's judge: the full net
    over every play ("net"), or over the prune net's best :data:`PRUNE_KEEP` of them ("prune")."""
    prune = weights.prune if luck == "prune" and not is_race(key) else None
    out = {}
    for a, b, _ in ROLLS:
        yield from budget.add(GEN_COST)
        plays = _plays(key, a, b)
        if prune is not None and len(plays) > PRUNE_KEEP:
            yield from budget.add(PRUNE_COST * len(plays))
            plays = nlargest(PRUNE_KEEP, plays, key=weights.rough)
        out[(a, b)] = yield from _best(weights, key, plays, budget)
    return out


def trial(
    weights: Weights,
    key: int,
    mine: bool,
    first: Dice,
    rng: random.Random,
    settings: Settings,
    budget: Slicer,
) -> Generator[None, None, list[float]]:
    """One game from ``key`` (the side on roll low): the five chances of the decision's player, who is
    the side on roll when ``mine``, luck-adjusted as ``settings`` say."""
    luck = settings.luck
    adjust = [0.0] * 5
    dice = first
    for ply in range(MAX_PLIES):
        a, b = max(dice), min(dice)
        if luck == "none":
            yield from budget.add(GEN_COST)
            chosen, probs = yield from _best(weights, key, _plays(key, a, b), budget)
        else:
            values = yield from _roll_values(weights, key, luck, budget)
            mean = [0.0] * 5
            for c, d, w in ROLLS:
                p = values[(c, d)][1]
                for i in range(5):
                    mean[i] += w * p[i]
            drawn = values[(b, a)][1]  # (low, high), as ROLLS name them
            diff = [drawn[i] - mean[i] / 36.0 for i in range(5)]
            if not mine:
                diff = _flip_luck(diff)
            for i in range(5):
                adjust[i] += diff[i]
            if luck == "net":
                chosen, probs = values[(b, a)]
            else:
                yield from budget.add(GEN_COST)
                chosen, probs = yield from _best(weights, key, _plays(key, a, b), budget)
        ends = chosen & 15 == 15 or is_race(chosen) or ply + 1 == settings.truncate
        if ends or ply + 1 == MAX_PLIES:
            seen = probs if mine else flip_probs(probs)
            return [seen[i] - adjust[i] for i in range(5)]
        key = flip_key(chosen)
        mine = not mine
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    raise AssertionError("unreachable")  # pragma: no cover


def think_trials(
    weights: Weights, decision: Decision, settings: Settings, tally: Tally, trials: int
) -> Generator[None, None, Tally]:
    """``tally`` grown by up to ``trials`` more trials (fewer at the settings' limit or once decided)."""
    if not tally.sums:
        tally = Tally.empty(decision.width)
    budget = Slicer()
    position = Position.from_position_id(decision.position_id)
    rows: list[list[float]] = []
    offset = settings.seed % 36
    end = min(settings.max_trials, tally.trials + trials)
    for t in range(tally.trials, end):
        first = FIRST_ROLLS[(offset + t) % 36]
        row: list[float] = []
        for play in decision.plays:
            rng = random.Random(settings.seed * 1_000_003 + t)  # one dice sequence for every line
            if decision.kind == "cube":
                row += yield from trial(weights, position.key, True, first, rng, settings, budget)
            elif play & 15 == 15:  # the play wins at once: exact
                row += list(weights.after(play))
            else:
                row += yield from trial(weights, flip_key(play), False, first, rng, settings, budget)
        rows.append(row)
        if (t + 1) % CHECK_EVERY == 0:
            tally = tally.add(rows)
            rows = []
            if finished(decision, settings, tally):
                return tally
    return tally.add(rows)


# -- reading the sums -------------------------------------------------------------------------


def think_rollout_part(
    decision: Decision, settings: Settings, tally: Tally, seconds: float
) -> Generator[None, None, Tally]:
    """More trials of ``decision`` for about ``seconds`` of work (a trial at least), until it is done.

    What a worker runs a part at a time, and what a frame steps in its spare time:
    the sums go in and come back, so nothing is kept between parts.
    """
    from ..bot import think_load_weights

    weights = yield from think_load_weights()
    start = time.perf_counter()
    if not (yield from _think_tables(start + seconds)):
        return tally  # a part spent making tables: the trials begin with the next
    while not finished(decision, settings, tally):
        tally = yield from think_trials(weights, decision, settings, tally, 1)
        if time.perf_counter() - start >= seconds:
            break
    return tally
