"""The lock a checked write holds while it compares and replaces: ``.<name>.lock`` beside the entry.

The operating system's lock, because the kernel releases it however its holder
exits: nobody ever judges another's lock stale and breaks it. POSIX: ``flock``,
polled; the holder deletes the file while still holding it, and a saver checks it
locked the file the path still names, else retries. Windows: ``msvcrt.locking``
(the file stays, since an open file cannot be deleted). Elsewhere a checked write
fails with a clear error; the browser uses ``localStorage`` and never comes here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

_POLL_SECONDS = 0.002

Release = Callable[[], None]


@contextlib.contextmanager
def held(path: Path, wait_seconds: float) -> Iterator[None]:
    """Hold the lock of the entry file ``path`` (``.<name>.lock`` beside it), waiting up to ``wait_seconds``.

    ``OSError`` (``EBUSY``) at the deadline: a save takes milliseconds, so one held for seconds is stuck.
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


def no_lock(lock: Path, deadline: float) -> Release:
    """Where the system has no file lock: refuse, rather than write without one."""
    entry = lock.name.removeprefix(".").removesuffix(".lock")
    raise OSError(errno.ENOLCK, "this system has no file lock, so saving here could lose a save.", entry)


ACQUIRE: Callable[[Path, float], Release] = acquire_by_os if OS_LOCK else no_lock
"""The lock in use: the operating system's, wherever there is one."""
