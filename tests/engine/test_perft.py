"""Golden play counts (like chess perft, ``tests/perft.py``): every count was checked against GNU
Backgammon when the table was made, so this test needs no gnubg.
"""

from __future__ import annotations

import pytest
from perft import PERFT

from cart.engine.board import Position
from cart.engine.plays import legal_plays


def test_table_covers_every_roll_of_about_a_hundred_positions():
    assert len(PERFT) >= 100
    every_roll = sorted((a, b) for a in range(1, 7) for b in range(a, 7))
    assert all(sorted((a, b) for a, b, _ in rows) == every_roll for rows in PERFT.values())


def test_table_holds_the_known_counts():
    """The start's 3-1 (16 plays, as in plays.py's doctest) and the worst case's 2-2 (637)."""
    assert (1, 3, 16) in PERFT["4HPwATDgc/ABMA"]
    assert (2, 2, 637) in PERFT["OQcJkxGUOYEqEw"]


@pytest.mark.parametrize("pid", sorted(PERFT))
def test_perft(pid):
    pos = Position.from_position_id(pid)
    got = [(d1, d2, len(legal_plays(pos, (d1, d2)))) for d1, d2, _ in PERFT[pid]]
    assert got == PERFT[pid]
