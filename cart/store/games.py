"""Saved games: one named game per file, saved after every action by a game session (session.py).

A saved game is its options plus the engine's full record (every action with
its dice) and the dice generator's state, so loading replays the record
through the engine, which rebuilds the exact board, cube and score and rejects
any record that is not a legal game, and play then continues with the same
dice it would have had.

Files live at ``games/<slug>-<hash>.json`` (see :mod:`cart.store.names`) in a
checksummed, versioned envelope (see :mod:`cart.store.envelope`). The body of
schema version 4 (version 3 without ``start``, version 2 without resignations in the record)::

    {"id": "0123456789abcdef", "name": "Friday",
     "created": "2024-03-05T12:00:01Z", "played": "2024-03-05T12:04:10Z",
     "options": {"rules": {...}, "names": ["Ann", "Bob"], "computer": 1, "level": "expert", "hints": true},
     "record": [["roll", 3, 1], ["move", [[8, 5], [6, 5]]], ["double"], ["take"], ...],
     "rng": [3, [...625 ints...], null],
     "summary": {"score": [0, 0], "game_number": 1, "phase": "roll", "match_over": false},
     "start": null}

``start`` is None for a game from the usual opening; a game set up from a
position holds the Position ID and Match ID it began from
(``{"position_id": "4HPwATDgc/ABMA", "match_id": "cAlgAAAAAAAA"}``), which
say the board, the turn, the dice, the cube and the score, and its record is
replayed from there. Such a game is never rated (see :attr:`SavedGame.set_up`).

``record`` holds the JSON form of each :class:`cart.engine.Action`
(``Action.to_json``); version 1 wrote a play as ``["play", moves]`` and is
migrated on load (:func:`cart.store.envelope.game_1_to_2`). ``rng`` is
``random.Random.getstate()`` (None for a match without its own dice), and
``summary`` repeats what the saved-games list shows so that listing never
replays a record; loading checks it against the replayed match. Anything that
cannot be used is set aside into ``damaged/`` with a notice; every other game
still loads.
"""

from __future__ import annotations

import builtins
import contextlib
import random
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import (
    Action,
    EngineError,
    GameState,
    Match,
    Rules,
    actions_from_json,
)
from .backend import Backend, EntryChangedError, create_entry, digest, replace_entry
from .envelope import decode, encode
from .errors import BadNameError, BadValueError, ConflictError, DamagedError, StoreError, WriteError
from .names import clean_game_name, entry_stem
from .notices import Clock, Notice, iso, set_aside, utc_now
from .options import GameOptions

__all__ = ["MAX_RECORD", "GameStore", "GameSummary", "SavedGame"]

GAMES = "games/"
REVIEWS = "reviews/"
"""Where each game's cached review is kept, under the game's own stem (see :mod:`cart.store.reviews`)."""
MAX_RECORD = 200_000
"""Actions in one record: far past any real session, small enough to bound a hostile file."""

_ID = re.compile(r"[0-9a-f]{16}")
_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


