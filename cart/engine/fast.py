"""The engine's fast face: raw packed keys for a search that cannot afford a value per play.

The computer player examines thousands of positions a move, so it works on the
packed integer keys of :mod:`cart.engine.board` and the raw results of the move
generator, and builds a checked :class:`~cart.engine.plays.Play` only for the
play it makes. This module is the declared contract for that path; nothing
outside the engine should reach into ``movegen`` or the key layout otherwise.

The key (see :mod:`cart.engine.board`): the side on roll in bits ``0..SIDE_BITS-1``
and the opponent above, each as 26 nibbles, nibble ``p`` the checkers on that
side's point ``p`` (25 the bar, 0 borne off), in that side's own numbering.

* ``successors(key, d1, d2) -> {result key: move code}``: every distinct result of
  the roll, the mover still in the low half (unchecked: the key must be legal and
  the game not over).
* ``flip_key(key)``: the same board with the other side on roll.
* ``play_of(key, code)``: the checked ``Play`` for one raw result.

>>> from cart.engine import Position
>>> start = Position.start().key
>>> len(successors(start, 3, 1)), play_of(*next(iter(successors(start, 6, 5).items()))).moves
(16, ((24, 18), (18, 13)))
>>> flip_key(flip_key(start)) == start and (start >> SIDE_BITS) == start & SIDE_MASK
True
"""

from __future__ import annotations

from .board import ONE as ONE, SIDE_BITS as SIDE_BITS, SIDE_MASK as SIDE_MASK
from .movegen import flip_key as flip_key, successors as successors
from .plays import play_of as play_of
