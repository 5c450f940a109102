"""A drill position's deep check: the master's candidates at 2-ply, then the close ones rolled out.

The Review's quick marks are too often wrong in contact to ask a player to learn from, and
drills are few, so each is checked harder than a review can afford. A :class:`Check` is the
job's whole state: it goes into :func:`think_check` and comes back further on, a part at a
time (the 2-ply first, then rollout parts), so a worker keeps nothing between parts and a
frame can step the same generator. Equities are EMG for the player to answer.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Literal

from ...engine import Match, MatchKey, Position, Rules, format_play, parse_play
from ...engine.fast import flip_key, play_of, successors
from ...engine.rules import Variant
from ..bot import Bot, think_teacher_weights
from ..deep import Deep
from ..net import Probs, equity
from ..review.cube import cube_view, emg_span
from ..review.play import DEEP_PLY, think_play_review
from ..review.work import analysis_key
from .figures import finished, result
from .model import MIN_TRIALS, QUICK_PLIES, Decision, Settings, Tally
from .review import cube_decision
from .trials import think_rollout_part

CHECK_VERSION = 1
"""Bumped whenever the check would say something else: drills checked by another are checked again."""
CLOSE = 0.08
"""Answers within this of the best at 2-ply (a "?"'s worth) are rolled out side by side."""
MAX_LINES = 4
MAX_OTHERS = 20
SETTINGS = Settings(truncate=QUICK_PLIES, max_trials=4 * MIN_TRIALS)
"""Truncated, luck-adjusted, the same dice for every line; stopped once the best is decided."""
MISTAKE = 0.04
"""What the deep check must still find the answer given costs for the drill to be asked ("?!")."""

Stage = Literal["deep", "rollout", "done"]
Line = tuple[str, str, float, float, int, int]
"""One answer weighed: label, Position ID after it ("" for the cube), equity, standard error, trials
(0: not rolled out) and the depth it was searched at (0: the net alone, ranked below those searched)."""


def check_key(weights_digest: str | None = None) -> str:
    """The analysis key a drill's check is kept under: the weights, the analysis and this check."""
    return f"{analysis_key(DEEP_PLY, weights_digest)}:drill{CHECK_VERSION}"


@dataclass(frozen=True)
class Check:
    """A deep check under way or done. ``kind``: "play", "double" or "take"; ``made``: the answer
    given (gnubg's notation, or "double", "no double", "take", "pass"; "" for none: a position only
    asked about). ``lines``: once done, best
    first; ``seconds``: the work's CPU time so far."""

    position_id: str
    match_id: str
    variant: str
    kind: str
    made: str
    stage: Stage = "deep"
    lines: tuple[Line, ...] = ()
    best: str = ""
    decision: Decision | None = None
    tally: Tally = dataclasses.field(default_factory=Tally)
    seconds: float = 0.0

    @property
    def done(self) -> bool:
        return self.stage == "done"

    @property
    def made_loss(self) -> float:
        """What the answer given costs by this check (once done)."""
        return _loss(self.kind, self.lines, self.made, self.best)

    @property
    def mistake(self) -> bool:
        return self.made_loss >= MISTAKE


def think_check(check: Check, seconds: float) -> Generator[None, None, Check]:
    """``check`` taken a part further: its 2-ply, or about ``seconds`` more of its rollout, or the end."""
    start = time.process_time()
    if check.stage == "deep":
        check = yield from _think_deep(check)
    elif check.stage == "rollout" and (decision := check.decision) is not None:
        tally = yield from think_rollout_part(decision, SETTINGS, check.tally, seconds)
        check = dataclasses.replace(check, tally=tally)
        if finished(decision, SETTINGS, tally):
            check = _rolled_out(check)
    return dataclasses.replace(check, seconds=check.seconds + time.process_time() - start)


def think_whole_check(check: Check) -> Generator[None, None, Check]:
    """:func:`think_check` to its end (tools and the terminal, where nothing else waits)."""
    while not check.done:
        check = yield from think_check(check, 60.0)
    return check


def before_decision(position_id: str, match_id: str, variant: str = "standard") -> Match:
    """The match at a decision, before any double (a take's Match ID holds the double offered)."""
    key = MatchKey.from_id(match_id)
    if key.doubled:
        key = dataclasses.replace(key, doubled=False, turn=key.on_roll)
    rules: Variant = "maxgammon" if variant == "maxgammon" else "standard"
    return Match.from_ids(position_id, key.to_id(), rules=Rules(rules, key.match_length))


def _think_deep(check: Check) -> Generator[None, None, Check]:
    weights = yield from think_teacher_weights()  # the teacher's, as the Review's deep pass; in slices
    match = before_decision(check.position_id, check.match_id, check.variant)
    state, score = match.game, match.score
    if check.kind == "play":
        assert state.dice is not None
        position = state.position
        if not successors(position.key, max(state.dice), min(state.dice)):
            raise ValueError(f"no legal play of {state.dice[0]}-{state.dice[1]} in {check.position_id}")
        view = cube_view(state, score)
        scores: dict[int, float] = {}
        given = flip_key(parse_play(position, state.dice, check.made).result.key) if check.made else None
        judged = yield from think_play_review(
            weights, position, state.dice, given, DEEP_PLY, view, Deep(weights), scores
        )
        mine = judged.made_key
        succ = successors(position.key, max(state.dice), min(state.dice))
        order = sorted(scores, key=scores.__getitem__, reverse=True)
        searched = [_play_line(position, k, succ[k], scores[k], DEEP_PLY) for k in order]
        others = _others(weights.after, position, succ, scores, mine)
        lines = tuple(sorted([*searched, *others], key=_down))
        close = [k for k in order if scores[order[0]] - scores[k] <= CLOSE][:MAX_LINES]
        check = dataclasses.replace(check, lines=lines, best=lines[0][0])
        if len(close) < 2:
            return dataclasses.replace(check, stage="done")
        labels = tuple(_play_line(position, k, succ[k], 0.0, 0)[0] for k in close)
        decision = Decision(
            "play",
            check.position_id,
            state.dice,
            tuple(close),
            labels,
            view.state if view is not None else None,
            emg_span(state, score, state.turn),
            close.index(mine) if mine in close else -1,
        )
        return dataclasses.replace(check, stage="rollout", decision=decision)
    view = cube_view(state, score)
    found = yield from Bot("master", weights=weights).think_cube(match, ply=DEEP_PLY)
    if found is None or view is None:
        raise ValueError(f"no cube decision in {check.position_id} {check.match_id}")
    nd, dt, dp = view.emg(found.no_double), view.emg(found.double_take), view.emg(found.double_pass)
    check = _cube_lines(check, nd, dt, dp, 0.0, 0)
    if abs(min(dt, dp) - nd) > CLOSE and abs(dt - dp) > CLOSE:
        return dataclasses.replace(check, stage="done")
    return dataclasses.replace(check, stage="rollout", decision=cube_decision(state, score))


def _others(
    after: Callable[[int], Probs],
    position: Position,
    succ: dict[int, int],
    scores: dict[int, float],
    made: int,
) -> tuple[Line, ...]:
    """The plays the 2-ply did not search, by the net alone, so an answer among them has a cost: each
    shifted as far as the best moved between the net and the 2-ply, and never above a play searched
    (the search ranked them lower); the best :data:`MAX_OTHERS`."""
    rough = {k: equity(after(k)) for k in succ}
    best = max(scores, key=scores.__getitem__)
    shift = scores[best] - rough[best]
    floor = min(v for k, v in scores.items() if k != made or len(scores) == 1)
    others = sorted((k for k in succ if k not in scores), key=rough.__getitem__, reverse=True)[:MAX_OTHERS]
    return tuple(_play_line(position, k, succ[k], min(rough[k] + shift, floor), 0) for k in others)


def _play_line(position: Position, key: int, code: int, equity: float, ply: int) -> Line:
    play = play_of(key, code)
    return (format_play(position, play), play.result.position_id(), equity, 0.0, 0, ply)


def _cube_lines(check: Check, nd: float, dt: float, dp: float, se: float, trials: int) -> Check:
    """The cube's figures as lines: the doubler's three, or the taker's two (their sign turned)."""
    if check.kind == "take":
        lines = [("take", "", -dt, se, trials, DEEP_PLY), ("pass", "", -dp, se, trials, DEEP_PLY)]
        lines.sort(key=_down)
        return dataclasses.replace(check, lines=tuple(lines), best=lines[0][0])
    taken = dt <= dp  # the taker's answer: take while a take costs it no more than a pass
    best = ("double" if dt > nd else "no double") if taken else ("too good" if nd > dp else "double")
    lines = [("no double", "", nd, se, trials, DEEP_PLY), ("double, take", "", dt, se, trials, DEEP_PLY)]
    lines.append(("double, pass", "", dp, se, trials, DEEP_PLY))
    return dataclasses.replace(check, lines=tuple(lines), best=best)


def _rolled_out(check: Check) -> Check:
    """The rollout's figures in place of the 2-ply's, the others shifted by the best's change."""
    decision = check.decision
    assert decision is not None
    res = result(decision, check.tally, SETTINGS)
    if decision.kind == "cube":
        assert res.cube is not None
        nd, dt, dp = res.cube
        se = max(nd.se, dt.se, dp.se)
        return dataclasses.replace(
            _cube_lines(check, nd.value, dt.value, dp.value, se, res.trials), stage="done"
        )
    rolled = {}
    for label, line in zip(decision.labels, res.lines, strict=True):
        figure = line.cubeful or line.cubeless
        rolled[label] = (figure.value, figure.se)
    top = check.lines[0]
    shift = rolled[top[0]][0] - top[2] if top[0] in rolled else 0.0
    lines = [
        (x[0], x[1], rolled[x[0]][0], rolled[x[0]][1], res.trials, x[5])
        if x[0] in rolled
        else (x[0], x[1], x[2] + shift, 0.0, 0, x[5])
        for x in check.lines
    ]
    lines.sort(key=_down)
    return dataclasses.replace(check, lines=tuple(lines), best=lines[0][0], stage="done")


def _down(line: Line) -> float:
    """Best first."""
    return -line[2]


def _loss(kind: str, lines: tuple[Line, ...], made: str, best: str) -> float:
    if not lines:
        return 0.0
    equity = {x[0]: x[2] for x in lines}
    if kind == "play":
        return max(0.0, lines[0][2] - equity.get(made, lines[-1][2]))
    if kind == "take":
        return max(0.0, max(equity.values()) - equity[made])
    doubled = min(equity["double, take"], equity["double, pass"])
    value = doubled if made == "double" else equity["no double"]
    top = equity["no double"] if best == "no double" else max(doubled, equity["no double"])
    return max(0.0, top - value)