@dataclass
class SavedGame:
    """A named game: its options, the live :class:`Match`, and when it was made and last played.

    ``game_id`` is random and never reused, so ratings can tell this game's
    results from those of a later game given the same name.
    """

    name: str
    options: GameOptions
    match: Match
    game_id: str = field(default_factory=lambda: secrets.token_hex(8))
    created: str = ""
    played: str = ""
    disk: str | None = field(default=None, compare=False, repr=False)
    """The digest of the file as this copy last read or wrote it (None: never saved from here).

    A save replaces the file only while it still holds these bytes, so a game
    open in two windows never has one window's save silently written over.
    """

    @property
    def entry(self) -> str:
        """The entry name this game is saved under."""
        return f"{GAMES}{entry_stem(self.name)}.json"

    @property
    def set_up(self) -> bool:
        """Whether the game began from a set-up position, not the usual opening: such a game is not rated.

        A player may set up any position, a won one too; rating it would let
        anyone raise a rating at will.
        """
        match = self.match
        return match.start_score != (0, 0) or (
            match.start is not None and match.start != GameState.new(match.rules)
        )

    def start_ids(self) -> dict[str, str] | None:
        """The Position ID and Match ID the game began from, when set up (see the module docstring).

        Raises :class:`BadValueError` for a start the IDs cannot say (a test's
        hand-made state), which could not be replayed from the file.
        """
        if not self.set_up:
            return None
        begun = self.match.restarted()
        ids = {"position_id": begun.position_id(), "match_id": begun.match_id()}
        try:
            again = Match.from_ids(ids["position_id"], ids["match_id"], rules=begun.rules)
        except EngineError:
            again = None
        if again is None or (again.start, again.start_score) != (begun.start, begun.start_score):
            raise BadValueError(f"the game {self.name!r} began from a set-up position, which cannot be saved")
        return ids

    def summary(self) -> GameSummary:
        match = self.match
        return GameSummary(
            name=self.name,
            entry=self.entry,
            game_id=self.game_id,
            options=self.options,
            score=match.score,
            game_number=match.game_number,
            phase=match.game.phase,
            match_over=match.is_match_over,
            created=self.created,
            played=self.played,
        )

    def to_body(self) -> dict[str, Any]:
        """The stored form (see the module docstring); a set-up start is kept as its two IDs.

        A start the IDs cannot say is refused (:meth:`start_ids`): a record
        written without it would not replay, and the file would be set aside.
        """
        start = self.start_ids()
        rng = self.match.rng
        state = None
        if rng is not None:
            version, internal, gauss = rng.getstate()
            state = [version, list(internal), gauss]
        return {
            "id": self.game_id,
            "name": self.name,
            "created": self.created,
            "played": self.played,
            "options": self.options.to_dict(),
            "record": [action.to_json() for action in self.match.record],
            "rng": state,
            "summary": self.summary().to_dict(),
            "start": start,
        }

    @classmethod
    def from_body(cls, body: dict[str, Any]) -> SavedGame:
        """Rebuild a game from a stored body, replaying it through the engine.

        Raises :class:`DamagedError` naming the first thing that is wrong.
        """
        keys = {"id", "name", "created", "played", "options", "record", "rng", "summary", "start"}
        if set(body) != keys:
            raise DamagedError(f"the saved game lacks or adds fields ({sorted(set(body) ^ keys)})")
        name = body["name"]
        try:
            if clean_game_name(name) != name:
                raise DamagedError(f"the game name {name!r} is not in its stored form")
        except BadNameError as exc:
            raise DamagedError(str(exc)) from None
        for key in ("created", "played"):
            if not isinstance(body[key], str) or not _TIME.fullmatch(body[key]):
                raise DamagedError(f"the {key} time {body[key]!r} is not a timestamp")
        if not isinstance(body["id"], str) or not _ID.fullmatch(body["id"]):
            raise DamagedError(f"the game id {body['id']!r} is malformed")
        options = GameOptions.from_dict(body["options"])
        record = body["record"]
        if not isinstance(record, list) or len(record) > MAX_RECORD:
            raise DamagedError("the record is not a list of actions of a sane length")
        rng = _rng_from_state(body["rng"])
        begun = _start_from(body["start"], options.rules)
        try:
            match = Match.replay(
                options.rules,
                actions_from_json(record),
                names=options.names,
                rng=rng,
                start=None if begun is None else begun.start,
                start_score=(0, 0) if begun is None else begun.start_score,
            )
        except EngineError as exc:
            raise DamagedError(f"its record is not a legal game: {exc}") from None
        game = cls(name, options, match, body["id"], body["created"], body["played"])
        if game.summary().to_dict() != body["summary"]:
            raise DamagedError("its summary does not agree with its record")
        return game


def _start_from(start: object, rules: Rules) -> Match | None:
    """The match a stored ``start`` sets up (None: the usual opening); raises :class:`DamagedError`."""
    if start is None:
        return None
    if (
        not isinstance(start, dict)
        or set(start) != {"position_id", "match_id"}
        or not all(isinstance(v, str) for v in start.values())
    ):
        raise DamagedError("the set-up start is not a Position ID and a Match ID")
    try:
        return Match.from_ids(start["position_id"], start["match_id"], rules=rules)
    except EngineError as exc:
        raise DamagedError(f"the set-up start cannot be used: {exc}") from None


