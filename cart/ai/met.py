"""Match equity: the chance of winning a match from a score, for cube decisions in matches.

Up to 25-away: Kazaross-XG2 (:mod:`cart.ai.kazaross_xg2`), gnubg's default, with
the post-Crawford free drop (the trailer at 2-away has 48.8%). Beyond, a dynamic
programme over the score with even games, each worth 1, 2 or 4 points by
``PRE_CRAWFORD``'s rough chances (the Crawford game 1, 2 or 3; after it two or four).

>>> equity(1, 2, crawford=True), equity(2, 1), equity(5, 11)
(0.67736, 0.48803, 0.802732)
>>> equity(3, 3) == 0.5 and equity(0, 5) == 1.0 and equity(5, 0) == 0.0
True
>>> equity(25, 30) > equity(26, 30) > 0.5, equity(26, 26)  # the model beyond the table
(True, 0.5)
"""

from __future__ import annotations

from functools import cache

from .kazaross_xg2 import POST, PRE

TABLE = len(PRE)
"""How far the published table reaches (25-away)."""

GAMMON = 0.26  # share of games won that are gammons (backgammons included)
BACKGAMMON = 0.012  # share of games won that are backgammons
SINGLE = 1.0 - GAMMON
PRE_CRAWFORD = ((0.50, 1), (0.35, 2), (0.15, 4))  # (chance, points) of a game with a cube


@cache
def _post_crawford(away: int) -> float:
    """Leader 1-away, trailer ``away``-away after the Crawford game: the leader's chance."""
    if away <= 0:
        return 0.0
    if away <= TABLE:
        return 1.0 - POST[away - 1]
    g, bg = GAMMON - BACKGAMMON, BACKGAMMON
    # the trailer doubles at once; the leader takes (a drop loses 1 point, which the
    # trailer at 2-away or more would happily accept only if it mattered less)
    lose = SINGLE * _post_crawford(away - 2) + g * _post_crawford(away - 4) + bg * _post_crawford(away - 6)
    return 0.5 + 0.5 * lose


@cache
def equity(mine: int, theirs: int, *, crawford: bool = False) -> float:
    """The chance that the player ``mine`` points away wins against ``theirs`` points away.

    ``crawford``: the next game is the Crawford game; otherwise 1-away against more is post-Crawford.
    """
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    if mine == 1 and theirs == 1:
        return 0.5
    if mine == 1 or theirs == 1:
        if crawford:
            if mine <= TABLE and theirs <= TABLE:
                return PRE[mine - 1][theirs - 1]
            return _game(mine, theirs, crawford_next=False)
        if mine == 1:
            return _post_crawford(theirs)
        return POST[mine - 1] if mine <= TABLE else 1.0 - _post_crawford(mine)
    if mine <= TABLE and theirs <= TABLE:
        return PRE[mine - 1][theirs - 1]
    return _game(mine, theirs, crawford_next=True)


def _game(mine: int, theirs: int, *, crawford_next: bool) -> float:
    """One even game from this score (with a cube unless it is the Crawford game), then the rest."""
    values = PRE_CRAWFORD if crawford_next else ((SINGLE, 1), (GAMMON - BACKGAMMON, 2), (BACKGAMMON, 3))

    def after(m: int, t: int) -> float:
        # the first time someone reaches 1-away, the next game is the Crawford game
        first = crawford_next and (m == 1) != (t == 1)
        return equity(m, t, crawford=first)

    win = sum(p * after(mine - k, theirs) for p, k in values)
    lose = sum(p * after(mine, theirs - k) for p, k in values)
    return 0.5 * win + 0.5 * lose


def after_game(score_away: tuple[int, int], points: int, won: bool, *, crawford: bool) -> float:
    """Match equity for ``score_away`` (mine, theirs) after a game of ``points`` (``crawford``: that one)."""
    mine, theirs = score_away
    if won:
        mine -= points
    else:
        theirs -= points
    first = not crawford and (mine == 1) != (theirs == 1) and score_away[0] > 1 and score_away[1] > 1
    return equity(mine, theirs, crawford=first)
