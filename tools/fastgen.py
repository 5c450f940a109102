"""A compiled move generator for the tools: a roll's distinct results as rows of packed nibbles.

The engine's generator (:func:`cart.engine.movegen.successors`) is pure Python on
big-integer keys, which the cart needs; a tool that evaluates every roll of every
position (:mod:`tools.net_targets`, :mod:`tools.rollout`) spent most of its time there
and in turning keys into the kernels' rows. This one works on the rows themselves
(26 bytes of nibbles, the mover low, as :mod:`tools.kernels` reads them) and runs under
numba. It plays the rules plainly, checker by checker: the bar first, bearing off only
with every checker home and from below the die only from the rearmost point, as many
dice as can be played and the larger die when only one can; a double's moves are taken
from non-increasing source points, as the engine's are, so each set of moves is met once.
Results are kept once each (a hash of the row, rows compared on a collision).
``tests/test_fastgen.py`` checks it against the engine on every position of the perft table.
"""

from __future__ import annotations

import numpy as np

from tools.kernels import UNITS, choose, njit

MAX_RESULTS = 8192  # distinct plays of one roll: the most known is 637 (tests/data/perft.txt)
_TABLE = 1 << 15


@njit(cache=True)
def unpack(b, c0, c1):
    """The mover's (``c0``) and the opponent's (``c1``) checkers per slot: 0 off, 1-24, 25 the bar."""
    for j in range(26):
        byte = np.int64(b[j >> 1])
        c0[j] = (byte >> 4) if (j & 1) else (byte & 15)
        k = 26 + j
        byte = np.int64(b[k >> 1])
        c1[j] = (byte >> 4) if (k & 1) else (byte & 15)


@njit(cache=True)
def pack(c0, c1, row):
    for j in range(26):
        row[j] = 0
    for j in range(52):
        v = c0[j] if j < 26 else c1[j - 26]
        row[j >> 1] |= np.uint8(v << (4 * (j & 1)))


@njit(cache=True)
def legal(c0, c1, s, d):
    """Whether the mover may move a checker from slot ``s`` by ``d``."""
    if c0[s] == 0:
        return False
    if c0[25] > 0 and s != 25:
        return False
    t = s - d
    if t > 0:
        return c1[25 - t] < 2
    for q in range(7, 26):
        if c0[q]:
            return False
    if t == 0:
        return True
    for q in range(s + 1, 7):  # noqa: SIM110 - below the die only from the rearmost point; a loop numba compiles
        if c0[q]:
            return False
    return True


@njit(cache=True)
def move(c0, c1, s, d):
    """Play it; returns whether it hit (for :func:`unmove`)."""
    c0[s] -= 1
    t = s - d
    if t <= 0:
        c0[0] += 1
        return False
    c0[t] += 1
    if c1[25 - t] == 1:
        c1[25 - t] = 0
        c1[25] += 1
        return True
    return False


@njit(cache=True)
def unmove(c0, c1, s, d, hit):
    t = s - d
    if t <= 0:
        c0[0] -= 1
    else:
        c0[t] -= 1
        if hit:
            c1[25] -= 1
            c1[25 - t] = 1
    c0[s] += 1


@njit(cache=True)
def _add(c0, c1, depth, die, st, out, table, stamp):
    """Keep a result of ``depth`` dice (``die``: the one die of a single-die play, else 0).

    ``st`` holds [results, their depth, their die, this call's stamp]; a deeper result (or,
    at depth 1, one of a larger die) throws away the shallower ones.
    """
    if depth < st[1] or (depth == st[1] and depth == 1 and die < st[2]):
        return
    if depth > st[1] or (depth == 1 and die > st[2]):
        st[0] = 0
        st[1] = depth
        st[2] = die
        st[3] += 1  # a new stamp empties the table
    h = np.uint64(1469598103934665603)
    for j in range(26):
        h = (h ^ np.uint64(c0[j] * 16 + c1[j])) * np.uint64(1099511628211)
    slot = np.int64(h & np.uint64(_TABLE - 1))
    row = out[st[0]]
    pack(c0, c1, row)
    while stamp[slot] == st[3]:
        other = out[table[slot]]
        same = True
        for j in range(26):
            if other[j] != row[j]:
                same = False
                break
        if same:
            return
        slot = (slot + 1) & (_TABLE - 1)
    stamp[slot] = st[3]
    table[slot] = st[0]
    st[0] += 1


