"""What the page's smaller cap on the Master's move costs: its plays against the desktop's, judged by gnubg.

    python -m tools.page_cap                          # every 4th pair of the bench suite, gnubg 2-ply judge
    python -m tools.page_cap --every 1 --judge-ply 0  # all 2,000 pairs, a quicker judge
    python -m tools.page_cap --caps 4500:4750 3600:3800   # other page caps, each against the desktop's

The page's Master (``Bot(..., page=True)``, :data:`cart.ai.bot.PAGE_MOVE_WORK`) stops its search
sooner than the desktop's. On the positions of ``tools/data/bench_suite.txt`` (gnubg self-play),
each play of the capped Master is compared with the desktop Master's play of the same roll; where
they differ, gnubg judges both results at ``--judge-ply`` (cubeless equity of the mover): the
equity the cap gave up there, and over every decision. The CPU seconds a move each way, beside.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from cart.ai import Bot, bearoff, bot as botmod, drain, features
from cart.engine import Play, Position
from tools.players import _gnubg_equity_after

SUITE = Path(__file__).resolve().parent / "data" / "bench_suite.txt"


def caps(text: str) -> tuple[int, int]:
    """``DEEP:MOVE``, the page's 1-ply and move caps."""
    deep, _, move = text.partition(":")
    return int(deep), int(move)


def capped_play(bot: Bot, position: Position, dice: tuple[int, int], caps: tuple[int, int]) -> Play | None:
    """``bot``'s play (a page's) with the page's caps at ``caps`` for this thought alone."""
    kept = botmod.PAGE_DEEP_EVALS, botmod.PAGE_MOVE_WORK
    botmod.PAGE_DEEP_EVALS, botmod.PAGE_MOVE_WORK = caps
    try:
        return bot.choose_play(position, dice)
    finally:
        botmod.PAGE_DEEP_EVALS, botmod.PAGE_MOVE_WORK = kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=int, default=4, help="every Nth pair of the bench suite")
    parser.add_argument("--judge-ply", type=int, default=2, help="gnubg's ply for the judge")
    parser.add_argument("--caps", type=caps, nargs="*", help="page caps DEEP:MOVE (default: the cart's)")
    args = parser.parse_args(argv)
    tried = args.caps or [(botmod.PAGE_DEEP_EVALS, botmod.PAGE_MOVE_WORK)]
    lines = [ln.split() for ln in SUITE.read_text().splitlines() if ln and not ln.startswith("#")]
    spots = [(Position.from_position_id(pid), (int(r[0]), int(r[1]))) for pid, r in lines[:: args.every]]
    desk = Bot("master", seed=1, page=False)
    page = Bot("master", seed=1, page=True)
    seconds = {"desktop": 0.0, **{f"{d}:{m}": 0.0 for d, m in tried}}
    lost: dict[str, list[float]] = {name: [] for name in seconds if name != "desktop"}
    judged: dict[Position, float] = {}

    def judge(result: Position) -> float:
        if result not in judged:
            judged[result] = _gnubg_equity_after(result, args.judge_ply)
        return judged[result]

    drain(bearoff.think_tables())  # the bear-off tables, out of the times (a worker works them out idle)
    for bot in (desk, page):
        bot.choose_play(*spots[0])  # the nets' first calls, likewise
    decisions = 0
    for pos, dice in spots:
        features._COUNTED.clear()  # each thought from none kept, as the benchmarks' passes
        t0 = time.process_time()
        ours = desk.choose_play(pos, dice)
        seconds["desktop"] += time.process_time() - t0
        if ours is None:
            continue
        decisions += 1
        for deep, move in tried:
            features._COUNTED.clear()
            t0 = time.process_time()
            capped = capped_play(page, pos, dice, (deep, move))
            seconds[f"{deep}:{move}"] += time.process_time() - t0
            assert capped is not None
            if capped.result != ours.result:
                lost[f"{deep}:{move}"].append(judge(ours.result) - judge(capped.result))
    print(f"{decisions} Master plays, one pair in {args.every} of the suite, gnubg {args.judge_ply}-ply")
    desk_ms = seconds["desktop"] / decisions * 1e3
    print(f"  desktop caps {botmod.DEEP_EVALS}:{botmod.MOVE_WORK}: {desk_ms:.1f} ms CPU a move")
    for name, losses in lost.items():
        where = f"mean {statistics.fmean(losses):+.4f}, worst {max(losses):+.4f}" if losses else "none"
        print(
            f"  page caps {name}: {seconds[name] / decisions * 1e3:.1f} ms CPU a move; {len(losses)} plays "
            f"differ ({len(losses) / decisions:.1%}), equity given up where they do {where}; "
            f"over every play {sum(losses) / decisions:+.5f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
