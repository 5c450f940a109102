"""A long record in pieces: saves that do not grow with it, and everything a whole file kept, kept.

Checked here: a long money session saved action by action keeps a small head and sealed
pieces, and loads to the same match; a piece missing or changed is damage (the game set
aside with its pieces, every other game untouched); a kill between a piece and its head
loses nothing; two copies of one game never spoil each other's pieces; deleting a game
deletes its pieces; the browser's storage holds pieces the same way; and the games that the
code before the pieces wrote (``tests/data/saves_v4``, a folder and a browser's storage)
load, lose nothing and go on in pieces.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from test_store_localstorage import FakeStorage
from test_store_support import FixedClock, play_some, random_match

from cart.engine import Rules
from cart.store import (
    ConflictError,
    DamagedError,
    FileBackend,
    GameOptions,
    LocalStorageBackend,
    MemoryBackend,
    Store,
)
from cart.store.saves import pieces
from cart.store.saves.names import entry_stem

OPTIONS = GameOptions(Rules(), ("Ann", "Bob"))
DATA = Path(__file__).parents[2] / "data" / "saves_v4"
EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text())


def head(store: Store, name: str) -> dict[str, Any]:
    data = store.backend.read(store.games.load(name).entry)
    assert data is not None
    body: dict[str, Any] = json.loads(data)["body"]
    return body


def long_game(store: Store, actions: int, name: str = "Long", seed: int = 1) -> None:
    """A money session played and saved action by action, as the front end plays one."""
    session = store.session(store.games.create(name, OPTIONS, rng=random.Random(seed)))
    play_some(session, random.Random(seed + 1), actions)
    assert session.problem is None


@pytest.mark.parametrize(
    ("backend", "actions"),
    [
        ("folder", 300),  # two pieces: each save syncs two files to the disk
        pytest.param("folder", 800, marks=pytest.mark.slow),
        ("memory", 300),  # the 800-action sessions are the slow set's
        ("localStorage", 300),
        pytest.param("memory", 800, marks=pytest.mark.slow),
        pytest.param("localStorage", 800, marks=pytest.mark.slow),
    ],
)
def test_a_long_session_is_saved_in_pieces_and_loads_whole(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, backend: str, actions: int
) -> None:
    monkeypatch.setattr(pieces, "PIECE_ACTIONS", 50)  # many pieces in a session the quick loop affords
    made = {
        "folder": lambda: FileBackend(tmp_path),
        "memory": MemoryBackend,
        "localStorage": lambda: LocalStorageBackend(FakeStorage()),
    }[backend]()
    store = Store(made, clock=FixedClock())
    long_game(store, actions)
    game = store.games.load("Long")
    assert len(game.match.record) == actions
    body = head(store, "Long")
    sealed = pieces.Sealed.from_json(body["sealed"])
    assert sealed.pieces >= max(1, actions // 200 - 1) and sealed.actions + len(body["tail"]) == actions
    # The head holds what came after the last piece it names: the piece written ahead of it (named
    # at the next one's save, so a copy taken file by file meanwhile holds what it names), and
    # what came after the last game's start, a few hundred actions at most.
    assert len(body["tail"]) < 2 * pieces.PIECE_ACTIONS + 400
    assert len(pieces.piece_entries(made, entry_stem("Long"))) == sealed.pieces + 1
    again = Store(made).games.load("Long")
    assert again.match.record == game.match.record and again.match.game == game.match.game
    assert (again.match.score, again.match.match_id()) == (game.match.score, game.match.match_id())
    assert again.match.rng is not None and game.match.rng is not None
    assert again.match.rng.getstate() == game.match.rng.getstate()
    assert [s.name for s in Store(made).games.list()] == ["Long"]  # pieces are not games


@pytest.mark.parametrize(
    ("rules", "every", "seed"),
    [
        pytest.param(Rules(automatic_doubles=True), 40, 4, marks=pytest.mark.slow),
        (Rules(match_length=15), 12, 23),
        pytest.param(Rules(variant="maxgammon"), 20, 4, marks=pytest.mark.slow),
    ],
    ids=["money-auto-doubles", "match-15-crawford", "maxgammon"],
)
@pytest.mark.parametrize("stride", [5, pytest.param(1, marks=pytest.mark.slow)], ids=["fifths", "all"])
def test_every_saved_length_reloads_to_the_same_match(
    monkeypatch: pytest.MonkeyPatch, rules: Rules, every: int, seed: int, stride: int
) -> None:
    """Saved after every action (pieces sealed along the way, at scores and Crawford games), each reloads.

    The quick loop reloads every fifth length and each at a game's start of the match (pieces at scores,
    a Crawford game), the slow tests every one, and money and MaxGammon sessions too.
    """
    monkeypatch.setattr(pieces, "PIECE_ACTIONS", every)
    store = Store(MemoryBackend(), clock=FixedClock())
    session = store.session(store.games.create("g", GameOptions(rules), rng=random.Random(seed)))
    rng = random.Random(seed + 1)
    crawford = False
    for n in range(700 if rules.is_match else 250):  # a match plays to its end, with its Crawford game
        if session.match.is_match_over:
            break
        number = session.match.game_number
        play_some(session, rng, 1)
        crawford = crawford or session.match.game.crawford
        if n % stride and session.match.game_number == number and not session.match.is_match_over:
            continue
        again = Store(store.backend).games.load("g").match
        assert (again.record, again.game, again.score, again.game_number) == (
            session.match.record,
            session.match.game,
            session.match.score,
            session.match.game_number,
        )
    assert pieces.Sealed.from_json(head(store, "g")["sealed"]).pieces >= 1
    assert crawford or not rules.is_match  # a Crawford game was among them


@pytest.fixture(scope="module")
def two_long_games() -> dict[str, bytes]:
    """The entries of two games of 300 actions, saved action by action in pieces of 30 or more.

    One's name begins with the other's. Played once, in memory: the pieces do not depend on
    the backend (a folder's own saves, action by action, are checked above), so the tests
    below copy them into a folder of their own.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pieces, "PIECE_ACTIONS", 30)
        store = Store(MemoryBackend(), clock=FixedClock())
        long_game(store, 300)
        long_game(store, 300, name="Long too", seed=7)
    backend = store.backend
    assert isinstance(backend, MemoryBackend)
    return dict(backend.entries)


