"""Ratings by the FIBS formula (:mod:`.fibs`), one per player and one per computer level, with history.

A match is rated when it ends; a single game as a 1-point match times its points
(value x cube, capped at :data:`MAX_RATED_POINTS`). Everyone starts at 1500.

Each result is rated exactly once: ``rated`` keeps a high-water mark per game and kind,
never trimmed, so a reopen, a crash or a game restored from ``damaged/`` never rates twice.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from ..engine import Action, Checkpoint, EngineError, Event, GameOver, Match, MatchOver, NewGame
from .disk.entries import MAX_BYTES, Backend, EntryChangedError, digest, replace_entry
from .disk.envelope import MIGRATIONS, decode, encode, peek
from .disk.notices import Clock, Notice, iso, set_aside, utc_now
from .errors import DamagedError, NewerVersionError, WriteError
from .fibs import (
    INITIAL_RATING as INITIAL_RATING,
    Rating as Rating,
    fibs_changes as fibs_changes,
    k_factor as k_factor,
    upset_probability as upset_probability,
)
from .saves.games import SavedGame

MAX_RATED_POINTS = 8
"""The most points one single game counts for in a rating (see the module docstring)."""
MAX_HISTORY = 1000
"""History entries kept per player, newest last: the file is rewritten after every rated
game, and a browser's storage is a few megabytes."""

ENTRY = "ratings.json"
MAX_RATINGS_BYTES = MAX_BYTES // 4
"""The ratings file's budget, well inside the reader's limit and a browser's storage: past it the
oldest history goes (the ratings and the rated marks stay whole)."""
TRIMMED = (
    "The ratings' history grew past what the ratings file keeps: the oldest results were dropped "
    "from the players' graphs. Every rating itself is kept."
)
NEWER_RATINGS = (
    "The ratings were saved by a newer Gammon Cart. This one shows what it can read of them and "
    "changes nothing: the results played with it are not rated."
)
_RETRIES = 20


class _Raced(WriteError):
    """The ratings file was written by another cartridge after this one read it."""


Kind = Literal["game", "match"]
_PLAYER = re.compile(r"(player|computer):.{1,60}", re.DOTALL)


_GAME_REF = re.compile(r"(.{1,80}:game):([1-9][0-9]{0,8})", re.DOTALL)
_MARK_KEY = re.compile(r".{1,90}", re.DOTALL)


def rated_mark(ref: str) -> tuple[str, int]:
    """The high-water key and number of a result reference.

    ``<id>:game:<n>`` is game ``n`` of that saved game, rated in order, so one
    number per game remembers them all; any other reference (``<id>:match``,
    a test's ``r1``) is its own key, rated once (number 1).

    >>> rated_mark("00ff00ff00ff00ff:game:12"), rated_mark("00ff00ff00ff00ff:match")
    (('00ff00ff00ff00ff:game', 12), ('00ff00ff00ff00ff:match', 1))
    """
    found = _GAME_REF.fullmatch(ref)
    if found is not None:
        return found.group(1), int(found.group(2))
    return ref, 1


def ratings_1_to_2(body: dict[str, Any]) -> dict[str, Any]:
    """A version 1 ratings body as version 2: the ``rated`` marks read off the kept history.

    The highest number seen per game protects every earlier game of that id, even
    from a trimmed history; anything malformed is left for ``from_body`` to refuse.
    """
    rated: dict[str, int] = {}
    players = body.get("players")
    if isinstance(players, dict):
        for data in players.values():
            history = data.get("history") if isinstance(data, dict) else None
            for change in history if isinstance(history, list) else []:
                ref = change.get("ref") if isinstance(change, dict) else None
                if isinstance(ref, str) and ref:
                    key, number = rated_mark(ref)
                    rated[key] = max(rated.get(key, 0), number)
    return {**body, "rated": rated}


MIGRATIONS["ratings"][1] = ratings_1_to_2  # here, beside the marks it reads; envelope knows no ratings


