"""A net's learning curve on luck-adjusted returns, judged by gnubg's 2-ply (development only).

Before a long run makes millions of targets (:mod:`tools.net_targets`), fit the contact net
on the first N of them for a few N and see whether its error on positions it never saw
falls with N. The judge's positions are the contact positions (gnubg's class, no man on the
bar) of the eval judge's games of our levels (:func:`tools.eval_judge.make_set`, seed 1 as
its figures), valued by gnubg 2-ply; the net's error is the mean absolute error of its
cubeless equity for the side on roll, beside the shipped net's and gnubg 0-ply's on the same
positions. GNU Backgammon only judges: nothing of it is fitted.

The fit starts from the weight file's contact net (as :mod:`tools.fit` does) and runs Adam on
the squared error of the five outputs for a fixed number of epochs, over the samples of the
contact net's own positions (crashed boards are the crashed net's: left out), a twentieth of
the games held out and their error printed beside the judge's; any sample whose position is
in the judge's set is dropped. Inputs are built by
the trainer's kernels, so the net learns on what the cart feeds it. ``--net crashed`` fits the
crashed net the same way on the crashed boards alone, judged on the set's crashed positions. One
core (numpy's BLAS held to one thread)::

    python -m tools.net_curve judge-set --out ~/.cache/gammon-cart/net-curve-set.npz
    OPENBLAS_NUM_THREADS=1 nice -n 19 python -m tools.net_curve fit ~/.cache/gammon-cart/net-targets \\
        --set ~/.cache/gammon-cart/net-curve-set.npz --samples 250000 --epochs 4 --to /tmp/c250k.bin
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from cart.ai import net as cartnet
from cart.ai.bot import TEACHER_PATH
from cart.ai.classes import is_crashed
from cart.ai.features import INPUTS
from cart.engine import Position
from tools import net_targets
from tools.fit import adam_step, equity_of, forward, gradients
from tools.kernels import UNITS, encode, njit

_FLIP_DIFF = net_targets._FLIP_DIFF


@njit(cache=True)
def dense_inputs(rows, F, n_in, x):
    """The contact net's inputs of each row (after-move, mover low) into the float32 matrix ``x``."""
    idx = np.empty(n_in, np.int64)
    val = np.empty(n_in, np.float64)
    for r in range(rows.shape[0]):
        n = encode(rows[r], F, idx, val, n_in - INPUTS)
        for a in range(n):
            x[r, idx[a]] = val[a]


@njit(cache=True)
def flip_rows(rows, out):
    """The same boards with the other side to play (the two 13-byte halves swapped)."""
    for r in range(rows.shape[0]):
        for j in range(26):  # nibble j of one side is nibble j + 26 of the other: 13 bytes apart
            out[r, j] = rows[r, (j + 13) % 26]


def after_move(keys: np.ndarray) -> np.ndarray:
    """Positions before a roll (side on roll low) as the net sees them: just played by the other side."""
    out = np.empty_like(keys)
    flip_rows(keys, out)
    return out


def inputs(rows: np.ndarray, n_in: int) -> np.ndarray:
    x = np.zeros((len(rows), n_in), np.float32)
    dense_inputs(np.ascontiguousarray(rows), UNITS, n_in, x)
    return x


def mover_targets(t: np.ndarray) -> np.ndarray:
    """Targets for the side on roll as targets for the side that just moved (the affine flip)."""
    return np.array([1.0, 0, 0, 0, 0]) + t.astype(np.float64) @ _FLIP_DIFF.T


def contact_net(
    weights: Path, hidden: int = 0, seed: int = 1, name: str = "contact"
) -> dict[str, np.ndarray]:
    """A weight file's contact net, or its ``name`` net of the same inputs (``W1`` input-major), grown to
    ``hidden`` units if more than it has.

    New units start with small random inputs and no say in the outputs, so the grown net first
    values every position as the file's does.
    """
    _, nets = cartnet.read_arrays(weights.read_bytes())
    w1, b1, w2, b2 = nets[name]
    p = {
        "W1": np.array(w1, np.float64).T.copy(),
        "b1": np.array(b1, np.float64),
        "W2": np.array(w2, np.float64),
        "b2": np.array(b2, np.float64),
    }
    extra = hidden - len(p["b1"])
    if extra > 0:
        rng = np.random.default_rng(seed)
        p["W1"] = np.hstack([p["W1"], rng.uniform(-0.1, 0.1, (p["W1"].shape[0], extra))])
        p["b1"] = np.concatenate([p["b1"], np.zeros(extra)])
        p["W2"] = np.hstack([p["W2"], np.zeros((5, extra))])
    return p


