"""Where the bytes go: a small interface of named entries, and the two backends behind it.

The store never touches files directly. It reads and writes *entries*, named
like ``games/friday-1a2b3c4d5e6f7081.json``: at most two lowercase segments of
``[a-z0-9._-]`` joined by ``/``. That keeps the interface small enough for a
browser ``localStorage`` backend (a later issue) to implement with the same
meaning, and it means no name from a player ever reaches the file system: the
store derives entry names itself (see :mod:`cart.store.names`) and every
backend re-checks them, so a bug upstream still cannot escape the folder.

The contract every backend keeps:

- ``write`` is atomic: afterwards the entry holds either the old bytes or the
  new ones, never a mixture, even if the process dies half way. On the file
  system that is a temporary file, flush, ``fsync``, ``os.replace``, then an
  ``fsync`` of the folder so the rename itself survives a power cut.
- ``rename`` never overwrites: setting aside a damaged file must not destroy
  an earlier one.
- ``names`` lists entries under a prefix, sorted, without temporary files.
- Failures raise ``OSError``; the store turns them into messages.

No threads, no subprocesses: this runs under Pyodide as well.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import time
from pathlib import Path
from typing import Protocol, runtime_checkable

__all__ = ["Backend", "FileBackend", "MemoryBackend", "check_entry_name"]

_SEGMENT = re.compile(r"[a-z0-9][a-z0-9._-]{0,119}")
_TEMP_PREFIX = "."
_STALE_TEMP_SECONDS = 60.0


def check_entry_name(name: str) -> str:
    """Return ``name`` if it is a well-formed entry name, else raise ``ValueError``.

    Every backend calls this on every name, so path traversal (``..``), absolute
    paths, drive letters, hidden files and odd characters are refused at the
    last line of defence as well as the first.

    >>> check_entry_name("games/friday-00ff.json")
    'games/friday-00ff.json'
    >>> check_entry_name("../x")
    Traceback (most recent call last):
    ...
    ValueError: bad entry name '../x'
    """
    parts = name.split("/") if isinstance(name, str) else []
    if not 1 <= len(parts) <= 2 or not all(_SEGMENT.fullmatch(p) and ".." not in p for p in parts):
        raise ValueError(f"bad entry name {name!r}")
    return name


@runtime_checkable
class Backend(Protocol):
    """Named byte entries with atomic writes (see the module docstring for the contract)."""

    def read(self, name: str) -> bytes | None:
        """The entry's bytes, or None when there is no such entry."""
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


class FileBackend:
    """Entries as files under one folder (``games/x.json`` is ``folder/games/x.json``).

    Temporary files are hidden (``.name.<random>.tmp``) next to their target so
    ``os.replace`` stays on one file system. A process killed mid-write leaves
    one behind; :meth:`names` never lists it and :meth:`sweep` removes stale ones.
    """

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)

    def _path(self, name: str) -> Path:
        return self.folder.joinpath(*check_entry_name(name).split("/"))

    def read(self, name: str) -> bytes | None:
        try:
            return self._path(name).read_bytes()
        except FileNotFoundError:
            return None
        except IsADirectoryError as exc:
            raise OSError(errno.EISDIR, f"{name} is a folder, not a saved file") from exc

    def write(self, name: str, data: bytes) -> None:
        path = self._path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f"{_TEMP_PREFIX}{path.name}.{secrets.token_hex(6)}.tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(temp, path)
        except BaseException:
            _remove_quietly(temp)
            raise
        _sync_folder(path.parent)

    def delete(self, name: str) -> None:
        path = self._path(name)
        try:
            path.unlink()
        except FileNotFoundError:
            return
        _sync_folder(path.parent)

    def rename(self, old: str, new: str) -> None:
        source, target = self._path(old), self._path(new)
        target.parent.mkdir(parents=True, exist_ok=True)
        # os.link refuses an existing target atomically, where os.rename would replace it
        # on POSIX; fall back to a checked rename where hard links are not available.
        try:
            os.link(source, target)
        except FileExistsError:
            raise
        except OSError:
            if target.exists():
                raise FileExistsError(errno.EEXIST, "entry exists", new) from None
            os.rename(source, target)
        else:
            source.unlink()
        _sync_folder(target.parent)
        _sync_folder(source.parent)

    def names(self, prefix: str = "") -> list[str]:
        found: list[str] = []
        if not self.folder.is_dir():
            return found
        for top in self.folder.iterdir():
            if top.is_dir() and _SEGMENT.fullmatch(top.name):
                found.extend(
                    f"{top.name}/{p.name}"
                    for p in top.iterdir()
                    if p.is_file() and _SEGMENT.fullmatch(p.name) and ".." not in p.name
                )
            elif top.is_file() and _SEGMENT.fullmatch(top.name) and ".." not in top.name:
                found.append(top.name)
        return sorted(n for n in found if n.startswith(prefix))

    def sweep(self, older_than: float = _STALE_TEMP_SECONDS) -> int:
        """Remove temporary files left by a process killed mid-write; returns how many.

        Only files older than ``older_than`` seconds go, so a second cartridge
        writing into the same folder at this moment keeps its own. They never
        hold the only copy of anything: ``os.replace`` had not happened yet.
        """
        removed = 0
        if not self.folder.is_dir():
            return removed
        now = time.time()
        for folder in [self.folder, *(p for p in self.folder.iterdir() if p.is_dir())]:
            for p in folder.iterdir():
                if p.name.startswith(_TEMP_PREFIX) and p.name.endswith(".tmp") and p.is_file():
                    try:
                        if now - p.stat().st_mtime >= older_than:
                            p.unlink()
                            removed += 1
                    except OSError:
                        continue
        return removed


def _remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def _sync_folder(folder: Path) -> None:
    """Make a rename durable: fsync the folder. Not possible everywhere (Windows): skip there."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
