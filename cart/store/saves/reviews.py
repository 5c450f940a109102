"""Reviews kept beside their saved games, so a review is never worked out twice.

Beside the game, not inside it: the game is written after every action under its
one-writer rule, a review whenever its analysis stops, maybe by another window,
and must never make a save conflict. It is a cache: whatever cannot be used
(damaged, foreign, of another game by ``game_id``) reads as absent and is written
over; :func:`cart.ai.review.review_from_cache` judges the rest.
"""

from __future__ import annotations

import contextlib
from typing import Any

from ..disk.entries import Backend
from ..disk.envelope import decode, encode
from ..errors import DamagedError, NewerVersionError, WriteError
from .games import SavedGame
from .names import REVIEWS, entry_stem


class ReviewStore:
    """The stored reviews of saved games: :meth:`load` and :meth:`save`.

    >>> from cart.store import GameOptions, MemoryBackend, Store
    >>> store = Store(MemoryBackend())
    >>> game = store.games.create("g", GameOptions())
    >>> print(store.reviews.load(game))
    None
    >>> store.reviews.save(game, {"key": "k"})
    >>> store.reviews.load(game)
    {'key': 'k'}
    """

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    @staticmethod
    def entry(name: str) -> str:
        """The entry a game's review is kept in."""
        return f"{REVIEWS}{entry_stem(name)}.json"

    def load(self, game: SavedGame) -> dict[str, Any] | None:
        """The cached review form saved for ``game``, or None when there is none it can use."""
        try:
            data = self.backend.read(self.entry(game.name))
            if data is None:
                return None
            body = decode("review", data)
        except (OSError, DamagedError, NewerVersionError):
            return None
        cache = body.get("cache")
        if body.get("game_id") != game.game_id or not isinstance(cache, dict):
            return None
        return cache

    def save(self, game: SavedGame, cache: dict[str, Any]) -> None:
        """Keep ``cache`` for ``game``; :class:`WriteError` if it cannot (the review still shows, unkept).

        Never over a newer Gammon Cart's review: that one stays as it is.
        """
        try:
            kept = self.backend.read(self.entry(game.name))
            if kept is not None:
                with contextlib.suppress(DamagedError):
                    decode("review", kept)
            self.backend.write(
                self.entry(game.name), encode("review", {"game_id": game.game_id, "cache": cache})
            )
        except NewerVersionError:
            raise WriteError(
                f"Could not keep the review of {game.name!r}: a newer Gammon Cart keeps one there"
            ) from None
        except (OSError, ValueError) as exc:
            raise WriteError(f"Could not keep the review of {game.name!r}: {exc}") from exc

    @staticmethod
    def rollouts_entry(name: str) -> str:
        """The entry a game's rollouts are kept in: beside its review, each cache written on its own."""
        return f"{REVIEWS}{entry_stem(name)}.rollouts.json"

    def load_rollouts(self, game: SavedGame) -> dict[str, Any] | None:
        """The rollouts kept for ``game``'s review (their own key inside), or None."""
        try:
            data = self.backend.read(self.rollouts_entry(game.name))
            body = decode("review", data) if data is not None else {}
        except (OSError, ValueError):
            return None
        rollouts = body.get("rollouts")
        return rollouts if body.get("game_id") == game.game_id and isinstance(rollouts, dict) else None

    def save_rollouts(self, game: SavedGame, rollouts: dict[str, Any]) -> None:
        """Keep ``rollouts`` for ``game``; :class:`WriteError` if not (they show while the window is open).

        Never over what a newer Gammon Cart kept there (reading it raises): that stays as it is.
        """
        entry = self.rollouts_entry(game.name)
        try:
            kept = self.backend.read(entry)
            if kept is not None:
                with contextlib.suppress(DamagedError):
                    decode("review", kept)
            self.backend.write(entry, encode("review", {"game_id": game.game_id, "rollouts": rollouts}))
        except (OSError, ValueError) as exc:
            raise WriteError(f"Could not keep the rollouts of {game.name!r}: {exc}") from exc
