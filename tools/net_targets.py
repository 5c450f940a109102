"""Luck-adjusted returns recorded along self-play: targets for the contact net (development only).

A game's result is an unbiased but noisy sample of each position's value; most of the
noise is the dice. A roll's luck is the equity after the best play of the roll drawn
less the mean of that over the 21 rolls (weighted 1 for doubles, 2 for the rest), so
its expectation is zero whatever evaluator measures it: the result less the luck of
every later roll (the position's own roll included) is still an unbiased sample of
the position's value, with most of the dice taken out. One game's luck serves every
position it passes, and the 21 rolls' best plays are what a 0-ply player works out
for the roll drawn anyway, times 21. Each of the five chances is adjusted by its own
luck, so every output's target stays unbiased (a target may lie outside 0..1).

Self-play is the cart's 0-ply net (contact and race nets of the weight file, as the
trainer plays them); a game stops where contact is broken, the race then read as
:mod:`tools.rollout` reads it (exact bear-off distributions, else the race net).
Every position before a roll is recorded, the side on roll first: all are contact
positions (bar and crashed ones included).

The data go to compressed shards outside the repository, ``shard-NNNNNN.npz`` of
``--games`` games each; a shard's dice come from its seed and number alone, so a run
stopped anywhere resumes from the shards that are there and makes what a run that never
stopped would have made. One process, one core, idle priority: under Linux's autogroups a
process in a session of its own competes as a group whatever its own ``nice`` or ``chrt
--idle``, so the recorder also sets its group's nice to 19 (:func:`yield_the_machine`)::

    nohup setsid chrt --idle 0 python -m tools.net_targets record \\
        --out ~/.cache/gammon-cart/net-targets > ~/.cache/gammon-cart/net-targets.log 2>&1 &
    python -m tools.net_targets stats ~/.cache/gammon-cart/net-targets

``--ply 1`` makes the player the net at 1-ply (the luck still read at 0-ply), and ``--starts
crashed`` starts each game at the first crashed board of a game drawn from ``--pool``'s shards:
targets for the crashed net from a stronger player than 0-ply self-play. ``--short N`` makes
that player the master's first look (:data:`MASTER`): the 1-ply weighs only the 0-ply's best ``N``
within its margin, several times cheaper a position in contact, where plays are many. A shard's
meta names its player and its starts, and a folder takes one setting only.

A shard holds ``keys`` (n x 26 bytes: the position's key, side on roll low),
``target`` (n x 5, luck-adjusted, for the side on roll), ``result`` (n x 5, the plain
result for the same side), ``v1`` (n x 5, the net's 1-ply value: the mean over the
rolls), ``luck`` (n x 5, the roll drawn there), ``game`` and ``ply``, and ``meta`` (JSON: seed,
weights digest, luck evaluator, CPU seconds spent).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import sys
import time
from pathlib import Path

import numpy as np

from cart.ai.classes import is_crashed
from cart.ai.levels import LEVEL_SPECS
from cart.ai.net import DEFAULT_PATH, read_arrays
from cart.engine import Position
from cart.engine.movegen import flip_key
from tools import fastgen
from tools.kernels import UNITS, back, candidates, choose, eval_one
from tools.train import Trainer, race_read

ROLLS21 = [(a, b) for a in range(1, 7) for b in range(a, 7)]
WEIGHT21 = np.array([1.0 if a == b else 2.0 for a, b in ROLLS21]) / 36.0
START = Position.start().key
MAX_PLIES = 400
# A difference of two chance vectors seen by the other side: the win turns, the gammons swap.
_FLIP_DIFF = np.array(
    [[-1, 0, 0, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 0, 1], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0]], np.float64
)


def flip_vec(p: np.ndarray) -> np.ndarray:
    """Chances of the other side (the affine flip of :func:`cart.ai.net.flip_probs`)."""
    return np.array([1.0, 0.0, 0.0, 0.0, 0.0]) + _FLIP_DIFF @ p


MASTER = LEVEL_SPECS["master"]
"""The short list ``--short`` copies: the master's margin (its list's length is the option)."""


class Recorder:
    """One weight file's nets playing self-play games and reading each roll's luck."""

    def __init__(
        self, weights: Path, fast: bool = True, luck: str = "net", ply: int = 0, short: int = 0
    ) -> None:
        t = Trainer.from_weights(weights)
        self.nets, self.nfeat = t.nets(), t.nfeat
        self.digest = hashlib.sha256(weights.read_bytes()).hexdigest()[:16]
        self.luck = luck
        self.ply = ply  # the player: the net at 0-ply or at 1-ply (the luck read at 0-ply either way)
        self.short = short  # the 1-ply's list: every play (0) or the 0-ply's best few
        if luck == "prune":  # the master's prune net values the 21 rolls: cheaper, noisier luck
            _, arrays = read_arrays(weights.read_bytes())
            w1, b1, w2, b2 = arrays["prune"]
            prune = (np.array(w1, np.float64).T.copy(), np.array(b1, np.float64), np.array(w2, np.float64))
            self.luck_nets = (*prune, np.array(b2, np.float64), *self.nets[4:])
        elif luck != "net":
            raise ValueError(f"luck by 'net' or 'prune', not {luck!r}")
        self.fast = fast  # the compiled generator (tools.fastgen), else the engine's
        self._scratch = fastgen.Scratch()
        self._rolls = np.array(ROLLS21, np.int64)
        self._bests = np.empty((21, 5))
        self._rows = np.empty((21, 26), np.uint8)
        self._best1 = np.empty((1, 5))
        self._row1 = np.empty((1, 26), np.uint8)
        self._bests1 = np.empty((21, 5))
        self._rows1 = np.empty((21, 26), np.uint8)
        self._best = np.empty(5)
        self._idx = np.empty(UNITS.size, np.int64)
        self._val = np.empty(UNITS.size, np.float64)
        self._h = np.empty(max(self.nets[1].shape[0], self.nets[5].shape[0]))
        self._o = np.empty(5)

    def rolls(self, key: int) -> tuple[np.ndarray, np.ndarray]:
        """Each of the 21 rolls' 0-ply best result (rows) and its chances for the mover."""
        if self.fast:
            b = np.frombuffer(key.to_bytes(26, "little"), np.uint8)
            sc = self._scratch
            fastgen.best_of_rolls(
                b, UNITS, *self.nets, self.nfeat, self._rolls, self._bests, self._rows,
                sc.out, sc.table, sc.stamp, sc.st,
            )  # fmt: skip
            return self._rows, self._bests
        if self.luck != "net":
            raise ValueError("the prune net's luck runs on the compiled generator only")
        for r, (d1, d2) in enumerate(ROLLS21):
            _, arr = candidates(key, d1, d2)
            i = choose(arr, UNITS, *self.nets, self._best, self.nfeat)
            self._rows[r] = arr[i]
            self._bests[r] = self._best
        return self._rows, self._bests

    def prune_rolls(self, key: int, r: int) -> tuple[np.ndarray, np.ndarray]:
        """Roll ``r``'s play by the net, and each roll's best by the prune net's values."""
        b = np.frombuffer(key.to_bytes(26, "little"), np.uint8)
        sc = self._scratch
        fastgen.best_of_rolls(
            b,
            UNITS,
            *self.luck_nets,
            0,
            self._rolls,
            self._bests,
            self._rows,
            sc.out,
            sc.table,
            sc.stamp,
            sc.st,
        )
        fastgen.best_of_rolls(
            b, UNITS, *self.nets, self.nfeat, self._rolls[r : r + 1], self._best1, self._row1,
            sc.out, sc.table, sc.stamp, sc.st,
        )  # fmt: skip
        return self._row1[0], self._bests

    def one_ply(self, key: int, d1: int, d2: int) -> np.ndarray:
        """The play of ``d1``-``d2`` whose mean over the opponent's 21 replies (each its 0-ply best) is best.

        A play that ends the game or breaks contact is valued as the game's end there. With
        ``short``, only the 0-ply's best ``short`` plays within the master's margin are weighed so.
        """
        cands = fastgen.rows(key, d1, d2, self._scratch).copy()
        if self.short and len(cands) > 1:
            cands = self.short_list(cands)
        if len(cands) == 1:
            return cands[0]
        sc = self._scratch
        opp = np.empty(26, np.uint8)
        top, pick = -9.0, 0
        for i, c in enumerate(cands):
            end = self.end(c)
            if end is not None:
                eq = float(equity(end[None, :])[0])
            else:
                opp[:13], opp[13:] = c[13:], c[:13]  # the opponent on roll: the halves swapped
                fastgen.best_of_rolls(
                    opp, UNITS, *self.nets, self.nfeat, self._rolls, self._bests1, self._rows1,
                    sc.out, sc.table, sc.stamp, sc.st,
                )  # fmt: skip
                eq = -float(WEIGHT21 @ equity(self._bests1))
            if eq > top:
                top, pick = eq, i
        return cands[pick]

    def short_list(self, cands: np.ndarray) -> np.ndarray:
        """The plays the master's first look weighs at 1-ply: the 0-ply's best ``short`` within its margin."""
        outs = np.empty((len(cands), 5))
        for i, c in enumerate(cands):
            end = self.end(c)
            if end is None:
                eval_one(c, UNITS, *self.nets, self._idx, self._val, self._h, self._o, self.nfeat)
                end = self._o
            outs[i] = end
        values = equity(outs)
        order = np.argsort(-values, kind="stable")[: self.short]
        return cands[order[values[order] >= values[order[0]] - MASTER.margin]]

    def end(self, row: np.ndarray) -> np.ndarray | None:
        """The game's end for the mover after the play ``row``, or None if it goes on.

        The exact result when the mover is off, the race read when contact is broken.
        """
        if row[0] & 15 == 15:
            eval_one(row, UNITS, *self.nets, self._idx, self._val, self._h, self._o, self.nfeat)
            return self._o.copy()
        if back(row, 0) + back(row, 1) <= 25:
            known = race_read(int.from_bytes(row.tobytes(), "little"))
            if known is not None:
                return np.array(known)
            eval_one(row, UNITS, *self.nets, self._idx, self._val, self._h, self._o, self.nfeat)
            return self._o.copy()
        return None

    def game(self, rng: random.Random, start: int = START) -> dict[str, np.ndarray]:
        """One game's positions and their targets (see the module's docstring)."""
        keys: list[int] = []
        lucks: list[np.ndarray] = []  # each for the side on roll at its position
        means: list[np.ndarray] = []
        key = start
        end = None
        for _ in range(MAX_PLIES):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            r = ROLLS21.index((min(d1, d2), max(d1, d2)))
            if self.luck == "net":
                rows, bests = self.rolls(key)
                row = rows[r]
            else:
                row, bests = self.prune_rolls(key, r)
            mean = WEIGHT21 @ bests
            keys.append(key)
            means.append(mean)
            lucks.append(bests[r] - mean)
            if self.ply:
                row = self.one_ply(key, d1, d2)
            end = self.end(row)
            if end is not None:  # for the side that just moved: the side on roll at the last position
                break
            key = flip_key(int.from_bytes(row.tobytes(), "little"))
        if end is None:  # pragma: no cover - a game this long does not happen
            end = np.array([0.5, 0.0, 0.0, 0.0, 0.0])
        n = len(keys)
        target = np.empty((n, 5))
        result = np.empty((n, 5))
        later = np.zeros(5)  # the luck of every later roll, for the side on roll at position t
        res = end
        for t in range(n - 1, -1, -1):
            later = later + lucks[t]
            target[t] = res - later
            result[t] = res
            later = _FLIP_DIFF @ later
            res = flip_vec(res)
        return {
            "keys": np.frombuffer(b"".join(k.to_bytes(26, "little") for k in keys), np.uint8).reshape(n, 26),
            "target": target.astype(np.float32),
            "result": result.astype(np.float32),
            "v1": np.array(means, np.float32).reshape(n, 5),
            "luck": np.array(lucks, np.float32).reshape(n, 5),
            "ply": np.arange(n, dtype=np.int16),
        }


