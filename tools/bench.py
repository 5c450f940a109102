"""Benchmarks, each printed with its ratio to a reference measured in the same run.

    python tools/bench.py                  # everything
    python tools/bench.py movegen          # legal play generation only

movegen: the 2,000 (position, roll) pairs of tools/data/bench_suite.txt (from
gnubg self-play, see tools/make_suite.py) through our generator and through
gnubg_nn.moves (GNU Backgammon's C generator) on the same suite; and the worst
case we know, OQcJkxGUOYEqEw with 2-2 (637 distinct plays). Each figure is the
best of several rounds, so a busy machine inflates it less.

ai: time per move of each level over the same suite (master over every tenth
pair), mean and p99, and the longest single slice of its ``think_play``
generator (what one frame of the UI may spend), against GNU Backgammon's 0-ply
``best_move`` (C) on the same pairs; plus one net evaluation.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cart.engine import Position, legal_plays  # noqa: E402
from cart.engine.movegen import successors  # noqa: E402

SUITE = ROOT / "tools" / "data" / "bench_suite.txt"
WORST = ("OQcJkxGUOYEqEw", (2, 2))


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


def bench_movegen(rounds: int) -> None:
    import gnubg_nn

    suite = load_suite()
    keys = [(p.key, d1, d2) for p, d1, d2 in suite]
    boards = [(p.gnubg_board(), d1, d2) for p, d1, d2 in suite]
    n = len(suite)

    def ours_raw() -> None:
        for k, d1, d2 in keys:
            successors(k, d1, d2)

    def ours_plays() -> None:
        for p, d1, d2 in suite:
            legal_plays(p, (d1, d2))

    def gnubg() -> None:
        for b, d1, d2 in boards:
            gnubg_nn.moves(b, d1, d2)

    def ours_cold() -> None:
        # The generator caches masks per side; clear them to time the worst (no reuse) case.
        from cart.engine import movegen

        movegen._opp_cache.clear()
        movegen._occ_cache.clear()
        for k, d1, d2 in keys:
            successors(k, d1, d2)

    counts_ours = sum(len(successors(k, d1, d2)) for k, d1, d2 in keys)
    counts_gnubg = sum(len(gnubg_nn.moves(b, d1, d2)) for b, d1, d2 in boards)
    t_g = best_of(rounds, gnubg)
    t_raw = best_of(rounds, ours_raw)
    t_cold = min(best_of(1, ours_cold) for _ in range(rounds))
    t_plays = best_of(rounds, ours_plays)
    print(f"movegen suite: {n} (position, roll) pairs, {counts_ours} plays (gnubg {counts_gnubg})")
    us = 1e6 / n
    print(f"  gnubg_nn.moves (C)          {t_g * us:8.2f} us/position   1.00x (reference)")
    print(f"  successors (raw, AI path)   {t_raw * us:8.2f} us/position   {t_raw / t_g:5.2f}x gnubg")
    print(f"  successors, caches cleared  {t_cold * us:8.2f} us/position   {t_cold / t_g:5.2f}x gnubg")
    print(f"  legal_plays (Play objects)  {t_plays * us:8.2f} us/position   {t_plays / t_g:5.2f}x gnubg")

    pid, (d1, d2) = WORST
    pos = Position.from_position_id(pid)
    board = pos.gnubg_board()
    reps = 50
    w_g = best_of(rounds, lambda: [gnubg_nn.moves(board, d1, d2) for _ in range(reps)]) / reps
    w_raw = best_of(rounds, lambda: [successors(pos.key, d1, d2) for _ in range(reps)]) / reps
    w_plays = best_of(rounds, lambda: [legal_plays(pos, (d1, d2)) for _ in range(reps)]) / reps
    print(f"worst case {pid} {d1}-{d2}: {len(successors(pos.key, d1, d2))} plays")
    print(f"  gnubg_nn.moves (C)          {w_g * 1e3:8.3f} ms   1.00x (reference)")
    print(f"  successors (raw, AI path)   {w_raw * 1e3:8.3f} ms   {w_raw / w_g:5.2f}x gnubg")
    print(f"  legal_plays (Play objects)  {w_plays * 1e3:8.3f} ms   {w_plays / w_g:5.2f}x gnubg")


def bench_ai(rounds: int) -> None:
    import gnubg_nn

    from cart.ai import LEVELS, Bot, load_weights
    from cart.engine.movegen import flip_key

    suite = load_suite()
    boards = [(p.gnubg_board(), d1, d2) for p, d1, d2 in suite]
    t_g = best_of(rounds, lambda: [gnubg_nn.best_move(b, d1, d2) for b, d1, d2 in boards]) / len(boards)
    print(f"ai: time per move over {len(suite)} suite pairs (master: every tenth)")
    print(f"  gnubg_nn.best_move 0-ply (C)   mean {t_g * 1e3:7.3f} ms   1.00x (reference)")
    weights = load_weights()
    keys = [flip_key(p.key) for p, _, _ in suite[:500]]
    t_eval = best_of(rounds, lambda: [weights.after(k) for k in keys]) / len(keys)
    print(f"  one net evaluation             mean {t_eval * 1e6:7.1f} us")
    for level in LEVELS:
        bot = Bot(level, seed=1)
        pairs = suite[::10] if level == "master" else suite
        moves: list[float] = []
        slices: list[float] = []
        for pos, d1, d2 in pairs:
            gen = bot.think_play(pos, (d1, d2))
            start = time.perf_counter()
            while True:
                t0 = time.perf_counter()
                try:
                    next(gen)
                except StopIteration:
                    slices.append(time.perf_counter() - t0)
                    break
                slices.append(time.perf_counter() - t0)
            moves.append(time.perf_counter() - start)
        moves.sort()
        slices.sort()
        mean = sum(moves) / len(moves)
        p99 = moves[min(len(moves) - 1, int(0.99 * len(moves)))]
        s999 = slices[min(len(slices) - 1, int(0.999 * len(slices)))]
        print(
            f"  {level:<12} {len(moves):5d} moves   mean {mean * 1e3:7.3f} ms ({mean / t_g:6.1f}x)   "
            f"p99 {p99 * 1e3:7.2f} ms   slices: {len(slices)}, p99.9 {s999 * 1e3:5.2f} ms, "
            f"longest {slices[-1] * 1e3:5.2f} ms"
        )
    print("  (the longest slice includes whatever the OS did meanwhile; p99.9 is the steadier figure)")


BENCHES = {"movegen": bench_movegen, "ai": bench_ai}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("which", nargs="*", help=f"benchmarks to run, of {', '.join(BENCHES)} (default: all)")
    ap.add_argument("--rounds", type=int, default=7, help="rounds per figure; the best is kept")
    args = ap.parse_args()
    unknown = [name for name in args.which if name not in BENCHES]
    if unknown:
        ap.error(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(BENCHES)}")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}")
    for name in args.which or BENCHES:
        BENCHES[name](args.rounds)


if __name__ == "__main__":
    main()
