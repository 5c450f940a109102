"""What the table has said: :class:`MessageLog` keeps it, for the strip and the Messages box.

The words themselves are :mod:`cart.phrasebook`'s; :class:`MessageLog` keeps
what was said, for the strip and the Messages box. No Pyxel here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cart.engine import Match, Moved, Passed
from cart.ui.kit.text import wrap

SCROLL_FRAMES = 45
"""Frames each line of a long message rests in the strip before it moves up by one (1.5 s at 30 fps)."""


def last_rolls(match: Match) -> list[tuple[Moved | Passed, tuple[int, int] | None]]:
    """Each side's last roll in the game now under way, played or passed, with its dice, oldest first.

    A resumed game says them (and marks the last play) as if they had just been made. The match
    keeps them as it goes (:attr:`cart.engine.Match.last_turns`): nothing is replayed, so a long
    session opens as fast as it loads.
    """
    return list(match.last_turns.values())


@dataclass
class MessageLog:
    """What the table has said, newest last; the strip shows the latest whole.

    A message longer than the strip scrolls a line every :data:`SCROLL_FRAMES`, so it is read in full.
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
        stops = len(wrap(self.latest, width, cut_words=True)) - rows + 1
        return (self.age // SCROLL_FRAMES) % stops if stops > 1 else 0

    def history(self) -> list[str]:
        """The messages said, oldest first, without the blanks."""
        return [s for s in self.said if s]
