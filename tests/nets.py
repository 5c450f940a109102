"""The evaluator's textbook forward pass in floats, against which the packed one is checked; and the
shipped nets counting the work asked of them, as the AI's caps and slices count it."""

from __future__ import annotations

from math import exp

from cart.ai.features import INPUTS, ROLLS as ROLL_COUNT, SLOTS, UNITS, contact_features_reference, unit_table
from cart.ai.net import Probs, Weights, read_arrays
from cart.ai.slices import PRUNE_COST


def dense_after(weights_bytes: bytes, key: int, net: str) -> list[float]:
    """The five outputs of the weight file's net ``net`` for the low side of ``key``."""
    w1rows, b1, w2rows, b2 = read_arrays(weights_bytes)[1][net]  # the decoding is tested on its own
    h, n_in = len(b1), len(w1rows[0])
    w1 = [w for row in w1rows for w in row]
    w2 = [w for row in w2rows for w in row]
    table = unit_table()
    x = [0.0] * n_in
    for j in range(2 * SLOTS):
        side, slot = divmod(j, SLOTS)
        n = (key >> (4 * j)) & 15
        for u, v in enumerate(table[slot][n]):
            x[(side * SLOTS + slot) * UNITS + u] = v
    if n_in > INPUTS:
        c0 = [(key >> (4 * s)) & 15 for s in range(SLOTS)]
        c1 = [(key >> (4 * (SLOTS + s))) & 15 for s in range(SLOTS)]
        for i, count in enumerate(contact_features_reference(c0, c1)[: n_in - INPUTS]):
            x[INPUTS + i] = count / ROLL_COUNT
    hid = [1 / (1 + exp(-(b1[r] + sum(w1[r * n_in + i] * x[i] for i in range(n_in))))) for r in range(h)]
    return [1 / (1 + exp(-(b2[k] + sum(w2[k * h + r] * hid[r] for r in range(h))))) for k in range(5)]


class CountingWeights(Weights):
    """The shipped weights, counting work to measure slices: a net evaluation is 1, a prune one less."""

    def __init__(self, inner: Weights) -> None:
        super().__init__(inner.contact, inner.race, inner.meta, inner.prune, inner.crashed)
        self.calls = 0.0

    def after(self, key: int) -> Probs:
        self.calls += 1
        return super().after(key)

    def rough(self, key: int) -> float:
        self.calls += PRUNE_COST
        return super().rough(key)
