"""Saved games in words: a free name for the next, a list row, where one lies on disk. No Pyxel here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cart.store import GameSummary
from cart.ui.kit.text import cut, local_time, shown

if TYPE_CHECKING:
    from cart.store import Store

COLUMNS = (("Name", 17), ("Players and score", 20), ("Rules", 18), ("Last played", 17))
"""Each column's heading and width in characters (72: the list box, clear of the scroll buttons).

The name is what tells two saved games apart, so it has the most room; the
players' names are also on the board once the game is open.

The text in each is :data:`GAP` characters narrower, cut with "..." before the
gap, so no column runs into the next ("..., over  Standard to 3"); the last
needs only a character's margin to the box's edge.
"""
GAP = 2
WIDTHS = (*(width - GAP for _, width in COLUMNS[:-1]), COLUMNS[-1][1] - 1)


def free_name(store: Store, stem: str) -> str:
    """The first of ``stem``, ``stem 2``, ``stem 3``... no saved game has; "Game 2" goes on to "Game 3".

    The number goes where the list shows it: at the end of a name that fits the Name column, else first
    ("2 Match three v Master"), as three new matches named "Match three v..." could not be told apart.
    """
    if not store.games.exists(stem):
        return stem
    first, _, rest = stem.partition(" ")
    base, _, last = stem.rpartition(" ")
    if rest and _counted(first) and len(shown(f"{rest} {first}")) > WIDTHS[0]:  # a count put first
        n, base = int(first), rest
    else:
        n = int(last) if base and _counted(last) else 1
        if n == 1:
            base = stem
    while True:
        n += 1
        name = f"{base} {n}"
        if len(shown(name)) > WIDTHS[0]:
            name = f"{n} {base}"
        if not store.games.exists(name):
            return name


def _counted(word: str) -> bool:
    """Whether ``word`` is a count a name goes on from ("Game 2", "2 Match three")."""
    return word.isdigit() and word.isascii() and len(word) < 6


def score_text(s: GameSummary, width: int) -> str:
    """Whose score it is in ``width`` characters (``Ann 4-0 Bob``, ``, over`` when done), names cut to fit."""
    names = s.options.names
    middle = f" {s.score[0]}-{s.score[1]} "
    tail = ", over" if s.match_over else ""
    room = width - len(middle) - len(tail)
    first = shown(names[0])
    second_room = max(3, room - min(len(first), room // 2))
    second = cut(shown(names[1]), second_room, at_word=False)
    first = cut(shown(names[0]), max(3, room - len(second)), at_word=False)
    return first + middle + second + tail


def summary_line(s: GameSummary, widths: Sequence[int] = (11, 22, 16, 16)) -> tuple[str, ...]:
    """A list row's columns within widths: name, players and score, rules ("Standard to 3"), last played."""
    r = s.options.rules
    rules = "MaxGammon" if r.variant == "maxgammon" else "Standard"
    rules += f" to {r.match_length}" if r.is_match else ", money"
    name_w, score_w, rules_w, played_w = widths
    if s.newer:
        return (cut(shown(s.name), name_w, at_word=False), cut("a newer version's", score_w), "", "")
    return (
        cut(shown(s.name), name_w, at_word=False),
        score_text(s, score_w),
        cut(shown(rules), rules_w, at_word=False),
        cut(shown(local_time(s.played)), played_w, at_word=False),
    )


def full_line(s: GameSummary) -> str:
    """A saved game's name, players and score whole ("3 Match three v Master: You 1-2 Master"), for its
    tip and for the list on the whole screen, where the columns cut them."""
    return f"{shown(s.name)}: {players_line(s)}"


def players_line(s: GameSummary) -> str:
    """Both players and the score whole: "Bartholomew Fitzwilliams 1-2 Master, over"."""
    names = s.options.names
    over = ", over" if s.match_over else ""
    return f"{shown(names[0])} {s.score[0]}-{s.score[1]} {shown(names[1])}{over}"


def export_path(store: Store, entry: str) -> str:
    """Where an entry of the store lies on disk, for messages (the entry itself for other backends)."""
    folder = getattr(store.backend, "folder", None)
    return entry if folder is None else str(folder.joinpath(*entry.split("/")))
