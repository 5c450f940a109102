"""LocalStorageBackend against a Python stand-in with the browser's Web Storage interface.

:class:`FakeStorage` behaves as ``window.localStorage`` does where it matters:
string values, ``getItem`` answering None (JavaScript null) for a missing key,
``key(i)`` over all keys, a quota counted in UTF-16 code units of keys plus
values (as browsers count), and a failed ``setItem`` that leaves the old value
in place and raises an exception shaped like Pyodide's ``JsException`` for a
``DOMException`` named ``QuotaExceededError``.
"""

from __future__ import annotations

import errno

import pytest

from cart.store import (
    Backend,
    LocalStorageBackend,
    MemoryBackend,
    Settings,
    Store,
    WriteError,
)
from cart.store.disk.localstorage import NAMESPACE, is_quota_error
from tools.bench_store import DictStorage


class JsException(Exception):
    """What Pyodide raises for a JavaScript error: the JS error's name is on ``.name``."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"{name}: {message}")
        self.name = name


class FakeStorage(DictStorage):
    """``localStorage`` in a dict, with a quota in UTF-16 code units (None: unlimited)."""

    def __init__(self, quota: int | None = None) -> None:
        super().__init__()
        self.quota = quota

    def setItem(self, key: str, value: str) -> None:
        assert isinstance(key, str) and isinstance(value, str), "localStorage stores strings"
        if self.quota is not None:
            after = {**self.items, key: value}
            if sum(len(k) + len(v) for k, v in after.items()) > self.quota:
                raise JsException("QuotaExceededError", "The quota has been exceeded.")
        super().setItem(key, value)


def backend(quota: int | None = None) -> tuple[LocalStorageBackend, FakeStorage]:
    storage = FakeStorage(quota)
    return LocalStorageBackend(storage), storage


def test_is_a_backend_and_round_trips_every_byte() -> None:
    b, storage = backend()
    assert isinstance(b, Backend)
    data = bytes(range(256)) * 3
    b.write("games/friday-00ff.json", data)
    assert b.read("games/friday-00ff.json") == data
    assert b.read("games/other.json") is None
    value = storage.items[NAMESPACE + "games/friday-00ff.json"]
    assert value.isascii() and value.startswith("v1:")


def test_same_answers_as_the_memory_backend() -> None:
    """MemoryBackend is the model: one script of operations, the same results from both."""
    ours, _ = backend()
    model = MemoryBackend()

    def script(b: Backend) -> list[object]:
        seen: list[object] = []
        b.write("settings.json", b"{}")
        b.write("games/a.json", b"A")
        b.write("games/b.json", b"B")
        b.write("games/a.json", b"A2")
        seen.append(b.names())
        seen.append(b.names("games/"))
        b.rename("games/b.json", "damaged/b.json")
        for old, new in (("games/a.json", "settings.json"), ("games/gone.json", "games/c.json")):
            try:
                b.rename(old, new)
            except OSError as exc:
                seen.append(type(exc))
        b.delete("settings.json")
        b.delete("settings.json")
        seen += [b.names(), b.read("games/a.json"), b.read("damaged/b.json"), b.read("settings.json")]
        return seen

    assert script(ours) == script(model)


def test_other_apps_keys_are_never_touched_or_listed() -> None:
    b, storage = backend()
    storage.items.update({"other-game/save": "x", "gammon-cart": "x", NAMESPACE + "../escape": "x"})
    b.write("ratings.json", b"r")
    assert b.names() == ["ratings.json"]
    b.delete("ratings.json")
    assert set(storage.items) == {"other-game/save", "gammon-cart", NAMESPACE + "../escape"}


@pytest.mark.parametrize("name", ["../x", "/abs", "Games/x", ".hidden", "a/b/c", ""])
def test_bad_names_are_refused(name: str) -> None:
    b, storage = backend()
    with pytest.raises(ValueError):
        b.write(name, b"x")
    with pytest.raises(ValueError):
        b.read(name)
    assert storage.items == {}


def test_quota_exceeded_is_a_clear_error_and_the_old_value_stays() -> None:
    b, _ = backend(quota=400)
    b.write("settings.json", b"old")
    with pytest.raises(OSError) as caught:
        b.write("settings.json", b"x" * 1000)
    assert caught.value.errno == errno.ENOSPC
    assert "storage for this page is full" in str(caught.value)
    assert b.read("settings.json") == b"old"


def test_rename_without_room_keeps_the_entry() -> None:
    b, _ = backend(quota=200)
    b.write("games/a.json", b"y" * 90)
    with pytest.raises(OSError) as caught:
        b.rename("games/a.json", "damaged/a.json")
    assert caught.value.errno == errno.ENOSPC
    assert b.names() == ["games/a.json"] and b.read("games/a.json") == b"y" * 90


def test_store_reports_a_full_storage_as_a_failed_save() -> None:
    storage = FakeStorage(quota=100)
    store = Store(LocalStorageBackend(storage))
    with pytest.raises(WriteError):
        store.settings.save(Settings(music=False))
    assert store.settings.load() == Settings()


def test_quota_errors_are_recognised_by_name_code_or_text() -> None:
    assert is_quota_error(JsException("QuotaExceededError", "full"))
    assert is_quota_error(JsException("NS_ERROR_DOM_QUOTA_REACHED", "full"))
    coded = Exception("DOMException")
    coded.code = 22  # type: ignore[attr-defined]
    assert is_quota_error(coded)
    assert is_quota_error(Exception("QuotaExceededError: Failed to execute 'setItem'"))
    assert not is_quota_error(JsException("SecurityError", "The operation is insecure."))


def test_other_storage_failures_are_os_errors() -> None:
    class Refusing(FakeStorage):
        def setItem(self, key: str, value: str) -> None:
            raise JsException("SecurityError", "The operation is insecure.")

    b = LocalStorageBackend(Refusing())
    with pytest.raises(OSError) as caught:
        b.write("settings.json", b"x")
    assert caught.value.errno == errno.EIO and "SecurityError" in str(caught.value)


def test_a_storage_that_drops_writes_is_noticed() -> None:
    class Forgetful(FakeStorage):
        def setItem(self, key: str, value: str) -> None:
            pass

    with pytest.raises(OSError) as caught:
        LocalStorageBackend(Forgetful()).write("settings.json", b"x")
    assert caught.value.errno == errno.EIO


def test_saves_survive_a_reload() -> None:
    """A new Store over the same storage (the page reloaded) sees what the first one saved."""
    storage = FakeStorage(quota=5_000_000)
    saved = Settings(music=False, animation_speed="fast")
    Store(LocalStorageBackend(storage)).settings.save(saved)
    assert Store(LocalStorageBackend(storage)).settings.load() == saved


def test_a_hand_edited_entry_is_set_aside_with_a_message() -> None:
    storage = FakeStorage()
    store = Store(LocalStorageBackend(storage))
    store.settings.save(Settings(music=False))
    storage.items[NAMESPACE + "settings.json"] = "not what we wrote"
    assert store.settings.load() == Settings()
    [notice] = store.take_notices()
    assert notice.moved_to
    assert LocalStorageBackend(storage).read(notice.moved_to) == b"not what we wrote"
    assert NAMESPACE + "settings.json" not in storage.items


def test_the_game_keeps_its_saves_in_local_storage_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under Pyodide the store goes to the page's localStorage (Pyodide's ``js`` module), not a folder."""
    import sys
    import types

    from cart.__main__ import user_store

    page = FakeStorage()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(localStorage=page))
    store = user_store()
    store.settings.update(music=False)
    assert any(page.key(i).startswith("gammon-cart/") for i in range(page.length))
    assert user_store().settings.load().music is False


