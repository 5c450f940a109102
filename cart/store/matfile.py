"""Jellyfish ``.mat`` match records: written exactly as GNU Backgammon writes them, read leniently.

**Export** follows gnubg's ``ExportMatchMat``/``ExportGameJF`` (export.c) line
for line: header tags, `` N point match``, `` Game N``, the score line (names
padded to 31 *bytes*, as C's ``%-31s`` does), numbered lines whose left column
is ``%3d) %-27s `` and whose right column follows it, every sub-move written
separately in gnubg's plain style (``24/18 24/18``, ``25/22``, ``6/0``,
``13/7*``, a space after each of the first three), cube actions (`` Doubles
=> 2``, `` Takes``, `` Drops``), and ``Wins N point(s)`` where gnubg puts them,
quirks included: a move in the right column ends in a space unless it has
four parts, an unfinished game ends mid-line. Money play is `` 0 point match``.

What the format cannot say, and how it is written:

- MaxGammon games are plain cubeless games; a comment line ``; Rules:
  MaxGammon ...`` records the rule set (our importer reads it back, gnubg keeps
  it as a comment).
- A resignation accepted is ``Wins N points`` in the winner's column, N its
  level (1 single, 2 gammon, 3 backgammon) x the cube; one declined leaves
  no trace, as in gnubg's files. Reading, a gammon's worth is taken as a
  forfeit (seed 000's: the opponent wins twice the cube, whatever the
  position), the others as :class:`~cart.engine.Resign` then
  :class:`~cart.engine.Accept`.
- A forfeit (the opponent wins twice the cube) is gnubg's resignation of a
  gammon: ``Wins N points`` in the winner's column. A forfeit after rolling
  leaves the unplayed roll out: gnubg's writer would put a bare ``62:``
  there that its own reader cannot place (it drops the resignation, or plays
  a forced move), and XG's ``62: ???`` fares no better; the roll changes
  nothing, since a forfeit costs twice the cube whatever the dice.
- A game forfeited before its first roll is a game with no moves: gnubg's
  reader skips such a game (ours reads it).
- Automatic doubles (opening ties turning the cube) have no notation. gnubg
  itself writes nothing for them (its export has a FIXME) and then writes
  cube values that are off by that factor; we write the true values instead
  (`` Doubles => 4`` for the first double after one tie, and the points
  actually won), and say so in a ``; Rules:`` comment. The ties themselves
  go in a header comment, ``; Opening ties: game 1: 3 5; game 4: 2`` (33
  then 55 in game 1), which our import replays before each roll-off, so the
  cube, the points and the Match IDs come back the same; gnubg keeps it as
  a comment.
- A roll not yet played when the file is written (an unfinished game) goes
  in ``; Unfinished turn: rolled 6 2``, as rolled, and our import rolls it.

**Import** reads gnubg's files and the common variants: ``13/7(2)`` repeats,
chained moves ``24/18/13``, ``bar``/``off`` or ``25``/``0``, ``*`` marks,
``Wins N points and the match``, a dance written as a bare roll, ``Cannot
Move``, XG's ``???`` (resigned after rolling), ``#`` comments, a UTF-8 byte
order mark, CRLF line ends, names with a GamesGrid ``, rating``. Every action
is replayed through the engine, so an illegal move is an error naming its
line, and the result is all or nothing.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import (
    RESIGN_LEVELS,
    Accept,
    Action,
    AutoDoubled,
    Decline,
    Double,
    Drop,
    EngineError,
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
from ..engine.plays import hit_points
from .errors import MatError
from .games import SavedGame
from .names import MAX_PLAYER_NAME

__all__ = ["MAX_MAT_BYTES", "MatImport", "MatInfo", "export_mat", "import_mat"]

MAX_MAT_BYTES = 4 * 1024 * 1024
"""The largest ``.mat`` accepted: a long money session is a few hundred kilobytes."""

TRANSCRIBER = "Gammon Cart"
_LEFT_WIDTH = 27
_RIGHT_START = 33  # where gnubg's right column begins: "%3d) %-27s "
_COLUMN_SPLIT = 30  # items starting before this column are the left player's

_MAXGAMMON_NOTE = "Rules: MaxGammon (no doubling cube; White, the left column, opens every game)"
_AUTO_NOTE = "Rules: automatic doubles (opening ties turned the cube; cube values shown include them)"
_TIES_NOTE = "Opening ties:"
"""``; Opening ties: game 1: 3 5; game 4: 2``: the ties of each game's roll-off (33, then 55...), which
the format has no place for; our import replays them, so automatic doubles rebuild the same cube."""
_ROLLED_NOTE = "Unfinished turn: rolled"
"""``; Unfinished turn: rolled 6 2``: the dice of a roll not yet played when the file was written, as
rolled (in the roll-off: player 0's die, player 1's); our import rolls them."""
_NO_CRAWFORD_NOTE = "Rules: no Crawford rule"
_SET_UP = "this match began from a set-up position, which a .mat file cannot describe"


# -- export -------------------------------------------------------------------------
@dataclass(frozen=True)
class MatInfo:
    """The header of a ``.mat`` file: gnubg's tags and the free comment lines."""

    event: str | None = None
    site: str | None = None
    round: str | None = None
    date: str | None = None  # "YYYY.MM.DD"
    transcriber: str | None = None
    comments: tuple[str, ...] = ()


