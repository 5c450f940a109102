"""The net's input encoding, shared by the cart's evaluator and the trainer.

Every input belongs to one board slot of one side (off, points 1..24, bar), so
a position's hidden layer is a sum of per-slot contributions. That is what makes
pure-Python inference cheap (see :mod:`cart.ai.net`): the contribution of each
(slot, count) pair is precomputed once, and a forward pass is a handful of big
integer additions. Features that look at several slots at once (primes, shots)
would break that, so the trained nets go without them.

Layout: input ``(side * SLOTS + slot) * UNITS + unit``, side 0 is the player who
has just moved and side 1 the player about to roll, each in its own numbering
(slot 0 borne off, 1..24 points from its own ace point, 25 its bar).
"""

from __future__ import annotations

SLOTS = 26
UNITS = 4
SIDES = 2
INPUTS = SIDES * SLOTS * UNITS  # 208
MAX_COUNT = 15


def slot_units(slot: int, n: int) -> tuple[float, float, float, float]:
    """Units for ``n`` checkers of one side on ``slot``.

    Points use Tesauro's encoding (1, 2, 3 checkers as flags, the rest scaled), which
    lets the net value a blot, a made point and spares separately. The bar and the
    borne-off tray are counts, scaled to about 0..1, plus a flag for "any on the bar"
    because the first checker there costs far more than later ones.
    """
    if slot == 0:
        return (n / 15.0, 0.0, 0.0, 0.0)
    if slot == SLOTS - 1:
        return (n / 2.0, 1.0 if n else 0.0, 0.0, 0.0)
    return (
        1.0 if n >= 1 else 0.0,
        1.0 if n >= 2 else 0.0,
        1.0 if n >= 3 else 0.0,
        (n - 3) / 2.0 if n > 3 else 0.0,
    )


def unit_table() -> list[list[tuple[float, float, float, float]]]:
    """``table[slot][n]``: :func:`slot_units` for every slot and count 0..15."""
    return [[slot_units(slot, n) for n in range(MAX_COUNT + 1)] for slot in range(SLOTS)]