# -- the judge's set -------------------------------------------------------------------------
def judge_set(seed: int, games: int, keep: float) -> dict[str, np.ndarray]:
    """Contact and crashed positions of the eval judge's games; gnubg 2-ply and 0-ply for the side on roll."""
    import gnubg_nn

    from tools.eval_judge import make_set, position_class

    ids, classes = [], []
    for pid in make_set(seed, games, 0, keep):
        cls = position_class(Position.from_position_id(pid))
        if cls in ("contact", "crashed"):
            ids.append(pid)
            classes.append(cls)
    keys = [Position.from_position_id(pid).key for pid in ids]
    boards = [Position(k).gnubg_board() for k in keys]
    return {
        "ids": np.array(ids),
        "classes": np.array(classes),
        "keys": np.frombuffer(b"".join(k.to_bytes(26, "little") for k in keys), np.uint8).reshape(-1, 26),
        "gnubg2": np.array([gnubg_nn.probabilities(b, 2) for b in boards]),
        "gnubg0": np.array([gnubg_nn.probabilities(b, 0) for b in boards]),
    }


def judge(p: dict[str, np.ndarray], s: dict[str, np.ndarray], rms: bool = False) -> float:
    """Mean |cubeless equity error| (or its RMS) of a contact net against gnubg 2-ply, the side on roll's."""
    x = inputs(after_move(s["keys"]), p["W1"].shape[0]).astype(np.float64)
    _, o = forward(p, x)
    err = -equity_of(o) - equity_of(s["gnubg2"])  # the net's chances are the other side's
    return float(np.sqrt(np.mean(err**2)) if rms else np.mean(np.abs(err)))


def load_set(path: Path, cls: str) -> dict[str, np.ndarray]:
    """The judge's positions of one class (contact or crashed)."""
    with np.load(path) as z:
        mine = z["classes"] == cls
        return {k: z[k][mine] for k in z.files}


