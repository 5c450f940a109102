"""Two versions of the cartridge on one folder: neither moves, changes or writes over the other's files.

A newer version's game, pieces, ratings, settings and review are refused and left
byte for byte: the game is listed greyed, the ratings and settings are read as far as
this version can and never written. The newer cartridge here is this one with every
schema version raised, writing in-process. The older ones are real code from the clone's
history, run in a subprocess: the store before the record's pieces writes a folder this
version opens without moving or changing a file, and the store released before issue 39
opens this version's folder likewise (pieces written ahead change no schema).
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
import shutil
import subprocess
import sys
import tarfile
import textwrap
from pathlib import Path

import pytest
from test_store_support import random_match

from cart.engine import Rules
from cart.store import GameOptions, NewerVersionError, Store, WriteError
from cart.store.disk import envelope as env
from cart.store.saves import pieces

REPO = Path(__file__).resolve().parents[2]
OLDER = "236e30a"
"""The store before the record's pieces (game schema 4): the older cartridge of the second test."""
RELEASED = "6f54423"
"""The store before issue 39 (game schema 5, the same as this one's): it opens this one's folder."""


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` and its bytes."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def write_newer_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder as a newer cartridge leaves it: a long game in pieces, ratings, settings, a review."""
    with monkeypatch.context() as newer:
        newer.setattr(env, "SCHEMA_VERSIONS", {k: v + 1 for k, v in env.SCHEMA_VERSIONS.items()})
        store = Store(folder)
        match = random_match(Rules(), 4, games=12)
        game = store.games.create("Long", GameOptions(names=("Ann", "Bob")), record=match.record)
        session = store.session(game)
        session.match.new_game()
        session.match.roll()
        store.settings.update(sounds=False, checker_colours=("black", "cream"))
        store.reviews.save(game, {"key": "k"})
        assert store.ratings.get("player:Ann").experience > 0
    assert any(name.endswith(".part") for name in snapshot(folder)), "the newer game has no pieces"


def test_a_newer_versions_folder_is_left_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "saves"
    write_newer_folder(folder, monkeypatch)
    before = snapshot(folder)
    store = Store(folder)
    mine = store.games.create("Mine", GameOptions(names=("Cy", "Di")))
    [newer, listed_mine] = sorted(store.games.list(), key=lambda s: s.name)
    assert (newer.name, newer.newer, listed_mine.newer) == ("Long", True, False)
    with pytest.raises(NewerVersionError, match="written by a newer Gammon Cart"):
        store.games.load("Long")
    assert store.settings.load().checker_colours == ("black", "cream")  # read as far as known
    assert store.settings.update(sounds=True).sounds  # held for this run, never written
    assert store.ratings.get("player:Ann").experience > 0  # shown read-only
    assert not store.ratings.rate("player:Cy", "player:Di", kind="game", points=1, ref="r1")
    with pytest.raises(WriteError, match="newer Gammon Cart"):
        store.reviews.save(dataclasses.replace(store.games.load("Mine"), name="Long"), {"key": "mine"})
    session = store.session(mine)
    session.match.roll()
    notices = " ".join(n.message for n in store.take_notices())
    assert "ratings were saved by a newer Gammon Cart" in notices
    assert "settings were saved by a newer Gammon Cart" in notices
    after = snapshot(folder)
    assert {k: v for k, v in after.items() if not k.startswith("games/mine-")} == before
    assert not (folder / "damaged").exists()


def old_tree(tmp_path: Path, commit: str = OLDER) -> Path | None:
    """An older cartridge's ``cart`` package, from the clone's history (None: the clone lacks it)."""
    git = shutil.which("git")
    if git is None:
        return None
    done = subprocess.run(
        [git, "-C", str(REPO), "archive", "--format=tar", commit, "cart"], capture_output=True, check=False
    )
    if done.returncode:
        return None
    tree = tmp_path / commit
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as tar:
        tar.extractall(tree, filter="data")
    return tree


def run_older(tree: Path, script: str, folder: Path) -> str:
    """What ``script`` prints, run by the older cartridge in ``tree`` on the save ``folder``."""
    done = subprocess.run(
        [sys.executable, "-c", script, str(folder)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tree), "PATH": ""},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


OLDER_WRITES = textwrap.dedent(
    """
    import random, sys
    from cart.engine import Match, Rules
    from cart.store import GameOptions, Store

    def played(rules, seed, games):
        rng = random.Random(seed)
        match = Match(rules, names=("Ann", "Bob"), rng=random.Random(seed + 1))
        done = 1
        while True:
            game = match.game
            if game.phase == "over":
                if match.is_match_over or (not rules.is_match and done >= games):
                    return match
                match.new_game()
                done += 1
            elif game.phase in ("opening", "roll"):
                match.roll()
            elif game.phase == "doubled":
                match.take()
            else:
                match.play(rng.choice(match.legal_plays()))

    store = Store(sys.argv[1])
    for name, rules, games in (("Money", Rules(), 8), ("Match", Rules(match_length=3), 0)):
        record = played(rules, 7, games).record
        options = GameOptions(rules, ("Ann", "Bob"))
        game = store.games.create(name, options, rng=random.Random(5), record=record)
        session = store.session(game)  # rates every result, as play would have
        if not rules.is_match:
            session.match.new_game()  # saved by the session, as in play
        assert session.problem is None, session.problem
    store.settings.update(sounds=False)
    store.reviews.save(store.games.load("Money"), {"key": "k"})
    print(len(store.games.load("Money").match.record), store.ratings.get("player:Ann").experience)
    """
)


def test_the_real_older_cartridges_folder_opens_here_unchanged(tmp_path: Path) -> None:
    tree = old_tree(tmp_path)
    if tree is None:
        pytest.skip(f"this clone lacks commit {OLDER} (the store before pieces): no older cartridge to run")
    folder = tmp_path / "saves"
    actions, experience = map(int, run_older(tree, OLDER_WRITES, folder).split())
    assert experience > 0
    before = snapshot(folder)
    assert json.loads(before["settings.json"])["version"] == 1
    store = Store(folder)
    assert sorted(s.name for s in store.games.list()) == ["Match", "Money"]
    money = store.games.load("Money")
    assert len(money.match.record) == actions and store.games.load("Match").match.is_match_over
    assert store.ratings.get("player:Ann").experience == experience
    assert not store.settings.load().sounds and store.reviews.load(money) == {"key": "k"}
    store.session(money)  # opened to play: everything was rated already, nothing to write
    assert snapshot(folder) == before and store.take_notices() == []


RELEASED_READS = textwrap.dedent(
    """
    import sys
    from cart.store import Store

    store = Store(sys.argv[1])
    games = store.games.list()
    lengths = [len(store.games.load(s.name).match.record) for s in games]
    store.ratings.book, store.settings.load()
    assert not store.take_notices()
    print(" ".join(f"{s.name}={n}" for s, n in zip(games, lengths)))
    """
)


def test_the_released_cartridge_opens_this_ones_folder_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pieces named a period after they are written change no schema: the cartridge released before
    this one reads a long game's head and pieces, and moves or writes nothing."""
    tree = old_tree(tmp_path, RELEASED)
    if tree is None:
        pytest.skip(f"this clone lacks commit {RELEASED} (the store before issue 39): nothing to run")
    monkeypatch.setattr(pieces, "PIECE_ACTIONS", 30)  # pieces within a few games (the reader has no period)
    monkeypatch.setattr(pieces, "LONG_TAIL", 20)  # and named a period late, as in play
    folder = tmp_path / "saves"
    store = Store(folder)
    match = random_match(Rules(), 4, games=3)
    session = store.session(
        store.games.create("Long", GameOptions(names=("Ann", "Bob")), record=match.record)
    )
    rng = random.Random(3)
    for _ in range(2_000):  # until a piece is written ahead of the head that names the others
        if session.game.ahead is not None:
            break
        session.match.new_game() if session.match.game.phase == "over" else session.match.roll()
        if session.match.game.phase == "move":
            session.match.play(rng.choice(session.match.legal_plays()))
    assert session.game.ahead is not None and session.game.sealed.pieces >= 1
    store.settings.update(sounds=False)
    before = snapshot(folder)
    assert run_older(tree, RELEASED_READS, folder).split() == [f"Long={len(session.match.record)}"]
    assert snapshot(folder) == before


def test_a_game_taken_over_is_never_written_over_a_newer_versions(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = store.games.create("g", GameOptions(), rng=random.Random(1))
    path = tmp_path / game.entry
    envelope = json.loads(path.read_bytes())
    envelope["version"] += 1
    path.write_bytes(newer := json.dumps(envelope).encode())
    with pytest.raises(WriteError, match="newer Gammon Cart"):
        store.games.save(game, take_over=True)
    assert path.read_bytes() == newer
