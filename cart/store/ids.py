"""The Position ID and Match ID of any moment of a recorded match.

The engine keeps only the present; these replay the record to show any point
of it: for a replay viewer, for "copy the IDs of this position" to paste into
GNU Backgammon, or to check a saved game move by move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Match
from .games import SavedGame
from .matfile import MatImport

__all__ = ["Moment", "ids_at", "moments"]

Source = Match | SavedGame | MatImport


@dataclass(frozen=True)
class Moment:
    """The match after ``index`` actions of its record (0: before the first).

    ``action`` is the record entry that led here (None at the start),
    ``game_number`` counts games from 1, ``score`` is the match score then.
    """

    index: int
    action: list[Any] | None
    game_number: int
    score: tuple[int, int]
    position_id: str
    match_id: str


def _replayed(source: Source) -> tuple[Match, list[list[Any]]]:
    if isinstance(source, SavedGame):
        source = source.match
    if isinstance(source, MatImport):
        return Match(source.rules, names=source.names), source.record
    if isinstance(source, Match):
        return Match(source.rules, names=source.names), source.record
    raise TypeError(f"expected a Match, SavedGame or MatImport, got {type(source).__name__}")


def _moment(match: Match, index: int, action: list[Any] | None) -> Moment:
    return Moment(index, action, match.game_number, match.score, match.position_id(), match.match_id())


def moments(source: Source) -> list[Moment]:
    """Every moment of the record, from the start to the last action (``len(record) + 1`` of them).

    >>> from cart.engine import Rules
    >>> m = Match(Rules(match_length=3))
    >>> _ = m.roll((6, 1)); _ = m.play("13/7 8/7")
    >>> [(x.index, x.position_id, x.match_id) for x in moments(m)][-1]
    (2, '4NvgATDgc/ABMA', 'cAlgAAAAAAAA')
    """
    match, record = _replayed(source)
    out = [_moment(match, 0, None)]
    for i, action in enumerate(record, 1):
        match.apply(action)
        out.append(_moment(match, i, list(action)))
    return out


def ids_at(source: Source, index: int) -> tuple[str, str]:
    """(Position ID, Match ID) after ``index`` actions; negative counts from the end like a list."""
    match, record = _replayed(source)
    n = len(record)
    if type(index) is not int or not -n - 1 <= index <= n:
        raise IndexError(f"a moment is 0..{n} (or -{n + 1}..-1), got {index!r}")
    for action in record[: index % (n + 1)]:
        match.apply(action)
    return match.position_id(), match.match_id()
