"""The evaluator: two small nets (contact, race) run in pure Python, in integers.

The hidden layer's ``W1 x`` is a sum of one precomputed vector per byte of the position
key (:mod:`cart.ai.features`), each a Python integer holding the hidden units in 32-bit
fixed-point lanes, so one addition adds every lane at C speed. Integers give every machine
(Pyodide included) the same bits and the same plays.

Weight file: ``b"GCNET1\\n"``, a 4-byte little-endian header length, a JSON header, then
per net W1, b1, W2, b2 in its header's ``dtype``. Optional nets: ``prune`` ranks reply lists
for the master's deepest ply, ``crashed`` values the positions :func:`is_crashed` picks.
"""

from __future__ import annotations

import json
import math
import struct
import sys
from array import array
from collections.abc import Callable, Collection, Generator, Mapping, Sequence
from math import exp
from operator import getitem, itemgetter
from pathlib import Path
from typing import Any

from ..engine.fast import SIDE_BITS
from .classes import is_crashed as is_crashed, is_race as is_race
from .features import (
    CONTACT_FEATURES,
    INPUTS,
    MAX_COUNT,
    N_BASIC,
    N_FEATURES,
    ROLLS,
    SLOTS,
    UNITS,
    contact_features,
    unit_table,
)
from .race import Probs as Probs, after as race_after
from .slices import drain

_index: Callable[[Any, int], int] = getitem  # typed for mypy, which picks no overload of getitem in map
_SUMPROD: Callable[[Sequence[int], Sequence[int]], int] | None = getattr(math, "sumprod", None)
"""Python 3.12's: the output layer as five dot products in C, a third of a contact evaluation less in
the page's Pyodide than 3.11's sum of lane tables (there the quicker); exact integers both, the same bits."""

if sys.byteorder != "little":  # pragma: no cover - x86, ARM and WebAssembly all are
    raise ImportError("the packed evaluator reads lanes in little-endian order")

MAGIC = b"GCNET1\n"
OUTPUTS = 5
_PRE_BITS = 23  # hidden pre-activation scale in a lane
_LANE_OFFSET = (1 << 31) + (1 << 15)  # lifts a lane to unsigned; 2**15 rounds its high half
_RANGE = 255.0  # largest |pre-activation| a lane's high half can hold
_STEP = 1 << (_PRE_BITS - 16)  # high-half units per 1.0 of pre-activation (128)

# Outputs, all for the player who has just moved (the other is about to roll).
WIN, WIN_G, WIN_BG, LOSE_G, LOSE_BG = range(5)


class WeightsError(ValueError):
    """The weight file is missing, damaged or of another shape."""


_LEVELS = 1023  # hidden activations are read as k / _LEVELS
_OUT_BITS = 24  # output pre-activation scale in a lane
_OUT_OFFSET = 1 << 63
_OUT_RANGE = 700.0  # largest |output pre-activation|: exp() of more overflows


def _think_level_table() -> Generator[None, None, list[int]]:
    """The activation level of each high half of a lane: ``round(sigmoid(pre) * _LEVELS)``.

    Built 8,192 entries a slice (a few milliseconds), lest the first thought drop a frame.
    """
    table: list[int] = []
    for lo in range(0, 1 << 16, 1 << 13):
        table += [
            round(_LEVELS / (1.0 + exp((0x8000 - u) / _STEP))) if u > 0x8000 - 40 * _STEP else 0
            for u in range(lo, lo + (1 << 13))
        ]
        yield
    return table


_LEVEL: list[int] | None = None


