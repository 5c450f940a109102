"""Issue 18, item 1: every result is rated exactly once, forever, however long the career.

The displayed history is trimmed to ``MAX_HISTORY``; which results were rated is
kept apart from it (high-water marks), so reopening an old game never rates its
results again, a failed save holds its results back until the game is saved, and
a crash or a restore from ``damaged/`` neither repeats nor misses a rating.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_store_support import FixedClock

from cart.engine import Rules
from cart.store import GameOptions, MemoryBackend, RatingBook, Store
from cart.store.disk.envelope import decode, encode
from cart.store.ratings import MAX_HISTORY, ratings_1_to_2

OPTIONS = GameOptions(Rules(), ("Ann", "Computer"), computer=1, level="expert")


def play_forfeits(store: Store, name: str, games: int, seed: int = 7) -> None:
    """A money session of ``games`` games, each ended by a forfeit (2 points) after its opening roll."""
    session = store.session(store.games.create(name, OPTIONS, rng=random.Random(seed)))
    match = session.match
    for i in range(games):
        match.roll()
        match.forfeit(i % 2)
        if i < games - 1:
            match.new_game()
    assert session.problem is None


@pytest.mark.slow  # 1,010 games played and reopened: about 11 s
def test_a_long_career_is_rated_once_however_often_its_games_are_reopened() -> None:
    """The issue's figure: 1,010 money games, reopened twice, was 2,020 -> 4,040 -> 6,060 experience."""
    backend = MemoryBackend()
    store = Store(backend)
    play_forfeits(store, "career", MAX_HISTORY + 10)
    first = store.ratings.get("player:Ann")
    assert first.experience == 2 * (MAX_HISTORY + 10)
    assert len(store.ratings.history("player:Ann")) == MAX_HISTORY  # the display is trimmed...
    for _ in range(2):  # ...and the marks are not
        again = Store(backend)
        again.session(again.games.load("career"))
        assert again.ratings.get("player:Ann") == first
        assert again.ratings.get("computer:expert") == store.ratings.get("computer:expert")
    # the marks are compact: one per saved game, not one per result
    assert list(Store(backend).ratings.book.rated) == [f"{store.games.load('career').game_id}:game"]


@pytest.mark.slow  # a career of games past the history's limit: about 11 s
def test_a_second_career_game_is_rated_and_the_first_is_not_rated_again() -> None:
    backend = MemoryBackend()
    store = Store(backend)
    play_forfeits(store, "one", MAX_HISTORY + 5)
    play_forfeits(store, "two", 3, seed=8)
    again = Store(backend)
    for name in ("one", "two"):
        again.session(again.games.load(name))
    assert again.ratings.get("player:Ann").experience == 2 * (MAX_HISTORY + 8)


class FailingWrites(MemoryBackend):
    """A backend whose writes of chosen entries fail (a full disk) while ``failing`` holds them."""

    def __init__(self) -> None:
        super().__init__()
        self.failing: set[str] = set()

    def write(self, name: str, data: bytes) -> None:
        if any(name.startswith(f) for f in self.failing):
            raise OSError(28, "No space left on device")
        super().write(name, data)


def test_a_result_is_rated_only_once_its_game_is_saved() -> None:
    backend = FailingWrites()
    store = Store(backend, clock=FixedClock())
    session = store.session(store.games.create("g", GameOptions(Rules(), ("Ann", "Bob"))))
    match = session.match
    match.roll((6, 1))
    backend.failing = {"games/"}
    match.forfeit(0)  # Bob wins 2, but the game that shows it could not be saved
    assert session.problem and "No space" in session.problem
    assert store.ratings.history("player:Bob") == []  # the rating waits for the save
    assert Store(backend).games.load("g").match.game.phase != "over"
    backend.failing = set()
    match.new_game()  # the next save succeeds: now the result is rated, once
    assert session.problem is None
    [change] = store.ratings.history("player:Bob")
    assert change.won and change.ref.endswith(":game:1")
    match.roll((5, 2))
    assert len(store.ratings.history("player:Bob")) == 1


def test_a_crash_after_a_failed_save_rates_the_result_at_the_next_save_not_before() -> None:
    backend = FailingWrites()
    store = Store(backend, clock=FixedClock())
    session = store.session(store.games.create("g", GameOptions(Rules(), ("Ann", "Bob"))))
    session.match.roll((6, 1))
    backend.failing = {"games/"}
    session.match.forfeit(1)
    # the cartridge stops here: the game on disk has no result, and nothing was rated
    backend.failing = set()
    fresh = Store(backend)
    fresh.session(fresh.games.load("g"))
    assert fresh.ratings.history("player:Ann") == []


