"""A saved game in play: the match's observer that saves each action and rates what it finished.

The store's side of a game being played; :mod:`.games` and :mod:`.gamestore` are the games at rest.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol

from ...engine import Action, Event, GameOver, Match, MatchOver
from ..errors import ConflictError, StoreError
from .games import SavedGame
from .gamestore import GameStore

__all__ = ["GameSession", "RatingsHook"]


class GameSession:
    """A saved game in play: every committed action saved at once, every result rated.

    The session is the match's observer (``game.match.on_commit``), not a
    wrapper: front ends act on :attr:`match` directly (``session.match.apply(action)``
    or its shorthands), and whatever changes the match, the session hears of it.
    After each committed action it saves the game and, when a game or the match
    just ended, records the ratings. An illegal action raises the engine's error
    and commits nothing, so nothing is saved. A failed save never interrupts
    play: the action stands in memory, :attr:`problem` says what went wrong
    (until the next action), and the next successful save writes the whole
    record, so nothing is lost.

    One writer per game: when another cartridge (a second window, a second
    browser tab) saved the game since this copy was loaded, the save is
    refused with :class:`ConflictError` and nothing is written over the
    other's save; :attr:`conflict` turns True and :attr:`problem` says so. The
    front end then offers to reopen the game (watching the other's copy) or
    :meth:`take_over` (writing this copy over it).

    A result is rated only once the game that holds it is saved: when a save
    fails, its results wait and are rated after the next save that succeeds.
    Creating a session rates any finished result of the game not rated yet (a
    crash may have fallen between a save and its rating). A second session on
    the same game takes over from the first, so an action is never saved twice.

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
        """Save this copy over the one another window or tab saved (the player chose to).

        Raises :class:`WriteError` when even that fails. Results that waited for
        the save are rated after it.
        """
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

        The action is already committed when this runs, so an exception here
        would reach the front end as if the action had failed while the match
        had in fact moved on: store errors are kept in :attr:`problem` instead.
        """
        self.problem = None
        if any(isinstance(e, (GameOver, MatchOver)) for e in events):
            self._unrated.append(
                (match.game_number, [e for e in events if isinstance(e, (GameOver, MatchOver))])
            )
        if self._guard(lambda: self.games.save(self.game)):
            self._rate_saved()

    def _rate_saved(self) -> None:
        """Rate the results that wait for their game's save, oldest first, once it is saved.

        A result rated while its game's save had failed (disk full) would stand
        in the ratings with no game on disk to show for it; kept here instead,
        it is rated after the next save that succeeds (or, if the cartridge
        stops first, by :meth:`RatingsHook.catch_up` at the next reopen).
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
