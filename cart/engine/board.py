"""The board as one packed integer, always seen from the side on roll.

Each side is 26 nibbles (``p`` = checkers on its own point ``p``, 25 its bar, 0
borne off), the side on roll in bits 0..103 and the opponent above, like gnubg's
pair of arrays. One integer hashes and compares in one step, so plays de-duplicate
by value; a move is a subtraction, a flip a swap of halves. ``tools/bench.py``
chose this layout; the redundant borne-off nibble lets bearing off use the same
arithmetic as any move.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence

from .errors import PositionError

CHECKERS = 15
BAR = 25
OFF = 0
SIDE_BITS = 104
SIDE_MASK = (1 << SIDE_BITS) - 1
ONE = tuple(1 << (4 * p) for p in range(26))
_BASE64_14 = re.compile(r"[A-Za-z0-9+/]{14}")


def _pack(counts: Sequence[int]) -> int:
    """Pack 26 counts (off, points 1..24, bar) into one side's nibbles."""
    k = 0
    for p in range(25, -1, -1):
        k = (k << 4) | counts[p]
    return k


def _unpack(side: int) -> tuple[int, ...]:
    return tuple((side >> (4 * p)) & 15 for p in range(26))


def _check_side(counts: Sequence[int], who: str) -> None:
    if len(counts) != 26:
        raise PositionError(f"{who}: expected 26 counts (off, 1..24, bar), got {len(counts)}")
    if any(type(c) is not int or c < 0 for c in counts):
        raise PositionError(f"{who}: counts must be non-negative integers: {tuple(counts)!r}")
    if sum(counts) != CHECKERS:
        raise PositionError(f"{who}: {sum(counts)} checkers, expected {CHECKERS}: {tuple(counts)!r}")


