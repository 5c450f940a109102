"""Write the benchmark suite: (Position ID, roll) pairs from games gnubg plays against itself.

Realistic positions matter for a fair timing: random play produces odd boards
(many checkers back, many hits). GNU Backgammon 0-ply chooses every play; our
engine only supplies the dice and checks that its legal plays contain gnubg's.

    python -m tools.make_suite            # writes tools/data/bench_suite.txt (seed 2026, 2000 pairs)
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import gnubg_nn

from cart.engine import Position, legal_plays

OUT = Path(__file__).resolve().parent / "data" / "bench_suite.txt"


def gnubg_choice(pos: Position, d1: int, d2: int) -> Position:
    """The position after gnubg 0-ply's play, opponent on roll; checked against our legal plays."""
    board = pos.gnubg_board()
    best = tuple(gnubg_nn.best_move(board, d1, d2))
    key = next(k for k, moves in gnubg_nn.moves(board, d1, d2, 1) if tuple(moves) == best)
    theirs, mine = gnubg_nn.board_from_position_key(key)
    result = Position.from_counts(theirs, mine)
    if result not in {p.result for p in legal_plays(pos, (d1, d2))}:
        raise SystemExit(f"gnubg's play {best} from {pos.position_id()} is not among ours")
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--pairs", type=int, default=2000)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    pairs: list[str] = []
    games = 0
    while len(pairs) < args.pairs:
        games += 1
        pos = Position.start()
        first = True
        while not pos.is_over() and len(pairs) < args.pairs:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            if first and d1 == d2:
                continue  # the opening roll is never a double
            first = False
            pairs.append(f"{pos.position_id()} {d1}{d2}")
            pos = gnubg_choice(pos, d1, d2) if legal_plays(pos, (d1, d2)) else pos.flip()
    args.out.write_text(
        f"# python -m tools.make_suite --seed {args.seed} --pairs {args.pairs}: "
        f"{games} games of gnubg 0-ply self-play\n" + "\n".join(pairs) + "\n"
    )
    print(f"wrote {len(pairs)} pairs from {games} games to {args.out}")


if __name__ == "__main__":
    main()
