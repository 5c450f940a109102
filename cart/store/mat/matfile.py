"""Jellyfish ``.mat`` match records: written as GNU Backgammon lays them out, read leniently.

Export follows gnubg's ``ExportMatchMat``, quirks included, less the spaces it leaves at
line ends. What the format cannot say goes in ``;`` comments that gnubg keeps and our
import reads back, so a match comes back whole:

- ``; Rules: MaxGammon ...``: the rule set (MaxGammon games are plain cubeless games).
- Resignations accepted and forfeits are ``Wins N points`` (N the level x the cube);
  a forfeit reads back as a gammon resignation accepted (same points, score and
  positions), except before any roll, where twice the cube reads as a forfeit.
- ``; Rolled, then gave up: game 2: 5 2``: a roll given up unplayed, which gnubg's own
  reader cannot place as a bare ``52:``. A game with no moves is kept (gnubg skips it).
- ``; Opening ties: game 1: 3 5``: automatic doubles, which gnubg writes nothing for
  (its cube values are then off; we write the true ones).
- ``; Unfinished turn: ...``: a roll not yet played, or a resignation not yet answered.

**Import** reads gnubg's files and the common variants (``13/7(2)``, ``24/18/13``,
``bar``/``25``, XG's ``???``, a BOM, CRLF, GamesGrid ratings). Every action is replayed
through the engine, so an illegal move is an error naming its line: all or nothing.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field

from ...engine import (
    RESIGN_LEVELS,
    Action,
    EngineError,
    Match,
    NewGame,
    Passed,
    Rules,
)
from ..errors import MatError
from .matexport import export_mat as export_mat
from .matformat import MAX_MAT_BYTES, MatInfo as MatInfo, RecordNotes
from .matlines import (
    GAME,
    MAX_LINE,
    NO_MOVE,
    Item,
    clean_name,
    decode,
    read_header,
    read_items,
    score_line,
)


# -- import -------------------------------------------------------------------------
@dataclass(frozen=True)
class MatImport:
    """A match read from a ``.mat`` file: rules, names, record, header, and ``notes`` on what went unused."""

    rules: Rules
    names: tuple[str, str]
    record: list[Action]
    info: MatInfo = field(default_factory=MatInfo)
    notes: tuple[str, ...] = ()

    def replay(self, rng: random.Random | None = None) -> Match:
        """The match rebuilt by the engine (``rng`` serves the rolls made after it)."""
        return Match.replay(self.rules, self.record, names=self.names, rng=rng)


def import_mat(data: str | bytes, *, rules: Rules | None = None) -> MatImport:
    """Read a ``.mat`` file (text, or bytes in UTF-8 or Windows-1252); all or nothing.

    ``rules`` overrides the file's rule set (its match length must agree);
    :class:`MatError` names the line of the first problem.
    """
    lines = decode(data).splitlines()
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise MatError(
                f"the line is {len(line)} characters long; a .mat line has at most {MAX_LINE}", number
            )
    notes = RecordNotes()
    start, length, info, flags = read_header(lines, notes)
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

    def __init__(self, rules: Rules, info: MatInfo, notes: RecordNotes | None = None) -> None:
        self.rules = rules
        self.info = info
        self.record_notes = notes or RecordNotes()
        self.tied: set[int] = set()  # games whose ties were replayed
        self.unrolled: set[int] = set()  # games whose roll given up was replayed
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
            if not GAME.match(text):
                raise MatError(f"expected ' Game N', found {text[:40]!r}", number)
            index, score_at = self._next_line(lines, index, number)
            found = score_line(lines[score_at])
            if found is None:
                raise MatError(
                    f"expected the score line 'name : score   name : score', found {lines[score_at]!r}",
                    score_at + 1,
                )
            score = (found[1], found[3])
            if not self._start_game(games, found, score, score_at + 1):
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
            offered = self.record_notes.offered
            if offered is not None:
                if match.game.phase not in ("roll", "move"):
                    raise MatError(
                        "the file says a resignation was offered, but its last game is not under way"
                    )
                match.resign(*offered)
        except EngineError as exc:
            raise MatError(f"the unfinished turn or the ties in the comments do not replay: {exc}") from None
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
            names = (clean_name(found[0]), clean_name(found[2]))
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
            if GAME.match(text.strip()):
                return index
            index += 1
            stripped = text.strip()
            if not stripped or stripped[0] in ";#":
                continue
            for item in read_items(text.rstrip(), index):
                try:
                    self._apply(item)
                except EngineError as exc:
                    raise MatError(str(exc), item.line) from None
        return index

    def _apply(self, item: Item) -> None:
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

    def _roll(self, item: Item) -> None:
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
                if item.text.lower() not in NO_MOVE:
                    raise MatError(
                        f"no move is possible with {d1}{d2}, but the file plays {item.text!r}", item.line
                    )
                return
        if item.text.lower() in NO_MOVE:
            self.pending_roll = True
            return
        match.play(item.text)

    def _wins(self, item: Item) -> None:
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
        unplayed = self.record_notes.unplayed.get(match.game_number)
        if (
            unplayed is not None
            and game.phase in ("opening", "roll")
            and match.game_number not in self.unrolled
        ):
            self.unrolled.add(match.game_number)
            match.roll(unplayed)  # the roll given up, which the result line does not show
            game = match.game
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
        if level == 2 and game.phase not in ("roll", "move"):  # no resignation yet: a forfeit, twice the cube
            match.forfeit(1 - winner)
        else:  # what gnubg's file says, at every level: a resignation, accepted
            match.resign(1 - winner, level)
            match.accept()
        self.pending_roll = False


# -- for the Review ----------------------------------------------------------------
def replay_mat(data: str | bytes) -> Match:
    """The match a ``.mat`` file's contents record (an upload in the browser), ready for review.

    A :class:`MatError` names the line; nothing is written anywhere.

    >>> m = replay_mat(" 1 point match\\n\\n Game 1\\n Ann : 0   Bob : 0\\n  1)  31: 8/5 6/5\\n")
    >>> m.names, [a.to_json() for a in m.record]
    (('Ann', 'Bob'), [['roll', 3, 1], ['move', [[8, 5], [6, 5]]]])
    >>> replay_mat(b'{"app": "gammon-cart"}')
    Traceback (most recent call last):
    ...
    cart.store.errors.MatError: line 1: expected ' N point match' before '{"app": "gammon-cart"}'
    """
    if not isinstance(data, (str, bytes)):
        raise MatError(f"a .mat file is text or bytes, got {type(data).__name__}")
    imported = import_mat(data)
    try:
        return imported.replay()
    except EngineError as exc:  # import_mat replayed it already: this would be a bug, said plainly
        raise MatError(f"the match does not replay: {exc}") from None


def read_mat(path: str | os.PathLike[str]) -> Match:
    """The match in the ``.mat`` file at ``path`` (raises :class:`MatError`, the file untouched)."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as f:
            data = f.read(MAX_MAT_BYTES + 1)
    except OSError as exc:
        raise MatError(f"Could not read {name}: {exc.strerror or exc}") from None
    if len(data) > MAX_MAT_BYTES:
        raise MatError(f"{name} is larger than any .mat file ({MAX_MAT_BYTES // (1024 * 1024)} MB at most)")
    try:
        return replay_mat(data)
    except MatError as exc:
        raise MatError(f"{name}: {exc}") from None
