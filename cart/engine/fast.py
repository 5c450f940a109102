"""The engine's fast face: raw packed keys for a search that cannot afford a value per play.

The computer player works on :mod:`cart.engine.board`'s keys and the move
generator's raw results, and builds a checked ``Play`` only for the play it makes;
this is the declared contract for that path. ``successors(key, d1, d2)`` maps each
distinct result (mover still in the low half; unchecked) to its move code,
``play_of(key, code)`` checks one, ``flip_key`` hands the roll over.

>>> from cart.engine import Position
>>> start = Position.start().key
>>> len(successors(start, 3, 1)), play_of(*next(iter(successors(start, 6, 5).items()))).moves
(16, ((24, 18), (18, 13)))
>>> flip_key(flip_key(start)) == start and (start >> SIDE_BITS) == start & SIDE_MASK
True
"""

from __future__ import annotations

from .board import SIDE_BITS as SIDE_BITS, SIDE_MASK as SIDE_MASK
from .movegen import flip_key as flip_key, successors as successors
from .plays import play_of as play_of
