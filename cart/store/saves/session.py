"""A saved game in play: the match's observer that saves each action and rates what it finished."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol

from ...engine import Action, Event, GameOver, Match, MatchOver
from ..errors import ConflictError, StoreError
from .games import SavedGame
from .gamestore import GameStore
from .pieces import MAX_RECORD, WARN_RECORD


class GameSession:
    """A saved game in play: every committed action saved at once, every result rated.

    The match's observer, not a wrapper: whatever changes the match, the session
    hears. A failed save never interrupts play: :attr:`problem` says so and the next
    save writes the whole record. When another cartridge saved the game since,
    :attr:`conflict` turns True and the player reopens or :meth:`take_over`. A result
    is rated only once its game is saved, so the ratings never count a game that is
    not on disk.

    >>> import random
    >>> from cart.store import GameOptions, MemoryBackend, Store
    >>> store = Store(MemoryBackend())
    >>> session = store.session(store.games.create("g", GameOptions(), rng=random.Random(1)))
    >>> _ = session.match.roll((3, 1)); _ = session.match.play("8/5 6/5")
    >>> [a.to_json() for a in store.games.load("g").match.record]
    [['roll', 3, 1], ['move', [[8, 5], [6, 5]]]]
    """

    def __init__(self, games: GameStore, game: SavedGame, ratings: RatingsHook | None = None) -> None:
        self.games = games
        self.game = game
        self.ratings = ratings
        self.problem: str | None = None
        self.warning: str | None = None
        """Said once a session, well before a save is refused: the record nears its limit."""
        self._warned = False
        self._check_length()
        self._unrated: list[tuple[int, list[Event]]] = []
        self._conflict = False
        observer = game.match.on_commit
        if observer is not None and not isinstance(getattr(observer, "__self__", None), GameSession):
            raise ValueError(f"the match already has an observer ({observer!r}); a session would replace it")
        if ratings is not None:
            self._guard(lambda: ratings.catch_up(game))
        game.match.on_commit = self._committed

    @property
    def match(self) -> Match:
        """The saved game's match: act on it, and the session saves."""
        return self.game.match

    @property
    def conflict(self) -> bool:
        """Whether the last save found the game saved by another cartridge (see :meth:`take_over`)."""
        return self._conflict

    def take_over(self) -> None:
        """Save this copy over the one another window or tab saved (the player chose to), then rate."""
        self.games.save(self.game, take_over=True)
        self._conflict = False
        self.problem = None
        self._rate_saved()

    def close(self) -> None:
        """Stop saving this game's actions (the match keeps playing, unsaved)."""
        if self.game.match.on_commit == self._committed:
            self.game.match.on_commit = None

    def _committed(self, match: Match, action: Action, events: list[Event]) -> None:
        """The match's observer: save, then rate what the action finished; never raises a store error.

        The action is committed already: an exception would read as a failed action, so
        store errors go to :attr:`problem`.
        """
        self.problem = None
        if any(isinstance(e, (GameOver, MatchOver)) for e in events):
            self._unrated.append(
                (match.game_number, [e for e in events if isinstance(e, (GameOver, MatchOver))])
            )
        if self._guard(lambda: self.games.save(self.game)):
            self._rate_saved()
        self._check_length()

    def _check_length(self) -> None:
        """Warn (:attr:`warning`) once the record nears :data:`MAX_RECORD`, where saves stop."""
        actions = len(self.game.match.record)
        if not self._warned and actions >= WARN_RECORD:
            self._warned = True
            self.warning = (
                f"This session holds {actions:,} actions; a saved game can hold {MAX_RECORD:,}, after which "
                "no action is saved. Start a new session to play on with every action kept."
            )

    def take_warning(self) -> str | None:
        """The warning not shown yet (each once), or None; it is cleared."""
        warning, self.warning = self.warning, None
        return warning

    def _rate_saved(self) -> None:
        """Rate the results that wait for their game's save, oldest first, once it is saved.

        Else a result could stand in the ratings with no game on disk to show for it.
        """
        ratings = self.ratings
        while self._unrated and ratings is not None:
            number, events = self._unrated[0]
            rate = functools.partial(ratings.rate_events, self.game, events, number=number)
            if not self._guard(rate):
                return
            self._unrated.pop(0)

    def _guard(self, step: Callable[[], object]) -> bool:
        """Run a store step; False (and :attr:`problem` says why) when it raised a store error."""
        try:
            step()
        except StoreError as exc:
            self._conflict = self._conflict or isinstance(exc, ConflictError)
            self.problem = str(exc) if self.problem is None else f"{self.problem}; {exc}"
            return False
        return True


class RatingsHook(Protocol):
    """What :class:`GameSession` needs from the ratings (``RatingStore`` provides it)."""

    def catch_up(self, game: SavedGame) -> None:
        """Rate every finished game or match of ``game`` not rated yet (after a crash, say)."""
        ...

    def rate_events(self, game: SavedGame, events: list[Event], *, number: int | None = None) -> None:
        """Rate what the events of an action finished (in game ``number``, by default the current one)."""
        ...
