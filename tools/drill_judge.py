"""``python -m tools.versus deep judge``: the drills' deep check against GNU Backgammon 2-ply.

Positions of our own making (games of our levels and gnubg's, :func:`tools.eval_judge.make_set`),
each with a seeded roll and a choice of plays; gnubg 2-ply judges, never teaches. For each, the
deep check's best play (cubeless, as gnubg's equities here are) and gnubg 0-ply's best, each
scored by gnubg 2-ply: how often each picks gnubg 2-ply's own best, how many of the deep check's
answers gnubg 2-ply marks "?!" (0.04) or "?" (0.08) or worse, and the CPU seconds each check took.
gnubg 0-ply is the reference, measured in the same run on the same positions.
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import dataclass

from cart.ai.rollout.check import Check, think_check, think_whole_check
from cart.ai.slices import drain
from cart.engine import MatchKey, Position, legal_plays, parse_play
from tools.eval_judge import make_set
from tools.players import _gnubg_equity_after


@dataclass(frozen=True)
class Judged:
    """One position: what gnubg 2-ply says the deep check's best and gnubg 0-ply's best give up."""

    position_id: str
    dice: tuple[int, int]
    deep: str
    deep_loss: float
    gnubg0_loss: float
    seconds: float
    rolled: bool


def positions(seed: int, games: int) -> list[tuple[str, tuple[int, int]]]:
    """Positions met in ``games`` games (our levels' and gnubg's), each with a roll giving a choice."""
    rng = random.Random(f"drill-judge:{seed}")
    out = []
    for pid in make_set(seed, games, 0, keep=0.15):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if len({p.result for p in legal_plays(Position.from_position_id(pid), dice)}) > 1:
            out.append((pid, dice))
    return out


def judge(pid: str, dice: tuple[int, int], rollout: bool = True) -> Judged:
    """The deep check (``rollout`` False: its 2-ply alone) and gnubg 0-ply on one position, both
    scored by gnubg 2-ply."""
    position = Position.from_position_id(pid)
    match_id = MatchKey(dice=dice).to_id()
    asked = Check(pid, match_id, "maxgammon", "play", "")
    check = drain(think_whole_check(asked) if rollout else think_check(asked, 0.0))
    results = {p.result for p in legal_plays(position, dice)}
    two = {r: _gnubg_equity_after(r, 2) for r in results}
    zero = {r: _gnubg_equity_after(r, 0) for r in results}
    best = max(two.values())
    ours = parse_play(position, dice, check.best).result
    theirs = max(zero, key=zero.__getitem__)
    rolled = check.tally.trials > 0
    return Judged(pid, dice, check.best, best - two[ours], best - two[theirs], check.seconds, rolled)


def report(judged: list[Judged]) -> list[str]:
    n = len(judged)
    same = sum(j.deep_loss < 1e-9 for j in judged)
    same0 = sum(j.gnubg0_loss < 1e-9 for j in judged)
    seconds = [j.seconds for j in judged]
    return [
        f"{n} positions (gnubg 2-ply judges):",
        f"  deep check picks gnubg 2-ply's best {same}/{n} ({same / n:.1%}); gnubg 0-ply {same0}/{n} "
        f"({same0 / n:.1%})",
        f"  mean loss: deep {statistics.fmean(j.deep_loss for j in judged):.4f}, "
        f"gnubg 0-ply {statistics.fmean(j.gnubg0_loss for j in judged):.4f}",
        f"  deep answers marked ?! or worse (>= 0.04): {sum(j.deep_loss >= 0.04 for j in judged)}; "
        f"? or worse (>= 0.08): {sum(j.deep_loss >= 0.08 for j in judged)}",
        f"  CPU s per check: median {statistics.median(seconds):.2f}, mean {statistics.fmean(seconds):.2f}, "
        f"max {max(seconds):.2f}; rolled out {sum(j.rolled for j in judged)}/{n}",
    ]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.versus deep judge", description=__doc__)
    p.add_argument("--games", type=int, default=6, help="games whose positions are judged")
    p.add_argument("--limit", type=int, default=40, help="at most this many positions")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-rollout", action="store_true", help="the check's 2-ply alone, for scale")
    a = p.parse_args(argv)
    judged = []
    for pid, dice in positions(a.seed, a.games)[: a.limit]:
        j = judge(pid, dice, not a.no_rollout)
        judged.append(j)
        print(
            f"{pid} {dice[0]}{dice[1]}  deep {j.deep} (loses {j.deep_loss:.3f})  gnubg0 loses "
            f"{j.gnubg0_loss:.3f}  {j.seconds:.1f} s",
            flush=True,
        )
    for line in report(judged):
        print(line)
    return 0