def _header_value(text: str) -> str:
    """A tag value on one line, without the quote that would end it."""
    return " ".join("".join(c for c in text if unicodedata.category(c)[0] != "C").split()).replace('"', "'")


def _mat_name(name: str) -> str:
    """A name as the score line can carry it: one line, no ``:`` (the name/score separator)."""
    return _header_value(name).replace(":", ".") or "Player"


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

    One play can be written through different stops (13/7 7/5 or 13/11 11/5),
    and the engine's choice follows the order the dice were rolled in, which
    the file does not keep (it writes the high die first). Choosing by the
    result and the high-first roll makes the text depend on the game alone, so
    a file read back and written again is the same file.
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
            out.append("  1)" + " " * (_RIGHT_START - 4))
            self.i = i = 1
        if (i & 1) or kind == "resign":
            out.append(sz)
            out.append("\n")
        else:
            out.append(f"{i // 2 + 1:3d}) {_pad(sz, _LEFT_WIDTH)} ")

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
    """The comment lines for what the record holds and the format cannot say: ties, an unplayed roll."""
    replay = Match(rules)
    ties: dict[int, list[int]] = {}
    rolled: Roll | None = None
    for action in record:
        events = replay.apply(action)
        if isinstance(action, Roll):
            if any(isinstance(e, OpeningRoll) and e.winner is None for e in events):
                ties.setdefault(replay.game_number, []).append(action.dice[0])
            else:
                rolled = action
        elif not isinstance(action, (Resign, Decline)):
            rolled = None
    notes = []
    if ties:
        games = "; ".join(f"game {n}: {' '.join(map(str, dice))}" for n, dice in sorted(ties.items()))
        notes.append(f"{_TIES_NOTE} {games}")
    if rolled is not None and replay.game.phase in ("move", "resigned"):
        notes.append(f"{_ROLLED_NOTE} {rolled.dice[0]} {rolled.dice[1]}")
    return notes


def _read_record_notes(body: str) -> tuple[dict[int, list[int]], tuple[int, int] | None] | None:
    """The ties and the unplayed roll of one of our comment lines, or None when it is not one."""
    if body.startswith(_TIES_NOTE):
        ties: dict[int, list[int]] = {}
        for part in body[len(_TIES_NOTE) :].split(";"):
            words = part.replace(":", " ").split()
            if (
                len(words) < 3
                or words[0] != "game"
                or not all(w.isdigit() and w.isascii() for w in words[1:])
            ):
                raise ValueError(part)
            ties[int(words[1])] = [int(w) for w in words[2:]]
        return ties, None
    if body.startswith(_ROLLED_NOTE):
        words = body[len(_ROLLED_NOTE) :].split()
        if len(words) != 2 or not all(w in "123456" and len(w) == 1 for w in words):
            raise ValueError(body)
        return {}, (int(words[0]), int(words[1]))
    return None