class Position:
    """An immutable backgammon position from the point of view of the side on roll.

    >>> pos = Position.start()
    >>> pos.position_id()
    '4HPwATDgc/ABMA'
    >>> pos.mine[6], pos.mine[8], pos.mine[13], pos.mine[24]
    (5, 3, 5, 2)
    >>> pos.pips()
    (167, 167)
    >>> pos.flip() == pos
    True
    >>> Position.from_position_id('4HPwATDgc/ABMA') == pos
    True
    """

    __slots__ = ("key",)

    key: int

    def __new__(cls, key: int) -> Position:
        """Wrap a packed key. Trusted: use the ``from_*`` constructors for outside data."""
        self = object.__new__(cls)
        _set_key(self, key)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable")

    # -- constructors -------------------------------------------------------
    @classmethod
    def start(cls) -> Position:
        """The opening position."""
        return _START

    @classmethod
    def from_counts(cls, mine: Sequence[int], theirs: Sequence[int]) -> Position:
        """From two 26-slot lists (0 off, 1..24 points, 25 bar), each its own numbering (or gnubg's 25)."""
        sides = []
        for who, counts in (("mine", mine), ("theirs", theirs)):
            counts = list(counts)
            if len(counts) == 25:
                on_board = sum(counts) if all(type(c) is int for c in counts) else 0
                counts = [CHECKERS - on_board, *counts]
            _check_side(counts, who)
            sides.append(counts)
        a, b = sides
        for p in range(1, 25):
            if a[p] and b[25 - p]:
                raise PositionError(
                    f"point {p} holds checkers of both sides: mine={tuple(a)!r} theirs={tuple(b)!r}"
                )
        if a[BAR] and b[BAR] and all(a[p] >= 2 and b[p] >= 2 for p in range(1, 7)):
            raise PositionError(  # gnubg's CheckPosition: neither side could ever move again
                f"both sides on the bar against closed boards: mine={tuple(a)!r} theirs={tuple(b)!r}"
            )
        return cls(_pack(a) | (_pack(b) << SIDE_BITS))

    @classmethod
    def from_position_id(cls, position_id: str) -> Position:
        """Decode a GNU Backgammon Position ID (the side on roll is the second half)."""
        text = position_id.strip() if isinstance(position_id, str) else position_id
        if not isinstance(text, str) or len(text) != 14:
            raise PositionError(f"Position ID must be 14 characters: {position_id!r}")
        if not _BASE64_14.fullmatch(text):  # b64decode would take '=' padding: a second spelling
            raise PositionError(f"Position ID is 14 base64 characters without '=' padding: {position_id!r}")
        try:
            raw = base64.b64decode(text + "==", validate=True)
        except ValueError as exc:
            raise PositionError(f"Position ID is not base64: {position_id!r}") from exc
        bits = int.from_bytes(raw, "little")
        sides: list[list[int]] = [[], []]
        i = 0
        for side in sides:
            while len(side) < 25:
                n = 0
                while bits >> i & 1:
                    n += 1
                    i += 1
                    if i >= 80:
                        raise PositionError(f"Position ID has too many checkers: {position_id!r}")
                i += 1
                side.append(n)
        not_on_roll, on_roll = sides
        try:
            return cls.from_counts(on_roll, not_on_roll)
        except PositionError as exc:
            raise PositionError(f"invalid Position ID {position_id!r}: {exc}") from None

    # -- views --------------------------------------------------------------
    @property
    def mine(self) -> tuple[int, ...]:
        """Counts of the side on roll: index 0 off, 1..24 points, 25 bar."""
        return _unpack(self.key & SIDE_MASK)

    @property
    def theirs(self) -> tuple[int, ...]:
        """Counts of the opponent in the opponent's own numbering."""
        return _unpack(self.key >> SIDE_BITS)

    def flip(self) -> Position:
        """The same board with the other side on roll."""
        k = self.key
        return Position((k >> SIDE_BITS) | ((k & SIDE_MASK) << SIDE_BITS))

    def pips(self) -> tuple[int, int]:
        """Pip counts (side on roll, opponent)."""
        return _pips(self.key & SIDE_MASK), _pips(self.key >> SIDE_BITS)

    def borne_off(self) -> tuple[int, int]:
        return self.key & 15, (self.key >> SIDE_BITS) & 15

    def is_over(self) -> bool:
        """True when one side has borne off all fifteen."""
        return (self.key & 15) == CHECKERS or ((self.key >> SIDE_BITS) & 15) == CHECKERS

    def is_race(self) -> bool:
        """True when contact is broken: no checker can ever hit or block another again."""
        mine, theirs = self.mine, self.theirs
        my_back = max((p for p in range(1, 26) if mine[p]), default=0)
        their_back = max((p for p in range(1, 26) if theirs[p]), default=0)
        return my_back + their_back <= 25

    def position_id(self) -> str:
        """GNU Backgammon Position ID: the side NOT on roll is encoded first."""
        bits = 0
        n = 0
        for side in (self.key >> SIDE_BITS, self.key & SIDE_MASK):
            for p in range(1, 26):
                c = (side >> (4 * p)) & 15
                bits |= ((1 << c) - 1) << n
                n += c + 1
        return base64.b64encode(bits.to_bytes(10, "little")).decode("ascii")[:14]

    def gnubg_board(self) -> list[list[int]]:
        """gnubg's ``[[not on roll], [on roll]]`` 2x25 layout (for the reference tools)."""
        return [list(self.theirs[1:26]), list(self.mine[1:26])]

    # -- value semantics ----------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Position.from_position_id({self.position_id()!r})"

    def __reduce__(self) -> tuple[type[Position], tuple[int]]:
        return (Position, (self.key,))


_set_key = Position.key.__set__  # type: ignore[attr-defined,misc]  # the slot, past __setattr__


def _pips(side: int) -> int:
    return sum(p * ((side >> (4 * p)) & 15) for p in range(1, 26))


_START_SIDE = [0] * 26
_START_SIDE[6], _START_SIDE[8], _START_SIDE[13], _START_SIDE[24] = 5, 3, 5, 2
_START = Position.from_counts(_START_SIDE, _START_SIDE)
