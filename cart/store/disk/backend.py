"""Entries as files under one folder: the only part of the store that touches files.

It keeps :mod:`cart.store.disk.entries`'s contract the file system's way: a write
is temporary file, ``fsync``, ``os.replace`` and an ``fsync`` of the folder, so it
survives a power cut; ``create`` hard-links a complete file into place, which fails
when the name exists; ``replace_if`` compares and replaces under the operating
system's lock (:mod:`cart.store.disk.lock`), which dies with its holder. A link
below the folder is refused, never followed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from .entries import MAX_BYTES, SEGMENT, EntryChangedError, check_entry_name, digest
from .lock import held

_TEMP_PREFIX = "."
_TEMP_NAME = re.compile(r"\.[a-z0-9][a-z0-9._-]{0,119}\.[0-9a-f]{12}\.tmp")
"""What :meth:`FileBackend.write` names a temporary file: ``.<entry>.<12 hex>.tmp``."""
_STALE_TEMP_SECONDS = 60.0
_LOCK_WAIT_SECONDS = 5.0
"""How long a save waits for another cartridge's save of the same game before telling the player."""


class FileBackend:
    """Entries as files under one folder (``games/x.json`` is ``folder/games/x.json``).

    Temporary files are hidden next to their target, so ``os.replace`` stays on one
    file system; :meth:`sweep` removes those a killed process left.
    """

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)

    def _path(self, name: str) -> Path:
        """The file of an entry, refusing (``OSError``) any part of it below the folder that is a link.

        A link would carry reads, writes and the setting aside out of the save folder.
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
        """At most :data:`MAX_BYTES` + 1 bytes: a file too long to be ours is never read whole."""
        try:
            with self._path(name).open("rb") as f:
                # Asked for its own size (and one byte more): read(MAX_BYTES + 1) allocates 8 MiB each
                # time, which a book of 500 drills, 500 small entries, paid 30 ms for.
                want = min(os.fstat(f.fileno()).st_size, MAX_BYTES) + 1
                data = f.read(want)
                if len(data) == want:  # grown since its size was taken: on to the limit, as before
                    data += f.read(MAX_BYTES + 1 - want)
                return data
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
        # os.urandom(6).hex() is secrets.token_hex(6), without importing secrets (and hmac) at start
        temp = path.with_name(f"{_TEMP_PREFIX}{path.name}.{os.urandom(6).hex()}.tmp")
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

        ``link`` fails on an existing name however two processes interleave; without
        hard links the exclusive create decides, under the entry's lock.
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

    def _locked(self, path: Path) -> contextlib.AbstractContextManager[None]:
        """Hold the lock of the entry file ``path``, waiting up to :data:`_LOCK_WAIT_SECONDS`."""
        return held(path, _LOCK_WAIT_SECONDS)

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
        tops: Iterator[Path] = self.folder.iterdir()
        if "/" in prefix:  # within one folder (the drills'): only that one is listed
            top = self.folder / prefix.split("/")[0]
            tops = iter([top] if SEGMENT.fullmatch(top.name) and (top.is_symlink() or top.exists()) else [])
        for top in tops:
            if top.is_symlink() or not SEGMENT.fullmatch(top.name) or ".." in top.name:
                continue  # a link leads out of the folder: never listed, never followed
            if top.is_dir():
                # A folder where a save belongs is listed too: reading it then says what is in the way.
                # Each kind from the listing itself (no stat a file: the drills' folder holds hundreds).
                with os.scandir(top) as listing:
                    found.extend(
                        f"{top.name}/{e.name}"
                        for e in listing
                        if not e.is_symlink()
                        and (e.is_file(follow_symlinks=False) or e.is_dir(follow_symlinks=False))
                        and SEGMENT.fullmatch(e.name)
                        and ".." not in e.name
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

        Only those older than ``older_than``, so a second cartridge writing now keeps its own.
        """
        removed = 0
        if not self.folder.is_dir():
            return removed
        now = time.time()
        # Only the folder and its own subfolders (never one reached through a link), and only
        # files named exactly as write() names its temporaries: nothing the store did not write.
        subfolders = (p for p in self.folder.iterdir() if SEGMENT.fullmatch(p.name) and _is_real_dir(p))
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
