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
    Move,
    Moved,
    NewGame,
    Passed,
    Resign,
    Roll,
    Take,
)

from .messages import seen_from, verb

__all__ = ["MARKS", "Line", "LineKind", "Lines", "read_lines"]

LineKind = Literal["game", "move", "pass", "double", "take", "drop", "resign", "answer", "forfeit", "end"]

MARKS = {"doubtful": "?!", "bad": "?", "very bad": "??"}
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
    replay = Match(match.rules, names=names, start=match.start)
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
            points = action.level * before.cube
            line = Line("resign", i, before, score, game_number, action.player, text=f"Resigns {points}")
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
            won = f"{over.points} point{'s' if over.points != 1 else ''}"
            text = f"{verb(names[over.winner], 'wins')} {won}"
            lines.append(Line("end", i, after, replay.score, game_number, over.winner, text=text))
    return Lines(names, lines, len(record), viewer)


def _score_text(names: tuple[str, str], score: tuple[int, int]) -> str:
    return f"{names[0]} {score[0]} - {score[1]} {names[1]}"
