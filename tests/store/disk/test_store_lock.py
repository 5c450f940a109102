"""The lock a checked write holds (``.<name>.lock``): real processes, killed while they hold it.

A lock judged "stale" and deleted by name lets two savers waiting on one dead saver's lock
both break it and both write, each told it saved while one save is lost; the operating
system's lock never is judged. The first test below makes two savers contend right after a
saver was killed holding the lock, and asks that at most one is told it saved.
"""

from __future__ import annotations

import errno
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from cart.store import FileBackend, GameOptions, Store
from cart.store.disk import backend as backend_module, lock as lock_module
from cart.store.disk.entries import EntryChangedError, digest

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL and fork (POSIX)")

ENTRY = "games/race.json"
FORK = multiprocessing.get_context("fork") if hasattr(os, "fork") else None


def wait_for(path: Path, seconds: float) -> bool:
    """Whether ``path`` appears within ``seconds``: how the processes here meet without sharing memory."""
    deadline = time.monotonic() + seconds
    while not path.exists():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.001)
    return True


def holder(folder: str, sync: str, entry: str) -> None:
    """A saver that takes the entry's lock, says so, and is killed before it writes."""

    def stuck(self: FileBackend, name: str, data: bytes) -> None:
        Path(sync, "holding").touch()
        time.sleep(600)

    FileBackend.write = stuck  # type: ignore[method-assign]  # this child only
    backend = FileBackend(folder)
    backend.replace_if(entry, b"never written", digest(backend.read(entry)))


def start_holder(folder: Path, sync: Path, *, entry: str = ENTRY) -> multiprocessing.process.BaseProcess:
    """A live process holding the lock of ``entry`` (inside ``replace_if``, before its write)."""
    assert FORK is not None
    child = FORK.Process(target=holder, args=(str(folder), str(sync), entry))
    child.start()
    assert wait_for(sync / "holding", 60), "the holder never took the lock"
    return child


def kill(child: multiprocessing.process.BaseProcess, *, reap: bool) -> None:
    """SIGKILL ``child`` and wait until it has exited; unless ``reap``, its pid stays taken (a zombie)."""
    assert child.pid is not None
    os.kill(child.pid, signal.SIGKILL)
    if reap:
        child.join(60)
    else:
        os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A save folder holding one entry, and a folder beside it where the processes meet."""
    (tmp_path / "sync").mkdir()
    FileBackend(tmp_path / "save").create(ENTRY, b"first")
    yield tmp_path / "save"


def racer(conn: Connection, folder: str, sync: str, who: int, expected: str, patience: float) -> None:
    """One saver, in its own process: ``replace_if`` of the shared entry with the shared ``expected``.

    Inside the lock, a writer waits until the other has started its own ``replace_if``, then up
    to ``patience`` seconds for it to be inside too: the lock keeps it out, so it never is, and
    the two really contend for the lock.
    """
    meet = Path(sync)
    backend_module._LOCK_WAIT_SECONDS = 60.0  # type: ignore[attr-defined]  # a slow machine never gives up
    real_write = FileBackend.write

    def write(self: FileBackend, name: str, data: bytes) -> None:
        if name == ENTRY:
            (meet / f"inside-{who}").touch()
            assert wait_for(meet / f"started-{3 - who}", 30), "the other saver never started"
            wait_for(meet / f"inside-{3 - who}", patience)
        real_write(self, name, data)

    FileBackend.write = write  # type: ignore[method-assign]
    conn.send("ready")
    wait_for(meet / "go", 60)
    (meet / f"started-{who}").touch()
    try:
        FileBackend(folder).replace_if(ENTRY, f"saved by {who}".encode(), expected)
        conn.send("saved")
    except EntryChangedError:
        conn.send("changed")
    except OSError as exc:
        conn.send(f"error {exc}")


def race(folder: Path, sync: Path, patience: float) -> list[str]:
    """A saver killed holding the lock, then two savers at once with one ``expected``: what each says."""
    expected = digest(FileBackend(folder).read(ENTRY))
    kill(start_holder(folder, sync), reap=True)
    assert (folder / "games" / ".race.json.lock").exists()  # left behind by the killed saver
    assert FORK is not None
    children = []
    for who in (1, 2):
        mine, theirs = FORK.Pipe(duplex=False)
        child = FORK.Process(target=racer, args=(theirs, str(folder), str(sync), who, expected, patience))
        child.start()
        theirs.close()
        children.append((child, mine))
    try:
        for _, conn in children:
            assert conn.poll(60) and conn.recv() == "ready"
        (sync / "go").touch()
        outs = []
        for child, conn in children:
            assert conn.poll(120), "a saver gave no report"
            outs.append(conn.recv())
            child.join(60)
    finally:
        for child, _ in children:
            if child.is_alive():
                child.kill()
    return outs


# Without the lock the other saver is inside within milliseconds of starting: half a second tells on
# an idle machine, the slow test's 3 s on a loaded one too (the writer inside spends it waiting).
@pytest.mark.parametrize("patience", [0.5, pytest.param(3.0, marks=pytest.mark.slow)])
def test_two_savers_after_a_killed_one_never_both_succeed(folder: Path, patience: float) -> None:
    outs = race(folder, folder.parent / "sync", patience)
    on_disk = FileBackend(folder).read(ENTRY)
    assert outs.count("saved") < 2, (
        f"both savers were told they saved with one expected digest, and the file holds only {on_disk!r}: "
        f"the other save was lost ({outs})"
    )
    assert sorted(outs) == ["changed", "saved"], outs
    assert on_disk == f"saved by {outs.index('saved') + 1}".encode()
    assert not (folder / "games" / ".race.json.lock").exists()


def test_a_lock_held_by_a_live_process_is_waited_for_until_the_deadline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save that does not finish keeps the game's lock: the next is told, and overwrites nothing."""
    (tmp_path / "sync").mkdir()
    store = Store(tmp_path / "save")
    game = store.games.create("g", GameOptions())
    child = start_holder(tmp_path / "save", tmp_path / "sync", entry=game.entry)
    try:
        monkeypatch.setattr(backend_module, "_LOCK_WAIT_SECONDS", 0.3)
        game.match.roll((3, 1))
        with pytest.raises(OSError) as got:
            store.games.save(game)
        assert (
            str(got.value)
            == "Could not save the game 'g': another cartridge is saving this game and has not finished."
        )
        assert isinstance(got.value.__cause__, OSError) and got.value.__cause__.errno == errno.EBUSY
        assert Store(tmp_path / "save").games.load("g").match.record == []
    finally:
        kill(child, reap=True)
    store.games.save(game)  # its holder gone, the lock is free at once
    assert Store(tmp_path / "save").games.load("g").match.record[-1].to_json() == ["roll", 3, 1]


