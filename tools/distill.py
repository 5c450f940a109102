"""Teach the net its own lookahead: fit 0-ply to the net's 1-ply values (development only).

TD(0) self-play pulls each position towards the value of the one position that
followed it, a single roll of the dice: an unbiased but noisy target, and after
about 1.7 million games the shipped net stopped improving on it (two annealing
runs, a wider hidden layer and an ensemble all sat at the same error rate). The
1-ply value of a position is the average over all 21 rolls of the other side's
best reply, which is what the master searches at play time, and it is measurably
better than 0-ply (master 0.0059 equity lost per move, expert 0.0080). So:

1. ``gen``: play self-play games with the net (0-ply, greedy, dice from a seed)
   and record every position a play leaves, with its 1-ply value by the same net.
2. ``fit``: start from the net and fit it to those targets by plain SGD, a few
   passes in a seeded order. The result is a checkpoint like any other, so
   ``tools/train.py --export`` writes the cart's weight file from it and
   ``--init-from`` can carry on training from it.

The targets are the net's own values: nothing comes from GNU Backgammon, which
only judges the result (``tools/versus.py``). Both steps are reproducible from
their seeds; ``gen`` saves as it goes, and ``--resume`` carries on a stopped run.

What it found (November 2026: the shipped run feat3b carried on to 470,000
games, 100,000 positions from each of seeds 31 and 32): the net does not learn
its lookahead. ``fit --holdout 15000`` moves the RMS gap between 0-ply and 1-ply
on unseen positions from 0.0401 to 0.0399 equity, and on the fitted ones from
0.0385 to 0.0382; higher rates, more passes, Adam on minibatches, 160 hidden
units or two bar-entry inputs memorise the fitted positions and leave the unseen
ones where they were. TD(0) already sits at its
fixed point, where 0-ply is the best least-squares guess at 1-ply that these
inputs allow, so the extra knowledge of 1-ply stays in the search (the master).
Use it to try new inputs: one that helps narrows the held-out gap.

    python tools/distill.py gen checkpoints/feat3b --seed 31 --positions 100000 --out checkpoints/dist/d31.npz
    python tools/distill.py gen checkpoints/feat3b --seed 32 --positions 100000 --out checkpoints/dist/d32.npz
    python tools/distill.py fit checkpoints/feat3b checkpoints/dist/d31.npz checkpoints/dist/d32.npz \\
        --seed 1 --epochs 2 --alpha 0.002 --holdout 15000 --out checkpoints/dist1
    python tools/train.py --export checkpoints/dist1 --to OTHER.bin   # then tools/versus.py --weights

3. ``screen``: a quicker test of candidate inputs than a fit, on the same data.
   For a sample of contact positions it computes each candidate of
   :data:`SCREEN_INPUTS` exactly, by move generation, and fits the gap (1-ply
   minus 0-ply equity) by ridge regression on the net's outputs and hidden layer,
   then again with the candidate and its products with the hidden units; the
   printed figure is how much narrower the gap gets on held-out positions. On
   the data above (60,000 positions, ``--seed 0``) none narrows it by more than
   2.1% (pips lost to hits), all fifteen together by 8.8%; ``hit_rolls``, which
   the net already has, is the control: what the added products alone are worth
   (0.6%).

    python tools/distill.py screen checkpoints/feat3b checkpoints/dist/d31.npz checkpoints/dist/d32.npz \\
        --positions 60000 --seed 0 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from train import INPUTS, N_FEATURES, START, F, Trainer, _choose, _eval_one, _td_step, candidates

from cart.ai.bot import ROLLS
from cart.ai.net import equity, flip_probs, is_race
from cart.engine.board import Position
from cart.engine.movegen import flip_key, successors

SAVE_EVERY = 20_000  # positions between saves of ``gen``


def one_ply(key: int, nets: tuple[np.ndarray, ...], nfeat: int) -> np.ndarray:
    """1-ply outcome of ``key`` (a play's result) for its mover: the roller's best reply on each roll."""
    opp = flip_key(key)
    best = np.empty(5)
    total = np.zeros(5)
    for a, b, w in ROLLS:
        _, arr = candidates(opp, a, b)
        _choose(arr, F, *nets, best, nfeat)
        total += w * np.array(flip_probs(best))  # the roller's outcome, seen by the mover
    return total / 36.0


def generate(parent: Path, seed: int, positions: int, out: Path, resume: bool, command: str) -> None:
    """Self-play with ``parent``'s net; every non-final play result and its 1-ply outcome go to ``out``."""
    t = Trainer.load(parent)
    nets, nfeat = t.nets(), t.nfeat
    keys: list[bytes] = []
    targets: list[np.ndarray] = []
    rng = random.Random(seed)
    if resume and out.exists():
        data = np.load(out)
        keys = [bytes(r) for r in data["x"]]
        targets = list(data["y"].astype(np.float64))
        rng.setstate(pickle.loads(bytes(data["rng"])))
    best = np.empty(5)
    t0 = time.time()
    n0 = len(keys)
    saved = n0 // SAVE_EVERY
    while len(keys) < positions:
        key = START  # a game at a time, so a saved rng state always starts a new game
        while True:
            cands, arr = candidates(key, rng.randint(1, 6), rng.randint(1, 6))
            chosen = cands[_choose(arr, F, *nets, best, nfeat)]
            if chosen & 15 == 15:
                break
            keys.append(chosen.to_bytes(26, "little"))
            targets.append(one_ply(chosen, nets, nfeat))
            key = flip_key(chosen)
        if len(keys) // SAVE_EVERY > saved or len(keys) >= positions:
            saved = len(keys) // SAVE_EVERY
            _save(out, keys, targets, rng, parent, seed, command)
            rate = (len(keys) - n0) / (time.time() - t0)
            print(json.dumps({"positions": len(keys), "per_s": round(rate, 1)}), flush=True)


def _save(
    out: Path,
    keys: list[bytes],
    targets: list[np.ndarray],
    rng: random.Random,
    parent: Path,
    seed: int,
    command: str,
) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp.npz")
    meta = {"parent": str(parent), "seed": seed, "command": command}
    np.savez(
        tmp,
        x=np.frombuffer(b"".join(keys), np.uint8).reshape(len(keys), 26),
        y=np.array(targets, np.float32),
        rng=np.frombuffer(pickle.dumps(rng.getstate()), np.uint8),
        meta=np.frombuffer(json.dumps(meta).encode(), np.uint8),
    )
    tmp.replace(out)


def _load(data: list[Path]) -> tuple[list, np.ndarray, np.ndarray]:
    """The files ``gen`` wrote, and their positions and 1-ply targets joined in order."""
    parts = [np.load(p) for p in data]
    x = np.concatenate([p["x"] for p in parts])
    y = np.concatenate([p["y"] for p in parts]).astype(np.float64)
    return parts, x, y


def net_rows(t: Trainer, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The net's 0-ply outputs for each row of ``x``, and its contact net's hidden layer (rows of contact)."""
    nets, nfeat = t.nets(), t.nfeat
    hidden = nets[1].shape[0]
    idx = np.empty(INPUTS + N_FEATURES, np.int64)
    val = np.empty(INPUTS + N_FEATURES)
    h = np.empty(max(hidden, nets[5].shape[0]))
    o = np.empty(5)
    outs = np.empty((len(x), 5))
    hid = np.empty((len(x), hidden))
    for i in range(len(x)):
        _eval_one(x[i], F, *nets, idx, val, h, o, nfeat)
        outs[i] = o
        hid[i] = h[:hidden]
    return outs, hid


def gap(t: Trainer, x: np.ndarray, y: np.ndarray) -> float:
    """RMS difference, in cubeless equity, between the net's 0-ply outcomes and the 1-ply targets."""
    outs, _ = net_rows(t, x)
    total = sum((equity(o) - equity(target)) ** 2 for o, target in zip(outs, y, strict=True))
    return float(np.sqrt(total / max(1, len(x))))


def fit(
    parent: Path,
    data: list[Path],
    seed: int,
    epochs: int,
    alpha: float,
    out: Path,
    command: str,
    holdout: int = 0,
) -> None:
    """SGD of ``parent``'s nets towards the recorded 1-ply outcomes; writes a checkpoint to ``out``.

    With ``holdout``, the last that many positions stay out of the fit, and the gap
    between 0-ply and 1-ply is printed for them and for as many fitted ones, before
    and after: whether the net learnt its lookahead or only memorised it.
    """
    t = Trainer.load(parent)
    parts, x, y = _load(data)
    if holdout:
        x, y, hx, hy = x[:-holdout], y[:-holdout], x[-holdout:], y[-holdout:]
        before = gap(t, hx, hy), gap(t, x[:holdout], y[:holdout])
    nets, nfeat = t.nets(), t.nfeat
    order_rng = np.random.default_rng(seed)
    for epoch in range(epochs):
        t0 = time.time()
        for i in order_rng.permutation(len(x)):
            _td_step(x[i], y[i], F, *nets, alpha, nfeat, 1.0)
        print(
            json.dumps({"epoch": epoch + 1, "samples": len(x), "s": round(time.time() - t0, 1)}), flush=True
        )
    if holdout:
        after = gap(t, hx, hy), gap(t, x[:holdout], y[:holdout])
        print(
            f"0-ply vs 1-ply, RMS equity: held out {before[0]:.4f} -> {after[0]:.4f}, "
            f"fitted {before[1]:.4f} -> {after[1]:.4f}",
            flush=True,
        )
    gen_commands = [json.loads(bytes(p["meta"]).decode())["command"] for p in parts]
    t.args = {
        "distill": {
            "data": [str(p) for p in data],
            "gen_commands": gen_commands,
            "seed": seed,
            "epochs": epochs,
            "alpha": alpha,
        },
        "command": command,
        "parent": {"folder": str(parent), "games": t.games, "seed": t.seed, "args": t.args},
    }
    t.save(out)


SCREEN_INPUTS = (
    "pip_loss",  # pips the roller can take from the mover by hitting, best play per roll, / 36 rolls
    "hit_rolls",  # rolls with a play that hits (the net has this one: the control)
    "double_shots",  # rolls with a play that hits two or more
    "roller_dances",  # rolls with no legal play for the roller
    "roller_mobility",  # the roller's legal plays a roll, up to 40, averaged
    "roller_home",  # points the roller holds in its home board
    "mover_home",  # and the mover
    "mover_anchors",  # points the mover holds in the roller's home board
    "roller_anchors",
    "mover_back",  # the mover's checkers in the roller's home board or on the bar
    "roller_back",
    "roller_blots",
    "pip_lead",  # roller's pips minus mover's, / 50
    "mover_bar",
    "roller_bar",
)


def screen_inputs(key: int) -> list[float]:
    """:data:`SCREEN_INPUTS` for play result ``key`` (mover low), hits found by real move generation."""
    now = Position(key)  # the mover "on roll": mine is the mover, theirs the roller
    c0, c1 = now.mine, now.theirs
    p0, p1 = now.pips()
    opp = flip_key(key)
    loss = hit = double = dance = mobility = 0.0
    for a, b, w in ROLLS:
        plays = successors(opp, a, b)
        most = hits = 0
        for r in plays:
            after = Position(r)  # the roller has moved: theirs is the mover
            sent = after.theirs[25] - c0[25]  # the mover's bar, after minus before
            if sent > 0:
                most = max(most, after.pips()[1] - p0)
                hits = max(hits, sent)
        loss += w * most
        hit += w * (hits >= 1)
        double += w * (hits >= 2)
        dance += w * (not plays)
        mobility += w * min(len(plays), 40)
    return [
        loss / 36,
        hit / 36,
        double / 36,
        dance / 36,
        mobility / 36,
        sum(c1[q] >= 2 for q in range(1, 7)),
        sum(c0[p] >= 2 for p in range(1, 7)),
        sum(c0[p] >= 2 for p in range(19, 25)),
        sum(c1[q] >= 2 for q in range(19, 25)),
        sum(c0[19:26]),
        sum(c1[19:26]),
        sum(c1[q] == 1 for q in range(1, 25)),
        (p1 - p0) / 50,
        c0[25],
        c1[25],
    ]


def ridge_gain(base: np.ndarray, extra: np.ndarray, r: np.ndarray, train_n: int, lam: float = 1e-2) -> float:
    """How much narrower (a fraction) ``extra`` makes the held-out RMS of ``r`` fitted on ``base``.

    Rows before ``train_n`` are fitted, the rest scored; ``lam`` keeps the fit to
    a few thousand columns from memorising the fitted rows.
    """

    def held_out(x: np.ndarray) -> float:
        x = np.column_stack([np.ones(len(x)), x])
        a = x[:train_n].T @ x[:train_n] + lam * np.eye(x.shape[1])
        w = np.linalg.solve(a, x[:train_n].T @ r[:train_n])
        return float(np.sqrt(np.mean((x[train_n:] @ w - r[train_n:]) ** 2)))

    return 1.0 - held_out(np.column_stack([base, extra])) / held_out(base)


def screen(parent: Path, data: list[Path], positions: int, seed: int, jobs: int) -> None:
    """Print, per candidate input, how much it narrows the held-out 0-ply/1-ply gap (see the docstring)."""
    t = Trainer.load(parent)
    _, x, y = _load(data)
    contact = [i for i in range(len(x)) if not is_race(int.from_bytes(bytes(x[i]), "little"))]
    sel = np.random.default_rng(seed).permutation(contact)[:positions]
    outs, hid = net_rows(t, x[sel])
    base = np.column_stack([outs, hid])
    r = np.array([equity(target) - equity(o) for target, o in zip(y[sel], outs, strict=True)])
    keys = [int.from_bytes(bytes(x[i]), "little") for i in sel]
    with Pool(jobs) as pool:
        cand = np.array(pool.map(screen_inputs, keys, chunksize=200))
    train_n = int(0.8 * len(sel))
    print(f"{len(sel)} contact positions, {train_n} fitted; held-out gap narrower by:")
    ones = np.column_stack([np.ones(len(sel)), base])
    for j, name in enumerate(SCREEN_INPUTS):
        gain = ridge_gain(base, cand[:, j : j + 1] * ones, r, train_n)
        print(f"  {name:16s} {gain:6.1%}")
    every = np.column_stack([cand[:, j : j + 1] * ones for j in range(len(SCREEN_INPUTS))])
    print(f"  {'all together':16s} {ridge_gain(base, every, r, train_n):6.1%}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="step", required=True)
    g = sub.add_parser("gen", help="self-play positions and their 1-ply values")
    g.add_argument("parent", type=Path, help="checkpoint folder of the net")
    g.add_argument("--seed", type=int, required=True)
    g.add_argument("--positions", type=int, default=300_000)
    g.add_argument("--out", type=Path, required=True)
    g.add_argument("--resume", action="store_true", help="carry on a stopped run from --out")
    on_data = argparse.ArgumentParser(add_help=False)  # what fit and screen both read
    on_data.add_argument("parent", type=Path, help="checkpoint folder of the net")
    on_data.add_argument("data", type=Path, nargs="+", help="files written by gen")
    f = sub.add_parser("fit", parents=[on_data], help="fit the net to generated data")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--epochs", type=int, default=2)
    f.add_argument("--alpha", type=float, default=0.002)
    f.add_argument("--out", type=Path, required=True)
    f.add_argument("--holdout", type=int, default=0, help="keep the last N positions out and report the gap")
    s = sub.add_parser("screen", parents=[on_data], help="how much candidate inputs would narrow the gap")
    s.add_argument("--positions", type=int, default=60_000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--jobs", type=int, default=2)
    a = p.parse_args(argv)
    cmd = "python tools/distill.py " + " ".join(argv if argv is not None else sys.argv[1:])
    if a.step == "screen":
        screen(a.parent, a.data, a.positions, a.seed, a.jobs)
    elif a.step == "gen":
        generate(a.parent, a.seed, a.positions, a.out, a.resume, cmd.replace(" --resume", ""))
    else:
        fit(a.parent, a.data, a.seed, a.epochs, a.alpha, a.out, cmd, a.holdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
