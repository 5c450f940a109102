"""The net's input encoding, shared by the cart's evaluator and the trainer.

Slot inputs each belong to one board slot of one side, so a hidden layer is a sum of
precomputed per-slot parts (:mod:`cart.ai.net`); contact features (shots, escapes,
blockades) see what slot inputs leave the net to discover. Side 0 has just moved, side 1
is on roll, each in its own numbering (0 off, 25 bar).
"""

from __future__ import annotations

from collections.abc import Generator
from operator import getitem

from ..engine.fast import SIDE_BITS, SIDE_MASK

# Input (side * SLOTS + slot) * UNITS + unit; contact features follow as INPUTS + i.
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


# -- contact features ---------------------------------------------------------
#
# Raw slot inputs leave the net to learn, from millions of games, facts a player
# reads off the board at a glance: how many rolls hit my blot, how many let my
# back checker out, how strong the other side's blockade is. GNU Backgammon's
# nets get their strength from inputs like these; ours are counts of the 36
# rolls, each fed to the contact net as ``count / 36`` (race positions have no
# blots to hit and nothing to escape, so the race net goes without them).
#
# "Mover" is side 0 (has just moved), "roller" side 1 (rolls next).

CONTACT_FEATURES = (
    "hit_rolls",  # rolls on which the roller hits at least one of the mover's blots
    "back_escapes_mover",  # rolls the mover's rearmost checker can play in full past the roller's points
    "back_escapes_roller",  # the same for the roller's rearmost checker
    "min_escapes_mover",  # fewest such rolls for a mover's checker on its points 15..24 (roller's blockade)
    "min_escapes_roller",  # the same for the roller: the mover's blockade
    # GNU Backgammon's I_BACKRESCAPES and I_ACONTAIN, which the five above leave out:
    "past_escapes_mover",  # rolls taking the mover's rearmost checker past the nearest roller point ahead
    "past_escapes_roller",  # the same for the roller's rearmost checker
    "held_escapes_mover",  # fewest escapes for a mover's checker on 15..its rearmost (36 when below 15)
    "held_escapes_roller",  # the same for the roller: how well the mover holds the checkers it must
)
N_BASIC = 5  # the features of the shipped net's first generation; a net reads a prefix of the tuple
N_FEATURES = len(CONTACT_FEATURES)
ROLLS = 36


