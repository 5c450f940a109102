"""The game-over box's words: who won and how, the score, and what the ratings did.

They read the finished game, the match and the store's rating history; the table only plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cart.phrasebook import game_over
from cart.store import StoreError

if TYPE_CHECKING:
    from .table import Table


def game_over_lines(t: Table) -> list[str]:
    """Who won and how, the score (the phrasebook's words), then the ratings."""
    return game_over(t.match, [p.name for p in t.players]) + rating_lines(t)


def rating_lines(t: Table) -> list[str]:
    """Each player's rating before -> after, as the store's history says the result moved it."""
    if t.session is None or t.store is None:
        return []
    game = t.session.game
    m = t.match
    if game.set_up:
        return ["A game set up from a position is not rated."]
    if m.rules.is_match and not m.is_match_over:
        return ["Ratings change when the match ends."]
    ref = f"{game.game_id}:match" if m.rules.is_match else f"{game.game_id}:game:{m.game_number}"
    lines = []
    for seat in (0, 1):
        try:
            found = [c for c in t.store.ratings.history(game.options.player_id(seat)) if c.ref == ref]
        except StoreError:
            found = []
        if found:
            c = found[-1]
            name = t.players[seat].name
            lines.append(f"Rating {name}: {c.before:.1f} -> {c.after:.1f} ({c.after - c.before:+.1f})")
    return lines or ["Ratings unchanged."]
