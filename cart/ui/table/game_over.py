"""The game-over box's words: who won and how, the score, and what the ratings did.

They read the finished game, the match and the store's rating history; the table only plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cart.store import StoreError
from cart.ui.board.words import verb

if TYPE_CHECKING:
    from .table import Table


def game_over_lines(t: Table) -> list[str]:
    """Who won, how (single / gammon / backgammon x cube; MaxGammon has no cube), score, ratings."""
    game = t.match.game
    names = [p.name for p in t.players]
    assert game.winner is not None
    winner, loser = names[game.winner], names[1 - game.winner]
    kind = game.result
    cube = game.rules.uses_cube  # MaxGammon has none: a game is worth what it is won by
    if kind == "drop":
        how = f"{loser} refused the double: {verb(winner, 'wins')} {game.points}"
    elif kind == "forfeit":
        times = f"2 x cube {game.cube} = " if cube else ""
        how = f"{loser} forfeited: {verb(winner, 'wins')} {times}{game.points}"
    elif kind == "resign":
        level = {1: "single", 2: "gammon", 3: "backgammon"}.get(game.resigned, "game")
        how = f"{loser} resigned: {verb(winner, 'wins')} a {level}, {game.points}"
    else:
        value = {"single": 1, "gammon": 2, "backgammon": 3}[kind or "single"]
        times = f"{value} x cube {game.cube} = " if cube else ""
        how = f"{verb(winner, 'wins')} a {kind}: {times}{game.points}"
    lines = [how + " point" + ("s." if game.points != 1 else ".")]
    m = t.match
    score = f"Score {names[0]} {m.score[0]} - {m.score[1]} {names[1]}"
    if m.rules.is_match:
        lines.append(f"{score}, match to {m.rules.match_length}.")
        if m.is_match_over:
            lines.append(f"{verb(names[m.match_winner or 0], 'wins')} the match.")
    else:
        lines.append(f"{score}.")
    return lines + rating_lines(t)


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