@dataclass(frozen=True)
class Change:
    """One rated result in one player's history."""

    ref: str
    when: str
    opponent: str
    kind: Kind
    points: int
    won: bool
    before: float
    after: float
    experience: int

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: object) -> Change:
        fields = {"ref", "when", "opponent", "kind", "points", "won", "before", "after", "experience"}
        if not isinstance(data, dict) or set(data) != fields:
            raise DamagedError(f"a history entry is malformed: {data!r}"[:200])
        ok = (
            isinstance(data["ref"], str)
            and isinstance(data["when"], str)
            and isinstance(data["opponent"], str)
            and data["kind"] in ("game", "match")
            and type(data["points"]) is int
            and data["points"] > 0
            and type(data["won"]) is bool
            and _finite(data["before"])
            and _finite(data["after"])
            and type(data["experience"]) is int
            and data["experience"] >= 0
        )
        if not ok:
            raise DamagedError(f"a history entry is malformed: {data!r}"[:200])
        return cls(**data)


def _finite(x: object) -> bool:
    return type(x) in (int, float) and math.isfinite(x)  # type: ignore[arg-type]


@dataclass
class RatingBook:
    """Every player's rating and history, in memory (``RatingStore`` persists it)."""

    ratings: dict[str, Rating] = field(default_factory=dict)
    history: dict[str, list[Change]] = field(default_factory=dict)
    rated: dict[str, int] = field(default_factory=dict)
    """High-water marks of the rated results (see the module docstring); never trimmed."""

    def get(self, player: str) -> Rating:
        """``player`` is ``player:<name>`` or ``computer:<level>``; new players start at 1500."""
        return self.ratings.get(player, Rating())

    def seen(self, ref: str) -> bool:
        """Whether ``ref`` was rated, by its mark: the displayed history may have lost it long ago."""
        key, number = rated_mark(ref)
        return self.rated.get(key, 0) >= number

    def rate(self, winner: str, loser: str, *, kind: Kind, points: int, ref: str, when: str) -> bool:
        """Rate one result; False (and no change) when ``ref`` was rated before or the players are one.

        ``points`` is the match length for a match, the points won for a game.
        """
        if winner == loser or self.seen(ref):
            return False
        if type(points) is not int or points < 1:
            raise ValueError(f"points must be a positive integer, got {points!r}")
        w, lo = self.get(winner), self.get(loser)
        if kind == "match":
            gain, loss = fibs_changes(w, lo, points)
            weight = points
        else:
            weight = min(points, MAX_RATED_POINTS)
            gain, loss = fibs_changes(w, lo, 1, weight)
        key, number = rated_mark(ref)
        self.rated[key] = max(self.rated.get(key, 0), number)
        new_w = Rating(w.rating + gain, w.experience + weight)
        new_l = Rating(lo.rating - loss, lo.experience + weight)
        for player, old, new, other, won in (
            (winner, w, new_w, loser, True),
            (loser, lo, new_l, winner, False),
        ):
            self.ratings[player] = new
            changes = self.history.setdefault(player, [])
            changes.append(
                Change(ref, when, other, kind, points, won, old.rating, new.rating, new.experience)
            )
            del changes[:-MAX_HISTORY]
        return True

    def trim_history(self) -> bool:
        """Drop the oldest quarter of the longest histories (False: nothing left to drop)."""
        longest = max((len(h) for h in self.history.values()), default=0)
        if longest < 2:
            return False
        keep = longest * 3 // 4
        for changes in self.history.values():
            del changes[:-keep]
        return True

    def to_body(self) -> dict[str, Any]:
        return {
            "players": {
                p: {
                    "rating": r.rating,
                    "experience": r.experience,
                    "history": [c.to_dict() for c in self.history.get(p, [])],
                }
                for p, r in sorted(self.ratings.items())
            },
            "rated": dict(sorted(self.rated.items())),
        }

    @classmethod
    def from_body(cls, body: dict[str, Any]) -> RatingBook:
        players, rated = body.get("players"), body.get("rated")
        if set(body) != {"players", "rated"} or not isinstance(players, dict) or not isinstance(rated, dict):
            raise DamagedError("the ratings are not a table of players and of rated results")
        book = cls()
        for key, number in rated.items():
            if not _MARK_KEY.fullmatch(key) or type(number) is not int or number < 1:
                raise DamagedError(f"a rated-results mark is malformed: {key!r}: {number!r}"[:200])
            book.rated[key] = number
        for player, data in players.items():
            if not _PLAYER.fullmatch(player):
                raise DamagedError(f"{player!r} is not a player or computer level"[:200])
            if not isinstance(data, dict) or set(data) != {"rating", "experience", "history"}:
                raise DamagedError(f"the rating of {player!r} is malformed"[:200])
            rating, experience, history = data["rating"], data["experience"], data["history"]
            if (
                not _finite(rating)
                or type(experience) is not int
                or experience < 0
                or not isinstance(history, list)
            ):
                raise DamagedError(f"the rating of {player!r} is malformed"[:200])
            book.ratings[player] = Rating(float(rating), experience)
            book.history[player] = [Change.from_dict(c) for c in history[-MAX_HISTORY:]]
        return book


