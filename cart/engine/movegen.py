"""The fast, unchecked move generator: raw keys in, distinct result keys out (the AI's hot path).

Blocked points, blots and our points are bitmasks fixed for the roll, so a die's
sources are ``occupied & ~(blocked << die)``; plays grow a die per level with each
level's positions de-duplicated, and the last level builds only ``result key ->
move code``. A move code packs the moves as played, 8 bits each (source << 3 | die):
:func:`decode` unpacks one.
"""

from __future__ import annotations

from typing import Any

from .board import ONE, SIDE_BITS, SIDE_MASK

_BIT = tuple(1 << p for p in range(27))
_ALL = sum(_BIT[1:26])  # points 1..24 and the bar
_BARB = _BIT[25]
_HOMEB = _BIT[7]  # occupied mask below this: all checkers home
_LIM = tuple(_BIT[p + 1] - 1 for p in range(26))  # bits 0..p
_SH = tuple(4 * p for p in range(26))
# Adding _HIT[t] to a key sends the opponent's blot on our point t to its bar.
_HIT = (0, *((ONE[25] - ONE[25 - t]) << SIDE_BITS for t in range(1, 25)))
# Per die d, indexed by source point s: key delta, hit delta, target bit, move code.
_DEL = tuple(tuple(ONE[s] - ONE[max(s - d, 0)] for s in range(26)) for d in range(7))
_HITK = tuple(tuple(_HIT[s - d] if 0 < s - d < 25 else 0 for s in range(26)) for d in range(7))
_TBIT = tuple(tuple(_BIT[s - d] if s - d > 0 else 0 for s in range(26)) for d in range(7))
_CODE = tuple(tuple((s << 3) | d for s in range(26)) for d in range(7))


def _point_table(base: int) -> tuple[tuple[int, ...], ...]:
    """``table[mask]``: ``base`` plus each set bit of a 13-bit ``mask``, highest first.

    Built by doubling (a mask with top bit p is p before the mask below it): a few ms at
    import, a tenth of a loop over the bits of each of the 8,192 masks.
    """
    table: list[tuple[int, ...]] = [()]
    for p in range(13):
        table += [(p + base, *rest) for rest in table]
    return tuple(table)


_PLO = _point_table(0)
_PHI = _point_table(13)

_CACHE_LIMIT = 1 << 15
_opp_cache: dict[int, tuple[int, int]] = {}
_occ_cache: dict[int, int] = {}

# Nibble-to-bit compression without a 25-step loop: a flag in bit 4p of x ends
# up in bit p after halving the spacing five times (4 -> 2 -> 1 bit per field).
_NIB_POINTS = sum(ONE[1:26])  # flag bit of each point/bar nibble
_NIB_24 = sum(ONE[1:25])  # points only


def _every(pattern: int, period: int) -> int:
    return sum(pattern << i for i in range(0, 128, period))


_SQUEEZE = (
    (3, _every(0b11, 8)),
    (6, _every(0xF, 16)),
    (12, _every(0xFF, 32)),
    (24, _every(0xFFFF, 64)),
    (48, 0xFFFFFFFF),
)


def _reversed_bits(width: int) -> tuple[int, ...]:
    """``table[i]``: ``i``'s ``width`` bits in reverse order.

    Built by doubling (setting bit k of ``i`` sets bit ``width - 1 - k`` of its reverse): under
    Pyodide a twentieth of formatting and parsing each number, which the page's start waits for.
    """
    table = [0]
    for k in range(width):
        bit = 1 << (width - 1 - k)
        table += [r | bit for r in table]
    return tuple(table)


_REV12 = _reversed_bits(12)


def _squeeze(x: int) -> int:
    for shift, mask in _SQUEEZE:
        x = (x | (x >> shift)) & mask
    return x


def _to_our_points(opp_bits: int) -> int:
    """Opponent point q (bit q, 1..24) is our point 25 - q: reverse 24 bits."""
    x = opp_bits >> 1
    return ((_REV12[x & 4095] << 12) | _REV12[x >> 12]) << 1


def _opp_masks(opp: int) -> tuple[int, int]:
    """(blocked, blots) of the opponent's side, as bits of OUR point numbers."""
    r = _opp_cache.get(opp)
    if r is None:
        two = ((opp >> 1) | (opp >> 2) | (opp >> 3)) & _NIB_24  # 2+ checkers
        any_ = opp | (opp >> 1)
        any_ = (any_ | (any_ >> 2)) & _NIB_24
        r = (_to_our_points(_squeeze(two)), _to_our_points(_squeeze(any_ ^ two)))
        if len(_opp_cache) >= _CACHE_LIMIT:
            _opp_cache.clear()
        _opp_cache[opp] = r
    return r


