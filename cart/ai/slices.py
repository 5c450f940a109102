"""Running sliced work: the ``think_*`` generators yield between slices so a frame can stop them.

The computer's thinking, the review and reading the weights are all written as
generators that yield every millisecond or so; a Pyxel frame steps one until its
deadline, and everything else (the terminal, tools, tests) runs it to the end here.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")

SLICE_EVALS = 40
"""Work per slice, in net evaluations (35-48 us each on CPython 3.11 here, features included): 1.5-2 ms.

Move generation counts too (``GEN_COST`` evaluations a call), so a slice of many
small reply lists stays as short as one of a few big ones (``tools/bench.py ai``).
"""
GEN_COST = 6

# the 21 distinct rolls with their weight out of 36
ROLLS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)


def drain(gen: Generator[None, None, T]) -> T:
    """Run a ``think_*`` generator to its answer: the blocking call for front ends with time to wait."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            answer: T = stop.value
            return answer
