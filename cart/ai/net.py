"""The evaluator: two small nets (contact, race) run in pure Python.

A forward pass is ``hidden = sigmoid(b1 + W1 x)``, ``out = sigmoid(b2 + W2 hidden)``.
Every input belongs to one slot of one side (:mod:`cart.ai.features`), so
``W1 x`` is a sum of one precomputed vector per byte of the position key (two
slots a byte). Those vectors are stored as one Python integer each, with the
hidden units in 32-bit fixed-point lanes: adding 27 integers adds all the
lanes at C speed, and ``memoryview.cast`` reads the lanes back. Each lane also
carries an offset that keeps it positive, so no lane ever borrows from its
neighbour. This is why inference needs no numpy and still costs only tens of
microseconds, most of it the sigmoids and the output layer.

Fixed point: a lane holds ``round(v * 2**16) + 2**26`` per term; 27 terms stay
below ``2**32`` while each term's weight sum is under 1024 in size (checked on
load), and the rounding error is below 2e-4 on a hidden unit's input.

Weight file: ``b"GCNET1\\n"``, a 4-byte little-endian header length, a JSON
header (nets, their shapes, and the metadata saying how they were trained),
then float32 little-endian arrays for each net in header order: W1 (hidden x
inputs), b1, W2 (5 x hidden), b2.
"""

from __future__ import annotations

import json
import sys
from array import array
from collections.abc import Mapping, Sequence
from math import exp
from operator import getitem, mul
from pathlib import Path

from ..engine.board import SIDE_BITS, SIDE_MASK
from .features import INPUTS, MAX_COUNT, SLOTS, UNITS, unit_table

if sys.byteorder != "little":  # pragma: no cover - x86, ARM and WebAssembly all are
    raise ImportError("the packed evaluator reads lanes in little-endian order")

MAGIC = b"GCNET1\n"
OUTPUTS = 5
_SCALE = 1 << 16
_TERM_OFFSET = 1 << 26
_TERMS = 27  # 26 key bytes and the bias
_LIMIT = (1 << 26) - 1  # largest |term| in fixed point

# Outputs, all for the player who has just moved (the other is about to roll).
WIN, WIN_G, WIN_BG, LOSE_G, LOSE_BG = range(5)

Probs = tuple[float, float, float, float, float]


class WeightsError(ValueError):
    """The weight file is missing, damaged or of another shape."""


class Net:
    """One contact or race net, ready for packed inference."""

    __slots__ = ("_bias", "_hidden", "_k", "_out_b", "_out_w", "_tables")

    def __init__(
        self,
        w1: Sequence[Sequence[float]],
        b1: Sequence[float],
        w2: Sequence[Sequence[float]],
        b2: Sequence[float],
    ) -> None:
        hidden = len(b1)
        if len(w1) != hidden or any(len(r) != INPUTS for r in w1):
            raise WeightsError(f"W1 must be {hidden} x {INPUTS}")
        if len(w2) != OUTPUTS or any(len(r) != hidden for r in w2) or len(b2) != OUTPUTS:
            raise WeightsError(f"W2 must be {OUTPUTS} x {hidden} with {OUTPUTS} biases")
        self._hidden = hidden
        units = unit_table()
        cols = list(zip(*w1, strict=True))  # per input: its weight to every hidden unit
        # nibble j of the key (side j // 26, slot j % 26) holding n checkers -> lane values
        nib: list[list[list[int]]] = []
        for j in range(2 * SLOTS):
            side, slot = divmod(j, SLOTS)
            base = (side * SLOTS + slot) * UNITS
            per_n = []
            for n in range(MAX_COUNT + 1):
                acc = [0.0] * hidden
                for u, x in enumerate(units[slot][n]):
                    if x:
                        acc = [a + x * w for a, w in zip(acc, cols[base + u], strict=True)]
                per_n.append([_fixed(a) for a in acc])
            nib.append(per_n)
        off = _TERM_OFFSET
        self._tables = []
        for i in range(26):
            lo, hi = nib[2 * i], nib[2 * i + 1]
            row = []
            for v in range(256):
                a, b = lo[v & 15], hi[v >> 4]
                row.append(_pack([x + y + off for x, y in zip(a, b, strict=True)]))
            self._tables.append(tuple(row))
        self._bias = _pack([_fixed(b) + off for b in b1])
        # lane u = round(pre * 2**16) + 27 * 2**26, so pre = u / 2**16 - 27 * 2**10
        self._k = _TERMS * _TERM_OFFSET / _SCALE
        self._out_w = tuple(tuple(r) for r in w2)
        self._out_b = tuple(b2)

    @property
    def hidden(self) -> int:
        return self._hidden

    def forward(self, key: int) -> Probs:
        """The five outputs for the low side of ``key`` having just moved."""
        t = sum(map(getitem, self._tables, key.to_bytes(26, "little")), self._bias)
        lanes = memoryview(t.to_bytes(4 * self._hidden, "little")).cast("I")
        k = self._k
        s = 1.0 / _SCALE
        hs = [1.0 / (1.0 + exp(k - u * s)) for u in lanes]
        w0, w1, w2, w3, w4 = self._out_w
        b0, b1, b2, b3, b4 = self._out_b
        return (
            _sig(b0 + sum(map(mul, hs, w0))),
            _sig(b1 + sum(map(mul, hs, w1))),
            _sig(b2 + sum(map(mul, hs, w2))),
            _sig(b3 + sum(map(mul, hs, w3))),
            _sig(b4 + sum(map(mul, hs, w4))),
        )


