"""The store as the front ends see it: one object over one folder."""

from __future__ import annotations

import os

from .disk.backend import FileBackend
from .disk.entries import Backend
from .disk.notices import Clock, Notice, utc_now
from .drills import DrillStore
from .ratings import RatingStore
from .saves.games import SavedGame
from .saves.gamestore import GameStore
from .saves.reviews import ReviewStore
from .saves.session import GameSession
from .settings import SettingsStore


class Store:
    """Everything the cartridge remembers, kept in one folder (or any :class:`Backend`).

    Problems with stored data are collected in :attr:`notices` for the UI to show.

    >>> import tempfile
    >>> from cart.store import GameOptions
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     store = Store(folder)
    ...     game = store.games.create("Friday", GameOptions(names=("Ann", "Bob")))
    ...     [s.name for s in store.games.list()]
    ['Friday']
    """

    def __init__(self, folder: str | os.PathLike[str] | Backend, *, clock: Clock = utc_now) -> None:
        if isinstance(folder, (str, os.PathLike)):
            backend: Backend = FileBackend(folder)
        elif isinstance(folder, Backend):
            backend = folder
        else:
            raise TypeError(f"a store needs a folder or a Backend, got {type(folder).__name__}")
        self.backend = backend
        self.notices: list[Notice] = []
        if isinstance(backend, FileBackend):
            try:
                backend.sweep()
                for link in backend.links():
                    self.notices.append(
                        Notice(
                            link,
                            None,
                            f"{link} in the save folder is a link to somewhere else: the store leaves it "
                            "alone and does not follow it. Put the real files in the save folder instead.",
                        )
                    )
            except OSError as exc:
                self.notices.append(Notice("", None, f"Could not tidy the save folder: {exc}"))
        self.games = GameStore(backend, self.notices, clock)
        self.ratings = RatingStore(backend, self.notices, clock)
        self.settings = SettingsStore(backend, self.notices, clock)
        self.reviews = ReviewStore(backend)
        self.drills = DrillStore(backend, self.notices, clock)

    def session(self, game: SavedGame) -> GameSession:
        """Play ``game`` with every action saved and every result rated: a session observes its match."""
        return GameSession(self.games, game, self.ratings)

    def take_notices(self) -> list[Notice]:
        """The notices gathered so far, oldest first; the list is emptied."""
        taken = list(self.notices)
        self.notices.clear()
        return taken
