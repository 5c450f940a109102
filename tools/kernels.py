"""The trainer's compiled kernels: the nets' sparse inputs, forward pass, greedy choice and TD(0) step.

Two nets of the same shape (contact and race) as ``tools/train.py`` keeps them:
``W1`` input-major (one row per input, for sparse rows), ``b1``, ``W2`` (5 x
hidden), ``b2``, passed as the eight arrays ``Trainer.nets()`` returns, contact
first. A position is 26 bytes of packed nibbles (``key.to_bytes(26, "little")``,
the mover low, as after its play); outputs are the five probabilities for the
mover, as :mod:`cart.ai.net` reads them. ``UNITS`` is the slot input table the
kernels take as ``F``; ``nfeat`` says how many contact features follow the 208
slot inputs (0 for a net without them).

Compiled with numba when it is installed (about 50x faster: ``pip install -e
".[dev]"``), plain Python otherwise. Any tool that evaluates or fits the
trainer's nets uses these rather than its own copy.
"""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path

import numpy as np

from cart.ai import features as _features_module
from cart.ai.features import INPUTS, N_FEATURES, ROLLS, contact_features_reference, unit_table
from cart.engine.movegen import successors


def drop_stale_caches(pycache: Path, sources: list[Path]) -> bool:
    """Delete numba's cached kernels in ``pycache`` when any of ``sources`` changed since they were built.

    numba keys a cached kernel by its own file's time stamp only, so after an edit of
    :mod:`cart.ai.features` (whose functions the kernels compile inline) it would go on running
    the old inputs: an IndexError at best, a net trained on the wrong inputs at worst. A digest of
    the sources, kept beside the caches, says when they must go. Returns whether any went.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp()); src = d / "f.py"; _ = src.write_text("x = 1")
    >>> _ = (d / "kernels.choose-1.py311.nbi").write_text("")
    >>> drop_stale_caches(d, [src]), drop_stale_caches(d, [src])
    (True, False)
    >>> _ = src.write_text("x = 2"); _ = (d / "kernels.choose-1.py311.nbi").write_text("")
    >>> drop_stale_caches(d, [src]), any(d.glob("*.nbi"))
    (True, False)
    """
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()
    stamp = pycache / "kernels.sources.sha256"
    if stamp.is_file() and stamp.read_text() == digest:
        return False
    stale = [p for p in pycache.glob("*.nb[ic]") if p.name.split(".")[0] in ("kernels", "train", "features")]
    for p in stale:
        p.unlink(missing_ok=True)
    pycache.mkdir(exist_ok=True)
    stamp.write_text(digest)
    return bool(stale)


_SOURCES = [Path(_features_module.__file__), Path(__file__)]
for _cache in (Path(__file__).parent / "__pycache__", Path(_features_module.__file__).parent / "__pycache__"):
    with contextlib.suppress(OSError):  # a read-only checkout: numba recompiles in memory all the same
        drop_stale_caches(_cache, _SOURCES)

try:
    from numba import config as _numba_config, njit
except ImportError:  # pragma: no cover - slow fallback
    _numba_config = None  # type: ignore[assignment]

    def njit(*args, **kwargs):  # type: ignore[no-redef]
        if args and callable(args[0]):
            return args[0]
        return lambda f: f


COMPILED = _numba_config is not None and not getattr(_numba_config, "DISABLE_JIT", False)
"""Whether the kernels below are numba's compiled ones; else plain Python functions, nothing to compile."""


UNITS = np.array(unit_table(), dtype=np.float64)  # (26, 16, 4)
# The cart's own definition of the contact features, compiled: what the net learns on is
# exactly what the cart's fast version (tested against this function) feeds it.
_features = njit(cache=True)(contact_features_reference)


@njit(cache=True)
def nib(b, j):
    """Checkers on nibble ``j`` of ``b``: the low side's 26 slots, then the high side's."""
    byte = np.int64(b[j >> 1])
    return (byte >> 4) if (j & 1) else (byte & 15)


