"""A review's stored form: plain JSON, read back strictly, so a damaged cache never reaches a window.

The store treats a review that does not read back as absent: it is redone.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
from collections.abc import Callable, Sequence
from typing import Any, get_args

from ...engine import Action
from .model import CubeReview, LuckMark, Mark, PlayReview, Review, RollReview

_MARKS = set(get_args(Mark))
_LUCK_MARKS = set(get_args(LuckMark))


def record_digest(record: Sequence[Action], upto: int) -> str:
    """A digest of ``record[:upto]``: a cached review applies only to the record it was made of."""
    text = json.dumps([a.to_json() for a in record[:upto]], separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _int(x: object) -> int:
    if type(x) is not int:
        raise ValueError(f"not an integer: {x!r}")
    return x


def _float(x: object) -> float:
    if type(x) is int:
        x = float(x)
    if type(x) is not float or not math.isfinite(x):
        raise ValueError(f"not a number: {x!r}")
    return x


def _str(x: object) -> str:
    if not isinstance(x, str) or len(x) > 200:
        raise ValueError(f"not a short text: {x!r}")
    return x


def _bool(x: object) -> bool:
    if type(x) is not bool:
        raise ValueError(f"not true or false: {x!r}")
    return x


def _dice(x: object) -> tuple[int, int]:
    if not isinstance(x, list) or len(x) != 2 or any(type(d) is not int or not 1 <= d <= 6 for d in x):
        raise ValueError(f"not a roll: {x!r}")
    return (x[0], x[1])


def _moves(x: object) -> tuple[tuple[int, int], ...]:
    if not isinstance(x, list) or len(x) > 4:
        raise ValueError(f"not a play's moves: {x!r}")
    out = []
    for m in x:
        if not isinstance(m, list) or len(m) != 2 or any(type(p) is not int or not 0 <= p <= 25 for p in m):
            raise ValueError(f"not a move: {m!r}")
        out.append((m[0], m[1]))
    return tuple(out)


def _one_of(allowed: set[str]) -> Callable[[object], str]:
    def check(x: object) -> str:
        if x not in allowed:
            raise ValueError(f"not one of {sorted(allowed)}: {x!r}")
        assert isinstance(x, str)
        return x

    return check


_READERS: dict[str, Callable[[object], Any]] = {
    "int": _int,
    "float": _float,
    "str": _str,
    "bool": _bool,
    "Dice": _dice,
    "Moves": _moves,
    "Mark": _one_of(_MARKS),
    "LuckMark": _one_of(_LUCK_MARKS),
    "CubeKind": _one_of({"double", "take"}),
}


def _to_json(item: object) -> list[object]:
    out: list[object] = []
    for f in dataclasses.fields(item):  # type: ignore[arg-type]
        v = getattr(item, f.name)
        if f.type == "Dice":
            v = list(v)
        elif f.type == "Moves":
            v = [list(m) for m in v]
        out.append(v)
    return out


def _from_json(kind: type[Any], data: object) -> Any:
    fields = dataclasses.fields(kind)
    if not isinstance(data, list) or len(data) != len(fields):
        raise ValueError(f"not a {kind.__name__}: {data!r}")
    return kind(*(_READERS[str(f.type)](v) for f, v in zip(fields, data, strict=True)))


def review_to_json(review: Review) -> dict[str, Any]:
    """The stored form: a dict of lists, one list per decision in field order."""
    return {
        "key": review.key,
        "ply": review.ply,
        "upto": review.upto,
        "names": list(review.names),
        "plays": [_to_json(p) for p in review.plays],
        "cubes": [_to_json(c) for c in review.cubes],
        "rolls": [_to_json(r) for r in review.rolls],
    }


def review_from_json(data: object) -> Review:
    """The review a stored form describes; ``ValueError`` for anything malformed."""
    keys = {"key", "ply", "upto", "names", "plays", "cubes", "rolls"}
    if not isinstance(data, dict) or set(data) != keys:
        raise ValueError("not a stored review")
    names = data["names"]
    if not isinstance(names, list) or len(names) != 2:
        raise ValueError(f"not two names: {names!r}")
    lists = [data[k] for k in ("plays", "cubes", "rolls")]
    if not all(isinstance(x, list) for x in lists):
        raise ValueError("the decisions are not lists")
    return Review(
        _str(data["key"]),
        _int(data["ply"]),
        _int(data["upto"]),
        (_str(names[0]), _str(names[1])),
        tuple(_from_json(PlayReview, x) for x in data["plays"]),
        tuple(_from_json(CubeReview, x) for x in data["cubes"]),
        tuple(_from_json(RollReview, x) for x in data["rolls"]),
    )


def review_cache_form(review: Review, record: Sequence[Action], deep: Review | None = None) -> dict[str, Any]:
    """What the store keeps of ``review`` of ``record`` (``review.upto`` of its actions): the review,
    its key, and the digest of the record it was made of; beside it the ``deep`` pass's, in the same form."""
    form: dict[str, Any] = {
        "key": review.key,
        "record": record_digest(record, review.upto),
        "review": review_to_json(review),
    }
    if deep is not None:
        form["deep"] = review_cache_form(deep, record)
    return form


def review_from_cache(data: object, record: Sequence[Action], key: str) -> Review | None:
    """The cached review (or the deep pass's kept beside it) when made of ``record`` under ``key`` and
    intact, else None: it is then redone."""
    if isinstance(data, dict) and data.get("key") != key:
        data = data.get("deep")
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    try:
        review = review_from_json(data.get("review"))
    except (ValueError, TypeError):
        return None
    if (
        review.key != key
        or review.upto > len(record)
        or data.get("record") != record_digest(record, review.upto)
    ):
        return None
    return review
