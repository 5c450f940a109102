"""The work of a review: each decision of a record judged in bounded slices.

A :class:`Reviewer` replays the record one action at a time and judges each
decision before applying it. A finished judgement is kept at once, so a window
that stops stepping keeps all the work, and the next :meth:`Reviewer.think`
goes on from the next action. A worker process judges a review in parts
(:func:`think_review_part`) that a window joins (:func:`joined`) into the review
the frame's slices would have made.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Generator, Sequence
from functools import lru_cache
from typing import TypeVar

from ...engine import (
    Action,
    Dice,
    Double,
    Drop,
    GameState,
    Match,
    Move,
    Position,
    Roll,
    Take,
    format_play,
)
from ...engine.fast import flip_key, successors
from ..bearoff import think_prepare
from ..bot import TEACHER_PATH, Bot, CubeDecision, load_weights, think_teacher_weights
from ..deep import Deep
from ..net import DEFAULT_PATH, Weights, equity
from ..slices import GEN_COST, ROLLS
from .cube import cube_matters, cube_review as cube_review, cube_view as cube_view
from .model import (
    CubeReview,
    PlayReview,
    Review,
    RollReview,
    luck_mark,
    mark,
)
from .play import (
    DEEP_PLY as DEEP_PLY,
    DEFAULT_PLY as DEFAULT_PLY,
    Slicer,
    Work,
    think_play_review as think_play_review,
)

ANALYSIS_VERSION = 5
"""Bumped whenever the analysis changes what it would say: cached reviews of another version are redone."""


@lru_cache(maxsize=2)
def _file_digest(*paths: str) -> str:
    sha = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as f:
            sha.update(f.read())
    return sha.hexdigest()[:16]


def analysis_key(ply: int = DEFAULT_PLY, weights_digest: str | None = None) -> str:
    """The cache key of a review: the weights' digest, the analysis version and the ply.

    The deep pass reads the teacher's contact net too, so its digest covers that file as well.
    A review under another key is never shown: it is redone.
    """
    files = (str(DEFAULT_PATH),) if ply < DEEP_PLY else (str(DEFAULT_PATH), str(TEACHER_PATH))
    digest = weights_digest if weights_digest is not None else _file_digest(*files)
    return f"{digest}:v{ANALYSIS_VERSION}:ply{ply}"


class Reviewer:
    """A review in progress over ``match``'s record, to its length at each :meth:`think`; ``start`` kept."""

    def __init__(
        self,
        match: Match,
        *,
        start: Review | None = None,
        ply: int = DEFAULT_PLY,
        weights: Weights | None = None,
        key: str | None = None,
    ) -> None:
        self.match = match
        self.ply = ply
        self.weights = weights if weights is not None else load_weights()
        self._teacher = weights is None and ply >= DEEP_PLY  # its nets are loaded by the first judgement
        self.key = key if key is not None else analysis_key(ply)
        self.master = Bot("master", weights=self.weights)
        self.deep = Deep(self.weights) if ply >= DEEP_PLY else None  # the deep pass's tables
        self.cube_ply = DEEP_PLY if self.deep is not None else 1  # the quick pass's: the lookahead of old
        self._replay = match.restarted()
        self._plays: list[PlayReview] = []
        self._cubes: list[CubeReview] = []
        self._rolls: list[RollReview] = []
        self._doubled: CubeDecision | None = None  # the doubler's figures while a double is pending
        if (
            start is not None
            and start.key == self.key
            and start.ply == ply
            and start.upto <= len(match.record)
        ):
            self._plays, self._cubes, self._rolls = list(start.plays), list(start.cubes), list(start.rolls)
            for action in match.record[: start.upto]:
                self._replay.apply(action)

    @property
    def done(self) -> int:
        """Actions of the record reviewed so far."""
        return len(self._replay.record)

    @property
    def finished(self) -> bool:
        return self.done >= len(self.match.record)

    @property
    def progress(self) -> float:
        n = len(self.match.record)
        return 1.0 if n == 0 else self.done / n

    @property
    def pending(self) -> bool:
        """A double waits for its answer: judging the answer reads the doubler's figures kept here."""
        return self._replay.game.phase == "doubled"

    def review(self, since: int = 0) -> Review:
        """What is reviewed so far (the whole record once :attr:`finished`); ``since``: only the
        judgements of ``record[since:]`` (a part, :func:`joined` to what came before it)."""
        return Review(
            self.key,
            self.ply,
            self.done,
            self.match.names,
            _since(self._plays, since),
            _since(self._cubes, since),
            _since(self._rolls, since),
        )

    def think(self) -> Generator[None, None, Review]:
        """Review the rest of the record, a slice per ``next()``; the review is ``StopIteration.value``."""
        while not self.finished:
            yield from self._judge(self.match.record[self.done])
        return self.review()

    def think_part(self, seconds: float) -> Generator[None, None, None]:
        """Judge the next action, and the next while the work so far took under ``seconds``.

        A part never ends between a double and its answer, so the next part, wherever it is
        judged, needs nothing but the record.
        """
        start = time.perf_counter()
        while not self.finished:
            yield from self._judge(self.match.record[self.done])
            if not self.pending and time.perf_counter() - start >= seconds:
                return

    def _judge(self, action: Action) -> Generator[None, None, None]:
        """Judge ``action`` against the replay's state before it, then apply it (committing the judgement)."""
        if self._teacher:  # the deep pass is the teacher's: its nets are built in slices, when first needed
            self.weights = yield from think_teacher_weights()
            self.master = Bot("master", weights=self.weights)
            self.deep = Deep(self.weights)
            self._teacher = False
        replay = self._replay
        state = replay.game
        yield from think_prepare(state.position.key, ahead=self.ply >= 2)  # no frame waits for a table
        index, game, score = self.done, replay.game_number, replay.score
        found: list[PlayReview | CubeReview | RollReview] = []
        if isinstance(action, Move):
            found.append((yield from self._play(state, action, index, game)))
        elif isinstance(action, (Double, Roll)) and state.phase == "roll":
            decision = (
                (yield from self.master.think_cube(replay, ply=self.cube_ply))
                if cube_matters(state, score)
                else None
            )
            if decision is not None:
                found.append(cube_review(decision, state, score, action, index, game))
                self._doubled = decision if isinstance(action, Double) else None
        elif isinstance(action, (Take, Drop)) and state.phase == "doubled":
            decision = self._doubled
            if decision is None:  # the review resumed between the double and the answer
                decision = yield from self.master.think_cube(replay, ply=self.cube_ply)
            if decision is not None:
                found.append(cube_review(decision, state, score, action, index, game))
        if isinstance(action, Roll) and state.phase in ("roll", "opening"):
            luck = yield from self._luck(state, action.dice, index, game)
            if luck is not None:
                found.append(luck)
        replay.apply(action)
        for x in found:
            if isinstance(x, PlayReview):
                self._plays.append(x)
            elif isinstance(x, CubeReview):
                self._cubes.append(x)
            else:
                self._rolls.append(x)

    def _play(
        self, state: GameState, action: Move, index: int, game: int
    ) -> Generator[None, None, PlayReview]:
        assert state.dice is not None
        position = state.position
        play = state.find(action)
        made_key = flip_key(play.result.key)
        cube = cube_view(state, self._replay.score)
        j = yield from think_play_review(
            self.weights, position, state.dice, made_key, self.ply, cube, self.deep, closer=True
        )
        if self.deep is not None:  # the graph's point at the depth of the pass (its tables have it)
            win = (yield from self.deep.think_after(made_key, DEEP_PLY))[0]
        else:
            win = self.weights.after(made_key)[0]
        return PlayReview(
            index,
            game,
            state.turn,
            state.dice,
            position.position_id(),
            play.moves,
            j.best.moves,
            format_play(position, play),
            format_play(position, j.best),
            j.made_equity,
            j.best_equity,
            j.loss,
            mark(j.loss),
            j.choices,
            win if state.turn == 0 else 1.0 - win,
        )

    def _luck(
        self, state: GameState, dice: Dice, index: int, game: int
    ) -> Generator[None, None, RollReview | None]:
        """The roll's luck for its roller, at 0-ply (cubeless; the deep pass's at 2-ply); a tie has none.

        The roll-off's average is 0 by symmetry (gnubg's ``LuckFirst``): its luck is the best play's equity.
        """
        if self.deep is not None:
            return (yield from self._deep_luck(state, dice, index, game))
        slicer = Slicer()
        after = self.weights.after

        def best_after(position: Position, a: int, b: int) -> Work:
            succ = successors(position.key, a, b) or {position.key: 0}
            yield from slicer.add(GEN_COST)
            best = -9.0
            for k in succ:
                best = max(best, equity(after(k)))
                yield from slicer.add(1)
            return best

        a, b = dice
        if state.phase == "opening":
            if a == b:
                return None
            player = 0 if a > b else 1
            position = state.board(player)
            luck = yield from best_after(position, a, b)
        else:
            player = state.turn
            position = state.position
            values = {}
            for c, d, _ in ROLLS:
                values[(c, d)] = yield from best_after(position, c, d)
            mean = sum(w * values[(c, d)] for c, d, w in ROLLS) / 36.0
            luck = values[(min(a, b), max(a, b))] - mean
        return RollReview(index, game, player, dice, luck, luck_mark(luck))

    def _deep_luck(
        self, state: GameState, dice: Dice, index: int, game: int
    ) -> Generator[None, None, RollReview | None]:
        """:meth:`_luck` at 2-ply: each roll's best play as the deep look finds it (``Deep.think_rolls``)."""
        assert self.deep is not None
        a, b = dice
        if state.phase == "opening" and a == b:
            return None
        player = (0 if a > b else 1) if state.phase == "opening" else state.turn
        position = state.board(player) if state.phase == "opening" else state.position
        rolls = yield from self.deep.think_rolls(position.key)
        values = [equity(p) for _, p in rolls]
        drawn = next(n for n, (c, d, _) in enumerate(ROLLS) if (c, d) == (min(a, b), max(a, b)))
        mean = sum(w * v for (_, _, w), v in zip(ROLLS, values, strict=True)) / 36.0
        if state.phase == "opening":
            mean = 0.0  # the roll-off's average is 0 by symmetry
        luck = values[drawn] - mean
        return RollReview(index, game, player, dice, luck, luck_mark(luck))


