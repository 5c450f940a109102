"""The Review window's lines, read from a match's record: one per turn, cube action and game's end.

The record is replayed once when the window opens, so every line shows its moment
before the analysis reaches it. A line's moment is the game as the player saw it
deciding: dice rolled before a play, the cube still centred before a double.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from cart.engine import (
    Accept,
    Action,
    Decline,
    Double,
    Drop,
    Forfeit,
    GameOver,
    GameState,
    Match,
    MatchOver,
    Move,
    Moved,
    NewGame,
    Passed,
    Resign,
    Roll,
    Rules,
    Take,
)
from cart.phrasebook import seen_from, verb

LineKind = Literal["game", "move", "pass", "double", "take", "drop", "resign", "answer", "forfeit", "end"]

MARKS = {"doubtful": "?!", "bad": "?", "very bad": "??"}
RESIGNED = {1: "a single game", 2: "a gammon", 3: "a backgammon"}
"""What a resignation of each level gives up (gnubg's words), as the list and the detail box say it."""
"""gnubg's marks for an error, as its move lists print them."""


@dataclass
class Line:
    """One line of the move list and the moment it shows.

    ``index``: the record index the line is about; ``state``/``score``: the game
    shown; ``text``: its words in the board's numbers; ``moves``: the play, for the
    arrows; ``roll_index``: the roll whose luck it shows.
    """

    kind: LineKind
    index: int
    state: GameState
    score: tuple[int, int]
    game_number: int
    player: int | None = None
    number: int = 0  # the turn's number in its game (0: a line with no number)
    dice: tuple[int, int] | None = None
    text: str = ""
    moves: tuple[tuple[int, int], ...] = ()
    roll_index: int | None = None  # the Roll before a play: its luck, and a "no double" made at it
    after: GameState | None = field(default=None, repr=False)
    heading: str = ""  # a game's heading or end: which game of the match it is (:func:`game_heading`)
    told: tuple[str, ...] = ()  # a game's end in whole sentences, for the detail box (:func:`end_sentences`)


@dataclass
class Lines:
    """Every line of a match in order, with its names; ``viewer``: the seat at the bottom (None: none),
    whose numbers plays are written in unless ``mover_numbers`` (each in its mover's own)."""

    names: tuple[str, str]
    lines: list[Line]
    upto: int  # the record's length read
    viewer: int | None = None
    mover_numbers: bool = False

    def seen(self, text: str, player: int) -> str:
        """A play's text by ``player`` (mover's numbering) in the numbering these lines are written in."""
        return seen_from(text, player, None if self.mover_numbers else self.viewer)


def read_lines(
    match: Match, upto: int | None = None, viewer: int | None = None, *, mover_numbers: bool = False
) -> Lines:
    """The lines of ``match.record[:upto]``, replayed from the match's own start.

    With ``viewer``, plays in the numbers on that seat's board, as the table said them.
    """
    numbering = Lines(match.names, [], 0, viewer, mover_numbers)
    record: Sequence[Action] = match.record if upto is None else match.record[:upto]
    names = match.names
    replay = match.restarted()  # its own start and start score: a set-up match replays from where it began
    lines: list[Line] = [Line("game", 0, replay.game, replay.score, 1, text=_score_text(names, replay.score))]
    number = 0
    for i, action in enumerate(record):
        before, score, game_number = replay.game, replay.score, replay.game_number
        events = replay.apply(action)
        after = replay.game
        if isinstance(action, NewGame):
            number = 0
            lines.append(
                Line("game", i, after, replay.score, replay.game_number, text=_score_text(names, score))
            )
            continue
        line: Line | None = None
        actor = before.actor if before.phase != "over" else None
        if isinstance(action, Roll):
            passed = next((e for e in events if isinstance(e, Passed)), None)
            if passed is not None:
                number += 1
                line = Line(
                    "pass", i, before, score, game_number, passed.player, number, passed.dice, "no move"
                )
        elif isinstance(action, Move):
            moved = next(e for e in events if isinstance(e, Moved))
            number += 1
            line = Line(
                "move",
                i,
                before,
                score,
                game_number,
                moved.player,
                number,
                before.dice,
                numbering.seen(moved.text, moved.player),
                moved.play.moves,
            )
            prev = record[i - 1] if i else None
            if isinstance(prev, Roll) and before.phase == "move":
                line.roll_index = i - 1
        elif isinstance(action, Double):
            line = Line("double", i, before, score, game_number, actor, text=f"Doubles => {before.cube * 2}")
        elif isinstance(action, (Take, Drop)):
            kind: LineKind = "take" if isinstance(action, Take) else "drop"
            line = Line(
                kind, i, before, score, game_number, actor, text="Takes" if kind == "take" else "Drops"
            )
        elif isinstance(action, Resign):
            text = f"Resigns {RESIGNED[action.level]}"  # what was given up; its points are on the end's line
            line = Line("resign", i, before, score, game_number, action.player, text=text)
        elif isinstance(action, (Accept, Decline)):
            answer = "Accepts" if isinstance(action, Accept) else "Declines"
            line = Line("answer", i, before, score, game_number, actor, text=answer)
        elif isinstance(action, Forfeit):
            line = Line("forfeit", i, before, score, game_number, action.player, text="Forfeits")
        if line is not None:
            line.after = after
            lines.append(line)
        over = next((e for e in events if isinstance(e, GameOver)), None)
        if over is not None:
            match_over = next((e for e in events if isinstance(e, MatchOver)), None)
            won = f"Wins {worth(over.points)}{' and the match' if match_over else ''}"  # as a .mat says
            level = before.resigned if isinstance(action, Accept) else 0
            told = end_sentences(names, over, replay.score if match_over else None, level)
            line = Line("end", i, after, replay.score, game_number, over.winner, text=won, told=told)
            lines.append(line)
    games = replay.game_number
    for line in lines:
        if line.kind in ("game", "end"):
            line.heading = game_heading(line.game_number, games, match.rules)
    return Lines(names, lines, len(record), viewer, mover_numbers)


def worth(n: int) -> str:
    """Points as words: "1 point", "2 points"."""
    return f"{n} point{'s' if n != 1 else ''}"


def end_sentences(
    names: tuple[str, str], over: GameOver, match_score: tuple[int, int] | None, level: int = 0
) -> tuple[str, ...]:
    """How a game ended, whole, in one sentence naming only the player who ended it.

    Two 24-letter names would not fit the detail box; ``level`` is a resignation's.
    """
    winner, loser = names[over.winner], names[1 - over.winner]
    points = worth(over.points)
    if over.kind in ("resign", "drop", "forfeit"):
        given = {"resign": RESIGNED.get(level, "the game"), "drop": "the double", "forfeit": "the game"}
        said = f"{verb(loser, over.kind + 's')} {given[over.kind]}, {points}"
        if match_score is not None:
            mine, theirs = match_score[1 - over.winner], match_score[over.winner]
            lose = verb(loser, "loses").removeprefix(loser).strip()  # "You lose", "Red loses"
            said += f", and {lose} the match {mine}-{theirs}"
        return (said + ".",)
    said = f"{verb(winner, 'wins')} {points}"
    if over.kind in ("gammon", "backgammon"):
        said = f"{verb(winner, 'wins')} a {over.kind}, {points},"
    if match_score is not None:
        mine, theirs = match_score[over.winner], match_score[1 - over.winner]
        said += f" and the match {mine}-{theirs}"
    return (said.removesuffix(",") + ".",)


def game_heading(number: int, games: int, rules: Rules) -> str:
    """Which game of the record a line belongs to, as an ordinal: "Game 2" would read as a saved game's name.

    >>> game_heading(2, 3, Rules(match_length=3)), game_heading(1, 1, Rules(match_length=3))
    ('2nd game of 3', '1st game')
    >>> game_heading(1, 1, Rules()), game_heading(1, 1, Rules(variant="maxgammon"))
    ('Money game', 'MaxGammon game')
    >>> game_heading(2, 2, Rules())  # a money session of two games
    '2nd game of 2'
    """
    if games > 1:
        return f"{ordinal(number)} game of {games}"
    if rules.is_match:
        return f"{ordinal(number)} game"
    return "Money game" if rules.uses_cube else "MaxGammon game"


def ordinal(n: int) -> str:
    """``n`` as an English ordinal, as a heading writes it."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _score_text(names: tuple[str, str], score: tuple[int, int]) -> str:
    return f"{names[0]} {score[0]} - {score[1]} {names[1]}"
