"""A long record in pieces, so that saving an action costs the same at 300 actions as at 40,000.

The *head*, ``games/<stem>.json``, holds the actions since the last piece (its ``tail``);
once the tail holds :data:`PIECE_ACTIONS` up to a game's start they are sealed into a piece,
``games/<stem>.<n>.<16 hex>.part``, written once. The pieces form a chain of SHA-256s, each
with the match's checkpoint at its end, so loading checks every byte but replays only the tail.

No action is ever lost: a piece, named from its own bytes, is written before the head that
leads to it, and the head is replaced atomically (:mod:`cart.store.saves.gamestore`). A head
names a piece only a period after writing it (:func:`seal`), so a backup copied file by file
holds every piece its head names. A piece whose head was refused (another copy saved first)
stays, since no copy can tell it from one another copy is about to lead to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import Checkpoint
from ..disk.entries import Backend, digest
from ..disk.envelope import decode, encode
from ..errors import DamagedError
from .names import GAMES

MAX_RECORD = 200_000
"""Actions in one record: far past any real session, small enough to bound a hostile file.
The reader refuses more, so a save refuses first (:meth:`GameStore.save`)."""
WARN_RECORD = MAX_RECORD - 20_000
"""Where a session says it nears :data:`MAX_RECORD` and offers a new one: a few hundred games before."""
PIECE_ACTIONS = 200
"""Actions a tail gathers before they are sealed into a piece: a head stays a few kilobytes."""

LONG_TAIL = 3
"""Periods of :data:`PIECE_ACTIONS` past which a new piece is named at once, not a period later."""

_DIGEST = frozenset("0123456789abcdef")


@dataclass(frozen=True)
class Sealed:
    """The pieces a head leads to: how many, how many actions they hold, the digest of the last."""

    pieces: int = 0
    actions: int = 0
    last: str | None = None

    def to_json(self) -> dict[str, Any] | None:
        return (
            None if not self.pieces else {"pieces": self.pieces, "actions": self.actions, "last": self.last}
        )

    @classmethod
    def from_json(cls, data: object) -> Sealed:
        """A head's ``sealed`` (None: no pieces); raises :class:`DamagedError`."""
        if data is None:
            return cls()
        if (
            not isinstance(data, dict)
            or set(data) != {"pieces", "actions", "last"}
            or type(data["pieces"]) is not int
            or type(data["actions"]) is not int
            or not 1 <= data["pieces"] <= data["actions"] <= MAX_RECORD
            or not _is_digest(data["last"])
        ):
            raise DamagedError("the list of its record's pieces is malformed")
        return cls(data["pieces"], data["actions"], data["last"])


def piece_entry(stem: str, index: int, data_digest: str) -> str:
    return f"{GAMES}{stem}.{index}.{data_digest[:16]}.part"


def piece_entries(backend: Backend, stem: str) -> list[str]:
    """Every piece under the game's stem, those a head leads to and any other."""
    return [n for n in backend.names(f"{GAMES}{stem}.") if n.endswith(".part")]


def seal(
    backend: Backend,
    stem: str,
    game_id: str,
    record: list[Any],
    sealed: tuple[Sealed, Sealed | None],
    after: Checkpoint | None,
    *,
    at_once: bool = False,
) -> tuple[Sealed, Sealed | None]:
    """Write the actions from the last piece's end up to the last game's start as a piece, if enough.

    ``sealed`` is what the head leads to and the piece written *ahead* of it, which the head
    names only at the next seal, a period later, so a file-by-file backup holds every piece its
    head names. ``at_once`` names the new piece at once (a record given whole), as does a head
    that would otherwise keep :data:`LONG_TAIL` actions. Returns the new pair.
    """
    named, ahead = sealed
    base = named if ahead is None else ahead
    if after is None or after.at - base.actions < PIECE_ACTIONS:
        return sealed
    written = _write_piece(backend, stem, game_id, record, base, after)
    at_once = at_once or (ahead is None and after.at - named.actions >= LONG_TAIL * PIECE_ACTIONS)
    return (written, None) if at_once else (base, written)


def _write_piece(
    backend: Backend, stem: str, game_id: str, record: list[Any], sealed: Sealed, after: Checkpoint
) -> Sealed:
    """The piece after ``sealed`` up to ``after``, written once; what a head naming it leads to."""
    end = after.at
    body = {
        "game": game_id,
        "index": sealed.pieces,
        "prev": sealed.last,
        "first": sealed.actions,
        "record": [action.to_json() for action in record[sealed.actions : end]],
        "after": {"score": list(after.score), "game_number": after.game_number, "crawford": after.crawford},
    }
    data = encode("piece", body)
    name = piece_entry(stem, sealed.pieces, digest(data) or "")
    create = getattr(backend, "create", None)
    try:
        if create is None:
            raise FileExistsError  # no atomic create: write it whole below
        create(name, data)
    except FileExistsError:
        if backend.read(name) != data:  # ours already, or a damaged copy of it: made whole
            backend.write(name, data)
    return Sealed(sealed.pieces + 1, end, digest(data))


def read_pieces(
    backend: Backend, stem: str, game_id: str, sealed: Sealed
) -> tuple[list[Any], Checkpoint | None]:
    """The sealed actions (JSON entries) and the checkpoint at their end, read along the chain.

    Raises :class:`DamagedError` for a piece missing, changed or not of this game, and
    ``OSError`` when one cannot be read.
    """
    if not sealed.pieces:
        return [], None
    bodies: list[dict[str, Any]] = []
    expected = sealed.last
    for index in range(sealed.pieces - 1, -1, -1):
        assert expected is not None
        name = piece_entry(stem, index, expected)
        data = backend.read(name)
        if data is None:
            raise DamagedError(f"piece {index + 1} of its record ({name}) is missing")
        if digest(data) != expected:
            raise DamagedError(f"piece {index + 1} of its record ({name}) has changed")
        body = decode("piece", data)
        keys = {"game", "index", "prev", "first", "record", "after"}
        if set(body) != keys or body["game"] != game_id or body["index"] != index:
            raise DamagedError(f"piece {index + 1} of its record ({name}) is not of this game")
        if (index and not _is_digest(body["prev"])) or (not index and body["prev"] is not None):
            raise DamagedError(f"piece {index + 1} of its record ({name}) does not lead back to the first")
        bodies.append(body)
        expected = body["prev"]
    bodies.reverse()
    record: list[Any] = []
    for body in bodies:
        if body["first"] != len(record) or not isinstance(body["record"], list) or not body["record"]:
            raise DamagedError("the pieces of its record do not follow one another")
        record.extend(body["record"])
    if len(record) != sealed.actions:
        raise DamagedError("its record's pieces hold another number of actions than its head says")
    return record, _checkpoint(len(record), bodies[-1]["after"])


def _checkpoint(at: int, after: object) -> Checkpoint:
    if (
        not isinstance(after, dict)
        or set(after) != {"score", "game_number", "crawford"}
        or not isinstance(after["score"], list)
        or len(after["score"]) != 2
        or not all(type(s) is int for s in after["score"])
        or type(after["game_number"]) is not int
        or type(after["crawford"]) is not bool
    ):
        raise DamagedError("the match's standing at the end of its record's last piece is malformed")
    return Checkpoint(at, (after["score"][0], after["score"][1]), after["game_number"], after["crawford"])


def _is_digest(value: object) -> bool:
    return isinstance(value, str) and len(value) == 64 and set(value) <= _DIGEST
