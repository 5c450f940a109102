"""Train the cart's evaluator by self-play with TD(0) (development only).

Two nets of the same shape (contact and race), 208 board inputs from
:mod:`cart.ai.features`, one sigmoid hidden layer, five sigmoid outputs:
P(win), P(win gammon), P(win backgammon), P(lose gammon), P(lose backgammon),
all for the player who has just moved (the opponent is about to roll).

Each move the side on roll picks the play whose result the current net likes
best (greedy, as TD-Gammon did; the dice give all the exploration needed), and
the previous after-move position of the other side is pulled towards the
flipped value of this one. Terminal positions use the exact result. Dice come
from ``random.Random(seed)`` and the weights from ``numpy`` seeded the same way,
so a run is reproducible; checkpoints hold the weights, the dice generator's
state and the game count, and ``--resume`` continues exactly where one stopped.

Usage (background, one core)::

    python -m tools.train --seed 1 --games 2000000 --out checkpoints/td1
    python -m tools.train --resume checkpoints/td1 --games 3000000
    python -m tools.train --export checkpoints/td1 --to cart/ai/weights.bin

numba is optional but makes it about 50x faster (``pip install -e ".[dev]"``).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import sys
import time
from pathlib import Path

import numpy as np

from cart.ai import net as cartnet
from cart.ai.features import (
    CONTACT_FEATURES,
    INPUTS,
    N_FEATURES,
    ROLLS,
    contact_features_reference,
    unit_table,
)
from cart.engine.board import Position
from cart.engine.movegen import flip_key, successors

try:
    from numba import njit
except ImportError:  # pragma: no cover - slow fallback

    def njit(*args, **kwargs):  # type: ignore[no-redef]
        if args and callable(args[0]):
            return args[0]
        return lambda f: f


F = np.array(unit_table(), dtype=np.float64)  # (26, 16, 4)
# The cart's own definition of the contact features, compiled: what the net learns on is
# exactly what the cart's fast version (tested against this function) feeds it.
_features = njit(cache=True)(contact_features_reference)
START = Position.start().key
OUTPUTS = 5


@njit(cache=True)
def _nib(b, j):
    byte = np.int64(b[j >> 1])
    return (byte >> 4) if (j & 1) else (byte & 15)


@njit(cache=True)
def _encode(b, F, idx, val, nfeat):
    """Sparse inputs of one position (26 bytes of packed nibbles); returns the count.

    With ``nfeat`` the contact features follow the 208 slot inputs.
    """
    n = 0
    if nfeat:
        c0 = np.zeros(26, np.int64)
        c1 = np.zeros(26, np.int64)
        for slot in range(26):
            c0[slot] = _nib(b, slot)
            c1[slot] = _nib(b, 26 + slot)
        f = _features(c0, c1)
        for i in range(nfeat):
            idx[n] = INPUTS + i
            val[n] = f[i] / ROLLS
            n += 1
    for j in range(52):
        byte = np.int64(b[j >> 1])
        c = (byte >> 4) if (j & 1) else (byte & 15)
        if c == 0:
            continue
        side = j // 26
        slot = j - side * 26
        base = (side * 26 + slot) * 4
        for u in range(4):
            v = F[slot, c, u]
            if v != 0.0:
                idx[n] = base + u
                val[n] = v
                n += 1
    return n


@njit(cache=True)
def _back(b, side):
    """Highest occupied slot of a side (bar = 25), 0 if none."""
    for slot in range(25, 0, -1):
        j = side * 26 + slot
        byte = np.int64(b[j >> 1])
        c = (byte >> 4) if (j & 1) else (byte & 15)
        if c:
            return slot
    return 0


@njit(cache=True)
def _terminal(b, out):
    """Exact outcome if the mover (side 0) has borne off all 15; returns True then."""
    if _nib(b, 0) != 15:
        return False
    out[0] = 1.0
    out[1] = 0.0
    out[2] = 0.0
    out[3] = 0.0
    out[4] = 0.0
    if _nib(b, 26) == 0:
        out[1] = 1.0
        for slot in range(19, 26):
            if _nib(b, 26 + slot):
                out[2] = 1.0
                break
    return True


@njit(cache=True)
def _forward(idx, val, n, W1, b1, W2, b2, h, o):
    H = b1.shape[0]
    for j in range(H):
        h[j] = b1[j]
    for a in range(n):
        row = W1[idx[a]]
        v = val[a]
        for j in range(H):
            h[j] += row[j] * v
    for j in range(H):
        h[j] = 1.0 / (1.0 + np.exp(-h[j]))
    for k in range(5):
        s = b2[k]
        w = W2[k]
        for j in range(H):
            s += w[j] * h[j]
        o[k] = 1.0 / (1.0 + np.exp(-s))


@njit(cache=True)
def _eval_one(b, F, Wc1, bc1, Wc2, bc2, Wr1, br1, Wr2, br2, idx, val, h, o, nfeat):
    if _terminal(b, o):
        return
    if _back(b, 0) + _back(b, 1) <= 25:
        n = _encode(b, F, idx, val, 0)
        _forward(idx, val, n, Wr1, br1, Wr2, br2, h, o)
    else:
        n = _encode(b, F, idx, val, nfeat)
        _forward(idx, val, n, Wc1, bc1, Wc2, bc2, h, o)


@njit(cache=True)
def _choose(B, F, Wc1, bc1, Wc2, bc2, Wr1, br1, Wr2, br2, best, nfeat):
    """Index of the candidate with the highest equity for the mover; its outputs in ``best``."""
    idx = np.empty(INPUTS + N_FEATURES, np.int64)
    val = np.empty(INPUTS + N_FEATURES, np.float64)
    h = np.empty(max(bc1.shape[0], br1.shape[0]), np.float64)
    o = np.empty(5, np.float64)
    top = -1e9
    bi = 0
    for i in range(B.shape[0]):
        _eval_one(B[i], F, Wc1, bc1, Wc2, bc2, Wr1, br1, Wr2, br2, idx, val, h, o, nfeat)
        e = 2.0 * o[0] - 1.0 + o[1] - o[3] + o[2] - o[4]
        if e > top:
            top = e
            bi = i
            for k in range(5):
                best[k] = o[k]
    return bi


@njit(cache=True)
def _backprop(idx, val, n, W1, b1, W2, b2, target, alpha, feature_lr):
    H = b1.shape[0]
    h = np.empty(H, np.float64)
    o = np.empty(5, np.float64)
    _forward(idx, val, n, W1, b1, W2, b2, h, o)
    d_o = np.empty(5, np.float64)
    for k in range(5):
        d_o[k] = (target[k] - o[k]) * o[k] * (1.0 - o[k])
    dh = np.empty(H, np.float64)
    for j in range(H):
        s = 0.0
        for k in range(5):
            s += d_o[k] * W2[k, j]
        dh[j] = s * h[j] * (1.0 - h[j])
    for k in range(5):
        g = alpha * d_o[k]
        b2[k] += g
        for j in range(H):
            W2[k, j] += g * h[j]
    for j in range(H):
        b1[j] += alpha * dh[j]
    for a in range(n):
        row = W1[idx[a]]
        v = alpha * val[a]
        if idx[a] >= INPUTS:
            v *= feature_lr  # the contact features' own learning-rate factor (see --feature-lr)
        for j in range(H):
            row[j] += v * dh[j]


@njit(cache=True)
def _td_step(b, target, F, Wc1, bc1, Wc2, bc2, Wr1, br1, Wr2, br2, alpha, nfeat, feature_lr):
    idx = np.empty(INPUTS + N_FEATURES, np.int64)
    val = np.empty(INPUTS + N_FEATURES, np.float64)
    if _back(b, 0) + _back(b, 1) <= 25:
        n = _encode(b, F, idx, val, 0)
        _backprop(idx, val, n, Wr1, br1, Wr2, br2, target, alpha, 1.0)
    else:
        n = _encode(b, F, idx, val, nfeat)
        _backprop(idx, val, n, Wc1, bc1, Wc2, bc2, target, alpha, feature_lr)


def candidates(key: int, d1: int, d2: int) -> tuple[list[int], np.ndarray]:
    """The play results for a roll (the position itself when none is legal), and as rows for ``_choose``."""
    succ = successors(key, d1, d2)
    cands = list(succ) if succ else [key]
    arr = np.frombuffer(b"".join([k.to_bytes(26, "little") for k in cands]), np.uint8)
    return cands, arr.reshape(len(cands), 26)


class Trainer:
    """Weights, dice and counters of one training run; everything a checkpoint holds."""

    def __init__(self, seed: int, hidden: int, race_hidden: int, features: bool = False) -> None:
        init = np.random.default_rng(seed)
        self.seed = seed
        self.games = 0
        self.rng = random.Random(seed)
        self.w: dict[str, np.ndarray] = {}
        extra = N_FEATURES if features else 0
        for name, h, n_in in (("contact", hidden, INPUTS + extra), ("race", race_hidden, INPUTS)):
            self.w[name + ".W1"] = init.uniform(-0.1, 0.1, (n_in, h))  # input-major for sparse rows
            self.w[name + ".b1"] = np.zeros(h)
            self.w[name + ".W2"] = init.uniform(-0.1, 0.1, (OUTPUTS, h))
            self.w[name + ".b2"] = np.zeros(OUTPUTS)
        self.log: list[dict] = []
        self.args: dict = {}

    @property
    def nfeat(self) -> int:
        """Contact features in use: runs from before they existed have none."""
        return self.w["contact.W1"].shape[0] - INPUTS

    def nets(self) -> tuple[np.ndarray, ...]:
        w = self.w
        return tuple(w[f"{n}.{p}"] for n in ("contact", "race") for p in ("W1", "b1", "W2", "b2"))

    def play_game(self, alpha: float) -> int:
        """One self-play game with TD(0) updates; returns the plies played."""
        nets = self.nets()
        nfeat = self.nfeat
        feature_lr = float(self.args.get("feature_lr", 1.0))
        rng = self.rng
        key = START
        prev = None
        best = np.empty(OUTPUTS)
        plies = 0
        while True:
            d1 = rng.randint(1, 6)
            d2 = rng.randint(1, 6)
            cands, arr = candidates(key, d1, d2)
            i = _choose(arr, F, *nets, best, nfeat)
            plies += 1
            if prev is not None:
                _td_step(prev, np.array(cartnet.flip_probs(best)), F, *nets, alpha, nfeat, feature_lr)
            chosen = cands[i]
            if (chosen & 15) == 15:
                return plies
            prev = arr[i].copy()
            key = flip_key(chosen)

    def init_from(self, folder: Path) -> None:
        """Take another run's weights, so a new schedule (or new inputs) starts from a trained net.

        Inputs the parent lacked get zero rows, and hidden units it lacked get zero output
        weights (their input weights keep this run's random start, so they are not all alike):
        either way the net starts out playing exactly as the parent did, and learns what the
        new inputs or units are worth. The parent's own provenance is kept in
        ``args["parent"]`` so the exported weights still say how to rebuild them.
        """
        parent = Trainer.load(folder)
        for name, w in parent.w.items():
            mine = self.w[name]
            if w.ndim != mine.ndim or any(a > b for a, b in zip(w.shape, mine.shape, strict=True)):
                raise SystemExit(f"{folder}: {name} is {w.shape}, cannot start {mine.shape} from it")
            if name.endswith(".W1"):
                mine[w.shape[0] :] = 0.0  # new inputs
                mine[: w.shape[0], : w.shape[1]] = w
            elif name.endswith(".W2"):
                mine[:] = 0.0  # new units say nothing yet
                mine[:, : w.shape[1]] = w
            elif name.endswith(".b1"):
                mine[:] = 0.0
                mine[: w.shape[0]] = w
            elif w.shape != mine.shape:
                raise SystemExit(f"{folder}: {name} is {w.shape}, this run needs {mine.shape}")
            else:
                mine[:] = w
        self.args["parent"] = {
            "folder": str(folder),
            "games": parent.games,
            "seed": parent.seed,
            "args": parent.args,
        }

    # -- checkpoints -------------------------------------------------------
    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        meta = {"seed": self.seed, "games": self.games, "args": self.args, "log": self.log[-200:]}
        tmp = folder / "ckpt.tmp.npz"
        np.savez(
            tmp,
            meta=np.frombuffer(json.dumps(meta).encode(), np.uint8),
            rng=np.frombuffer(pickle.dumps(self.rng.getstate()), np.uint8),
            **self.w,
        )
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, folder / "ckpt.npz")

    @classmethod
    def load(cls, folder: Path) -> Trainer:
        data = np.load(folder / "ckpt.npz")
        meta = json.loads(bytes(data["meta"]).decode())
        t = cls.__new__(cls)
        t.seed = meta["seed"]
        t.games = meta["games"]
        t.args = meta["args"]
        t.log = meta["log"]
        t.rng = random.Random()
        t.rng.setstate(pickle.loads(bytes(data["rng"])))
        t.w = {k: data[k].copy() for k in data.files if k not in ("meta", "rng")}
        return t


def alpha_at(games: int, a: dict) -> float:
    """Learning rate: flat, then halving every ``halflife`` games down to a floor."""
    if games < a["decay_start"]:
        return a["alpha"]
    return max(a["alpha_min"], a["alpha"] * 0.5 ** ((games - a["decay_start"]) / a["halflife"]))


def reproduce_command(seed: int, games: int, a: dict, folder: Path | str) -> str:
    """The command(s) that rebuild a checkpoint; a run started from a parent names the parent's first."""
    cmd = (
        f"python -m tools.train --seed {seed} --games {games} --hidden {a['hidden']} "
        f"--race-hidden {a['race_hidden']} --alpha {a['alpha']} --alpha-min {a['alpha_min']} "
        f"--decay-start {a['decay_start']} --halflife {a['halflife']}"
    )
    if a.get("features"):
        cmd += " --features"
    if a.get("feature_lr", 1.0) != 1.0:
        cmd += f" --feature-lr {a['feature_lr']}"
    parent = a.get("parent")
    if parent:
        first = reproduce_command(parent["seed"], parent["games"], parent["args"], parent["folder"])
        return f"{first} && {cmd} --init-from {parent['folder']} --out {folder}"
    return f"{cmd} --out {folder}"


def export(folder: Path, to: Path) -> None:
    """Write the cart's weight file from a checkpoint."""
    t = Trainer.load(folder)
    nets = {}
    for name in ("contact", "race"):
        nets[name] = (
            t.w[name + ".W1"].T,  # hidden-major, as the cart reads it
            t.w[name + ".b1"],
            t.w[name + ".W2"],
            t.w[name + ".b2"],
        )
    reproduce = reproduce_command(t.seed, t.games, t.args, folder)
    meta = {
        "trainer": "tools/train.py (TD(0) self-play)",
        "seed": t.seed,
        "games": t.games,
        "args": t.args,
        "command": t.args.get("command", ""),
        # the learning rate depends on the game count only, so stopping at ``games`` is the same run
        "reproduce": reproduce,
    }
    cartnet.write_weights(to, nets, meta)
    print(f"wrote {to} ({to.stat().st_size} bytes) from {t.games} games, seed {t.seed}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=1_000_000, help="train until this many games in total")
    p.add_argument("--out", type=Path, default=Path("checkpoints/td"))
    p.add_argument("--resume", type=Path)
    p.add_argument(
        "--init-from",
        type=Path,
        help="start a new run (its own seed, dice and schedule) from the weights of this checkpoint",
    )
    p.add_argument("--features", action="store_true", help="give the contact net the contact features")
    p.add_argument(
        "--feature-lr",
        type=float,
        default=1.0,
        help="learning-rate factor for the contact features' weights: they start at zero and their "
        "inputs are small, so at the common rate they take a million games to matter",
    )
    p.add_argument("--hidden", type=int, default=80)
    p.add_argument("--race-hidden", type=int, default=40)
    p.add_argument("--alpha", type=float, default=0.1)
    p.add_argument("--alpha-min", type=float, default=0.02)
    p.add_argument("--decay-start", type=int, default=300_000)
    p.add_argument("--halflife", type=int, default=500_000)
    p.add_argument("--every", type=int, default=10_000, help="checkpoint every N games")
    p.add_argument("--export", type=Path, help="checkpoint folder to export instead of training")
    p.add_argument("--to", type=Path, default=Path("cart/ai/weights.bin"))
    a = p.parse_args(argv)
    if a.export:
        export(a.export, a.to)
        return 0
    if a.resume:
        t = Trainer.load(a.resume)
        folder = a.resume
    else:
        t = Trainer(a.seed, a.hidden, a.race_hidden, a.features)
        folder = a.out
        t.args = {
            "alpha": a.alpha,
            "alpha_min": a.alpha_min,
            "decay_start": a.decay_start,
            "halflife": a.halflife,
            "hidden": a.hidden,
            "race_hidden": a.race_hidden,
            "features": list(CONTACT_FEATURES) if a.features else [],
            "feature_lr": a.feature_lr,
            "command": "python -m tools.train " + " ".join(argv if argv is not None else sys.argv[1:]),
        }
        if a.init_from:
            t.init_from(a.init_from)
    t.args["target_games"] = a.games
    t0 = time.time()
    g0 = t.games
    plies = 0
    while t.games < a.games:
        plies += t.play_game(alpha_at(t.games, t.args))
        t.games += 1
        if t.games % a.every == 0 or t.games == a.games:
            dt = time.time() - t0
            rate = (t.games - g0) / dt if dt else 0.0
            entry = {"games": t.games, "alpha": alpha_at(t.games, t.args), "games_per_s": round(rate, 1)}
            t.log.append(entry)
            t.save(folder)
            print(json.dumps(entry), f"plies/game {plies / (t.games - g0):.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
