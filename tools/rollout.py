"""Roll positions out with the cart's own net, to give the evaluator targets of our own making.

TD(0) self-play pulls each position towards the net's own view of the next, so where
the net is wrong about a whole class (crashed boards, late contact) the errors agree
with each other and stay. A rollout plays the position out many times, each side
taking the net's best play (0-ply, as the trainer plays), and averages the results:
its value rests on how the games end, not on the net's opinion of the position.

A trial plays until the game ends or contact is broken; a race is then read by the
cart's exact bear-off distributions where it has them, else by the race net (both
measured close to GNU Backgammon's 2-ply). The 36 first rolls are dealt in turn, so
a position's trials are spread evenly over them. Dice come from a generator seeded
by the position, so a rollout is reproducible and its work can be split anyhow.

::

    python -m tools.rollout positions --seed 5 --games 700 --out pos.txt        # positions to roll
    python -m tools.rollout run pos.txt --trials 72 --jobs 16 --out rolled.txt  # the rollouts

A line of the positions' file may give its own number of trials after the ID.
``--luck prune`` (or ``net``) rolls each position out with the cart's own rollout
(``cart.ai.rollout``, pure Python: luck-adjusted, the first roll rotated the same way),
slower a trial but steadier a second (``python -m tools.bench rollout``).
``rolled.txt``: per line a Position ID (side on roll first), the trials, and the five
chances (win, win gammon, win backgammon, lose gammon, lose backgammon) of the side on roll.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import random
import sys
import time
from pathlib import Path

import numpy as np

from cart.ai.net import DEFAULT_PATH, flip_probs
from cart.ai.rollout import FIRST_ROLLS
from cart.engine import Position
from cart.engine.movegen import flip_key
from tools import fastgen
from tools.kernels import UNITS, back, candidates, choose, eval_one
from tools.starts import draw_ending, is_crashed
from tools.train import Trainer, race_read

ROLLS = FIRST_ROLLS
MAX_PLIES = 400
_SCRATCH = fastgen.Scratch()  # the compiled generator's buffers (one process plays one trial at a time)


def position_kind(pos: Position) -> str:
    """The class a position trains: race, bar, crashed or contact (our own copy of gnubg's rule)."""
    if pos.is_race():
        return "race"
    if pos.mine[25] or pos.theirs[25]:
        return "bar"
    return "crashed" if is_crashed(pos) else "contact"


def trial(
    nets: tuple[np.ndarray, ...], nfeat: int, key: int, first: tuple[int, int], rng: random.Random
) -> np.ndarray:
    """One game from ``key`` (side on roll first): the five chances of the side on roll at ``key``."""
    best = np.empty(5)
    idx = np.empty(UNITS.size, np.int64)  # ample scratch for eval_one
    val = np.empty(UNITS.size, np.float64)
    h = np.empty(max(nets[1].shape[0], nets[5].shape[0]))
    o = np.empty(5)
    dice = first
    for ply in range(MAX_PLIES):
        arr = fastgen.rows(key, *dice, _SCRATCH)
        i = choose(arr, UNITS, *nets, best, nfeat)
        chosen = fastgen.key_of(arr[i])
        if (chosen & 15) == 15:  # the mover has borne off all: best holds the exact result
            out = best.copy()
        elif back(arr[i], 0) + back(arr[i], 1) <= 25:  # contact broken: read the race
            known = race_read(chosen)
            if known is not None:
                out = np.array(known)
            else:
                eval_one(arr[i], UNITS, *nets, idx, val, h, o, nfeat)
                out = o.copy()
        else:
            key = flip_key(chosen)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            continue
        # out is for the side that just moved: the side on roll at the start moved on even plies
        return out if ply % 2 == 0 else np.array(flip_probs(tuple(out)))  # type: ignore[arg-type]
    return np.array((0.5, 0.0, 0.0, 0.0, 0.0))  # pragma: no cover - a game this long does not happen


def rollout(nets: tuple[np.ndarray, ...], nfeat: int, pid: str, trials: int) -> np.ndarray:
    """The mean chances of the side on roll over ``trials`` games, the 36 first rolls in turn."""
    key = Position.from_position_id(pid).key
    rng = random.Random(f"rollout:{pid}")
    start = rng.randrange(36)
    total = np.zeros(5)
    for t in range(trials):
        total += trial(nets, nfeat, key, ROLLS[(start + t) % 36], rng)
    return total / trials


def cart_rollout(weights: str, pid: str, trials: int, luck: str) -> list[float]:
    """The side on roll's mean chances by the cart's rollout (:mod:`cart.ai.rollout`), ``luck``-adjusted."""
    from cart.ai.bot import load_weights
    from cart.ai.rollout import Decision, Settings, Tally, think_trials
    from cart.ai.slices import drain

    key = Position.from_position_id(pid).key
    decision = Decision("cube", pid, None, (key,), ("",))
    settings = Settings(luck, seed=random.Random(f"rollout:{pid}").randrange(1 << 30))  # type: ignore[arg-type]
    tally = drain(think_trials(load_weights(Path(weights)), decision, settings, Tally(), trials))
    return [x / tally.trials for x in tally.sums]


_NETS: tuple[np.ndarray, ...] = ()
_NFEAT = 0
_WEIGHTS = ""
_LUCK = "off"


def _init(weights: str, luck: str = "off") -> None:
    global _NETS, _NFEAT, _WEIGHTS, _LUCK
    _WEIGHTS, _LUCK = weights, luck
    if luck == "off":
        t = Trainer.from_weights(Path(weights))
        _NETS, _NFEAT = t.nets(), t.nfeat


def _job(args: tuple[str, int]) -> str:
    pid, trials = args
    if _LUCK == "off":
        p = rollout(_NETS, _NFEAT, pid, trials).tolist()
    else:
        p = cart_rollout(_WEIGHTS, pid, trials, _LUCK)
    return f"{pid} {trials} " + " ".join(f"{x:.5f}" for x in p)


def game_positions(
    rng: random.Random, nets: tuple[np.ndarray, ...], nfeat: int, keep: float
) -> list[Position]:
    """The positions before each roll of one self-play game of the net, each kept with chance ``keep``."""
    best = np.empty(5)
    key = Position.start().key
    seen = []
    while True:
        if rng.random() < keep:
            seen.append(Position(key))
        cands, arr = candidates(key, rng.randint(1, 6), rng.randint(1, 6))
        chosen = cands[choose(arr, UNITS, *nets, best, nfeat)]
        if (chosen & 15) == 15:
            return seen
        key = flip_key(chosen)


def make_positions(seed: int, games: int, endings: int, weights: str) -> list[str]:
    """Contact, crashed and bar positions of ``games`` self-play games, and ``endings`` contact endings."""
    rng = random.Random(f"rollout-positions:{seed}")
    t = Trainer.from_weights(Path(weights))
    nets, nfeat = t.nets(), t.nfeat
    out: dict[str, None] = {}  # each position once, in the order met
    for _ in range(games):
        for pos in game_positions(rng, nets, nfeat, 0.3):
            if not pos.is_over() and not pos.is_race():
                out[pos.position_id()] = None
    for made in range(endings):
        out[draw_ending(rng, "bar" if made % 3 == 0 else "contact").position_id()] = None
    return list(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.rollout", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("positions", help="positions to roll out")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--endings", type=int, default=2000)
    p.add_argument("--weights", default=str(DEFAULT_PATH))
    p.add_argument("--out", type=Path, required=True)
    r = sub.add_parser("run", help="roll the positions of a file out")
    r.add_argument("positions", type=Path)
    r.add_argument("--trials", type=int, default=72)
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--weights", default=str(DEFAULT_PATH))
    r.add_argument("--seconds", type=float, default=0.0, help="stop after this long (0: roll them all)")
    r.add_argument(
        "--luck",
        choices=("off", "none", "prune", "net"),
        default="off",
        help="off: the numba kernels, no adjustment; else the cart's rollout with this luck judge",
    )
    r.add_argument("--out", type=Path, required=True)
    a = ap.parse_args(argv)
    if a.cmd == "positions":
        ids = make_positions(a.seed, a.games, a.endings, a.weights)
        a.out.write_text("".join(f"{pid}\n" for pid in ids))
        print(f"{len(ids)} positions -> {a.out}")
        return 0
    lines = [s.split() for s in a.positions.read_text().split("\n") if s.strip()]
    done = {s.split()[0] for s in a.out.read_text().split("\n") if s.strip()} if a.out.exists() else set()
    todo = [(w[0], int(w[1]) if len(w) > 1 else a.trials) for w in lines if w[0] not in done]
    t0 = time.monotonic()
    n = 0
    with a.out.open("a") as f, contextlib.ExitStack() as stack:
        if a.jobs > 1:
            pool = stack.enter_context(multiprocessing.Pool(a.jobs, _init, (a.weights, a.luck)))
            rolled = pool.imap(_job, todo, chunksize=4)
        else:  # here: a pool forks, which a process running threads (a test run's) must not
            _init(a.weights, a.luck)
            rolled = map(_job, todo)
        for line in rolled:
            f.write(line + "\n")
            n += 1
            if n % 200 == 0:
                f.flush()
                print(f"{n}/{len(todo)} in {time.monotonic() - t0:.0f} s", flush=True)
            if a.seconds and time.monotonic() - t0 > a.seconds:
                break  # a pool's workers stop with it
    print(f"{n} positions rolled in {time.monotonic() - t0:.0f} s -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
