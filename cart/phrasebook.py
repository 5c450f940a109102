"""The engine's events in words, for every front end: the table's strip, the terminal game, the game-over box.

Each event is said here once, ``short`` for the board's strip and whole sentences
for the terminal; no Pyxel and no I/O, so the terminal game never imports the UI.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cart.engine import (
    RESIGN_LEVELS,
    AutoDoubled,
    Doubled,
    Dropped,
    Event,
    Forfeited,
    GameOver,
    GameStarted,
    Match,
    MatchOver,
    Moved,
    OpeningRoll,
    Passed,
    ResignAccepted,
    ResignDeclined,
    ResignOffered,
    Rolled,
    Taken,
    format_roll,
)

_POINT = re.compile(r"(?<![(\d])(\d{1,2})(?![)\d])")  # a point number, not a count such as (2)
_IRREGULAR = {"goes": "go", "has": "have", "is": "are", "does": "do"}
_WON = {
    "single": "the game",
    "gammon": "a gammon",
    "backgammon": "a backgammon",
    "resign": "on the resignation",
}


def seen_from(text: str, mover: int, viewer: int | None) -> str:
    """A play's text (the mover's numbering, gnubg notation) in the numbers the viewer's board prints;
    ``viewer`` None: in the mover's own, as gnubg and XG write every play.

    >>> seen_from("24/20* 13/9", 0, 1), seen_from("24/20* 13/9", 0, None)
    ('1/5* 12/16', '24/20* 13/9')
    >>> seen_from("8/4(2) bar/22", 1, 1)
    '8/4(2) bar/22'
    """
    if viewer is None or mover == viewer:
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


def whose(name: str) -> str:
    """``name``'s, as a label of a figure: "Your equity", "Expert's equity".

    >>> whose("You"), whose("Expert")
    ('Your', "Expert's")
    """
    return "Your" if name == "You" else f"{name}'s"


def signed(x: float, places: int) -> str:
    """``x`` signed at ``places`` decimals as it reads: what rounds to nothing is "+0.00", never "-0.00".

    >>> signed(-0.004, 2), signed(-0.006, 2), signed(0.25, 3)
    ('+0.00', '-0.01', '+0.250')
    """
    shown = round(x, places)
    return f"{shown if shown else 0.0:+.{places}f}"


def points(n: int) -> str:
    """``n`` points in words.

    >>> points(1), points(4)
    ('1 point', '4 points')
    """
    return f"{n} point{'s' if n != 1 else ''}"


def said(
    event: Event,
    names: Sequence[str],
    *,
    short: bool = False,
    viewer: int | None = 0,
    score: str = "",
    dice: tuple[int, int] | None = None,
) -> str:
    """``event`` in words: a sentence of the terminal game, or (``short``) the strip's words ("": nothing).

    A short play is said in ``viewer``'s board numbers (None: the mover's own), with its ``dice``
    ("Expert rolled 32: 13/10 13/11").

    >>> said(Doubled(0, 2), ["Expert", "You"], short=True), said(Doubled(0, 2), ["Expert", "You"])
    ('Expert doubles to 2', 'Expert doubles: the cube would go to 2.')
    """
    n = names
    match event:
        case OpeningRoll(dice=(a, b), winner=None):
            return (
                f"both rolled {a}: roll again"
                if short
                else f"{n[0]} rolls {a}, {n[1]} rolls {b}: a tie, roll again."
            )
        case OpeningRoll(dice=(a, b), winner=int(w)):
            if short:
                return f"{verb(n[w], 'goes')} first with {format_roll((a, b))}"
            return f"{n[0]} rolls {a}, {n[1]} rolls {b}: {n[w]} moves first, playing {format_roll((a, b))}."
        case AutoDoubled(cube=c):
            return f"a tie: the cube turns to {c}" if short else f"Automatic double: the cube turns to {c}."
        case Rolled(player=p, dice=(a, b)):
            return "" if short else f"{n[p]} rolls {format_roll((a, b))}."  # the strip clears for the dice
        case Passed(player=p, dice=(a, b)):
            if short:
                return f"{n[p]} rolled {format_roll((a, b))} and cannot move"
            return f"{n[p]} cannot play {format_roll((a, b))}: no move possible, the turn passes."
        case Moved(player=p, text=text, hits=hits):
            if short:
                seen = seen_from(text, p, viewer)
                how = "played" if dice is None else f"rolled {format_roll(dice)}:"
                return f"{n[p]} {how} {seen}"
            hit = f" (hit on {', '.join(map(str, hits))})" if hits else ""
            return f"{n[p]} plays {text}{hit}."
        case Doubled(player=p, cube=c):
            return (
                f"{verb(n[p], 'doubles')} to {c}" if short else f"{n[p]} doubles: the cube would go to {c}."
            )
        case Taken(player=p, cube=c):
            if short:
                return f"{verb(n[p], 'takes')}: the cube is at {c}"
            return f"{n[p]} takes: the cube is at {c}, owned by {n[p]}."
        case Dropped(player=p, cube=c):
            return verb(n[p], "drops") if short else f"{n[p]} drops and loses {points(c)}."
        case Forfeited(player=p):
            return verb(n[p], "forfeits") if short else f"{n[p]} forfeits the game."
        case ResignOffered(player=p, level=level, points=pts):
            if short:
                return f"{verb(n[p], 'offers')} to resign for {pts}"
            return f"{n[p]} offers to resign a {RESIGN_LEVELS[level]}: {points(pts)} to {n[1 - p]}."
        case ResignAccepted(player=p, points=pts):
            if short:
                return f"{verb(n[p], 'accepts')} the resignation: {pts} points"
            return f"{n[p]} accepts the resignation."
        case ResignDeclined(player=p):
            return (
                f"{verb(n[p], 'declines')}: play on"
                if short
                else f"{n[p]} declines the resignation: play goes on."
            )
        case GameOver(winner=w, points=pts, kind=kind):  # the strip leaves it to the game-over box
            return "" if short else f"{n[w]} wins {_WON.get(kind, 'the game')}: {points(pts)}. Score {score}."
        case MatchOver(winner=w):
            return "" if short else f"{n[w]} wins the match, {score}!"
        case GameStarted(number=num, crawford=crawford):
            if short:
                return f"game {num}{' (Crawford)' if crawford else ''}: roll the dice"
            return f"Game {num} begins{' (the Crawford game: no doubling)' if crawford else ''}."
    return "" if short else str(event)


def game_over(match: Match, names: Sequence[str]) -> list[str]:
    """The game-over box's words: who won and how (single / gammon / backgammon x cube; MaxGammon has no
    cube), then the score."""
    game = match.game
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
        level = RESIGN_LEVELS.get(game.resigned, "game")
        how = f"{loser} resigned: {verb(winner, 'wins')} a {level}, {game.points}"
    else:
        value = {"single": 1, "gammon": 2, "backgammon": 3}[kind or "single"]
        times = f"{value} x cube {game.cube} = " if cube else ""
        how = f"{verb(winner, 'wins')} a {kind}: {times}{game.points}"
    lines = [how + " point" + ("s." if game.points != 1 else ".")]
    score = f"Score {names[0]} {match.score[0]} - {match.score[1]} {names[1]}"
    if match.rules.is_match:
        lines.append(f"{score}, match to {match.rules.match_length}.")
        if match.is_match_over:
            lines.append(f"{verb(names[match.match_winner or 0], 'wins')} the match.")
    else:
        lines.append(f"{score}.")
    return lines
