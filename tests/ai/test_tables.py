"""Tables built at import, or in slices before first use, equal their plain definitions.

The move generator's and the contact features' tables are built quickly (by doubling, a roll
at a time) or in slices a frame can afford (:func:`cart.ai.features.think_tables`); here each
is checked against the direct loop it stands for.
"""

from __future__ import annotations

import pytest

from cart.ai import features
from cart.engine import Position
from cart.engine.fast import SIDE_BITS
from cart.engine.movegen import _PHI, _PLO, _REV12

ROLLS = 36


def points(mask: int, base: int) -> tuple[int, ...]:
    return tuple(p + base for p in range(12, -1, -1) if mask >> p & 1)


def escapes(w: int, *, past: bool) -> int:
    """Rolls a checker plays in full with the points ahead made as bits of ``w`` (bit j: 12 - j ahead)."""
    if past and not w:
        return ROLLS
    near = 12 - (w.bit_length() - 1)
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            open_a = not (w >> (12 - a)) & 1
            open_b = not (w >> (12 - b)) & 1
            if (not past or a + b > near) and not (w >> (12 - a - b)) & 1 and (open_a or open_b):
                n += 1
    return n


def masks(i: int, v: int) -> int:
    m = 0
    for j, n in ((2 * i, v & 15), (2 * i + 1, v >> 4)):
        side, slot = divmod(j, features.SLOTS)
        if not 1 <= slot <= 24 or n == 0:
            continue
        if side == 0:
            m |= 1 << (25 - slot + (0 if n >= 2 else 32))
        else:
            m |= 1 << (64 + slot)
            if n >= 2:
                m |= 1 << (96 + 25 - slot)
    return m


def test_the_move_generators_point_tables_list_each_masks_points_highest_first() -> None:
    assert tuple(points(i, 0) for i in range(1 << 13)) == _PLO
    assert tuple(points(i, 13) for i in range(1 << 13)) == _PHI


def test_the_move_generators_bit_reversal_reverses_twelve_bits() -> None:
    assert tuple(int(format(i, "012b")[::-1], 2) for i in range(1 << 12)) == _REV12


@pytest.fixture
def unbuilt(monkeypatch: pytest.MonkeyPatch) -> None:
    """The features' tables as before their first use (restored afterwards)."""
    for name in ("_ESCAPES", "_PAST", "_MIN5", "_MASKS"):
        monkeypatch.setattr(features, name, [])


def test_the_feature_tables_build_in_slices_and_equal_their_definitions(unbuilt: None) -> None:
    slices = sum(1 for _ in features.think_tables())
    assert slices >= 50  # a roll, a window or a key byte per slice
    assert [escapes(w, past=False) for w in range(1 << 12)] == features._ESCAPES
    assert [escapes(w, past=True) for w in range(1 << 12)] == features._PAST
    e = features._ESCAPES
    windows = [([x for x in e for _ in range(1 << s)] * (16 >> s))[: 1 << 16] for s in range(5)]
    assert [min(column) for column in zip(*windows, strict=True)] == features._MIN5
    assert [tuple(masks(i, v) for v in range(256)) for i in range(26)] == features._MASKS
    assert sum(1 for _ in features.think_tables()) == 0  # built once


def test_features_given_up_half_way_are_built_whole_at_first_use(unbuilt: None) -> None:
    key = Position.from_position_id("4HPwATDgc/ABMA").key  # the opening after a 3-1 (contact)
    kb = key.to_bytes(26, "little")
    thinking = features.think_tables()
    for _ in range(40):  # into the past table: a thought dropped, say, by a new game
        next(thinking)
    assert features._ESCAPES and not features._MASKS
    c0 = [(key >> (4 * s)) & 15 for s in range(26)]
    c1 = [(key >> (SIDE_BITS + 4 * s)) & 15 for s in range(26)]
    assert features.contact_features(key, kb, True) == features.contact_features_reference(c0, c1)
    assert len(features._MASKS) == 26


def test_the_activation_levels_build_in_slices_and_equal_their_definition() -> None:
    from math import exp

    from cart.ai import net

    building = net._think_level_table()
    slices = 0
    try:
        while True:
            next(building)
            slices += 1
    except StopIteration as stop:
        table = stop.value
    assert slices == 8
    step, levels = net._STEP, net._LEVELS
    expected = [
        round(levels / (1.0 + exp((0x8000 - u) / step))) if u > 0x8000 - 40 * step else 0
        for u in range(1 << 16)
    ]
    assert table == expected
