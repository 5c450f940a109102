"""Running sliced work: thinking, the review and reading the weights yield every millisecond or so.

A Pyxel frame steps such a generator until its deadline (threads do not run in
the browser); the terminal, tools and tests run it to the end here.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")

SLICE_EVALS = 40
"""Work per slice, in net evaluations: a millisecond or two, so a frame keeps its time (``bench.py ai``).

Move generation counts too (``GEN_COST`` evaluations a call), so a slice of many
small reply lists stays as short as one of a few big ones.
"""
GEN_COST = 6
PRUNE_COST = 0.3
"""A prune-net evaluation, in contact-net evaluations (``tools/bench.py ai`` times both)."""

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
