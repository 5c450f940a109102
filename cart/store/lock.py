"""The lock a checked write holds while it compares and replaces: ``.<name>.lock`` beside the entry.

Why the operating system's lock. The lock used to be the lock file's existence: made
exclusively, and broken by a waiting saver that judged it stale (its owner's pid not
running, or the file older than :data:`STALE_LOCK_SECONDS`). Judging a lock stale and then
deleting it by name are two steps that nothing can make one: two savers waiting on a killed
saver's lock both judged it stale, the first deleted it and took a new one, the second
deleted that new one and took it too, and both wrote, each told it had saved while one save
was lost. The kernel releases an OS lock when its holder exits, however it exits, so no
process ever judges or breaks another's: a killed saver's lock file is just a file that
nobody holds, and the next saver takes it at once.

- POSIX (Linux, macOS): ``flock(LOCK_EX | LOCK_NB)`` on the lock file, polled until the
  deadline. The holder deletes the file when it is done, *while still holding the lock*, and
  a saver whose ``flock`` succeeds checks that the path still names the file it locked (same
  device and inode) and starts over when it does not. That makes the deletion safe: a saver
  that opened the file just before it was deleted gets its lock on a file no name leads to,
  sees so, and retries on the path's new file. Only the holder of the file the path names
  may delete it, and while it holds that file nobody else can lock it or replace the name,
  so at most one saver is ever inside. A folder therefore keeps no lock file but a killed
  saver's, which the next save of that game takes and removes.
- Windows: ``msvcrt.locking`` of the file's first byte, which the system releases when the
  process dies. Windows cannot delete a file that another process has open, so there the
  lock file stays: one empty hidden file per game ever saved, never read.
- Anywhere with neither (a Python built without ``fcntl.flock`` or ``msvcrt``, such as a
  WASI build: no platform the cartridge ships on; the browser build keeps its games in
  localStorage through :mod:`cart.store.localstorage` and never comes here), the old scheme
  remains as :func:`acquire_by_file`, with its race: two savers may still both break one
  dead saver's lock there.

Each implementation is one function, ``acquire(lock, deadline)``, that returns how to release;
:func:`held` is the lock the backend uses.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import socket
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

STALE_LOCK_SECONDS = 30.0
"""Fallback only: a save holds its lock for milliseconds, so a lock file this old was left by the dead."""
OWNER_NAME = re.compile(r"\.\.[a-z0-9][a-z0-9._-]{0,119}\.lock\.[0-9a-f]{12}\.tmp")
"""Fallback only: a lock's owner file, ``..<entry>.lock.<12 hex>.tmp``, written whole, then linked."""
_POLL_SECONDS = 0.002

Release = Callable[[], None]


@contextlib.contextmanager
def held(path: Path, wait_seconds: float) -> Iterator[None]:
    """Hold the lock of the entry file ``path`` (``.<name>.lock`` beside it), waiting up to ``wait_seconds``.

    Raises ``OSError`` (``EBUSY``) when another process still holds it at the deadline: a save
    takes milliseconds, so one that does not finish in seconds is stuck, and the player is told.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    release = ACQUIRE(path.with_name(f".{path.name}.lock"), time.monotonic() + wait_seconds)
    try:
        yield
    finally:
        release()


def _busy_until(lock: Path, deadline: float) -> None:
    """Wait a moment before trying again, or give up with the message the player sees."""
    if time.monotonic() > deadline:
        entry = lock.name.removeprefix(".").removesuffix(".lock")
        # a whole sentence: the player reads it after "Could not save the game 'g': ", then another
        raise OSError(errno.EBUSY, "another cartridge is saving this game and has not finished.", entry)
    time.sleep(_POLL_SECONDS)


def _open(lock: Path) -> int:
    # Never through a link: a link below the save folder leads out of it, and the store follows none.
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    return os.open(lock, flags, 0o644)


if sys.platform == "win32":
    import msvcrt

    def acquire_by_os(lock: Path, deadline: float) -> Release:
        """Lock the first byte of ``lock``; the file stays (Windows cannot delete a file others have open)."""
        while True:
            fd = _open(lock)
            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                break
            except OSError as exc:
                if exc.errno not in (errno.EACCES, errno.EDEADLK):
                    os.close(fd)
                    raise
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)  # held by another process
            _busy_until(lock, deadline)

        def release() -> None:
            try:
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
            finally:
                os.close(fd)

        return release

    OS_LOCK = True
else:
    try:
        import fcntl

        OS_LOCK = hasattr(fcntl, "flock")
    except ImportError:
        OS_LOCK = False

    def acquire_by_os(lock: Path, deadline: float) -> Release:
        """``flock`` the file that ``lock`` names; delete it at release while still holding it."""
        while True:
            fd = _open(lock)
            busy = False
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                if _still_named(lock, fd):
                    break
            except BlockingIOError:
                busy = True  # held by another process
            except BaseException:
                os.close(fd)
                raise
            # Not ours: held, or deleted by its holder just before we locked it (then the path's new file).
            os.close(fd)
            if busy:
                _busy_until(lock, deadline)

        def release() -> None:
            try:
                with contextlib.suppress(OSError):  # a folder we may not delete in keeps the file: harmless
                    os.unlink(lock)
            finally:
                os.close(fd)  # only now is the lock released

        return release

    def _still_named(lock: Path, fd: int) -> bool:
        """Whether ``lock`` still names the file open as ``fd`` (not deleted, not replaced)."""
        try:
            named = os.stat(lock)
        except FileNotFoundError:
            return False
        opened = os.fstat(fd)
        return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


def acquire_by_file(lock: Path, deadline: float) -> Release:
    """The fallback: ``lock`` made exclusively, holding its owner's pid and host; broken when stale.

    The owner file is written whole and linked into place, so a lock never exists without its
    owner; where hard links are not available an exclusive create decides (its owner written
    after). A killed waiter may leave its owner file: :data:`OWNER_NAME` lets the sweep find it.
    """
    owner = lock.with_name(f".{lock.name}.{secrets.token_hex(6)}.tmp")
    fd = os.open(owner, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(f"{os.getpid()} {socket.gethostname()}\n".encode())
        while True:
            try:
                os.link(owner, lock)
                break
            except FileExistsError:
                pass
            except OSError:  # no hard links here
                try:
                    os.close(os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
                    break
                except FileExistsError:
                    pass
            if _lock_is_stale(lock):
                _remove_quietly(lock)  # the race: another waiter may have judged it too
                continue
            _busy_until(lock, deadline)
    finally:
        _remove_quietly(owner)
    return lambda: _remove_quietly(lock)


def _lock_is_stale(lock: Path) -> bool:
    """Fallback only: a lock is stale when its owner, on this host, is no longer running, or it is old."""
    try:
        text = lock.read_text("ascii", "replace")
        age = time.time() - lock.stat().st_mtime
    except OSError:
        return False  # released meanwhile, or unreadable: just try again
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


ACQUIRE: Callable[[Path, float], Release] = acquire_by_os if OS_LOCK else acquire_by_file
"""The lock in use: the operating system's wherever there is one."""