class Net:
    """One contact or race net, ready for packed inference."""

    __slots__ = (
        "_bias", "_dot", "_feat", "_hidden", "_level", "_more", "_out", "_out_b", "_out_t", "_tables"
    )  # fmt: skip

    def __init__(
        self,
        w1: Sequence[Sequence[float]],
        b1: Sequence[float],
        w2: Sequence[Sequence[float]],
        b2: Sequence[float],
    ) -> None:
        drain(self._build(w1, b1, w2, b2))

    @classmethod
    def think(
        cls,
        w1: Sequence[Sequence[float]],
        b1: Sequence[float],
        w2: Sequence[Sequence[float]],
        b2: Sequence[float],
    ) -> Generator[None, None, Net]:
        """The net built in slices (a contact net takes tens of milliseconds: more than a frame)."""
        net = cls.__new__(cls)
        yield from net._build(w1, b1, w2, b2)
        return net

    def _build(
        self,
        w1: Sequence[Sequence[float]],
        b1: Sequence[float],
        w2: Sequence[Sequence[float]],
        b2: Sequence[float],
    ) -> Generator[None, None, None]:
        """Fill the tables, yielding between the key's nibbles and between its bytes."""
        global _LEVEL
        hidden = len(b1)
        n_in = len(w1[0]) if w1 else 0
        shapes = (INPUTS, INPUTS + N_BASIC, INPUTS + N_FEATURES)
        if len(w1) != hidden or n_in not in shapes or any(len(r) != n_in for r in w1):
            raise WeightsError(f"W1 must be {hidden} x one of {shapes}")
        if len(w2) != OUTPUTS or any(len(r) != hidden for r in w2) or len(b2) != OUTPUTS:
            raise WeightsError(f"W2 must be {OUTPUTS} x {hidden} with {OUTPUTS} biases")
        self._hidden = hidden
        units = unit_table()
        cols = list(zip(*w1, strict=True))  # per input: its weight to every hidden unit
        worst = [abs(b) for b in b1]  # per unit, the largest |pre-activation| any inputs give
        # nibble j of the key (side j // 26, slot j % 26) holding n checkers -> per-unit sums
        nib: list[list[list[float]]] = []
        for j in range(2 * SLOTS):
            side, slot = divmod(j, SLOTS)
            base = (side * SLOTS + slot) * UNITS
            per_n = []
            for n in range(MAX_COUNT + 1):
                acc = [0.0] * hidden
                for u, x in enumerate(units[slot][n]):
                    if x:
                        acc = [a + x * w for a, w in zip(acc, cols[base + u], strict=True)]
                per_n.append(acc)
            nib.append(per_n)
            yield
        self._tables = []
        for i in range(26):
            lo = [_pack(acc) for acc in nib[2 * i]]
            hi = [_pack(acc) for acc in nib[2 * i + 1]]
            self._tables.append(tuple(lo[v & 15] + hi[v >> 4] for v in range(256)))  # packing is linear
            yield
        for per_n in nib:
            for u in range(hidden):
                worst[u] += max(abs(acc[u]) for acc in per_n)
            yield
        self._feat: tuple[tuple[int, ...], ...] = ()
        if n_in > INPUTS:
            feat = []
            for f in range(n_in - INPUTS):
                col = cols[INPUTS + f]
                feat.append(tuple(_pack([w * k / ROLLS for w in col]) for k in range(ROLLS + 1)))
                for u in range(hidden):
                    worst[u] += abs(col[u])
                yield
            self._feat = tuple(feat)
        self._more = n_in > INPUTS + N_BASIC  # reads the features after the first generation's
        if max(worst) > _RANGE:
            raise WeightsError(f"a hidden unit can reach {max(worst):.0f}, beyond the packed +-{_RANGE:.0f}")
        self._bias = _pack(list(b1)) + sum(_LANE_OFFSET << (32 * u) for u in range(hidden))
        if max(abs(b2[k]) + sum(abs(w) for w in w2[k]) for k in range(OUTPUTS)) > _OUT_RANGE:
            raise WeightsError(f"an output can reach beyond +-{_OUT_RANGE:.0f}, where exp overflows")
        # unit u at level k adds k * its weight / _LEVELS to an output, in 2**-24 (0: levels' extra entry)
        scale = (1 << _OUT_BITS) / _LEVELS
        biases = [round(b2[k] * (1 << _OUT_BITS)) for k in range(OUTPUTS)]
        rows = [[round(w2[k][u] * scale) for u in range(hidden)] for k in range(OUTPUTS)]
        self._dot = _SUMPROD
        self._out = tuple((b, (*r, 0)) for b, r in zip(biases, rows, strict=True))
        out_t = []
        for u in range(0 if self._dot else hidden):  # no sumprod: in lanes, 1,024 multiples a unit
            p = sum(rows[k][u] << (64 * k) for k in range(OUTPUTS))
            out_t.append(tuple(k * p for k in range(_LEVELS + 1)))
            if u % 16 == 15:
                yield
        self._out_t = tuple(out_t)
        self._out_b = sum((b + _OUT_OFFSET) << (64 * k) for k, b in enumerate(biases))
        if _LEVEL is None:
            yield
            _LEVEL = yield from _think_level_table()
        self._level = _LEVEL

    @property
    def hidden(self) -> int:
        return self._hidden

    @property
    def features(self) -> tuple[str, ...]:
        """The contact features this net reads after the slot inputs."""
        return CONTACT_FEATURES[: len(self._feat)]

    def forward(self, key: int) -> Probs:
        """The five outputs for the low side of ``key`` having just moved."""
        kb = key.to_bytes(26, "little")
        t = sum(map(getitem, self._tables, kb), self._bias)
        if self._more:
            t = sum(map(getitem, self._feat, contact_features(key, kb, True)), t)
        elif self._feat:
            f0, f1, f2, f3, f4 = self._feat
            k0, k1, k2, k3, k4 = contact_features(key, kb)
            t += f0[k0] + f1[k1] + f2[k2] + f3[k3] + f4[k4]
        high = memoryview(t.to_bytes(4 * self._hidden, "little")).cast("H")[1::2]
        # itemgetter does all the level lookups in one call (under Pyodide a call per lookup costs
        # twice as much); the extra 0 keeps its result a tuple for a 1-unit net
        levels: tuple[int, ...] = itemgetter(*high, 0)(self._level)
        if (dot := self._dot) is not None:
            q0, q1, q2, q3, q4 = [b + dot(levels, w) for b, w in self._out]
            k = 0
        else:
            o = sum(map(_index, self._out_t, levels), self._out_b)
            q0, q1, q2, q3, q4 = memoryview(o.to_bytes(40, "little")).cast("Q")
            k = _OUT_OFFSET  # the lanes' offset
        s = -1.0 / (1 << _OUT_BITS)  # minus each pre-activation, |pre| < 700 (checked on load)
        return (
            1.0 / (1.0 + exp((q0 - k) * s)),
            1.0 / (1.0 + exp((q1 - k) * s)),
            1.0 / (1.0 + exp((q2 - k) * s)),
            1.0 / (1.0 + exp((q3 - k) * s)),
            1.0 / (1.0 + exp((q4 - k) * s)),
        )


