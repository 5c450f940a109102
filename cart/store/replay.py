"""Any ``.mat`` match (GNU Backgammon's, ours, the common variants) as a match ready for review.

:func:`replay_mat` takes the file's contents (an upload in the browser) and
:func:`read_mat` a path on the desktop; both give a :class:`~cart.engine.Match`
rebuilt by the engine, whose record :class:`cart.ai.review.Reviewer` reviews.
Whatever cannot be used (not a ``.mat`` at all, a damaged one, an illegal move,
a file too big or unreadable) raises :class:`MatError` with a message a player
can read, naming the line where there is one; nothing is written anywhere, so
nothing is lost.

>>> m = replay_mat(" 1 point match\\n\\n Game 1\\n Ann : 0   Bob : 0\\n  1)  31: 8/5 6/5\\n")
>>> m.names, [a.to_json() for a in m.record]
(('Ann', 'Bob'), [['roll', 3, 1], ['move', [[8, 5], [6, 5]]]])
>>> replay_mat(b'{"app": "gammon-cart"}')
Traceback (most recent call last):
...
cart.store.errors.MatError: line 1: expected ' N point match' before '{"app": "gammon-cart"}'
"""

from __future__ import annotations

import os

from ..engine import EngineError, Match
from .errors import MatError
from .matfile import import_mat
from .matformat import MAX_MAT_BYTES

__all__ = ["read_mat", "replay_mat"]


def replay_mat(data: str | bytes) -> Match:
    """The match a ``.mat`` file's contents record, replayed (raises :class:`MatError`)."""
    if not isinstance(data, (str, bytes)):
        raise MatError(f"a .mat file is text or bytes, got {type(data).__name__}")
    imported = import_mat(data)
    try:
        return imported.replay()
    except EngineError as exc:  # import_mat replayed it already: this would be a bug, said plainly
        raise MatError(f"the match does not replay: {exc}") from None


def read_mat(path: str | os.PathLike[str]) -> Match:
    """The match in the ``.mat`` file at ``path`` (raises :class:`MatError`, the file untouched)."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as f:
            data = f.read(MAX_MAT_BYTES + 1)
    except OSError as exc:
        raise MatError(f"Could not read {name}: {exc.strerror or exc}") from None
    if len(data) > MAX_MAT_BYTES:
        raise MatError(f"{name} is larger than any .mat file ({MAX_MAT_BYTES // (1024 * 1024)} MB at most)")
    try:
        return replay_mat(data)
    except MatError as exc:
        raise MatError(f"{name}: {exc}") from None
