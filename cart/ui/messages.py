"""What the table says, in words a player reads: plays in the board's own numbers, "You" as English.

No Pyxel here. The engine writes a play in the mover's numbering (its 24
point is the opponent's 1), but the board prints one numbering, the viewer's:
:func:`seen_from` rewrites a play's text in the numbers printed on the board,
so "24/20*" by the player at the top reads "1/5*", where the men really went.
:func:`verb` conjugates for a player named "You" ("You take", not "You
takes"). :class:`MessageLog` keeps what was said, for the strip (the latest,
whole, on as many lines as the strip has, scrolled a line at a time only when
longer still) and the Messages box. Lines break at spaces only: a word longer
than a line (a long name) is shortened with an ellipsis, never split.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field

from cart.engine import Event, GameStarted, Match, Moved

__all__ = [
    "ELLIPSIS",
    "KEEP",
    "PRINTABLE",
    "MessageLog",
    "cut",
    "fill",
    "last_moved",
    "seen_from",
    "sentence",
    "verb",
    "wrap_lines",
    "wrap_words",
]

_POINT = re.compile(r"(?<![(\d])(\d{1,2})(?![)\d])")  # a point number, not a count such as (2)
_IRREGULAR = {"goes": "go", "has": "have", "is": "are", "does": "do"}

PRINTABLE = frozenset(chr(c) for c in range(32, 127))
"""Characters the system font draws (ASCII); others are written as '?'."""

ELLIPSIS = "\u2026" if "\u2026" in PRINTABLE else "..."
"""How cut text ends: the font's ellipsis if it had one (the Archimedes' ASCII has not: three dots)."""

KEEP = "\u00a0"
"""A space :func:`fill` never breaks a row at ("Doubles => 2" stays one); drawn as a space."""

SCROLL_FRAMES = 45
"""Frames each line of a long message rests in the strip before it moves up by one (1.5 s at 30 fps)."""


def seen_from(text: str, mover: int, viewer: int) -> str:
    """A play's text (the mover's numbering, gnubg notation) in the numbers the viewer's board prints.

    >>> seen_from("24/20* 13/9", 0, 1)
    '1/5* 12/16'
    >>> seen_from("8/4(2) bar/22", 1, 1)
    '8/4(2) bar/22'
    """
    if mover == viewer:
        return text
    return _POINT.sub(lambda m: str(25 - int(m.group(1))), text)


def verb(name: str, third_person: str) -> str:
    """``name`` and the verb as English has it: "Red takes", "You take".

    >>> verb("You", "wins"), verb("Expert", "wins"), verb("You", "goes")
    ('You win', 'Expert wins', 'You go')
    """
    if name != "You":
        return f"{name} {third_person}"
    word = _IRREGULAR.get(third_person, third_person[:-1] if third_person.endswith("s") else third_person)
    return f"{name} {word}"


def sentence(text: str) -> str:
    """``text`` ending as a sentence: a store error is a clause (``...: Permission denied``), and a box
    shows it before a sentence of its own, which would otherwise run on from it.

    >>> sentence("Could not save the game 'g': Permission denied"), sentence("Saved."), sentence("")
    ("Could not save the game 'g': Permission denied.", 'Saved.', '')
    """
    text = text.rstrip()
    return text if not text or text[-1] in ".!?" else f"{text}."


def wrap_lines(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters; a word longer than a line is cut, never lost."""
    return textwrap.wrap(text, width)


def cut(text: str, width: int, *, at_word: bool = True) -> str:
    """``text`` in at most ``width`` characters, ending in an ellipsis when cut (at a space if one is
    near, unless ``at_word`` is off: a list's column cuts where it must).

    >>> cut("Bartholomew", 8), cut("Ann", 8), cut("is not a legal play", 12)
    ('Barth...', 'Ann', 'is not a...')
    >>> cut("Friday night", 11), cut("Friday night", 11, at_word=False)
    ('Friday...', 'Friday n...')
    """
    if len(text) <= width:
        return text
    room = max(0, width - len(ELLIPSIS))
    head = text[:room]
    space = head.rfind(" ")
    if at_word and space >= room // 2:  # end at a word rather than mid-word, unless that wastes half the room
        head = head[:space]
    return head.rstrip() + ELLIPSIS[:width]


