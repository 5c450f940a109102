"""Teach the 0-ply net its own 1-ply values (development only).

TD self-play has flattened out: a million more games moved the expert by less
than its interval against GNU Backgammon. The master's 1-ply search, the same
net looking one roll ahead, plays about 0.09 points a game better than the net
alone, so the net's own 1-ply value of a position is a better target than the
next position's 0-ply value that TD pulls towards. This tool does it in two steps:

``label``
    Self-play with the net (greedy, with a few random plays so that the
    positions are not only the ones the net would reach), and for every
    position after a play the 1-ply outputs: each of the opponent's 21 rolls,
    its best reply by the net, the outputs seen from the side that played,
    averaged with the rolls' weights. Chunks of positions and targets are
    written as they fill, so a run can stop at any time and go on with another
    seed.

``fit``
    Gradient steps of the contact and race nets towards the labels (squared
    error, as the TD steps), a few passes in a seeded order, from the weights
    that labelled them; a tenth of the chunks is held out and its error
    printed before and after, so a fit that only learns noise shows.

The labels never come from GNU Backgammon (it only judges, in
``tools/versus.py``). Usage (one core, background)::

    python -m tools.distill label --weights cart/ai/weights.bin --out /tmp/d1 --seed 1 --positions 1000000
    python -m tools.distill fit --weights cart/ai/weights.bin --data /tmp/d1 --to /tmp/d1.bin --epochs 3
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from cart.ai import net as cartnet
from cart.engine.movegen import flip_key
from tools.kernels import UNITS, candidates, choose, eval_one, td_step
from tools.train import START, Trainer

ROLLS21 = [(a, b) for a in range(1, 7) for b in range(a, 7)]
WEIGHTS21 = np.array([1.0 if a == b else 2.0 for a, b in ROLLS21]) / 36.0
CHUNK = 20_000


def load_trainer(path: Path) -> Trainer:
    """A checkpoint folder's or a weight file's nets, as the trainer holds them."""
    return Trainer.load(path) if path.is_dir() else Trainer.from_weights(path)


def one_ply(key: int, nets: tuple[np.ndarray, ...], nfeat: int) -> np.ndarray:
    """1-ply outputs of the side that just played into ``key`` (the opponent is about to roll)."""
    opp = flip_key(key)
    best = np.empty(5)
    acc = np.zeros(5)
    for (d1, d2), w in zip(ROLLS21, WEIGHTS21, strict=True):
        _, arr = candidates(opp, d1, d2)
        choose(arr, UNITS, *nets, best, nfeat)
        acc += w * np.array(cartnet.flip_probs(tuple(best)))  # type: ignore[arg-type]
    return acc


def label(a: argparse.Namespace) -> int:
    """Self-play positions with 1-ply targets, written in chunks until ``--positions``."""
    t = load_trainer(a.weights)
    nets, nfeat = t.nets(), t.nfeat
    a.out.mkdir(parents=True, exist_ok=True)
    done = sum(int(np.load(p)["keys"].shape[0]) for p in a.out.glob(f"s{a.seed}-*.npz"))
    chunk_no = len(list(a.out.glob(f"s{a.seed}-*.npz")))
    rng = np.random.default_rng([a.seed, chunk_no])  # a resumed run gets fresh dice, not the same ones
    keys: list[bytes] = []
    targets: list[np.ndarray] = []
    best = np.empty(5)
    t0 = time.time()
    start = done
    key = START
    while done < a.positions:
        d1, d2 = int(rng.integers(1, 7)), int(rng.integers(1, 7))
        cands, arr = candidates(key, d1, d2)
        i = choose(arr, UNITS, *nets, best, nfeat)
        if len(cands) > 1 and rng.random() < a.explore:
            i = int(rng.integers(len(cands)))
        chosen = cands[i]
        if (chosen & 15) == 15:  # borne off: a new game
            key = START
            continue
        keys.append(chosen.to_bytes(26, "little"))
        targets.append(one_ply(chosen, nets, nfeat))
        done += 1
        key = flip_key(chosen)
        if len(keys) == CHUNK or done >= a.positions:
            path = a.out / f"s{a.seed}-{chunk_no:04d}.npz"
            np.savez(
                path,
                keys=np.frombuffer(b"".join(keys), np.uint8).reshape(len(keys), 26),
                targets=np.array(targets, np.float32),
            )
            chunk_no += 1
            keys, targets = [], []
            rate = (done - start) / (time.time() - t0)
            print(json.dumps({"positions": done, "per_s": round(rate, 1), "chunk": path.name}), flush=True)
    return 0


def error(B: np.ndarray, T: np.ndarray, nets: tuple[np.ndarray, ...], nfeat: int) -> float:
    """Mean squared error per output over a set of positions (plain loop over the compiled evaluator)."""
    idx = np.empty(1024, np.int64)
    val = np.empty(1024, np.float64)
    h = np.empty(max(nets[1].shape[0], nets[5].shape[0]), np.float64)
    o = np.empty(5, np.float64)
    s = 0.0
    for i in range(B.shape[0]):
        eval_one(B[i], UNITS, *nets, idx, val, h, o, nfeat)
        s += float(((o - T[i]) ** 2).sum())
    return s / (5 * max(1, B.shape[0]))


def fit(a: argparse.Namespace) -> int:
    """Passes of gradient steps towards the labels; writes a weight file with its provenance."""
    t = load_trainer(a.weights)
    nets, nfeat = t.nets(), t.nfeat
    files = sorted(a.data.glob("*.npz"))
    if len(files) < 2:
        raise SystemExit(f"{a.data}: needs at least two chunks (one is held out)")
    held = files[:: max(2, len(files) // max(1, len(files) // 10))][: max(1, len(files) // 10)]
    train = [p for p in files if p not in held]
    load = [np.load(p) for p in train]
    B = np.concatenate([d["keys"] for d in load])
    T = np.concatenate([d["targets"] for d in load]).astype(np.float64)
    hold = [np.load(p) for p in held]
    HB = np.concatenate([d["keys"] for d in hold])
    HT = np.concatenate([d["targets"] for d in hold]).astype(np.float64)
    print(f"{B.shape[0]} positions to fit, {HB.shape[0]} held out ({len(held)} chunks)", flush=True)
    print(f"before: held-out error {error(HB, HT, nets, nfeat):.6f}", flush=True)
    rng = np.random.default_rng(a.seed)
    for epoch in range(a.epochs):
        alpha = a.alpha * (0.5**epoch if a.halve else 1.0)
        order = rng.permutation(B.shape[0])
        t0 = time.time()
        for i in order:
            td_step(B[i], T[i], UNITS, *nets, alpha, nfeat, 1.0)
        print(
            f"epoch {epoch + 1}: alpha {alpha:g}, {time.time() - t0:.0f} s, "
            f"held-out error {error(HB, HT, nets, nfeat):.6f}",
            flush=True,
        )
    t.args = dict(t.args)
    t.args["distilled"] = {
        "data": str(a.data),
        "positions": int(B.shape[0]),
        "epochs": a.epochs,
        "alpha": a.alpha,
        "halve": a.halve,
        "seed": a.seed,
        "command": "python -m tools.distill " + " ".join(sys.argv[1:]),
    }
    out = {}
    for name in ("contact", "race"):
        out[name] = (t.w[name + ".W1"].T, t.w[name + ".b1"], t.w[name + ".W2"], t.w[name + ".b2"])
    meta = {
        "trainer": "tools/distill.py (fitted to its own 1-ply values)",
        "seed": t.seed,
        "games": t.games,
        "args": t.args,
        "reproduce": t.args.get("reproduce", ""),
    }
    cartnet.write_weights(a.to, out, meta)
    print(f"wrote {a.to}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    lp = sub.add_parser("label", help="self-play positions with 1-ply targets")
    lp.add_argument("--weights", type=Path, default=Path("cart/ai/weights.bin"))
    lp.add_argument("--out", type=Path, required=True)
    lp.add_argument("--seed", type=int, default=1)
    lp.add_argument("--positions", type=int, default=1_000_000)
    lp.add_argument("--explore", type=float, default=0.05, help="share of plays chosen at random")
    fp = sub.add_parser("fit", help="fit the nets to labelled positions")
    fp.add_argument("--weights", type=Path, default=Path("cart/ai/weights.bin"))
    fp.add_argument("--data", type=Path, required=True)
    fp.add_argument("--to", type=Path, required=True)
    fp.add_argument("--epochs", type=int, default=3)
    fp.add_argument("--alpha", type=float, default=0.002)
    fp.add_argument("--halve", action="store_true", help="halve alpha after each pass")
    fp.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    return label(a) if a.cmd == "label" else fit(a)


if __name__ == "__main__":
    raise SystemExit(main())
