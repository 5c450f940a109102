"""Fit the contact net to rollouts of our own making (development only).

TD(0) self-play leaves the contact net sure of itself where its errors agree with each
other (crashed boards above all); a rollout (:mod:`tools.rollout`) values a position by
how the net's own games from it end, which does not share those errors. This fits the
contact net, starting from a weight file's, to the rolled-out chances of each position by
squared error on its five outputs (as the trainer's TD step), with Adam, each position
weighted by its trials, a tenth held out, and a pull towards the starting weights so the
net keeps what it knew where the rollouts say little. The epoch with the least held-out
error is kept; the race and prune nets are carried over as they are. With ``--net crashed``
the fit makes the cart's crashed net instead, on the positions it values alone (crashed
boards: :func:`cart.ai.net.is_crashed`), and the contact net stays.
The trainer's self-play (:mod:`tools.kernels`) knows no crashed net: fit it last.
``--mix`` keeps only a share of the fit, the rest the starting weights (a fitted net
and its start, averaged weight by weight, keep most of the fit's accuracy and more
of the start's play: the rollouts' noise is in the fit's fine differences).

::

    python -m tools.fit rolled.txt --epochs 40 --to cand.bin
    python -m tools.versus eval judge --set set.txt --weights cand.bin

The held-out error printed is against the rollouts, whose own noise (72 trials: about
0.1 in equity) is in it: compare nets by it, then judge them against GNU Backgammon.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import numpy as np

from cart.ai import net as cartnet
from cart.ai.features import INPUTS
from cart.engine import Position
from cart.engine.movegen import flip_key
from tools.kernels import UNITS, encode


def load_rollouts(path: Path) -> tuple[list[int], np.ndarray, np.ndarray, np.ndarray]:
    """After-move keys (the mover low), targets for the mover, trials, and whether each is held out."""
    keys, targets, trials, held = [], [], [], []
    for line in path.read_text().splitlines():
        w = line.split()
        if len(w) != 7:
            continue
        pos = Position.from_position_id(w[0])
        if pos.is_race():
            continue
        keys.append(flip_key(pos.key))  # the side not on roll has just moved
        targets.append(cartnet.flip_probs(tuple(float(x) for x in w[2:])))  # type: ignore[arg-type]
        trials.append(int(w[1]))
        held.append(hashlib.sha256(w[0].encode()).digest()[0] < 26)  # a tenth, whatever the file's order
    return keys, np.array(targets), np.array(trials, float), np.array(held)


def inputs(keys: list[int], n_in: int) -> np.ndarray:
    """The contact net's dense inputs for each after-move key."""
    x = np.zeros((len(keys), n_in), np.float32)
    idx = np.empty(n_in, np.int64)
    val = np.empty(n_in, np.float64)
    for r, key in enumerate(keys):
        b = np.frombuffer(key.to_bytes(26, "little"), np.uint8)
        n = encode(b, UNITS, idx, val, n_in - INPUTS)
        x[r, idx[:n]] = val[:n]
    return x


def _sig(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -60, 60)))