def shard_path(out: Path, i: int) -> Path:
    return out / f"shard-{i:06d}.npz"


def crashed_starts(folder: Path, shards: int) -> list[int]:
    """The first crashed position of each game of ``folder``'s first ``shards`` shards (side on roll low).

    A game's first crashed board, not every one: the recorder's games then pass the later
    boards of a crashed phase themselves, as often as play reaches them.
    """
    starts: list[int] = []
    for path in sorted(folder.glob("shard-*[0-9].npz"))[:shards]:
        with np.load(path) as z:
            keys, game = z["keys"], z["game"]
        seen: set[int] = set()
        for row, g in zip(keys, game.tolist(), strict=True):
            if g in seen:
                continue
            key = int.from_bytes(row.tobytes(), "little")
            if is_crashed(key):
                seen.add(g)
                starts.append(key)
    if not starts:
        raise SystemExit(f"no crashed positions in the first {shards} shards of {folder}")
    return starts


def starts_name(starts: list[int] | None) -> str:
    """What a shard's meta says of its games' starts: the opening, or the crashed pool's digest."""
    if starts is None:
        return "opening"
    pool = b"".join(k.to_bytes(26, "little") for k in starts)
    return f"crashed:{len(starts)}:{hashlib.sha256(pool).hexdigest()[:16]}"


