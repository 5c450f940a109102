"""What the table says, in words a player reads: plays in the board's own numbers, "You" as English.

No Pyxel here. The engine writes a play in the mover's numbering (its 24
point is the opponent's 1), but the board prints one numbering, the viewer's:
:func:`seen_from` rewrites a play's text in the numbers printed on the board,
so "24/20*" by the player at the top reads "1/5*", where the men really went.
:func:`verb` conjugates for a player named "You" ("You take", not "You
takes"). :class:`MessageLog` keeps what was said, for the strip (the latest,
whole, on as many lines as the strip has, scrolled a line at a time only when
longer still) and the Messages box.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cart.engine import Event, GameStarted, Match, Moved, Passed
from cart.ui.kit.text import wrap_words

_POINT = re.compile(r"(?<![(\d])(\d{1,2})(?![)\d])")  # a point number, not a count such as (2)
_IRREGULAR = {"goes": "go", "has": "have", "is": "are", "does": "do"}

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


def last_rolls(match: Match) -> list[tuple[Moved | Passed, tuple[int, int] | None]]:
    """Each side's last roll in the game now under way, played or passed, with its dice, oldest first.

    A resumed game says them (and marks the last play) as if they had just been made.
    """
    replay = match.restarted()
    last: dict[int, tuple[Moved | Passed, tuple[int, int] | None]] = {}
    for action in match.record:
        dice = replay.game.dice
        events: list[Event] = replay.apply(action)
        for e in events:
            if isinstance(e, GameStarted):
                last = {}
            elif isinstance(e, Moved):
                last.pop(e.player, None)
                last[e.player] = (e, dice)
            elif isinstance(e, Passed):
                last.pop(e.player, None)
                last[e.player] = (e, e.dice)
    return list(last.values())


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
    passing: str = ""  # words for the moment only (the tutor at work): in the strip, never in the log

    @property
    def latest(self) -> str:
        return self.passing or (self.said[-1] if self.said else "")

    def say(self, text: str) -> None:
        text = text[:1].upper() + text[1:]
        if text:
            self.said.append(text)
            del self.said[: -self.keep]
        self.age, self.passing = 0, ""

    def meanwhile(self, text: str) -> None:
        """``text`` in the strip until the next word: what is under way now, not worth keeping."""
        self.passing, self.age = text[:1].upper() + text[1:], 0

    def clear(self) -> None:
        """The strip goes blank (a roll); the log keeps what was said."""
        if self.said and self.said[-1]:
            self.said.append("")
            del self.said[: -self.keep]
        self.age, self.passing = 0, ""

    def tick(self) -> None:
        self.age += 1

    def first_line(self, width: int, rows: int) -> int:
        """Which line of the latest message (wrapped to ``width``) heads the strip of ``rows`` lines now."""
        stops = len(wrap_words(self.latest, width)) - rows + 1
        return (self.age // SCROLL_FRAMES) % stops if stops > 1 else 0

    def history(self) -> list[str]:
        """The messages said, oldest first, without the blanks."""
        return [s for s in self.said if s]
