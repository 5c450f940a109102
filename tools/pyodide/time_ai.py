"""AI time per move over the bench suite: the same code times CPython and Pyodide (issue 6, check 4).

    python -m tools.bench pyodide           # both interpreters, with the ratio (the benchmark)
    printf 'expert:10\\nexpert:10\\neval\\n' | \\
        node tools/pyodide/run.mjs --with tools/data/bench_suite.txt tools/pyodide/time_ai.py

A pass ``LEVEL:STEP`` times ``Bot(LEVEL, seed=1).choose_play`` (a fresh bot each pass) over every
STEP-th (position, roll) pair of ``tools/data/bench_suite.txt`` (gnubg self-play, as the ``ai``
benchmark uses), so both interpreters see the same pairs and, the AI being deterministic, do the
same work. A pass ``eval`` times one net evaluation (``Weights.after``) over 500 suite positions:
the interpreter's overhead with the least around it.

As a script this serves passes: it warms up, prints ``READY `` and JSON (the interpreter, the
first warm-up pass), then answers each line of stdin with ``PASS <seconds> <count>`` (time per
move or per evaluation). ``tools/bench.py`` keeps one Pyodide process serving and times each
pass in CPython right before asking Pyodide for the same one, so both sides share whatever else
the machine is doing at that moment, and keeps the best of several rounds of each.

Warm-up (``--warmup`` seconds of expert passes): V8 runs Pyodide's WebAssembly on its baseline
compiler at first and moves the hot functions (CPython's bytecode loop above all) to its
optimising one in the background, as a browser does; a page pays for that once, in its first
moves. The first warm-up pass is reported as the cold figure (here about 15% slower than later
passes). CPython has no such stage; it warms up for a moment all the same.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import cache
from pathlib import Path

from cart.ai import Bot, features, load_weights
from cart.engine import Position
from cart.engine.fast import flip_key

ROOT = Path(__file__).resolve().parents[2]

SUITE = ROOT / "tools" / "data" / "bench_suite.txt"
EVAL_POSITIONS = 500
WARM_UP_PASS = "expert:10"


@cache
def load_pairs(step: int) -> tuple[tuple[Position, tuple[int, int]], ...]:
    """Every ``step``-th (position, roll) of the bench suite, in file order."""
    pairs = []
    for line in SUITE.read_text().splitlines():
        if line and not line.startswith("#"):
            pid, roll = line.split()
            pairs.append((Position.from_position_id(pid), (int(roll[0]), int(roll[1]))))
    return tuple(pairs[::step])


def time_pass(name: str) -> tuple[float, int]:
    """One pass: ``"eval"`` or ``"LEVEL:STEP"``; seconds per evaluation or per move, and how many.

    Each starts with no contact features kept (``cart.ai.features``): a pass repeated would else
    time the look-ups of the one before.
    """
    features._COUNTED.clear()
    if name == "eval":
        weights = load_weights()
        keys = [flip_key(p.key) for p, _ in load_pairs(1)[:EVAL_POSITIONS]]
        t0 = time.perf_counter()
        for k in keys:
            weights.after(k)
        return (time.perf_counter() - t0) / len(keys), len(keys)
    level, _, step = name.partition(":")
    pairs = load_pairs(int(step or 1))
    bot = Bot(level, seed=1, page=False)  # the desktop's caps in Pyodide too: the same work both sides
    t0 = time.perf_counter()
    for pos, dice in pairs:
        bot.choose_play(pos, dice)
    return (time.perf_counter() - t0) / len(pairs), len(pairs)


def warm_up(seconds: float) -> float:
    """Expert passes for ``seconds`` (at least one); the first pass's time per move."""
    end = time.perf_counter() + seconds
    first, _ = time_pass(WARM_UP_PASS)
    while time.perf_counter() < end:
        time_pass(WARM_UP_PASS)
    return first


def interpreter() -> str:
    """Which Python this is, in a few words (Pyodide's own version where there is one)."""
    version = sys.version.split()[0]
    if sys.platform == "emscripten":
        import pyodide

        return f"Pyodide {pyodide.__version__} (Python {version})"
    return f"CPython {version}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warmup", type=float, default=10.0, help="seconds of play before serving passes")
    args = ap.parse_args()
    cold = warm_up(args.warmup)
    print("READY " + json.dumps({"interpreter": interpreter(), "cold_s": cold}), flush=True)
    for line in sys.stdin:
        if line.strip():
            seconds, count = time_pass(line.strip())
            print(f"PASS {seconds!r} {count}", flush=True)


if __name__ == "__main__":
    main()
