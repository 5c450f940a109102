"""Ratings: the FIBS formula on worked examples, single games by points, history, levels, persistence."""

from __future__ import annotations

import itertools
import math
import random
from pathlib import Path

import pytest
from test_store_support import FixedClock

from cart.engine import Rules
from cart.store import GameOptions, MemoryBackend, Rating, RatingBook, Store, fibs_changes, k_factor
from cart.store.ratings import MAX_HISTORY, MAX_RATED_POINTS, upset_probability


def test_fibs_worked_example_1600_v_1500_five_point_match() -> None:
    """Reference 5.1: both K = 1, a 5-point match; P_upset is about 0.436."""
    assert upset_probability(100, 5) == pytest.approx(0.436, abs=0.0005)
    favourite, underdog = Rating(1600, 400), Rating(1500, 400)
    gain, loss = fibs_changes(favourite, underdog, 5)
    assert round(gain, 2) == 3.90 and gain == loss
    gain, loss = fibs_changes(underdog, favourite, 5)
    assert round(gain, 2) == 5.04 and gain == loss


def test_fibs_equal_ratings_and_k_factor() -> None:
    # K = 1 and equal ratings: a 1-point match moves both by 2; with K = 5 (a newcomer), by 10.
    assert fibs_changes(Rating(1500, 500), Rating(1500, 500), 1) == (2.0, 2.0)
    assert fibs_changes(Rating(), Rating(), 1) == (10.0, 10.0)
    assert [k_factor(e) for e in (0, 100, 250, 399, 400, 10_000)] == pytest.approx([5, 4, 2.5, 1.01, 1, 1])
    # each side's own K: the newcomer's rating moves five times as far as the veteran's
    gain, loss = fibs_changes(Rating(1500, 0), Rating(1500, 1000), 3)
    assert gain == pytest.approx(5 * loss) and loss == pytest.approx(4 * math.sqrt(3) * 0.5)


def test_expected_change_is_zero_for_calibrated_players() -> None:
    for diff in (0, 50, 200, 700):
        for n in (1, 5, 11):
            fav, dog = Rating(1500 + diff, 400), Rating(1500, 400)
            pu = upset_probability(diff, n)
            fav_gain, _ = fibs_changes(fav, dog, n)
            _, fav_loss = fibs_changes(dog, fav, n)
            assert (1 - pu) * fav_gain - pu * fav_loss == pytest.approx(0, abs=1e-9)


def test_a_match_is_rated_with_its_length_and_a_game_with_its_points() -> None:
    book = RatingBook()
    assert book.rate("player:A", "player:B", kind="match", points=5, ref="m", when="t")
    assert book.get("player:A").rating == pytest.approx(1500 + 5 * 4 * math.sqrt(5) * 0.5)
    assert book.get("player:A").experience == 5 == book.get("player:B").experience
    book = RatingBook()
    book.rate("player:A", "player:B", kind="game", points=3, ref="g", when="t")  # a backgammon, cube 1
    assert book.get("player:A").rating == pytest.approx(1500 + 3 * 10.0)
    assert book.get("player:B").rating == pytest.approx(1500 - 3 * 10.0)
    assert book.get("player:A").experience == 3


def test_a_huge_cube_is_capped() -> None:
    book = RatingBook()
    book.rate("player:A", "player:B", kind="game", points=3 * 64, ref="g", when="t")
    assert book.get("player:A").rating == pytest.approx(1500 + MAX_RATED_POINTS * 10.0)
    assert book.get("player:A").experience == MAX_RATED_POINTS
    assert book.history["player:A"][0].points == 192  # the history keeps what was won


def test_a_result_is_rated_once_and_never_against_oneself() -> None:
    book = RatingBook()
    assert book.rate("player:A", "player:B", kind="game", points=1, ref="x", when="t")
    assert not book.rate("player:A", "player:B", kind="game", points=1, ref="x", when="t")
    assert not book.rate("player:A", "player:A", kind="game", points=1, ref="y", when="t")
    assert len(book.history["player:A"]) == 1
    with pytest.raises(ValueError):
        book.rate("player:A", "player:B", kind="game", points=0, ref="z", when="t")


def test_history_is_kept_and_bounded() -> None:
    book = RatingBook()
    for i in range(MAX_HISTORY + 5):
        book.rate("player:A", "computer:novice", kind="game", points=1, ref=f"r{i}", when="t")
    history = book.history["player:A"]
    assert len(history) == MAX_HISTORY and history[-1].ref == f"r{MAX_HISTORY + 4}"
    assert all(a.after == b.before for a, b in itertools.pairwise(history))
    assert history[-1].after == book.get("player:A").rating and history[-1].won


def finish(store: Store, name: str, options: GameOptions, seed: int, games: int = 1) -> None:
    """Play ``games`` games (or the whole match) of a new saved game in a store session."""
    session = store.session(store.games.create(name, options, rng=random.Random(seed)))
    match = session.match
    rng = random.Random(seed)
    finished = 0
    while True:
        phase = match.game.phase
        if phase == "over":
            finished += 1
            if match.is_match_over or (not options.rules.is_match and finished >= games):
                break
            match.new_game()
        elif phase in ("opening", "roll"):
            match.double() if phase == "roll" and match.can_double() and rng.random() < 0.1 else match.roll()
        elif phase == "doubled":
            match.take()
        else:
            match.play(rng.choice(match.legal_plays()))
    assert session.problem is None


