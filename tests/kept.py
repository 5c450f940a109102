"""Results the tests work out from the cart's own code, kept on disk between runs and processes.

The bear-off tables and a finished game's review each take seconds of CPU, which every test
process (and each worker child) paid again every run. Each is a pure result of the code that
makes it, so it is kept under a name made from the digest of that code: any change to a file
it is made from works it out afresh, and the tests read what the code now makes.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
CODE = (ROOT / "cart" / "engine", ROOT / "cart" / "ai")
"""What a game between the computer's levels, and its review, are made by."""

T = TypeVar("T")


def digest(files: Iterable[Path]) -> str:
    """A digest of ``files``' names and contents (folders: every file under them) and of this Python."""
    h = hashlib.sha256(sys.version.encode())
    for path in files:
        for f in sorted(path.rglob("*")) if path.is_dir() else [path]:
            if f.is_file() and "__pycache__" not in f.parts:
                h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:16]


def kept(name: str, files: Iterable[Path], make: Callable[[], T]) -> T:
    """``make()``, read from the temporary folder when ``files`` are as they were when it was last made.

    Written to a file of this process's own, then renamed: two processes never read half a file. The
    making is the quick loop's shared work, no one test's cost.
    """
    path = Path(tempfile.gettempdir()) / f"gammon-cart-{name}-{digest(files)}.pickle"
    try:
        return pickle.loads(path.read_bytes())  # type: ignore[no-any-return]
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, AttributeError):
        from cpu_budget import shared_work  # here: a worker child reading the tables imports no pytest

        with shared_work():
            value = make()
        part = path.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
        os.replace(part, path)
        return value