def test_a_failed_ratings_write_is_made_good_and_never_doubled(tmp_path: Path) -> None:
    backend = FailingWrites()
    store = Store(backend, clock=FixedClock())
    session = store.session(store.games.create("g", GameOptions(Rules(), ("Ann", "Bob"))))
    session.match.roll((6, 1))
    backend.failing = {"ratings.json"}
    session.match.forfeit(1)  # the game is saved; the ratings are not (a crash now loses them)
    assert session.problem and "ratings" in session.problem
    backend.failing = set()
    for _ in range(3):  # each reopen: rated once by the first, never again
        fresh = Store(backend)
        fresh.session(fresh.games.load("g"))
        assert fresh.ratings.get("player:Ann").experience == 2


def test_a_game_restored_from_damaged_is_not_rated_again(tmp_path: Path) -> None:
    store = Store(tmp_path, clock=FixedClock())
    play_forfeits(store, "g", 4)
    before = store.ratings.get("player:Ann")
    [entry] = [p for p in (tmp_path / "games").iterdir()]
    good = entry.read_bytes()
    entry.write_bytes(good[:-20])  # damaged: set aside at the next load
    damaged = Store(tmp_path)
    with pytest.raises(Exception, match="set aside"):
        damaged.games.load("g")
    [aside] = list((tmp_path / "damaged").iterdir())
    entry.write_bytes(good)  # the player restores the good copy from a backup
    aside.unlink()
    fresh = Store(tmp_path)
    fresh.session(fresh.games.load("g"))
    assert fresh.ratings.get("player:Ann") == before


def test_version_1_ratings_migrate_with_marks_read_off_their_history() -> None:
    book = RatingBook()
    for n in range(1, 6):
        book.rate(
            "player:A", "computer:expert", kind="game", points=1, ref=f"00ff00ff00ff00ff:game:{n}", when="t"
        )
    book.rate("player:A", "player:B", kind="match", points=3, ref="11ee11ee11ee11ee:match", when="t")
    v1 = book.to_body()
    del v1["rated"]
    v1["players"]["player:A"]["history"] = v1["players"]["player:A"]["history"][-2:]  # trimmed, as v1 did
    migrated = ratings_1_to_2(v1)
    assert migrated["rated"] == {"00ff00ff00ff00ff:game": 5, "11ee11ee11ee11ee:match": 1}
    loaded = RatingBook.from_body(migrated)
    assert loaded.seen("00ff00ff00ff00ff:game:1") and loaded.seen("11ee11ee11ee11ee:match")
    assert not loaded.seen("00ff00ff00ff00ff:game:6")
    # through the envelope: a version 1 file loads and is written back as version 2
    data = encode("ratings", v1).replace(b'"version":2', b'"version":1')
    assert decode("ratings", data)["rated"] == migrated["rated"]


def test_malformed_marks_are_refused() -> None:
    body = RatingBook().to_body()
    for rated in ({"x": 0}, {"x": "1"}, {"": 1}, []):
        with pytest.raises(Exception, match=r"mark|rated"):
            RatingBook.from_body({**body, "rated": rated})


def counted_applies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every action any match applies from now on (the engine's one way to change a match)."""
    from cart.engine import Match

    count = [0]
    real = Match.apply

    def apply(self: Match, action: object) -> object:
        count[0] += 1
        return real(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Match, "apply", apply)
    return count


def test_opening_a_long_session_to_play_replays_only_the_games_not_rated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 39: catch-up replayed every action of a 40,000-action session on each PLAY."""
    from test_store_support import random_match

    store = Store(MemoryBackend(), clock=FixedClock())
    match = random_match(Rules(), 3, games=10)  # 1,178 actions: a replay of them all is past the bound below
    saved = store.games.create("Long", OPTIONS, rng=random.Random(1), record=match.record)
    store.session(saved)  # the first opening rates the imported games, all of them
    rated = store.ratings.get("player:Ann").experience
    assert rated > 0
    loaded = Store(store.backend).games.load("Long")
    count = counted_applies(monkeypatch)
    again = Store(store.backend)
    again.session(loaded)
    assert count[0] == 0 and again.ratings.get("player:Ann").experience == rated
    # A crash after the last game's save, before its rating: only that game is replayed and rated.
    book = again.ratings.book
    book.rated[f"{loaded.game_id}:game"] -= 1
    again.ratings.save()
    third = Store(store.backend)
    third.session(Store(store.backend).games.load("Long"))
    begun = loaded.match.checkpoint()
    assert begun is not None
    last_game = len(loaded.match.record) - begun.at
    assert 0 < count[0] <= 2 * last_game + 200  # the last two games at most, never the session
    assert third.ratings.get("player:Ann").experience > rated


def test_a_finished_match_is_caught_up_from_its_score(monkeypatch: pytest.MonkeyPatch) -> None:
    from test_store_support import random_match

    store = Store(MemoryBackend(), clock=FixedClock())
    options = GameOptions(Rules(match_length=3), ("Ann", "Bob"))
    match = random_match(options.rules, 5)
    saved = store.games.create("M", options, rng=random.Random(1), record=match.record)
    count = counted_applies(monkeypatch)
    store.session(saved)
    winner = store.ratings.get(options.player_id(match.match_winner or 0))
    assert count[0] == 0 and winner.rating > 1500 and winner.experience == 3