def _rng_from_state(state: object) -> random.Random | None:
    if state is None:
        return None
    if (
        not isinstance(state, list)
        or len(state) != 3
        or not isinstance(state[1], list)
        or not all(type(x) is int for x in state[1])
        or not (state[2] is None or type(state[2]) is float)
    ):
        raise DamagedError("the dice generator's state is malformed")
    rng = random.Random()
    try:
        rng.setstate((state[0], tuple(state[1]), state[2]))
    except (ValueError, TypeError, OverflowError) as exc:
        raise DamagedError(f"the dice generator's state is invalid ({exc})") from None
    return rng


@dataclass(frozen=True)
class GameSummary:
    """One line of the saved-games list: name, opponent, rules, score, last played."""

    name: str
    entry: str
    game_id: str
    options: GameOptions
    score: tuple[int, int]
    game_number: int
    phase: str
    match_over: bool
    created: str
    played: str

    @property
    def opponent(self) -> str:
        """Who the game is against, as the list shows it."""
        o = self.options
        if o.computer is not None:
            return f"{o.names[o.computer]} (computer, {o.level})"
        return f"{o.names[0]} v {o.names[1]}"

    @property
    def rules_text(self) -> str:
        """The rule set in a few words: ``MaxGammon``, ``7-point match``, ``money, auto doubles``."""
        r = self.options.rules
        head = "MaxGammon" if r.variant == "maxgammon" else "Standard"
        if r.is_match:
            return f"{head}, {r.match_length}-point match" + (
                "" if r.crawford or not r.uses_cube else ", no Crawford"
            )
        extras = [x for x, on in (("automatic doubles", r.automatic_doubles),) if on]
        if r.cube_limit is not None:
            extras.append(f"cube to {r.cube_limit}")
        return ", ".join([head, "money", *extras]) if r.uses_cube else f"{head}, single games"

    def to_dict(self) -> dict[str, Any]:
        return {
            "score": list(self.score),
            "game_number": self.game_number,
            "phase": self.phase,
            "match_over": self.match_over,
        }

    @classmethod
    def from_body(cls, entry: str, body: dict[str, Any]) -> GameSummary:
        """The list line from a stored body, without replaying the record (the checksum vouches for it)."""
        try:
            s = body["summary"]
            score = s["score"]
            if not (
                isinstance(score, list) and len(score) == 2 and all(type(x) is int and x >= 0 for x in score)
            ):
                raise DamagedError(f"its score {score!r} is malformed")
            if type(s["game_number"]) is not int or type(s["match_over"]) is not bool:
                raise DamagedError("its summary is malformed")
            if not isinstance(body["name"], str) or not isinstance(body["played"], str):
                raise DamagedError("its name or time is malformed")
            return cls(
                name=body["name"],
                entry=entry,
                game_id=str(body["id"]),
                options=GameOptions.from_dict(body["options"]),
                score=(score[0], score[1]),
                game_number=s["game_number"],
                phase=str(s["phase"]),
                match_over=s["match_over"],
                created=str(body["created"]),
                played=body["played"],
            )
        except (KeyError, TypeError):
            raise DamagedError("its summary is incomplete") from None