J = TypeVar("J", PlayReview, CubeReview, RollReview)


def _since(judged: list[J], since: int) -> tuple[J, ...]:
    return tuple(judged) if since <= 0 else tuple(j for j in judged if j.index >= since)


_going: list[tuple[tuple[object, ...], Reviewer]] = []
"""The review a worker is making, and what it was asked about: the next part goes on from it."""


def think_review_part(
    start: Match, record: Sequence[Action], ply: int, since: int, seconds: float
) -> Generator[None, None, Review]:
    """Judge ``record`` (played from ``start``, a match as it began) from ``since`` for ``seconds`` of
    work (:meth:`Reviewer.think_part`); the part's review: ``upto`` where it stopped, and only the
    judgements from ``since`` on.

    The same judgements as a :class:`Reviewer` of the whole record makes. A worker keeps its
    Reviewer, so a part going on from the last one's end does not replay the record again.
    """
    asked = (start.rules, start.names, start.start, start.start_score, ply)
    reviewer = None
    if _going:
        was, going = _going[0]
        if was == asked and going.done == since and going.match.record == list(record):
            reviewer = going
    if reviewer is None:
        _going.clear()  # a window closed, another review: what was kept is of no more use
        match = Match.replay(
            start.rules, record, names=start.names, start=start.start, start_score=start.start_score
        )
        head = Review(analysis_key(ply), ply, since, match.names)
        reviewer = Reviewer(match, start=head, ply=ply)
        _going.append((asked, reviewer))
    yield from reviewer.think_part(seconds)
    return reviewer.review(since)


def joined(review: Review | None, part: Review) -> Review:
    """``review`` (to ``part``'s start) and its next ``part`` (:func:`think_review_part`): one review."""
    if review is None:
        return part
    return Review(
        part.key,
        part.ply,
        part.upto,
        part.names,
        review.plays + part.plays,
        review.cubes + part.cubes,
        review.rolls + part.rolls,
    )


def overlaid(quick: Review | None, deep: Review | None) -> Review | None:
    """The quick pass's review with the deep pass's judgements in place of its own up to where the deep
    pass has got: what a window shows while the deep pass goes on (kept apart, each under its key)."""
    if quick is None or deep is None or not deep.upto:
        return quick
    upto = deep.upto
    return Review(
        quick.key,
        quick.ply,
        quick.upto,
        quick.names,
        deep.plays + tuple(p for p in quick.plays if p.index >= upto),
        deep.cubes + tuple(c for c in quick.cubes if c.index >= upto),
        deep.rolls + tuple(r for r in quick.rolls if r.index >= upto),
    )
