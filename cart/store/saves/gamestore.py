"""The saved games in a backend: list, create, save, load, delete (one named game per file).

What a saved game holds and how it is checked is :mod:`cart.store.saves.games`; this is the
folder of them: names to files, creating without overwriting, the summaries the list
shows, and setting aside a file that cannot be used.
"""

from __future__ import annotations

import builtins
import contextlib
import random
from collections.abc import Sequence
from typing import Any

from ...engine import (
    Action,
    GameState,
    Match,
)
from ..disk.entries import Backend, EntryChangedError, create_entry, digest, replace_entry
from ..disk.envelope import decode, encode, peek
from ..disk.notices import Clock, Notice, iso, set_aside, utc_now
from ..errors import BadNameError, ConflictError, DamagedError, NewerVersionError, StoreError, WriteError
from . import pieces
from .games import GameSummary, SavedGame, new_game_id
from .names import GAMES, REVIEWS, clean_game_name, clean_player_name, entry_stem
from .options import GameOptions


class GameStore:
    """The saved games in a backend: list, create, save, load, delete."""

    def __init__(self, backend: Backend, notices: list[Notice], clock: Clock = utc_now) -> None:
        self.backend = backend
        self.notices = notices
        self.clock = clock

    # -- queries -----------------------------------------------------------------
    def list(self) -> list[GameSummary]:
        """Every saved game, most recently played first; a bad file is set aside, never raised.

        Records are not replayed here (:meth:`load` does), so the list stays quick.
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
            except NewerVersionError:  # left as it is, listed greyed: the newer cartridge still plays it
                with contextlib.suppress(OSError):
                    data = self.backend.read(entry)
                    if data is not None:
                        out.append(GameSummary.of_newer(entry, peek("game", data)))
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

        Each moves to a name of its own first, then to its place, never over a file, so a
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
            holding = f"{GAMES}refile-{new_game_id()}.json"
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
        """Start a new named game and save it at once; a new game never overwrites another.

        Without ``rng`` it gets a fresh system-seeded ``random.Random``, saved with it so a
        resumed copy rolls what this one would. ``start``/``start_score`` begin it from a
        set-up position (never rated); ``record`` continues a game from elsewhere,
        replayed first. Refuses a bad or taken name (``BadNameError``).
        """
        clean = clean_game_name(name)
        for player in options.names:  # a new game's names are ones a .mat carries whole
            clean_player_name(player)
        taken = BadNameError(f"there is already a saved game called {clean!r}")
        try:
            if self.backend.read(self._entry(clean)) is not None:
                raise taken
        except OSError as exc:  # a folder or a link in the way: say so, not "already used"
            raise WriteError(
                f"Could not make the game {clean!r}: {exc.strerror or exc}. Move it out of the save folder."
            ) from exc
        if len(record) > pieces.MAX_RECORD:
            raise WriteError(full_record(clean))
        now = iso(self.clock())
        match = Match.replay(
            options.rules,
            record,
            names=options.names,
            rng=random.Random() if rng is None else rng,
            start=start,
            start_score=start_score,
        )
        game = SavedGame(clean, options, match, game_id or new_game_id(), now, now)
        data = encode("game", game.to_body())
        try:  # the check above is for the message; this is what holds when two cartridges race
            create_entry(self.backend, game.entry, data)
        except FileExistsError:
            raise taken from None
        except OSError as exc:
            raise WriteError(f"Could not save the game {game.name!r}: {exc.strerror or exc}") from exc
        game.disk = digest(data)
        begun = game.checkpoint()
        if begun is not None and begun.at >= pieces.PIECE_ACTIONS:
            with contextlib.suppress(
                StoreError
            ):  # kept whole in the head meanwhile: the next save tries again
                self._write(game, at_once=True)  # a long record given (an import): into pieces at once
        return game

    def save(self, game: SavedGame, *, take_over: bool = False) -> None:
        """Write the game atomically (raises :class:`WriteError`; the old copy then stays intact).

        Only over the file as this copy last saw it, else :class:`ConflictError`;
        ``take_over`` writes over the other's (the player chose to).
        """
        self._write(game, take_over=take_over)

    def _write(self, game: SavedGame, *, take_over: bool = False, at_once: bool = False) -> None:
        """:meth:`save`; ``at_once``: a piece sealed now is named at once (see :func:`pieces.seal`)."""
        if len(game.match.record) > pieces.MAX_RECORD:  # the reader's limit: never write what it refuses
            raise WriteError(full_record(game.name))
        played = game.played
        game.played = iso(self.clock())
        sealed, ahead = game.sealed, game.ahead
        try:  # a piece first, then the head that leads to it (see cart.store.saves.pieces)
            stem = entry_stem(game.name)
            sealed, ahead = pieces.seal(
                self.backend,
                stem,
                game.game_id,
                game.match.record,
                (sealed, ahead),
                game.checkpoint(),
                at_once=at_once,
            )
        except OSError:
            pass  # the head then keeps the longer tail: nothing is lost, and the next save tries again
        try:
            data = encode("game", game.to_body(sealed))  # past the reader's size, a WriteError as below
            if take_over:
                self._check_not_newer(game)
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
        game.sealed, game.ahead = sealed, ahead

    def load(self, name: str) -> SavedGame:
        """Load a game, replaying its record; ``KeyError`` if absent, :class:`DamagedError` if set aside."""
        entry = self._entry(name)
        try:
            try:
                return self._load(entry)
            except (
                _Misplaced
            ):  # another game's file is here: file every game where it belongs, then look again
                self._list(refile=True)
                return self._load(entry)
        except NewerVersionError as exc:
            raise NewerVersionError(
                f"The saved game {clean_game_name(name)!r} was written by a newer Gammon Cart: play it "
                f"there. This one leaves it as it is ({exc})."
            ) from None
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
        body = decode("game", data)
        self._check_place(entry, body.get("name"))
        sealed = pieces.Sealed.from_json(body.get("sealed"))
        record, checkpoint = pieces.read_pieces(
            self.backend, entry_stem(body["name"]), str(body.get("id")), sealed
        )
        game = SavedGame.from_body(body, record, checkpoint)
        game.disk = digest(data)
        game.sealed = sealed
        return game

    def delete(self, name: str) -> None:
        """Delete a saved game (a deliberate act of the player: the one place data goes), and its review."""
        try:
            self.backend.delete(self._entry(name))
            for piece in pieces.piece_entries(self.backend, entry_stem(name)):
                self.backend.delete(piece)
        except OSError as exc:
            raise WriteError(f"Could not delete the game {name!r}: {exc.strerror or exc}") from exc
        with contextlib.suppress(OSError):  # a cache: one left behind is harmless (it names the game's id)
            self.backend.delete(f"{REVIEWS}{entry_stem(name)}.json")
        with contextlib.suppress(OSError):
            self.backend.delete(f"{REVIEWS}{entry_stem(name)}.rollouts.json")

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

    def _check_not_newer(self, game: SavedGame) -> None:
        """Refuse (:class:`WriteError`) to take over a file a newer Gammon Cart wrote since: it keeps it."""
        current = self.backend.read(game.entry)
        if current is None:
            return
        try:
            decode("game", current)
        except NewerVersionError:
            raise WriteError(
                f"Could not save the game {game.name!r}: a newer Gammon Cart saved it since, and this one "
                "never writes over a newer version's game."
            ) from None
        except DamagedError:
            pass

    def _set_aside(self, entry: str, what: str, reason: str) -> Notice:
        """Set a game's file aside into ``damaged/``, and the pieces of its record with it, in one notice."""
        found: builtins.list[str] = []
        if entry.endswith(".json"):
            with contextlib.suppress(OSError):
                found = pieces.piece_entries(self.backend, entry[len(GAMES) : -len(".json")])
        notice = set_aside(self.backend, entry, what, reason, self.clock, with_it=found)
        self.notices.append(notice)
        return notice


def full_record(name: str) -> str:
    """What a save past :data:`pieces.MAX_RECORD` says."""
    return (
        f"Could not save the game {name!r}: it holds {pieces.MAX_RECORD:,} actions, the most a saved game "
        "can. Start a new session (New game) to play on with every action saved."
    )


class _Misplaced(DamagedError):
    """A good saved game in the file of another name (files swapped or renamed by hand)."""

    def __init__(self, message: str, name: str) -> None:
        super().__init__(message)
        self.name = name
