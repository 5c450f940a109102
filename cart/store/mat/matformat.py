"""What both directions of the ``.mat`` format share: the layout's columns, our comment lines, the header.

See :mod:`cart.store.mat.matfile` for the format and what it cannot say.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

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
UNPLAYED_NOTE = "Rolled, then gave up:"
"""``; Rolled, then gave up: game 2: 5 2; game 7: 6 1``: the roll of a game resigned or forfeited before
its roll was played (as rolled; in the roll-off player 0's die, then player 1's). The format writes
the result alone; our import rolls these first, so a game given up right after its opening roll
(when the roll-off decided who gives up on roll) replays."""
ROLLED_NOTE = "Unfinished turn: rolled"
"""``; Unfinished turn: rolled 6 2``: the dice of a roll not yet played when the file was written, as
rolled (in the roll-off: player 0's die, player 1's); our import rolls them."""
OFFERED_NOTE = "Unfinished turn: resignation offered by"
"""``; Unfinished turn: resignation offered by right at level 2``: a resignation not yet answered when the
file was written, by the left or right column's player, of a single game (1), gammon (2) or
backgammon (3); our import offers it again."""
NOTE_WIDTH = 200
"""Characters of one of our comment lines at most: a long money session's notes go on several lines."""
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


@dataclass
class RecordNotes:
    """What our comment lines add to the moves: ties and rolls given up, per game; the unfinished turn."""

    ties: dict[int, list[int]] = field(default_factory=dict)
    unplayed: dict[int, tuple[int, int]] = field(default_factory=dict)
    rolled: tuple[int, int] | None = None
    offered: tuple[int, int] | None = None  # (player, level)


def game_notes(head: str, parts: dict[int, str]) -> list[str]:
    """``head game 1: ...; game 4: ...`` over as many lines of at most :data:`NOTE_WIDTH` as it takes."""
    lines: list[str] = []
    line = ""
    for number, text in sorted(parts.items()):
        part = f"game {number}: {text}"
        if line and len(line) + 2 + len(part) > NOTE_WIDTH:
            lines.append(line)
            line = ""
        line = f"{line}; {part}" if line else f"{head} {part}"
    return [*lines, line] if line else lines


def _games(body: str) -> dict[int, list[int]]:
    """``game 1: 3 5; game 4: 2`` as {1: [3, 5], 4: [2]}; ``ValueError`` for anything else."""
    found: dict[int, list[int]] = {}
    for part in body.split(";"):
        words = part.replace(":", " ").split()
        if len(words) < 3 or words[0] != "game" or not all(w.isdigit() and w.isascii() for w in words[1:]):
            raise ValueError(part)
        found[int(words[1])] = [int(w) for w in words[2:]]
    return found


def _die(word: str) -> int:
    if len(word) != 1 or word not in "123456":
        raise ValueError(word)
    return int(word)


def read_record_notes(body: str, notes: RecordNotes) -> bool:
    """Add what one of our comment lines says to ``notes``; False when the line is not one of ours.

    Raises ``ValueError`` for one of ours that cannot be read.
    """
    if body.startswith(TIES_NOTE):
        notes.ties.update(_games(body[len(TIES_NOTE) :]))
    elif body.startswith(UNPLAYED_NOTE):
        for number, dice in _games(body[len(UNPLAYED_NOTE) :]).items():
            if len(dice) != 2:
                raise ValueError(body)
            notes.unplayed[number] = (_die(str(dice[0])), _die(str(dice[1])))
    elif body.startswith(ROLLED_NOTE):
        words = body[len(ROLLED_NOTE) :].split()
        if len(words) != 2:
            raise ValueError(body)
        notes.rolled = (_die(words[0]), _die(words[1]))
    elif body.startswith(OFFERED_NOTE):
        words = body[len(OFFERED_NOTE) :].split()
        if len(words) != 4 or words[0] not in ("left", "right") or words[1:3] != ["at", "level"]:
            raise ValueError(body)
        if words[3] not in ("1", "2", "3"):
            raise ValueError(body)
        notes.offered = (0 if words[0] == "left" else 1, int(words[3]))
    else:
        return False
    return True


def header_value(text: str) -> str:
    """A tag value on one line, without the quote that would end it."""
    return " ".join("".join(c for c in text if unicodedata.category(c)[0] != "C").split()).replace('"', "'")
