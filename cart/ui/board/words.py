"""What the table says, in words a player reads: plays in the board's own numbers, "You" as English.

The engine writes a play in the mover's numbering, the board prints the viewer's:
:func:`seen_from` rewrites it, so the top player's "24/20*" reads "1/5*", where
the men really went. :class:`MessageLog` keeps what was said, for the strip and
the Messages box.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cart.engine import Event, GameStarted, Match, Moved
from cart.ui.kit.text import wrap_words

_POINT = re.compile(r"(?<![(\d])(\d{1,2})(?![)\d])")  # a point number, not a count such as (2)
_IRREGULAR = {"goes": "go", "has": "have", "is": "are", "does": "do"}

SCROLL_FRAMES = 45
"""Frames each line of a long message rests in the strip before it moves up by one (1.5 s at 30 fps)."""


def seen_from(text: str, mover: int, viewer: int) -> str:
    """A play's text (mover's numbering, gnubg notation) in the numbers the viewer's board prints."""
    if mover == viewer:
        return text
    return _POINT.sub(lambda m: str(25 - int(m.group(1))), text)


def verb(name: str, third_person: str) -> str:
    """``name`` and the verb as English has it: "Red takes", "You take"."""
    if name != "You":
        return f"{name} {third_person}"
    word = _IRREGULAR.get(third_person, third_person[:-1] if third_person.endswith("s") else third_person)
    return f"{name} {word}"


def last_moved(match: Match) -> Moved | None:
    """The last play of the game under way (None before its first), so a resumed game marks its last move."""
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
    """What the table has said, newest last; the strip shows the latest whole.

    A message longer than the strip scrolls a line every :data:`SCROLL_FRAMES`, so it is read in full.
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