def _sig(x: float) -> float:
    if x < -500.0:
        return 0.0
    return 1.0 / (1.0 + exp(-x))


def _fixed(v: float) -> int:
    q = round(v * _SCALE)
    if not -_LIMIT <= q <= _LIMIT:
        raise WeightsError(f"a weight sum of {v:.1f} is too large for the packed evaluator")
    return q


def _pack(lanes: list[int]) -> int:
    return int.from_bytes(array("I", lanes).tobytes(), "little")


# -- terminal positions and perspective -------------------------------------

_THEIR_HOME_OR_BAR = sum(15 << (4 * p) for p in range(19, 26)) << SIDE_BITS


def terminal(key: int) -> Probs | None:
    """Exact outcome when the low side of ``key`` has borne off all 15, else None."""
    if key & 15 != 15:
        return None
    if (key >> SIDE_BITS) & 15:
        return (1.0, 0.0, 0.0, 0.0, 0.0)
    if key & _THEIR_HOME_OR_BAR:
        return (1.0, 1.0, 1.0, 0.0, 0.0)
    return (1.0, 1.0, 0.0, 0.0, 0.0)


def is_race(key: int) -> bool:
    """No contact left: the sum of both sides' rearmost slots is at most 25."""
    return ((key & SIDE_MASK).bit_length() - 1 >> 2) + ((key >> SIDE_BITS).bit_length() - 1 >> 2) <= 25


def flip_probs(p: Probs) -> Probs:
    """The same outcome seen by the other player."""
    return (1.0 - p[0], p[3], p[4], p[1], p[2])


def equity(p: Probs) -> float:
    """Cubeless money equity of the five probabilities."""
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


# -- weight files -------------------------------------------------------------


class Weights:
    """Both nets and the metadata of the run that trained them."""

    def __init__(self, contact: Net, race: Net, meta: Mapping[str, object]) -> None:
        self.contact = contact
        self.race = race
        self.meta = dict(meta)

    def after(self, key: int) -> Probs:
        """Outcome for the low side of ``key`` (an unflipped play result), exact when over."""
        done = terminal(key)
        if done is not None:
            return done
        if ((key & SIDE_MASK).bit_length() - 1 >> 2) + ((key >> SIDE_BITS).bit_length() - 1 >> 2) <= 25:
            return self.race.forward(key)
        return self.contact.forward(key)


def write_weights(path: Path, nets: Mapping[str, Sequence], meta: Mapping[str, object]) -> None:
    """Write nets ``{name: (W1, b1, W2, b2)}`` (array-likes) as a weight file."""
    header: dict = {"meta": dict(meta), "nets": []}
    blobs = []
    for name, (w1, b1, w2, b2) in nets.items():
        hidden = len(b1)
        header["nets"].append({"name": name, "hidden": hidden, "inputs": INPUTS, "outputs": OUTPUTS})
        flat = array("f")
        for part in (w1, [b1], w2, [b2]):
            for row in part:
                flat.extend(float(x) for x in row)
        blobs.append(flat.tobytes())
    head = json.dumps(header, sort_keys=True).encode()
    path.write_bytes(MAGIC + len(head).to_bytes(4, "little") + head + b"".join(blobs))


def read_weights(data: bytes) -> Weights:
    """Parse a weight file's bytes; raises :class:`WeightsError` if it is not one."""
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
    floats = array("f")
    rest = data[pos:]
    if len(rest) % 4:
        raise WeightsError("weight file data is truncated")
    floats.frombytes(rest)
    nets: dict[str, Net] = {}
    at = 0
    for spec in header["nets"]:
        h = int(spec["hidden"])
        if spec.get("inputs") != INPUTS or spec.get("outputs") != OUTPUTS or h < 1:
            raise WeightsError(f"net {spec.get('name')!r} has the wrong shape for this cart")
        need = h * INPUTS + h + OUTPUTS * h + OUTPUTS
        if at + need > len(floats):
            raise WeightsError("weight file data is truncated")
        w1 = [floats[at + r * INPUTS : at + (r + 1) * INPUTS].tolist() for r in range(h)]
        at += h * INPUTS
        b1 = floats[at : at + h].tolist()
        at += h
        w2 = [floats[at + r * h : at + (r + 1) * h].tolist() for r in range(OUTPUTS)]
        at += OUTPUTS * h
        b2 = floats[at : at + OUTPUTS].tolist()
        at += OUTPUTS
        nets[spec["name"]] = Net(w1, b1, w2, b2)
    if at != len(floats) or set(specs) != {"contact", "race"}:
        raise WeightsError("weight file holds other nets than contact and race")
    return Weights(nets["contact"], nets["race"], header.get("meta", {}))


DEFAULT_PATH = Path(__file__).with_name("weights.bin")