@pytest.mark.parametrize("reap", [True, False], ids=["reaped", "pid-still-taken"])
def test_a_lock_left_by_a_killed_process_does_not_block_the_next_save(
    folder: Path, monkeypatch: pytest.MonkeyPatch, reap: bool
) -> None:
    """However the killed saver's pid looks afterwards (gone, or still taken: a zombie, or reused)."""
    if not reap and not hasattr(os, "waitid"):
        pytest.skip("needs os.waitid to wait for an exit without reaping it")
    child = start_holder(folder, folder.parent / "sync")
    kill(child, reap=reap)
    try:
        assert (folder / "games" / ".race.json.lock").exists()
        monkeypatch.setattr(backend_module, "_LOCK_WAIT_SECONDS", 2.0)  # far beyond a save, far below 30 s
        backend = FileBackend(folder)
        backend.replace_if(ENTRY, b"second", digest(b"first"))
        assert backend.read(ENTRY) == b"second"
        assert not (folder / "games" / ".race.json.lock").exists()
    finally:
        child.join(60)


def test_a_lock_file_naming_a_dead_process_does_not_block(tmp_path: Path) -> None:
    """A lock file an older cartridge left, its owner's pid inside, is only a file now."""
    store = Store(tmp_path)
    game = store.games.create("g", GameOptions())
    lock = tmp_path / "games" / f".{Path(game.entry).name}.lock"
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    lock.write_text(f"{dead.stdout.strip()} {socket.gethostname()}\n")
    game.match.roll((3, 1))
    store.games.save(game)
    assert not lock.exists()
    assert Store(tmp_path).games.load("g").match.record[-1].to_json() == ["roll", 3, 1]


def test_create_without_hard_links_still_refuses_an_existing_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where ``link`` fails (some network and FAT folders), ``create`` decides under the entry's lock."""

    def no_links(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EPERM, "no hard links here")

    monkeypatch.setattr(os, "link", no_links)
    backend = FileBackend(tmp_path)
    backend.create(ENTRY, b"first")
    with pytest.raises(FileExistsError):
        backend.create(ENTRY, b"second")
    assert backend.read(ENTRY) == b"first"
    assert [p.name for p in (tmp_path / "games").iterdir()] == ["race.json"]  # no lock, owner or temp left


def test_without_an_os_lock_a_save_is_refused_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Python with neither flock nor msvcrt (no platform we ship) says so rather than risk a save."""
    monkeypatch.setattr(lock_module, "ACQUIRE", lock_module.no_lock)
    store = Store(tmp_path)
    game = store.games.create("g", GameOptions())
    game.match.roll((3, 1))
    with pytest.raises(OSError) as got:
        store.games.save(game)
    assert (
        str(got.value)
        == "Could not save the game 'g': this system has no file lock, so saving here could lose a save."
    )
    assert Store(tmp_path).games.load("g").match.record == []
