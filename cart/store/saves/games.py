"""Saved games: one named game per file, saved after every action by a game session.

A saved game is its options, the engine's whole record (dice included) and the
dice generator's state: loading replays the record through the engine, which
rebuilds the exact board, cube and score and refuses an illegal record, and play
goes on with the dice it would have had. The record's older part lies in pieces
written once (:mod:`.pieces`), so a save writes only the latest actions. ``start``
holds the Position and Match IDs of a set-up game (never rated); ``summary``
repeats what the list shows, so listing never replays, and is checked on load.
What cannot be used is set aside into ``damaged/``; every other game still loads.
"""

from __future__ import annotations

import dataclasses
import os
import random
import re
from dataclasses import dataclass, field
from typing import Any

from ...engine import (
    Checkpoint,
    EngineError,
    GameState,
    Match,
    Rules,
    actions_from_json,
)
from ..errors import BadNameError, BadValueError, DamagedError
from .names import GAMES, clean_game_name, entry_stem
from .options import GameOptions
from .pieces import MAX_RECORD, Sealed

_ID = re.compile(r"[0-9a-f]{16}")
_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


def new_game_id() -> str:
    """16 random hex digits from the system's secure source (what ``secrets.token_hex(8)`` gives).

    ``secrets`` itself is not imported: it brings ``hmac`` in, which the page's start would wait for.
    """
    return os.urandom(8).hex()


@dataclass
class SavedGame:
    """A named game: its options, the live :class:`Match`, and when it was made and last played.

    ``game_id`` is random and never reused, so ratings tell it from a later game of the same name.
    """

    name: str
    options: GameOptions
    match: Match
    game_id: str = field(default_factory=new_game_id)
    created: str = ""
    played: str = ""
    disk: str | None = field(default=None, compare=False, repr=False)
    """The digest of the file as this copy last read or wrote it (None: never saved from here).

    A save replaces the file only while it still holds these bytes, so a game
    open in two windows never has one window's save silently written over.
    """
    sealed: Sealed = field(default_factory=Sealed, compare=False, repr=False)
    """The pieces the file as this copy last read or wrote it leads to (see :mod:`.pieces`)."""
    ahead: Sealed | None = field(default=None, compare=False, repr=False)
    """The piece this copy wrote ahead of the head, which the next piece's save names."""

    @property
    def entry(self) -> str:
        """The entry name this game is saved under."""
        return f"{GAMES}{entry_stem(self.name)}.json"

    @property
    def set_up(self) -> bool:
        """Whether the game began from a set-up position: never rated, since a chosen position may be won."""
        match = self.match
        return match.start_score != (0, 0) or (
            match.start is not None and match.start != GameState.new(match.rules)
        )

    def start_ids(self) -> dict[str, str] | None:
        """The Position ID and Match ID a set-up game began from (:class:`BadValueError`: they cannot)."""
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

    def checkpoint(self) -> Checkpoint | None:
        """Where the match stood when its current game began (None: in its first), where a piece may end."""
        return self.match.checkpoint()

    def to_body(self, sealed: Sealed | None = None) -> dict[str, Any]:
        """The stored form of the head (see the module docstring), leading to ``sealed`` pieces.

        A set-up start is kept as its two IDs; a start the IDs cannot say is
        refused (:meth:`start_ids`): a record written without it would not
        replay, and the file would be set aside.
        """
        sealed = self.sealed if sealed is None else sealed
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
            "sealed": sealed.to_json(),
            "tail": [action.to_json() for action in self.match.record[sealed.actions :]],
            "rng": state,
            "summary": self.summary().to_dict(),
            "start": start,
        }

    @classmethod
    def from_body(
        cls, body: dict[str, Any], sealed: list[Any] | None = None, checkpoint: Checkpoint | None = None
    ) -> SavedGame:
        """Rebuild a game from a stored head and its pieces' actions, replaying it through the engine.

        ``sealed`` is the actions of the pieces (JSON entries), ``checkpoint`` where the
        match stood at their end: only the tail is replayed (see :class:`cart.engine.Checkpoint`).
        Raises :class:`DamagedError` naming the first thing that is wrong.
        """
        keys = {"id", "name", "created", "played", "options", "sealed", "tail", "rng", "summary", "start"}
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
        sealed = sealed or []
        tail = body["tail"]
        if not isinstance(tail, list) or len(sealed) + len(tail) > MAX_RECORD:
            raise DamagedError("the record is not a list of actions of a sane length")
        rng = _rng_from_state(body["rng"])
        begun = _start_from(body["start"], options.rules)
        if (checkpoint.at if checkpoint else 0) != len(sealed):
            raise DamagedError("its record's pieces end elsewhere than their checkpoint")
        try:
            match = Match.replay(
                options.rules,
                actions_from_json(sealed + tail),
                resume=checkpoint,
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
    newer: bool = False
    """Written by a newer Gammon Cart: listed (greyed), never loaded, moved or written here."""

    @classmethod
    def of_newer(cls, entry: str, body: dict[str, Any] | None) -> GameSummary:
        """The list line of a newer version's game: what its body still says, else its file's name."""
        try:
            if body is not None:
                return dataclasses.replace(cls.from_body(entry, body), newer=True)
        except (DamagedError, BadValueError):
            pass
        name = body.get("name") if body is not None else None
        stem = entry.removeprefix(GAMES).removesuffix(".json")
        return cls(
            name=name if isinstance(name, str) and name.strip() else stem,
            entry=entry,
            game_id="",
            options=GameOptions(),
            score=(0, 0),
            game_number=1,
            phase="",
            match_over=False,
            created="",
            played="",
            newer=True,
        )

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