def export_mat(source: Match | SavedGame, info: MatInfo | None = None) -> str:
    """The whole match or session as gnubg writes a ``.mat`` file.

    ``info`` sets the header (a :class:`SavedGame` gives its name as the event
    and its creation date). Raises :class:`MatError` for a match that began
    from a set-up position, which the format cannot describe.
    """
    match, default_info = _sources(source)
    info = info or default_info
    rules, names, record = match.rules, match.names, match.record
    if match.start is not None and match.start != GameState.new(rules):
        # Said before anything is replayed: the record does not even replay from the usual start.
        raise MatError(_SET_UP)
    out: list[str] = []
    tags = [("Site", info.site), ("Event", info.event), ("Round", info.round), ("EventDate", info.date)]
    tags.append(("Transcriber", info.transcriber or TRANSCRIBER))
    out.extend(f'; [{tag} "{_header_value(value)}"]\n' for tag, value in tags if value)
    out.append("\n")
    notes = list(info.comments)
    if rules.variant == "maxgammon":
        notes.append(_MAXGAMMON_NOTE)
    if rules.auto_doubles:
        notes.append(_AUTO_NOTE)
    if rules.is_match and rules.uses_cube and not rules.crawford:
        notes.append(_NO_CRAWFORD_NOTE)
    notes.extend(_record_notes(rules, record))
    if notes:
        out.extend(f"; {_header_value(line)}\n" for line in notes)
        out.append("\n")
    out.append(f" {rules.match_length} point match\n\n")

    shown = (_mat_name(names[0]), _mat_name(names[1]))
    replay = Match(rules, names=names)
    writer: _GameWriter | None = None
    pending: tuple[int, tuple[int, int]] | None = None  # a roll not yet played: (player, dice high first)

    def begin_game() -> _GameWriter:
        out.append(f" Game {replay.game_number}\n")
        score = replay.score
        out.append(f" {_pad(f'{shown[0]} : {score[0]}', 31)}{shown[1]} : {score[1]}\n")
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
        raise MatError(_SET_UP)
    return "".join(out)


# -- import -------------------------------------------------------------------------
@dataclass(frozen=True)
class MatImport:
    """A match read from a ``.mat`` file: rules, names and the engine record, plus the header.

    ``notes`` lists what was read but not used (for example games after the
    match was already won, which gnubg also ignores).
    """

    rules: Rules
    names: tuple[str, str]
    record: list[Action]
    info: MatInfo = field(default_factory=MatInfo)
    notes: tuple[str, ...] = ()

    def replay(self, rng: random.Random | None = None) -> Match:
        """The match rebuilt by the engine (``rng`` serves the rolls made after it)."""
        return Match.replay(self.rules, self.record, names=self.names, rng=rng)


_POINT_MATCH = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.I)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.I)
_AFTER_COLON = re.compile(r"\s*(\d+)\s+(?=\S)")
MAX_LINE = 1000
"""The longest line read: gnubg's lines are under 100 characters. A cap keeps every pattern
applied to a line bounded, so a hostile file costs time in proportion to its size."""


def _score_line(line: str) -> tuple[str, int, str, int] | None:
    """``name : score   name : score`` as (name, score, name, score), or None; linear time.

    The names are the shortest that fit, as the regular expression this
    replaces read them (``.*?``), but found by scanning for colons: that
    pattern backtracked over runs of spaces, and a 32 KB line took 5 s.
    """
    text = line.strip()
    head, colon, tail = text.rpartition(":")
    if not colon or not tail.strip().isdigit() or not tail.strip().isascii():
        return None
    s1 = int(tail.strip())
    head = head.rstrip()
    start = 0
    while (at := head.find(":", start)) != -1:
        start = at + 1
        n0 = head[:at].rstrip()
        found = _AFTER_COLON.match(head, at + 1)
        if n0 and found is not None and found.group(1).isascii():
            n1 = head[found.end() :]
            if n1:
                return n0, int(found.group(1)), n1, s1
    return None


_TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9 ]*?)\s+"(.*)"\s*\]$')
_NUMBERED = re.compile(r"^\s*\d+\)")
_ITEM = re.compile(
    r"(?P<roll>(?<![\d/])(?P<d1>[1-6])(?P<d2>[1-6]):)"
    r"|(?P<double>(?P<cube_word>Doubles|Beavers|Raccoons)\s*=>\s*(?P<cube>\d+))"
    r"|(?P<take>\bTakes\b|\bAccepts\b)"
    r"|(?P<drop>\bDrops\b|\bPasses\b|\bRejects\b|\bRefuses\b)"
    r"|(?P<wins>\bWins\s+(?P<points>\d+)\s+points?(?P<match>\s+and\s+the\s+match)?)",
    re.I,
)
_NO_MOVE = {"", "cannot move", "can't move", "no move", "???"}
_DATE = re.compile(r"^(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})$")