def make_shard(
    rec: Recorder, seed: int, i: int, games: int, starts: list[int] | None = None
) -> dict[str, np.ndarray]:
    """Shard ``i``'s games: its dice (and its starts, drawn from ``starts`` if given) depend on ``seed``
    and ``i`` alone."""
    rng = random.Random(f"net-targets:{seed}:{i}")
    t0 = time.process_time()
    parts = []
    for g in range(games):
        part = rec.game(rng) if starts is None else rec.game(rng, start=starts[rng.randrange(len(starts))])
        part["game"] = np.full(len(part["ply"]), g, np.int32)
        parts.append(part)
    data = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    meta = {
        "seed": seed,
        "shard": i,
        "games": games,
        "weights": rec.digest,
        "luck": rec.luck,
        "ply": rec.ply,
        "short": rec.short,
        "starts": starts_name(starts),
        "crashed": sum(is_crashed(int.from_bytes(r.tobytes(), "little")) for r in data["keys"]),
        "cpu_s": time.process_time() - t0,
    }
    data["meta"] = np.array(json.dumps(meta))
    return data


def read_meta(path: Path) -> dict:
    with np.load(path) as z:
        return json.loads(str(z["meta"]))


def yield_the_machine() -> None:
    """Give this process's autogroup the least share of the CPU (Linux; elsewhere nothing).

    Only where the process leads a session of its own (``setsid``): an autogroup is a session's,
    and a recorder started from a shell would otherwise starve that shell's other work with it.
    """
    if os.getsid(0) != os.getpid():
        return
    with contextlib.suppress(OSError):
        Path("/proc/self/autogroup").write_text("19")


