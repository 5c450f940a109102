"""A checker play judged against the best: the master's candidates searched a ply deeper, in bounded slices.

The tutor judges one play with it and the reviewer every play of a record; it
yields every ``SLICE_EVALS`` evaluations, so a window stays responsive.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from ...engine import Dice, Play, Position
from ...engine.fast import flip_key, play_of, successors
from ..bot import LEVEL_SPECS
from ..cube import Chances, cube_efficiency, lookahead
from ..deep import Deep
from ..net import Weights, equity, flip_probs
from ..slices import GEN_COST, ROLLS, SLICE_EVALS
from .cube import CubeView
from .model import BAD, DOUBTFUL, VERY_BAD

DEFAULT_PLY = 1
"""Checker plays: the master's 0-ply picks its candidates, each (and the play made) searched at 1-ply."""
DEEP_PLY = 2
"""The deep pass: the best few at 1-ply (and the play made) searched at 2-ply (:mod:`cart.ai.deep`)."""
DEEP_CANDIDATES = 3
DEEP_MARGIN = 0.10
"""The deep pass searches at most this many plays, within this equity of the best at 1-ply."""
CLOSE_PLY = 3
CLOSE_BAND = 0.02
"""The deep pass searches its plays once more, at 3-ply, where its 2-ply puts the play's error
within this of a mark's threshold: the calls a mark hangs on, about one play in six, each at some
20 times a 2-ply's work (docs/notes/teacher-deep.md). A play the 2-ply calls best is never among
them, so the hint's play stays the Master's in the Review too."""
TEACHER_WORK = 9_500
"""The most work one 2-ply look of a hint or a tutor check spends (the master's move's), so a
player waits about half a second at most for each play looked at (``Deep``'s cap)."""


Work = Generator[None, None, float]


class Slicer:
    """Counts evaluations and yields each time a slice is full."""

    __slots__ = ("n",)

    def __init__(self) -> None:
        self.n = 0.0

    def add(self, work: float) -> Generator[None, None, None]:
        self.n += work
        if self.n >= SLICE_EVALS:
            self.n = 0
            yield


def _mover_chances(weights: Weights, reply: int) -> tuple[Chances, float]:
    """The mover's chances and cube efficiency before its roll, after the opponent's ``reply``."""
    p = flip_probs(weights.after(reply))
    return (p[0], p[1], p[2], p[3], p[4]), cube_efficiency(Position(flip_key(reply)))


def _zero_ply(weights: Weights, key: int, slicer: Slicer, cube: CubeView | None) -> Work:
    """0-ply equity of the mover after the play ending in ``key``: cubeless, or with ``cube`` the
    opponent's cubeful value on its roll (it doubles when it should), seen from the mover."""
    if cube is None:
        yield from slicer.add(1)
        return equity(weights.after(key))
    yield from slicer.add(3 if cube.state.is_match else 1)  # the match cube model costs about 2 evals
    p = weights.after(key)
    theirs = (1.0 - p[0], p[3], p[4], p[1], p[2])
    x = cube_efficiency(Position(flip_key(key)))
    return cube.mover(cube.state.flipped().value(theirs, x))


def _one_ply(weights: Weights, key: int, slicer: Slicer, cube: CubeView | None) -> Work:
    """1-ply equity of the mover after the play ending in ``key``: the opponent's best reply on each roll.

    With ``cube`` the opponent handles the cube one ply ahead, as the master's cube does.
    """
    after = weights.after
    if key & 15 == 15:
        return (yield from _zero_ply(weights, key, slicer, cube))
    opp = flip_key(key)
    total = 0.0
    chosen: list[tuple[float, int]] = []
    for a, b, w in ROLLS:
        replies = successors(opp, a, b) or {opp: 0}
        yield from slicer.add(GEN_COST)
        best = -9.0
        choice = opp
        for r in replies:
            e = equity(after(r))
            if e > best:
                best, choice = e, r
            yield from slicer.add(1)
        total -= w * best
        chosen.append((w, choice))
    if cube is None:
        return total / 36.0
    theirs = cube.state.flipped()
    leaves = []
    for weight, reply in chosen:
        yield from slicer.add(5 if cube.state.is_match else 1)  # two cube values a leaf
        chances, x = _mover_chances(weights, reply)
        leaves.append((float(weight), chances, x))
    nd, dt, dp = lookahead(theirs, leaves)
    return cube.mover(max(nd, min(dt, dp)) if theirs.may_double() else nd)


def _deep(deep: Deep, key: int, cube: CubeView | None, ply: int = DEEP_PLY) -> Work:
    """The mover's equity after the play ending in ``key`` at ``ply``: cubeless, or with ``cube`` the
    opponent's cubeful value on its roll from its chances at that depth (it doubles when it should)."""
    p = yield from deep.think_after(key, ply)
    if cube is None:
        return equity(p)
    x = cube_efficiency(Position(flip_key(key)))
    return cube.mover(cube.state.flipped().value(flip_probs(p), x))


