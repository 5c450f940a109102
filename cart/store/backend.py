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

Two cartridges may share one folder (two windows; two browser tabs on one
``localStorage``). A saved game has one writer at a time, kept by two checked
writes (:func:`create_entry`, :func:`replace_entry`) that a backend provides
as ``create`` and ``replace_if`` where it can make them atomic:

- ``create`` writes an entry only if there is none, so two ``create()`` of
  one name never both succeed (a temporary file hard-linked into place: the
  link fails when the name exists).
- ``replace_if`` replaces an entry only if it still holds the bytes the
  writer last read or wrote (compared by SHA-256), else raises
  :class:`EntryChangedError` and writes nothing. On the file system the
  compare and the replace happen under a short-lived lock file
  (``.<name>.lock``, created exclusively, holding the owner's process id and
  host); a lock whose owner is dead, or older than :data:`STALE_LOCK_SECONDS`,
  is broken, so a cartridge killed while saving never blocks the next one.

No threads, no subprocesses: this runs under Pyodide as well.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import secrets
import socket
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol, runtime_checkable

__all__ = [
    "STALE_LOCK_SECONDS",
    "Backend",
    "EntryChangedError",
    "FileBackend",
    "MemoryBackend",
    "check_entry_name",
    "create_entry",
    "digest",
    "replace_entry",
]

_SEGMENT = re.compile(r"[a-z0-9][a-z0-9._-]{0,119}")
_TEMP_PREFIX = "."
_TEMP_NAME = re.compile(r"\.[a-z0-9][a-z0-9._-]{0,119}\.[0-9a-f]{12}\.tmp")
"""What :meth:`FileBackend.write` names a temporary file: ``.<entry>.<12 hex>.tmp``."""
_STALE_TEMP_SECONDS = 60.0
STALE_LOCK_SECONDS = 30.0
"""A save holds its lock for milliseconds: one this old was left by a process that died."""
_LOCK_WAIT_SECONDS = 5.0


class EntryChangedError(OSError):
    """The entry no longer holds what this writer last read or wrote: another one wrote it since."""

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
    """Replace an entry only if it still has the digest ``expected``, else :class:`EntryChangedError`.

    ``expected`` None means the entry must not exist (nothing was there when the
    writer last looked).
    """
    replace_if = getattr(backend, "replace_if", None)
    if replace_if is not None:
        replace_if(name, data, expected)
        return
    if digest(backend.read(name)) != expected:
        raise EntryChangedError(name)
    backend.write(name, data)


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

    def create(self, name: str, data: bytes) -> None:
        if check_entry_name(name) in self.entries:
            raise FileExistsError(errno.EEXIST, "entry exists", name)
        self.write(name, data)

    def replace_if(self, name: str, data: bytes, expected: str | None) -> None:
        if digest(self.read(name)) != expected:
            raise EntryChangedError(name)
        self.write(name, data)


