"""Nothing outside the save folder (issue 18, item 3): links are never followed.

Before this issue, with ``games/`` linked to a folder elsewhere, opening the
store deleted that folder's old ``.*.tmp`` files and moved its ``.json``
files into ``damaged/``.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest

from cart.engine import Rules
from cart.store import GameOptions, Store, StoreError
from cart.store.saves.names import entry_stem

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def old(path: Path) -> None:
    past = time.time() - 3600
    os.utime(path, (past, past))


def elsewhere_with_files(tmp_path: Path) -> Path:
    """A folder outside the save folder holding what the store would sweep or set aside if it were its own."""
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / f"{entry_stem('Theirs')}.json").write_text("not a saved game")
    (other / "notes.json").write_text("{}")
    temp = other / ".x.json.0123456789ab.tmp"
    temp.write_text("someone's temporary file")
    old(temp)
    return other


def test_a_linked_games_folder_is_neither_swept_nor_set_aside(tmp_path: Path) -> None:
    other = elsewhere_with_files(tmp_path)
    before = snapshot(other)
    save = tmp_path / "save"
    save.mkdir()
    (save / "games").symlink_to(other, target_is_directory=True)
    store = Store(save)
    assert store.games.list() == []
    with pytest.raises(StoreError, match="link"):
        store.games.load("Theirs")
    with pytest.raises(StoreError, match="link"):
        store.games.create("Mine", GameOptions())
    assert snapshot(other) == before
    assert not (save / "damaged").exists()
    assert any("games" in n.message and "link" in n.message for n in store.take_notices())


def test_a_linked_damaged_folder_receives_nothing(tmp_path: Path) -> None:
    other = tmp_path / "elsewhere"
    other.mkdir()
    save = tmp_path / "save"
    store = Store(save)
    store.games.create("g", GameOptions(), rng=random.Random(1))
    (save / "damaged").symlink_to(other, target_is_directory=True)
    [entry] = (save / "games").iterdir()
    entry.write_text("damaged")
    fresh = Store(save)
    assert fresh.games.list() == []
    [notice] = [n for n in fresh.take_notices() if n.entry.startswith("games/")]
    assert notice.moved_to is None and "left where it is" in notice.message
    assert list(other.iterdir()) == [] and entry.read_text() == "damaged"


def test_a_linked_save_file_is_not_listed_read_or_moved(tmp_path: Path) -> None:
    outside = tmp_path / "passwords.json"
    outside.write_text("secret")
    save = tmp_path / "save"
    Store(save).games.create("g", GameOptions())
    link = save / "games" / f"{entry_stem('Linked')}.json"
    link.symlink_to(outside)
    store = Store(save)
    assert [s.name for s in store.games.list()] == ["g"]
    with pytest.raises(StoreError, match="link"):
        store.games.load("Linked")
    assert outside.read_text() == "secret" and link.is_symlink()
    assert not (save / "damaged").exists()


def test_the_sweep_removes_only_the_stores_own_stale_temporary_files(tmp_path: Path) -> None:
    save = tmp_path / "save"
    Store(save).games.create("g", GameOptions(Rules()))
    games = save / "games"
    ours = games / ".g-0123456789abcdef.json.a1b2c3d4e5f6.tmp"
    theirs = [games / ".notes.tmp", games / ".hidden.json.tmp", save / ".x.json.zzzzzzzzzzzz.tmp"]
    for p in [ours, *theirs]:
        p.write_text("x")
        old(p)
    Store(save)
    assert not ours.exists()
    assert all(p.exists() for p in theirs)


def test_the_save_folder_itself_may_be_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real"
    Store(real).games.create("g", GameOptions())
    (tmp_path / "alias").symlink_to(real, target_is_directory=True)
    store = Store(tmp_path / "alias")
    assert [s.name for s in store.games.list()] == ["g"] and store.take_notices() == []