def contact_features_reference(c0, c1):  # type: ignore[no-untyped-def]
    """The nine counts for checker counts ``c0`` (mover) and ``c1`` (roller), slot by slot.

    Plain loops, the definition, which :func:`contact_features` is tested against, so what
    the net learnt on and what the cart feeds it stay the same.
    """
    blot = 0  # bit q: a mover's blot on the roller's point q
    block = 0  # bit q: a mover's point (2+) on the roller's point q, where the roller cannot land
    block_m = 0  # bit p: a roller's point on the mover's point p, where the mover cannot land
    for q in range(1, 25):
        n = c0[25 - q]
        if n == 1:
            blot |= 1 << q
        elif n >= 2:
            block |= 1 << q
        if c1[q] >= 2:
            block_m |= 1 << (25 - q)
    bar = c1[25]
    hits = 0
    for a in range(1, 7):
        for b in range(1, 7):
            hit = 0
            if a == b:
                steps = 4
                start = 0  # only the bar
                if bar > 0:
                    e = 25 - a
                    if (block >> e) & 1:
                        continue
                    if (blot >> e) & 1:
                        hit = 1
                    steps = 4 - min(bar, 4)
                    start = e
                for q in range(1, 25):
                    if hit or steps == 0:
                        break
                    if c1[q] == 0 and q != start:
                        continue
                    for k in range(1, steps + 1):
                        t = q - k * a
                        if t < 1:
                            break
                        if (blot >> t) & 1:
                            hit = 1
                            break
                        if (block >> t) & 1:
                            break
            elif bar >= 2:
                if (blot >> (25 - a)) & 1 or (blot >> (25 - b)) & 1:
                    hit = 1
            elif bar == 1:
                for o in range(2):
                    x = a if o == 0 else b
                    y = b if o == 0 else a
                    e = 25 - x
                    if (block >> e) & 1:
                        continue
                    if (blot >> e) & 1:
                        hit = 1
                    for q in range(1, 25):
                        if (c1[q] > 0 or q == e) and q - y >= 1 and (blot >> (q - y)) & 1:
                            hit = 1
            else:
                for q in range(1, 25):
                    if c1[q] == 0:
                        continue
                    for o in range(2):
                        x = a if o == 0 else b
                        y = b if o == 0 else a
                        t = q - x
                        if t < 1:
                            continue
                        if (blot >> t) & 1 or (not (block >> t) & 1 and t - y >= 1 and (blot >> (t - y)) & 1):
                            hit = 1
            hits += hit
    back_m = back_r = 0
    least_m = least_r = ROLLS
    past_m = past_r = held_m = held_r = ROLLS
    for side in range(2):
        c = c0 if side == 0 else c1
        blocks = block_m if side == 0 else block  # points below 1 are open: no bits there
        rear = 0
        for s in range(25, 0, -1):
            if c[s] > 0:
                rear = s
                break
        for r in range(0, 25):
            if r == 0:
                at = rear  # the rearmost checker, then every point 15..24
            elif r >= 15:
                at = r
            else:
                continue
            n = 0
            for a in range(1, 7):
                for b in range(1, 7):
                    ok_a = at - a < 1 or not (blocks >> (at - a)) & 1
                    ok_b = at - b < 1 or not (blocks >> (at - b)) & 1
                    ok = at - a - b < 1 or not (blocks >> (at - a - b)) & 1
                    if ok and (ok_a or ok_b):
                        n += 1
            if r == 0:
                if side == 0:
                    back_m = n
                else:
                    back_r = n
            elif side == 0:
                least_m = min(least_m, n)
            else:
                least_r = min(least_r, n)
        # past escapes: rolls that carry the rearmost checker over the nearest point ahead of it
        # (within 12) onto an open point, both dice played; 36 when nothing is ahead
        near = 0
        for d in range(1, 13):
            if rear - d >= 1 and (blocks >> (rear - d)) & 1:
                near = d
                break
        past = ROLLS
        if near:
            past = 0
            for a in range(1, 7):
                for b in range(1, 7):
                    ok_a = rear - a < 1 or not (blocks >> (rear - a)) & 1
                    ok_b = rear - b < 1 or not (blocks >> (rear - b)) & 1
                    ok = rear - a - b < 1 or not (blocks >> (rear - a - b)) & 1
                    if a + b > near and ok and (ok_a or ok_b):
                        past += 1
        # held escapes: the fewest escapes from a point of 15..rear, the checkers still to come out
        held = ROLLS
        for at in range(15, rear + 1):
            n = 0
            for a in range(1, 7):
                for b in range(1, 7):
                    ok_a = at - a < 1 or not (blocks >> (at - a)) & 1
                    ok_b = at - b < 1 or not (blocks >> (at - b)) & 1
                    ok = at - a - b < 1 or not (blocks >> (at - a - b)) & 1
                    if ok and (ok_a or ok_b):
                        n += 1
            held = min(held, n)
        if side == 0:
            past_m = past
            held_m = held
        else:
            past_r = past
            held_r = held
    return (hits, back_m, back_r, least_m, least_r, past_m, past_r, held_m, held_r)


def _think_rolls(blocked_ahead: bool) -> Generator[None, None, list[int]]:
    """``table[w]``: rolls a checker can play in full, built a roll a slice; bit j of ``w`` set: the
    point 12 - j ahead is made. With ``blocked_ahead`` only rolls that pass the nearest made point.

    A roll a-b plays in full when the point a + b ahead (bit 12 - a - b) is open and so is a or
    b (bits 12 - a, 12 - b not both set); it passes the nearest made point, the highest bit of
    ``w``, when that bit is 13 - a - b or higher (the point is nearer than a + b).
    """
    counts = [0] * (1 << 12)
    for a in range(1, 7):
        for b in range(1, 7):
            land = 1 << (12 - a - b)
            via = (1 << (12 - a)) | (1 << (12 - b))
            beyond = 1 << (13 - a - b)  # w from this up: its nearest made point is nearer than a + b
            if blocked_ahead:
                counts = [n + (w >= beyond and not w & land and w & via != via) for w, n in enumerate(counts)]
            else:
                counts = [n + (not w & land and w & via != via) for w, n in enumerate(counts)]
            yield
    if blocked_ahead:
        counts[0] = ROLLS  # nothing made ahead: every roll passes
    return counts