# What a shard made before its meta said so was made with.
_META_DEFAULTS = {"ply": 0, "short": 0, "starts": "opening"}


def record(
    out: Path,
    seed: int,
    games: int,
    shards: int,
    weights: Path,
    luck: str = "net",
    ply: int = 0,
    starts: list[int] | None = None,
    short: int = 0,
) -> int:
    """Make shards from the first missing one on; returns how many were made.

    ``ply`` and ``short`` are the player (:class:`Recorder`), ``starts`` the positions its games start
    from (the opening if None); a folder holds one setting only, so a resumed run never mixes them.
    """
    yield_the_machine()
    out.mkdir(parents=True, exist_ok=True)
    rec = Recorder(weights, luck=luck, ply=ply, short=short)
    mine = {"seed": seed, "weights": rec.digest, "games": games, "luck": luck, "ply": ply, "short": short}
    mine["starts"] = starts_name(starts)
    made = 0
    i = 0
    while shards == 0 or made < shards:
        path = shard_path(out, i)
        if path.exists():
            meta = read_meta(path)
            if any(meta.get(k, _META_DEFAULTS.get(k)) != v for k, v in mine.items()):
                raise SystemExit(f"{path} was made by other settings ({meta}): use another --out")
            i += 1
            continue
        data = make_shard(rec, seed, i, games, starts)
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, **data)  # type: ignore[arg-type]
        tmp.replace(path)  # whole shards only: a run stopped while writing leaves none half made
        meta = json.loads(str(data["meta"]))
        n = len(data["ply"])
        print(
            f"{path.name}: {n} positions ({meta['crashed']} crashed), {meta['cpu_s']:.1f} CPU s "
            f"({1e3 * meta['cpu_s'] / n:.2f} ms each)",
            flush=True,
        )
        made += 1
        i += 1
    return made


def load(folder: Path, limit: int = 0, first: int = 0) -> dict[str, np.ndarray]:
    """Every shard of a folder in order (the first ``limit`` positions' worth of shards if given); its
    shards numbered from ``first`` on when read after another folder's, so games stay unique."""
    parts = []
    total = 0
    for i, path in enumerate(sorted(folder.glob("shard-*[0-9].npz")), first):
        with np.load(path) as z:
            part = {k: z[k] for k in ("keys", "target", "result", "v1", "luck", "ply", "game")}
        part["game"] = part["game"].astype(np.int64) + (i << 20)  # games unique across shards
        parts.append(part)
        total += len(part["ply"])
        if limit and total >= limit:
            break
    if not parts:
        raise SystemExit(f"{folder} holds no shards (shard-NNNNNN.npz) yet: each is written as it ends")
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def equity(p: np.ndarray) -> np.ndarray:
    return 2 * p[:, 0] - 1 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4]


