"""The teacher's deep look (``cart.ai.deep``) against a search rebuilt on the engine's public face."""

from __future__ import annotations

import statistics
from heapq import nlargest

import pytest
from short_matches import FEW_PLAYS

from cart.ai import Bot, load_weights
from cart.ai.deep import Deep
from cart.ai.net import Probs, equity, flip_probs
from cart.ai.slices import SLICE_EVALS
from cart.engine import Position, legal_plays

CONTACT = "4HPwATDgc/ABMA"
BAR = "M2aZYQCwAQM+Zg"
RACE = "OwAAAABAAAAAAA"
ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]  # all 36, where the search weighs 21


def mean(chances: list[Probs]) -> Probs:
    return (
        statistics.fmean(c[0] for c in chances),
        statistics.fmean(c[1] for c in chances),
        statistics.fmean(c[2] for c in chances),
        statistics.fmean(c[3] for c in chances),
        statistics.fmean(c[4] for c in chances),
    )


class Reference:
    """The deep look rebuilt from ``legal_plays`` and ``Bot.evaluate``, over the 36 rolls."""

    def __init__(self, candidates: int, margin: float = 0.16, keep: int = 3) -> None:
        self.net = Bot("expert")
        self.candidates, self.margin, self.keep = candidates, margin, keep

    def results(self, pos: Position, a: int, b: int) -> list[Position]:
        return [p.result for p in legal_plays(pos, (a, b))] or [pos.flip()]

    def after(self, result: Position) -> Probs:
        """The mover's 0-ply chances after the play ending in ``result`` (the other side on roll)."""
        return flip_probs(tuple(self.net.evaluate(result))[:5])  # type: ignore[arg-type]

    def one_ply(self, pos: Position, prune: bool) -> Probs:
        weights = self.net.weights
        chosen = []
        for a, b in ROLLS:
            results = self.results(pos, a, b)
            if prune and len(results) > self.keep:
                results = nlargest(self.keep, results, key=lambda r: weights.rough(r.flip().key))
            chosen.append(max((self.after(r) for r in results), key=equity))
        return mean(chosen)

    def two_ply(self, pos: Position) -> Probs:
        chosen = []
        for a, b in ROLLS:
            results = self.results(pos, a, b)
            rough = sorted(results, key=lambda r: -equity(self.after(r)))[: self.candidates]
            top = equity(self.after(rough[0]))
            short = [r for r in rough if top - equity(self.after(r)) <= self.margin]
            deeper = [
                self.after(r) if r.is_over() else flip_probs(self.one_ply(r, not r.is_race())) for r in short
            ]
            chosen.append(max(deeper, key=equity))
        return mean(chosen)


@pytest.fixture(scope="module")
def deep() -> Deep:
    return Deep(load_weights())


def test_zero_ply_is_the_net_and_a_bad_depth_is_refused(deep: Deep) -> None:
    pos = Position.from_position_id(CONTACT)
    assert deep.chances(pos.key, 0) == tuple(Bot("expert").evaluate(pos))[:5]
    with pytest.raises(ValueError, match="ply must be 0 to 3, got 4"):
        deep.chances(pos.key, 4)


@pytest.mark.parametrize("pid", [CONTACT, BAR, RACE])
def test_one_ply_is_each_rolls_best_play_averaged(deep: Deep, pid: str) -> None:
    pos = Position.from_position_id(pid)
    ref = Reference(1)
    assert deep.chances(pos.key, 1) == pytest.approx(ref.one_ply(pos, False), abs=1e-12)
    pruned = Deep(load_weights()).think_chances(pos.key, 1, pruned=True)
    try:
        while True:
            next(pruned)
    except StopIteration as stop:
        assert stop.value == pytest.approx(ref.one_ply(pos, not pos.is_race()), abs=1e-12)