@njit(cache=True)
def _doubles(c0, c1, d, st, out, table, stamp):
    """Every play of a double's ``d``, moves from non-increasing sources (a depth-first walk)."""
    src = np.zeros(5, np.int64)
    hits = np.zeros(5, np.bool_)
    nxt = np.zeros(5, np.int64)  # the next source to try at each depth
    moved = np.zeros(5, np.bool_)
    depth = 0
    nxt[0] = 25
    while True:
        if depth < 4:
            s = nxt[depth]
            while s > 0 and not legal(c0, c1, s, d):
                s -= 1
            if s > 0:
                nxt[depth] = s - 1
                moved[depth] = True
                src[depth] = s
                hits[depth] = move(c0, c1, s, d)
                depth += 1
                nxt[depth] = s
                moved[depth] = False
                continue
        if not moved[depth] and depth > 0:  # no move on from here: a whole play
            _add(c0, c1, depth, d, st, out, table, stamp)
        if depth == 0:
            return
        depth -= 1
        unmove(c0, c1, src[depth], d, hits[depth])


@njit(cache=True)
def generate(b, d1, d2, out, table, stamp, st):
    """The distinct results of ``d1``-``d2`` at row ``b`` into ``out``; returns how many (0: none legal).

    ``table``, ``stamp`` (int64, ``_TABLE`` each) and ``st`` (int64, 4) are scratch a caller keeps.
    """
    c0 = np.empty(26, np.int64)
    c1 = np.empty(26, np.int64)
    unpack(b, c0, c1)
    st[0] = 0
    st[1] = 0
    st[2] = 0
    st[3] += 1
    if d1 == d2:
        _doubles(c0, c1, d1, st, out, table, stamp)
        return st[0]
    for first, second in ((d1, d2), (d2, d1)):
        for s in range(25, 0, -1):
            if not legal(c0, c1, s, first):
                continue
            hit = move(c0, c1, s, first)
            played = False
            for s2 in range(25, 0, -1):
                if legal(c0, c1, s2, second):
                    played = True
                    hit2 = move(c0, c1, s2, second)
                    _add(c0, c1, 2, 0, st, out, table, stamp)
                    unmove(c0, c1, s2, second, hit2)
            if not played:
                _add(c0, c1, 1, first, st, out, table, stamp)
            unmove(c0, c1, s, first, hit)
    return st[0]


class Scratch:
    """The buffers :func:`generate` fills, kept by one caller."""

    def __init__(self) -> None:
        self.out = np.zeros((MAX_RESULTS, 26), np.uint8)
        self.table = np.zeros(_TABLE, np.int64)
        self.stamp = np.zeros(_TABLE, np.int64)
        self.st = np.zeros(4, np.int64)


def results(key: int, d1: int, d2: int, scratch: Scratch | None = None) -> list[int]:
    """The distinct result keys (mover low, unflipped), as :func:`cart.engine.movegen.successors` has them."""
    s = scratch or Scratch()
    b = np.frombuffer(key.to_bytes(26, "little"), np.uint8)
    n = generate(b, d1, d2, s.out, s.table, s.stamp, s.st)
    return [int.from_bytes(s.out[i].tobytes(), "little") for i in range(n)]


def rows(key: int, d1: int, d2: int, scratch: Scratch) -> np.ndarray:
    """The results as rows for :func:`tools.kernels.choose` (the position itself when none is legal).

    A view of ``scratch``: the next call overwrites it.
    """
    b = np.frombuffer(key.to_bytes(26, "little"), np.uint8)
    n = generate(b, d1, d2, scratch.out, scratch.table, scratch.stamp, scratch.st)
    if n == 0:
        scratch.out[0] = b
        n = 1
    return scratch.out[:n]


def key_of(row: np.ndarray) -> int:
    return int.from_bytes(row.tobytes(), "little")


def candidates(key: int, d1: int, d2: int, scratch: Scratch | None = None) -> tuple[list[int], np.ndarray]:
    """:func:`tools.kernels.candidates` by this generator: the results (the position when none), as rows."""
    arr = rows(key, d1, d2, scratch or Scratch()).copy()
    return [key_of(r) for r in arr], arr


@njit(cache=True)
def best_of_rolls(
    b, F, Wc1, bc1, Wc2, bc2, Wr1, br1, Wr2, br2, nfeat, rolls, best, rows, out, table, stamp, st
):
    """Each roll ``rolls[r]``'s 0-ply best result into ``rows[r]``, the mover's chances into ``best[r]``.

    A roll with no legal play leaves the position as it is.
    """
    p = np.empty(5, np.float64)
    for r in range(rolls.shape[0]):
        n = generate(b, rolls[r, 0], rolls[r, 1], out, table, stamp, st)
        if n == 0:
            out[0, :] = b
            n = 1
        i = choose(out[:n], F, Wc1, bc1, Wc2, bc2, Wr1, br1, Wr2, br2, p, nfeat)
        rows[r, :] = out[i]
        best[r, :] = p


__all__ = ["UNITS", "Scratch", "best_of_rolls", "candidates", "generate", "key_of", "results", "rows"]
