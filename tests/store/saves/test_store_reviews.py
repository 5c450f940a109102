"""A saved game's review kept beside it (``reviews/``), and any ``.mat`` replayed for review."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cart.ai import Bot, choose_action
from cart.ai.review import Review, Reviewer, analysis_key, review_cache_form, review_from_cache, review_match
from cart.engine import Match
from cart.store import (
    SCHEMA_VERSIONS,
    GameOptions,
    MatError,
    MemoryBackend,
    Store,
    export_mat,
    read_mat,
    replay_mat,
)
from cart.store.disk.envelope import encode


def played(store: Store, name: str = "Friday", actions: int = 6) -> Store:
    game = store.games.create(name, GameOptions(names=("Ann", "Bob")), rng=random.Random(3))
    session = store.session(game)
    bots = (Bot("intermediate", seed=1), Bot("expert", seed=1))
    for _ in range(actions):
        g = session.match.game
        if g.phase == "over":
            break
        session.match.apply(choose_action(bots[g.actor if g.phase != "opening" else 0], session.match))
    return store


_REVIEWS: dict[object, Review] = {}


def reviewed(match: Match) -> Review:
    """``review_match(match)``, worked out once per game in a run: three tests review :func:`played`'s."""
    key = (match.rules, match.names, tuple(match.record))
    if key not in _REVIEWS:
        _REVIEWS[key] = review_match(match)
    return _REVIEWS[key]


def test_a_review_is_kept_beside_its_game_and_read_back_without_recomputing(tmp_path: Path) -> None:
    store = played(Store(tmp_path))
    game = store.games.load("Friday")
    assert store.reviews.load(game) is None
    review = reviewed(game.match)
    store.reviews.save(game, review_cache_form(review, game.match.record))
    assert (tmp_path / "reviews").is_dir() and [s.name for s in store.games.list()] == ["Friday"]
    again = Store(tmp_path).games.load("Friday")
    assert again.played == game.played  # keeping a review is not playing the game
    cached = review_from_cache(Store(tmp_path).reviews.load(again), again.match.record, analysis_key())
    assert cached == review
    assert Reviewer(again.match, start=cached).finished


def test_a_damaged_foreign_newer_or_stale_review_reads_as_absent_and_the_game_still_loads() -> None:
    backend = MemoryBackend()
    store = played(Store(backend))
    game = store.games.load("Friday")
    store.reviews.save(game, review_cache_form(reviewed(game.match), game.match.record))
    entry = store.reviews.entry("Friday")
    good = backend.read(entry)
    assert good is not None
    for bad in (
        good[:-20],  # truncated
        good.replace(b'"ply"', b'"plx"'),  # changed after writing: the checksum fails
        b"\x00\xff not json",
        encode("settings", {"sounds": True}),  # another kind of file
        json.dumps({**json.loads(good), "version": 99}).encode(),  # a newer cartridge's
        encode("review", {"game_id": "0" * 16, "cache": {}}),  # another game of that name
        encode("review", {"game_id": game.game_id, "cache": {"key": analysis_key(), "review": 1}}),
    ):
        backend.write(entry, bad)
        data = store.reviews.load(game)
        assert review_from_cache(data, game.match.record, analysis_key()) is None
        assert store.games.load("Friday").match.record == game.match.record
    assert store.take_notices() == []  # a cache is no news: nothing set aside, nothing to tell


def test_deleting_a_game_deletes_its_review_and_a_new_game_of_that_name_starts_clean() -> None:
    backend = MemoryBackend()
    store = played(Store(backend))
    game = store.games.load("Friday")
    store.reviews.save(game, review_cache_form(reviewed(game.match), game.match.record))
    store.games.delete("Friday")
    assert backend.names("reviews/") == []
    store.reviews.save(game, {"left": "behind"})  # as if the delete had failed half way
    newer = played(store).games.load("Friday")
    assert store.reviews.load(newer) is None


