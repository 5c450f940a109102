"""Files the store cannot trust: each damaged, newer, misplaced or fuzzed save set aside, the others load.

Also the envelope that tells (version, checksum, kind, size, nesting) and its
step-by-step migrations: what decides that a file is set aside rather than
loaded, apart from the ordinary life of a saved game (``tests/store/saves/test_store_games.py``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_store_support import OPTIONS, good_file

from cart.store import DamagedError, NewerVersionError
from cart.store.disk import envelope as env


# -- damaged files ------------------------------------------------------------------
def newer_version(data: bytes) -> bytes:
    envelope = json.loads(data)
    envelope["version"] = 99
    return json.dumps(envelope).encode()


def illegal_record(data: bytes) -> bytes:
    """A file whose checksum is right but whose record is not a legal game."""
    envelope = json.loads(data)
    body = envelope["body"]
    body["tail"] = [["roll", 3, 1], ["move", [[24, 10]]]]
    envelope["sha256"] = __import__("hashlib").sha256(env.canonical(body)).hexdigest()
    return json.dumps(envelope).encode()


DAMAGE = {
    "empty": lambda d: b"",
    "truncated": lambda d: d[: len(d) // 2],
    "random": lambda d: random.Random(5).randbytes(len(d)),
    "bit-flipped": lambda d: d[:300] + bytes([d[300] ^ 4]) + d[301:],
    "foreign": lambda d: b'{"hello": "world"}',
    "settings": lambda d: env.encode("settings", {"sounds": True}),
    "not utf-8": lambda d: b"\xff\xfe" + d,
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_damaged_file_is_set_aside_and_the_others_load(tmp_path: Path, kind: str) -> None:
    store, path = good_file(tmp_path)
    other = store.games.create("Other", OPTIONS)
    original = path.read_bytes()
    path.write_bytes(DAMAGE[kind](original))
    listed = store.games.list()
    assert [s.name for s in listed] == ["Other"]
    assert store.games.load("Other").game_id == other.game_id
    [notice] = store.take_notices()
    assert notice.moved_to is not None and notice.moved_to.startswith("damaged/games-good-")
    assert "set aside" in notice.message and "nothing else was changed" in notice.message
    assert not path.exists()
    assert (tmp_path / notice.moved_to).read_bytes() == DAMAGE[kind](original)  # renamed, not deleted


def test_newer_version_is_refused_and_left_where_it_is(tmp_path: Path) -> None:
    """Issue 39: a newer file was "damaged" and set aside; it is refused, byte for byte where it was."""
    store, path = good_file(tmp_path)
    path.write_bytes(newer := newer_version(path.read_bytes()))
    with pytest.raises(NewerVersionError, match="newer Gammon Cart") as caught:
        store.games.load("Good")
    assert not isinstance(caught.value, DamagedError) and "set aside" not in str(caught.value)
    assert path.read_bytes() == newer and not (tmp_path / "damaged").exists()
    with pytest.raises(NewerVersionError):
        env.decode("game", newer_version(env.encode("game", {})))


def test_illegal_record_is_refused_on_load_through_the_engine(tmp_path: Path) -> None:
    store, path = good_file(tmp_path)
    path.write_bytes(illegal_record(path.read_bytes()))
    with pytest.raises(DamagedError, match="not a legal game"):
        store.games.load("Good")
    assert store.games.list() == [] and len(list((tmp_path / "damaged").iterdir())) == 1


def test_a_file_in_the_wrong_place_is_filed_under_its_own_name(tmp_path: Path) -> None:
    store, path = good_file(tmp_path)
    good = path.read_bytes()
    path.rename(path.with_name("copy-0000000000000000.json"))
    assert [s.name for s in store.games.list()] == ["Good"] and path.read_bytes() == good
    assert "filed under its own name" in store.take_notices()[0].message
    path.with_name("copy-0000000000000000.json").write_bytes(good)  # a second copy: its place is taken
    assert [s.name for s in store.games.list()] == ["Good"]
    [notice] = store.take_notices()
    assert "belongs in games/good-" in notice.message and notice.moved_to


def test_set_aside_never_overwrites_an_earlier_one(tmp_path: Path) -> None:
    store, path = good_file(tmp_path)
    original = path.read_bytes()
    for _ in range(3):
        path.write_bytes(b"junk")
        store.games.list()
    assert len(list((tmp_path / "damaged").iterdir())) == 3
    del original


def test_fuzzed_save_files_never_crash(tmp_path: Path) -> None:
    """Random, truncated and bit-flipped copies of a save: each loads as the same game or is set aside."""
    store, path = good_file(tmp_path)
    keeper = store.games.create("Keeper", OPTIONS)
    original = path.read_bytes()
    game = store.games.load("Good")
    rng = random.Random(2024)
    outcomes = {"same": 0, "set aside": 0}
    for i in range(150):
        data = bytearray(original)
        how = i % 3
        if how == 0:
            data = data[: rng.randrange(len(data))]
        elif how == 1:
            for _ in range(rng.randint(1, 3)):
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        else:
            data = bytearray(rng.randbytes(rng.randint(0, 400)))
        path.write_bytes(bytes(data))
        listed = {s.name for s in store.games.list()}
        assert "Keeper" in listed
        try:
            loaded = store.games.load("Good")
        except DamagedError as exc:
            assert "set aside" in str(exc) or "Good" not in listed
            outcomes["set aside"] += 1
        except KeyError:
            outcomes["set aside"] += 1  # list() already set it aside
        else:
            assert loaded.match.record == game.match.record and loaded.options == game.options
            outcomes["same"] += 1
        assert store.games.load("Keeper").game_id == keeper.game_id
    assert outcomes["set aside"] > 100


# -- schema versions ------------------------------------------------------------------
def test_old_versions_migrate_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    old = env.encode("settings", {"sounds": True, "volume": 3})
    monkeypatch.setitem(env.SCHEMA_VERSIONS, "settings", 3)
    monkeypatch.setitem(
        env.MIGRATIONS,
        "settings",
        {1: lambda b: {**b, "volume": b["volume"] * 2}, 2: lambda b: {"music": b["volume"] > 5, **b}},
    )
    assert env.decode("settings", old) == {"sounds": True, "volume": 6, "music": True}
    monkeypatch.setitem(env.MIGRATIONS, "settings", {1: lambda b: b})
    with pytest.raises(DamagedError, match="no way to bring a version 2"):
        env.decode("settings", old)


def test_envelope_refuses_what_it_cannot_trust() -> None:
    good = env.encode("game", {"x": 1})
    assert env.decode("game", good) == {"x": 1}
    cases = {
        b"[1, 2]": "not a Gammon Cart file",
        b"[" * 100000 + b"]" * 100000: "nested too deeply",
        good.replace(
            f'"version":{env.SCHEMA_VERSIONS["game"]}'.encode(), b'"version":0'
        ): "not a version number",
        good.replace(b'"x":1', b'"x":NaN'): "not complete JSON",
        good.replace(b'"x":1', b'"x":2'): "checksum",
        b"x" * (env.MAX_BYTES + 1): "longer than any saved file",
    }
    for data, why in cases.items():
        with pytest.raises(DamagedError, match=why):
            env.decode("game", data)
    with pytest.raises(DamagedError, match="holds a ratings, not game"):
        env.decode("game", env.encode("ratings", {}))


def test_a_huge_file_where_a_save_belongs_is_never_read_whole(tmp_path: Path) -> None:
    """Issue 39: a 1 GiB file was read whole before the size check (seconds, a gigabyte, MemoryError)."""
    from cart.store import FileBackend, Store

    huge = 64 * env.MAX_BYTES  # sparse: no disk is used, and the old read would take 512 MiB
    for entry in ("games/huge-0000000000000000.json", "settings.json", "ratings.json"):
        path = tmp_path.joinpath(*entry.split("/"))
        path.parent.mkdir(exist_ok=True)
        with path.open("wb") as f:
            f.truncate(huge)
        data = FileBackend(tmp_path).read(entry)
        assert data is not None and len(data) == env.MAX_BYTES + 1
    store = Store(tmp_path)
    assert store.games.list() == [] and store.ratings.get("player:Ann").rating == 1500.0
    assert store.settings.load().sounds
    notices = store.take_notices()
    assert len(notices) == 3 and all("longer than any saved file" in n.message for n in notices)


def test_the_writer_refuses_what_the_reader_would_refuse() -> None:
    """Issue 39: every limit a reader applies, the writer applies first (here the envelope's size)."""
    from cart.store import WriteError

    with pytest.raises(WriteError, match="more than a saved file may be"):
        env.encode("review", {"game_id": "0" * 16, "cache": {"x": "a" * env.MAX_BYTES}})
    assert len(env.encode("review", {"cache": {"x": "a" * (env.MAX_BYTES - 200)}})) <= env.MAX_BYTES
