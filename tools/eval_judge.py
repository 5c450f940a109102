"""Judge the evaluator position by position, class by class, against GNU Backgammon's 2-ply.

Whole-game figures hide an evaluator that is confidently wrong in a class of
positions, since such positions are a small share of the plays and most of their
plays are nearly forced. This tool asks the evaluator about positions one by one.

The positions are of our own making, drawn from a seed: every position before a
roll in cubeless games of GNU Backgammon's 0-ply against itself and of our levels
against each other (a share of them, ``--keep``), plus random endings with 1-8 men
a side (races, contact bear-offs, a man on the bar). Each is classed by gnubg's own
classifier (``gnubg_nn.classify``: bear-off, race, crashed, contact), with any
position that has a man on the bar apart ("bar"). For each class and each of our
0-ply (``Bot.evaluate``), our 1-ply (the master's lookahead: the best play of each
roll by the net, averaged) and gnubg's 0-ply, all against gnubg's 2-ply, for the
side on roll: the mean absolute error in the win chance and in the cubeless
equity, the share off by more than 0.10 in the win chance, and our 0-ply's worst
positions by Position ID. GNU Backgammon only judges and plays games that give
positions; its numbers never become targets.

::

    python -m tools.versus eval judge                          # the figures' set (seed 1)
    python -m tools.versus eval judge --games 4 --endings 60   # a small set
    python -m tools.versus eval judge --save-set set.txt       # keep the set's IDs, then after a change:
    python -m tools.versus eval judge --set set.txt            # the same positions judged again
    python -m tools.versus eval deep --ids ids.txt --ply 2     # the teacher's chances of each position

``eval deep`` prints, for each Position ID of the file (one a line), the ID and the five
chances (win, win gammon, win backgammon, lose gammon, lose backgammon) of the side on roll
at ``--ply`` (0 to 3; 2 by default) as the teacher reads them.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import gnubg_nn

from cart.ai.bot import TEACHER_PATH, load_weights, teacher_weights
from cart.ai.deep import CANDIDATES, MAX_PLY, Deep
from cart.ai.net import Weights, equity
from cart.engine import GameState, Match, Position, PositionError
from tools.players import CUBELESS, Player
from tools.starts import ENDINGS, random_ending

CLASSES = ("bear-off", "race", "crashed", "contact", "bar")
_GNUBG_CLASS = {1: "bear-off", 2: "bear-off", 3: "race", 4: "crashed", 5: "contact"}
EVALUATORS = ("ours 0-ply", "ours 1-ply", "ours 2-ply", "gnubg 0-ply")
GNUBG = EVALUATORS.index("gnubg 0-ply")
GAMES = (
    ("gnubg0", "gnubg0"),
    ("beginner", "intermediate"),
    ("intermediate", "expert"),
    ("expert", "expert"),
    ("beginner", "expert"),
    ("gnubg0", "expert"),
    ("master", "intermediate"),
)
"""Who plays the games that give positions, in turn."""
OFF_BY = 0.10


# -- the set -------------------------------------------------------------------------------
def game_positions(first: str, second: str, seed: int, keep: float) -> list[str]:
    """Position IDs before the roll in one cubeless game of two players, each kept with chance ``keep``."""
    rng = random.Random(f"eval:{seed}")
    players = (Player(first, seed), Player(second, seed + 1))
    d1 = d2 = 0
    while d1 == d2:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    start = GameState.from_position(CUBELESS, Position.start(), turn=0, dice=(d1, d2))
    match = Match(CUBELESS, rng=rng, start=start)
    out = []
    while match.game.phase != "over":
        game = match.game
        if game.phase == "roll" and rng.random() < keep:
            out.append(game.position.position_id())
        players[game.actor].act(match)
    return out


def make_set(seed: int, games: int, endings: int, keep: float = 0.25) -> list[str]:
    """The judged positions: ``games`` games (players in turn from :data:`GAMES`) and ``endings`` endings."""
    ids: list[str] = []
    for g in range(games):
        first, second = GAMES[g % len(GAMES)]
        ids += game_positions(first, second, seed * 100_003 + g, keep)
    rng = random.Random(f"endings:{seed}")
    made = 0
    while made < endings:
        try:
            pos = random_ending(rng, ENDINGS[made % len(ENDINGS)])
        except PositionError:
            continue
        if pos.is_over():
            continue
        ids.append(pos.position_id())
        made += 1
    return list(dict.fromkeys(ids))  # each position once, in the order met


# -- judging ---------------------------------------------------------------------------------
def position_class(pos: Position) -> str:
    """gnubg's class of the position, or "bar" when either side has a man on the bar."""
    if pos.mine[25] or pos.theirs[25]:
        return "bar"
    return _GNUBG_CLASS.get(gnubg_nn.classify(pos.gnubg_board()), "contact")


