"""The contact features: the cart's bit-mask version equals the definition, and the definition is right.

The trainer compiles :func:`contact_features_reference` itself, so these tests tie what the
net learnt on to what the cart computes in play.
"""

from __future__ import annotations

import pytest
from conftest import pos_of

from cart.ai.features import CONTACT_FEATURES, contact_features, contact_features_reference
from cart.engine import Position, legal_plays
from cart.engine.fast import SIDE_BITS
from tools.positions import random_positions, selfplay_positions

HIT, BACK_M, BACK_R, MIN_M, MIN_R = range(len(CONTACT_FEATURES))


def both(pos: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(fast, reference) for ``pos`` with its low side as the mover (the side that has just moved)."""
    key = pos.key
    c0 = [(key >> (4 * s)) & 15 for s in range(26)]
    c1 = [(key >> (SIDE_BITS + 4 * s)) & 15 for s in range(26)]
    return contact_features(key, key.to_bytes(26, "little")), tuple(contact_features_reference(c0, c1))


def after_move_positions() -> list[Position]:
    """Results of plays (the evaluator's inputs): random games and set-ups, hits and bar entries included."""
    out = []
    for pos in selfplay_positions(11, 6)[::2] + random_positions(12, 120):
        for dice in ((1, 2), (6, 6), (3, 5), (4, 4)):
            out.extend(p.result for p in legal_plays(pos, dice)[:6])
    return out


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
