"""The work of a review: each decision of a record judged in bounded slices (see :mod:`cart.ai.review`).

A :class:`Reviewer` replays the record through the engine one action at a
time, and before applying each action judges what it decided: a checker play
(:func:`think_play_review`), a cube decision, the luck of a roll. Each
judgement is a generator that yields every ``SLICE_EVALS`` net evaluations,
like :meth:`cart.ai.Bot.think_play`; a finished judgement is kept at once, so
a window that stops stepping (closed) keeps all the work done, and the next
:meth:`Reviewer.think` continues from the next action.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Generator
from dataclasses import dataclass
from functools import lru_cache

from ..engine import (
    Action,
    Dice,
    Double,
    Drop,
    GameState,
    Match,
    Move,
    Play,
    Position,
    Roll,
    Take,
    format_play,
)
from ..engine.fast import flip_key, play_of, successors
from .bot import LEVEL_SPECS, Bot, CubeDecision, load_weights
from .cube import Chances, CubeState, cube_efficiency, lookahead
from .met import after_game
from .net import DEFAULT_PATH, Weights, equity, flip_probs
from .review_model import (
    VERY_BAD,
    CubeReview,
    PlayReview,
    Review,
    RollReview,
    luck_mark,
    mark,
)
from .slices import GEN_COST, ROLLS, SLICE_EVALS

__all__ = [
    "ANALYSIS_VERSION",
    "DEFAULT_PLY",
    "CubeView",
    "PlayJudgement",
    "Reviewer",
    "analysis_key",
    "cube_review",
    "cube_view",
    "think_play_review",
]

ANALYSIS_VERSION = 3
"""Bumped whenever the analysis changes what it would say: cached reviews of another version are redone."""
DEFAULT_PLY = 1
"""Checker plays: the master's 0-ply picks its candidates, each (and the play made) searched at 1-ply."""

Work = Generator[None, None, float]


@lru_cache(maxsize=2)
def _file_digest(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:16]


def analysis_key(ply: int = DEFAULT_PLY, weights_digest: str | None = None) -> str:
    """The cache key of a review: the weights' digest, the analysis version and the ply.

    A review stored under another key (new weights, a changed analysis) is
    never shown: it is redone. ``weights_digest`` defaults to the shipped
    ``weights.bin``'s (read once per process).
    """
    digest = weights_digest if weights_digest is not None else _file_digest(str(DEFAULT_PATH))
    return f"{digest}:v{ANALYSIS_VERSION}:ply{ply}"


class _Slicer:
    """Counts evaluations and yields each time a slice is full."""

    __slots__ = ("n",)

    def __init__(self) -> None:
        self.n = 0

    def add(self, work: int) -> Generator[None, None, None]:
        self.n += work
        if self.n >= SLICE_EVALS:
            self.n = 0
            yield


@dataclass(frozen=True)
class CubeView:
    """The cube as the mover sees it before its roll: how a play's result is valued cubefully.

    ``state`` is the mover's :class:`~cart.ai.cube.CubeState`; ``emg`` turns the
    mover's match winning chance into EMG (money values pass as they are, per
    unit of the cube).
    """

    state: CubeState
    emg: Callable[[float], float]

    def mover(self, opponent_value: float) -> float:
        """The mover's equity (EMG) from the opponent's cubeful value (money units or match chance)."""
        return self.emg(1.0 - opponent_value) if self.state.is_match else -opponent_value


def cube_view(state: GameState, score: tuple[int, int]) -> CubeView | None:
    """The cube as the player on turn in ``state`` sees it; None where the rules have no cube."""
    if not state.rules.uses_cube:
        return None
    mover = state.turn
    n = state.rules.match_length
    owner = None if state.cube_owner is None else (0 if state.cube_owner == mover else 1)
    away = (n - score[mover], n - score[1 - mover]) if n else None
    cube = CubeState(state.cube, owner, away, state.crawford, state.rules.max_cube)
    return CubeView(cube, _to_emg(state, score, mover))


def _mover_chances(weights: Weights, reply: int) -> tuple[Chances, float]:
    """The mover's chances and cube efficiency before its roll, after the opponent's ``reply``."""
    p = flip_probs(weights.after(reply))
    return (p[0], p[1], p[2], p[3], p[4]), cube_efficiency(Position(flip_key(reply)))


def _zero_ply(weights: Weights, key: int, slicer: _Slicer, cube: CubeView | None) -> Work:
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


def _one_ply(weights: Weights, key: int, slicer: _Slicer, cube: CubeView | None) -> Work:
    """1-ply equity of the mover after the play ending in ``key`` (unflipped): the opponent's best reply
    by the net on each of the 21 rolls. Cubeless: the replies' values averaged. With ``cube``: the
    opponent's cube decision one ply ahead (:func:`~cart.ai.cube.lookahead`, as the master's cube), its
    value taken as it handles the cube well, seen from the mover."""
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
    made_key: int,
    ply: int = DEFAULT_PLY,
    cube: CubeView | None = None,
) -> Generator[None, None, PlayJudgement]:
    """The master's judgement of the play ending in ``made_key`` (an unflipped successor key).

    The net at 0-ply ranks every legal play (cubeless). At ``ply`` 1 the
    master's candidates (its best few within its margin) and the play made are
    searched one ply deeper; at ``ply`` 0 every play is valued at 0-ply. With
    ``cube`` (:func:`cube_view`) the values are cubeful, in EMG. The best of the
    plays so valued is the best play: every equity compared is of one depth.
    """
    slicer = _Slicer()
    succ = successors(position.key, max(dice), min(dice))  # one order: the same best moves for 3-1 and 1-3
    keys = list(succ)
    after = weights.after
    rough = {}
    for k in keys:
        rough[k] = equity(after(k))
        yield from slicer.add(1)
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
    best = max(scores, key=scores.__getitem__)
    return PlayJudgement(made_key, best, scores[made_key], scores[best], len(keys), play_of(best, succ[best]))