@dataclass(frozen=True)
class Judged:
    """One position: its class and each evaluator's (win, equity) beside the judge's."""

    position_id: str
    cls: str
    judge: tuple[float, float]
    verdicts: tuple[tuple[float, float], ...]  # in EVALUATORS order


def _we(p: Sequence[float]) -> tuple[float, float]:
    return float(p[0]), equity((p[0], p[1], p[2], p[3], p[4]))


def judge_one(deep: Deep, pid: str, ply: int = 2) -> Judged:
    pos = Position.from_position_id(pid)
    board = pos.gnubg_board()
    verdicts = (
        *(_we(deep.chances(pos.key, depth)) for depth in range(GNUBG)),  # ours 0, 1 and 2-ply
        _we(gnubg_nn.probabilities(board, 0)),
    )
    return Judged(pid, position_class(pos), _we(gnubg_nn.probabilities(board, ply)), verdicts)


def nets(weights: Path | None) -> Weights:
    """The nets of a weight file; :data:`TEACHER_PATH`: the teacher's, as the game's deep look reads them."""
    if weights == TEACHER_PATH:
        return teacher_weights()
    return load_weights(weights) if weights else load_weights()


def _judge_chunk(args: tuple[list[str], Path | None, int, int]) -> list[Judged]:
    ids, weights, ply, candidates = args
    deep = Deep(nets(weights), candidates=candidates)
    return [judge_one(deep, pid, ply) for pid in ids]


