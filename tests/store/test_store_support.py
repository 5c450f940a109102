"""Shared helpers for the store tests: seeded random matches, a fixed clock, a store with a game played.

Every random choice comes from a ``random.Random`` with a fixed seed, so each
run plays the same games.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cart.engine import Accept, Decline, Forfeit, Match, Resign, Roll, Rules
from cart.store import FileBackend, GameOptions, MemoryBackend, Store
from cart.store.saves.session import GameSession


def random_match(
    rules: Rules,
    seed: int,
    *,
    games: int = 3,
    forfeit_p: float = 0.0,
    double_p: float = 0.08,
    take_p: float = 0.7,
    names: tuple[str, str] = ("Alice", "Bob"),
    actions: int | None = None,
) -> Match:
    """A match played by random legal actions until it ends (or ``games`` money games, or ``actions``)."""
    rng = random.Random(seed)
    match = Match(rules, names=names, rng=random.Random(seed + 1))
    played = 1
    while actions is None or len(match.record) < actions:
        game = match.game
        if game.phase == "over":
            if match.is_match_over or (not rules.is_match and played >= games):
                break
            match.new_game()
            played += 1
        elif rng.random() < forfeit_p:
            match.forfeit(rng.randint(0, 1))
        elif game.phase in ("opening", "roll"):
            if game.phase == "roll" and game.can_double() and rng.random() < double_p:
                match.double()
            else:
                match.roll()
        elif game.phase == "doubled":
            (match.take if rng.random() < take_p else match.drop)()
        else:
            match.play(rng.choice(match.legal_plays()))
    return match


def what_mat_keeps(match: Match) -> list[tuple[object, ...]]:
    """Each play and cube action with the IDs after it, and the score after each game given up.

    Any ``.mat`` reader keeps at least this (ties and rolls given up are our
    comment lines; the dice are written high first), and a game given up as ``Wins N
    points`` only: a forfeit and a resignation accepted (which a forfeit reads
    back as) are the same "given" end, and an offer declined leaves no trace.
    """
    replay = Match(match.rules, names=match.names)
    out: list[tuple[object, ...]] = []
    for action in match.record:
        replay.apply(action)
        if isinstance(action, (Forfeit, Accept)):
            out.append(("given", replay.score, replay.game_number))
        elif not isinstance(action, (Roll, Resign, Decline)):
            out.append((action.name, replay.position_id(), replay.match_id()))
    return out


class FixedClock:
    """A clock that ticks one second per call, from 2024-03-05 12:00 UTC."""

    def __init__(self) -> None:
        self.now = datetime(2024, 3, 5, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def play_some(session: GameSession, rng: random.Random, n: int) -> None:
    """``n`` random legal actions on the session's match, as a front end acts (dice from its own rng)."""
    for _ in range(n):
        match = session.match
        game = match.game
        if game.phase == "over":
            if match.is_match_over:
                return
            match.new_game()
        elif game.phase in ("opening", "roll"):
            if game.phase == "roll" and game.can_double() and rng.random() < 0.1:
                match.double()
            else:
                match.roll()
        elif game.phase == "doubled":
            match.take() if rng.random() < 0.8 else match.drop()
        else:
            match.play(rng.choice(match.legal_plays()))


def new_store(tmp_path: Path) -> Store:
    return Store(tmp_path, clock=FixedClock())


OPTIONS = GameOptions(Rules(match_length=5), ("Ann", "Bob"), computer=1, level="expert", hints=False)


def good_file(tmp_path: Path, name: str = "Good") -> tuple[Store, Path]:
    """A store in ``tmp_path`` holding a game of 30 actions, and the game's file.

    Played and saved action by action in memory, then written to the folder: the same bytes
    as 30 saves to the disk (each synced twice) leave, at a fraction of the time.
    """
    clock = FixedClock()
    played = Store(MemoryBackend(), clock=clock)
    game = played.games.create(name, OPTIONS, rng=random.Random(1))
    play_some(played.session(game), random.Random(2), 30)
    folder = FileBackend(tmp_path)
    for entry in played.backend.names():
        data = played.backend.read(entry)
        assert data is not None
        folder.write(entry, data)
    return Store(tmp_path, clock=clock), tmp_path / game.entry


def test_random_match_is_repeatable() -> None:
    a = random_match(Rules(match_length=3), 5)
    b = random_match(Rules(match_length=3), 5)
    assert a.record == b.record and a.is_match_over