def _think_min5(escapes: list[int]) -> Generator[None, None, list[int]]:
    """The blockade's table (see :data:`_MIN5`), 4,096 entries a slice."""
    e = escapes
    least: list[int] = []
    for lo in range(0, 1 << 16, 1 << 12):
        least += [
            min(e[m & 4095], e[(m >> 1) & 4095], e[(m >> 2) & 4095], e[(m >> 3) & 4095], e[m >> 4])
            for m in range(lo, lo + (1 << 12))
        ]
        yield
    return least


def _think_masks() -> Generator[None, None, list[tuple[int, ...]]]:
    """Per key byte: the bits it adds to the four board masks :func:`contact_features` reads.

    Bits 0-25: the mover's points (2+ checkers) and bits 32-57 its blots, both in the
    roller's numbering; bits 64-89 the roller's occupied points; bits 96-121 the
    roller's points in the mover's numbering. Every slot owns its own bit, so the
    sum over the key's bytes is the union of the masks.
    """
    tables = []
    for i in range(26):
        row = []
        for v in range(256):
            m = 0
            for j, n in ((2 * i, v & 15), (2 * i + 1, v >> 4)):
                side, slot = divmod(j, SLOTS)
                if not 1 <= slot <= 24 or n == 0:
                    continue
                if side == 0:
                    m |= 1 << (25 - slot + (0 if n >= 2 else 32))
                else:
                    m |= 1 << (64 + slot)
                    if n >= 2:
                        m |= 1 << (96 + 25 - slot)
            row.append(m)
        tables.append(tuple(row))
        yield
    return tables


# The tables below are built on first use, or beforehand in slices by :func:`think_tables`
# (the UI's first thought), so importing the AI costs no frame. ``_MASKS`` is set last: while
# it is empty the others may be too.
_ESCAPES: list[int] = []
_PAST: list[int] = []
# The blockade: the fewest escapes over points 15..24 is the fewer of two minima over five
# windows each, which read the points 3..18 and 8..23: bit i of ``m`` is the point 3 + i (or
# 8 + i), and the window of the point 15 + s (or 20 + s) is ``(m >> s) & 4095``.
_MIN5: list[int] = []
_MASKS: list[tuple[int, ...]] = []


def think_tables() -> Generator[None, None, None]:
    """Build the tables :func:`contact_features` reads, in slices of a few milliseconds each.

    A run left half-way (a thought given up) is picked up again, each table whole or not at all.
    """
    global _ESCAPES, _PAST, _MIN5, _MASKS
    if not _ESCAPES:
        _ESCAPES = yield from _think_rolls(blocked_ahead=False)
    if not _PAST:
        _PAST = yield from _think_rolls(blocked_ahead=True)
    if not _MIN5:
        _MIN5 = yield from _think_min5(_ESCAPES)
    if not _MASKS:
        _MASKS = yield from _think_masks()


def build_tables() -> None:
    """:func:`think_tables` at once (a first use that found them missing)."""
    for _ in think_tables():
        pass


_M26 = (1 << 26) - 1
_NON_DOUBLES = tuple((a, b) for a in range(1, 7) for b in range(a + 1, 7))
# for each set of dice that hit at once (bit d): the rolls with such a die, and the rolls left to try
_DIRECT_ROLLS = tuple(
    sum(1 for a in range(1, 7) for b in range(1, 7) if (m >> a) & 1 or (m >> b) & 1) for m in range(128)
)
_PAIRS_LEFT = tuple(
    tuple((a, b) for a, b in _NON_DOUBLES if not (m >> a) & 1 and not (m >> b) & 1) for m in range(128)
)
_DOUBLES_LEFT = tuple(tuple(d for d in range(1, 7) if not (m >> d) & 1) for m in range(128))
_ROLLER_BAR_SHIFT = SIDE_BITS + 4 * 25  # the roller's bar nibble in a position key


FEATURES_KEPT = 16_384  # boards whose counts contact_features keeps; past this it starts afresh (2-3 MB)
_COUNTED: dict[int, tuple[int, ...]] = {}


