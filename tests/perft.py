"""The golden play counts (like chess perft) of tests/data/perft.txt, written by tools/make_perft.py.

Each line is ``<position id> <d1><d2> <distinct plays>``; every count was checked against GNU
Backgammon when the table was made. A helper of its own, so that the engine's and the tools' tests
read it alike, whichever folder a run names.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TABLE = Path(__file__).parent / "data" / "perft.txt"


def load() -> dict[str, list[tuple[int, int, int]]]:
    table: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
    for line in TABLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            pid, roll, n = line.split()
            table[pid].append((int(roll[0]), int(roll[1]), int(n)))
    return dict(table)


PERFT = load()
