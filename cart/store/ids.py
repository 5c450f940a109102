"""The Position ID and Match ID of any moment of a recorded match, whatever holds the record.

The engine keeps the moments of a match (:meth:`cart.engine.Match.moments`,
replayed from the match's own start, a set-up board included); these
functions give them for the three things the store hands around, a live
:class:`Match`, a :class:`SavedGame` and an imported ``.mat``
(:class:`MatImport`): for a replay viewer, for "copy the IDs of this position"
to paste into GNU Backgammon, or to check a saved game move by move.

They used to replay the record themselves in a fresh ``Match(rules, names=...)``,
which dropped a set-up start and gave the IDs of another game; asking the
match itself is what keeps them right.
"""

from __future__ import annotations

from ..engine import Match, Moment
from .games import SavedGame
from .matfile import MatImport

__all__ = ["Moment", "ids_at", "moments"]

Source = Match | SavedGame | MatImport


def _match(source: Source) -> Match:
    """The match whose moments are asked for (an import is rebuilt: it holds only its record)."""
    if isinstance(source, SavedGame):
        return source.match
    if isinstance(source, MatImport):
        return source.replay()
    if isinstance(source, Match):
        return source
    raise TypeError(f"expected a Match, SavedGame or MatImport, got {type(source).__name__}")


def moments(source: Source) -> list[Moment]:
    """Every moment of the record, from the start to the last action (``len(record) + 1`` of them).

    >>> from cart.engine import Rules
    >>> m = Match(Rules(match_length=3))
    >>> _ = m.roll((6, 1)); _ = m.play("13/7 8/7")
    >>> [(x.index, x.position_id, x.match_id) for x in moments(m)][-1]
    (2, '4NvgATDgc/ABMA', 'cAlgAAAAAAAA')
    """
    return _match(source).moments()


def ids_at(source: Source, index: int) -> tuple[str, str]:
    """(Position ID, Match ID) after ``index`` actions; negative counts from the end like a list.

    Raises ``IndexError`` outside ``-len(record) - 1 .. len(record)``.
    """
    moment = _match(source).moment(index)
    return moment.position_id, moment.match_id