def _to_emg(state: GameState, score: tuple[int, int], doubler: int) -> Callable[[float], float]:
    """``doubler``'s figures in EMG: money's are already (per unit of the cube); a match's chances of
    winning it are mapped as gnubg's ``mwc2eq`` maps them, +1 a single game won at the cube, -1 lost."""
    n = state.rules.match_length
    if not n:
        return lambda x: x
    away = (n - score[doubler], n - score[1 - doubler])
    win = after_game(away, state.cube, True, crawford=state.crawford)
    lose = after_game(away, state.cube, False, crawford=state.crawford)
    if win - lose < 1e-9:
        return lambda x: 0.0
    return lambda x: (2.0 * x - (win + lose)) / (win - lose)


def cube_review(
    decision: CubeDecision, state: GameState, score: tuple[int, int], action: Action, index: int, game: int
) -> CubeReview:
    """The cube decision ``action`` (Roll/Double for the doubler, Take/Drop for the taker) judged by
    ``decision``, the master's figures for the doubler."""
    doubler = state.turn
    emg = _to_emg(state, score, doubler)
    nd, dt, dp = emg(decision.no_double), emg(decision.double_take), emg(decision.double_pass)
    if isinstance(action, (Take, Drop)):
        made = "take" if isinstance(action, Take) else "drop"
        right = "take" if dt <= dp else "drop"
        loss = (dt if made == "take" else dp) - min(dt, dp)
        close = loss > 0 or abs(dt - dp) < VERY_BAD
        return CubeReview(index, game, 1 - doubler, "take", made, right, nd, dt, dp, loss, mark(loss), close)
    made = "double" if isinstance(action, Double) else "no double"
    right = decision.action if decision.action in ("double", "no double", "too good") else "no double"
    doubled = min(dt, dp)
    # "no double" also where the cube cannot gain (a single win takes the match): ND is the best then
    best = nd if right == "no double" else max(nd, doubled)
    loss = max(0.0, best - (doubled if made == "double" else nd))
    close = loss > 0 or abs(nd - doubled) < VERY_BAD
    return CubeReview(index, game, doubler, "double", made, right, nd, dt, dp, loss, mark(loss), close)


def cube_matters(state: GameState, score: tuple[int, int]) -> bool:
    """Whether the player on roll has a cube decision to make: the rules let it double and a double
    can gain (gnubg skips the leader's dead cube after the Crawford game the same way)."""
    view = cube_view(state, score)
    return state.can_double() and view is not None and view.state.may_double()


class Reviewer:
    """A review in progress over ``match``'s record: step :meth:`think` a slice at a time.

    ``start`` is a review done before (the cache) of a prefix of this record
    under the same key: its decisions are kept and the work starts after them.
    The match may go on being played: each :meth:`think` reviews up to the
    record's length at that time. ``progress`` is 0..1 of the record so far.
    """

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
        self.key = key if key is not None else analysis_key(ply)
        self.master = Bot("master", weights=self.weights)
        self.luck_bot = Bot("expert", weights=self.weights)
        self._replay = Match(match.rules, names=match.names, start=match.start)
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

    def review(self) -> Review:
        """What is reviewed so far (the whole record once :attr:`finished`)."""
        return Review(
            self.key,
            self.ply,
            self.done,
            self.match.names,
            tuple(self._plays),
            tuple(self._cubes),
            tuple(self._rolls),
        )

    def think(self) -> Generator[None, None, Review]:
        """Review the rest of the record, a slice per ``next()``; the review is ``StopIteration.value``."""
        while not self.finished:
            yield from self._judge(self.match.record[self.done])
        return self.review()

    def _judge(self, action: Action) -> Generator[None, None, None]:
        """Judge ``action`` against the replay's state before it, then apply it (committing the judgement)."""
        replay = self._replay
        state = replay.game
        index, game, score = self.done, replay.game_number, replay.score
        found: list[PlayReview | CubeReview | RollReview] = []
        if isinstance(action, Move):
            found.append((yield from self._play(state, action, index, game)))
        elif isinstance(action, (Double, Roll)) and state.phase == "roll":
            decision = (yield from self.master.think_cube(replay)) if cube_matters(state, score) else None
            if decision is not None:
                found.append(cube_review(decision, state, score, action, index, game))
                self._doubled = decision if isinstance(action, Double) else None
        elif isinstance(action, (Take, Drop)) and state.phase == "doubled":
            decision = self._doubled
            if decision is None:  # the review resumed between the double and the answer
                decision = yield from self.master.think_cube(replay)
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
        j = yield from think_play_review(self.weights, position, state.dice, made_key, self.ply, cube)
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
        """The roll's luck for its roller, at the expert's 0-ply (cubeless).

        In the roll-off the roller is its winner; the start is symmetric, so
        the average over the 30 roll-offs is 0 (gnubg's ``LuckFirst``) and the
        luck is the equity of the roll's best play. A tie has no luck.
        """
        slicer = _Slicer()
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
