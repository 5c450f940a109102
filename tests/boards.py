"""Board helpers for tests: positions from sparse maps, moves replayed by hand, gnubg's layout."""

from __future__ import annotations

import random

from cart.engine.board import Position
from cart.engine.errors import PositionError
from cart.engine.movegen import successors
from tools.positions import Board, freeze, gnubg_board


# -- gnubg boards ---------------------------------------------------------------
def from_gnubg(board) -> Position:
    """Our Position from a gnubg board whose second row is on roll."""
    return Position.from_counts(list(board[1]), list(board[0]))


def our_results(pos: Position, d1: int, d2: int) -> set[Board]:
    """Our raw generator's distinct results in gnubg's layout (keys are not flipped)."""
    return {freeze(gnubg_board(Position(k))) for k in successors(pos.key, d1, d2)}


# -- positions --------------------------------------------------------------
def counts(points: dict[int, int], bar: int = 0) -> list[int]:
    """A 26-slot side from ``{point: checkers}`` plus the bar; the rest is borne off."""
    side = [0] * 26
    for p, n in points.items():
        side[p] += n
    side[25] = bar
    side[0] = 15 - sum(side)
    return side


def pos_of(mine: dict[int, int], theirs: dict[int, int], my_bar: int = 0, their_bar: int = 0) -> Position:
    """A position from sparse ``{point: n}`` maps, each side in its own numbering."""
    return Position.from_counts(counts(mine, my_bar), counts(theirs, their_bar))


def replay(pos: Position, moves) -> Position:
    """Apply ``(from, to)`` moves (mover's numbering, 25 bar, 0 off) by hand; the opponent is then on roll.

    Independent of the generator: a move onto a lone opposing checker sends it to its bar.
    """
    mine, theirs = list(pos.mine), list(pos.theirs)
    for s, t in moves:
        assert mine[s] > 0, f"no checker on {s} for {moves} in {pos.position_id()}"
        mine[s] -= 1
        mine[t] += 1
        if 0 < t < 25 and theirs[25 - t]:
            assert theirs[25 - t] == 1, f"{moves} lands on a made point {t} in {pos.position_id()}"
            theirs[25 - t] = 0
            theirs[25] += 1
    return Position.from_counts(theirs, mine)


def random_position(rng: random.Random) -> Position:
    """Any legal position: each side's men on the board spread over a few random slots."""
    while True:
        sides = []
        for _ in range(2):
            counts = [0] * 26
            men = rng.randint(1, 15)
            counts[0] = 15 - men
            spots = rng.sample(range(1, 26), rng.randint(1, 6))
            low = rng.random() < 0.5  # often a pile on the ace and deuce points, as a crash leaves
            for _ in range(men):
                counts[rng.choice((1, 2) if low and rng.random() < 0.5 else spots)] += 1
            sides.append(counts)
        try:
            return Position.from_counts(*sides)
        except PositionError:
            continue