def folder_of(entries: dict[str, bytes], folder: Path) -> Store:
    made = FileBackend(folder)
    for name, data in entries.items():
        made.write(name, data)
    return Store(made, clock=FixedClock())


@pytest.mark.parametrize("harm", ["missing", "changed", "another game's"])
def test_a_piece_missing_or_changed_is_damage_and_sets_the_game_aside(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, two_long_games: dict[str, bytes], harm: str
) -> None:
    monkeypatch.setattr(pieces, "PIECE_ACTIONS", 30)
    store = folder_of(two_long_games, tmp_path)
    names = pieces.piece_entries(store.backend, entry_stem("Long"))
    assert len(names) >= 2  # a chain: the damage is at its far end
    victim = tmp_path / names[0]
    if harm == "missing":
        victim.unlink()
    elif harm == "changed":
        victim.write_bytes(victim.read_bytes().replace(b'"roll",', b'"roll" ,', 1))
    else:
        other = pieces.piece_entries(store.backend, entry_stem("Long too"))[0]
        victim.write_bytes((tmp_path / other).read_bytes())
    fresh = Store(tmp_path, clock=FixedClock())
    with pytest.raises(DamagedError, match="piece 1 of its record"):
        fresh.games.load("Long")
    assert [s.name for s in fresh.games.list()] == ["Long too"]
    assert pieces.piece_entries(fresh.backend, entry_stem("Long")) == []  # set aside with it
    kept = sorted(p.name for p in (tmp_path / "damaged").iterdir())
    assert any(n.startswith("games-long-") and ".json." in n for n in kept)
    assert sum(".part." in n for n in kept) == len(names) - (harm == "missing")
    assert len(fresh.games.load("Long too").match.record) == 300


def test_the_set_aside_notice_names_every_file_it_moved_and_putting_them_back_restores_the_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, two_long_games: dict[str, bytes]
) -> None:
    """Issue 39: the notice named the head alone and said "nothing else was changed"; the pieces went too."""
    monkeypatch.setattr(pieces, "PIECE_ACTIONS", 30)
    store = folder_of(two_long_games, tmp_path)
    stem = entry_stem("Long")
    files = [f"games/{stem}.json", *pieces.piece_entries(store.backend, stem)]
    good = store.games.load("Long").match.record
    head_file = tmp_path / files[0]
    whole = head_file.read_bytes()
    head_file.write_bytes(whole.replace(b'"played":"', b'"played":"x', 1))  # its checksum fails
    with pytest.raises(DamagedError):
        store.games.load("Long")
    [notice] = store.take_notices()
    moved = dict(part.split(" as ") for part in notice.message.split("set aside: ")[1].split("; ")[:-1])
    assert sorted(moved) == sorted(files) and notice.message.endswith("nothing else was changed.")
    assert all((tmp_path / target).exists() for target in moved.values())
    for entry, target in moved.items():  # the player puts back what the notice lists
        (tmp_path / target).rename(tmp_path / entry)
    head_file.write_bytes(whole)
    assert Store(tmp_path).games.load("Long").match.record == good


