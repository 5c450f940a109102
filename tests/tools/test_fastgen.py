"""The tools' compiled move generator against the engine's, on every position of the perft table.

A share of the positions runs in the quick loop (numba compiles the generator once, then
caches it), the rest with the slow tests. Each of the 36 ordered rolls must give exactly
the engine's distinct results, none when it has none.
"""

from __future__ import annotations

import pytest
from perft import PERFT
from sweeps import sweep

from cart.engine import Position
from cart.engine.movegen import successors

fastgen = pytest.importorskip("tools.fastgen", reason="the tools need numpy: pip install -e '.[dev]'")

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
SCRATCH = fastgen.Scratch()


@pytest.mark.parametrize("pid", sweep([(pid,) for pid in sorted(PERFT)], quick_every=10))
def test_every_roll_gives_the_engines_results(pid):
    key = Position.from_position_id(pid).key
    for d1, d2 in ROLLS:
        got = fastgen.results(key, d1, d2, SCRATCH)
        assert len(got) == len(set(got)), (pid, d1, d2)
        assert set(got) == set(successors(key, d1, d2)), (pid, d1, d2)


def test_the_counts_the_table_keeps():
    """The start's 3-1 has 16 plays and the worst case's 2-2 637; a closed-out checker on the bar has none."""
    assert len(fastgen.results(Position.start().key, 3, 1, SCRATCH)) == 16
    assert len(fastgen.results(Position.from_position_id("OQcJkxGUOYEqEw").key, 2, 2, SCRATCH)) == 637
    closed = Position.from_counts([14] + [0] * 24 + [1], [0, 2, 2, 2, 2, 2, 2, 3] + [0] * 18)
    cands, rows = fastgen.candidates(closed.key, 6, 5, SCRATCH)
    assert (
        fastgen.results(closed.key, 6, 5, SCRATCH) == [] and cands == [closed.key] and rows.shape == (1, 26)
    )