_TEACHERS: dict[int, Deep] = {}


def teacher(weights: Weights) -> Deep:
    """The deep look a process shares between its hints and tutor checks (one per set of nets): the
    hint's plays looked at serve the tutor's judgement of the play then made."""
    deep = _TEACHERS.get(id(weights))
    if deep is None or deep.weights is not weights:
        deep = _TEACHERS[id(weights)] = Deep(weights, cap=TEACHER_WORK)
    return deep


@dataclass(frozen=True)
class PlayJudgement:
    """A play made against the best, before it is a :class:`PlayReview` (the tutor uses it bare)."""

    made_key: int
    best_key: int
    made_equity: float
    best_equity: float
    choices: int
    best: Play

    @property
    def loss(self) -> float:
        return max(0.0, self.best_equity - self.made_equity)


def think_play_review(
    weights: Weights,
    position: Position,
    dice: Dice,
    made_key: int | None,
    ply: int = DEFAULT_PLY,
    cube: CubeView | None = None,
    deep: Deep | None = None,
    searched: dict[int, float] | None = None,
    *,
    closer: bool = False,
) -> Generator[None, None, PlayJudgement]:
    """The master's judgement of the play ending in ``made_key`` (an unflipped successor key; None:
    the best play at 0-ply, for the best alone).

    Every play ranked at 0-ply; at ``ply`` 1 the candidates and the play made one
    ply deeper; at 2 the best few of those and the play made at 2-ply (with ``deep``'s
    tables, or its own), and with ``closer`` the same plays at 3-ply where the 2-ply is a
    close call (:data:`CLOSE_BAND`); cubeful in EMG with ``cube``. Every equity compared is of one depth:
    those of the plays searched deepest are added to ``searched`` (a drill's check lists them).
    """
    slicer = Slicer()
    succ = successors(position.key, max(dice), min(dice))  # one order: the same best moves for 3-1 and 1-3
    keys = list(succ)
    after = weights.after
    rough = {}
    for k in keys:
        rough[k] = equity(after(k))
        yield from slicer.add(1)
    if made_key is None:
        made_key = max(keys, key=rough.__getitem__)
    chosen = keys
    if len(keys) > 1 and ply >= 1:
        level = LEVEL_SPECS["master"]
        order = sorted(keys, key=rough.__getitem__, reverse=True)
        top = rough[order[0]]
        chosen = [k for k in order[: level.candidates] if top - rough[k] <= level.margin]
        if made_key not in chosen:
            chosen.append(made_key)
    scores: dict[int, float] = {}
    for k in chosen:
        if len(keys) > 1 and ply >= 1:
            scores[k] = yield from _one_ply(weights, k, slicer, cube)
        elif cube is None:
            scores[k] = rough[k]
        else:
            scores[k] = yield from _zero_ply(weights, k, slicer, cube)
    if len(keys) > 1 and ply >= DEEP_PLY:
        deep = deep if deep is not None else Deep(weights)
        order = sorted(scores, key=scores.__getitem__, reverse=True)
        top = scores[order[0]]
        chosen = [k for k in order[:DEEP_CANDIDATES] if top - scores[k] <= DEEP_MARGIN]
        if made_key not in chosen:
            chosen.append(made_key)
        scores = {}
        for k in chosen:
            scores[k] = yield from _deep(deep, k, cube)
        if closer and _close(scores, made_key):
            for k in chosen:
                scores[k] = yield from _deep(deep, k, cube, CLOSE_PLY)
    if searched is not None:
        searched.update(scores)
    best = max(scores, key=scores.__getitem__)
    return PlayJudgement(made_key, best, scores[made_key], scores[best], len(keys), play_of(best, succ[best]))


def _close(scores: dict[int, float], made_key: int) -> bool:
    """Whether a mark hangs on the figures: the play's error within :data:`CLOSE_BAND` of a threshold."""
    loss = max(scores.values()) - scores[made_key]
    return any(abs(loss - t) < CLOSE_BAND for t in (DOUBTFUL, BAD, VERY_BAD))


def think_best_play(
    weights: Weights, position: Position, dice: Dice, cube: CubeView | None = None, deep: Deep | None = None
) -> Generator[None, None, Play | None]:
    """The teacher's play of ``dice`` (the hint's): the best at :data:`DEEP_PLY` as the review's
    deep pass judges a play, with the :func:`teacher`'s tables unless ``deep``; None if none."""
    if not successors(position.key, max(dice), min(dice)):
        return None
    deep = deep if deep is not None else teacher(weights)
    judged = yield from think_play_review(weights, position, dice, None, DEEP_PLY, cube, deep)
    return judged.best
