"""The computer player: four levels over one evaluator, and its cube decisions.

Every decision is a generator (``think_*``) doing a bounded slice of work per
``next()``: a browser has no threads, so the frontend steps it a slice per frame.
Slices count net evaluations, not time, so the answer does not depend on the machine.
Weaker levels add noise seeded by (bot seed, position, dice), so a resumed game goes
on as it would have.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Generator, Sequence
from heapq import nlargest
from pathlib import Path

from ..engine import Dice, GameState, Match, Play, Position, check_dice
from ..engine.fast import flip_key, play_of, successors
from .cube import (
    CubeAction as CubeAction,
    CubeDecision as CubeDecision,
    Evaluation as Evaluation,
    Replies,
    cube_replies,
    think_cube_decision,
)
from .deep import Deep
from .levels import LEVEL_SPECS as LEVEL_SPECS, LEVELS as LEVELS, Level as Level
from .net import DEFAULT_PATH, Net, Probs, Weights, equity, flip_probs, is_race, read_arrays, think_weights
from .slices import GEN_COST, PRUNE_COST as PRUNE_COST, ROLLS, SLICE_EVALS, drain as drain

Thinking = Generator[None, None, "Play | None"]
DEEP_EVALS = 9000
"""Most net evaluations the master's 1-ply spends on one move (0.3-0.4 s here at most)."""
MOVE_WORK = 9_500
"""Most work the master spends on one move, 1-ply and 2-ply together, in evaluations (about 0.45 s here)."""
CUBE_PLY = 2
"""The master's cube reads its chances at 2-ply (:mod:`cart.ai.deep`) ..."""
CUBE_WORK = MOVE_WORK
"""... within the work of a master's move: past it, the rolls left read the chances after their play at
0-ply."""
PAGE_DEEP_EVALS = 3_600
"""DEEP_EVALS where the master thinks in the page (:func:`in_page`) ..."""
PAGE_MOVE_WORK = 3_800
"""... and MOVE_WORK: the page's worker took about 3.7x this machine's time over the same work (Pyodide,
beside the page's software drawing on the same cores), so the heaviest move's dice -> first man in the page
went past the second a player waits at most; at two fifths of the work it stays within it."""
GEN_WORK = 1.0
"""One move generation, in evaluations, for the cap (40 us, about one; slices count it as GEN_COST)."""


_LOADED: dict[Path, Weights] = {}


def in_page() -> bool:
    """Whether this Python is the browser page's (Pyodide, in its worker and in its frame alike, so a game
    resumed in the page goes on as it would have): there the master's move is capped at the page's work."""
    return sys.platform == "emscripten"


def load_weights(path: Path = DEFAULT_PATH) -> Weights:
    """The shipped nets, read once per process."""
    return drain(think_load_weights(path))


def think_load_weights(path: Path = DEFAULT_PATH) -> Generator[None, None, Weights]:
    """:func:`load_weights` in slices: building the tables takes a few frames, done before the first turn."""
    weights = _LOADED.get(path)
    if weights is None:
        weights = yield from think_weights(path.read_bytes())
        _LOADED[path] = weights
    return weights


TEACHER_PATH = DEFAULT_PATH.with_name("teacher.bin")
"""The teacher's contact net and, where it has one, crashed net (``tools.net_curve teacher``), in halves."""


def teacher_weights(path: Path = TEACHER_PATH) -> Weights:
    """The nets the teacher reads (:func:`think_teacher_weights`), once per process."""
    return drain(think_teacher_weights(path))


def think_teacher_weights(path: Path = TEACHER_PATH) -> Generator[None, None, Weights]:
    """The teacher's nets, in slices: its own contact (and crashed) net over the shipped race and prune nets.

    The contact net was fitted to the game's own self-play and judges better at 2-ply, but a
    playing net must first prove itself over thousands of games against gnubg: so only the
    deep look (Review, hint, tutor, cube hint) reads it, and only when first asked.
    """
    weights = _LOADED.get(path)
    if weights is None:
        shipped = yield from think_load_weights()
        meta, arrays = read_arrays(path.read_bytes())
        contact = yield from Net.think(*arrays["contact"])
        crashed = shipped.crashed
        if "crashed" in arrays:
            crashed = yield from Net.think(*arrays["crashed"])
        meta = {**shipped.meta, "teacher": meta}
        weights = Weights(contact, shipped.race, meta, shipped.prune, crashed)
        _LOADED[path] = weights
    return weights


