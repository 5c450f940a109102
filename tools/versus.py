"""Measure the bot's strength against GNU Backgammon's players (development only).

Cubeless money games between any two of: our levels (``beginner``,
``intermediate``, ``expert``, ``master``), ``pubeval`` (Tesauro's linear
evaluator, ``gnubg_nn.pub_best_move``) and ``gnubg0`` (GNU Backgammon at 0-ply,
``gnubg_nn.best_move``). Game pair ``i`` draws its dice from one seed and is
played twice with the sides swapped, which cancels most of the luck; the 95%
interval is computed over the pairs for that reason.

    python -m tools.versus expert pubeval --games 20000 --jobs 2
    python -m tools.versus master gnubg0 --games 2000
    python -m tools.versus expert --error-rate        # equity lost per move, judged by gnubg 0-ply
    python -m tools.versus master --error-rate --judge-ply 2   # ... by gnubg 2-ply (about 10 minutes)
    python -m tools.versus expert pubeval --games 600 --judge   # ... and where, in real games
    python -m tools.versus expert gnubg0 --games 4000 --save a.json   # then, after a change:
    python -m tools.versus expert gnubg0 --games 4000 --compare a.json   # the paired difference
    python -m tools.versus cube judge --level master --ply 2     # the cube: see tools/cube_judge.py
    python -m tools.versus cube games --level expert --games 2000   # cubeful money against gnubg 0-ply
    python -m tools.versus review judge --games 20               # the review against gnubg's analysis
    python -m tools.versus eval judge                            # the evaluator, class by class

The error rate replays the positions of ``tools/data/bench_suite.txt`` (gnubg
self-play) and scores each of our plays by gnubg 0-ply's equity of the result,
against the best play by the same judge: mean equity given up per move
(only moves with a choice count). A 0-ply judge sees only about half of what a
search gains (the master's 2-ply over its 1-ply: 0.0008 at 0-ply, 0.0015 at
2-ply), so ``--judge-ply 2`` is the judge for the master.

``--judge`` does the same to every play A makes in the games themselves and
splits the loss by phase (contact, race, A bearing off, both bearing off): it
says where strength is missing, e.g. whether a bear-off table would pay.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

from cart.ai import LEVELS
from cart.engine import GameState, Match, Position
from tools.players import CUBELESS, PHASES, Player, equity_lost

SUITE = Path(__file__).resolve().parent / "data" / "bench_suite.txt"
PLAYERS = (*LEVELS, "pubeval", "gnubg0")


def play_game(first: Player, second: Player, rng: random.Random) -> int:
    """One cubeless game, ``first`` on roll with a non-double opening; points for ``first``.

    The dice after the opening come from ``rng`` through the match, two a turn.
    """
    d1 = d2 = 0
    while d1 == d2:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    start = GameState.from_position(CUBELESS, Position.start(), turn=0, dice=(d1, d2))
    match = Match(CUBELESS, rng=rng, start=start)
    players = (first, second)
    while match.game.phase != "over":
        players[match.game.actor].act(match)
    game = match.game
    return game.points if game.winner == 0 else -game.points


def _run_pairs(
    args: tuple[str, str, int, int, int, Path | None, Path | None, bool],
) -> tuple[list[tuple[int, int, int]], list[float], dict[str, list[float]]]:
    """Pairs ``start`` .. ``stop`` - 1; their points for A, A's move times and A's judged losses."""
    a_name, b_name, seed, start, stop, weights, weights_b, judge = args
    a, b = Player(a_name, seed, weights, judge), Player(b_name, seed + 1, weights_b or weights)
    out = []
    for i in range(start, stop):
        g1 = play_game(a, b, random.Random(f"versus:{seed}:{i}"))
        g2 = -play_game(b, a, random.Random(f"versus:{seed}:{i}"))
        out.append((i, g1, g2))
    return out, a.times, a.lost


def versus(
    a: str,
    b: str,
    games: int,
    seed: int,
    jobs: int,
    weights: Path | None = None,
    weights_b: Path | None = None,
    judge: bool = False,
    save: Path | None = None,
    compare: Path | None = None,
) -> None:
    pairs = max(1, games // 2)
    chunk = max(1, min(250, pairs // (jobs * 4) or 1))
    work = [(a, b, seed, s, min(s + chunk, pairs), weights, weights_b, judge) for s in range(0, pairs, chunk)]
    t0 = time.time()
    results: list[tuple[int, int, int]] = []
    times: list[float] = []
    lost: dict[str, list[float]] = {ph: [] for ph in PHASES}

    def gather(res: list[tuple[int, int, int]], ts: list[float], ls: dict[str, list[float]]) -> None:
        results.extend(res)
        times.extend(ts)
        for ph in PHASES:
            lost[ph] += ls[ph]

    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for out in pool.imap_unordered(_run_pairs, work):
                gather(*out)
    else:
        for w in work:
            gather(*_run_pairs(w))
    results.sort()
    points = [p for _, x, y in results for p in (x, y)]
    pair_means = [(x + y) / 2 for _, x, y in results]
    n = len(points)
    ppg = sum(points) / n
    ci = 1.96 * statistics.pstdev(pair_means) / math.sqrt(len(pair_means)) if len(pair_means) > 1 else 0.0
    wins = sum(p > 0 for p in points)
    gammons = sum(p >= 2 for p in points)
    lost_gammons = sum(p <= -2 for p in points)
    took = time.time() - t0
    print(f"{a} vs {b}: {n} games (seed {seed}, {len(results)} pairs, sides swapped), {took:.0f} s")
    print(f"  points per game for {a}: {ppg:+.3f} +- {ci:.3f} (95%)")
    print(f"  {a} wins {wins / n:.1%}; gammons won {gammons / n:.1%}, lost {lost_gammons / n:.1%}")
    if times:
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(
            f"  {a}: {len(times)} moves, mean {1e3 * statistics.fmean(times):.2f} ms, "
            f"p99 {1e3 * p99:.2f} ms, max {1e3 * times[-1]:.1f} ms per move"
        )
    if judge:
        _print_judged(a, lost, n)
    run = {"a": a, "b": b, "seed": seed, "weights": str(weights or ""), "pairs": results}
    if save:
        save.write_text(json.dumps(run))
    if compare:
        _print_paired(run, json.loads(compare.read_text()), compare)


def _print_paired(run: dict, other: dict, name: Path) -> None:
    """This run's points per game minus another's on the same pairs (same seed: the same dice).

    The two runs see the same dice, and an opponent that plays the same position the
    same way, so only the games where the two players' plays differ differ: the
    interval of the difference over the pairs is far narrower than either run's own.
    """
    if other["seed"] != run["seed"] or other["b"] != run["b"]:
        raise SystemExit(f"{name}: seed {other['seed']} against {other['b']}, not comparable with this run")
    theirs = {i: (x + y) / 2 for i, x, y in other["pairs"]}
    diffs = [(x + y) / 2 - theirs[i] for i, x, y in run["pairs"] if i in theirs]
    if len(diffs) < 2:
        raise SystemExit(f"{name}: fewer than two pairs in common with this run")
    ci = 1.96 * statistics.pstdev(diffs) / math.sqrt(len(diffs))
    same = sum(d == 0 for d in diffs)
    print(
        f"  minus {name} ({other['a']}, weights {other['weights'] or 'shipped'}) "
        f"on the same {len(diffs)} pairs: {statistics.fmean(diffs):+.3f} +- {ci:.3f} points a game (95%); "
        f"{same} pairs scored the same"
    )


def _print_judged(a: str, lost: dict[str, list[float]], games: int) -> None:
    total = sum(sum(v) for v in lost.values())
    moves = sum(len(v) for v in lost.values())
    if not moves:
        return
    print(
        f"  {a}'s equity lost, judged by gnubg 0-ply: {total / moves:.4f} a move with a choice, "
        f"{total / games:.4f} a game"
    )
    for ph in PHASES:
        v = lost[ph]
        if v:
            print(
                f"    {ph:16s} {len(v):7d} moves, {statistics.fmean(v):.4f} a move, "
                f"{sum(v) / games:.4f} a game ({sum(v) / total if total else 0:.1%} of the loss)"
            )


def error_rate(name: str, seed: int, limit: int, weights: Path | None = None, ply: int = 0) -> None:
    bot = Player(name, seed, weights).bot
    assert bot is not None
    lost: list[float] = []
    blunders = 0
    lines = [ln.split() for ln in SUITE.read_text().splitlines() if ln and not ln.startswith("#")]
    for pid, roll in lines[:limit]:
        pos = Position.from_position_id(pid)
        dice = int(roll[0]), int(roll[1])
        chosen = bot.choose_play(pos, dice)
        loss = None if chosen is None else equity_lost(pos, dice, chosen.result, ply)
        if loss is None:  # no play, or a forced one
            continue
        lost.append(loss)
        blunders += loss > 0.08
    print(
        f"{name}: {len(lost)} moves with a choice from {SUITE.name}; mean equity lost per move "
        f"{statistics.fmean(lost):.4f} (gnubg {ply}-ply judge); {blunders} over 0.08; "
        f"{sum(x == 0 for x in lost) / len(lost):.1%} same as gnubg"
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["cube"]:  # the cube mode: decisions and cubeful games judged by gnubg
        from tools import cube_judge

        return cube_judge.main(args[1:])
    if args[:1] == ["eval"]:  # the evaluator position by position, class by class, against gnubg 2-ply
        from tools import eval_judge

        return eval_judge.main(args[1:])
    if args[:1] == ["deep"]:  # positions answered as a drill would: the deep check's best, equity, error
        from tools import drill_deep

        return drill_deep.main(args[1:])
    if args[:1] == ["review"]:  # the review checked against gnubg's analysis of the same games
        from tools import review_judge

        return review_judge.main(args[1:])
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a", choices=PLAYERS)
    p.add_argument("b", choices=PLAYERS, nargs="?", default="pubeval")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--error-rate", action="store_true", help="score a's plays with gnubg 0-ply instead")
    p.add_argument("--positions", type=int, default=2000, help="suite positions for --error-rate")
    p.add_argument(
        "--judge-ply",
        type=int,
        choices=(0, 1, 2),
        default=0,
        help="gnubg's lookahead as --error-rate's judge: 2 sees a search's gain that 0 half misses",
    )
    p.add_argument("--judge", action="store_true", help="also judge a's plays in the games, by phase")
    p.add_argument("--weights", type=Path, help="a weight file for our players (default: the cart's own)")
    p.add_argument(
        "--weights-b",
        type=Path,
        help="a weight file for the second player only: two nets head to head (expert expert --weights-b X)",
    )
    p.add_argument("--save", type=Path, help="write the points of every pair to this JSON file")
    p.add_argument(
        "--compare",
        type=Path,
        help="a --save file of another run with the same seed and opponent: the paired difference",
    )
    a = p.parse_args(argv)
    if a.error_rate:
        if a.a not in LEVELS:
            p.error("--error-rate scores one of our levels")
        error_rate(a.a, a.seed, a.positions, a.weights, a.judge_ply)
    else:
        if a.judge and a.a not in LEVELS:
            p.error("--judge scores one of our levels")
        versus(a.a, a.b, a.games, a.seed, a.jobs, a.weights, a.weights_b, a.judge, a.save, a.compare)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
