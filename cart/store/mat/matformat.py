"""What both directions of the ``.mat`` format share: the layout's columns, our comment lines, the header.

See :mod:`cart.store.mat.matfile` for the format and what it cannot say.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

MAX_MAT_BYTES = 4 * 1024 * 1024
"""The largest ``.mat`` accepted: a long money session is a few hundred kilobytes."""

TRANSCRIBER = "Gammon Cart"
LEFT_WIDTH = 27
RIGHT_START = 33  # where gnubg's right column begins: "%3d) %-27s "
COLUMN_SPLIT = 30  # items starting before this column are the left player's

MAXGAMMON_NOTE = "Rules: MaxGammon (no doubling cube; White, the left column, opens every game)"
AUTO_NOTE = "Rules: automatic doubles (opening ties turned the cube; cube values shown include them)"
TIES_NOTE = "Opening ties:"
"""``; Opening ties: game 1: 3 5; game 4: 2``: the ties of each game's roll-off (33, then 55...), which
the format has no place for; our import replays them, so automatic doubles rebuild the same cube."""
ROLLED_NOTE = "Unfinished turn: rolled"
"""``; Unfinished turn: rolled 6 2``: the dice of a roll not yet played when the file was written, as
rolled (in the roll-off: player 0's die, player 1's); our import rolls them."""
NO_CRAWFORD_NOTE = "Rules: no Crawford rule"
SET_UP = "this match began from a set-up position, which a .mat file cannot describe"


@dataclass(frozen=True)
class MatInfo:
    """The header of a ``.mat`` file: gnubg's tags and the free comment lines."""

    event: str | None = None
    site: str | None = None
    round: str | None = None
    date: str | None = None  # "YYYY.MM.DD"
    transcriber: str | None = None
    comments: tuple[str, ...] = ()


def read_record_notes(body: str) -> tuple[dict[int, list[int]], tuple[int, int] | None] | None:
    """The ties and the unplayed roll of one of our comment lines, or None when it is not one."""
    if body.startswith(TIES_NOTE):
        ties: dict[int, list[int]] = {}
        for part in body[len(TIES_NOTE) :].split(";"):
            words = part.replace(":", " ").split()
            if (
                len(words) < 3
                or words[0] != "game"
                or not all(w.isdigit() and w.isascii() for w in words[1:])
            ):
                raise ValueError(part)
            ties[int(words[1])] = [int(w) for w in words[2:]]
        return ties, None
    if body.startswith(ROLLED_NOTE):
        words = body[len(ROLLED_NOTE) :].split()
        if len(words) != 2 or not all(w in "123456" and len(w) == 1 for w in words):
            raise ValueError(body)
        return {}, (int(words[0]), int(words[1]))
    return None


def header_value(text: str) -> str:
    """A tag value on one line, without the quote that would end it."""
    return " ".join("".join(c for c in text if unicodedata.category(c)[0] != "C").split()).replace('"', "'")
