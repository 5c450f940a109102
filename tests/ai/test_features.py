"""The contact features: the cart's bit-mask version equals the definition, and the definition is right.

The trainer compiles :func:`contact_features_reference` itself, so these tests tie what the
net learnt on to what the cart computes in play.
"""

from __future__ import annotations

import random
from math import exp

import pytest
from boards import pos_of

from cart.ai.features import (
    CONTACT_FEATURES,
    INPUTS,
    N_BASIC,
    N_FEATURES,
    ROLLS,
    contact_features,
    contact_features_reference,
    unit_table,
)
from cart.ai.net import Net
from cart.engine import Position, legal_plays
from cart.engine.fast import SIDE_BITS
from tools.positions import random_positions, selfplay_positions

HIT, BACK_M, BACK_R, MIN_M, MIN_R, PAST_M, PAST_R, HELD_M, HELD_R = range(len(CONTACT_FEATURES))


def both(pos: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(fast, reference) for ``pos`` with its low side as the mover (the side that has just moved)."""
    key = pos.key
    c0 = [(key >> (4 * s)) & 15 for s in range(26)]
    c1 = [(key >> (SIDE_BITS + 4 * s)) & 15 for s in range(26)]
    kb = key.to_bytes(26, "little")
    fast = contact_features(key, kb, True)
    assert fast[:N_BASIC] == contact_features(key, kb)  # the first generation's, for the nets that read them
    return fast, tuple(contact_features_reference(c0, c1))


def after_move_positions() -> list[Position]:
    """Results of plays (the evaluator's inputs): random games and set-ups, hits and bar entries included."""
    out = []
    for pos in selfplay_positions(11, 6)[::2] + random_positions(12, 120):
        for dice in ((1, 2), (6, 6), (3, 5), (4, 4)):
            out.extend(p.result for p in legal_plays(pos, dice)[:6])
    return out


@pytest.mark.slow  # thousands of positions both ways: about 2.5 s
def test_the_fast_version_equals_the_definition() -> None:
    seen_bar = [0, 0, 0]
    positions = after_move_positions()
    for pos in positions:
        fast, ref = both(pos)
        assert fast == ref, pos.position_id()
        seen_bar[min((pos.key >> (SIDE_BITS + 100)) & 15, 2)] += 1
    # the roller on the bar with one and with several checkers both came up
    assert len(positions) > 2000 and seen_bar[1] > 30 and seen_bar[2] > 5


@pytest.mark.parametrize(
    ("distance", "shots"),
    # the textbook table of shots at a lone blot, nothing in between
    [
        *[(1, 11), (2, 12), (3, 14), (4, 15), (5, 15), (6, 17), (7, 6), (8, 6), (9, 5), (10, 3), (11, 2)],
        *[(12, 3), (15, 1), (16, 1), (18, 1), (20, 1), (24, 1), (13, 0), (14, 0)],
    ],
)
def test_shots_at_a_lone_blot(distance: int, shots: int) -> None:
    # the mover's blot on its 24-point is the roller's 1-point; one roller checker `distance` above it
    pos = pos_of({24: 1}, {1 + distance: 1} if distance < 24 else {}, their_bar=1 if distance == 24 else 0)
    fast, ref = both(pos)
    assert fast == ref
    assert fast[HIT] == shots


def test_blocks_stop_indirect_shots_and_the_bar_must_enter_first() -> None:
    # blot 8 away: 6-2, 2-6, 5-3, 3-5, 4-4, 2-2 hit; making the points 2 and 6 away (from the
    # roller's side) leaves only 5-3 and 3-5 and 4-4
    open_ = pos_of({24: 1}, {9: 1})
    blocked = pos_of({24: 1, 22: 2, 18: 2}, {9: 1})
    assert both(open_)[0][HIT] == 6
    assert both(blocked)[0][HIT] == 3
    # the roller has one checker on the bar, nothing else behind the blot: a blot on the
    # roller's 20-point (the mover's 5) is hit by entering with a 5 or a 6 then a 1 (etc.)
    bar_one = pos_of({5: 1}, {}, their_bar=1)
    assert both(bar_one)[0][HIT] == both(bar_one)[1][HIT] == 15  # distance 5 from the bar
    # two on the bar: both dice enter first, only direct entries hit
    bar_two = pos_of({5: 1}, {}, their_bar=2)
    assert both(bar_two)[0][HIT] == 11


def test_escapes_and_the_blockade() -> None:
    start = both(Position.start())[0]
    assert start == both(Position.start())[1]
    # behind a full prime nothing plays in full
    primed = pos_of(
        {24: 1, 12: 2, 9: 2, 8: 2, 7: 2, 6: 2, 5: 2, 4: 2},  # the mover's prime: the roller's 16..21
        {2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 22: 1, 24: 2},  # the roller's: the mover's 18..23
    )
    f, r = both(primed)
    assert f == r
    assert f[BACK_M] == 0 and f[MIN_M] == 0  # the roller's prime holds the mover's back checker
    assert f[MIN_R] == 0  # and the mover's prime would hold a roller checker behind it
    # no points in front: every roll plays in full
    free = pos_of({1: 15}, {1: 15})
    assert both(free)[0][BACK_M] == 36 and both(free)[0][MIN_R] == 36


def test_past_escapes_count_only_rolls_that_clear_the_nearest_point() -> None:
    # the mover's back checker on its 24-point, the roller's only point on the mover's 18 (6 ahead)
    pos = pos_of({24: 1, 6: 14}, {7: 2, 20: 13})
    f, r = both(pos)
    assert f == r
    # escapes: all but the five rolls that land on the point (sum 6) and 6-6 (both dice blocked)
    assert f[BACK_M] == 30
    # past it: sums 7..12 (21 rolls) but 6-6
    assert f[PAST_M] == 20
    # nothing ahead within 12 pips: every roll is free
    assert both(pos_of({24: 1, 6: 14}, {20: 15}))[0][PAST_M] == 36


def test_held_escapes_look_only_at_the_points_still_to_pass() -> None:
    # the roller's points on the mover's 4..9; the mover's rearmost checker on its 12-point
    # has nothing left on 15..24: held_escapes is 36 where the blockade count still sees the points
    out = pos_of({12: 2, 2: 13}, {16: 2, 17: 2, 18: 2, 19: 2, 20: 2, 21: 2, 1: 3})
    f, r = both(out)
    assert f == r
    assert f[HELD_M] == 36 and f[MIN_M] < 36
    # a mover on the bar: the bar counts too (behind a closed board nothing escapes)
    barred = pos_of({6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}, my_bar=1)
    f, r = both(barred)
    assert f == r
    assert f[HELD_M] == 0 < f[MIN_M]  # from the bar nothing escapes; from every point of 15..24 something


def dense(
    w1: list[list[float]], b1: list[float], w2: list[list[float]], b2: list[float], key: int
) -> list[float]:
    """A textbook float forward pass of a net on the reference features."""
    units = unit_table()
    n_in = len(w1[0])
    x = [0.0] * n_in
    for j in range(52):
        side, slot = divmod(j, 26)
        for u, v in enumerate(units[slot][(key >> (4 * j)) & 15]):
            x[(side * 26 + slot) * 4 + u] = v
    c0 = [(key >> (4 * s)) & 15 for s in range(26)]
    c1 = [(key >> (4 * (26 + s))) & 15 for s in range(26)]
    for i, count in enumerate(contact_features_reference(c0, c1)[: n_in - INPUTS]):
        x[INPUTS + i] = count / ROLLS
    h = [
        1 / (1 + exp(-(b + sum(w * v for w, v in zip(row, x, strict=True)))))
        for row, b in zip(w1, b1, strict=True)
    ]
    return [
        1 / (1 + exp(-(b + sum(w * v for w, v in zip(row, h, strict=True)))))
        for row, b in zip(w2, b2, strict=True)
    ]


@pytest.mark.parametrize("n_features", [N_BASIC, N_FEATURES])
def test_a_net_reads_the_features_its_file_names(n_features: int) -> None:
    rng = random.Random(n_features)
    hidden = 6
    w1 = [[rng.gauss(0, 0.3) for _ in range(INPUTS + n_features)] for _ in range(hidden)]
    for row in w1:
        for i in range(INPUTS, INPUTS + n_features):
            row[i] = rng.gauss(0, 3.0)  # the features weigh heavily, so each one shows
    b1 = [rng.gauss(0, 0.3) for _ in range(hidden)]
    w2 = [[rng.gauss(0, 1.0) for _ in range(hidden)] for _ in range(5)]
    b2 = [rng.gauss(0, 0.3) for _ in range(5)]
    net = Net(w1, b1, w2, b2)
    assert net.features == CONTACT_FEATURES[:n_features]
    positions = [p for p in after_move_positions()[::40] if not p.is_race()]
    assert len(positions) > 100
    errors = [
        max(abs(a - b) for a, b in zip(net.forward(p.key), dense(w1, b1, w2, b2, p.key), strict=True))
        for p in positions
    ]
    assert max(errors) < 5e-3