class Bot:
    """A computer player of one level.

    >>> bot = Bot("expert", seed=7)
    >>> pos = Position.start()
    >>> play = bot.choose_play(pos, (3, 1))
    >>> play.moves
    ((8, 5), (6, 5))
    >>> gen = bot.think_play(pos, (3, 1))
    >>> try:
    ...     while True:
    ...         next(gen)
    ... except StopIteration as stop:
    ...     same = stop.value
    >>> same == play
    True
    >>> round(sum(bot.evaluate(pos)[:1]), 1)
    0.5
    """

    def __init__(
        self,
        level: str = "expert",
        seed: int = 0,
        weights: Weights | None = None,
        *,
        page: bool | None = None,
    ) -> None:
        if level not in LEVEL_SPECS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, got {level!r}")
        self.level = LEVEL_SPECS[level]
        self.seed = seed
        self.weights = weights if weights is not None else load_weights()
        self.page = in_page() if page is None else page
        """Whether the master's move keeps to the page's caps (:data:`PAGE_MOVE_WORK`)."""
        self._deep: Deep | None = None  # the cube's 2-ply tables: a position asked about twice pays once

    def __repr__(self) -> str:
        return f"Bot({self.level.name!r}, seed={self.seed})"

    # -- evaluation --------------------------------------------------------------
    def evaluate(self, position: Position) -> Evaluation:
        """The five probabilities and the cubeless equity of the side on roll (net, 0-ply)."""
        # the opponent "has just moved"; a finished game comes back exact from ``after``
        p = flip_probs(self.weights.after(flip_key(position.key)))
        return Evaluation(*p, equity(p))

    def _value(self, p: Probs) -> float:
        return equity(p) if self.level.gammons else 2.0 * p[0] - 1.0

    # -- plays -------------------------------------------------------------------
    def choose_play(self, position: Position, dice: Dice) -> Play | None:
        """The play this level makes: one of ``legal_plays(position, dice)``, None if none exists."""
        return drain(self.think_play(position, dice))

    def think_play(self, position: Position, dice: Dice) -> Thinking:
        """:meth:`choose_play` as a generator: a bounded slice of work per ``next()``."""
        d1, d2 = check_dice(dice)
        if position.is_over():
            return None
        succ = successors(position.key, d1, d2)
        if not succ:
            return None
        keys = list(succ)
        if len(keys) > 1:
            after = self.weights.after
            value = self._value
            scores = []
            for n, k in enumerate(keys, 1):
                scores.append(value(after(k)))
                if n % SLICE_EVALS == 0:
                    yield
            level = self.level
            if level.noise:
                rng = random.Random(f"{self.seed}:{position.key}:{min(d1, d2)}{max(d1, d2)}")
                scores = [s + rng.gauss(0.0, level.noise) for s in scores]
            if level.candidates:
                # the work since the last yield carries over, so no slice grows past the limit
                scores = yield from self._deepen(keys, scores, len(keys) % SLICE_EVALS)
            best = max(range(len(keys)), key=scores.__getitem__)
        else:
            best = 0
        key = keys[best]
        return play_of(key, succ[key])

    def _caps(self) -> tuple[float, float]:
        """The most work of the master's 1-ply, and of its move: the page's or this machine's."""
        return (PAGE_DEEP_EVALS, PAGE_MOVE_WORK) if self.page else (DEEP_EVALS, MOVE_WORK)

    def _deepen(
        self, keys: Sequence[int], scores: list[float], budget: int
    ) -> Generator[None, None, list[float]]:
        """Deeper scores for the best few plays (others get a score below all of them).

        1-ply for the ``candidates`` within ``margin`` of the 0-ply best; 2-ply for the
        best two when within ``two_ply_margin`` (:meth:`_two_ply`).
        """
        level = self.level
        order = sorted(range(len(keys)), key=scores.__getitem__, reverse=True)
        top = scores[order[0]]
        chosen = [i for i in order[: level.candidates] if top - scores[i] <= level.margin]
        if len(chosen) < 2:
            return scores
        deep = [-9.0] * len(keys)  # below any equity
        one_ply_cap, move_cap = self._caps()
        after = self.weights.after
        seen: dict[int, float] = {}  # replies met before in this thought (rolls of one sum meet)
        spent = 0
        replies: dict[int, list[tuple[int, float]]] = {}  # per play and roll: the best reply, its value
        for done, i in enumerate(chosen):
            # keep the move under its time limit: skip the weaker candidates when
            # another one would likely overrun the cap (counted in work, not time); after
            # the first, so a position whose replies are huge falls back to the 0-ply best
            if done and spent + spent / done > one_ply_cap:
                break
            if keys[i] & 15 == 15:  # this play wins: nothing to look ahead at
                deep[i] = equity(after(keys[i]))
                continue
            opp = flip_key(keys[i])
            total = 0.0
            best_replies = replies[i] = []
            for a, b, w in ROLLS:
                replies_ab = successors(opp, a, b) or {opp: 0}
                best = -9.0
                choice = opp
                spent += len(replies_ab)
                budget += GEN_COST
                for r in replies_ab:
                    e = seen.get(r)
                    if e is None:
                        e = seen[r] = equity(after(r))
                    if e > best:
                        best = e
                        choice = r
                    budget += 1
                    if budget >= SLICE_EVALS:
                        budget = 0
                        yield
                total -= w * best
                best_replies.append((choice, best))
            deep[i] = total / 36.0
        if not level.two_ply_margin:
            return deep
        i, j = sorted(chosen, key=deep.__getitem__, reverse=True)[:2]
        if deep[i] - deep[j] > level.two_ply_margin or i not in replies or j not in replies:
            return deep  # clear enough, or a play that wins at once (exact) is among the two
        work = _Work(budget, spent, seen, move_cap)
        return (yield from self._two_ply(deep, (i, j), (replies[i], replies[j]), work))

    def _two_ply(
        self,
        deep: list[float],
        plays: tuple[int, int],
        replies: tuple[list[tuple[int, float]], list[tuple[int, float]]],
        work: _Work,
    ) -> Generator[None, None, list[float]]:
        """2-ply scores for two plays (the rest below them), one opponent roll at a time while the cap allows.

        Rolls the cap leaves out keep their 1-ply values, the same rolls for both
        plays, so the two stay comparable.
        """
        two = {k: deep[k] for k in plays}
        start = work.spent
        done = 0
        for n, (_, _, w) in enumerate(ROLLS):
            if done and work.spent + (work.spent - start) / done > work.cap:
                break  # another roll would likely overrun the cap
            step = []
            for reply, best in (replies[0][n], replies[1][n]):
                if reply & 15 == 15:  # the opponent has borne off its last checker: exact already
                    step.append(0.0)
                    continue
                value = yield from self._answer(flip_key(reply), work)
                if value is None:
                    break
                step.append(w * (value + best) / 36.0)
            if len(step) < 2:  # ran past the cap in this roll: it counts for neither
                break
            for k, d in zip(plays, step, strict=True):
                two[k] += d
            done += 1
        if not done:
            return deep
        return [two.get(k, -9.0) for k in range(len(deep))]

    def _answer(self, own: int, work: _Work) -> Generator[None, None, float | None]:
        """1-ply equity of the side on roll in ``own``; None once the move's work passes its cap.

        Each roll's best play is the net's best of the ``keep`` the prune net ranks highest. A play
        met before in the move is read back, its work counted all the same, so the cap cuts where it did.
        """
        weights = self.weights
        after = weights.after
        rough = weights.rough
        values = work.values
        ranked = work.ranked
        keep = self.level.keep
        prune = not is_race(own)  # in a race the race net is cheap enough to weigh every play
        total = 0.0
        for c, d, v in ROLLS:
            if work.spent > work.cap:
                return None
            yield from work.add(GEN_WORK, GEN_COST)
            plays: Sequence[int] = list(successors(own, c, d) or {own: 0})
            n = len(plays)
            if prune and n > keep:
                huge = n * PRUNE_COST > SLICE_EVALS  # a huge list: rank it a slice at a time
                if not huge:
                    yield from work.add(PRUNE_COST * n)
                ranks = []
                for r in plays:
                    if huge:
                        yield from work.add(PRUNE_COST)
                    rank = ranked.get(r)
                    if rank is None:
                        rank = ranked[r] = rough(r)
                    ranks.append(rank)
                plays = [plays[i] for i in nlargest(keep, range(n), key=ranks.__getitem__)]
            best = -9.0
            for r in plays:
                yield from work.add(1.0)
                e = values.get(r)
                if e is None:
                    e = values[r] = equity(after(r))
                if e > best:
                    best = e
            total += v * best
        return total / 36.0

    # -- the cube ----------------------------------------------------------------
    def cube_action(self, game: GameState | Match) -> CubeDecision | None:
        """The cube decision due now in ``game`` (``"double"``, ``"take"``...), or None when there is none.

        >>> from cart.engine import Rules
        >>> bot = Bot("expert")
        >>> print(bot.cube_action(GameState.new(Rules(variant="maxgammon"))))
        None
        >>> last_roll = Position.from_counts([13, 2] + [0] * 24, [14, 0, 0, 0, 0, 0, 1] + [0] * 19)
        >>> bot.cube_action(GameState.from_position(Rules(), last_roll)).action
        'double'
        """
        return drain(self.think_cube(game))

    def think_cube(
        self, game: GameState | Match, *, ply: int | None = None
    ) -> Generator[None, None, CubeDecision | None]:
        """:meth:`cube_action` in slices: :mod:`cart.ai.cube`'s model on the level's chances.

        ``ply`` (the level's own when None): 0 the net's, 1 a lookahead, 2 :mod:`cart.ai.deep`'s.
        """
        if ply is None:
            ply = CUBE_PLY if self.level.cube_lookahead else 0
        if ply >= 2:
            return (yield from think_cube_decision(game, self.evaluate, deeper=self._deep_chances))
        return (yield from think_cube_decision(game, self.evaluate, self._cube_replies if ply else None))

    def _deep_chances(self, position: Position) -> Generator[None, None, Evaluation]:
        """The chances at 2-ply, within the master's time (:data:`CUBE_WORK`); kept, so a double's
        answer asked of the same bot reads the offer's."""
        if self._deep is None:
            self._deep = Deep(self.weights, cap=CUBE_WORK)
        p = yield from self._deep.think_chances(position.key, 2)
        return Evaluation(*p, equity(p))

    def _cube_replies(self, position: Position) -> Generator[None, None, Replies]:
        """The master's lookahead of old: the opponent's chances after the net's best play to each roll."""
        return cube_replies(self.weights.after, position)


class _Work:
    """The master's work counters, in evaluations: the move's (for its ``cap``) and the current slice's;
    and what the move worked out so far: the net's equity after a play, the prune net's rank of one."""

    __slots__ = ("cap", "ranked", "slice", "spent", "values")

    def __init__(self, slice_: float, spent: float, values: dict[int, float], cap: float) -> None:
        self.slice = slice_
        self.spent = spent
        self.cap = cap
        self.values = values
        self.ranked: dict[int, float] = {}

    def add(self, work: float, slice_work: float | None = None) -> Generator[None, None, None]:
        """Count ``work`` (``slice_work`` in the slice), after a yield if it would overfill the slice."""
        weight = work if slice_work is None else slice_work
        if self.slice + weight > SLICE_EVALS:
            self.slice = 0.0
            yield
        self.slice += weight
        self.spent += work