def _pack(lanes: Sequence[float]) -> int:
    """Signed lane values (floats, pre-activation units) as one integer, lane i at bit 32 * i."""
    scale = 1 << _PRE_BITS
    q = [round(v * scale) for v in lanes]
    unsigned = int.from_bytes(array("I", [v & 0xFFFFFFFF for v in q]).tobytes(), "little")
    negative = int.from_bytes(array("I", [1 if v < 0 else 0 for v in q]).tobytes(), "little")
    return unsigned - (negative << 32)


# -- terminal positions and perspective -------------------------------------

_THEIR_HOME_OR_BAR = sum(15 << (4 * p) for p in range(19, 26)) << SIDE_BITS


def terminal(key: int) -> Probs:
    """Exact outcome of a finished game: the low side of ``key`` has borne off all 15."""
    if (key >> SIDE_BITS) & 15:
        return (1.0, 0.0, 0.0, 0.0, 0.0)
    if key & _THEIR_HOME_OR_BAR:
        return (1.0, 1.0, 1.0, 0.0, 0.0)
    return (1.0, 1.0, 0.0, 0.0, 0.0)


_MINE_IN_THEIR_HOME = sum(15 << (4 * p) for p in range(19, 26))  # the low side's 19..24 and bar
_THEIRS_IN_MY_HOME = _THEIR_HOME_OR_BAR


