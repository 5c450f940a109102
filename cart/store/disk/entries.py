"""Named entries: the interface every backend keeps, checked where two cartridges share one.

The store reads and writes entries named like ``games/friday-1a2b3c4d5e6f7081.json``
(two segments of ``[a-z0-9._-]``): small enough for ``localStorage`` to keep with
the same meaning, and no player's text ever reaches the file system, since every
backend re-checks the names. The contract: ``write`` is atomic, ``rename`` never
overwrites, ``names`` hides temporary files, failures are ``OSError``. One writer
per saved game is kept by ``create`` (only if absent) and ``replace_if`` (only
while it holds the bytes last read or written, else :class:`EntryChangedError`).
:class:`MemoryBackend` is the model a new backend is checked against.
"""

from __future__ import annotations

import errno
import hashlib
import re
from typing import Protocol, runtime_checkable

MAX_BYTES = 8 * 1024 * 1024
"""The most an entry may hold: no saved game comes near it, and a hostile file must not make
the cartridge swallow gigabytes. A backend reads at most one byte more (a longer entry reads
as too long, its bytes unread); every writer refuses to write more."""

SEGMENT = re.compile(r"[a-z0-9][a-z0-9._-]{0,119}")
"""One segment of an entry name (a backend lists only what matches, so nothing hidden or odd)."""


class EntryChangedError(OSError):
    """The entry holds other than what this writer last read or wrote: another writer has written it."""

    def __init__(self, name: str) -> None:
        super().__init__(errno.EAGAIN, "changed by another writer", name)


def digest(data: bytes | None) -> str | None:
    """The SHA-256 an entry's bytes are compared by (None for no entry)."""
    return None if data is None else hashlib.sha256(data).hexdigest()


def create_entry(backend: Backend, name: str, data: bytes) -> None:
    """Write a new entry; ``FileExistsError`` when one exists, even if another process races to make it."""
    create = getattr(backend, "create", None)
    if create is not None:
        create(name, data)
        return
    if backend.read(name) is not None:  # a backend without its own create: one process only
        raise FileExistsError(errno.EEXIST, "entry exists", name)
    backend.write(name, data)


def replace_entry(backend: Backend, name: str, data: bytes, expected: str | None) -> None:
    """Replace an entry if its digest is still ``expected`` (None: absent), else ``EntryChangedError``."""
    replace_if = getattr(backend, "replace_if", None)
    if replace_if is not None:
        replace_if(name, data, expected)
        return
    if digest(backend.read(name)) != expected:
        raise EntryChangedError(name)
    backend.write(name, data)


def check_entry_name(name: str) -> str:
    """Return ``name`` if it is a well-formed entry name, else raise ``ValueError``.

    Every backend calls it on every name: the last line of defence against ``..``,
    absolute paths, drive letters and hidden files.

    >>> check_entry_name("games/friday-00ff.json")
    'games/friday-00ff.json'
    >>> check_entry_name("../x")
    Traceback (most recent call last):
    ...
    ValueError: bad entry name '../x'
    """
    parts = name.split("/") if isinstance(name, str) else []
    if not 1 <= len(parts) <= 2 or not all(SEGMENT.fullmatch(p) and ".." not in p for p in parts):
        raise ValueError(f"bad entry name {name!r}")
    return name


@runtime_checkable
class Backend(Protocol):
    """Named byte entries with atomic writes (see the module docstring for the contract)."""

    def read(self, name: str) -> bytes | None:
        """The entry's bytes (at most :data:`MAX_BYTES` + 1 of them), or None when there is no such entry."""
        ...

    def write(self, name: str, data: bytes) -> None:
        """Create or atomically replace the entry."""
        ...

    def delete(self, name: str) -> None:
        """Remove the entry; no error when it is already gone."""
        ...

    def rename(self, old: str, new: str) -> None:
        """Move an entry to a new name; ``FileExistsError`` if ``new`` exists."""
        ...

    def names(self, prefix: str = "") -> list[str]:
        """Entry names starting with ``prefix``, sorted."""
        ...


class MemoryBackend:
    """Entries in a dict: for tests, and the model of what a browser backend must do."""

    def __init__(self) -> None:
        self.entries: dict[str, bytes] = {}

    def read(self, name: str) -> bytes | None:
        return self.entries.get(check_entry_name(name))

    def write(self, name: str, data: bytes) -> None:
        self.entries[check_entry_name(name)] = bytes(data)

    def delete(self, name: str) -> None:
        self.entries.pop(check_entry_name(name), None)

    def rename(self, old: str, new: str) -> None:
        check_entry_name(old)
        if check_entry_name(new) in self.entries:
            raise FileExistsError(errno.EEXIST, "entry exists", new)
        if old not in self.entries:
            raise FileNotFoundError(errno.ENOENT, "no such entry", old)
        self.entries[new] = self.entries.pop(old)

    def names(self, prefix: str = "") -> list[str]:
        return sorted(n for n in self.entries if n.startswith(prefix))

    def create(self, name: str, data: bytes) -> None:
        if check_entry_name(name) in self.entries:
            raise FileExistsError(errno.EEXIST, "entry exists", name)
        self.write(name, data)

    def replace_if(self, name: str, data: bytes, expected: str | None) -> None:
        if digest(self.read(name)) != expected:
            raise EntryChangedError(name)
        self.write(name, data)
