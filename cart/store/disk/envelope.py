"""The one file format under every stored thing: a versioned, checksummed JSON envelope.

``{"app": "gammon-cart", "kind": "game", "version": 2, "sha256": "...", "body": {...}}``:
``kind`` recognises a foreign file; an older ``version`` is migrated step by step
after the checksum (:data:`MIGRATIONS`), a newer one refused, since guessing at a
future format corrupts saves; ``sha256`` of the canonical body turns a flipped bit
that still parses into "damaged, set aside". Sorted, compact JSON: equal bodies
give equal bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from ..errors import DamagedError, NewerVersionError, WriteError
from .entries import MAX_BYTES

APP = "gammon-cart"
SCHEMA_VERSIONS: dict[str, int] = {
    "game": 5,
    "ratings": 2,
    "settings": 1,
    "review": 1,
    "piece": 1,
    "drills": 1,
    "drill": 1,
}
"""The current schema version of each kind of body.

- game 1: the record's entries as the engine wrote them before typed actions,
  a play as ``["play", [[8, 5], [6, 5]]]``.
- game 2: the record is the JSON form of :class:`cart.engine.Action`, a play
  as ``["move", [[8, 5], [6, 5]]]``; every other entry kept its shape.
- game 3: the record may hold resignations (``["resign", player, level]``,
  ``["accept"]``, ``["decline"]``) and the summary's phase may be
  ``"resigned"``. A version 2 body is a valid version 3 body as it is
  (:func:`game_2_to_3`); the bump makes an older cartridge refuse a newer
  file as newer, where it would otherwise set it aside as damaged.
- game 4: adds ``start``, None for a game from the usual opening, or the
  Position ID and Match ID a set-up game began from (the board, the turn,
  the dice, the cube and the score); a version 3 body gets ``None``
  (:func:`game_3_to_4`).
- game 5: the record in pieces (see :mod:`cart.store.saves.pieces`): ``record``
  becomes ``tail``, the actions after the last piece, and ``sealed`` leads to
  the pieces (None: none); a version 4 body is all tail (:func:`game_4_to_5`)
  and is sealed into pieces at its next save.
- piece 1: a sealed piece of a game's record, ``{"game", "index", "prev",
  "first", "record", "after"}``, written once.
- ratings 1: players with their rating, experience and (trimmed) history.
- ratings 2: adds ``rated``, the never-trimmed high-water marks of the rated
  results (see :mod:`cart.store.ratings`), read off the history when migrating.
- review 1: a saved game's cached review, ``{"game_id", "cache"}`` (see
  :mod:`cart.store.saves.reviews`). A cache: a review of another version reads as
  absent and is redone, so this kind needs no migrations.
- drills 1: ``{"drills": [...]}``, each drill as :func:`cart.drills.record.drill_to_json`
  writes it: the single drills file of before, now only read, to be split into ``drill``
  entries (see :mod:`cart.store.drills`).
- drill 1: ``{"id", "drill"}``, one drill (its id, ``position_id:match_id``, and its item as
  :func:`cart.drills.record.drill_to_json` writes it) in an entry named by its id.
"""


Migration = Callable[[dict[str, Any]], dict[str, Any]]


def game_1_to_2(body: dict[str, Any]) -> dict[str, Any]:
    """A version 1 game body as version 2: each ``["play", moves]`` entry becomes ``["move", moves]``.

    Only the tag changes; nothing is replayed here: loading checks the record
    through the engine like any other, and refuses what is not a record.

    >>> game_1_to_2({"record": [["roll", 3, 1], ["play", [[8, 5], [6, 5]]], ["double"]], "rng": None})
    {'record': [['roll', 3, 1], ['move', [[8, 5], [6, 5]]], ['double']], 'rng': None}
    """
    record = body.get("record")
    if not isinstance(record, list):
        return body
    renamed = [
        ["move", *entry[1:]] if isinstance(entry, list) and entry and entry[0] == "play" else entry
        for entry in record
    ]
    return {**body, "record": renamed}


MIGRATIONS: dict[str, dict[int, Migration]] = {kind: {} for kind in SCHEMA_VERSIONS}
"""``MIGRATIONS[kind][v]`` turns a version ``v`` body into a version ``v + 1`` body.

