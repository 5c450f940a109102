"""Running sliced work: the ``think_*`` generators yield between slices so a frame can stop them.

The computer's thinking, the review and reading the weights are all written as
generators that yield every millisecond or so; a Pyxel frame steps one until its
deadline, and everything else (the terminal, tools, tests) runs it to the end here.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

__all__ = ["drain"]

T = TypeVar("T")


def drain(gen: Generator[None, None, T]) -> T:
    """Run a ``think_*`` generator to its answer: the blocking call for front ends with time to wait."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            answer: T = stop.value
            return answer