class FileBackend:
    """Entries as files under one folder (``games/x.json`` is ``folder/games/x.json``).

    Temporary files are hidden (``.name.<random>.tmp``) next to their target so
    ``os.replace`` stays on one file system. A process killed mid-write leaves
    one behind; :meth:`names` never lists it and :meth:`sweep` removes stale ones.
    """

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)

    def _path(self, name: str) -> Path:
        """The file of an entry, refusing (``OSError``) any part of it below the folder that is a link.

        A link (``games`` pointing to a folder elsewhere, a ``.json`` pointing
        anywhere) would carry reads, writes, the sweep and the setting aside of
        damaged files out of the save folder, into files the store never wrote.
        """
        path = self.folder
        for part in check_entry_name(name).split("/"):
            path = path / part
            if path.is_symlink():
                raise OSError(
                    errno.ELOOP,
                    f"{path.relative_to(self.folder).as_posix()} is a link out of the save folder, "
                    "which the store does not follow",
                    name,
                )
        return path

    def read(self, name: str) -> bytes | None:
        try:
            return self._path(name).read_bytes()
        except FileNotFoundError:
            return None
        except IsADirectoryError as exc:
            raise OSError(errno.EISDIR, f"{name} is a folder, not a saved file") from exc

    def write(self, name: str, data: bytes) -> None:
        path = self._path(name)
        temp = self._temp(path, data)
        try:
            os.replace(temp, path)
        except BaseException:
            _remove_quietly(temp)
            raise
        _sync_folder(path.parent)

    def _temp(self, path: Path, data: bytes, *, sync: bool = True) -> Path:
        """The bytes in a hidden temporary file beside ``path``, flushed to disk unless ``sync`` is off."""
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f"{_TEMP_PREFIX}{path.name}.{secrets.token_hex(6)}.tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                if sync:
                    f.flush()
                    os.fsync(f.fileno())
        except BaseException:
            _remove_quietly(temp)
            raise
        return temp

    def create(self, name: str, data: bytes) -> None:
        """Write a new entry, atomically refusing (``FileExistsError``) when the name exists.

        The complete file is linked into place: ``link`` fails on an existing
        name however two processes interleave, and a reader never sees it half
        written. Where hard links are not available the exclusive create of
        the name itself decides, under the entry's lock.
        """
        path = self._path(name)
        temp = self._temp(path, data)
        try:
            try:
                os.link(temp, path)
            except FileExistsError:
                raise FileExistsError(errno.EEXIST, "entry exists", name) from None
            except OSError:
                with self._locked(path):
                    if path.exists() or path.is_symlink():
                        raise FileExistsError(errno.EEXIST, "entry exists", name) from None
                    os.replace(temp, path)
        finally:
            _remove_quietly(temp)
        _sync_folder(path.parent)

    def replace_if(self, name: str, data: bytes, expected: str | None) -> None:
        """Replace the entry only if it still has the digest ``expected`` (see the module docstring)."""
        path = self._path(name)
        with self._locked(path):
            if digest(self.read(name)) != expected:
                raise EntryChangedError(name)
            self.write(name, data)

    @contextlib.contextmanager
    def _locked(self, path: Path) -> Iterator[None]:
        """Hold ``.<name>.lock`` beside ``path``: made exclusively, broken when its owner is gone."""
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = path.with_name(f"{_TEMP_PREFIX}{path.name}.lock")
        owner = self._temp(lock, f"{os.getpid()} {socket.gethostname()}\n".encode(), sync=False)
        deadline = time.monotonic() + _LOCK_WAIT_SECONDS
        try:
            while True:
                try:  # linked whole into place, so a lock never exists without its owner
                    os.link(owner, lock)
                    break
                except FileExistsError:
                    pass
                except OSError:  # no hard links here: an exclusive create (its owner written after)
                    try:
                        os.close(os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
                        break
                    except FileExistsError:
                        pass
                if _lock_is_stale(lock):
                    _remove_quietly(lock)
                    continue
                if time.monotonic() > deadline:
                    raise OSError(
                        errno.EBUSY, "another cartridge is saving this game and does not finish", path.name
                    ) from None
                time.sleep(0.002)
        finally:
            _remove_quietly(owner)
        try:
            yield
        finally:
            _remove_quietly(lock)

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
            if top.is_symlink() or not _SEGMENT.fullmatch(top.name) or ".." in top.name:
                continue  # a link leads out of the folder: never listed, never followed
            if top.is_dir():
                # A folder where a save belongs is listed too: reading it then says what is in the way.
                found.extend(
                    f"{top.name}/{p.name}"
                    for p in top.iterdir()
                    if not p.is_symlink()
                    and (p.is_file() or p.is_dir())
                    and _SEGMENT.fullmatch(p.name)
                    and ".." not in p.name
                )
            elif top.is_file():
                found.append(top.name)
        return sorted(n for n in found if n.startswith(prefix))

    def links(self) -> list[str]:
        """Links in the folder or its subfolders, which the store never follows: for a notice."""
        found: list[str] = []
        if not self.folder.is_dir():
            return found
        for top in sorted(self.folder.iterdir()):
            if top.is_symlink():
                found.append(top.name)
            elif _is_real_dir(top):
                found.extend(f"{top.name}/{p.name}" for p in sorted(top.iterdir()) if p.is_symlink())
        return found

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
        # Only the folder and its own subfolders (never one reached through a link), and only
        # files named exactly as write() names its temporary files: nothing the store did not write.
        subfolders = (p for p in self.folder.iterdir() if _SEGMENT.fullmatch(p.name) and _is_real_dir(p))
        for folder in [self.folder, *subfolders]:
            for p in folder.iterdir():
                if not _TEMP_NAME.fullmatch(p.name):
                    continue
                try:
                    info = p.lstat()
                    if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
                        p.unlink()
                        removed += 1
                except OSError:
                    continue
        return removed


def _is_real_dir(path: Path) -> bool:
    """A folder, not a link to one."""
    try:
        return stat.S_ISDIR(path.lstat().st_mode)
    except OSError:
        return False


def _lock_is_stale(lock: Path) -> bool:
    """A lock is stale when its owner, on this host, is no longer running, or it is old."""
    try:
        text = lock.read_text("ascii", "replace")
        age = time.time() - lock.stat().st_mtime
    except FileNotFoundError:
        return False  # released meanwhile: just try again
    except OSError:
        return False
    pid, _, host = text.strip().partition(" ")
    if host == socket.gethostname() and pid.isdigit():
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            return True
        except OSError:
            pass  # running under another user: alive
    elif not text.strip() and age < 1.0:
        return False  # just created, its owner not written yet
    return age > STALE_LOCK_SECONDS


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
