"""A match between two games, where a long record can be resumed without replaying what came before.

The keeper of a record (the store, whose pieces say where the match stood at the end of
each) knows these points; :meth:`cart.engine.Match.replay` takes one as ``resume``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, NewGame
from .errors import RecordError
from .game import GameState

if TYPE_CHECKING:
    from .match import Match

__all__ = ["Checkpoint"]


@dataclass(frozen=True)
class Checkpoint:
    """A match between two games: after ``at`` actions (the last a :class:`NewGame`), at ``score``,
    game ``game_number`` just begun, the Crawford game or not (see :meth:`Match.replay`).

    >>> import random
    >>> from cart.engine import Match, Rules
    >>> m = Match(Rules(), rng=random.Random(2))
    >>> _ = m.roll((3, 1)); _ = m.play("8/5 6/5"); _ = m.forfeit(1); _ = m.new_game(); _ = m.roll((6, 1))
    >>> again = Match.replay(m.rules, m.record, resume=Checkpoint(4, (2, 0), 2, False))
    >>> (again.score, again.game_number, again.match_id()) == (m.score, m.game_number, m.match_id())
    True
    """

    at: int
    score: tuple[int, int]
    game_number: int
    crawford: bool

    def install(self, match: Match, record: Sequence[Action]) -> int:
        """Set ``match`` (new) where the checkpoint says, its record up to it; raises ``RecordError``."""
        at, score, n = self.at, self.score, match.rules.match_length
        if not (
            0 < at <= len(record)
            and isinstance(record[at - 1], NewGame)
            and type(score) is tuple
            and len(score) == 2
            and all(type(s) is int and s >= 0 for s in score)
            and not (n and max(score) >= n)
            and type(self.game_number) is int
            and 2 <= self.game_number <= at
            and type(self.crawford) is bool
            and (not self.crawford or (match.rules.crawford and max(score) == n - 1 > min(score)))
        ):
            raise RecordError(f"no match stands between two games as {self} says")
        match.record = list(record[:at])
        match.score, match.game_number = score, self.game_number
        match.game = GameState.new(match.rules, crawford=self.crawford)
        # Past the Crawford game once a player is one point away: it came at once, or it is this game.
        match._crawford_seen = self.crawford or bool(n and max(score) == n - 1)
        return at