def test_a_kill_between_a_piece_and_its_head_loses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The piece is written, the head is not (the save fails there): the old head still loads."""
    monkeypatch.setattr(pieces, "PIECE_ACTIONS", 20)  # a piece a game or so, not after hundreds of saves
    backend = MemoryBackend()
    store = Store(backend, clock=FixedClock())
    session = store.session(store.games.create("g", OPTIONS, rng=random.Random(1)))
    rng = random.Random(2)
    while not pieces.piece_entries(backend, entry_stem("g")) or session.match.game.phase != "over":
        play_some(session, rng, 1)
    real = backend.replace_if

    def dies(name: str, data: bytes, expected: str | None) -> None:
        raise OSError(5, "killed")

    before = Store(backend).games.load("g").match.record
    monkeypatch.setattr(backend, "replace_if", dies)
    monkeypatch.setattr(pieces, "PIECE_ACTIONS", 1)  # the next save seals a piece, then dies
    n = len(pieces.piece_entries(backend, entry_stem("g")))
    session.match.new_game()
    assert session.problem is not None
    written = pieces.piece_entries(backend, entry_stem("g"))
    assert len(written) == n + 1  # the piece was written
    assert Store(backend).games.load("g").match.record == before  # and the head that was, loads
    monkeypatch.setattr(backend, "replace_if", real)
    play_some(session, rng, 3)  # the next save writes it all
    assert session.problem is None
    assert Store(backend).games.load("g").match.record == session.match.record


def test_two_copies_sealing_at_once_never_spoil_each_others_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pieces, "PIECE_ACTIONS", 10)
    backend = MemoryBackend()
    first = Store(backend, clock=FixedClock())
    long_game(first, 40)
    mine = first.session(first.games.load("Long"))
    theirs = Store(backend, clock=FixedClock()).session(Store(backend).games.load("Long"))
    play_some(mine, random.Random(8), 120)  # seals pieces of its own
    assert mine.problem is None
    play_some(theirs, random.Random(9), 120)  # a different game from the same start: refused
    assert theirs.conflict
    assert Store(backend).games.load("Long").match.record == mine.match.record
    theirs.take_over()  # the player chose this copy: its pieces lead to its game
    assert Store(backend).games.load("Long").match.record == theirs.match.record
    with pytest.raises(ConflictError):
        first.games.save(mine.game)


def test_deleting_a_game_deletes_its_pieces(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, two_long_games: dict[str, bytes]
) -> None:
    monkeypatch.setattr(pieces, "PIECE_ACTIONS", 30)
    store = folder_of(two_long_games, tmp_path)
    assert pieces.piece_entries(store.backend, entry_stem("Long"))
    store.games.delete("Long")
    assert pieces.piece_entries(store.backend, entry_stem("Long")) == []
    assert pieces.piece_entries(store.backend, entry_stem("Long too"))
    assert [s.name for s in store.games.list()] == ["Long too"]
    assert len(store.games.load("Long too").match.record) == 300


def test_a_long_record_given_at_creation_goes_into_pieces_at_once() -> None:
    store = Store(MemoryBackend(), clock=FixedClock())
    record = random_match(OPTIONS.rules, 1, games=100, actions=1500).record  # played, not saved
    assert len(record) == 1500
    store.games.create("Imported", OPTIONS, record=record, rng=random.Random(3))
    body = head(store, "Imported")
    assert body["sealed"] is not None and len(body["tail"]) < 1500
    assert store.games.load("Imported").match.record == record


def test_a_full_browser_storage_keeps_the_head_whole_and_loses_no_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When a piece does not fit, the head keeps the longer tail; when neither fits, the old head stays.

    Pieces of 30 actions: 160 actions go past the quota as 550 did with pieces of 200.
    """
    monkeypatch.setattr(pieces, "PIECE_ACTIONS", 30)
    storage = FakeStorage()
    store = Store(LocalStorageBackend(storage), clock=FixedClock())
    session = store.session(store.games.create("g", OPTIONS, rng=random.Random(1)))
    play_some(session, random.Random(2), 40)
    storage.quota = sum(len(k) + len(v) for k, v in storage.items.items()) + 3_000
    rng = random.Random(3)
    saved = list(session.match.record)
    refused = 0
    for _ in range(120):
        play_some(session, rng, 1)
        if session.problem is None:
            saved = list(session.match.record)
        else:
            refused += 1
    assert Store(LocalStorageBackend(storage)).games.load("g").match.record == saved
    assert len(saved) > 40 and refused  # the head went on past the quota's start, then did not fit
    assert len(head(store, "g")["tail"]) > pieces.PIECE_ACTIONS


# -- the files of game schema 4 ---------------------------------------------------------
def v4_stores(tmp_path: Path) -> list[Store]:
    """The schema 4 folder (copied) and the schema 4 browser storage, as that code left them."""
    shutil.copytree(DATA / "store", tmp_path / "store")
    storage = FakeStorage()
    storage.items.update(json.loads((DATA / "localstorage.json").read_text()))
    return [
        Store(tmp_path / "store", clock=FixedClock()),
        Store(LocalStorageBackend(storage), clock=FixedClock()),
    ]


