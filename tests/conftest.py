"""Shared test helpers: positions from sparse maps, moves replayed by hand, gnubg's layout; -n's shares.

The seeded self-play positions, the random legal positions and gnubg's own
results live in :mod:`tools.positions` (``tools/make_perft.py`` builds the golden
play counts from them); the test modules import them from there.
"""

from __future__ import annotations

import os

# Before numpy loads (only tools' tests use it): its OpenBLAS threads only spin on the tests' small
# matrices, and on a busy machine they made the prune net's fit take 2.4 s instead of 0.5 s.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from typing import Any

import pytest

from cart.engine.board import Position
from cart.engine.movegen import successors
from tools.positions import Board, freeze, gnubg_board, selfplay_positions

# -- the quick loop on several workers ------------------------------------------------
SHARED = {
    "tests/test_review.py": "the mixed game's review",
    "tests/test_text_review.py": "the mixed game's review",
    "tests/ui/review/test_ui_review.py": "the finished game's review",
    "tests/ui/test_ui_golden.py": "the finished game's review",
    "tests/ui/test_ui_safe_defaults.py": "the finished game's review",
}
"""Test files that read a review worked out once per process (seconds of CPU: ``mixed_review``,
``finished_review``, the UI's ``review`` fixture), by the review: with ``-n``, one worker each."""


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``-n`` (pytest-xdist), a worker takes whole test files, a :data:`SHARED` group's files together.

    Then each module's fixtures and each shared review are worked out on one worker only. The files go
    in collection order: the last ones are small, so the workers finish together.
    """
    if config.getoption("dist") != "load":
        return None  # another --dist was asked for
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return SHARED.get(path, path)

    config.option.loadscopereorder = False
    return ByFile(config, log)


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


@pytest.fixture(scope="session")
def selfplay() -> list[Position]:
    """Positions from 12 seeded random games (seed 2024)."""
    return selfplay_positions(2024, 12)


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