@pytest.mark.parametrize(
    ("pid", "candidates"),
    [
        (FEW_PLAYS, 1),
        pytest.param(BAR, 1, marks=pytest.mark.slow),
        pytest.param(BAR, 3, marks=pytest.mark.slow),
        (RACE, 6),
    ],
)
def test_two_ply_searches_each_rolls_short_list_a_ply_deeper(pid: str, candidates: int) -> None:
    """Quick where the replies are few: the reference's 2-ply, all in Python, took a second on the bar."""
    pos = Position.from_position_id(pid)
    got = Deep(load_weights(), candidates=candidates).chances(pos.key, 2)
    assert got == pytest.approx(Reference(candidates).two_ply(pos), abs=1e-12)


def test_three_ply_reads_each_rolls_best_play_by_the_net_at_two_ply() -> None:
    pos = Position.from_position_id(FEW_PLAYS)
    ref, deep, two = Reference(1), Deep(load_weights()), Deep(load_weights())
    chosen = []
    for a, b in ROLLS:
        best = max(ref.results(pos, a, b), key=lambda r: equity(ref.after(r)))
        chosen.append(ref.after(best) if best.is_over() else flip_probs(two.chances(best.key, 2)))
    assert deep.chances(pos.key, 3) == pytest.approx(mean(chosen), abs=1e-12)
    assert deep.chances(pos.key, 3) != deep.chances(pos.key, 2)


def test_slices_are_bounded_and_a_position_is_worked_out_once() -> None:
    weights = load_weights()
    calls = [0]
    after, rough = weights.after, weights.rough

    class Counting:
        def after(self, key: int) -> Probs:
            calls[0] += 1
            return after(key)

        def rough(self, key: int) -> float:
            calls[0] += 1
            return rough(key)

    deep = Deep(Counting(), candidates=2)  # type: ignore[arg-type]
    key = Position.from_position_id(CONTACT).key
    gen = deep.think_chances(key, 2)
    most = 0
    try:
        while True:
            calls[0] = 0
            next(gen)
            most = max(most, calls[0])
    except StopIteration as stop:
        first = stop.value
    assert 0 < most <= SLICE_EVALS / 0.3 + 1  # prune-net ranks count 0.3 of an evaluation
    spent = deep.spent
    assert deep.chances(key, 2) == first and deep.spent == spent


def test_a_play_that_wins_reads_exact() -> None:
    last = Position.from_counts([14, 1] + [0] * 24, [0, 0, 0, 0, 0, 0, 15] + [0] * 19)
    deep = Deep(load_weights())
    plays = legal_plays(last, (6, 5))
    won = [p for p in plays if p.result.is_over()]
    assert won
    assert deep.chances(last.key, 2)[0] == pytest.approx(1.0)


def test_past_its_cap_a_two_ply_reads_the_rolls_left_at_one_ply() -> None:
    weights = load_weights()
    key = Position.from_position_id(CONTACT).key
    capped = Deep(weights, candidates=1, cap=0.0)  # past the cap at the first roll's first play
    assert capped.chances(key, 2) == pytest.approx(Deep(weights).chances(key, 1), abs=1e-12)
    some = Deep(weights, candidates=1, cap=2000.0)
    whole = Deep(weights, candidates=1)
    assert some.chances(key, 2) != whole.chances(key, 2)
    assert some.spent < whole.spent


def test_a_look_ahead_finds_its_bear_off_tables_made_in_slices() -> None:
    """Two plies from a contact position may end in a race: its home boards are made first, in slices.

    Each side has ten men off, four home and one back, so contact breaks within the look; without
    ``ahead`` the look would work out new home boards inside one slice (a frozen frame).
    """
    from cart.ai import bearoff
    from cart.ai.slices import drain

    mine = [10, 2, 2] + [0] * 17 + [1] + [0] * 5
    key = Position.from_counts(mine, mine).key
    weights = load_weights()
    for ahead in (False, True):
        bearoff.forget()
        drain(bearoff.think_prepare(key, ahead=ahead))
        made = len(bearoff._HOME_SOLVED)
        Deep(weights).chances(key, 2)
        assert (len(bearoff._HOME_SOLVED) == made) is ahead, ahead
    bearoff.forget()
    drain(bearoff.think_prepare(Position.start().key, ahead=True))  # contact two rolls cannot break
    assert len(bearoff._HOME_SOLVED) == 1  # the empty board alone: an opening's look pays for no table
    bearoff.forget()
