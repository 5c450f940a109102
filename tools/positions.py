"""Seeded positions and GNU Backgammon's own move generator, for the reference tools and the tests.

``tools/make_perft.py`` builds the golden play counts from these, and the tests
(``tests/conftest.py`` and the modules that check the engine against gnubg) use
the same generators and the same view of gnubg's boards.

Everything random here takes a seed and uses its own ``random.Random``; nothing
touches the global random state, so every run sees the same positions.
"""

from __future__ import annotations

import random

from cart.engine.board import Position
from cart.engine.errors import PositionError
from cart.engine.plays import legal_plays

# The 21 distinct rolls, smaller die first.
ROLLS = tuple((d1, d2) for d1 in range(1, 7) for d2 in range(d1, 7))
# The worst case known for the number of distinct plays (637 with 2-2).
WORST_ID = "OQcJkxGUOYEqEw"

Board = tuple[tuple[int, ...], tuple[int, ...]]


# -- gnubg boards ---------------------------------------------------------------
def gnubg_board(pos: Position) -> list[list[int]]:
    """gnubg's ``[[not on roll], [on roll]]``, built from the counts, not from ``Position.gnubg_board``."""
    return [list(pos.theirs[1:26]), list(pos.mine[1:26])]


def freeze(board) -> Board:
    return tuple(tuple(row) for row in board)


def gnubg_results(pos: Position, d1: int, d2: int) -> set[Board]:
    """gnubg's distinct results, mover still in the second row; empty when the roll cannot be played.

    gnubg answers an unplayable roll with the unchanged board; no legal play can
    give back the same board (every move advances a checker), so that is "no play".
    """
    import gnubg_nn

    board = gnubg_board(pos)
    found = {freeze(gnubg_nn.board_from_position_key(k)) for k in gnubg_nn.moves(board, d1, d2)}
    if found == {freeze(board)}:
        return set()
    return found


# -- positions --------------------------------------------------------------
def selfplay_positions(seed: int, games: int, max_plies: int = 400) -> list[Position]:
    """Every position on roll met in ``games`` random games (random dice, random legal play)."""
    rng = random.Random(seed)
    seen: list[Position] = []
    for _ in range(games):
        pos = Position.start()
        for _ in range(max_plies):
            if pos.is_over():
                break
            seen.append(pos)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(pos, dice)
            pos = rng.choice(plays).result if plays else pos.flip()
    return seen


def _scatter(rng: random.Random, n: int, allowed: list[int], side: list[int]) -> None:
    """Put ``n`` checkers on a few of the ``allowed`` points."""
    if not n:
        return
    spots = rng.sample(allowed, min(len(allowed), rng.randint(1, 7)))
    for _ in range(n):
        side[rng.choice(spots)] += 1


def random_position(rng: random.Random) -> Position:
    """A random legal position: 15 a side, one colour a point; contact, race, bear-in/off or bar."""
    kind = rng.choice(("contact", "contact", "race", "bearoff", "bearin", "bar", "closed"))
    mine, theirs = [0] * 26, [0] * 26
    for side in (mine, theirs):
        side[0] = rng.randint(0, 14) if kind == "bearoff" else rng.choice((0, 0, rng.randint(1, 14)))
    if kind in ("bar", "closed"):
        mine[25] = min(rng.randint(1, 3), 15 - mine[0])
        theirs[25] = min(rng.choice((0, 0, rng.randint(1, 2))), 15 - theirs[0])
    if kind == "closed":  # the opponent holds most of its home board
        made = rng.sample(range(1, 7), rng.randint(4, 6))
        for p in made:
            theirs[p] = 2
        theirs[0] = 0
        theirs[25] = 0
    if kind == "race":
        split = rng.randint(6, 18)
        my_points, their_points = list(range(1, split + 1)), list(range(1, 25 - split))
    elif kind == "bearoff":
        my_points, their_points = list(range(1, 7)), list(range(1, 7 + 12 * rng.randint(0, 1)))
    elif kind == "bearin":  # nearly home, the opponent still in contact
        my_points, their_points = list(range(1, 10)), list(range(1, 25))
    else:
        my_points = their_points = list(range(1, 25))
    my_points = [p for p in my_points if not theirs[25 - p]]
    _scatter(rng, 15 - sum(mine), my_points, mine)
    free = [p for p in their_points if not mine[25 - p]]
    left = 15 - sum(theirs)
    if left and not free:  # nowhere to stand: the rest goes to the bar
        theirs[25] += left
    else:
        _scatter(rng, left, free, theirs)
    return Position.from_counts(mine, theirs)


def random_positions(seed: int, n: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        try:
            pos = random_position(rng)
        except PositionError:  # both sides on the bar against closed boards: redraw
            continue
        if not pos.is_over():
            out.append(pos)
    return out
