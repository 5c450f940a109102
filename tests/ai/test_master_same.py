"""The Master chooses what it chose before its evaluator and search were made cheaper.

``tests/data/master_choices.txt`` keeps the plays, cube decisions and evaluations of the code
before (its head names it; ``tools/master_choices.py`` wrote it), and a speed-up must give them
back bit for bit: the heavy plays are those where the 2-ply runs into its cap, so a cache that
counted less work, or an evaluator a bit off, would show there first. The page's Python (3.14, its
output layer in ``math.sumprod``) is asked the same by the command in ``tools/master_choices.py``.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

import pytest

import cart.ai.net as netmod
from cart.ai.net import Net, read_arrays
from tests.sweeps import sweep
from tools.master_choices import answer, read

RECORD = read()
PLAYS = [(s, a) for k, s, a in RECORD if k == "play"]
CUBES = [(s, a) for k, s, a in RECORD if k == "cube"]
EVALS = [(s, a) for k, s, a in RECORD if k == "eval"]


def test_the_record_holds_every_kind() -> None:
    assert len(PLAYS) >= 60 and len(CUBES) >= 20 and len(EVALS) >= 150


@pytest.mark.parametrize(("spot", "recorded"), sweep(PLAYS, quick_every=12))
def test_the_master_plays_as_before(spot: str, recorded: str) -> None:
    assert answer("play", spot) == recorded


@pytest.mark.parametrize(("spot", "recorded"), sweep(CUBES, quick_every=8))
def test_the_masters_cube_is_as_before(spot: str, recorded: str) -> None:
    assert answer("cube", spot) == recorded


def test_the_evaluator_gives_the_same_bits() -> None:
    assert [answer("eval", s) for s, _ in EVALS] == [a for _, a in EVALS]


def _dot(a: Sequence[int], b: Sequence[int]) -> int:
    """``math.sumprod`` of Python 3.12 on integers, for the 3.11 that runs the tests."""
    assert len(a) == len(b)
    return sum(map(operator.mul, a, b))


def test_the_output_layer_by_dot_products_is_the_lanes_bit_for_bit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where ``math.sumprod`` is (the page's Python), each output is a dot product, not a sum of lanes:
    built with a stand-in of it, every net answers exactly as its lanes do."""
    arrays = read_arrays(netmod.DEFAULT_PATH.read_bytes())[1]
    keys = [int(s, 16) for s, _ in EVALS]
    for name, parts in arrays.items():
        monkeypatch.setattr(netmod, "_SUMPROD", None)
        lanes = Net(*parts)
        monkeypatch.setattr(netmod, "_SUMPROD", _dot)
        dots = Net(*parts)
        assert lanes._out_t and not dots._out_t
        assert [dots.forward(k) for k in keys] == [lanes.forward(k) for k in keys], name