def sane(key: int, p: Probs, race: bool) -> Probs:
    """The net's outputs for ``key`` with what the board rules out taken out, as GNU Backgammon does.

    The net learns the outcomes' odds, not their logic: no gammon against a side with
    a man off, no backgammon in a race against a side out of the winner's home, and
    a gammon no likelier than a win (a backgammon than a gammon).
    """
    w, wg, wb, lg, lb = p
    if key & 15:  # the low side (the mover) has borne off: it cannot lose a gammon
        lg = lb = 0.0
    elif race and not key & _MINE_IN_THEIR_HOME:
        lb = 0.0
    if (key >> SIDE_BITS) & 15:
        wg = wb = 0.0
    elif race and not key & _THEIRS_IN_MY_HOME:
        wb = 0.0
    if wg > w:
        wg = w
    if wb > wg:
        wb = wg
    if lg > 1.0 - w:
        lg = 1.0 - w
    if lb > lg:
        lb = lg
    return (w, wg, wb, lg, lb)


def flip_probs(p: Probs) -> Probs:
    """The same outcome seen by the other player."""
    return (1.0 - p[0], p[3], p[4], p[1], p[2])


def equity(p: Probs) -> float:
    """Cubeless money equity of the five probabilities."""
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


# -- weight files -------------------------------------------------------------


class Weights:
    """The nets and the metadata of the runs that made them."""

    def __init__(
        self,
        contact: Net,
        race: Net,
        meta: Mapping[str, object],
        prune: Net | None = None,
        crashed: Net | None = None,
    ) -> None:
        self.contact = contact
        self.race = race
        self.prune = prune
        self.crashed = crashed
        self.meta = dict(meta)

    def after(self, key: int) -> Probs:
        """Outcome for the low side of ``key`` (a play result): exact when over or a race read in race.py."""
        if key & 15 == 15:  # the mover has borne off all 15: the game is over
            return terminal(key)
        if is_race(key):
            known = race_after(key)  # home boards and few men: worked out exactly
            if known is not None:
                return known
            return sane(key, self.race.forward(key), True)
        if self.crashed is not None and is_crashed(key):
            return sane(key, self.crashed.forward(key), False)
        return sane(key, self.contact.forward(key), False)

    def rough(self, key: int) -> float:
        """A cheap stand-in for ``equity(after(key))`` to rank one reply list: the prune net in contact."""
        if key & 15 == 15:
            return equity(terminal(key))
        if is_race(key):
            return equity(self.after(key))
        return equity(sane(key, (self.prune or self.contact).forward(key), False))


HALF = frozenset({"crashed"})
"""Nets stored as 16-bit floats (``"dtype": "f2"`` in their header): half the page's bytes for
a net whose plays and values measured the same in halves (docs/notes/tools-lab.md)."""


def write_weights(
    path: Path, nets: Mapping[str, Sequence], meta: Mapping[str, object], half: Collection[str] = HALF
) -> None:
    """Write nets ``{name: (W1, b1, W2, b2)}`` (array-likes) as a weight file; the ``half`` ones in halves."""
    header: dict = {"meta": dict(meta), "nets": []}
    blobs = []
    for name, (w1, b1, w2, b2) in nets.items():
        hidden = len(b1)
        n_in = len(w1[0])
        features = list(CONTACT_FEATURES[: n_in - INPUTS])
        spec = {"name": name, "hidden": hidden, "inputs": n_in, "features": features, "outputs": OUTPUTS}
        flat = array("f")
        for part in (w1, [b1], w2, [b2]):
            for row in part:
                flat.extend(float(x) for x in row)
        if name in half:
            spec["dtype"] = "f2"
            blobs.append(struct.pack(f"<{len(flat)}e", *flat))
        else:
            blobs.append(flat.tobytes())
        header["nets"].append(spec)
    head = json.dumps(header, sort_keys=True).encode()
    path.write_bytes(MAGIC + len(head).to_bytes(4, "little") + head + b"".join(blobs))


