"""One side's distribution of rolls to bear off, as GNU Backgammon's one-sided tables: worked out, kept.

A board is worked out the first time it is met and kept: no table ships. A home board of
many men takes seconds, so a worker works them out while it waits (:func:`think_tables`)
and a thought works its boards out first, in slices (:func:`think_prepare`).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from math import comb

from ..engine.fast import SIDE_BITS, SIDE_MASK
from .classes import is_race
from .slices import ROLLS

KEEP = 50_000
"""Most endings off the home board kept at once; past this that store starts afresh."""
HOME = 1 << 24
"""Boards below this have every man on points 1..6: at most 54,264 of them, each kept once worked out."""
HOME_BOARDS = comb(15 + 6, 6)
FIFTEENS = comb(15 + 5, 5)
"""Home boards of up to 15 men (54,264), and of exactly 15 (15,504: their first man off is worked out too)."""

Dist = tuple[float, ...]
"""``d[k]``: the chance of bearing the last man off with the ``k``-th roll."""

_HOME_SOLVED: dict[int, tuple[float, Dist]] = {0: (0.0, (1.0,))}
_SOLVED: dict[int, tuple[float, Dist]] = {}
_FIRST: dict[int, tuple[float, Dist]] = {}
_PREPARED: set[tuple[int, bool]] = set()  # (a side brought home, first men off too): all worked out
ONE = tuple(1 << (4 * p) for p in range(24))  # one man on the point p + 1


_STEPS: dict[int, tuple[tuple[int, ...], ...]] = {}
_ON_DEMAND = False  # set in a worker: see :func:`work_on_demand`


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
                boards.append(board - ONE[p - 1] + ONE[p - d - 1])
            elif home and p in (d, high):
                boards.append(board - ONE[p - 1])
        out.append(tuple(boards))
    answer = tuple(out)
    if len(_STEPS) >= KEEP:
        _STEPS.clear()
    _STEPS[board] = answer
    return answer


def after_roll(board: int, a: int, b: int) -> set[int]:
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


def home_boards(men: int = 15) -> Iterator[int]:
    """Every board with at most ``men`` men, all on points 1..6, a board after its successors."""
    for n in range(men + 1):
        yield from _spread(n, 6)


def _spread(n: int, top: int) -> Iterator[int]:
    """Boards of exactly ``n`` men on points 1..``top``, the men on ``top`` counted first."""
    if top == 1:
        yield n
        return
    for here in range(n + 1):
        for rest in _spread(n - here, top - 1):
            yield rest + (here << (4 * top - 4))


def forget() -> None:
    """Drop every kept answer, so what comes next is worked out afresh."""
    _HOME_SOLVED.clear()
    _HOME_SOLVED[0] = (0.0, (1.0,))
    _SOLVED.clear()
    _FIRST.clear()
    _PREPARED.clear()
    _STEPS.clear()


def solve(board: int) -> tuple[float, Dist]:
    """The mean number of rolls to bear off ``board`` and their distribution, best play on each roll."""
    home = board < HOME
    kept = _HOME_SOLVED if home else _SOLVED
    done = kept.get(board)
    if done is not None:
        return done
    mean = 1.0
    acc = [0.0]
    for a, b, w in ROLLS:
        best_mean = 99.0
        best: Dist = ()
        for n in after_roll(board, a, b):
            got = _HOME_SOLVED.get(n) or _SOLVED.get(n) or solve(n)
            if got[0] < best_mean:
                best_mean, best = got
        p = w / 36.0
        mean += p * best_mean
        _add_later(acc, best, p)
    if not home and len(_SOLVED) >= KEEP:
        _SOLVED.clear()
    answer = (mean, tuple(acc))
    kept[board] = answer
    return answer


def _add_later(acc: list[float], dist: Dist, p: float) -> None:
    """Add ``p`` times ``dist``, one roll later (the roll just played), into ``acc``."""
    if len(dist) + 1 > len(acc):
        acc.extend([0.0] * (len(dist) + 1 - len(acc)))
    for k, x in enumerate(dist, 1):
        acc[k] += p * x


def first_off(board: int) -> tuple[float, Dist]:
    """The mean number of rolls to bear the first man off a home ``board`` of 15 men, and their distribution.

    Each roll is played to need the fewest rolls on average, as a side saving the gammon
    would: this and :func:`solve`'s distribution are GNU Backgammon's two one-sided tables.
    """
    done = _FIRST.get(board)
    if done is not None:
        return done
    mean = 1.0
    acc = [0.0, 0.0]
    for a, b, w in ROLLS:
        p = w / 36.0
        after = after_roll(board, a, b)
        if any(_men(n) < 15 for n in after):
            acc[1] += p  # a man comes off this roll
            continue
        best_mean, best = min((first_off(n) for n in after), key=lambda got: got[0])
        mean += p * best_mean
        _add_later(acc, best, p)
    answer = (mean, tuple(acc))
    _FIRST[board] = answer
    return answer


def complete() -> bool:
    """Whether every home board, and every first man off of 15, is worked out."""
    return len(_HOME_SOLVED) == HOME_BOARDS and len(_FIRST) == FIFTEENS


def think_tables() -> Generator[None, None, None]:
    """Work out every home board (and a home board of 15 men's first man off), a board a step.

    What a worker does while it waits: the same numbers a thought would work out when it
    first meets a board, so no play depends on whether this has run.
    """
    for board in home_boards():
        solve(board)
        if _men(board) == 15:
            first_off(board)
        yield
    _STEPS.clear()  # only a help while working out: the boards' answers are kept


def work_on_demand() -> None:
    """This process thinks away from the frame (a worker): its thoughts skip :func:`think_prepare`.

    With no frame to freeze, a thought works out only the boards it reads, as it reads them;
    preparing every board it might read is, where contact is thin, every board of both sides:
    a worker that has not yet worked its tables out (a page's standby taking over) would
    spend many seconds on them before a play it finds at once.
    """
    global _ON_DEMAND
    _ON_DEMAND = True


def think_prepare(key: int, ahead: bool = False) -> Generator[None, None, None]:
    """Work out, a board a step, the home boards a decision from position ``key`` may read.

    A thought reads a board in one go, which in the frame would freeze it, so the boards come
    first, in slices. Men only move down, so a side can reach only boards with no more men on
    each point and higher than it has with its men outside brought to the 6-point. A look
    ``ahead`` (two plies) may break thin contact on the way (:data:`AHEAD_PIPS`), so then every
    side's boards are made.
    """
    if complete() or _ON_DEMAND:
        return  # a worker has waited long enough, or thinks away from the frame
    race = is_race(key) or (ahead and _overlap(key) <= AHEAD_PIPS)
    for side in (key & SIDE_MASK, key >> SIDE_BITS):
        board = side >> 4
        if not race and board >= HOME:
            continue
        top = _brought_home(board)
        gammons = not side & 15
        if (top, gammons) in _PREPARED:
            continue
        for i, n in enumerate(_within(top)):
            if n not in _HOME_SOLVED:
                solve(n)
                yield
            elif not i % 1024:
                yield  # boards already there cost a look each: a slice's worth, then the frame's
            if gammons and n not in _FIRST and _men(n) == 15:
                first_off(n)
                yield
        _PREPARED.add((top, gammons))


AHEAD_PIPS = 16
"""Contact this thin (the rear men's overlap, in pips) two average rolls (8 pips each) may break."""


def _overlap(key: int) -> int:
    """How far the two sides' rearmost men overlap, in pips (0 or less: no contact)."""
    rear = [((side >> 4).bit_length() + 3) >> 2 for side in (key & SIDE_MASK, key >> SIDE_BITS)]
    return rear[0] + rear[1] - 25


def _brought_home(board: int) -> int:
    """``board`` with every man outside the home board on its 6-point."""
    out = board & (HOME - 1)
    for p in range(7, 25):
        out += ((board >> (4 * p - 4)) & 15) * ONE[5]
    return out


def _within(board: int, point: int = 6, placed: int = 0, used: int = 0, limit: int = 0) -> Iterator[int]:
    """Every home board with, on each point and higher, at most as many men as home ``board`` has there.

    Fewest men on the 6-point first, then on the 5-point...: a board's successors (a man
    moved down or off) come before it.
    """
    if not point:
        yield placed
        return
    limit += (board >> (4 * point - 4)) & 15
    for k in range(limit - used + 1):
        yield from _within(board, point - 1, placed + k * ONE[point - 1], used + k, limit)


def _men(board: int) -> int:
    return sum((board >> s) & 15 for s in range(0, 24, 4))
