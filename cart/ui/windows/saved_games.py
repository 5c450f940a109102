"""Saved games in words: a free name for the next, a list row, where one lies on disk. No Pyxel here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cart.store import GameSummary
from cart.ui.kit.text import cut, local_time, shown

if TYPE_CHECKING:
    from cart.store import Store


def free_name(store: Store, stem: str) -> str:
    """The first of ``stem``, ``stem 2``, ``stem 3``... no saved game has; "Game 2" goes on to "Game 3"."""
    if not store.games.exists(stem):
        return stem
    base, _, last = stem.rpartition(" ")
    n = int(last) if base and last.isdigit() and last.isascii() and len(last) < 6 else 1
    if n == 1:
        base = stem
    while True:
        n += 1
        name = f"{base} {n}"
        if not store.games.exists(name):
            return name


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


def export_path(store: Store, entry: str) -> str:
    """Where an entry of the store lies on disk, for messages (the entry itself for other backends)."""
    folder = getattr(store.backend, "folder", None)
    return entry if folder is None else str(folder.joinpath(*entry.split("/")))
