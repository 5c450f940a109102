"""Writing a ``.mat`` file in GNU Backgammon's layout, tidied (see :mod:`cart.store.mat.matfile`)."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import (
    Accept,
    Action,
    AutoDoubled,
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
    OpeningRoll,
    Passed,
    Play,
    Position,
    Resign,
    Roll,
    Rules,
    Take,
    legal_plays,
)
from ...engine.plays import hit_points
from ..errors import MatError
from ..saves.games import SavedGame
from .matformat import (
    AUTO_NOTE,
    LEFT_WIDTH,
    MAXGAMMON_NOTE,
    NO_CRAWFORD_NOTE,
    OFFERED_NOTE,
    RIGHT_START,
    ROLLED_NOTE,
    SET_UP,
    TIES_NOTE,
    TRANSCRIBER,
    UNPLAYED_NOTE,
    MatInfo,
    game_notes,
    header_value,
)


# -- export -------------------------------------------------------------------------
def _mat_name(name: str) -> str:
    """A name as the score line can carry it: one line, no ``:`` (the name/score separator)."""
    return header_value(name).replace(":", ".") or "Player"


def _pad(text: str, width: int) -> str:
    """``%-Ns`` as C does it: pad to ``width`` bytes of UTF-8, never cut."""
    return text + " " * max(0, width - len(text.encode("utf-8")))


def _plain_moves(position: Position, moves: Sequence[tuple[int, int]]) -> str:
    """gnubg's ``FormatMovePlain``: ``s/t`` per sub-move, ``*`` on a hit, a space after the first three."""
    hits = hit_points(position, tuple(moves))
    parts = []
    for k, ((s, t), hit) in enumerate(zip(moves, hits, strict=True)):
        parts.append(f"{s}/{t}{'*' if hit else ''}{' ' if k < 3 else ''}")
    return "".join(parts)


def _canonical_moves(position: Position, dice: tuple[int, int], play: Play) -> tuple[tuple[int, int], ...]:
    """The sub-moves the engine lists for this play's result with the dice high first.

    The file does not keep the order the dice were rolled in, so choosing by result
    and high-first roll makes a file read back and written again the same file.
    """
    for candidate in legal_plays(position, dice):
        if candidate.result == play.result:
            return candidate.moves
    return play.moves


def _points(n: int) -> str:
    return f"Wins {n} point{'' if n == 1 else 's'}"


class _GameWriter:
    """One game's lines, with gnubg's record counter ``i`` deciding columns and numbers."""

    def __init__(self, out: list[str]) -> None:
        self.out = out
        self.i = 0
        self.file_cube = 1

    def _put(self, kind: str, player: int, sz: str) -> None:
        out, i = self.out, self.i
        if i == 0 and kind == "move" and player == 1:
            out.append("  1)" + " " * (RIGHT_START - 4))
            self.i = i = 1
        if (i & 1) or kind == "resign":
            out.append(sz)
            out.append("\n")
        else:
            out.append(f"{i // 2 + 1:3d}) {_pad(sz, LEFT_WIDTH)} ")

    def move(self, player: int, dice: tuple[int, int], text: str, won: int | None) -> None:
        """A roll and its play (``text`` empty for a dance); ``won``: points if it ended the game."""
        self._put("move", player, f"{dice[0]}{dice[1]}: {text}")
        if won is not None:
            self.out.append(" " * 34 if self.i & 1 else "\n      ")
            self.out.append(f"{_points(won)}\n\n")
        self.i += 1

    def double(self, player: int) -> None:
        self.file_cube *= 2
        self._put("double", player, f" Doubles => {self.file_cube}")
        self.i += 1

    def take(self, player: int) -> None:
        self._put("take", player, " Takes")
        self.i += 1

    def drop(self, player: int, points: int) -> None:
        gap = "\n      " if self.i & 1 else " " * 23
        self._put("drop", player, f" Drops{gap}{_points(points)}")
        self.out.append("\n")
        if not self.i & 1:
            self.out.append("\n")
        self.i += 1

    def resign(self, player: int, points: int) -> None:
        """``player`` forfeits; the winner's column gets ``Wins``."""
        odd = self.i & 1
        left = ("\n" if odd else "") + "      "  # the left player won: end the line, indent 6
        right = " " if odd else " " * 34  # the right player won: after the left column, or col 34
        lead = left if player == 1 else right
        self._put("resign", player, f"{lead}{_points(points)}\n")
        self.i += 1


def _sources(source: Match | SavedGame) -> tuple[Match, MatInfo]:
    if isinstance(source, SavedGame):
        created = source.created
        date = f"{created[0:4]}.{created[5:7]}.{created[8:10]}" if len(created) >= 10 else None
        return source.match, MatInfo(event=source.name, date=date)
    if isinstance(source, Match):
        return source, MatInfo()
    raise TypeError(f"export_mat takes a Match or a SavedGame, got {type(source).__name__}")