# -- the fit ---------------------------------------------------------------------------------
def samples(
    folder: Path, limit: int, s: dict[str, np.ndarray], crashed: bool = False, also: Sequence[Path] = ()
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The first ``limit`` samples' after-move rows and targets (the mover's), and whether held out: the
    contact net's positions, or the crashed net's where ``crashed``; then every sample of each ``also``
    folder (another player's returns), under the same held-out rule."""
    d = net_targets.load(folder, limit)
    keys, target, game = d["keys"][:limit], d["target"][:limit], d["game"][:limit]
    for more in also:
        e = net_targets.load(more, first=int(game.max() >> 20) + 1)
        keys, target, game = (
            np.concatenate([a, e[k]]) for a, k in ((keys, "keys"), (target, "target"), (game, "game"))
        )
    judged = {bytes(r) for r in s["keys"]}
    keep = np.array([bytes(r) not in judged for r in keys])
    rows = after_move(keys)
    keep &= np.array([is_crashed(int.from_bytes(r.tobytes(), "little")) == crashed for r in rows])
    held = (game * 2654435761 % 97) < 5  # about a twentieth of the games
    return rows[keep], mover_targets(target[keep]), held[keep]


def fit_curve(
    p0: dict[str, np.ndarray],
    rows: np.ndarray,
    y: np.ndarray,
    held: np.ndarray,
    s: dict[str, np.ndarray],
    *,
    epochs: int,
    lr: float,
    batch: int,
    seed: int,
    anneal: bool = False,
) -> tuple[dict[str, np.ndarray], list[dict[str, float]]]:
    """Adam on squared error from ``p0`` for a fixed number of epochs: the last epoch's net and each epoch's
    held-out and judged error. (The held-out samples' noise, about 0.3 in equity a sample, hides
    differences of a few thousandths in equity error: too noisy to pick an epoch by.)

    Inputs are built a batch at a time (a million samples' dense inputs would not fit twice in memory).
    With ``anneal`` the rate falls along a half cosine to nothing at the last step, so the last epoch's
    net is not one noisy step among many.
    """
    rng = np.random.default_rng(seed)
    n_in = p0["W1"].shape[0]
    p = {k: v.copy() for k, v in p0.items()}
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v2 = {k: np.zeros_like(v) for k, v in p.items()}
    tr, va = np.flatnonzero(~held), np.flatnonzero(held)
    xva = inputs(rows[va], n_in).astype(np.float64)

    def held_error(q: dict[str, np.ndarray]) -> float:
        _, o = forward(q, xva)
        return float(np.mean(((o - y[va]) ** 2).sum(1)))

    log = [{"epoch": 0, "held": held_error(p), "judge": judge(p, s), "cpu_s": 0.0}]
    print(json.dumps(log[-1]), flush=True)
    step = 0
    steps = epochs * -(-len(tr) // batch)
    t0 = time.process_time()
    for epoch in range(1, epochs + 1):
        rng.shuffle(tr)
        for start in range(0, len(tr), batch):
            b = tr[start : start + batch]
            g = gradients(p, inputs(rows[b], n_in).astype(np.float64), y[b], 1.0 / len(b))
            step += 1
            adam_step(p, g, m, v2, step, lr * (0.5 + 0.5 * np.cos(np.pi * step / steps) if anneal else 1.0))
        err = held_error(p)
        log.append({"epoch": epoch, "held": err, "judge": judge(p, s), "cpu_s": time.process_time() - t0})
        print(json.dumps(log[-1]), flush=True)
    return p, log


# -- crashed positions: rollouts as targets? --------------------------------------------------
def crashed_check(set_path: Path, positions: int, trials: int, plies: list[int], weights: Path) -> None:
    """Luck-adjusted rollouts of the net's 0-ply and 1-ply players on the judge's crashed positions, by gnubg.

    Each trial plays from the position until the game ends or contact is broken (:mod:`tools.net_targets`,
    the same dice for each player); its value is the result less the luck of every roll, read at 0-ply.
    RMS errors are given beside the part the trials' own noise explains (the mean squared standard error).
    """
    import random

    s = load_set(set_path, "crashed")
    pick = np.linspace(0, len(s["ids"]) - 1, min(positions, len(s["ids"]))).astype(int)
    g2 = equity_of(s["gnubg2"][pick])
    g0 = equity_of(s["gnubg0"][pick])
    p0 = contact_net(weights)
    x = inputs(after_move(s["keys"][pick]), p0["W1"].shape[0]).astype(np.float64)
    net0 = -equity_of(forward(p0, x)[1])
    print(
        f"{len(pick)} crashed positions, {trials} trials each; against gnubg 2-ply, RMS (mean abs): "
        f"gnubg 0-ply {np.sqrt(np.mean((g0 - g2) ** 2)):.4f} ({np.mean(np.abs(g0 - g2)):.4f}), "
        f"our contact net 0-ply {np.sqrt(np.mean((net0 - g2) ** 2)):.4f} ({np.mean(np.abs(net0 - g2)):.4f})",
        flush=True,
    )
    for ply in plies:
        rec = net_targets.Recorder(weights, ply=ply)
        t0 = time.process_time()
        means, se2 = [], []
        for i in pick:
            key = int.from_bytes(s["keys"][i].tobytes(), "little")
            games = [rec.game(random.Random(f"crashed:{s['ids'][i]}:{t}"), start=key) for t in range(trials)]
            v = [float(equity_of(g["target"][:1])[0]) for g in games]  # each trial's luck-adjusted value
            means.append(np.mean(v))
            se2.append(np.var(v, ddof=1) / trials)
        cpu = time.process_time() - t0
        err = np.array(means) - g2
        print(
            f"rollout of the {ply}-ply player: RMS {np.sqrt(np.mean(err**2)):.4f} "
            f"(mean abs {np.mean(np.abs(err)):.4f}), "
            f"trials' noise RMS {np.sqrt(np.mean(se2)):.4f}, so about "
            f"{np.sqrt(max(np.mean(err**2) - np.mean(se2), 0.0)):.4f} without it; "
            f"{cpu / (trials * len(pick)):.3f} CPU s a trial",
            flush=True,
        )


def write_teacher(fit: Path, to: Path, crashed: Path | None = None) -> str:
    """Write ``fit``'s contact net (and ``crashed``'s crashed net, if given) to ``to``, in 16-bit halves
    (the teacher's judge figures measured the same to the 4th decimal: docs/notes/teacher-deep.md); what
    was written, in words."""
    meta, nets = cartnet.read_arrays(fit.read_bytes())
    mine = {"contact": nets["contact"]}
    if crashed is not None:
        crashed_meta, crashed_nets = cartnet.read_arrays(crashed.read_bytes())
        mine["crashed"] = crashed_nets["crashed"]
        meta = {**meta, "crashed_fit": crashed_meta.get("fit", {})}
    cartnet.write_weights(to, mine, meta, half=set(mine))
    hidden = len(nets["contact"][1])
    said = f" and the crashed net of {crashed}" if crashed is not None else ""
    return f"{to}: the contact net of {fit} ({hidden} hidden units){said}, {to.stat().st_size:,} bytes"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.net_curve", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    j = sub.add_parser("judge-set", help="the judge's contact positions and gnubg's values of them")
    j.add_argument("--seed", type=int, default=1)
    j.add_argument("--games", type=int, default=210)
    j.add_argument("--keep", type=float, default=0.25)
    j.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit", help="fit the contact (or crashed) net on the first N samples and judge it")
    f.add_argument("folder", type=Path)
    f.add_argument("--net", choices=("contact", "crashed"), default="contact")
    f.add_argument("--set", type=Path, required=True)
    f.add_argument("--samples", type=int, required=True)
    f.add_argument(
        "--also", type=Path, action="append", default=[], help="every sample of this folder too (repeatable)"
    )
    f.add_argument("--epochs", type=int, default=4)
    f.add_argument("--lr", type=float, default=1e-4)
    f.add_argument("--anneal", action="store_true", help="the rate falls along a half cosine to nothing")
    f.add_argument("--batch", type=int, default=256)
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--weights", type=Path, default=cartnet.DEFAULT_PATH)
    f.add_argument(
        "--hidden", type=int, default=0, help="grow the contact net to this many hidden units first"
    )
    f.add_argument("--to", type=Path, help="write the last epoch's net into a copy of the weight file here")
    c = sub.add_parser("crashed", help="rollouts of the 0-ply and 1-ply players on crashed positions")
    c.add_argument("--set", type=Path, required=True)
    c.add_argument("--positions", type=int, default=20)
    c.add_argument("--trials", type=int, default=36)
    c.add_argument("--ply", type=int, nargs="+", default=[0, 1])
    c.add_argument("--weights", type=Path, default=cartnet.DEFAULT_PATH)
    t = sub.add_parser("teacher", help="the teacher's file: a fit's contact net (and crashed net), in halves")
    t.add_argument("fit", type=Path, help="a weight file written by fit --to")
    t.add_argument("--crashed", type=Path, help="a weight file written by fit --net crashed --to")
    t.add_argument("--to", type=Path, default=TEACHER_PATH)
    a = ap.parse_args(argv)
    if a.cmd == "teacher":
        print(write_teacher(a.fit, a.to, a.crashed))
        return 0
    if a.cmd == "crashed":
        crashed_check(a.set, a.positions, a.trials, a.ply, a.weights)
        return 0
    if a.cmd == "judge-set":
        s = judge_set(a.seed, a.games, a.keep)
        np.savez_compressed(a.out, **s)  # type: ignore[arg-type]
        print(f"{len(s['ids'])} positions ({int((s['classes'] == 'crashed').sum())} crashed) -> {a.out}")
        return 0
    s = load_set(a.set, a.net)
    p0 = contact_net(a.weights, a.hidden, a.seed, a.net)
    g0 = float(np.mean(np.abs(equity_of(s["gnubg0"]) - equity_of(s["gnubg2"]))))
    print(
        f"{len(s['ids'])} judged {a.net} positions: gnubg 0-ply {g0:.4f}, "
        f"shipped {a.net} net {judge(p0, s):.4f}"
    )
    rows, y, held = samples(a.folder, a.samples, s, crashed=a.net == "crashed", also=a.also)
    more = "".join(f" and all of {f}" for f in a.also)
    print(f"{len(rows)} samples ({int(held.sum())} held out) of the first {a.samples}{more}", flush=True)
    p, log = fit_curve(
        p0, rows, y, held, s, epochs=a.epochs, lr=a.lr, batch=a.batch, seed=a.seed, anneal=a.anneal
    )
    best = min(log, key=lambda e: e["held"])
    print(
        f"samples {a.samples}: judged {log[0]['judge']:.4f} -> {log[-1]['judge']:.4f} after {a.epochs} epochs"
        f" ({log[-1]['judge'] / g0:.2f}x gnubg 0-ply; least {min(e['judge'] for e in log):.4f}); "
        f"held-out squared error {log[0]['held']:.4f} -> {log[-1]['held']:.4f}"
    )
    print(f"RMS error against gnubg 2-ply: {judge(p0, s, rms=True):.4f} -> {judge(p, s, rms=True):.4f}")
    print(
        f"the epoch of least held-out error: judged {best['judge']:.4f} at epoch {best['epoch']} "
        f"({best['judge'] / g0:.2f}x gnubg 0-ply), "
        f"held-out squared error {log[0]['held']:.4f} -> {best['held']:.4f}"
    )
    if a.to:
        meta, nets = cartnet.read_arrays(a.weights.read_bytes())
        nets[a.net] = (p["W1"].T, p["b1"], p["W2"], p["b2"])  # type: ignore[assignment]
        meta = dict(meta)
        meta["fit"] = {
            "command": "python -m tools.net_curve " + " ".join(sys.argv[1:] if argv is None else argv)
        }
        cartnet.write_weights(a.to, nets, meta)
    return 0


if __name__ == "__main__":
    sys.exit(main())