def _games_after(record: list[Action], current: int, rated: int) -> dict[int, tuple[int, int]]:
    """Where each game after game ``rated`` begins and ends in ``record``, by number, oldest first.

    Counted back from the end (game ``current``), so a long session is not walked through.
    """
    found: dict[int, tuple[int, int]] = {}
    end, number = len(record), current
    for i in range(len(record), -1, -1):
        if number <= rated:
            break
        if i == 0 or isinstance(record[i - 1], NewGame):
            found[number] = (i, end)
            end, number = i - 1, number - 1
    return dict(reversed(found.items()))


class RatingStore:
    """The rating book in ``ratings.json``: loaded on first use, saved after each change."""

    def __init__(self, backend: Backend, notices: list[Notice], clock: Clock = utc_now) -> None:
        self.backend = backend
        self.notices = notices
        self.clock = clock
        self._book: RatingBook | None = None
        self._unreadable: str | None = None  # set when the file exists but could not be read
        self.newer = False
        """The file was written by a newer Gammon Cart: shown as far as this one reads it, never written."""
        self._disk: str | None = None  # the digest of the file as last read or written here

    @property
    def book(self) -> RatingBook:
        """The ratings, loaded now if not yet; a damaged file is set aside and ratings start afresh."""
        if self._book is None:
            self._book = self._load()
        return self._book

    def get(self, player: str) -> Rating:
        return self.book.get(player)

    def history(self, player: str) -> list[Change]:
        return list(self.book.history.get(player, []))

    def rate(self, winner: str, loser: str, *, kind: Kind, points: int, ref: str) -> bool:
        """Rate one result and save (see :meth:`RatingBook.rate`); raises :class:`WriteError`.

        The book is re-read first when another cartridge wrote it since, so both keep their results.
        """
        for _ in range(_RETRIES):
            self._refresh()
            book = self.book
            if self.newer:  # read-only for this run: a notice said so when the file was read
                return False
            changed = book.rate(winner, loser, kind=kind, points=points, ref=ref, when=iso(self.clock()))
            if not changed:
                return False
            try:
                self.save()
            except _Raced:
                self._book = None  # rated on a copy another cartridge replaced meanwhile: again
                continue
            return True
        raise WriteError("Could not save the ratings: another cartridge keeps saving them at the same time")

    def save(self) -> None:
        """Write the book only over the file as last read or written here, else raise :class:`_Raced`."""
        if self._unreadable is not None:  # never replace ratings we could not read
            raise WriteError(f"Could not save the ratings: the file could not be read ({self._unreadable})")
        if self.newer:
            raise WriteError(
                "Could not save the ratings: a newer Gammon Cart keeps them, and this one leaves them"
            )
        data = self._encoded()
        try:
            replace_entry(self.backend, ENTRY, data, self._disk)
        except EntryChangedError:
            raise _Raced(
                "Could not save the ratings: another cartridge saved them at the same moment"
            ) from None
        except OSError as exc:
            raise WriteError(f"Could not save the ratings: {exc.strerror or exc}") from exc
        self._disk = digest(data)

    def _encoded(self) -> bytes:
        """The book as stored, the oldest history trimmed while it is over :data:`MAX_RATINGS_BYTES`."""
        book, trimmed = self.book, False
        while True:
            try:
                data = encode("ratings", book.to_body())
                if len(data) <= MAX_RATINGS_BYTES:
                    break
            except WriteError:
                pass  # over the reader's limit itself: trimmed like any other
            if not book.trim_history():
                raise WriteError("Could not save the ratings: there are too many players to keep")
            trimmed = True
        if trimmed:
            self.notices.append(Notice(ENTRY, None, TRIMMED))
        return data

    def _refresh(self) -> None:
        """Read the book again if the file changed since this store last read or wrote it."""
        if self._book is None or self._unreadable is not None or self.newer:
            return
        try:
            data = self.backend.read(ENTRY)
        except OSError:
            return  # kept in memory; the save will say what is wrong
        if digest(data) != self._disk:
            self._book = None

    # -- saved games -----------------------------------------------------------
    def rate_events(self, game: SavedGame, events: list[Event], *, number: int | None = None) -> None:
        """Rate what one action of ``game`` finished: a single game in money play, or the match.

        ``number`` is the game the events ended (by default the match's current one).
        """
        for event in events:
            self._rate_event(game, game.match.game_number if number is None else number, event)

    def catch_up(self, game: SavedGame) -> None:
        """Rate every result of ``game`` not rated yet (a crash may fall between two saves).

        Only the games after the kept mark are replayed, so opening a long session costs
        what loading it costs.
        """
        options, live = game.options, game.match
        if game.set_up or options.player_id(0) == options.player_id(1):
            return  # nobody is rated: nothing to catch up
        self._refresh()
        book = self.book
        if self.newer:
            return
        if options.rules.is_match:
            winner = live.match_winner
            if winner is not None:
                self._rate_event(game, live.game_number, MatchOver(winner, live.score))
            return
        begins = _games_after(live.record, live.game_number, book.rated.get(f"{game.game_id}:game", 0))
        if live.game.phase != "over":
            begins.pop(live.game_number, None)  # the game under way has no result yet
        try:
            for number, (start, end) in begins.items():
                # Money: a game's result does not depend on the tally before it, so the game
                # is replayed from its own start at a tally of 0-0.
                match = (
                    live.restarted()
                    if start == 0
                    else Match.replay(
                        live.rules, live.record[:start], resume=Checkpoint(start, (0, 0), number, False)
                    )
                )
                for action in live.record[start:end]:
                    for event in match.apply(action):
                        self._rate_event(game, number, event)
        except EngineError as exc:  # the game was validated on load: this is a bug, say so plainly
            raise DamagedError(f"the record of {game.name!r} no longer replays: {exc}") from None

    def _rate_event(self, game: SavedGame, number: int, event: Event) -> None:
        if game.set_up:  # a position the player chose (a won one, say) rates nobody
            return
        options = game.options
        if isinstance(event, GameOver) and not options.rules.is_match:
            winner, points, ref = event.winner, event.points, f"{game.game_id}:game:{number}"
            kind: Kind = "game"
        elif isinstance(event, MatchOver):
            winner, points, ref = event.winner, options.rules.match_length, f"{game.game_id}:match"
            kind = "match"
        else:
            return
        self.rate(options.player_id(winner), options.player_id(1 - winner), kind=kind, points=points, ref=ref)

    def _load(self) -> RatingBook:
        try:
            data = self.backend.read(ENTRY)
        except OSError as exc:
            self._unreadable = str(exc)
            self.notices.append(Notice(ENTRY, None, f"Could not read the ratings: {exc}"))
            return RatingBook()
        self._disk = digest(data)
        if data is None:
            return RatingBook()
        try:
            return RatingBook.from_body(decode("ratings", data))
        except NewerVersionError:
            self.newer = True
            self.notices.append(Notice(ENTRY, None, NEWER_RATINGS))
            try:  # what this version can read of them, shown as they are
                body = peek("ratings", data)
                return RatingBook() if body is None else RatingBook.from_body(body)
            except DamagedError:
                return RatingBook()
        except DamagedError as exc:
            notice = set_aside(self.backend, ENTRY, "the ratings", str(exc), self.clock)
            self.notices.append(notice)
            if notice.moved_to is not None:
                self._disk = None  # set aside: the next save makes a new file
            return RatingBook()