def test_the_data_is_really_of_schema_4() -> None:
    for path in sorted((DATA / "store" / "games").iterdir()):
        envelope = json.loads(path.read_bytes())
        assert envelope["version"] == 4 and "record" in envelope["body"] and "sealed" not in envelope["body"]
    assert not [p for p in (DATA / "store").rglob("*.part")]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_schema_4_games_load_as_that_code_read_them_and_go_on_in_pieces(tmp_path: Path, name: str) -> None:
    expected = EXPECTED[name]
    for store in v4_stores(tmp_path):
        game = store.games.load(name)
        match = game.match
        assert [a.to_json() for a in match.record] == expected["record"]
        assert (match.position_id(), match.match_id()) == (expected["position_id"], expected["match_id"])
        assert (list(match.score), match.game.phase) == (expected["score"], expected["phase"])
        rng = match.rng
        assert rng is not None
        state = rng.getstate()
        assert rng.random() == expected["rng"]
        rng.setstate(state)
        store.games.save(game)  # written in today's format: the long one goes into pieces
        body = head(store, name)
        if len(expected["record"]) >= 700:
            assert body["sealed"] is not None and len(body["tail"]) < len(expected["record"])
        again = store.games.load(name)
        assert again.match.record == match.record and again.match.match_id() == match.match_id()
        assert again.match.start_score == match.start_score and again.set_up == game.set_up


def test_the_longest_record_is_refused_by_the_writer_first_with_a_warning_well_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 39: the 200,001st action saved without a word, and the reader set the game aside."""
    from cart.store.saves import games, session as sessions

    monkeypatch.setattr(pieces, "MAX_RECORD", 60)
    monkeypatch.setattr(games, "MAX_RECORD", 60)  # the reader's limit, as the writer's
    monkeypatch.setattr(sessions, "WARN_RECORD", 40)
    backend = MemoryBackend()
    store = Store(backend, clock=FixedClock())
    session = store.session(store.games.create("g", OPTIONS, rng=random.Random(1)))
    rng = random.Random(2)
    while len(session.match.record) < 40:
        assert session.take_warning() is None
        play_some(session, rng, 1)
    warning = session.take_warning()
    assert warning is not None and "new session" in warning and session.take_warning() is None
    while len(session.match.record) < 62:
        play_some(session, rng, 1)
    assert session.problem is not None and "the most a saved game can" in session.problem
    loaded = Store(backend).games.load("g")  # whole, with every action up to the limit
    assert len(loaded.match.record) == 60 and loaded.match.record == session.match.record[:60]
    assert "damaged" not in " ".join(backend.names())
    again = Store(backend).session(loaded)  # reopened: said again at once
    assert again.take_warning() is not None


@pytest.mark.parametrize(
    "order",
    [
        "name",
        pytest.param("reversed", marks=pytest.mark.slow),
        pytest.param("shuffled", marks=pytest.mark.slow),
    ],
)
def test_a_copy_taken_file_by_file_while_a_piece_is_sealed_opens(
    monkeypatch: pytest.MonkeyPatch, order: str
) -> None:
    """Issue 39: a backup copied in name order (as rsync does) while a piece was sealed held a head
    naming a piece it did not hold, and the whole game was set aside. Now, whatever the order and
    whichever file the seal falls before, the copy opens: every action up to the copy's start."""
    monkeypatch.setattr(pieces, "PIECE_ACTIONS", 30)
    monkeypatch.setattr(pieces, "LONG_TAIL", 20)  # its games are periods long here, a fraction of one in play
    backend = MemoryBackend()
    store = Store(backend, clock=FixedClock())
    session = store.session(store.games.create("Long", OPTIONS, rng=random.Random(1)))
    rng = random.Random(2)
    play_some(session, rng, 200)
    stem = entry_stem("Long")
    assert pieces.piece_entries(backend, stem)
    for seal_at in range(len(backend.names()) + 1):  # before each file of the first listing, and after
        listed = backend.names()  # listed first, then copied one by one
        if order != "name":
            listed.reverse() if order == "reversed" else random.Random(seal_at).shuffle(listed)
        started = len(session.match.record)
        copy = MemoryBackend()
        for i, entry in enumerate(listed):
            if i == seal_at:  # a piece is sealed (and its head saved) while the copy goes on
                written = len(pieces.piece_entries(backend, stem))
                while len(pieces.piece_entries(backend, stem)) == written:
                    play_some(session, rng, 1)
            data = backend.read(entry)
            if data is not None:
                copy.write(entry, data)
        record = Store(copy).games.load("Long").match.record
        assert started <= len(record) and record == session.match.record[: len(record)], seal_at
    assert session.problem is None