@dataclass
class _Item:
    line: int
    column: int  # 0 left, 1 right
    kind: str
    dice: tuple[int, int] = (0, 0)
    text: str = ""
    value: int = 0
    word: str = ""


def _decode(data: str | bytes) -> str:
    if isinstance(data, bytes):
        if len(data) > MAX_MAT_BYTES:
            raise MatError(f"the file is {len(data)} bytes, more than a match record can be")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")  # older Windows programs
    elif isinstance(data, str):
        text = data
    else:
        raise MatError(f"a .mat file is text or bytes, got {type(data).__name__}")
    if len(text) > MAX_MAT_BYTES:
        raise MatError(f"the file is {len(text)} characters, more than a match record can be")
    return text.removeprefix("\ufeff")


def _clean_name(raw: str) -> str:
    name = re.sub(r"\s*,\s*[-+]?\d+(\.\d+)?\s*$", "", raw)  # GamesGrid: "name, rating"
    name = _header_value(unicodedata.normalize("NFC", name))
    return name[:MAX_PLAYER_NAME].strip() or "Player"


def _read_items(line: str, number: int) -> list[_Item]:
    """The actions on one move line, each with its column."""
    body_start = 0
    m = _NUMBERED.match(line)
    if m:
        body_start = m.end()
    found = list(_ITEM.finditer(line, body_start))
    items: list[_Item] = []
    leftover = line[body_start : found[0].start()] if found else line[body_start:]
    if leftover.strip():
        raise MatError(f"cannot read {leftover.strip()!r}", number)
    for k, hit in enumerate(found):
        end = found[k + 1].start() if k + 1 < len(found) else len(line)
        column = 0 if hit.start() < _COLUMN_SPLIT else 1
        tail = line[hit.end() : end].strip()
        if hit.group("roll"):
            items.append(_Item(number, column, "roll", (int(hit.group("d1")), int(hit.group("d2"))), tail))
            continue
        if tail:
            raise MatError(f"cannot read {tail!r} after {hit.group(0)!r}", number)
        if hit.group("double"):
            items.append(
                _Item(number, column, "double", value=int(hit.group("cube")), word=hit.group("cube_word"))
            )
        elif hit.group("take"):
            items.append(_Item(number, column, "take"))
        elif hit.group("drop"):
            items.append(_Item(number, column, "drop"))
        else:
            items.append(_Item(number, column, "wins", value=int(hit.group("points"))))
    return items


@dataclass
class _RecordNotes:
    """What our comment lines add to the moves: each game's opening ties, a roll not yet played."""

    ties: dict[int, list[int]] = field(default_factory=dict)
    rolled: tuple[int, int] | None = None


def _read_header(lines: list[str], notes: _RecordNotes) -> tuple[int, int, MatInfo, dict[str, bool]]:
    """Header tags and comments, up to the `` N point match`` line: (its index, N, info, rules notes)."""
    tags: dict[str, str] = {}
    comments: list[str] = []
    flags = {"maxgammon": False, "auto": False, "no_crawford": False}
    for index, raw in enumerate(lines):
        text = raw.strip()
        if not text:
            continue
        if text[0] in ";#":
            body = text[1:].strip()
            tag = _TAG.match(body)
            try:
                ours = _read_record_notes(body)
            except ValueError:
                raise MatError(f"cannot read the comment {body[:60]!r}", index + 1) from None
            if ours is not None:
                ties, rolled = ours
                notes.ties.update(ties)
                notes.rolled = rolled or notes.rolled
            elif tag:
                tags[tag.group(1).lower()] = tag.group(2)
            elif body:
                comments.append(body)
                low = body.lower()
                flags["maxgammon"] |= low.startswith("rules: maxgammon")
                flags["auto"] |= low.startswith("rules: automatic doubles")
                flags["no_crawford"] |= low.startswith("rules: no crawford")
            continue
        found = _POINT_MATCH.match(text)
        if not found:
            raise MatError(f"expected ' N point match' before {text[:40]!r}", index + 1)
        date = tags.get("eventdate")
        if date is not None:
            d = _DATE.match(date.strip())
            date = f"{int(d.group(1)):04d}.{int(d.group(2)):02d}.{int(d.group(3)):02d}" if d else None
        info = MatInfo(
            event=tags.get("event"),
            site=tags.get("site"),
            round=tags.get("round"),
            date=date,
            transcriber=tags.get("transcriber"),
            comments=tuple(comments),
        )
        return index, int(found.group(1)), info, flags
    raise MatError("this is not a .mat file: there is no ' N point match' line")


