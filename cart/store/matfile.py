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
from dataclasses import dataclass, field

from ..engine import (
    RESIGN_LEVELS,
    Action,
    EngineError,
    Match,
    NewGame,
    Passed,
    Rules,
)
from .errors import MatError
from .matexport import export_mat
from .matformat import (
    COLUMN_SPLIT,
    MAX_MAT_BYTES,
    MatInfo,
    header_value,
    read_record_notes,
)
from .names import MAX_PLAYER_NAME

__all__ = ["MAX_MAT_BYTES", "MatImport", "MatInfo", "export_mat", "import_mat"]


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
    name = header_value(unicodedata.normalize("NFC", name))
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
        column = 0 if hit.start() < COLUMN_SPLIT else 1
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
                ours = read_record_notes(body)
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
