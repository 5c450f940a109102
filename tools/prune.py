"""Fit the master's prune net to the shipped contact net, and add it to the weight file (development only).

The master's 2-ply needs, for each of 21 x 21 reply lists, the mover's best
play by the net: about 8,800 contact evaluations a candidate, 0.4 s in CPython.
GNU Backgammon's answer is a prune net: a cheap evaluator ranks each list and
only its best few go to the full net. Ours has a few hidden units on the slot
inputs alone (no contact features), which makes it about three times cheaper
than the contact net, and it is fitted to the contact net's own outputs on the
lists it will rank: every play of the rolled dice in self-play games of the
expert. Nothing comes from GNU Backgammon.

The fit is Adam on minibatches of whole lists, on a loss that ranks: the squared
error of each play's equity about its list's mean (the pruner never compares
plays of different lists), plus the squared error of the five outputs so that
it stays a sane net. A fifth of the lists is held out; the printed recall is how
often the contact net's best play is among the prune net's best ``--keep``.

    python -m tools.prune --seed 1 --games 500 --hidden 16 --to cart/ai/weights.bin

It reads the contact and race nets from ``--to`` (the weight file
``python -m tools.train --export`` wrote) and writes them back with the prune net and
the command in the header's metadata, under ``prune``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

from cart.ai.features import INPUTS, SLOTS, unit_table
from cart.ai.net import (
    DEFAULT_PATH,
    Weights,
    WeightsError,
    equity,
    is_race,
    read_arrays,
    read_weights,
    write_weights,
)
from cart.engine.board import Position
from cart.engine.movegen import flip_key, successors

DECAY = 0.003  # decoupled weight decay of W1, per unit of learning rate
SIGNS = np.array([2.0, 1.0, 1.0, -1.0, -1.0])  # equity = SIGNS @ outputs - 1


def sibling_lists(weights: Weights, games: int, seed: int) -> tuple[list[int], np.ndarray, np.ndarray]:
    """Self-play of the expert: every play of each roll (contact results only), labelled by the contact net.

    Returns the result keys, the contact net's five outputs for each, and each key's list number.
    """
    rng = random.Random(seed)
    keys: list[int] = []
    labels: list[tuple[float, ...]] = []
    group: list[int] = []
    lists = 0
    for _ in range(games):
        key = Position.start().key
        for _turn in range(400):
            succ = successors(key, rng.randint(1, 6), rng.randint(1, 6))
            if not succ:
                key = flip_key(key)
                continue
            best, best_e = key, -9.0
            contact = {r for r in succ if r & 15 != 15 and not is_race(r)}
            for r in succ:
                p = weights.after(r)
                e = equity(p)
                if e > best_e:
                    best, best_e = r, e
                if len(contact) > 1 and r in contact:
                    keys.append(r)
                    labels.append(p)
                    group.append(lists)
            lists += len(contact) > 1
            if best & 15 == 15 or is_race(best):
                break  # the race net takes it from here: the master prunes no race
            key = flip_key(best)
    return keys, np.array(labels), np.array(group)


def slot_inputs(keys: list[int]) -> np.ndarray:
    """The 208 slot inputs of each key, as the cart's nets read them (:func:`cart.ai.features.unit_table`)."""
    units = np.array(unit_table())  # slot, count, unit
    kb = np.frombuffer(b"".join(k.to_bytes(26, "little") for k in keys), np.uint8).reshape(-1, 26)
    nib = np.empty((len(keys), 2 * SLOTS), np.int64)
    nib[:, 0::2] = kb & 15
    nib[:, 1::2] = kb >> 4
    x = np.concatenate([units[j % SLOTS][nib[:, j]] for j in range(2 * SLOTS)], axis=1).astype(np.float32)
    assert x.shape[1] == INPUTS
    return x


def _sig(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-z))