def import_mat(data: str | bytes, *, rules: Rules | None = None) -> MatImport:
    """Read a ``.mat`` file (text, or bytes in UTF-8 or Windows-1252).

    ``rules`` overrides the rule set read from the file (standard, or MaxGammon
    when the file says so, Crawford on in matches as gnubg assumes); its match
    length must agree with the file. Raises :class:`MatError` naming the line
    of the first problem; nothing is half-imported.
    """
    lines = _decode(data).splitlines()
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise MatError(
                f"the line is {len(line)} characters long; a .mat line has at most {MAX_LINE}", number
            )
    notes = _RecordNotes()
    start, length, info, flags = _read_header(lines, notes)
    if rules is None:
        try:
            rules = Rules(
                variant="maxgammon" if flags["maxgammon"] else "standard",
                match_length=length,
                automatic_doubles=flags["auto"] and not flags["maxgammon"],
                crawford=not flags["no_crawford"],
            )
        except EngineError as exc:
            raise MatError(str(exc), start + 1) from None
    elif not isinstance(rules, Rules):
        raise MatError(f"rules must be a Rules value, got {rules!r}")
    elif rules.match_length != length:
        raise MatError(f"the file is a {length} point match, not {rules.match_length}", start + 1)
    return _Importer(rules, info, notes).run(lines, start + 1)