def test_the_review_kind_has_a_schema_version() -> None:
    assert SCHEMA_VERSIONS["review"] == 1


@pytest.mark.slow  # gnubg's own files, several games: about 4 s
def test_our_export_and_gnubgs_files_replay_for_review() -> None:
    store = played(Store(MemoryBackend()), actions=200)
    match = store.games.load("Friday").match
    again = replay_mat(export_mat(match))
    assert again.names == match.names and again.score == match.score  # dice may be written larger first
    assert [x.match_id for x in again.moments()] == [x.match_id for x in match.moments()]
    ours, theirs = review_match(again), review_match(match)
    assert [(p.best, p.loss, p.mark) for p in ours.plays] == [(p.best, p.loss, p.mark) for p in theirs.plays]
    gnubg_style = (
        '; [Site "GNU Backgammon"]\r\n\r\n 3 point match\r\n\r\n Game 1\r\n'
        " Ann : 0                             Bob : 0\r\n"
        "  1)                                 52: 13/8 13/11\r\n"
        "  2) 64: 24/18 13/9                  31: 8/5 6/5\r\n"
    )
    m = replay_mat(gnubg_style.encode("cp1252"))
    assert m.rules.match_length == 3 and len(review_match(m).plays) == 3


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"MATLAB 5.0 MAT-file, Platform: GLNX86, Created on: Mon Nov 24 2026\x00\x01\x02" + bytes(200),
        b'{"app": "gammon-cart", "kind": "game"}',
        " 5 point match\n\n Game 1\n Ann : 0   Bob : 0\n  1) 31: 8/5 6/5   42: 99/1\n",
        " 5 point match\n\n Game 1\n Ann : 0   Bob : 0\n  1) 31: 24/16\n",
    ],
)
def test_a_damaged_or_foreign_mat_gives_a_clear_error_and_loses_nothing(
    tmp_path: Path, data: str | bytes
) -> None:
    with pytest.raises(MatError) as caught:
        replay_mat(data)
    assert str(caught.value) and "Traceback" not in str(caught.value)
    path = tmp_path / "game.mat"
    raw = data.encode() if isinstance(data, str) else data
    path.write_bytes(raw)
    with pytest.raises(MatError, match=r"game\.mat"):
        read_mat(path)
    assert path.read_bytes() == raw and sorted(p.name for p in tmp_path.iterdir()) == ["game.mat"]


def test_a_missing_or_huge_mat_file_is_said_so(tmp_path: Path) -> None:
    with pytest.raises(MatError, match="Could not read"):
        read_mat(tmp_path / "nowhere.mat")
    big = tmp_path / "big.mat"
    big.write_bytes(b" 1 point match\n" + b" " * (5 * 1024 * 1024))
    with pytest.raises(MatError, match="larger"):
        read_mat(big)


def test_a_reviews_rollouts_are_kept_beside_it_each_cache_apart_and_go_with_the_game() -> None:
    """Issue 37: rollouts kept apart from the review (neither write loses the other), read back only for
    this game, damaged ones absent, and deleted with the game."""
    backend = MemoryBackend()
    store = played(Store(backend))
    game = store.games.load("Friday")
    store.reviews.save_rollouts(game, {"key": "k", "items": {}})
    store.reviews.save(game, review_cache_form(reviewed(game.match), game.match.record))
    assert store.reviews.load_rollouts(game) == {"key": "k", "items": {}}
    assert store.reviews.load(game) is not None
    backend.write(store.reviews.rollouts_entry("Friday"), b"{not json")
    assert store.reviews.load_rollouts(game) is None
    store.reviews.save_rollouts(game, {"key": "k2"})  # a damaged one is written over
    assert store.reviews.load_rollouts(game) == {"key": "k2"}
    store.games.delete("Friday")
    assert backend.names("reviews/") == []
    newer = played(store).games.load("Friday")
    store.reviews.save_rollouts(game, {"key": "old"})  # the deleted game's, left behind
    assert store.reviews.load_rollouts(newer) is None
