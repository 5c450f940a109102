"""What a rollout's sums say: each line's figures and errors, the best, and the stopping rule."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ...engine import Position
from ...engine.fast import flip_key
from ..cube import Chances, cube_efficiency
from ..net import equity, flip_probs
from .model import (
    CHECK_EVERY,
    DECIDED_Z,
    DEFAULT_LUCK,
    MAX_TRIALS,
    MIN_TRIALS,
    Decision,
    Estimate,
    Line,
    Result,
    Settings,
    Tally,
)


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


def finished(decision: Decision, settings: Settings, tally: Tally) -> bool:
    """Whether the rollout stops: at its limit, or once the stopping rule says the best is decided."""
    if tally.trials >= settings.max_trials:
        return True
    return tally.trials % CHECK_EVERY == 0 and tally.trials > 0 and result(decision, tally, settings).decided
