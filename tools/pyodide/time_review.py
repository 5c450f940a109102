"""A whole review of the bench's 60-move game under Pyodide (issue 20: the same figure as CPython's).

    node tools/pyodide/run.mjs --with tools/__init__.py --with tools/bench_common.py \\
        tools/pyodide/time_review.py [ROUNDS]

``tools/bench.py review`` runs this itself when Node and Pyodide are installed and prints the
ratio to CPython measured in the same run. The game is rebuilt here by ``tools.bench_common.review_game``
(the bots are deterministic, so both interpreters review the same record). V8 optimises Pyodide's
WebAssembly in its first seconds, as a browser does, so a short warm-up of expert moves runs
first. Prints one JSON line: for each ply, the best whole review in seconds, the number of
slices and the longest slice in milliseconds (the time one frame gives the window).
"""

from __future__ import annotations

import json
import random
import sys
import time

from cart.ai import Bot, choose_action
from cart.ai.review import DEFAULT_PLY, Reviewer
from cart.engine import Match, Rules
from tools.bench_common import review_game


def warm_up(seconds: float = 5.0) -> None:
    """Expert moves until ``seconds`` have passed: V8 moves the hot code to its optimising compiler."""
    end = time.perf_counter() + seconds
    bot = Bot("expert", seed=1)
    while time.perf_counter() < end:
        match = Match(Rules(), rng=random.Random(1))
        for _ in range(20):
            if match.game.phase == "over":
                break
            match.apply(choose_action(bot, match))


def best_review(match: Match, ply: int, rounds: int) -> tuple[float, list[float], list[float]]:
    """The fastest of ``rounds`` whole reviews: its seconds, and its slices' wall and CPU times, sorted.

    ``tools/bench_review.py`` times CPython with this too, so both interpreters are measured alike.
    """
    best, slices, cpu = float("inf"), [0.0], [0.0]
    for _ in range(rounds):
        gen = Reviewer(match, ply=ply).think()
        start = time.perf_counter()
        these, these_cpu = [], []
        while True:
            t0, c0 = time.perf_counter(), time.process_time()
            try:
                next(gen)
                done = False
            except StopIteration:
                done = True
            these.append(time.perf_counter() - t0)
            these_cpu.append(time.process_time() - c0)
            if done:
                break
        took = time.perf_counter() - start
        if took < best:
            best, slices, cpu = took, sorted(these), sorted(these_cpu)
    return best, slices, cpu


def time_review(match: Match, ply: int, rounds: int) -> dict[str, float]:
    best, slices, _ = best_review(match, ply, rounds)
    return {"seconds": best, "slices": len(slices), "longest_ms": slices[-1] * 1e3}


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    match = review_game()
    warm_up()
    result = {str(ply): time_review(match, ply, rounds) for ply in (DEFAULT_PLY, 0)}
    print(json.dumps({"actions": len(match.record), "python": sys.version.split()[0], **result}))


if __name__ == "__main__":
    main()
