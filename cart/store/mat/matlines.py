"""Reading a ``.mat`` file line by line: header, score lines, move lines, nothing of the rules.

Every pattern runs in time linear in a line of at most ``MAX_LINE`` characters,
so a hostile file costs time in proportion to its size.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..errors import MatError
from ..saves.names import fit_player_name
from .matformat import COLUMN_SPLIT, MAX_MAT_BYTES, MatInfo, RecordNotes, header_value, read_record_notes

_POINT_MATCH = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.I)
GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.I)
_AFTER_COLON = re.compile(r"\s*(\d+)\s+(?=\S)")
MAX_LINE = 1000
"""The longest line read: gnubg's lines are under 100 characters. A cap keeps every pattern
applied to a line bounded, so a hostile file costs time in proportion to its size."""


def score_line(line: str) -> tuple[str, int, str, int] | None:
    """``name : score   name : score`` as (name, score, name, score), or None; linear time.

    The names are the shortest that fit, found by scanning for colons: a regular
    expression backtracks over runs of spaces.
    """
    text = line.strip()
    head, colon, tail = text.rpartition(":")
    if not colon or not tail.strip().isdigit() or not tail.strip().isascii():
        return None
    s1 = int(tail.strip())
    head = head.rstrip()
    start = 0
    while (at := head.find(":", start)) != -1:
        start = at + 1
        n0 = head[:at].rstrip()
        found = _AFTER_COLON.match(head, at + 1)
        if n0 and found is not None and found.group(1).isascii():
            n1 = head[found.end() :]
            if n1:
                return n0, int(found.group(1)), n1, s1
    return None


_TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9 ]*?)\s+"(.*)"\s*\]$')
_NUMBERED = re.compile(r"^\s*\d+\)")
_ITEM = re.compile(
    r"(?P<roll>(?<![\d/])(?P<d1>[1-6])(?P<d2>[1-6]):)"
    r"|(?P<double>(?P<cube_word>Doubles|Beavers|Raccoons)\s*=>\s*(?P<cube>\d+))"
    r"|(?P<take>\bTakes\b|\bAccepts\b)"
    r"|(?P<drop>\bDrops\b|\bPasses\b|\bRejects\b|\bRefuses\b)"
    r"|(?P<wins>\bWins\s+(?P<points>\d+)\s+points?(?P<match>\s+and\s+the\s+match)?)",
    re.I,
)
NO_MOVE = {"", "cannot move", "can't move", "no move", "???"}
_DATE = re.compile(r"^(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})$")


@dataclass
class Item:
    line: int
    column: int  # 0 left, 1 right
    kind: str
    dice: tuple[int, int] = (0, 0)
    text: str = ""
    value: int = 0
    word: str = ""


def decode(data: str | bytes) -> str:
    if isinstance(data, bytes):
        if len(data) > MAX_MAT_BYTES:
            raise MatError(f"the file is {len(data)} bytes, more than a match record can be")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")  # older Windows programs
    elif isinstance(data, str):
        text = data
    else:
        raise MatError(f"a .mat file is text or bytes, got {type(data).__name__}")
    if len(text) > MAX_MAT_BYTES:
        raise MatError(f"the file is {len(text)} characters, more than a match record can be")
    return text.removeprefix("\ufeff")


def clean_name(raw: str) -> str:
    """A score line's name as a player's name (a GamesGrid ``, rating`` dropped)."""
    return fit_player_name(header_value(unicodedata.normalize("NFC", raw)))


def read_items(line: str, number: int) -> list[Item]:
    """The actions on one move line, each with its column."""
    body_start = 0
    m = _NUMBERED.match(line)
    if m:
        body_start = m.end()
    found = list(_ITEM.finditer(line, body_start))
    items: list[Item] = []
    leftover = line[body_start : found[0].start()] if found else line[body_start:]
    if leftover.strip():
        raise MatError(f"cannot read {leftover.strip()!r}", number)
    for k, hit in enumerate(found):
        end = found[k + 1].start() if k + 1 < len(found) else len(line)
        column = 0 if hit.start() < COLUMN_SPLIT else 1
        tail = line[hit.end() : end].strip()
        if hit.group("roll"):
            items.append(Item(number, column, "roll", (int(hit.group("d1")), int(hit.group("d2"))), tail))
            continue
        if tail:
            raise MatError(f"cannot read {tail!r} after {hit.group(0)!r}", number)
        if hit.group("double"):
            items.append(
                Item(number, column, "double", value=int(hit.group("cube")), word=hit.group("cube_word"))
            )
        elif hit.group("take"):
            items.append(Item(number, column, "take"))
        elif hit.group("drop"):
            items.append(Item(number, column, "drop"))
        else:
            items.append(Item(number, column, "wins", value=int(hit.group("points"))))
    return items


def read_header(lines: list[str], notes: RecordNotes) -> tuple[int, int, MatInfo, dict[str, bool]]:
    """Header tags and comments, up to the `` N point match`` line: (its index, N, info, rules notes)."""
    tags: dict[str, str] = {}
    comments: list[str] = []
    flags = {"maxgammon": False, "auto": False, "no_crawford": False}
    for index, raw in enumerate(lines):
        text = raw.strip()
        if not text:
            continue
        if text[0] in ";#":
            body = text[1:].strip()
            tag = _TAG.match(body)
            try:
                ours = read_record_notes(body, notes)
            except ValueError:
                raise MatError(f"cannot read the comment {body[:60]!r}", index + 1) from None
            if ours:
                continue
            if tag:
                tags[tag.group(1).lower()] = tag.group(2)
            elif body:
                comments.append(body)
                low = body.lower()
                flags["maxgammon"] |= low.startswith("rules: maxgammon")
                flags["auto"] |= low.startswith("rules: automatic doubles")
                flags["no_crawford"] |= low.startswith("rules: no crawford")
            continue
        found = _POINT_MATCH.match(text)
        if not found:
            raise MatError(f"expected ' N point match' before {text[:40]!r}", index + 1)
        date = tags.get("eventdate")
        if date is not None:
            d = _DATE.match(date.strip())
            date = f"{int(d.group(1)):04d}.{int(d.group(2)):02d}.{int(d.group(3)):02d}" if d else None
        info = MatInfo(
            event=tags.get("event"),
            site=tags.get("site"),
            round=tags.get("round"),
            date=date,
            transcriber=tags.get("transcriber"),
            comments=tuple(comments),
        )
        return index, int(found.group(1)), info, flags
    raise MatError("this is not a .mat file: there is no ' N point match' line")