def fit(
    x: np.ndarray, y: np.ndarray, group: np.ndarray, hidden: int, epochs: int, seed: int, decay: float = DECAY
) -> tuple[np.ndarray, ...]:
    """Adam on minibatches of 16 whole lists; returns W1, b1, W2, b2."""
    rng = np.random.default_rng(seed)
    params = [
        rng.normal(0.0, 0.1, (hidden, INPUTS)),
        np.zeros(hidden),
        rng.normal(0.0, 0.1, (5, hidden)),
        np.zeros(5),
    ]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])  # lists are contiguous
    ends = np.r_[starts[1:], len(group)]
    step = 0
    for epoch in range(epochs):
        lr = 3e-3 if epoch < epochs * 2 // 3 else 1e-3
        order = rng.permutation(len(starts))
        for b in range(0, len(order), 16):
            rows = np.concatenate([np.arange(starts[i], ends[i]) for i in order[b : b + 16]])
            xb, yb, gb = x[rows], y[rows], group[rows]
            w1, b1, w2, b2 = params
            h = _sig(xb @ w1.T + b1)
            o = _sig(h @ w2.T + b2)
            # equity about each list's mean: subtract the per-list mean of the error
            err = (o - yb) @ SIGNS
            _, inv = np.unique(gb, return_inverse=True)
            err -= (np.bincount(inv, err) / np.bincount(inv))[inv]
            d_o = (o - yb) + err[:, None] * SIGNS
            d_z2 = d_o * o * (1 - o)
            d_z1 = (d_z2 @ w2) * h * (1 - h)
            grads = (d_z1.T @ xb / len(rows), d_z1.mean(0), d_z2.T @ h / len(rows), d_z2.mean(0))
            step += 1
            for p, g, mm, vv in zip(params, grads, m, v, strict=True):
                mm *= 0.9
                mm += 0.1 * g
                vv *= 0.999
                vv += 0.001 * g * g
                p -= lr * (mm / (1 - 0.9**step)) / (np.sqrt(vv / (1 - 0.999**step)) + 1e-8)
            params[0] *= 1.0 - lr * decay  # keeps every hidden unit within the packed lanes' range
    return tuple(params)


def recall(
    params: tuple[np.ndarray, ...], x: np.ndarray, y: np.ndarray, group: np.ndarray, keep: int
) -> tuple[float, float]:
    """How often the contact net's best play is among the prune net's best ``keep``, and the equity lost."""
    w1, b1, w2, b2 = params
    rough = _sig(_sig(x @ w1.T + b1) @ w2.T + b2) @ SIGNS
    true = y @ SIGNS
    hits = lost = 0.0
    lists = np.unique(group)
    for g in lists:
        s = group == g
        top = np.argsort(-rough[s], kind="stable")[:keep]
        hits += true[s].argmax() in top
        lost += true[s].max() - true[s][top].max()
    return hits / len(lists), lost / len(lists)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--hidden", type=int, default=16)
    p.add_argument("--epochs", type=int, default=30)
    p.add_argument(
        "--decay",
        type=float,
        default=DECAY,
        help="weight decay of the hidden layer: raise it when a unit would leave the packed range",
    )
    p.add_argument("--keep", type=int, default=3, help="list length the recall is printed for")
    p.add_argument("--to", type=Path, default=DEFAULT_PATH, help="weight file to read and extend")
    a = p.parse_args(argv)
    data = a.to.read_bytes()
    weights = read_weights(data)
    t0 = time.perf_counter()
    keys, y, group = sibling_lists(weights, a.games, a.seed)
    x = slot_inputs(keys)
    took = time.perf_counter() - t0
    print(f"{len(keys)} plays in {group[-1] + 1} lists from {a.games} games ({took:.0f} s)")
    held = group % 5 == 0
    params = fit(x[~held], y[~held], group[~held], a.hidden, a.epochs, a.seed, a.decay)
    for k in sorted({1, a.keep}):
        r, lost = recall(params, x[held], y[held], group[held], k)
        print(
            f"held-out lists: contact net's best in the prune net's best {k}: {r:.1%}, {lost:.5f} equity lost"
        )
    # refit on every list for the shipped net, same seed
    params = fit(x, y, group, a.hidden, a.epochs, a.seed, a.decay)
    meta = dict(weights.meta)
    meta["prune"] = {
        "command": "python -m tools.prune " + " ".join(argv if argv is not None else sys.argv[1:]),
        "seed": a.seed,
        "games": a.games,
        "hidden": a.hidden,
        "plays": len(keys),
    }
    nets = {name: _net_arrays(data, name) for name in ("contact", "race")}
    nets["prune"] = params
    tmp = a.to.with_suffix(".tmp")
    write_weights(tmp, nets, meta)
    try:
        read_weights(tmp.read_bytes())  # the packed evaluator takes it: every unit within range
    except WeightsError as exc:
        tmp.unlink()
        raise SystemExit(f"the prune net does not pack ({exc}); {a.to} is unchanged") from exc
    tmp.replace(a.to)
    print(f"wrote {a.to} ({a.to.stat().st_size:,} bytes)")
    return 0


def _net_arrays(data: bytes, name: str) -> tuple[np.ndarray, ...]:
    """One net's arrays as float32, exactly as stored, so a rewrite changes no bit of the other nets."""
    return tuple(np.array(part, np.float32) for part in read_arrays(data)[1][name])


if __name__ == "__main__":
    raise SystemExit(main())
