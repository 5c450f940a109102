"""Legal plays as values: the checked face of the move generator."""

from __future__ import annotations

from typing import NamedTuple

from .board import BAR, OFF, Position
from .errors import EngineError, IllegalPlayError
from .movegen import decode, flip_key, successors

__all__ = ["Dice", "Play", "check_dice", "hit_points", "legal_plays", "play_of"]

Dice = tuple[int, int]


class Play(NamedTuple):
    """One legal play: the moves in the order played and the position after it.

    ``moves`` use the mover's numbering (25 = bar, 0 = off); ``result`` has the
    opponent on roll.

    >>> pos = Position.start()
    >>> play = [p for p in legal_plays(pos, (3, 1)) if p.moves == ((8, 5), (6, 5))][0]
    >>> play.result.position_id()
    'sGfwATDgc/ABMA'
    """

    moves: tuple[tuple[int, int], ...]
    result: Position


def check_dice(dice: object, error: type[EngineError] = IllegalPlayError) -> Dice:
    """Validate a roll given by a caller: two ints 1..6 (else ``error``, quoting it)."""
    if (
        not isinstance(dice, (tuple, list))
        or len(dice) != 2
        or any(type(d) is not int or not 1 <= d <= 6 for d in dice)
    ):
        raise error(f"dice must be two numbers from 1 to 6, got {dice!r}")
    return dice[0], dice[1]


def legal_plays(position: Position, dice: Dice) -> list[Play]:
    """All legal plays for ``dice``, one per distinct resulting position.

    Empty when the roll cannot be played at all. The order is deterministic.

    >>> len(legal_plays(Position.start(), (3, 1)))
    16
    >>> len(legal_plays(Position.from_position_id('OQcJkxGUOYEqEw'), (2, 2)))
    637
    """
    d1, d2 = check_dice(dice)
    if position.is_over():
        return []
    # Moves as people write them: highest source first. The generator may have
    # played a lower checker first (the other die first); sorting by (from, to)
    # descending is always a legal order, since a step never starts where a lower
    # step ends unless it continues that same checker, which sorting keeps after.
    return [play_of(key, code) for key, code in successors(position.key, d1, d2).items()]


def play_of(key: int, code: int) -> Play:
    """The :class:`Play` for one raw generator result (unflipped key, move code).

    The fast path (the AI) picks among raw results and builds only the one it plays.
    """
    return Play(tuple(sorted(decode(code), reverse=True)), Position(flip_key(key)))


def hit_points(position: Position, moves: tuple[tuple[int, int], ...]) -> tuple[bool, ...]:
    """For each move in order, whether it hits a blot (replayed on the board)."""
    theirs = list(position.theirs)
    hits = []
    for _, t in moves:
        hit = OFF < t < BAR and theirs[25 - t] == 1
        if hit:
            theirs[25 - t] = 0
        hits.append(hit)
    return tuple(hits)
