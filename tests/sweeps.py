"""Sweeps of one code path over many inputs: a sample in the quick loop, the rest with the slow tests.

A module of its own, not ``conftest``: ``from conftest import`` finds the UI's conftest
instead when a run names files under ``tests/ui`` too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def sweep(cases: Iterable[tuple[Any, ...]], quick_every: int) -> list[Any]:
    """``cases`` as parameter sets: every ``quick_every``-th runs in the quick loop, the others are ``slow``.

    CI runs them all; the quick loop checks the same thing on a spread of the same inputs.
    """
    return [
        pytest.param(*case, marks=() if i % quick_every == 0 else pytest.mark.slow)
        for i, case in enumerate(cases)
    ]
