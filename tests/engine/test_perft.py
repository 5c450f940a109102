"""Golden play counts (like chess perft): tests/data/perft.txt, written by tools/make_perft.py.

Each line is ``<position id> <d1><d2> <distinct plays>``; every count was checked
against GNU Backgammon when the table was made, so this test needs no gnubg.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from cart.engine.board import Position
from cart.engine.plays import legal_plays

TABLE = Path(__file__).parents[1] / "data" / "perft.txt"


def load() -> dict[str, list[tuple[int, int, int]]]:
    table: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
    for line in TABLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            pid, roll, n = line.split()
            table[pid].append((int(roll[0]), int(roll[1]), int(n)))
    return dict(table)


PERFT = load()


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