class JsNull:
    """Stands in for ``pyodide.ffi.jsnull``: JavaScript ``null`` as Pyodide 0.28 and later pass it."""

    def __repr__(self) -> str:
        return "jsnull"


class PyodideStorage(FakeStorage):
    """FakeStorage answering ``jsnull``, not ``None``, for a missing key, as Pyodide 314 does."""

    def key(self, index: int) -> str | JsNull:  # type: ignore[override]
        found = super().key(index)
        return JsNull() if found is None else found

    def getItem(self, key: str) -> str | JsNull:  # type: ignore[override]
        found = super().getItem(key)
        return JsNull() if found is None else found


def test_jsnull_from_pyodide_is_a_missing_entry_not_damaged_data() -> None:
    """Regression: under Pyodide 314 a missing entry read back as the text "jsnull".

    So every start in the browser found "damaged" settings and tried to set them aside.
    """
    storage = PyodideStorage()
    store = Store(LocalStorageBackend(storage))
    assert store.backend.read("settings.json") is None
    assert store.settings.load() == Settings()
    assert store.games.list() == []
    assert store.take_notices() == []
    store.settings.save(Settings(music=False))
    assert store.settings.load() == Settings(music=False)
    assert store.backend.names() == ["settings.json"]
    assert LocalStorageBackend(storage).names() == ["settings.json"]


def test_a_huge_value_is_never_decoded_whole() -> None:
    """Issue 39: reads are bounded before they happen; in the browser, before the base64 is decoded."""
    from cart.store.disk.entries import MAX_BYTES

    storage = FakeStorage()
    backend = LocalStorageBackend(storage)
    storage.items[NAMESPACE + "settings.json"] = "v1:" + "QUFB" * (MAX_BYTES // 2)  # 1.5x the limit
    storage.items[NAMESPACE + "ratings.json"] = "x" * (2 * MAX_BYTES)  # not ours as written
    for entry in ("settings.json", "ratings.json"):
        data = backend.read(entry)
        assert data is not None and len(data) == MAX_BYTES + 1
    store = Store(backend)
    assert store.settings.load().sounds and store.ratings.get("player:Ann").experience == 0
    assert all("longer than any saved file" in n.message for n in store.take_notices())