class GameStore:
    """The saved games in a backend: list, create, save, load, delete."""

    def __init__(self, backend: Backend, notices: list[Notice], clock: Clock = utc_now) -> None:
        self.backend = backend
        self.notices = notices
        self.clock = clock

    # -- queries -----------------------------------------------------------------
    def list(self) -> list[GameSummary]:
        """Every saved game, most recently played first.

        Files that cannot be used are set aside (see :attr:`notices`); this
        never raises for a bad file. The record is not replayed here (that
        happens in :meth:`load`), so the list stays quick with many games.
        """
        return self._list(refile=True)

    def _list(self, *, refile: bool) -> builtins.list[GameSummary]:
        out: builtins.list[GameSummary] = []
        try:
            entries = self.backend.names(GAMES)
        except OSError as exc:
            self.notices.append(Notice(GAMES, None, f"Could not list the saved games: {exc}"))
            return out
        misplaced: list[tuple[str, str]] = []
        for entry in entries:
            if not entry.endswith(".json"):
                continue
            try:
                body = self._read_body(entry)
                if body is None:  # deleted since it was listed
                    continue
                summary = GameSummary.from_body(entry, body)
                self._check_place(entry, summary.name)
            except _Misplaced as exc:
                misplaced.append((entry, exc.name))
                continue
            except DamagedError as exc:
                self._set_aside(entry, f"a saved game ({entry})", str(exc))
                continue
            except OSError as exc:
                self.notices.append(
                    Notice(entry, None, f"Could not read the saved game {entry}: {exc.strerror or exc}")
                )
                continue
            out.append(summary)
        if misplaced and refile:
            self._refile(misplaced)
            return self._list(refile=False)
        for entry, name in misplaced:  # still misplaced after filing: the place holds another game
            why = f"it holds the game {name!r}, which belongs in {self._entry(name)}, a place already taken"
            self._set_aside(entry, f"a saved game ({entry})", why)
        out.sort(key=lambda s: (s.played, s.name), reverse=True)
        return out

    def _refile(self, misplaced: Sequence[tuple[str, str]]) -> None:
        """File each game found in another game's file under its own name (files swapped or renamed).

        Each is first moved to a name of its own, then to its place, never over
        a file: two swapped saves each end up where they belong, and a game
        whose place holds another copy stays where it is (then set aside). A
        crash half way leaves a ``.json`` the next listing files in turn.
        """
        entries = {entry for entry, _ in misplaced}
        held = []
        for entry, name in misplaced:
            try:  # a place taken by a game that belongs there is left alone (this one is set aside)
                if self._entry(name) not in entries and self.backend.read(self._entry(name)) is not None:
                    continue
            except OSError:
                continue
            holding = f"{GAMES}refile-{secrets.token_hex(8)}.json"
            try:
                self.backend.rename(entry, holding)
            except OSError:
                continue
            held.append((holding, name))
        for holding, name in held:
            try:
                self.backend.rename(holding, self._entry(name))
            except OSError:
                continue  # its place is taken: the next listing sets it aside
            self.notices.append(
                Notice(
                    self._entry(name),
                    None,
                    f"The saved game {name!r} was found in another game's file and was filed under its "
                    "own name.",
                )
            )

    def exists(self, name: str) -> bool:
        """Whether a file for this name exists (readable or not)."""
        try:
            return self.backend.read(self._entry(name)) is not None
        except OSError:
            return True

    # -- actions -----------------------------------------------------------------
    def create(
        self,
        name: str,
        options: GameOptions,
        *,
        rng: random.Random | None = None,
        record: Sequence[Action] = (),
        game_id: str | None = None,
        start: GameState | None = None,
        start_score: tuple[int, int] = (0, 0),
    ) -> SavedGame:
        """Start a new named game and save it at once.

        ``start`` and ``start_score`` begin it from a set-up position (a Position
        ID and Match ID, see :meth:`cart.engine.Match.from_ids`): it is saved,
        resumed and replayed from there, and never rated.

        ``record`` (typed actions, such as :attr:`MatImport.record`) continues a
        game from elsewhere; it is replayed through the engine first, which
        raises its ``RecordError`` for an illegal one. Refuses
        (``BadNameError``) a bad name, or one already used: a new game never
        overwrites another. Play it through :meth:`cart.store.Store.session`.
        """
        clean = clean_game_name(name)
        taken = BadNameError(f"there is already a saved game called {clean!r}")
        try:
            if self.backend.read(self._entry(clean)) is not None:
                raise taken
        except OSError as exc:  # a folder or a link in the way: say so, not "already used"
            raise WriteError(
                f"Could not make the game {clean!r}: {exc.strerror or exc}. Move it out of the save folder."
            ) from exc
        now = iso(self.clock())
        match = Match.replay(
            options.rules, record, names=options.names, rng=rng, start=start, start_score=start_score
        )
        game = SavedGame(clean, options, match, game_id or secrets.token_hex(8), now, now)
        data = encode("game", game.to_body())
        try:  # the check above is for the message; this is what holds when two cartridges race
            create_entry(self.backend, game.entry, data)
        except FileExistsError:
            raise taken from None
        except OSError as exc:
            raise WriteError(f"Could not save the game {game.name!r}: {exc.strerror or exc}") from exc
        game.disk = digest(data)
        return game

    def save(self, game: SavedGame, *, take_over: bool = False) -> None:
        """Write the game atomically (raises :class:`WriteError`; the old copy then stays intact).

        A game loaded or created here is written only over the file as this
        copy last saw it: if another cartridge saved it since (a second window
        or browser tab), :class:`ConflictError` says so and nothing is written.
        ``take_over`` writes this copy over the other's (the player chose to).
        """
        played = game.played
        game.played = iso(self.clock())
        data = encode("game", game.to_body())
        try:
            if game.disk is None or take_over:
                self.backend.write(game.entry, data)
            else:
                replace_entry(self.backend, game.entry, data, game.disk)
        except EntryChangedError:
            game.played = played
            raise ConflictError(
                f"The game {game.name!r} was saved by another window or tab since it was opened here, so "
                "this move was not saved over it: reopen the game to watch it there, or take it over here."
            ) from None
        except OSError as exc:
            game.played = played
            raise WriteError(f"Could not save the game {game.name!r}: {exc.strerror or exc}") from exc
        game.disk = digest(data)

    def load(self, name: str) -> SavedGame:
        """Load and fully validate a game: the record is replayed through the engine.

        Raises ``KeyError`` when there is no such game, and :class:`DamagedError`
        when its file cannot be used; that file is then set aside and the
        message says where.
        """
        entry = self._entry(name)
        try:
            try:
                return self._load(entry)
            except (
                _Misplaced
            ):  # another game's file is here: file every game where it belongs, then look again
                self._list(refile=True)
                return self._load(entry)
        except DamagedError as exc:
            notice = self._set_aside(entry, f"the saved game {clean_game_name(name)!r}", str(exc))
            raise DamagedError(notice.message) from None
        except OSError as exc:
            raise StoreError(f"Could not read the saved game {name!r}: {exc.strerror or exc}") from exc

    def _load(self, entry: str) -> SavedGame:
        """The game in ``entry``, replayed and checked (``KeyError`` when there is none)."""
        data = self.backend.read(entry)
        if data is None:
            raise KeyError(entry)
        game = SavedGame.from_body(decode("game", data))
        self._check_place(entry, game.name)
        game.disk = digest(data)
        return game

    def delete(self, name: str) -> None:
        """Delete a saved game (a deliberate act of the player: the one place data goes), and its review."""
        try:
            self.backend.delete(self._entry(name))
        except OSError as exc:
            raise WriteError(f"Could not delete the game {name!r}: {exc.strerror or exc}") from exc
        with contextlib.suppress(OSError):  # a cache: one left behind is harmless (it names the game's id)
            self.backend.delete(f"{REVIEWS}{entry_stem(name)}.json")

    # -- helpers -----------------------------------------------------------------
    @staticmethod
    def _entry(name: str) -> str:
        return f"{GAMES}{entry_stem(name)}.json"

    def _read_body(self, entry: str) -> dict[str, Any] | None:
        data = self.backend.read(entry)
        return None if data is None else decode("game", data)

    def _check_place(self, entry: str, name: object) -> None:
        """A file must sit where its own name says, or saving that name would write elsewhere."""
        try:
            expected = self._entry(name)  # type: ignore[arg-type]
        except BadNameError as exc:
            raise DamagedError(str(exc)) from None
        if expected != entry:
            raise _Misplaced(f"it holds the game {name!r}, which belongs in {expected}", str(name))

    def _set_aside(self, entry: str, what: str, reason: str) -> Notice:
        notice = set_aside(self.backend, entry, what, reason, self.clock)
        self.notices.append(notice)
        return notice


class _Misplaced(DamagedError):
    """A good saved game in the file of another name (files swapped or renamed by hand)."""

    def __init__(self, message: str, name: str) -> None:
        super().__init__(message)
        self.name = name
