"""The drills kept one entry a drill (issue 38): the old single file split, a newer one left alone,
two writers interleaved, a backend failing mid-change."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from typing import Any

import pytest

from cart.drills import Drill, drill_to_json
from cart.store import LocalStorageBackend, MemoryBackend, Store, WriteError, drills as drill_store
from cart.store.disk.envelope import canonical, encode
from cart.store.drills import FOLDER, OLD_ENTRY, entry_of
from tools.bench_store import DictStorage

DAY = date(2026, 12, 6)
BASE = Drill("4HPwATDgc/ABMA", "cAkAAAAAAAAA", "double", None, "Ann", "no double", 0.1, "cube", DAY)


def item(n: int, **changes: Any) -> dict[str, Any]:
    """The stored form of a drill of its own (the match ID makes it another)."""
    return drill_to_json(BASE.replace(match_id=f"{n:012d}", **changes))


def key(x: dict[str, Any]) -> str:
    return f"{x['position_id']}:{x['match_id']}"


def envelope(kind: str, version: int, body: dict[str, Any]) -> bytes:
    """An envelope as a Gammon Cart of schema ``version`` writes it (a newer one's, say)."""
    digest = hashlib.sha256(canonical(body)).hexdigest()
    return json.dumps(
        {"app": "gammon-cart", "kind": kind, "version": version, "sha256": digest, "body": body}
    ).encode()


def test_the_single_file_of_before_is_read_split_into_entries_and_renamed_not_deleted() -> None:
    backend = MemoryBackend()
    old = [item(n) for n in range(5)]
    backend.write(OLD_ENTRY, encode("drills", {"drills": old}))
    kept = Store(backend).drills
    kept.update(key(old[0]), lambda x: {**x, "box": 3} if x else None)  # as this version answered it...
    backend.write(OLD_ENTRY, encode("drills", {"drills": old}))  # ...and an older one wrote the file again
    store = Store(backend)
    assert store.drills.load() == {key(x): ({**x, "box": 3} if x is old[0] else x) for x in old}
    assert sorted(backend.names(FOLDER)) == sorted(entry_of(key(x)) for x in old)
    renamed = [n for n in backend.names() if n.startswith(OLD_ENTRY)]  # each split's file, kept as it was
    assert len(renamed) == 2 and all(n.startswith(f"{OLD_ENTRY}.v1-") for n in renamed)
    assert backend.read(OLD_ENTRY) is None
    assert Store(backend).drills.load() == store.drills.load()  # read once, from the entries since
    assert store.take_notices() == []


def test_a_split_cut_short_is_finished_at_the_next_load_losing_nothing() -> None:
    class Failing(MemoryBackend):
        creates = 0

        def create(self, name: str, data: bytes) -> None:
            self.creates += 1
            if self.creates == 3:
                raise OSError(5, "the disk went away")
            super().create(name, data)

    backend = Failing()
    old = [item(n) for n in range(5)]
    backend.write(OLD_ENTRY, encode("drills", {"drills": old}))
    store = Store(backend)
    assert store.drills.load() == {}  # cut short: said, the file of before still there
    assert "Could not read the drills" in store.take_notices()[0].message and backend.read(OLD_ENTRY)
    assert Store(backend).drills.load() == {key(x): x for x in old}


def test_a_newer_single_file_is_read_left_alone_and_nothing_written() -> None:
    backend = MemoryBackend()
    data = envelope("drills", 2, {"drills": [item(1)], "more": "of a later version"})
    backend.write(OLD_ENTRY, data)
    store = Store(backend)
    assert store.drills.load() == {key(item(1)): item(1)}
    assert "newer Gammon Cart" in store.take_notices()[0].message
    with pytest.raises(WriteError, match="newer Gammon Cart"):
        store.drills.update(key(item(2)), lambda _: item(2))
    assert backend.names() == [OLD_ENTRY] and backend.read(OLD_ENTRY) == data


def test_a_newer_entry_is_read_never_written_and_never_bounded_away() -> None:
    backend = MemoryBackend()
    newer = envelope("drill", 2, {"id": key(item(1)), "drill": item(1)})
    backend.write(entry_of(key(item(1))), newer)
    store = Store(backend)
    store.drills.update(key(item(2)), lambda _: item(2))
    assert store.drills.load() == {key(item(1)): item(1), key(item(2)): item(2)}
    with pytest.raises(WriteError, match="newer Gammon Cart"):
        store.drills.update(key(item(1)), lambda x: x)
    assert store.drills.bound(lambda x: 0, 0) == [key(item(2))]
    assert backend.read(entry_of(key(item(1)))) == newer


def test_an_entry_under_another_drill_s_name_is_set_aside() -> None:
    backend = MemoryBackend()
    backend.write(entry_of(key(item(1))), encode("drill", {"id": key(item(2)), "drill": item(2)}))
    store = Store(backend)
    assert store.drills.load() == {}
    assert "another drill than its name says" in store.take_notices()[0].message and backend.names("damaged/")


def test_two_writers_interleaved_on_one_drill_keep_both_changes() -> None:
    backend = MemoryBackend()
    one, two = Store(backend).drills, Store(backend).drills
    one.put([item(1)])
    calls = []

    def answer(x: dict[str, Any] | None) -> dict[str, Any]:
        assert x is not None
        calls.append(x)
        if len(calls) == 1:  # between this writer's read and its write, the other keeps a check
            two.update(key(x), lambda y: {**y, "status": "ready"} if y else None)
        return {**x, "box": 2}

    assert one.update(key(item(1)), answer) == {**item(1), "status": "ready", "box": 2}
    assert len(calls) == 2 and Store(backend).drills.load()[key(item(1))]["status"] == "ready"


@pytest.mark.parametrize("failing", [1, 2, 3])
def test_a_backend_failing_mid_change_loses_that_change_only(failing: int) -> None:
    class Failing(MemoryBackend):
        writes = 0

        def replace_if(self, name: str, data: bytes, expected: str | None) -> None:
            self.writes += 1
            if self.writes == failing:
                raise OSError(28, "No space left on device")
            super().replace_if(name, data, expected)

    backend = Failing()
    Store(MemoryBackend())  # the stock written first, where nothing fails
    old = [item(n) for n in range(4)]
    for x in old:
        backend.entries[entry_of(key(x))] = encode("drill", {"id": key(x), "drill": x})
    store = Store(backend).drills
    with pytest.raises(WriteError, match="No space left"):
        for x in old:
            store.update(key(x), lambda y: {**y, "box": 5} if y else None)
    kept = Store(backend).drills.load()
    assert kept == {key(x): {**x, "box": 5} if n < failing - 1 else x for n, x in enumerate(old)}


def test_the_drills_are_bounded_in_bytes_the_first_ranked_going_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = Store(MemoryBackend()).drills
    store.put([item(n, status="dropped" if n == 4 else "ready") for n in range(6)])
    size = len(encode("drill", {"id": key(item(0)), "drill": item(0)}))
    monkeypatch.setattr(drill_store, "MAX_DRILLS_BYTES", 4 * size + size // 2)
    rank = {"dropped": 0, "ready": 1}
    assert store.bound(lambda x: (rank[x["status"]], x["match_id"]), 600) == [key(item(4)), key(item(0))]
    assert sorted(store.load()) == [key(item(n)) for n in (1, 2, 3, 5)]


def test_a_newer_entry_of_another_layout_is_left_alone_not_set_aside() -> None:
    backend = MemoryBackend()
    newer = envelope("drill", 2, {"drills of a later kind": [item(1)]})
    backend.write(entry_of(key(item(1))), newer)
    store = Store(backend)
    assert store.drills.load() == {} and backend.read(entry_of(key(item(1)))) == newer
    assert not backend.names("damaged/") and "newer Gammon Cart" in store.take_notices()[0].message


def test_the_page_lists_its_keys_in_one_call_not_one_a_drill() -> None:
    """Reading a book of drills lists the entries once: in the page, by one ``Object.keys``."""

    class Counting(DictStorage):
        calls = 0

        def key(self, index: int) -> str | None:
            self.calls += 1
            return super().key(index)

    storage = Counting()
    Store(LocalStorageBackend(storage)).drills.put([item(n) for n in range(30)])
    listed = Store(LocalStorageBackend(storage, every_key=lambda: list(storage.items)))
    storage.calls = 0
    assert len(listed.drills.load()) == 30 and storage.calls == 0
    assert listed.backend.names(FOLDER) == LocalStorageBackend(storage).names(FOLDER)
