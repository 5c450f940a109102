"""Text as the system font shows it: printable characters, cut and wrapped to a box's room.

No Pyxel and no game here: the widgets, the boxes and every screen measure
their words with these, so a long name or a path reads the same everywhere.
"""

from __future__ import annotations

import textwrap
from datetime import datetime

PRINTABLE = frozenset(chr(c) for c in range(32, 127))
"""Characters the system font draws (ASCII); others are written as '?'."""

ELLIPSIS = "\u2026" if "\u2026" in PRINTABLE else "..."
"""How cut text ends: the font's ellipsis if it had one (the Archimedes' ASCII has not: three dots)."""

KEEP = "\u00a0"
"""A space :func:`fill` never breaks a row at ("Doubles => 2" stays one); drawn as a space."""


def sentence(text: str) -> str:
    """``text`` ending as a sentence: a store error is a clause, and a box's own sentence follows it."""
    text = text.rstrip()
    return text if not text or text[-1] in ".!?" else f"{text}."


def cut(text: str, width: int, *, at_word: bool = True) -> str:
    """``text`` in at most ``width`` characters, an ellipsis when cut (at a near space, if ``at_word``)."""
    if len(text) <= width:
        return text
    room = max(0, width - len(ELLIPSIS))
    head = text[:room]
    space = head.rfind(" ")
    if at_word and space >= room // 2:  # end at a word rather than mid-word, unless that wastes half the room
        head = head[:space]
    return head.rstrip() + ELLIPSIS[:width]


def wrap(
    text: str, width: int, *, first: int | None = None, rows: int | None = None, cut_words: bool = False
) -> list[str]:
    """``text`` on lines of at most ``width`` characters (the first ``first``, if narrower), broken at spaces.

    Each line of ``text`` is a paragraph. A word longer than a line goes on over
    the next (nothing is lost), or with ``cut_words`` ends in an ellipsis; so does
    the last of ``rows`` when more are needed. A :data:`KEEP` space never breaks.

    >>> wrap("The man on the bar cannot go to point 1 with 4/1", 23)
    ['The man on the bar', 'cannot go to point 1', 'with 4/1']
    >>> wrap("AAAAAAAAAAAAAAAAAAAAAAAA goes first with 6-1", 23, cut_words=True)
    ['AAAAAAAAAAAAAAAAAAAA...', 'goes first with 6-1']
    >>> wrap("Abcdefghijklmnopqrstuvwx wins 1 point", 21, first=19)
    ['Abcdefghijklmnopqrs', 'tuvwx wins 1 point']
    >>> wrap(f"Bartholomew: Doubles{KEEP}=>{KEEP}2", 19)  # words kept together
    ['Bartholomew:', 'Doubles => 2']
    >>> wrap("one two three four five\\n\\nsix", 9, rows=2)
    ['one two', 'three...']
    """
    out: list[str] = []
    for paragraph in text.split("\n"):
        if cut_words:
            paragraph = " ".join(w if len(w) <= width else cut(w, width) for w in paragraph.split())
        narrow = first if first is not None and not out and first < width else None
        indent = "\x00" * (width - narrow) if narrow is not None else ""  # the first line's missing room
        lines = textwrap.wrap(paragraph, max(1, width), initial_indent=indent, break_on_hyphens=False)
        lines = lines or [indent]
        lines[0] = lines[0][len(indent) :]
        out.extend(line.replace(KEEP, " ") for line in lines)
    if rows is not None and len(out) > rows:
        out = [*out[: rows - 1], cut(" ".join(out[rows - 1 :]), width)]
    return out


def shown(text: str) -> str:
    """``text`` as the system font can draw it: a character it lacks is one ``?``, keeping the columns."""
    return "".join(c if c in PRINTABLE else "?" for c in text)


def local_time(stamp: str) -> str:
    """A stored UTC time as the player's clock reads it (``2025-01-31 18:04``); unreadable, as stored."""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp[:16].replace("T", " ")
    if when.tzinfo is not None:
        when = when.astimezone()  # the local time zone
    return when.strftime("%Y-%m-%d %H:%M")