def _record_notes(rules: Rules, record: Sequence[Action]) -> list[str]:
    """The comment lines for what the record holds and the format cannot say (see :mod:`.matformat`).

    Each game's opening ties, each roll given up unplayed (a resignation or forfeit after rolling),
    and the unfinished turn: a roll not yet played, a resignation not yet answered.
    """
    replay = Match(rules)
    ties: dict[int, list[int]] = {}
    unplayed: dict[int, str] = {}
    rolled: Roll | None = None  # the roll of the turn under way, not played yet
    offered: Resign | None = None
    for action in record:
        number = replay.game_number
        events = replay.apply(action)
        if isinstance(action, Roll):
            if any(isinstance(e, OpeningRoll) and e.winner is None for e in events):
                ties.setdefault(number, []).append(action.dice[0])
            else:  # a roll no move can play is written as a dance: nothing is left to say
                rolled = None if any(isinstance(e, Passed) for e in events) else action
        elif isinstance(action, Resign):
            offered = action
        elif isinstance(action, Decline):
            offered = None
        else:
            if isinstance(action, (Accept, Forfeit)) and rolled is not None:
                unplayed[number] = f"{rolled.dice[0]} {rolled.dice[1]}"
            rolled = offered = None
    notes = game_notes(TIES_NOTE, {n: " ".join(map(str, dice)) for n, dice in ties.items()})
    notes += game_notes(UNPLAYED_NOTE, unplayed)
    if rolled is not None and replay.game.phase in ("move", "resigned"):
        notes.append(f"{ROLLED_NOTE} {rolled.dice[0]} {rolled.dice[1]}")
    if offered is not None and replay.game.phase == "resigned":
        notes.append(f"{OFFERED_NOTE} {('left', 'right')[offered.player]} at level {offered.level}")
    return notes


def export_mat(source: Match | SavedGame, info: MatInfo | None = None) -> str:
    """The whole match or session as gnubg writes a ``.mat`` file; ``info`` sets the header.

    gnubg's columns, less the spaces it leaves at the ends of lines, and with a final newline (a
    match still in play ends mid-line): a file that editors and ``diff`` leave alone, read the same.
    A match begun from a set-up position raises :class:`MatError`: the format cannot say it.
    """
    match, default_info = _sources(source)
    info = info or default_info
    rules, names, record = match.rules, match.names, match.record
    if match.start is not None and match.start != GameState.new(rules):
        # Said before anything is replayed: the record does not even replay from the usual start.
        raise MatError(SET_UP)
    out: list[str] = []
    tags = [("Site", info.site), ("Event", info.event), ("Round", info.round), ("EventDate", info.date)]
    tags.append(("Transcriber", info.transcriber or TRANSCRIBER))
    out.extend(f'; [{tag} "{header_value(value)}"]\n' for tag, value in tags if value)
    out.append("\n")
    notes = list(info.comments)
    if rules.variant == "maxgammon":
        notes.append(MAXGAMMON_NOTE)
    if rules.auto_doubles:
        notes.append(AUTO_NOTE)
    if rules.is_match and rules.uses_cube and not rules.crawford:
        notes.append(NO_CRAWFORD_NOTE)
    notes.extend(_record_notes(rules, record))
    if notes:
        out.extend(f"; {header_value(line)}\n" for line in notes)
        out.append("\n")
    out.append(f" {rules.match_length} point match\n\n")

    shown = (_mat_name(names[0]), _mat_name(names[1]))
    replay = Match(rules, names=names)
    writer: _GameWriter | None = None
    pending: tuple[int, tuple[int, int]] | None = None  # a roll not yet played: (player, dice high first)

    def begin_game() -> _GameWriter:
        out.append(f" Game {replay.game_number}\n")
        score = replay.score
        # gnubg pads to 31 bytes; a longer left side keeps one space, or no reader finds the right name
        left = _pad(f"{shown[0]} : {score[0]}", 31)
        out.append(f" {left if left.endswith(' ') else left + ' '}{shown[1]} : {score[1]}\n")
        return _GameWriter(out)

    writer = begin_game()
    for action in record:
        game = replay.game
        if isinstance(action, NewGame):
            replay.apply(action)
            writer = begin_game()
            pending = None
            continue
        mover = game.turn
        before = game.position
        events = replay.apply(action)
        if isinstance(action, Roll):
            for event in events:
                if isinstance(event, AutoDoubled):
                    writer.file_cube = event.cube
                if isinstance(event, OpeningRoll) and event.winner is not None:
                    mover = event.winner
            if replay.game.phase == "opening":
                continue
            dice = (max(action.dice), min(action.dice))
            if any(isinstance(e, Passed) for e in events):
                writer.move(mover, dice, "", None)
            else:
                pending = (mover, dice)
        elif isinstance(action, Move):
            assert pending is not None
            moved = next(e for e in events if isinstance(e, Moved))
            over = next((e for e in events if isinstance(e, GameOver)), None)
            moves = _canonical_moves(before, pending[1], moved.play)
            writer.move(mover, pending[1], _plain_moves(before, moves), over.points if over else None)
            pending = None
        elif isinstance(action, Double):
            writer.double(mover)
        elif isinstance(action, Take):
            writer.take(1 - mover)
        elif isinstance(action, Drop):
            over = next(e for e in events if isinstance(e, GameOver))
            writer.drop(1 - mover, over.points)
        elif isinstance(action, Forfeit):
            pending = None  # an unplayed roll is left out: see the module docstring
            over = next(e for e in events if isinstance(e, GameOver))
            writer.resign(action.player, over.points)
        elif isinstance(action, Accept):
            # An accepted resignation is gnubg's "Wins N points"; an offer declined leaves no trace.
            pending = None
            over = next(e for e in events if isinstance(e, GameOver))
            writer.resign(1 - over.winner, over.points)
    if (replay.match_id(), replay.position_id(), replay.score) != (
        match.match_id(),
        match.position_id(),
        match.score,
    ):  # cannot happen for a match from the usual start; kept as the check that the export is whole
        raise MatError(SET_UP)
    return tidy("".join(out))


def tidy(text: str) -> str:
    """``text`` without spaces at the ends of its lines, ending in one newline unless empty.

    >>> tidy(" Game 1\\n  1) 31: 8/5 6/5    \\n  2) 42: 8/4")
    ' Game 1\\n  1) 31: 8/5 6/5\\n  2) 42: 8/4\\n'
    """
    lines = [line.rstrip(" ") for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "".join(f"{line}\n" for line in lines)
