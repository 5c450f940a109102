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

``--class-starts S`` starts a share ``S`` of the games from a position drawn per
class (a contact ending, a man on the bar, a crashed board: :mod:`tools.starts`)
instead of the opening, so the contact net sees the positions self-play from the
opening seldom reaches. The draw uses the same generator, and the pool of crashed
boards met in the run's own games is in the checkpoint too.

Usage (background, one core)::

    python -m tools.train --seed 1 --games 2000000 --out checkpoints/td1
    python -m tools.train --resume checkpoints/td1 --games 3000000
    python -m tools.train --export checkpoints/td1 --to cart/ai/weights.bin

The compiled kernels (inputs, forward pass, choice, TD step) are :mod:`tools.kernels`;
numba is optional but makes them about 50x faster (``pip install -e ".[dev]"``).
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
from cart.ai.features import CONTACT_FEATURES, INPUTS, N_BASIC, N_FEATURES
from cart.ai.race import Probs, after as race_after
from cart.engine.board import Position
from cart.engine.fast import SIDE_BITS, SIDE_MASK
from cart.engine.movegen import flip_key
from tools.kernels import UNITS, candidates, choose, td_step
from tools.starts import CLASSES, CrashedPool, draw_start

START = Position.start().key
OUTPUTS = 5


class Trainer:
    """Weights, dice and counters of one training run; everything a checkpoint holds."""

    def __init__(self, seed: int, hidden: int, race_hidden: int, features: bool | int = False) -> None:
        init = np.random.default_rng(seed)
        self.seed = seed
        self.games = 0
        self.rng = random.Random(seed)
        self.w: dict[str, np.ndarray] = {}
        extra = N_FEATURES if features is True else int(features)  # True: every contact feature
        for name, h, n_in in (("contact", hidden, INPUTS + extra), ("race", race_hidden, INPUTS)):
            self.w[name + ".W1"] = init.uniform(-0.1, 0.1, (n_in, h))  # input-major for sparse rows
            self.w[name + ".b1"] = np.zeros(h)
            self.w[name + ".W2"] = init.uniform(-0.1, 0.1, (OUTPUTS, h))
            self.w[name + ".b2"] = np.zeros(OUTPUTS)
        self.log: list[dict] = []
        self.args: dict = {}
        self.pool = CrashedPool()

    @property
    def nfeat(self) -> int:
        """Contact features in use: runs from before they existed have none."""
        return self.w["contact.W1"].shape[0] - INPUTS

    def nets(self) -> tuple[np.ndarray, ...]:
        w = self.w
        return tuple(w[f"{n}.{p}"] for n in ("contact", "race") for p in ("W1", "b1", "W2", "b2"))

    def next_start(self) -> tuple[int, str]:
        """The next game's starting position (side on roll first) and its class ("opening" or one of CLASSES).

        Without ``class_starts`` in the run's args no draw is made, so the dice of a run
        without class starts are those it always had.
        """
        share = float(self.args.get("class_starts", 0.0))
        if not share or self.rng.random() >= share:
            return START, "opening"
        cls = CLASSES[self.rng.randrange(len(CLASSES))]
        return draw_start(self.rng, cls, self.pool).key, cls

    def play_game(self, alpha: float, start: int = START, seen: list[int] | None = None) -> int:
        """One self-play game from ``start`` with TD(0) updates; returns the plies played.

        ``seen``, when given, gets the position before each roll (the side on roll first).
        """
        nets = self.nets()
        nfeat = self.nfeat
        feature_lr = float(self.args.get("feature_lr", 1.0))
        exact = bool(self.args.get("exact_races"))
        rng = self.rng
        key = start
        prev = None
        best = np.empty(OUTPUTS)
        plies = 0
        while True:
            if seen is not None:
                seen.append(key)
            d1 = rng.randint(1, 6)
            d2 = rng.randint(1, 6)
            cands, arr = candidates(key, d1, d2)
            i, read = self._choose(cands, arr, best, exact)
            plies += 1
            if prev is not None:
                td_step(prev, np.array(cartnet.flip_probs(best)), UNITS, *nets, alpha, nfeat, feature_lr)
            chosen = cands[i]
            if (chosen & 15) == 15 or read:
                return plies
            prev = arr[i].copy()
            key = flip_key(chosen)

    def _choose(self, cands: list[int], arr: np.ndarray, best: np.ndarray, exact: bool) -> tuple[int, bool]:
        """The greedy play, its outcome in ``best``, and whether that outcome was read off exactly.

        With ``exact`` a play that leaves a race the cart reads from bear-off distributions
        (:func:`cart.ai.race.after`) is valued that way rather than by the race net, as
        the cart's own evaluator does; the game stops there, its value known.
        """
        if exact:
            known = {j: p for j, c in enumerate(cands) if (p := race_read(c)) is not None}
            if known:
                top = max(known, key=lambda j: cartnet.equity(known[j]))
                rest = [j for j in range(len(cands)) if j not in known]
                if rest:
                    i = rest[choose(arr[rest], UNITS, *self.nets(), best, self.nfeat)]
                    if cartnet.equity(tuple(best)) >= cartnet.equity(known[top]):  # type: ignore[arg-type]
                        return i, False
                best[:] = known[top]
                return top, True
        return choose(arr, UNITS, *self.nets(), best, self.nfeat), False

    def init_from(self, folder: Path) -> None:
        """Take another run's weights, so a new schedule (or new inputs) starts from a trained net.

        Inputs the parent lacked get zero rows, and hidden units it lacked get zero output
        weights (their input weights keep this run's random start, so they are not all alike):
        either way the net starts out playing exactly as the parent did, and learns what the
        new inputs or units are worth. The parent's own provenance is kept in
        ``args["parent"]`` so the exported weights still say how to rebuild them.
        """
        parent = Trainer.load(folder) if folder.is_dir() else Trainer.from_weights(folder)
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
        if not folder.is_dir():
            self.args["parent"]["reproduce"] = parent.args.get("reproduce", "")

    @classmethod
    def from_weights(cls, path: Path) -> Trainer:
        """A weight file's contact and race nets as a trainer's weights, so a run can start from them.

        The checkpoints that made the shipped weights need not be on this machine: the weight
        file holds the same nets (as float32) and the commands that made them, which the new
        run keeps in ``args["reproduce"]`` so its own export still says how it was made.
        """
        try:
            meta, nets = cartnet.read_arrays(path.read_bytes())
        except (OSError, cartnet.WeightsError) as exc:
            raise SystemExit(f"{path}: {exc}") from exc
        t = cls.__new__(cls)
        t.seed = int(meta.get("seed", 0))  # type: ignore[call-overload]
        t.games = int(meta.get("games", 0))  # type: ignore[call-overload]
        t.args = dict(meta.get("args", {}))  # type: ignore[call-overload]
        t.args["reproduce"] = str(meta.get("reproduce", ""))
        t.log = []
        t.rng = random.Random(t.seed)
        t.pool = CrashedPool()
        t.w = {}
        for name in ("contact", "race"):
            w1, b1, w2, b2 = nets[name]
            t.w[name + ".W1"] = np.array(w1, dtype=np.float64).T.copy()  # input-major, as trained
            t.w[name + ".b1"] = np.array(b1, dtype=np.float64)
            t.w[name + ".W2"] = np.array(w2, dtype=np.float64)
            t.w[name + ".b2"] = np.array(b2, dtype=np.float64)
        return t

    # -- checkpoints -------------------------------------------------------
    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        meta = {"seed": self.seed, "games": self.games, "args": self.args, "log": self.log[-200:]}
        tmp = folder / "ckpt.tmp.npz"
        np.savez(
            tmp,
            meta=np.frombuffer(json.dumps(meta).encode(), np.uint8),
            rng=np.frombuffer(pickle.dumps(self.rng.getstate()), np.uint8),
            pool=np.frombuffer(self.pool.to_bytes(), np.uint8),
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
        t.pool = CrashedPool.from_bytes(bytes(data["pool"]) if "pool" in data.files else b"")
        t.w = {k: data[k].copy() for k in data.files if k not in ("meta", "rng", "pool")}
        return t

    def train_one(self) -> int:
        """One game from the next start, its crashed boards noted when it began at the opening; its plies."""
        start, cls = self.next_start()
        seen: list[int] | None = [] if cls == "opening" and self.args.get("class_starts") else None
        plies = self.play_game(alpha_at(self.games, self.args), start, seen)
        if seen:
            self.pool.note_game(self.rng, seen)
        self.games += 1
        return plies


def race_read(key: int) -> Probs | None:
    """The cart's exact (or estimated) chances for the mover of an after-move ``key`` in a race, else None."""
    mine, theirs = key & SIDE_MASK, key >> SIDE_BITS
    if (mine & 15) == 15:
        return None  # over: the kernels' exact outcome stands
    if ((mine.bit_length() + 3) >> 2) + ((theirs.bit_length() + 3) >> 2) - 2 > 25:
        return None  # contact: the highest occupied slots of the two sides still meet
    return race_after(key)


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
        n = len(a["features"])
        cmd += " --features" if n == N_BASIC else f" --features {n}"
    if a.get("feature_lr", 1.0) != 1.0:
        cmd += f" --feature-lr {a['feature_lr']}"
    if a.get("class_starts"):
        cmd += f" --class-starts {a['class_starts']}"
    if a.get("exact_races"):
        cmd += " --exact-races"
    parent = a.get("parent")
    if parent and parent.get("reproduce"):
        # started from a weight file: rebuild that file (its own commands, then its export)
        out = parent["reproduce"].rsplit("--out ", 1)[-1].split()[0]
        first = f"{parent['reproduce']} && python -m tools.train --export {out} --to {parent['folder']}"
        return f"{first} && {cmd} --init-from {parent['folder']} --out {folder}"
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
        help="start a new run (its own seed, dice and schedule) from the weights of this checkpoint "
        "folder, or of a weight file such as cart/ai/weights.bin",
    )
    p.add_argument(
        "--features",
        type=int,
        nargs="?",
        const=N_BASIC,
        default=0,
        choices=(N_BASIC, N_FEATURES),
        help=f"give the contact net the first N of the contact features: {N_BASIC} (the default, the "
        f"first generation's, as the shipped net's commands mean it) or {N_FEATURES} (all)",
    )
    p.add_argument(
        "--feature-lr",
        type=float,
        default=1.0,
        help="learning-rate factor for the contact features' weights: they start at zero and their "
        "inputs are small, so at the common rate they take a million games to matter",
    )
    p.add_argument(
        "--class-starts",
        type=float,
        default=0.0,
        help="share of games started from a position drawn per class (contact ending, man on the bar, "
        "crashed board; tools/starts.py) instead of the opening",
    )
    p.add_argument(
        "--exact-races",
        action="store_true",
        help="value a play that leaves a race of few men as the cart does (cart/ai/race.py), not by the "
        "race net, and end the game there: the contact net then learns endings from right values",
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
    if not 0.0 <= a.class_starts <= 1.0:
        p.error(f"--class-starts {a.class_starts}: a share, from 0 to 1")
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
            "features": list(CONTACT_FEATURES[: a.features]),
            "feature_lr": a.feature_lr,
            "class_starts": a.class_starts,
            "exact_races": a.exact_races,
            "command": "python -m tools.train " + " ".join(argv if argv is not None else sys.argv[1:]),
        }
        if a.init_from:
            t.init_from(a.init_from)
    t.args["target_games"] = a.games
    t0 = time.time()
    g0 = t.games
    plies = 0
    while t.games < a.games:
        plies += t.train_one()
        if t.games % a.every == 0 or t.games == a.games:
            dt = time.time() - t0
            rate = (t.games - g0) / dt if dt else 0.0
            entry = {"games": t.games, "alpha": alpha_at(t.games, t.args), "games_per_s": round(rate, 1)}
            if t.args.get("class_starts"):
                entry["crashed_pool"] = len(t.pool.keys)
            t.log.append(entry)
            t.save(folder)
            print(json.dumps(entry), f"plies/game {plies / (t.games - g0):.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