def stats(folder: Path) -> str:
    """Positions, games, CPU cost, and the spread of plain and luck-adjusted returns about the 1-ply value."""
    metas = [read_meta(p) for p in sorted(folder.glob("shard-*[0-9].npz"))]
    d = load(folder)
    n = len(d["ply"])
    cpu = sum(m["cpu_s"] for m in metas)
    v = equity(d["v1"].astype(np.float64))
    sd_plain = float(np.std(equity(d["result"].astype(np.float64)) - v))
    sd_luck = float(np.std(equity(d["target"].astype(np.float64)) - v))
    return (
        f"{n} positions from {sum(m['games'] for m in metas)} games in {len(metas)} shards; "
        f"{cpu / 3600:.2f} CPU hours ({cpu / 3600 / n * 1e6:.2f} core-hours a million, "
        f"{1e3 * cpu / n:.2f} ms each); "
        f"equity about the net's 1-ply value: plain result sd {sd_plain:.3f}, luck-adjusted sd {sd_luck:.3f}"
    )


def bench(games: int, rounds: int) -> list[str]:
    """CPU ms a position: the compiled generator against the engine's, and the prune net's luck, same games.

    Each round plays the same ``games`` with each recorder in turn; the spread is of the luck-adjusted
    equity about the net's own 1-ply value (the net's luck's run), so smaller is better per sample,
    and a variance times the cost is what a unit of information costs.
    """
    recs = {
        "engine's generator, net luck": Recorder(DEFAULT_PATH, fast=False),
        "compiled generator, net luck": Recorder(DEFAULT_PATH),
        "compiled generator, prune luck": Recorder(DEFAULT_PATH, luck="prune"),
    }
    for rec in recs.values():
        rec.game(random.Random("warm"))  # numba compiles here
    lines = []
    for rnd in range(rounds):
        base = None
        for name, rec in recs.items():
            t0 = time.process_time()
            parts = [rec.game(random.Random(f"bench:{rnd}:{g}")) for g in range(games)]
            ms = 1e3 * (time.process_time() - t0) / sum(len(p["ply"]) for p in parts)
            if base is None:
                base = np.concatenate([equity(p["v1"].astype(np.float64)) for p in parts])
            sd = float(np.std(np.concatenate([equity(p["target"].astype(np.float64)) for p in parts]) - base))
            lines.append(
                f"round {rnd}: {name}: {ms:.2f} ms a position, sd {sd:.3f}, sd^2 x ms {sd * sd * ms:.3f}"
            )
            print(lines[-1], flush=True)
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.net_targets", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record", help="make shards, resuming from those in --out")
    r.add_argument("--out", type=Path, default=Path.home() / ".cache" / "gammon-cart" / "net-targets")
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--games", type=int, default=100, help="games a shard")
    r.add_argument("--shards", type=int, default=0, help="shards to make this run (0: until stopped)")
    r.add_argument("--weights", type=Path, default=DEFAULT_PATH)
    r.add_argument(
        "--luck", choices=("net", "prune"), default="net", help="the evaluator that reads the luck"
    )
    r.add_argument("--ply", type=int, choices=(0, 1), default=0, help="the player: the net at 0-ply or 1-ply")
    r.add_argument(
        "--short", type=int, default=0,
        help="the 1-ply weighs the 0-ply's best N plays within the master's margin (0: every play)",
    )  # fmt: skip
    r.add_argument(
        "--starts", choices=("opening", "crashed"), default="opening",
        help="games from the opening, or from the first crashed board of each game of --pool's shards",
    )  # fmt: skip
    r.add_argument("--pool", type=Path, default=Path.home() / ".cache" / "gammon-cart" / "net-targets")
    r.add_argument("--pool-shards", type=int, default=100, help="how many of --pool's shards to read")
    s = sub.add_parser("stats", help="what a folder of shards holds")
    s.add_argument("folder", type=Path)
    b = sub.add_parser("bench", help="cost and spread of the generators and luck evaluators, same games")
    b.add_argument("--games", type=int, default=20)
    b.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args(argv)
    if a.cmd == "bench":
        bench(a.games, a.rounds)
        return 0
    if a.cmd == "stats":
        print(stats(a.folder))
        return 0
    starts = crashed_starts(a.pool, a.pool_shards) if a.starts == "crashed" else None
    if starts is not None:
        print(f"{len(starts)} crashed starts from the first {a.pool_shards} shards of {a.pool}", flush=True)
    if a.short and not a.ply:
        raise SystemExit("--short is the 1-ply's list: give --ply 1 with it")
    record(a.out, a.seed, a.games, a.shards, a.weights, a.luck, a.ply, starts, a.short)
    return 0


if __name__ == "__main__":
    sys.exit(main())