def test_a_session_rates_each_money_game_and_each_level_separately() -> None:
    backend = MemoryBackend()  # the file backend is tested elsewhere; here fsync would only cost time
    store = Store(backend, clock=FixedClock())
    finish(store, "one", GameOptions(Rules(), ("Ann", "Cart"), computer=1, level="novice"), 1, games=2)
    finish(store, "two", GameOptions(Rules(), ("Ann", "Cart"), computer=1, level="expert"), 2, games=1)
    ann = store.ratings.history("player:Ann")
    assert len(ann) == 3 and {c.opponent for c in ann} == {"computer:novice", "computer:expert"}
    assert len(store.ratings.history("computer:novice")) == 2
    assert len(store.ratings.history("computer:expert")) == 1
    assert all(c.kind == "game" and c.points >= 1 for c in ann)
    again = Store(backend)  # the ratings entry reads back the same
    assert again.ratings.get("player:Ann") == store.ratings.get("player:Ann")
    assert again.ratings.history("player:Ann") == ann


def test_a_match_is_rated_once_at_its_end(tmp_path: Path) -> None:
    store = Store(tmp_path, clock=FixedClock())
    finish(store, "m", GameOptions(Rules(match_length=3), ("Ann", "Bob")), 3)
    [change] = store.ratings.history("player:Ann")
    assert change.kind == "match" and change.points == 3
    assert store.ratings.get("player:Ann").experience == 3 == store.ratings.get("player:Bob").experience


def test_ratings_catch_up_after_a_crash_between_the_two_saves(tmp_path: Path) -> None:
    store = Store(tmp_path, clock=FixedClock())
    game = store.games.create("g", GameOptions(Rules(), ("Ann", "Bob")))
    game.match.roll((6, 1))
    game.match.forfeit(0)  # a finished game, saved, but never rated
    store.games.save(game)
    assert store.ratings.history("player:Bob") == []
    fresh = Store(tmp_path)
    fresh.session(fresh.games.load("g"))
    [change] = fresh.ratings.history("player:Bob")
    assert change.won and change.points == 2
    fresh.session(fresh.games.load("g"))  # and only once
    assert len(fresh.ratings.history("player:Bob")) == 1


def test_a_damaged_ratings_file_is_set_aside_and_ratings_start_afresh(tmp_path: Path) -> None:
    store = Store(tmp_path, clock=FixedClock())
    store.ratings.rate("player:A", "player:B", kind="game", points=1, ref="r")
    (tmp_path / "ratings.json").write_bytes(b'{"app": "gammon-cart", "kind": "ratings"')
    fresh = Store(tmp_path)
    assert fresh.ratings.get("player:A") == Rating()
    [notice] = fresh.take_notices()
    assert notice.moved_to and notice.moved_to.startswith("damaged/ratings.json.")


def test_unreadable_ratings_are_never_overwritten() -> None:
    class Unreadable(MemoryBackend):
        def read(self, name: str) -> bytes | None:
            raise OSError(13, "Permission denied")

    store = Store(Unreadable())
    with pytest.raises(OSError, match="could not be read"):
        store.ratings.rate("player:A", "player:B", kind="game", points=1, ref="r")


@pytest.mark.parametrize(
    "results",
    [
        pytest.param(1_000, id="1,000 results, the budget a tenth"),
        pytest.param(0, marks=pytest.mark.slow, id="real"),
    ],
)
def test_a_long_career_of_many_players_keeps_its_ratings_file_within_the_readers_limit(
    results: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 39: 40 players with 1,000 kept results each wrote 8.6 MB, which the reader refused: all
    ratings restarted. The writer trims the oldest history first, and says so; every rating stays."""
    from cart.store import MemoryBackend, Store, ratings
    from cart.store.disk.entries import MAX_BYTES
    from cart.store.ratings import MAX_HISTORY

    if results:  # the same, at a tenth of the figures
        monkeypatch.setattr(ratings, "MAX_RATINGS_BYTES", ratings.MAX_RATINGS_BYTES // 40)
    store = Store(MemoryBackend())
    book = store.ratings.book
    players = [f"player:Игрок номер {i:02d} из сорока" for i in range(40)]
    for n in range(results or MAX_HISTORY * len(players) // 2):
        winner, loser = players[n % 40], players[(n * 7 + 1 + n // 40) % 40]
        if winner != loser:
            book.rate(
                winner,
                loser,
                kind="game",
                points=1 + n % 3,
                ref=f"{n:016x}:game:1",
                when="2025-01-01T00:00:00Z",
            )
    store.ratings.save()
    data = store.backend.read("ratings.json")
    assert data is not None and len(data) <= ratings.MAX_RATINGS_BYTES < MAX_BYTES
    again = Store(store.backend)
    assert all(again.ratings.get(p) == book.get(p) for p in players)
    assert len(again.ratings.book.rated) == len(book.rated)  # every mark kept: nothing is rated twice
    assert "oldest results were dropped" in " ".join(n.message for n in store.take_notices())
    assert again.take_notices() == []