class _Importer:
    """Replays the games of a file through the engine, one item at a time."""

    def __init__(self, rules: Rules, info: MatInfo, notes: _RecordNotes | None = None) -> None:
        self.rules = rules
        self.info = info
        self.record_notes = notes or _RecordNotes()
        self.tied: set[int] = set()  # games whose ties were replayed
        self.match: Match | None = None
        self.notes: list[str] = []
        self.pending_roll = False  # rolled, no move written: only a resignation may follow

    def run(self, lines: list[str], first: int) -> MatImport:
        games = 0
        index = first
        while index < len(lines):
            text = lines[index].strip()
            number = index + 1
            index += 1
            if not text or text[0] in ";#":
                continue
            if not _GAME.match(text):
                raise MatError(f"expected ' Game N', found {text[:40]!r}", number)
            index, score_line = self._next_line(lines, index, number)
            found = _score_line(lines[score_line])
            if found is None:
                raise MatError(
                    f"expected the score line 'name : score   name : score', found {lines[score_line]!r}",
                    score_line + 1,
                )
            score = (found[1], found[3])
            if not self._start_game(games, found, score, score_line + 1):
                self.notes.append(
                    f"line {number}: the match was already over; this game and any after it were ignored"
                )
                break
            games += 1
            index = self._read_game(lines, index)
        if self.match is None:
            raise MatError("the file holds no game")
        match = self.match
        try:
            self._replay_ties()
            rolled = self.record_notes.rolled
            if rolled is not None:
                if match.game.phase not in ("opening", "roll"):
                    raise MatError(
                        "the file says a roll was left unplayed, but its last game has no roll due"
                    )
                match.roll(rolled)
        except EngineError as exc:
            raise MatError(f"the unplayed roll or ties in the comments do not replay: {exc}") from None
        return MatImport(self.rules, match.names, list(match.record), self.info, tuple(self.notes))

    @staticmethod
    def _next_line(lines: list[str], index: int, after: int) -> tuple[int, int]:
        while index < len(lines) and not lines[index].strip():
            index += 1
        if index >= len(lines):
            raise MatError("the file ends after a 'Game' line", after)
        return index + 1, index

    def _start_game(
        self, games: int, found: tuple[str, int, str, int], score: tuple[int, int], number: int
    ) -> bool:
        if self.match is None:
            names = (_clean_name(found[0]), _clean_name(found[2]))
            if score != (0, 0):
                raise MatError(
                    f"the first game starts at {score[0]}-{score[1]}: only records from the start of a "
                    "match can be replayed",
                    number,
                )
            self.match = Match(self.rules, names=names)
            return True
        match = self.match
        if match.game.phase != "over":
            raise MatError(f"game {games} has no result, yet another game begins", number - 1)
        if match.is_match_over:
            return False
        if score != match.score:
            raise MatError(
                f"the score line says {score[0]}-{score[1]}, but the games before it make "
                f"{match.score[0]}-{match.score[1]}",
                number,
            )
        match.new_game()
        self.pending_roll = False
        return True

    def _read_game(self, lines: list[str], index: int) -> int:
        while index < len(lines):
            text = lines[index]
            if _GAME.match(text.strip()):
                return index
            index += 1
            stripped = text.strip()
            if not stripped or stripped[0] in ";#":
                continue
            for item in _read_items(text.rstrip(), index):
                try:
                    self._apply(item)
                except EngineError as exc:
                    raise MatError(str(exc), item.line) from None
        return index

    def _apply(self, item: _Item) -> None:
        match = self.match
        assert match is not None
        game = match.game
        if item.kind == "wins":
            self._wins(item)
            return
        if game.phase == "over":
            raise MatError("the game is already over, but the line goes on", item.line)
        if self.pending_roll:
            raise MatError("a roll without a move must be followed by a resignation", item.line)
        if item.kind == "roll":
            self._roll(item)
        elif item.kind == "double":
            if item.word.lower() != "doubles":
                raise MatError(f"{item.word} are not part of Gammon Cart's rules", item.line)
            match.double()
        elif item.kind == "take":
            match.take()
        elif item.kind == "drop":
            match.drop()

    def _replay_ties(self) -> None:
        """Roll the opening ties our comment recorded for the current game, once, before its roll-off."""
        match = self.match
        assert match is not None
        number = match.game_number
        if match.game.phase == "opening" and number not in self.tied:
            self.tied.add(number)
            for die in self.record_notes.ties.get(number, []):
                match.roll((die, die))

    def _roll(self, item: _Item) -> None:
        match = self.match
        assert match is not None
        self._replay_ties()
        d1, d2 = item.dice
        game = match.game
        if game.phase == "opening":
            if d1 == d2:
                raise MatError(
                    f"the game opens with {d1}{d2}: in standard rules the opening roll is never a double",
                    item.line,
                )
            high, low = max(d1, d2), min(d1, d2)
            match.roll((high, low) if item.column == 0 else (low, high))
        else:
            first = not match.record or isinstance(match.record[-1], NewGame)
            if first and item.column != game.turn:
                raise MatError("MaxGammon: White, the left column, opens every game", item.line)
            events = match.roll((d1, d2))
            if any(isinstance(e, Passed) for e in events):
                if item.text.lower() not in _NO_MOVE:
                    raise MatError(
                        f"no move is possible with {d1}{d2}, but the file plays {item.text!r}", item.line
                    )
                return
        if item.text.lower() in _NO_MOVE:
            self.pending_roll = True
            return
        match.play(item.text)

    def _wins(self, item: _Item) -> None:
        match = self.match
        assert match is not None
        self._replay_ties()
        game = match.game
        if game.phase == "over":
            if item.value != game.points:
                raise MatError(
                    f"the file says {item.value} point(s), but the game was worth {game.points}", item.line
                )
            if item.column != game.winner:
                raise MatError("the points are written in the loser's column", item.line)
            return
        winner = item.column
        level, rest = divmod(item.value, game.cube)
        if rest or level not in RESIGN_LEVELS:
            raise MatError(
                f"a resignation worth {item.value} point(s) with the cube at {game.cube}: a resignation is "
                f"worth 1, 2 or 3 times the cube ({game.cube}, {2 * game.cube} or {3 * game.cube})",
                item.line,
            )
        if game.phase == "doubled":
            raise MatError("a resignation while a double waits for its answer", item.line)
        if level == 2:  # twice the cube: seed 000's forfeit, as our own export writes it
            match.forfeit(1 - winner)
        else:
            match.resign(1 - winner, level)
            match.accept()
        self.pending_roll = False
