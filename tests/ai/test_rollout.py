"""Issue 37: the rollout (``cart.ai.rollout``): its trials, its sums, its stopping rule, its kept form."""

from __future__ import annotations

import math

import pytest
from mixed_game import mixed_game

from cart.ai.bot import load_weights
from cart.ai.cube import CubeState, cube_efficiency
from cart.ai.jobs import think_job
from cart.ai.net import equity
from cart.ai.rollout import (
    MIN_TRIALS,
    Decision,
    Settings,
    Tally,
    finished,
    result,
    think_rollout_part,
    think_trials,
)
from cart.ai.rollout.review import decision_at, rollout_from_json, rollout_to_json
from cart.ai.slices import drain
from cart.engine import Position, Rules


def _counts(off: int, men: dict[int, int]) -> list[int]:
    return [off] + [men.get(p, 0) for p in range(1, 26)]


# a late contact position (ten men off, a man back each side): short trials
LATE = Position.from_counts(
    _counts(5, {1: 2, 2: 3, 3: 2, 4: 1, 6: 1, 18: 1}), _counts(5, {1: 3, 2: 2, 3: 2, 4: 2, 20: 1})
)


@pytest.fixture(scope="module")
def weights():  # type: ignore[no-untyped-def]
    return load_weights()


def play_of_late() -> Decision:
    from cart.ai.rollout.review import play_decision
    from cart.engine import GameState

    state = GameState.from_position(Rules(), LATE, dice=(6, 3))
    return play_decision(load_weights(), state, (0, 0), top=3)


def test_a_rollout_split_anyhow_is_the_same_rollout(weights) -> None:  # type: ignore[no-untyped-def]
    """Trial t's dice depend on the seed and t alone: 2 + 2 trials are the 4 trials at once, and a part
    run as a worker's job is the frame's."""
    d = play_of_late()
    s = Settings(luck="prune", seed=3)
    whole = drain(think_trials(weights, d, s, Tally(), 4))
    half = drain(think_trials(weights, d, s, Tally(), 2))
    assert half.trials == 2 and drain(think_trials(weights, d, s, half, 2)) == whole
    assert drain(think_job(("rollout", d, s, half, 0.0))) == drain(think_rollout_part(d, s, half, 0.0))
    assert drain(think_rollout_part(d, s, half, 0.0)).trials == 3  # a trial at least, however short the time


def test_every_play_is_rolled_with_the_same_dice(weights) -> None:  # type: ignore[no-untyped-def]
    """The same play twice side by side: every trial of both the same, so their difference has no error."""
    d = play_of_late()
    twice = Decision("play", d.position_id, d.dice, (d.plays[0], d.plays[0]), ("a", "b"))
    tally = drain(think_trials(weights, twice, Settings(luck="none"), Tally(), 6))
    assert tally.sums[:5] == tally.sums[5:]
    res = result(twice, tally)
    assert res.lines[0].cubeless == res.lines[1].cubeless and res.lines[0].cubeless.se > 0


def test_the_luck_adjustment_takes_off_the_dice_not_the_value(weights) -> None:  # type: ignore[no-untyped-def]
    """Over many trials the adjusted and the plain rollouts agree (within their errors), and the adjusted
    one's trials spread far less: the luck taken off is the dice's, with mean zero."""
    d = Decision("cube", LATE.position_id(), None, (LATE.key,), ("x",))
    plain = result(d, drain(think_trials(weights, d, Settings(luck="none"), Tally(), 36))).lines[0].cubeless
    lucky = result(d, drain(think_trials(weights, d, Settings(luck="prune"), Tally(), 36))).lines[0].cubeless
    assert abs(plain.value - lucky.value) < 3 * math.hypot(plain.se, lucky.se)
    assert lucky.se < 0.7 * plain.se


def rows(win: float, n: int) -> list[list[float]]:
    """``n`` trials of two lines: the first wins ``win`` of them, the second the rest (no gammons)."""
    out = []
    for t in range(n):
        a = 1.0 if t < win * n else 0.0
        out.append([a, 0, 0, 0, 0, 1 - a, 0, 0, 0, 0])
    return out


def test_the_best_play_is_decided_only_when_clear_beyond_its_error() -> None:
    d = Decision("play", Position.start().position_id(), (3, 1), (1, 2), ("a", "b"))
    clear = Tally.empty(2).add(rows(0.75, MIN_TRIALS))
    assert result(d, clear).best == 0 and result(d, clear).decided
    assert not result(d, Tally.empty(2).add(rows(0.75, MIN_TRIALS - 36))).decided  # too few trials yet
    close = Tally.empty(2).add(rows(0.53, MIN_TRIALS))
    assert not result(d, close).decided and not finished(d, Settings(), close)
    assert finished(d, Settings(max_trials=MIN_TRIALS), close)  # the limit stops it anyway
    line = result(d, clear).lines[0]
    assert line.cubeless.value == pytest.approx(2 * 0.75 - 1)
    assert line.cubeless.se == pytest.approx(2 * math.sqrt(0.75 * 0.25 / (MIN_TRIALS - 1)), rel=1e-3)


def test_a_cube_decision_reads_the_cube_model_on_the_rolled_out_chances() -> None:
    pos = LATE
    cube = CubeState(1, None)
    d = Decision("cube", pos.position_id(), None, (pos.key,), ("x",), cube)
    chances = [0.75, 0.1, 0.0, 0.05, 0.0]
    tally = Tally.empty(1).add([chances] * 36)
    res = result(d, tally)
    assert res.cube is not None
    want = cube.decision(tuple(chances), cube_efficiency(pos))  # type: ignore[arg-type]
    assert [f.value for f in res.cube] == pytest.approx(want)
    assert res.lines[0].cubeless.value == pytest.approx(equity(tuple(chances)))  # type: ignore[arg-type]


def test_the_kept_form_reads_back_and_refuses_another_record(weights) -> None:  # type: ignore[no-untyped-def]
    match = mixed_game()
    index = next(i for i, a in enumerate(match.record) if type(a).__name__ == "Move")
    d = decision_at(weights, match, index)
    assert d is not None and d.kind == "play" and d.width >= 2
    s = Settings(seed=5)
    tally = Tally.empty(d.width).add([[0.5, 0.1, 0.0, 0.1, 0.0] * d.width] * 2)
    form = rollout_to_json(index, d, s, tally, match.record)
    assert rollout_from_json(form, d, match.record) == (s, tally)
    with pytest.raises(ValueError):
        rollout_from_json({**form, "record": "x"}, d, match.record)
    with pytest.raises(ValueError):
        rollout_from_json({**form, "tally": [2, [0.0], []]}, d, match.record)