def judge_all(
    ids: list[str], weights: Path | None, jobs: int, ply: int = 2, candidates: int = CANDIDATES
) -> list[Judged]:
    chunks = [(ids[i : i + 50], weights, ply, candidates) for i in range(0, len(ids), 50)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            return [j for part in pool.map(_judge_chunk, chunks) for j in part]
    return [j for c in chunks for j in _judge_chunk(c)]


@dataclass(frozen=True)
class Row:
    """One class's figures for one evaluator."""

    n: int
    win: float  # mean |win error|
    eq: float  # mean |cubeless equity error|
    off: float  # share with |win error| > OFF_BY


def tally(judged: Sequence[Judged]) -> dict[str, list[Row]]:
    """Per class (and "all"): a :class:`Row` for each evaluator."""
    groups: dict[str, list[Judged]] = defaultdict(list)
    for j in judged:
        groups[j.cls].append(j)
        groups["all"].append(j)
    out = {}
    for cls, js in groups.items():
        rows = []
        for e in range(len(EVALUATORS)):
            dw = [abs(j.verdicts[e][0] - j.judge[0]) for j in js]
            de = [abs(j.verdicts[e][1] - j.judge[1]) for j in js]
            rows.append(
                Row(
                    len(js), statistics.fmean(dw), statistics.fmean(de), sum(d > OFF_BY for d in dw) / len(js)
                )
            )
        out[cls] = rows
    return out


def worst(judged: Sequence[Judged], cls: str, n: int = 5, e: int = 0) -> list[Judged]:
    """The ``n`` positions of a class where evaluator ``e`` is furthest from the judge in equity."""
    return sorted((j for j in judged if j.cls == cls), key=lambda j: -abs(j.verdicts[e][1] - j.judge[1]))[:n]


def report(judged: Sequence[Judged], ply: int = 2, n_worst: int = 3) -> Iterator[str]:
    rows = tally(judged)
    yield f"against gnubg {ply}-ply: mean abs. error in win and in cubeless equity, share off by > {OFF_BY}"
    yield (
        f"{'class':9s} {'n':>5s}  "
        + "  ".join(f"{e:>27s}" for e in EVALUATORS)
        + "  eq. ratio to gnubg 0-ply: ours 0/1/2-ply"
    )
    for cls in (*CLASSES, "all"):
        if cls not in rows:
            continue
        r = rows[cls]
        cells = "  ".join(f"{x.win:8.4f} {x.eq:8.4f} {x.off:8.1%}" for x in r)
        ratios = " ".join(f"{x.eq / r[GNUBG].eq if r[GNUBG].eq else float('inf'):5.1f}x" for x in r[:GNUBG])
        yield f"{cls:9s} {r[0].n:5d}  {cells}  {ratios}"
    for cls in CLASSES:
        bad = worst(judged, cls, n_worst)
        if bad:
            yield f"worst for ours 0-ply, {cls}: " + ", ".join(
                f"{j.position_id} {j.verdicts[0][0]:.3f}/{j.judge[0]:.3f}" for j in bad
            )


def read_ids(path: Path) -> list[str]:
    """The Position IDs of ``path``, one a line (blank lines skipped); ``ValueError`` quotes a bad one."""
    ids = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
    for pid in ids:
        Position.from_position_id(pid)
    return ids


def deep_main(argv: list[str]) -> int:
    """``eval deep``: the teacher's five chances of each position of a file, at a depth."""
    p = argparse.ArgumentParser(prog="python -m tools.versus eval deep", description=deep_main.__doc__)
    p.add_argument("--ids", type=Path, required=True, help="a file of Position IDs, one a line")
    p.add_argument("--ply", type=int, choices=range(MAX_PLY + 1), default=2)
    p.add_argument(
        "--weights", type=Path, default=TEACHER_PATH, help="a whole weight file (default: the teacher's nets)"
    )
    a = p.parse_args(argv)
    if a.weights and not a.weights.is_file():
        p.error(f"{a.weights}: no such weight file")
    try:
        ids = read_ids(a.ids)
    except (OSError, ValueError) as exc:
        p.error(f"{a.ids}: {exc}")
    deep = Deep(nets(a.weights))
    for pid in ids:
        chances = deep.chances(Position.from_position_id(pid).key, a.ply)
        print(pid, " ".join(f"{x:.6f}" for x in chances), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    if argv and argv[0] == "deep":
        return deep_main(argv[1:])
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=("judge",))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=210, help="games that give positions (players in turn)")
    p.add_argument("--endings", type=int, default=1600, help="random endings with 1-8 men a side")
    p.add_argument("--keep", type=float, default=0.25, help="share of a game's positions kept")
    p.add_argument("--ply", type=int, choices=(1, 2), default=2, help="the judge: gnubg at this many plies")
    p.add_argument("--weights", type=Path, help="a weight file for ours (default: the cart's own)")
    p.add_argument(
        "--teacher",
        action="store_const",
        const=TEACHER_PATH,
        dest="weights",
        help="ours: the teacher's nets (its contact net over the shipped ones), as the deep look reads them",
    )
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument(
        "--candidates",
        type=int,
        default=CANDIDATES,
        help="our 2-ply's short list per roll (1: gnubg's 2-ply)",
    )
    p.add_argument("--worst", type=int, default=3, help="worst positions shown per class")
    p.add_argument("--save-set", type=Path, help="write the set's Position IDs to this file")
    p.add_argument(
        "--set",
        type=Path,
        help="judge the Position IDs of this file (from --save-set) instead of making a set: our levels "
        "play the games that make one, so a change to the evaluator changes the set it makes",
    )
    a = p.parse_args(argv)
    if a.weights and not a.weights.is_file():
        p.error(f"{a.weights}: no such weight file")
    t0 = time.time()
    if a.set:
        try:
            ids = read_ids(a.set)
        except (OSError, ValueError) as exc:
            p.error(f"{a.set}: {exc}")
        made = f"from {a.set}"
    else:
        ids = make_set(a.seed, a.games, a.endings, a.keep)
        made = f"seed {a.seed}: {a.games} games, keep {a.keep}, {a.endings} endings"
    if a.save_set:
        a.save_set.write_text("\n".join(ids) + "\n")
    t1 = time.time()
    judged = judge_all(ids, a.weights, a.jobs, a.ply, a.candidates)
    print(f"{len(ids)} positions ({made}), made in {t1 - t0:.0f} s, judged in {time.time() - t1:.0f} s")
    for line in report(judged, a.ply, a.worst):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