def _occupied(mine: int) -> int:
    """Bits of the points (and bar) where the side on roll has checkers."""
    occ = _occ_cache.get(mine)
    if occ is None:
        z = mine | (mine >> 1)
        occ = _squeeze((z | (z >> 2)) & _NIB_POINTS)
        if len(_occ_cache) >= _CACHE_LIMIT:
            _occ_cache.clear()
        _occ_cache[mine] = occ
    return occ


# A level maps key -> (occupied, blots still standing, bound on next source, code).
_State = tuple[int, int, int, int]


def _expand(
    states: dict[int, _State], d: int, blk: int, doubles: bool, last: bool
) -> dict[int, Any]:  # a level's states, or {key: code} on the last
    """Play die ``d`` once more from every state of a level; on the ``last`` level only ``{key: code}``.

    The source rules are inlined: this runs per state.
    """
    out: dict[int, Any] = {}
    mov = ~(blk << d) & _ALL
    low = _LIM[d]
    dl, hk, cd, tbit = _DEL[d], _HITK[d], _CODE[d], _TBIT[d]
    for k, (occ, blot, lim, code) in states.items():
        if occ & _BARB:
            c = _BARB & mov
        else:
            c = occ & mov & _LIM[lim] if doubles else occ & mov
            if c & low:
                if occ >= _HOMEB:
                    c &= ~low
                else:
                    hi = occ.bit_length() - 1
                    c = (c & ~low) | (c & _BIT[d if hi >= d else hi])
        code <<= 8
        if last:
            for s in _PHI[c >> 13] + _PLO[c & 0x1FFF]:
                if blot & tbit[s]:
                    out[k - dl[s] + hk[s]] = code | cd[s]
                else:
                    out[k - dl[s]] = code | cd[s]
            continue
        for s in _PHI[c >> 13] + _PLO[c & 0x1FFF]:
            tb = tbit[s]
            k1 = k - dl[s]
            blot1 = blot
            if blot & tb:
                k1 += hk[s]
                blot1 ^= tb
            occ1 = occ | tb
            if not (k1 >> _SH[s]) & 15:
                occ1 ^= _BIT[s]
            prev = out.get(k1)
            if prev is None or prev[2] < s:
                out[k1] = (occ1, blot1, s, code | cd[s])
    return out


def _codes(level: dict[int, _State]) -> dict[int, int]:
    return {k: v[3] for k, v in level.items()}


def successors(key: int, d1: int, d2: int) -> dict[int, int]:
    """Every distinct legal result of rolling (d1, d2): ``{result key: move code}``, empty if unplayable.

    Keys are not flipped (mover in the low half, as gnubg's ``moves``); nothing is checked.
    """
    blk, blot = _opp_masks(key >> SIDE_BITS)
    start: dict[int, _State] = {key: (_occupied(key & SIDE_MASK), blot, 25, 0)}
    if d1 == d2:
        level = start
        for depth in range(3):
            nxt = _expand(level, d1, blk, True, False)
            if not nxt:
                return _codes(level) if depth else {}
            level = nxt
        return _expand(level, d1, blk, True, True) or _codes(level)
    first_a = _expand(start, d1, blk, False, False)
    first_b = _expand(start, d2, blk, False, False)
    both = _expand(first_a, d2, blk, False, True) if first_a else {}
    if first_b:
        both.update(_expand(first_b, d1, blk, False, True))
    if both:
        return both
    # Only one die can be played: the larger one if it can be.
    if d1 > d2:
        return _codes(first_a or first_b)
    return _codes(first_b or first_a)


_MOVE = tuple(((c >> 3) & 31, max(((c >> 3) & 31) - (c & 7), 0)) for c in range(256))


def decode(code: int) -> tuple[tuple[int, int], ...]:
    """Moves ``((from, to), ...)`` in the order played; 25 = bar, 0 = off."""
    moves = []
    while code:
        moves.append(_MOVE[code & 255])
        code >>= 8
    moves.reverse()
    return tuple(moves)


def flip_key(key: int) -> int:
    """The same board with the other side on roll."""
    return (key >> SIDE_BITS) | ((key & SIDE_MASK) << SIDE_BITS)
