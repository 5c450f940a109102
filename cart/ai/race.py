"""Exact race endings: each side's distribution of rolls to bear off, worked out on demand.

The race net learnt from self-play, where a side with most of its men off has the
rest at home: it reads the borne-off tray and never learnt what a last man on the
17-point means (it called one man there against five on the 1- and 2-points a
certain win; it is 0.75). Few men are few positions, so their endings are worked
out instead of guessed.

One side's ending does not depend on the other's in a race, so each side gets its
own distribution of the number of rolls it needs to bear off, playing every roll
to need the fewest rolls on average (as GNU Backgammon's one-sided bear-off
database is built). The side on roll wins if it needs no more rolls than the
other; so ``P(win) = sum_k P(A needs k) * P(B needs more than k)`` for the side
``A`` that has just moved against ``B`` about to roll. This is how GNU Backgammon
reads races from its one-sided database; the play that brings a side home soonest
on average is not always the one that wins most often, but the difference is a
fraction of a percent.

Only positions where each side has a man off and few positions to pass through are
worked out here (:data:`LIMIT`): gammons are then impossible, and the first time
a position is met costs at most a few tens of milliseconds. The answers are kept
for the rest of the session (:data:`_SOLVED`), so later moves of the same ending
cost a dictionary look-up.
"""

from __future__ import annotations

from math import comb

from ..engine.fast import SIDE_BITS, SIDE_MASK
from .slices import ROLLS

LIMIT = 1000
"""Most positions one side's ending may pass through (``comb(highest + men, men)``) to be worked out."""
_KEEP = 50_000
"""Most endings kept at once; past this the store starts afresh (each holds a few dozen floats)."""

Dist = tuple[float, ...]
"""``d[k]``: the chance of bearing the last man off with the ``k``-th roll."""

_SOLVED: dict[int, tuple[float, Dist]] = {0: (0.0, (1.0,))}
_ONE = tuple(1 << (4 * p) for p in range(24))  # one man on the point p + 1


_STEPS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _steps(board: int) -> tuple[tuple[int, ...], ...]:
    """``steps[d]``: every board one die of ``d`` can leave (``board``: points 1..24 as nibbles 0..23).

    Kept per board: the boards between a roll's dice are mostly boards of the ending too.
    """
    done = _STEPS.get(board)
    if done is not None:
        return done
    high = (board.bit_length() + 3) >> 2  # the rearmost man's point
    home = high <= 6
    occupied = [p for p in range(1, high + 1) if (board >> (4 * p - 4)) & 15]
    out: list[tuple[int, ...]] = [()]
    for d in range(1, 7):
        boards = []
        for p in occupied:
            if p > d:
                boards.append(board - _ONE[p - 1] + _ONE[p - d - 1])
            elif home and p in (d, high):
                boards.append(board - _ONE[p - 1])
        out.append(tuple(boards))
    answer = tuple(out)
    if len(_STEPS) >= _KEEP:
        _STEPS.clear()
    _STEPS[board] = answer
    return answer


def _after_roll(board: int, a: int, b: int) -> set[int]:
    """The boards a whole roll can leave (in a race every die can be played while a man is left)."""
    if a == b:
        now = {board}
        for _ in range(4):
            now = {n for x in now for n in (_steps(x)[a] if x else (0,))}
        return now
    return {
        n
        for first, second in ((a, b), (b, a))
        for x in _steps(board)[first]
        for n in (_steps(x)[second] if x else (0,))
    }


def solve(board: int) -> tuple[float, Dist]:
    """The mean number of rolls to bear off ``board`` and their distribution, best play on each roll."""
    done = _SOLVED.get(board)
    if done is not None:
        return done
    mean = 1.0
    acc = [0.0]
    for a, b, w in ROLLS:
        best_mean = 99.0
        best: Dist = ()
        for n in _after_roll(board, a, b):
            got = _SOLVED.get(n) or solve(n)
            if got[0] < best_mean:
                best_mean, best = got
        p = w / 36.0
        mean += p * best_mean
        if len(best) + 1 > len(acc):
            acc.extend([0.0] * (len(best) + 1 - len(acc)))
        for k, x in enumerate(best, 1):
            acc[k] += p * x
    if len(_SOLVED) >= _KEEP:
        _SOLVED.clear()
        _SOLVED[0] = (0.0, (1.0,))
    answer = (mean, tuple(acc))
    _SOLVED[board] = answer
    return answer


def small(side: int) -> bool:
    """Whether one side (26 nibbles, off first) has an ending worked out here: a man off, few positions."""
    if not side & 15:
        return False
    board = side >> 4
    high = (board.bit_length() + 3) >> 2
    men = 15 - (side & 15)
    return comb(high + men, men) <= LIMIT


def win_after(key: int) -> float | None:
    """P(win) for the side that has just moved (the low half of ``key``), or None if not worked out here.

    ``key`` must be a race (no contact) and not over; both sides must be :func:`small`.
    """
    mover = key & SIDE_MASK
    roller = key >> SIDE_BITS
    if not (small(mover) and small(roller)):
        return None
    _, da = solve(mover >> 4)
    _, db = solve(roller >> 4)
    # the roller rolls first: the mover wins when it needs fewer rolls than the roller
    win = 0.0
    left = 1.0  # P(the roller needs more than k rolls)
    for k, pa in enumerate(da):
        if k < len(db):
            left -= db[k]
        win += pa * left
    return min(1.0, max(0.0, win))