def contact_features(key: int, key_bytes: bytes, more: bool = False) -> tuple[int, ...]:
    """:func:`contact_features_reference` from a position key, with bit masks: the fast way.

    The first :data:`N_BASIC` counts, or with ``more`` all of them. They read only which points
    hold a blot or a point, the roller's bar and both rearmost men: a look ahead meets the same of
    those again and again (a man moved on a stack, rolls of one sum), so they are kept by them.
    """
    if not _MASKS:
        build_tables()
    s = sum(map(getitem, _MASKS, key_bytes))  # bits 0-121: the four masks; every count reads them
    bar = (key >> _ROLLER_BAR_SHIFT) & 15
    rear_m = ((key & SIDE_MASK).bit_length() - 1) >> 2
    rear_r = ((key >> SIDE_BITS).bit_length() - 1) >> 2
    board = s | bar << 122 | rear_m << 126 | rear_r << 131 | more << 136
    counts = _COUNTED.get(board)
    if counts is None:
        if len(_COUNTED) >= FEATURES_KEPT:
            _COUNTED.clear()
        counts = _COUNTED[board] = _count(s, bar, rear_m, rear_r, more)
    return counts


def _count(s: int, bar: int, rear_m: int, rear_r: int, more: bool) -> tuple[int, ...]:
    """The counts of :func:`contact_features` from the masks ``s``, the roller's bar and the rearmost men."""
    block = s & _M26
    blot = (s >> 32) & _M26
    src = (s >> 64) & _M26
    block_m = s >> 96
    free = ~block
    hits = 0
    if blot and (bar or blot & ((1 << src.bit_length() >> 1) - 1)):
        if bar == 0:
            reach = [src >> d for d in range(7)]  # reach[d]: where a d takes the roller's checkers
            direct = 0  # bit d: a d hits
            for d in range(1, 7):
                if reach[d] & blot:
                    direct |= 1 << d
            hits = _DIRECT_ROLLS[direct]
            via = [r & free for r in reach]  # landing spots a second die may move on from
            for a, b in _PAIRS_LEFT[direct]:
                if ((via[a] >> b) | (via[b] >> a)) & blot:
                    hits += 2
            for d in _DOUBLES_LEFT[direct]:
                r = via[d]
                for _ in range(3):
                    r >>= d
                    if r & blot:
                        hits += 1
                        break
                    r &= free
                    if not r:
                        break
        else:
            # the roller enters first: bit d of `entry` if a d enters (point 25 - d not made),
            # of `onto` if it enters onto a blot; `board` if a d hits from the board
            entry = onto = board = 0
            for d in range(1, 7):
                e = 25 - d
                if not (block >> e) & 1:
                    entry |= 1 << d
                    if (blot >> e) & 1:
                        onto |= 1 << d
                if (src >> d) & blot:
                    board |= 1 << d
            for d in range(1, 7):
                if not (entry >> d) & 1:
                    continue
                if (onto >> d) & 1:
                    hits += 1
                    continue
                r = src | (1 << (25 - d))
                for _ in range(4 - min(bar, 4)):
                    r >>= d
                    if r & blot:
                        hits += 1
                        break
                    r &= free
            if bar >= 2:
                for a, b in _NON_DOUBLES:
                    if ((onto >> a) | (onto >> b)) & 1:
                        hits += 2
            else:
                for a, b in _NON_DOUBLES:
                    on = (blot >> (25 - a - b)) & 1  # entering with one die, on with the other
                    if ((entry >> a) & 1 and ((onto >> a) & 1 or (board >> b) & 1 or on)) or (
                        (entry >> b) & 1 and ((onto >> b) & 1 or (board >> a) & 1 or on)
                    ):
                        hits += 2
    least = _MIN5
    win_m = block_m << 12
    win_r = block << 12
    back_m = _ESCAPES[(win_m >> rear_m) & 4095]
    back_r = _ESCAPES[(win_r >> rear_r) & 4095]
    least_m = min(least[(block_m >> 3) & 0xFFFF], least[(block_m >> 8) & 0xFFFF])
    least_r = min(least[(block >> 3) & 0xFFFF], least[(block >> 8) & 0xFFFF])
    basic = (hits, back_m, back_r, least_m, least_r)
    if not more:
        return basic
    held_m, held_r = _held(win_m, rear_m, least_m, back_m), _held(win_r, rear_r, least_r, back_r)
    return (*basic, _PAST[(win_m >> rear_m) & 4095], _PAST[(win_r >> rear_r) & 4095], held_m, held_r)


def _held(win: int, rear: int, least: int, back: int) -> int:
    """The fewest escapes from 15..rear, from the fewest over 15..24 and those from the rear when it can."""
    if rear >= 24:
        return least if rear == 24 else min(least, back)
    if rear < 15:
        return ROLLS
    return min([_ESCAPES[(win >> at) & 4095] for at in range(15, rear + 1)])
