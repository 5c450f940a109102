"""A rollout: a decision's plays (or a cube decision's position) played out many times by our own 0-ply.

What backgammon players trust most: the average of how games actually go from a
position, not one evaluation of it. Pure Python in bounded slices, so it runs in a
worker and in a frame's spare time alike, and stateless between parts: a
:class:`Tally` of sums goes in and comes back grown, and trial ``t``'s dice depend
only on the seed and ``t``, however the work is split.

Variance reduction, measured per CPU second (``python -m tools.bench rollout``):

- *the same dice for every play* (trial ``t`` of each play draws one sequence), so the
  difference between two plays is far surer than either equity;
- *the first roll rotated over the 36*, so every 36 trials see each first roll once;
- *luck adjustment*: each roll's luck, the value after the best play of the roll drawn
  less the mean over the 21 rolls, is taken off the trial's result (gnubg's method).
  Its mean over the dice is zero, so the result stays unbiased whatever judges the
  luck; the full net at every roll costs 21 plies a ply, so :data:`DEFAULT_LUCK`
  judges it with the prune net, a twentieth of the full net's cost.

A trial ends when the game does, when contact is broken (the race read exactly or
by the race net, as the evaluator reads it), or after ``truncate`` plies (the
net's 0-ply read there). Results are the five chances of the decision's player; a
cube decision's cubeful equities come from the cube model (:mod:`.cube`) fed the
rolled-out chances; a standard error by the delta method on the trials' covariance.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from heapq import nlargest
from typing import Literal

from ..engine import Dice, Position
from ..engine.fast import flip_key, successors
from .cube import Chances, CubeState, cube_efficiency
from .net import Probs, Weights, equity, flip_probs, is_race
from .review.play import Slicer
from .slices import GEN_COST, ROLLS

ROLLOUT_VERSION = 1
"""Bumped whenever a rollout would say something else: kept rollouts of another version are not shown."""
FIRST_ROLLS: tuple[Dice, ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
"""The 36 first rolls, dealt in turn."""
Luck = Literal["none", "prune", "net"]
DEFAULT_LUCK: Luck = "prune"
QUICK_PLIES = 10
"""A quick rollout's truncation: ten plies, then the net's 0-ply (a third of a whole game's time)."""
PRUNE_COST = 0.3
"""A prune-net evaluation, in full-net evaluations (as the master counts it)."""
PRUNE_KEEP = 2
"""Plays of each roll the prune net passes to the full net when it judges the luck."""
MAX_PLIES = 500
"""A trial this long is read by the net where it stands (a game this long does not happen)."""
DECIDED_Z = 2.58
"""The stopping rule: the best play is decided when it leads every other by this many standard
errors of the difference (99%, two-sided), checked after each full rotation of the first roll."""
MIN_TRIALS = 72
"""Trials before the stopping rule is asked: two rotations, so the errors themselves are steady."""
MAX_TRIALS = 1296
"""Trials after which a rollout stops in any case: 36 rotations."""
CHECK_EVERY = 36


@dataclass(frozen=True)
class Settings:
    """How a rollout plays: its luck judge, truncation (plies, 0: whole games), seed and limit."""

    luck: Luck = DEFAULT_LUCK
    truncate: int = 0
    seed: int = 0
    max_trials: int = MAX_TRIALS


@dataclass(frozen=True)
class Decision:
    """What is rolled out, from the point of view of ``player``'s figures.

    ``kind`` "play": ``plays`` are the candidates' result keys (unflipped, the mover low)
    after ``dice``, named by ``labels``; "cube": the position before the roll, one entry.
    ``cube``/``emg``: the cube as the player on roll sees it and the two match results
    (win, lose at the cube) mapping a match chance to EMG; None in money play or without a cube.
    ``made``: which of ``plays`` was played (-1: none of them, or not a play).
    """

    kind: Literal["play", "cube"]
    position_id: str
    dice: Dice | None
    plays: tuple[int, ...]
    labels: tuple[str, ...]
    cube: CubeState | None = None
    emg: tuple[float, float] | None = None
    made: int = -1

    @property
    def width(self) -> int:
        """The lines rolled out side by side."""
        return len(self.plays)

    def to_emg(self, x: float) -> float:
        """A cube-model value (money per cube, or a match winning chance) in EMG."""
        if self.emg is None:
            return x
        win, lose = self.emg
        return 0.0 if win - lose < 1e-9 else (2.0 * x - (win + lose)) / (win - lose)


@dataclass(frozen=True)
class Tally:
    """The sums of a rollout so far: ``trials`` done, and over them each line's five chances
    (``sums``, five per line) and every pair's products (``cross``, the covariance's raw sums)."""

    trials: int = 0
    sums: tuple[float, ...] = ()
    cross: tuple[float, ...] = ()

    @classmethod
    def empty(cls, width: int) -> Tally:
        n = 5 * width
        return cls(0, (0.0,) * n, (0.0,) * (n * n))

    def add(self, rows: Sequence[Sequence[float]]) -> Tally:
        """With more trials, each the five chances of every line side by side."""
        sums = list(self.sums)
        cross = list(self.cross)
        n = len(sums)
        for row in rows:
            for i, v in enumerate(row):
                sums[i] += v
                if v:
                    base = i * n
                    for j, u in enumerate(row):
                        cross[base + j] += v * u
        return Tally(self.trials + len(rows), tuple(sums), tuple(cross))


@dataclass(frozen=True)
class Estimate:
    """One figure of a rollout: its value and standard error (EMG, or cubeless money equity)."""

    value: float
    se: float


@dataclass(frozen=True)
class Line:
    """One play (or the cube decision's position) rolled out: its chances, cubeless and cubeful equity."""

    label: str
    chances: Chances
    cubeless: Estimate
    cubeful: Estimate | None


@dataclass(frozen=True)
class Result:
    """What a rollout says so far: ``lines`` side by side, ``best`` the index of the best line, and for
    a cube decision (no double, double/take, double/pass) in EMG; ``decided`` by the stopping rule."""

    trials: int
    lines: tuple[Line, ...]
    best: int
    cube: tuple[Estimate, Estimate, Estimate] | None
    decided: bool
    luck: Luck = field(default=DEFAULT_LUCK)


# -- playing the trials ------------------------------------------------------------------------
_TABLES = [False]
"""Whether every bear-off table is made (then a race is read without a look at them)."""


def _prepare(key: int) -> Generator[None, None, None]:
    """The bear-off tables a race from ``key`` reads, made a board a slice (the first take seconds)."""
    from .bearoff import complete, think_prepare

    yield from think_prepare(key)
    _TABLES[0] = complete()


_MAKING: list[Generator[None, None, None]] = []


def _think_tables(until: float) -> Generator[None, None, bool]:
    """Every bear-off table made, until ``until`` (``time.perf_counter``); whether all are made.

    A trial reads whatever race it reaches, and the first boards of 15 men take seconds
    each: made first, a part at a time, no part waits on them past its time (a worker's
    tables are usually made while it waited for its first job).
    """
    from .bearoff import complete, think_tables

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
def _chances(v: Sequence[float]) -> Chances:
    """Rolled-out chances kept within what chances can be (a luck-adjusted mean can stray past 0 or 1)."""
    win = min(1.0, max(0.0, v[0]))
    wg = min(win, max(0.0, v[1]))
    lg = min(1.0 - win, max(0.0, v[3]))
    return (win, wg, min(wg, max(0.0, v[2])), lg, min(lg, max(0.0, v[4])))


def _estimate(
    tally: Tally, means: list[float], f: Callable[[list[float]], float], lines: Sequence[int]
) -> Estimate:
    """``f`` of the means and its standard error: the delta method over the lines it reads."""
    value = f(means)
    n = tally.trials
    if n < 2:
        return Estimate(value, math.inf)
    h = 1e-5
    grad: dict[int, float] = {}
    for line in lines:
        for i in range(5 * line, 5 * line + 5):
            moved = list(means)
            moved[i] += h
            g = (f(moved) - value) / h
            if g:
                grad[i] = g
    width = len(means)
    var = 0.0
    for i, gi in grad.items():
        for j, gj in grad.items():
            cov = (tally.cross[i * width + j] - n * means[i] * means[j]) / (n - 1)
            var += gi * gj * cov
    return Estimate(value, math.sqrt(max(0.0, var) / n))


def _line_value(decision: Decision, line: int, cubeful: bool) -> Callable[[list[float]], float]:
    """A line's equity from all the means: cubeless, or cubeful as the cube model reads the chances."""

    def cubeless(means: list[float]) -> float:
        return equity(_chances(means[5 * line : 5 * line + 5]))

    if not cubeful or decision.cube is None:
        return cubeless
    cube = decision.cube
    play = decision.plays[line]
    x = cube_efficiency(Position(flip_key(play))) if decision.kind == "play" else 0.0

    def after_play(means: list[float]) -> float:
        # the opponent on roll values its chances with the cube: seen back from the player
        theirs = flip_probs(_chances(means[5 * line : 5 * line + 5]))
        value = cube.flipped().value(theirs, x)
        return decision.to_emg(1.0 - value) if cube.is_match else -value

    return after_play


def _cube_values(decision: Decision) -> tuple[Callable[[list[float]], float], ...]:
    """No double, double/take, double/pass (EMG) of the cube decision's rolled-out chances."""
    cube = decision.cube
    assert cube is not None
    x = cube_efficiency(Position.from_position_id(decision.position_id))

    def one(k: int) -> Callable[[list[float]], float]:
        return lambda means: decision.to_emg(cube.decision(_chances(means[:5]), x)[k])

    return (one(0), one(1), one(2))


def _less(
    f: Callable[[list[float]], float], g: Callable[[list[float]], float]
) -> Callable[[list[float]], float]:
    return lambda m: f(m) - g(m)


def result(decision: Decision, tally: Tally, settings: Settings | None = None) -> Result:
    """What ``tally`` says of ``decision``: each line's figures, the best, and whether it is decided."""
    n = max(1, tally.trials)
    means = [s / n for s in tally.sums] if tally.sums else [0.0] * (5 * decision.width)
    lines = []
    for i, label in enumerate(decision.labels):
        less = _estimate(tally, means, _line_value(decision, i, False), (i,))
        ful = None
        if decision.cube is not None and decision.kind == "play":
            ful = _estimate(tally, means, _line_value(decision, i, True), (i,))
        lines.append(Line(label, _chances(means[5 * i : 5 * i + 5]), less, ful))
    luck = settings.luck if settings is not None else DEFAULT_LUCK
    if decision.kind == "cube":
        if decision.cube is None:
            return Result(tally.trials, tuple(lines), 0, None, tally.trials >= MAX_TRIALS, luck)
        nd, dt, dp = _cube_values(decision)
        figures = (
            _estimate(tally, means, nd, (0,)),
            _estimate(tally, means, dt, (0,)),
            _estimate(tally, means, dp, (0,)),
        )

        def doubled(m: list[float]) -> float:
            return min(dt(m), dp(m))

        # decided when both the double's and the take's answers are: each gap beyond its noise
        gaps = (
            _estimate(tally, means, lambda m: doubled(m) - nd(m), (0,)),
            _estimate(tally, means, lambda m: dt(m) - dp(m), (0,)),
        )
        sure = all(abs(g.value) >= DECIDED_Z * g.se for g in gaps)
        decided = tally.trials >= MIN_TRIALS and sure
        return Result(tally.trials, tuple(lines), 0, figures, decided, luck)
    cubeful = decision.cube is not None

    def value_of(k: int) -> float:
        line = lines[k]
        return (line.cubeful or line.cubeless).value

    best = max(range(len(lines)), key=value_of)
    fb = _line_value(decision, best, cubeful)
    sure = True
    for k in range(len(lines)):
        if k != best:
            gap = _estimate(tally, means, _less(fb, _line_value(decision, k, cubeful)), (best, k))
            sure = sure and gap.value >= DECIDED_Z * gap.se
    decided = len(lines) < 2 or (tally.trials >= MIN_TRIALS and sure)
    return Result(tally.trials, tuple(lines), best, None, decided, luck)


def think_rollout_part(
    decision: Decision, settings: Settings, tally: Tally, seconds: float
) -> Generator[None, None, Tally]:
    """More trials of ``decision`` for about ``seconds`` of work (a trial at least), until it is done.

    What a worker runs a part at a time, and what a frame steps in its spare time:
    the sums go in and come back, so nothing is kept between parts.
    """
    from .bot import think_load_weights

    weights = yield from think_load_weights()
    start = time.perf_counter()
    if not (yield from _think_tables(start + seconds)):
        return tally  # a part spent making tables: the trials begin with the next
    while not finished(decision, settings, tally):
        tally = yield from think_trials(weights, decision, settings, tally, 1)
        if time.perf_counter() - start >= seconds:
            break
    return tally


def finished(decision: Decision, settings: Settings, tally: Tally) -> bool:
    """Whether the rollout stops: at its limit, or once the stopping rule says the best is decided."""
    if tally.trials >= settings.max_trials:
        return True
    return tally.trials % CHECK_EVERY == 0 and tally.trials > 0 and result(decision, tally, settings).decided
