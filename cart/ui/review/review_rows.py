"""The Review window's lines, read from a match's record: one per turn, cube action and game's end.

No Pyxel here, and no judgement: the record is replayed through the engine
once, when the window opens, so every line is known (and shows its moment on
the board) before the analysis has reached it; the analysis
(:class:`cart.ai.review.Review`) is matched to the lines by the record index it
names, as it arrives. A line's moment is the game as the player saw it when
deciding: the board with the dice rolled before a play, the cube still in the
middle before a double.
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
    Take,
)
from cart.phrasebook import seen_from, verb

__all__ = [
    "MARKS",
    "RESIGNED",
    "Line",
    "LineKind",
    "Lines",
    "end_sentences",
    "game_heading",
    "ordinal",
    "read_lines",
]

LineKind = Literal["game", "move", "pass", "double", "take", "drop", "resign", "answer", "forfeit", "end"]

MARKS = {"doubtful": "?!", "bad": "?", "very bad": "??"}
RESIGNED = {1: "a single game", 2: "a gammon", 3: "a backgammon"}
"""What a resignation of each level gives up (gnubg's words), as the list and the detail box say it."""
"""gnubg's marks for an error, as its move lists print them."""


@dataclass
class Line:
    """One line of the move list and the moment it shows.

        ``index`` is the record index of the action the line is about (a game's
        heading: the index its first action will have; a game's end: the action
        that ended it); ``state`` the game shown for it, ``score`` the match score
        then; ``text`` the line's words, a play in the numbers printed on the board
    the window shows (as the table says it); ``moves`` the play made (mover's
    numbering), for the arrows.
        ``roll_index``: the roll the play was made with, whose luck the line shows and
        at which a "no double" decision was made.
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
    """Every line of a match, in order, with the names that say whose they are.

    ``viewer``: the seat whose numbering the plays are written in (None: each
    mover's own, as a .mat file and the terminal write them).
    """

    names: tuple[str, str]
    lines: list[Line]
    upto: int  # the record's length read
    viewer: int | None = None

    def seen(self, text: str, player: int) -> str:
        """A play's text by ``player`` (mover's numbering) in the numbering these lines are written in."""
        return text if self.viewer is None else seen_from(text, player, self.viewer)


def read_lines(match: Match, upto: int | None = None, viewer: int | None = None) -> Lines:
    """The lines of ``match.record[:upto]``, replayed from the match's own start (set-up boards too).

    With ``viewer``, plays are written in the numbers printed on that seat's
    board (the Review window's, so "17/20 19/20" as the table said it, not the
    mover's "8/5 6/5"); without, in each mover's own.
    """
    numbering = Lines(match.names, [], 0, viewer)
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
            line.heading = game_heading(line.game_number, games, match.rules.is_match)
    return Lines(names, lines, len(record), viewer)


def worth(n: int) -> str:
    """Points as words: "1 point", "2 points"."""
    return f"{n} point{'s' if n != 1 else ''}"


def end_sentences(
    names: tuple[str, str], over: GameOver, match_score: tuple[int, int] | None, level: int = 0
) -> tuple[str, ...]:
    """How a game ended, said whole in one sentence: how, for how much, and the match when it ends it.

    The list's line beside the winner's token says only "Wins 2 points" (a
    .mat file's words); the detail box tells it all. It names one player,
    the one who ended the game (by bearing off, or by giving it up): under a
    heading its box holds six rows of 21 letters, and two names of 24
    (MAX_PLAYER_NAME) with the kind, the points and the match need seven or
    eight for many a name (a play-test's ended "Maximiliana..."). The other
    player is the only other one there is. ``level``: a resignation's (1
    single, 2 gammon, 3 backgammon).

    >>> end_sentences(("White", "Red"), GameOver(winner=1, points=4, kind="gammon"), None)
    ('Red wins a gammon, 4 points.',)
    >>> end_sentences(("White", "You"), GameOver(winner=0, points=3, kind="resign"), (5, 2), 3)
    ('You resign a backgammon, 3 points, and lose the match 2-5.',)
    >>> end_sentences(("White", "Red"), GameOver(winner=0, points=1, kind="single"), (5, 2))
    ('White wins 1 point and the match 5-2.',)
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


def game_heading(number: int, games: int, is_match: bool) -> str:
    """Which game of the record a game's lines belong to, in words no saved game's name is made of.

    A saved game is named "Game", "Game 2"...: a heading "Game 1" in the
    Review of the saved match "Game 2" read as a second name for it. So the
    heading is an ordinal of the games reviewed ("1st game of 3"); a money
    session of one game has no other game to tell it from, and says only what it is.

    >>> game_heading(2, 3, True), game_heading(1, 1, True), game_heading(1, 1, False)
    ('2nd game of 3', '1st game', 'Money game')
    >>> game_heading(2, 2, False)  # a money session of two games
    '2nd game of 2'
    """
    if games > 1:
        return f"{ordinal(number)} game of {games}"
    return f"{ordinal(number)} game" if is_match else "Money game"


def ordinal(n: int) -> str:
    """``n`` as an English ordinal, as a heading writes it.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']
    """
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _score_text(names: tuple[str, str], score: tuple[int, int]) -> str:
    return f"{names[0]} {score[0]} - {score[1]} {names[1]}"
