"""The bear-off tables :mod:`cart.ai.bearoff` works out, kept on disk for the tests; a worker that has them.

Working them out takes a process about ten seconds, which each test process and each
worker child a test starts paid again (and each test after one that forgets them); a
game's worker has them once it has waited a while. The numbers are the ones the cart
works out, kept under a name made from its code's digest; the tests of the working-out
itself forget them first (``race._forget``).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tables_file() -> Path:
    from cart.ai import bearoff, slices

    digest = hashlib.sha256(b"".join(Path(m.__file__).read_bytes() for m in (bearoff, slices) if m.__file__))
    return Path(tempfile.gettempdir()) / f"gammon-cart-bearoff-{digest.hexdigest()[:16]}.pickle"


def load_tables() -> None:
    """Every home board's tables in this process: read from disk, or worked out and written there."""
    from cart.ai import bearoff
    from cart.ai.slices import drain

    path = tables_file()
    try:
        home, first = pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, ValueError):
        drain(bearoff.think_tables())
        home, first = dict(bearoff._HOME_SOLVED), dict(bearoff._FIRST)
        part = path.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(pickle.dumps((home, first), pickle.HIGHEST_PROTOCOL))
        os.replace(part, path)
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
