"""A match between two games, where a long record can be resumed without replaying what came before.

The keeper of a record (the store, whose pieces say where the match stood at the end of
each) knows these points; :meth:`cart.engine.Match.replay` takes one as ``resume``.
"""

from __future__ import annotations

from dataclasses import dataclass


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
