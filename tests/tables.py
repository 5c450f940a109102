"""The bear-off tables :mod:`cart.ai.bearoff` works out, kept on disk for the tests; a worker that has them.

Working them out takes a process about ten seconds, which each test process and each
worker child a test starts paid again (and each test after one that forgets them); a
game's worker has them once it has waited a while. The numbers are the ones the cart
works out, kept under a name made from its code's digest; the tests of the working-out
itself forget them first (``race._forget``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from kept import kept

ROOT = Path(__file__).resolve().parent.parent


def load_tables() -> None:
    """Every home board's tables in this process: read from disk, or worked out and written there."""
    from cart.ai import bearoff, slices

    def work_out() -> tuple[dict[object, object], dict[object, object]]:
        slices.drain(bearoff.think_tables())
        return dict(bearoff._HOME_SOLVED), dict(bearoff._FIRST)

    sources = [Path(m.__file__) for m in (bearoff, slices) if m.__file__]
    home, first = kept("bearoff", sources, work_out)
    bearoff._HOME_SOLVED.update(home)
    bearoff._FIRST.update(first)


def child_argv() -> list[str]:
    """The worker's child (:func:`cart.ai.worker.command`), with the tables loaded before it serves."""
    tests = str(Path(__file__).resolve().parent)
    start = (
        f"import sys; sys.path[:0] = [{str(ROOT)!r}, {tests!r}]; "
        "from tables import load_tables; load_tables(); from cart.ai.worker import serve; serve()"
    )
    return [sys.executable, "-c", start]
