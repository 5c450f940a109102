"""The Master chooses what it chose before its evaluator and search were made cheaper.

``tests/data/master_choices.txt`` keeps the plays, cube decisions and evaluations of the code
before (its head names it; ``tools/master_choices.py`` wrote it), and a speed-up must give them
back bit for bit: the heavy plays are those where the 2-ply runs into its cap, so a cache that
counted less work, or an evaluator a bit off, would show there first. The page's Python (3.14, its
output layer in ``math.sumprod``) is asked the same by the command in ``tools/master_choices.py``.
"""

from __future__ import annotations

import pytest

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
