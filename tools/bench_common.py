"""What every benchmark shares: the suite of positions, best-of timing, and the game a review is timed on.

Each section of ``python -m tools.bench`` (see :mod:`tools.bench`) and the Pyodide
scripts under ``tools/pyodide`` time the same things, so what they time comes from
here. This module imports only the cartridge and the standard library:
``tools/pyodide/time_review.py`` carries it into Pyodide to rebuild the review's game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cart.engine import Position

__all__ = ["ROOT", "SUITE", "best_of", "load_suite", "quantile", "review_game"]

ROOT = Path(__file__).resolve().parent.parent

SUITE = ROOT / "tools" / "data" / "bench_suite.txt"


def pyodide_node() -> str | None:
    """Node, where tools/pyodide's packages are installed; otherwise None, having said why."""
    import shutil

    node = shutil.which("node")
    installed = ROOT / "tools" / "pyodide" / "node_modules" / "pyodide" / "package.json"
    if node is None or not installed.is_file():
        missing = "node is not installed" if node is None else "run `npm ci --prefix tools/pyodide` first"
        print(f"  Pyodide: not measured: {missing} (see tools/README.md)")
        return None
    return node


def quantile(ordered: list[float], q: float) -> float:
    """The ``q`` quantile of values already sorted (the nearest rank at or below)."""
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def load_suite() -> list[tuple[Position, int, int]]:
    pairs = []
    for line in SUITE.read_text().splitlines():
        if line and not line.startswith("#"):
            pid, roll = line.split()
            pairs.append((Position.from_position_id(pid), int(roll[0]), int(roll[1])))
    return pairs


def best_of(rounds: int, fn: Callable[[], object]) -> float:
    """Best wall time of ``rounds`` runs of fn, in seconds."""
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def review_game(plays: int = 60, seed: int = 1) -> Any:
    """The first game of intermediate v expert (money, cube in use) with at least ``plays`` plays,
    cut right after its ``plays``-th play."""
    import random

    from cart.ai import Bot, choose_action
    from cart.engine import Match, Move, Rules

    for s in range(seed, seed + 500):
        match = Match(Rules(), rng=random.Random(s))
        bots = (Bot("intermediate", seed=s), Bot("expert", seed=s))
        while match.game.phase != "over":
            game = match.game
            match.apply(choose_action(bots[game.actor if game.phase != "opening" else 0], match))
        ends = [i for i, a in enumerate(match.record) if isinstance(a, Move)]
        if len(ends) >= plays:
            return Match.replay(match.rules, match.record[: ends[plays - 1] + 1], names=match.names)
    raise RuntimeError("no game that long")
