"""Text as the system font shows it: printable characters, cut and wrapped to a box's room.

No Pyxel and no game here: the widgets, the boxes and every screen measure
their words with these, so a long name or a path reads the same everywhere.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
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


def wrap_lines(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters; a word longer than a line is cut, never lost."""
    return textwrap.wrap(text, width)


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


def wrap_words(text: str, width: int, rows: int | None = None) -> list[str]:
    """``text`` wrapped on spaces in lines of at most ``width``, never splitting a word.

    A word too long for a line gets an ellipsis; past ``rows`` the last line ends in one.
    """
    words = [w if len(w) <= width else cut(w, width) for w in text.split()]
    lines = textwrap.wrap(" ".join(words), width, break_long_words=False, break_on_hyphens=False)
    if rows is not None and len(lines) > rows:
        lines = [*lines[: rows - 1], cut(" ".join(lines[rows - 1 :]), width)]  # greedy: more than a line
    return lines


def fill(text: str, first: int, rest: int | None = None) -> list[str]:
    """``text`` on rows of ``first`` characters, then ``rest``, broken at spaces and never cut.

    For words a player must read whole: a word longer than a row runs over the next;
    a :data:`KEEP` space never breaks.
    """
    rest = first if rest is None else rest
    if first >= rest:  # a first row no narrower: textwrap's own case
        rows = textwrap.wrap(text, max(1, rest), break_on_hyphens=False) or [""]
    else:
        indent = "\x00" * (rest - first)  # the first row's missing room, taken off again below
        rows = textwrap.wrap(text, rest, initial_indent=indent, break_on_hyphens=False) or [indent]
        rows[0] = rows[0][len(indent) :]
    return [row.replace(KEEP, " ") for row in rows]


def shown(text: str) -> str:
    """``text`` as the system font can draw it: a character it lacks is one ``?``, keeping the columns."""
    return "".join(c if c in PRINTABLE else "?" for c in text)


def cut_shown(text: str, width: int) -> str:
    """``text`` as the font draws it in at most ``width`` characters, ending in an ellipsis when cut."""
    return cut(shown(text), width, at_word=False)


def local_time(stamp: str) -> str:
    """A stored UTC time as the player's clock reads it (``2025-01-31 18:04``); unreadable, as stored."""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp[:16].replace("T", " ")
    if when.tzinfo is not None:
        when = when.astimezone()  # the local time zone
    return when.strftime("%Y-%m-%d %H:%M")


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters (long words, such as paths, are cut)."""
    return textwrap.wrap(shown(text), width, break_long_words=True, break_on_hyphens=False) or [""]


def wrap_box(lines: Sequence[str], cols: int, rows: int) -> list[str]:
    """A box's lines wrapped to ``cols``, at most ``rows`` (then "..."); a long path is split, not lost."""
    out: list[str] = []
    for line in lines:
        out.extend(textwrap.wrap(line, cols, break_on_hyphens=False) or [""])
    if len(out) > rows:
        out = [*out[: rows - 1], cut(" ".join(out[rows - 1 :]), cols)]
    return out
