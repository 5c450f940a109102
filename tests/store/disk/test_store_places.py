"""Saves out of place (issue 18, item 8): swapped files and a folder where a save belongs."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cart.engine import Rules
from cart.store import BadNameError, GameOptions, Store, StoreError, WriteError
from cart.store.saves.names import entry_stem


def test_two_swapped_saves_are_each_filed_under_their_own_name(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for name, seed in (("Alpha", 1), ("Beta", 2)):
        game = store.games.create(name, GameOptions(Rules(), (name, "Bob")), rng=random.Random(seed))
        game.match.roll((3, 1) if name == "Alpha" else (6, 5))
        store.games.save(game)
    a = tmp_path / "games" / f"{entry_stem('Alpha')}.json"
    b = tmp_path / "games" / f"{entry_stem('Beta')}.json"
    alpha, beta = a.read_bytes(), b.read_bytes()
    a.write_bytes(beta)  # swapped (by hand, or a sync tool)
    b.write_bytes(alpha)
    fresh = Store(tmp_path)
    assert sorted(s.name for s in fresh.games.list()) == ["Alpha", "Beta"]
    assert (a.read_bytes(), b.read_bytes()) == (alpha, beta)
    assert not (tmp_path / "damaged").exists()
    notices = fresh.take_notices()
    assert len(notices) == 2 and all("filed under its own name" in n.message for n in notices)
    assert [x.to_json() for x in fresh.games.load("Alpha").match.record] == [["roll", 3, 1]]


def test_loading_a_swapped_save_files_both_and_loads_the_right_one(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for name in ("Alpha", "Beta"):
        store.games.create(name, GameOptions(Rules(), (name, "Bob")))
    a = tmp_path / "games" / f"{entry_stem('Alpha')}.json"
    b = tmp_path / "games" / f"{entry_stem('Beta')}.json"
    alpha, beta = a.read_bytes(), b.read_bytes()
    a.write_bytes(beta)
    b.write_bytes(alpha)
    fresh = Store(tmp_path)
    assert fresh.games.load("Alpha").options.names[0] == "Alpha"
    assert fresh.games.load("Beta").options.names[0] == "Beta"
    assert not (tmp_path / "damaged").exists()


def test_a_folder_in_place_of_a_save_is_noticed_and_named_when_it_blocks(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.games.create("Other", GameOptions())
    (tmp_path / "games" / f"{entry_stem('Blocked')}.json").mkdir()
    fresh = Store(tmp_path)
    assert [s.name for s in fresh.games.list()] == ["Other"]
    [notice] = fresh.take_notices()
    assert "folder" in notice.message and notice.entry.endswith(f"{entry_stem('Blocked')}.json")
    with pytest.raises(WriteError, match="folder") as caught:
        fresh.games.create("Blocked", GameOptions())
    assert not isinstance(caught.value, BadNameError)  # not "already a saved game"
    with pytest.raises(StoreError, match="folder"):
        fresh.games.load("Blocked")