def forward(p: dict[str, np.ndarray], x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    h = _sig(x @ p["W1"] + p["b1"])
    return h, _sig(h @ p["W2"].T + p["b2"])


def equity_of(o: np.ndarray) -> np.ndarray:
    return 2 * o[:, 0] - 1 + o[:, 1] - o[:, 3] + o[:, 2] - o[:, 4]


def gradients(
    p: dict[str, np.ndarray], x: np.ndarray, y: np.ndarray, w: np.ndarray | float
) -> dict[str, np.ndarray]:
    """Gradients of the loss sum w (o - y)^2 / 2 over a batch (``w``: each row's weight, a column or one)."""
    h, o = forward(p, x)
    d_o = (o - y) * o * (1 - o) * w  # d(loss)/d(pre-activation)
    g = {"W2": d_o.T @ h, "b2": d_o.sum(0)}
    dh = (d_o @ p["W2"]) * h * (1 - h)
    g["W1"] = x.T @ dh
    g["b1"] = dh.sum(0)
    return g


def adam_step(
    p: dict[str, np.ndarray],
    g: dict[str, np.ndarray],
    m: dict[str, np.ndarray],
    v2: dict[str, np.ndarray],
    step: int,
    lr: float,
) -> None:
    """One Adam step (the usual 0.9 and 0.999) of ``p`` along ``g``, in place; ``step`` counts from 1."""
    for k in p:
        m[k] = 0.9 * m[k] + 0.1 * g[k]
        v2[k] = 0.999 * v2[k] + 0.001 * g[k] * g[k]
        p[k] -= lr * (m[k] / (1 - 0.9**step)) / (np.sqrt(v2[k] / (1 - 0.999**step)) + 1e-8)


def fit(
    p0: dict[str, np.ndarray],
    x: np.ndarray,
    y: np.ndarray,
    w: np.ndarray,
    held: np.ndarray,
    *,
    epochs: int,
    lr: float,
    anchor: float,
    batch: int,
    seed: int,
) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    """Adam on weighted squared error plus ``anchor`` times the squared distance from ``p0``.

    Returns the weights of the epoch with the least held-out error (the start's if none
    did better) and a summary: held-out error at the start and at that epoch, and which.
    """
    rng = np.random.default_rng(seed)
    p = {k: v.copy() for k, v in p0.items()}
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v2 = {k: np.zeros_like(v) for k, v in p.items()}
    tr = np.flatnonzero(~held)
    va = np.flatnonzero(held)

    def held_error(q: dict[str, np.ndarray]) -> tuple[float, float]:
        _, o = forward(q, x[va])
        return float(np.average(((o - y[va]) ** 2).sum(1), weights=w[va])), float(
            np.average(np.abs(equity_of(o) - equity_of(y[va])), weights=w[va])
        )

    start = best = held_error(p)
    best_p = {k: v.copy() for k, v in p.items()}
    best_epoch = 0
    print(f"start: held-out squared error {best[0]:.5f}, |equity error| {best[1]:.4f}", flush=True)
    step = 0
    for epoch in range(1, epochs + 1):
        rng.shuffle(tr)
        for s in range(0, len(tr), batch):
            b = tr[s : s + batch]
            g = gradients(p, x[b], y[b], w[b][:, None] / w[b].sum())
            step += 1
            adam_step(p, {k: g[k] + anchor * (p[k] - p0[k]) for k in p}, m, v2, step, lr)
        err = held_error(p)
        print(f"epoch {epoch}: held-out squared error {err[0]:.5f}, |equity error| {err[1]:.4f}", flush=True)
        if err[0] < best[0]:
            best, best_epoch = err, epoch
            best_p = {k: v.copy() for k, v in p.items()}
    summary = {"start": start[0], "start_equity": start[1], "best": best[0], "best_equity": best[1]}
    return best_p, {**summary, "epoch": best_epoch}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.fit", description=__doc__.split("\n\n")[0])
    ap.add_argument("rollouts", type=Path, nargs="+")
    ap.add_argument("--weights", type=Path, default=cartnet.DEFAULT_PATH, help="the net to start from")
    ap.add_argument(
        "--net",
        choices=("contact", "crashed"),
        default="contact",
        help="crashed: fit a net of its own on the positions cart.ai.net.is_crashed picks (from the "
        "file's crashed net if it has one, else its contact net) and leave the contact net as it is",
    )
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--anchor", type=float, default=1e-4, help="pull towards the starting weights")
    ap.add_argument(
        "--mix",
        type=float,
        default=1.0,
        help="keep this share of the fitted weights and the rest of the starting ones (1: all fitted)",
    )
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--to", type=Path, required=True)
    a = ap.parse_args(argv)
    meta, nets = cartnet.read_arrays(a.weights.read_bytes())
    w1, b1, w2, b2 = nets[a.net if a.net in nets else "contact"]
    p0 = {
        "W1": np.array(w1, np.float64).T.copy(),
        "b1": np.array(b1, np.float64),
        "W2": np.array(w2, np.float64),
        "b2": np.array(b2, np.float64),
    }
    keys: list[int] = []
    ys, ws, hs = [], [], []
    for path in a.rollouts:
        k, y, w, h = load_rollouts(path)
        keys += k
        ys.append(y)
        ws.append(w)
        hs.append(h)
    y, w, held = np.concatenate(ys), np.concatenate(ws), np.concatenate(hs)
    if a.net == "crashed":
        mine = np.array([cartnet.is_crashed(k) for k in keys])
        keys = [k for k, m in zip(keys, mine, strict=True) if m]
        y, w, held = y[mine], w[mine], held[mine]
    x = inputs(keys, p0["W1"].shape[0]).astype(np.float64)
    print(f"{len(keys)} positions, {int(held.sum())} held out", flush=True)
    p, summary = fit(p0, x, y, w, held, epochs=a.epochs, lr=a.lr, anchor=a.anchor, batch=a.batch, seed=a.seed)
    if not 0.0 <= a.mix <= 1.0:
        ap.error("--mix is a share, from 0 to 1")
    p = {k: a.mix * v + (1.0 - a.mix) * p0[k] for k, v in p.items()}
    nets[a.net] = (p["W1"].T, p["b1"], p["W2"], p["b2"])  # type: ignore[assignment]
    meta = dict(meta)
    meta[f"fit {a.net}" if a.net != "contact" else "fit"] = {
        "command": "python -m tools.fit " + " ".join(sys.argv[1:] if argv is None else argv),
        "positions": len(keys),
        **{k: round(v, 6) for k, v in summary.items()},
    }
    cartnet.write_weights(a.to, nets, meta)
    print(f"wrote {a.to} ({a.to.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