@njit(cache=True)
def encode(b, F, idx, val, nfeat):
    """Sparse inputs of one position (26 bytes of packed nibbles); returns the count.

    With ``nfeat`` the contact features follow the 208 slot inputs.
    """
    n = 0
    if nfeat:
        c0 = np.zeros(26, np.int64)
        c1 = np.zeros(26, np.int64)
        for slot in range(26):
            c0[slot] = nib(b, slot)
            c1[slot] = nib(b, 26 + slot)
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
def back(b, side):
    """Highest occupied slot of a side (bar = 25), 0 if none."""
    for slot in range(25, 0, -1):
        j = side * 26 + slot
        byte = np.int64(b[j >> 1])
        c = (byte >> 4) if (j & 1) else (byte & 15)
        if c:
            return slot
    return 0


@njit(cache=True)
def terminal(b, out):
    """Exact outcome if the mover (side 0) has borne off all 15; returns True then."""
    if nib(b, 0) != 15:
        return False
    out[0] = 1.0
    out[1] = 0.0
    out[2] = 0.0
    out[3] = 0.0
    out[4] = 0.0
    if nib(b, 26) == 0:
        out[1] = 1.0
        for slot in range(19, 26):
            if nib(b, 26 + slot):
                out[2] = 1.0
                break
    return True


@njit(cache=True)
def forward(idx, val, n, W1, b1, W2, b2, h, o):
    """One net on ``n`` sparse inputs: its hidden layer into ``h``, its five outputs into ``o``."""
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
def eval_one(b, F, Wc1, bc1, Wc2, bc2, Wr1, br1, Wr2, br2, idx, val, h, o, nfeat):
    """The mover's outputs into ``o``: exact once it has borne off all 15, else by the race or contact net."""
    if terminal(b, o):
        return
    if back(b, 0) + back(b, 1) <= 25:
        n = encode(b, F, idx, val, 0)
        forward(idx, val, n, Wr1, br1, Wr2, br2, h, o)
    else:
        n = encode(b, F, idx, val, nfeat)
        forward(idx, val, n, Wc1, bc1, Wc2, bc2, h, o)


@njit(cache=True)
def choose(B, F, Wc1, bc1, Wc2, bc2, Wr1, br1, Wr2, br2, best, nfeat):
    """Index of the candidate with the highest equity for the mover; its outputs in ``best``."""
    idx = np.empty(INPUTS + N_FEATURES, np.int64)
    val = np.empty(INPUTS + N_FEATURES, np.float64)
    h = np.empty(max(bc1.shape[0], br1.shape[0]), np.float64)
    o = np.empty(5, np.float64)
    top = -1e9
    bi = 0
    for i in range(B.shape[0]):
        eval_one(B[i], F, Wc1, bc1, Wc2, bc2, Wr1, br1, Wr2, br2, idx, val, h, o, nfeat)
        e = 2.0 * o[0] - 1.0 + o[1] - o[3] + o[2] - o[4]
        if e > top:
            top = e
            bi = i
            for k in range(5):
                best[k] = o[k]
    return bi


@njit(cache=True)
def backprop(idx, val, n, W1, b1, W2, b2, target, alpha, feature_lr):
    """One gradient step of a net's five outputs towards ``target`` (squared error), in place."""
    H = b1.shape[0]
    h = np.empty(H, np.float64)
    o = np.empty(5, np.float64)
    forward(idx, val, n, W1, b1, W2, b2, h, o)
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
def td_step(b, target, F, Wc1, bc1, Wc2, bc2, Wr1, br1, Wr2, br2, alpha, nfeat, feature_lr):
    """Pull the net that evaluates ``b`` (race or contact) towards ``target`` by one step of ``alpha``."""
    idx = np.empty(INPUTS + N_FEATURES, np.int64)
    val = np.empty(INPUTS + N_FEATURES, np.float64)
    if back(b, 0) + back(b, 1) <= 25:
        n = encode(b, F, idx, val, 0)
        backprop(idx, val, n, Wr1, br1, Wr2, br2, target, alpha, 1.0)
    else:
        n = encode(b, F, idx, val, nfeat)
        backprop(idx, val, n, Wc1, bc1, Wc2, bc2, target, alpha, feature_lr)


def candidates(key: int, d1: int, d2: int) -> tuple[list[int], np.ndarray]:
    """The play results for a roll (the position itself when none is legal), and as rows for ``choose``."""
    succ = successors(key, d1, d2)
    cands = list(succ) if succ else [key]
    arr = np.frombuffer(b"".join([k.to_bytes(26, "little") for k in cands]), np.uint8)
    return cands, arr.reshape(len(cands), 26)
