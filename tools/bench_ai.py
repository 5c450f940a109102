"""Move generation and the AI's time per move in CPython, each against GNU Backgammon's C on the same suite.

The ``movegen`` and ``ai`` sections of ``python -m tools.bench`` (what they measure
is in :mod:`tools.bench`). They need ``gnubg_nn`` and nothing of the UI or of
Node, so they run wherever the cartridge's engine does.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from pathlib import Path

from cart.engine import Position, legal_plays
from cart.engine.fast import successors
from tools.bench_common import best_of, load_suite, quantile

__all__ = ["WORST", "bench_ai", "bench_deep", "bench_movegen"]

WORST = ("OQcJkxGUOYEqEw", (2, 2))


def stepped(gen: Generator[None, None, object], clock: Callable[[], float], slices: list[float]) -> None:
    """Run ``gen`` to its end, each slice's time by ``clock`` appended to ``slices``."""
    while True:
        t0 = clock()
        try:
            next(gen)
        except StopIteration:
            slices.append(clock() - t0)
            return
        slices.append(clock() - t0)


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


def bench_ai(rounds: int, weights_file: Path | None = None) -> None:
    """``weights_file`` (``--weights``): a weight file to time instead of the cart's own (a candidate net)."""
    import gnubg_nn

    from cart.ai import LEVELS, Bot, features, load_weights
    from cart.ai.bot import PRUNE_COST
    from cart.ai.net import equity, is_race
    from cart.engine.fast import flip_key

    suite = load_suite()
    boards = [(p.gnubg_board(), d1, d2) for p, d1, d2 in suite]
    t_g = best_of(rounds, lambda: [gnubg_nn.best_move(b, d1, d2) for b, d1, d2 in boards]) / len(boards)
    print(f"ai: time per move over {len(suite)} suite pairs (master: every tenth)")
    print(f"  gnubg_nn.best_move 0-ply (C)   mean {t_g * 1e3:7.3f} ms   1.00x (reference)")
    weights = load_weights(weights_file) if weights_file else load_weights()
    if weights_file:
        print(f"  weights: {weights_file} (contact net: {len(weights.contact.features)} contact features)")
    keys = [flip_key(p.key) for p, _, _ in suite[:500]]
    forget = features._COUNTED.clear  # each round with no contact features kept from the last
    t_eval = best_of(rounds, lambda: (forget(), [weights.after(k) for k in keys])) / len(keys)
    print(f"  one net evaluation             mean {t_eval * 1e6:7.1f} us")
    contact = [k for k in keys if not is_race(k)]
    t_full = best_of(rounds, lambda: (forget(), [equity(weights.after(k)) for k in contact])) / len(contact)
    t_rough = best_of(rounds, lambda: [weights.rough(k) for k in contact]) / len(contact)
    print(
        f"  prune net rank, contact        mean {t_rough * 1e6:7.1f} us   "
        f"{t_rough / t_full:5.2f}x the contact net (the master counts it as {PRUNE_COST})"
    )
    for level in LEVELS:
        bot = Bot(level, seed=1, weights=weights)
        pairs = suite[::10] if level == "master" else suite
        moves: list[float] = []
        slices: list[float] = []
        for pos, d1, d2 in pairs:
            start = time.perf_counter()
            stepped(bot.think_play(pos, (d1, d2)), time.perf_counter, slices)
            moves.append(time.perf_counter() - start)
        moves.sort()
        slices.sort()
        mean = sum(moves) / len(moves)
        p99 = quantile(moves, 0.99)
        s999 = quantile(slices, 0.999)
        print(
            f"  {level:<12} {len(moves):5d} moves   mean {mean * 1e3:7.3f} ms ({mean / t_g:6.1f}x)   "
            f"p99 {p99 * 1e3:7.2f} ms   slices: {len(slices)}, p99.9 {s999 * 1e3:5.2f} ms, "
            f"longest {slices[-1] * 1e3:5.2f} ms"
        )
    print("  (the longest slice includes whatever the OS did meanwhile; p99.9 is the steadier figure)")


def bench_deep(rounds: int, every: int = 40) -> None:
    """The teacher's look at a position (:mod:`cart.ai.deep`): CPU per position at 2-ply (each roll's
    best play by the net searched at 1-ply, and each roll's short list of the master's six), against
    the 1-ply in the same run, over every ``every``-th suite position; and the longest slice. The teacher
    reads its own contact net (:func:`cart.ai.teacher_weights`): the shipped nets' 2-ply is its reference."""
    from cart.ai import load_weights, teacher_weights
    from cart.ai.deep import CANDIDATES, Deep
    from cart.ai.levels import LEVEL_SPECS

    weights, teacher = load_weights(), teacher_weights()
    keys = list(dict.fromkeys(p.key for p, _, _ in load_suite()[::every]))
    print(f"deep: CPU per position over {len(keys)} suite positions (process time; each position afresh)")
    for key in keys:  # the bear-off tables they reach, worked out once (the game prepares them in slices)
        Deep(weights).chances(key, 2)
    ref = 0.0
    six = LEVEL_SPECS["master"].candidates
    looks = (
        ("1-ply", 1, 1, weights),
        ("2-ply, shipped nets", 2, CANDIDATES, weights),
        ("2-ply, the teacher's", 2, CANDIDATES, teacher),
        (f"2-ply, {six} a roll", 2, six, teacher),
    )
    for name, ply, candidates, nets in looks:
        times: list[float] = []
        slices: list[float] = []
        for key in keys:
            deep = Deep(nets, candidates=candidates)
            start = time.process_time()
            stepped(deep.think_chances(key, ply), time.thread_time, slices)
            times.append(time.process_time() - start)
        times.sort()
        mean = sum(times) / len(times)
        ref = ref or mean
        print(
            f"  {name:<22} mean {mean * 1e3:8.1f} ms ({mean / ref:5.1f}x 1-ply)   p90 "
            f"{quantile(times, 0.9) * 1e3:7.0f} ms   longest {times[-1] * 1e3:7.0f} ms   "
            f"slices (CPU): p99.9 {quantile(sorted(slices), 0.999) * 1e3:5.2f} ms, "
            f"longest {max(slices) * 1e3:5.2f} ms"
        )
