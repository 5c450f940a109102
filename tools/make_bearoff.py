"""Write ``cart/ai/bearoff.bin``: one side's chances of bearing off in k rolls, for home boards of few men.

Every board with all its men on points 1..6 and at most ``cart.ai.bearoff.HOME_MEN`` of
them, in the order of ``cart.ai.bearoff.home_boards``, worked out by the cart's own
``cart.ai.bearoff.solve`` (each roll played to need the fewest rolls on average) and
stored as chances in 1/65535ths: a byte for the first roll count with a chance, a
byte for how many follow, then each as two bytes. The cart reads it instead of
working those boards out (about a second of CPU, two or three under Pyodide).

    python -m tools.make_bearoff
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from cart.ai import bearoff


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--to", type=Path, default=bearoff.TABLE_PATH)
    a = p.parse_args(argv)
    t0 = time.time()
    size = bearoff.write_table(a.to)
    boards = sum(1 for _ in bearoff.home_boards())
    took = time.time() - t0
    print(f"wrote {a.to}: {boards} boards of up to {bearoff.HOME_MEN} men, {size:,} bytes, {took:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