NetArrays = tuple[list[list[float]], list[float], list[list[float]], list[float]]
"""One net as stored: W1 (hidden x inputs), b1, W2 (5 x hidden), b2."""


def read_arrays(data: bytes) -> tuple[dict[str, object], dict[str, NetArrays]]:
    """A weight file's metadata and its nets' arrays, checked for shape; raises :class:`WeightsError`.

    ``tools/prune.py`` reads it here, so it carries the other nets over exactly as stored.
    """
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + 4:
        raise WeightsError("not a Gammon Cart weight file")
    pos = len(MAGIC)
    size = int.from_bytes(data[pos : pos + 4], "little")
    pos += 4
    try:
        header = json.loads(data[pos : pos + size])
        specs = {n["name"]: n for n in header["nets"]}
    except (ValueError, KeyError, TypeError) as exc:
        raise WeightsError(f"damaged weight file header: {exc}") from exc
    pos += size
    nets: dict[str, NetArrays] = {}
    for spec in header["nets"]:
        try:
            h = int(spec["hidden"])
            n_in = int(spec["inputs"])
            features = list(spec.get("features", []))
            width = {"f4": 4, "f2": 2}[spec.get("dtype", "f4")]
        except (KeyError, TypeError, ValueError) as exc:
            raise WeightsError(f"damaged net header: {exc}") from exc
        if features != list(CONTACT_FEATURES[: len(features)]) or n_in != INPUTS + len(features):
            raise WeightsError(f"net {spec.get('name')!r} was trained on inputs this cart does not compute")
        if spec.get("outputs") != OUTPUTS or h < 1:
            raise WeightsError(f"net {spec.get('name')!r} has the wrong shape for this cart")
        need = h * n_in + h + OUTPUTS * h + OUTPUTS
        if pos + need * width > len(data):
            raise WeightsError("weight file data is truncated")
        floats = array("f")
        if width == 2:
            floats.extend(struct.unpack_from(f"<{need}e", data, pos))
        else:
            floats.frombytes(data[pos : pos + need * width])
        pos += need * width
        w1 = [floats[r * n_in : (r + 1) * n_in].tolist() for r in range(h)]
        at = h * n_in
        b1 = floats[at : at + h].tolist()
        at += h
        w2 = [floats[at + r * h : at + (r + 1) * h].tolist() for r in range(OUTPUTS)]
        at += OUTPUTS * h
        b2 = floats[at : at + OUTPUTS].tolist()
        nets[spec["name"]] = (w1, b1, w2, b2)
    if pos != len(data):
        raise WeightsError("weight file data is truncated or has bytes to spare")
    if "contact" not in specs or set(specs) - {"contact", "race", "prune", "crashed"}:
        raise WeightsError("weight file holds other nets than contact, race, prune and crashed")
    return header.get("meta", {}), nets


def read_weights(data: bytes) -> Weights:
    """Parse a weight file's bytes; raises :class:`WeightsError` if it is not one."""
    return drain(think_weights(data))


def think_weights(data: bytes) -> Generator[None, None, Weights]:
    """:func:`read_weights` in slices of about a millisecond, for a frame that cannot wait 70 ms."""
    meta, arrays = read_arrays(data)
    if "race" not in arrays:
        raise WeightsError("weight file has no race net (a teacher's file holds its contact net alone)")
    nets: dict[str, Net] = {}
    for name, parts in arrays.items():
        nets[name] = yield from Net.think(*parts)
    prune = nets.get("prune")
    if prune is not None and prune.features:
        raise WeightsError("the prune net must read the slot inputs alone")
    return Weights(nets["contact"], nets["race"], meta, prune, nets.get("crashed"))


DEFAULT_PATH = Path(__file__).with_name("weights.bin")
