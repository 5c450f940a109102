"""Match equity: the chance of winning a match from a score, for cube decisions in matches.

The table is computed, not copied: a dynamic programme over the score in which
every game is even. Before the Crawford game a game is worth 1, 2 or 4 points
with the chances in ``PRE_CRAWFORD`` (a rough model of where the cube and
gammons leave games between good players); the Crawford game has no cube, so it
is worth 1, 2 or 3 (``GAMMON``, ``BACKGAMMON``); after it the trailer doubles at
once, so a game is worth two points, four with a gammon. That reproduces the
shape of published tables (2-away/1-away Crawford 0.68 for the leader, 3-away/
2-away about 0.62, 5-away/7-away about 0.64) within a few per cent; the bot needs
the shape more than the third decimal, and a computed table has no licence question.

>>> round(equity(1, 2, crawford=True), 3)
0.685
>>> equity(3, 3) == 0.5 and equity(0, 5) == 1.0 and equity(5, 0) == 0.0
True
"""

from __future__ import annotations

from functools import cache

GAMMON = 0.26  # share of games won that are gammons (backgammons included)
BACKGAMMON = 0.012  # share of games won that are backgammons
SINGLE = 1.0 - GAMMON
PRE_CRAWFORD = ((0.50, 1), (0.35, 2), (0.15, 4))  # (chance, points) of a game with a cube


@cache
def _post_crawford(away: int) -> float:
    """Leader 1-away, trailer ``away``-away after the Crawford game: the leader's chance."""
    if away <= 0:
        return 0.0
    g, bg = GAMMON - BACKGAMMON, BACKGAMMON
    # the trailer doubles at once; the leader takes (a drop loses 1 point, which the
    # trailer at 2-away or more would happily accept only if it mattered less)
    lose = SINGLE * _post_crawford(away - 2) + g * _post_crawford(away - 4) + bg * _post_crawford(away - 6)
    return 0.5 + 0.5 * lose


@cache
def equity(mine: int, theirs: int, *, crawford: bool = False) -> float:
    """The chance that the player ``mine`` points away wins against ``theirs`` points away.

    ``crawford`` says the game about to be played is the Crawford game (one side is
    1-away and nobody has been there before); otherwise a 1-away score against more
    is post-Crawford.
    """
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    if mine == 1 and theirs == 1:
        return 0.5
    if mine == 1 or theirs == 1:
        if crawford:
            return _game(mine, theirs, crawford_next=False)
        if mine == 1:
            return _post_crawford(theirs)
        return 1.0 - _post_crawford(mine)
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
    """Match equity of the player with ``score_away`` = (mine, theirs) after a game worth ``points``.

    ``crawford`` is whether the game just played was the Crawford game (then the
    next one cannot be).
    """
    mine, theirs = score_away
    if won:
        mine -= points
    else:
        theirs -= points
    first = not crawford and (mine == 1) != (theirs == 1) and score_away[0] > 1 and score_away[1] > 1
    return equity(mine, theirs, crawford=first)
