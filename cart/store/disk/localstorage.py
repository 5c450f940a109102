"""The store's entries in a browser's ``localStorage``, for the web export.

Under Pyodide Pyxel's user folder lives in memory and is gone on reload. The
caller hands in the storage object (``js.localStorage``, or a stand-in with the
same five members in tests). Keys are ``gammon-cart/<entry>``, so other pages of
the origin are left alone; values are ``v1:`` and base64; JavaScript ``null`` is
"no such key" whether Pyodide passes ``None`` or ``jsnull``; every write is read
back, so storage that drops writes is noticed at once; a full quota becomes
``OSError(ENOSPC)``; ``create`` and ``replace_if`` check and set in one synchronous
step, so a second tab's save is refused, never silently written over.
"""

from __future__ import annotations

import base64
import binascii
import errno
from collections.abc import Callable, Iterable
from typing import Protocol

from .entries import MAX_BYTES, EntryChangedError, check_entry_name, digest

NAMESPACE = "gammon-cart/"
_TAG = "v1:"
_QUOTA_NAMES = frozenset({"QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"})
_QUOTA_CODES = frozenset({22, 1014})  # DOMException codes: standard, and Firefox's legacy one
FULL_MESSAGE = (
    "the browser's storage for this page is full: delete some saved games "
    "(or clear other data of this site) and try again"
)


class StorageLike(Protocol):
    """The part of the Web Storage interface (``window.localStorage``) this backend uses."""

    @property
    def length(self) -> int: ...

    def key(self, index: int) -> str | None: ...

    def getItem(self, key: str) -> str | None: ...

    def setItem(self, key: str, value: str) -> None: ...

    def removeItem(self, key: str) -> None: ...


def is_quota_error(exc: BaseException) -> bool:
    """Whether ``exc`` is the browser's full storage (``QuotaExceededError``): by name, code or text."""
    if getattr(exc, "name", None) in _QUOTA_NAMES or getattr(exc, "code", None) in _QUOTA_CODES:
        return True
    text = str(exc)
    return any(name in text for name in _QUOTA_NAMES)


def is_js_null(value: object) -> bool:
    """Whether a Web Storage answer is JavaScript ``null``: ``None``, or ``jsnull`` by its type's name."""
    return value is None or type(value).__name__ == "JsNull"


def _encode(data: bytes) -> str:
    return _TAG + base64.b64encode(data).decode("ascii")


_READ_CHARS = 4 * ((MAX_BYTES + 1 + 2) // 3)
"""Base64 characters of :data:`MAX_BYTES` + 1 bytes: no more are decoded (the entry reads as too long)."""


def _decode(value: str) -> bytes:
    if value.startswith(_TAG):
        try:
            return base64.b64decode(value[len(_TAG) : len(_TAG) + _READ_CHARS], validate=True)[
                : MAX_BYTES + 1
            ]
        except (binascii.Error, ValueError):
            pass
    # Not ours as written: hand over the text so the store's validation sets it aside.
    return value[: MAX_BYTES + 1].encode("utf-8", "surrogatepass")[: MAX_BYTES + 1]


class LocalStorageBackend:
    """Entries as ``localStorage`` items (see the module docstring for how the contract holds)."""

    def __init__(
        self,
        storage: StorageLike,
        namespace: str = NAMESPACE,
        *,
        every_key: Callable[[], Iterable[object]] | None = None,
    ) -> None:
        self.storage = storage
        self.namespace = namespace
        self.every_key = every_key
        """Every key of ``storage`` in one call (the page's ``Object.keys``), where a key at a time
        would cost a call into JavaScript each: the drills alone are hundreds of keys."""

    def _key(self, name: str) -> str:
        return self.namespace + check_entry_name(name)

    def _get(self, key: str) -> str | None:
        try:
            value = self.storage.getItem(key)
        except Exception as exc:  # a JsException under Pyodide: storage switched off, say
            raise OSError(errno.EIO, f"cannot read the browser's storage: {exc}") from exc
        return None if is_js_null(value) else str(value)

    def _set(self, key: str, value: str, name: str) -> None:
        try:
            self.storage.setItem(key, value)
        except Exception as exc:
            if is_quota_error(exc):
                raise OSError(errno.ENOSPC, FULL_MESSAGE, name) from exc
            raise OSError(errno.EIO, f"cannot write to the browser's storage: {exc}", name) from exc
        if self._get(key) != value:
            raise OSError(errno.EIO, "the browser's storage did not keep what was written", name)

    def _remove(self, key: str) -> None:
        try:
            self.storage.removeItem(key)
        except Exception as exc:
            raise OSError(errno.EIO, f"cannot remove from the browser's storage: {exc}") from exc

    def read(self, name: str) -> bytes | None:
        value = self._get(self._key(name))
        return None if value is None else _decode(value)

    def write(self, name: str, data: bytes) -> None:
        self._set(self._key(name), _encode(bytes(data)), name)

    def delete(self, name: str) -> None:
        self._remove(self._key(name))

    def create(self, name: str, data: bytes) -> None:
        """Write a new entry; ``FileExistsError`` if the key holds a value (another tab made it)."""
        key = self._key(name)
        if self._get(key) is not None:
            raise FileExistsError(errno.EEXIST, "entry exists", name)
        self._set(key, _encode(bytes(data)), name)

    def replace_if(self, name: str, data: bytes, expected: str | None) -> None:
        """Replace the entry only while it holds the bytes with digest ``expected``."""
        key = self._key(name)
        current = self._get(key)
        if digest(None if current is None else _decode(current)) != expected:
            raise EntryChangedError(name)
        self._set(key, _encode(bytes(data)), name)

    def rename(self, old: str, new: str) -> None:
        source, target = self._key(old), self._key(new)
        if self._get(target) is not None:
            raise FileExistsError(errno.EEXIST, "entry exists", new)
        value = self._get(source)
        if value is None:
            raise FileNotFoundError(errno.ENOENT, "no such entry", old)
        self._set(target, value, new)
        self._remove(source)

    def names(self, prefix: str = "") -> list[str]:
        found: list[str] = []
        try:
            if self.every_key is not None:
                keys = list(self.every_key())
            else:
                keys = [self.storage.key(i) for i in range(int(self.storage.length))]
        except Exception as exc:
            raise OSError(errno.EIO, f"cannot list the browser's storage: {exc}") from exc
        for key in keys:
            if is_js_null(key) or not str(key).startswith(self.namespace):
                continue
            name = str(key)[len(self.namespace) :]
            try:
                check_entry_name(name)
            except ValueError:
                continue  # not one we wrote (a stray key under our namespace): never listed
            if name.startswith(prefix):
                found.append(name)
        return sorted(found)