When a schema changes, bump its entry in :data:`SCHEMA_VERSIONS` and add the
step here; old files then load through the chain, and are written back in the
new version at their next save. A step must keep everything a player saved:
it renames or reshapes, and never recomputes what the old file already says.
"""


def game_2_to_3(body: dict[str, Any]) -> dict[str, Any]:
    """A version 2 game body as version 3: unchanged (version 3 only adds entries version 2 never wrote).

    >>> game_2_to_3({"record": [["roll", 3, 1]]})
    {'record': [['roll', 3, 1]]}
    """
    return body


def game_3_to_4(body: dict[str, Any]) -> dict[str, Any]:
    """A version 3 game body as version 4: every game before version 4 began from the usual opening.

    >>> game_3_to_4({"record": []})
    {'record': [], 'start': None}
    """
    return {**body, "start": None}


MIGRATIONS["game"][1] = game_1_to_2
MIGRATIONS["game"][2] = game_2_to_3


def game_4_to_5(body: dict[str, Any]) -> dict[str, Any]:
    """A version 4 game body as version 5: its whole record is the tail, with no pieces before it.

    >>> game_4_to_5({"record": [["roll", 3, 1]], "start": None})
    {'start': None, 'tail': [['roll', 3, 1]], 'sealed': None}
    """
    rest = {k: v for k, v in body.items() if k != "record"}
    return {**rest, "tail": body.get("record"), "sealed": None}


MIGRATIONS["game"][3] = game_3_to_4
MIGRATIONS["game"][4] = game_4_to_5


def canonical(body: object) -> bytes:
    """The bytes the checksum covers: sorted keys, no spaces, UTF-8."""
    return json.dumps(
        body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def encode(kind: str, body: dict[str, Any]) -> bytes:
    """Wrap ``body`` in an envelope of the current version of ``kind``; :class:`WriteError` past the limit."""
    envelope = {
        "app": APP,
        "kind": kind,
        "version": SCHEMA_VERSIONS[kind],
        "sha256": hashlib.sha256(canonical(body)).hexdigest(),
        "body": body,
    }
    # No indent: it would switch json to its pure-Python encoder, ten times slower, and a
    # game is saved after every action.
    text = json.dumps(envelope, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    data = text.encode("utf-8") + b"\n"
    if len(data) > MAX_BYTES:  # the reader's limit, applied first by the writer: never a file it refuses
        raise WriteError(
            f"it would be {len(data):,} bytes long, more than a saved file may be ({MAX_BYTES:,})"
        )
    return data


def decode(kind: str, data: bytes) -> dict[str, Any]:
    """The body of an envelope of ``kind``, migrated; bad bytes of any kind raise :class:`DamagedError`.

    A newer schema raises :class:`NewerVersionError` instead (the file is to be left alone;
    :func:`peek` still reads what it can of it).
    """
    body, version = _opened(kind, data)
    current = SCHEMA_VERSIONS[kind]
    if version > current:
        raise NewerVersionError(
            f"it was written by a newer Gammon Cart (schema version {version}, this one reads {current})"
        )
    for step in range(version, current):
        try:
            body = MIGRATIONS[kind][step](body)
        except KeyError:
            raise DamagedError(f"there is no way to bring a version {step} {kind} up to date") from None
    return body


def peek(kind: str, data: bytes) -> dict[str, Any] | None:
    """The checked body of an envelope of ``kind`` of any version, unmigrated; None if it cannot be read.

    For a newer file, shown read-only (its name in the list, its ratings): what this version
    knows of it may be read, never written back.
    """
    try:
        return _opened(kind, data)[0]
    except (DamagedError, NewerVersionError):
        return None


def _opened(kind: str, data: bytes) -> tuple[dict[str, Any], int]:
    """The body and version of an envelope of ``kind``, its checksum checked; raises :class:`DamagedError`."""
    if len(data) > MAX_BYTES:
        raise DamagedError(f"it is longer than any saved file can be ({MAX_BYTES:,} bytes)")
    if not data.strip():
        raise DamagedError("it is empty")
    try:
        envelope = json.loads(data.decode("utf-8"), parse_constant=_refuse_constant)
    except UnicodeDecodeError:
        raise DamagedError("it is not text (invalid UTF-8)") from None
    except RecursionError:
        raise DamagedError("it is nested too deeply to be a saved file") from None
    except ValueError as exc:
        raise DamagedError(f"it is not complete JSON ({exc})") from None
    if not isinstance(envelope, dict) or envelope.get("app") != APP:
        raise DamagedError("it is not a Gammon Cart file")
    if envelope.get("kind") != kind:
        raise DamagedError(f"it holds {_describe(envelope.get('kind'))}, not {kind}")
    version, body, digest = envelope.get("version"), envelope.get("body"), envelope.get("sha256")
    if type(version) is not int or version < 1:
        raise DamagedError(f"its schema version {version!r} is not a version number")
    try:
        if not isinstance(body, dict) or not isinstance(digest, str):
            raise DamagedError("its contents are missing")
        try:
            actual = hashlib.sha256(canonical(body)).hexdigest()
        except (ValueError, TypeError):
            raise DamagedError("its contents hold values JSON cannot round-trip") from None
        if actual != digest:
            raise DamagedError("its checksum does not match: it was changed or damaged after it was written")
    except DamagedError:
        if version > SCHEMA_VERSIONS[kind]:  # a newer layout, perhaps: this version cannot judge it damaged
            raise NewerVersionError(
                f"it was written by a newer Gammon Cart (schema version {version})"
            ) from None
        raise
    return body, version


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a saved file can hold")


def _describe(kind: object) -> str:
    return f"a {kind}" if isinstance(kind, str) and kind.isidentifier() else "something else"