def wrap_words(text: str, width: int, rows: int | None = None) -> list[str]:
    """``text`` wrapped on spaces in lines of at most ``width``, never breaking a word across two lines.

    A word longer than a whole line (a 24-letter name in a narrow strip) is
    shortened with an ellipsis instead of being split mid-word; with ``rows``,
    text that needs more lines ends in an ellipsis on the last one.

    >>> wrap_words("The man on the bar cannot go to point 1 with 4/1", 23)
    ['The man on the bar', 'cannot go to point 1', 'with 4/1']
    >>> wrap_words("AAAAAAAAAAAAAAAAAAAAAAAA goes first with 6-1", 23)
    ['AAAAAAAAAAAAAAAAAAAA...', 'goes first with 6-1']
    >>> wrap_words("one two three four five", 9, rows=2)
    ['one two', 'three...']
    """
    words = [w if len(w) <= width else cut(w, width) for w in text.split()]
    lines = textwrap.wrap(" ".join(words), width, break_long_words=False, break_on_hyphens=False)
    if rows is not None and len(lines) > rows:
        lines = [*lines[: rows - 1], cut(" ".join(lines[rows - 1 :]), width)]  # greedy: more than a line
    return lines


def fill(text: str, first: int, rest: int | None = None) -> list[str]:
    """``text`` on rows of ``first`` characters, then ``rest``: broken at spaces, nothing ever cut.

    For words a player must read whole (a 24-letter name in a box 21 wide):
    a word longer than a whole row goes on over the next, as a name written
    across a line break does, never shortened. A space written as :data:`KEEP`
    never breaks a row.

    >>> fill("Bartholomew wins a gammon, 2 points", 19, 21)
    ['Bartholomew wins a', 'gammon, 2 points']
    >>> fill("Abcdefghijklmnopqrstuvwx wins 1 point", 19, 21)
    ['Abcdefghijklmnopqrs', 'tuvwx wins 1 point']
    >>> fill(f"Bartholomew: Doubles{KEEP}=>{KEEP}2", 19)  # words kept together
    ['Bartholomew:', 'Doubles => 2']
    """
    rest = first if rest is None else rest
    if first >= rest:  # a first row no narrower: textwrap's own case
        rows = textwrap.wrap(text, max(1, rest), break_on_hyphens=False) or [""]
    else:
        indent = "\x00" * (rest - first)  # the first row's missing room, taken off again below
        rows = textwrap.wrap(text, rest, initial_indent=indent, break_on_hyphens=False) or [indent]
        rows[0] = rows[0][len(indent) :]
    return [row.replace(KEEP, " ") for row in rows]


def last_moved(match: Match) -> Moved | None:
    """The last play of the game now under way (None before its first), replayed from the match's record.

    A resumed game marks and says its last move as if it had just been made.
    """
    replay = match.restarted()
    last: Moved | None = None
    for action in match.record:
        events: list[Event] = replay.apply(action)
        for e in events:
            if isinstance(e, GameStarted):
                last = None
            elif isinstance(e, Moved):
                last = e
    return last


@dataclass
class MessageLog:
    """What the table has said, newest last; the strip shows the latest whole, a line at a time if long.

    ``age`` counts the frames the latest message has shown: a message longer
    than the strip's lines scrolls up a line every :data:`SCROLL_FRAMES`, then
    starts again, so its reason is always read in full.
    """

    keep: int = 40
    said: list[str] = field(default_factory=list)
    age: int = 0

    @property
    def latest(self) -> str:
        return self.said[-1] if self.said else ""

    def say(self, text: str) -> None:
        text = text[:1].upper() + text[1:]
        if text:
            self.said.append(text)
            del self.said[: -self.keep]
        self.age = 0

    def clear(self) -> None:
        """The strip goes blank (a roll); the log keeps what was said."""
        if self.said and self.said[-1]:
            self.said.append("")
            del self.said[: -self.keep]
        self.age = 0

    def tick(self) -> None:
        self.age += 1

    def first_line(self, width: int, rows: int) -> int:
        """Which line of the latest message (wrapped to ``width``) heads the strip of ``rows`` lines now."""
        stops = len(wrap_words(self.latest, width)) - rows + 1
        return (self.age // SCROLL_FRAMES) % stops if stops > 1 else 0

    def history(self) -> list[str]:
        """The messages said, oldest first, without the blanks."""
        return [s for s in self.said if s]


def wrap_box(lines: Sequence[str], cols: int, rows: int) -> list[str]:
    """A box's lines, each longer than ``cols`` wrapped on spaces; more than ``rows`` end in "...".

    A word longer than the whole line (a path) is split rather than lost, as
    :func:`textwrap.wrap` does; an empty line stays, as a gap between paragraphs.

    >>> wrap_box(["'13/7 13/11 13/9' is not a legal play of 6-2: 13/9 is 4 pips"], 30, 4)
    ["'13/7 13/11 13/9' is not a", 'legal play of 6-2: 13/9 is 4', 'pips']
    >>> wrap_box(["a b c d e f g h"], 5, 2)
    ['a b c', 'd...']
    """
    out: list[str] = []
    for line in lines:
        out.extend(textwrap.wrap(line, cols, break_on_hyphens=False) or [""])
    if len(out) > rows:
        out = [*out[: rows - 1], cut(" ".join(out[rows - 1 :]), cols)]
    return out
