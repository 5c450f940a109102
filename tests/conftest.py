"""Shared fixtures and -n's shares; the board helpers are :mod:`boards` (a module of its own, since
``from conftest import`` finds whichever conftest was imported first).

The seeded self-play positions, the random legal positions and gnubg's own
results live in :mod:`tools.positions` (``tools/make_perft.py`` builds the golden
play counts from them); the test modules import them from there.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Generator
from pathlib import Path

# Before numpy loads (only tools' tests use it): its OpenBLAS threads only spin on the tests' small
# matrices, and on a busy machine they made the prune net's fit take 2.4 s instead of 0.5 s.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from typing import Any

import pytest
from cpu_budget import (
    pytest_addoption,  # noqa: F401 - the quick loop's CPU budget, a plugin
    pytest_configure as configure_budget,
)
from tables import load_tables
from temp_place import MEMORY_TEMP, memory_temp_fits

from cart.engine.board import Position
from tools.positions import selfplay_positions

# -- the quick loop on several workers ------------------------------------------------
SHARED = {
    "tests/ai/test_review.py": "the mixed game's review",
    "tests/text/test_text_review.py": "the mixed game's review",
    "tests/ui/review/test_ui_review.py": "the finished game's review",
    "tests/ui/review/test_ui_review_rollout.py": "the finished game's review",
    "tests/ui/test_ui_golden.py": "the finished game's review",
    "tests/ui/test_ui_controls.py": "the finished game's review",
    "tests/ui/test_ui_safe_defaults.py": "the finished game's review",
}
"""Test files that read a review worked out once per process (seconds of CPU: ``mixed_review``,
``finished_review``, the UI's ``review`` fixture), by the review: with ``-n``, one worker each."""


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``-n`` (pytest-xdist), a worker takes whole test files, a :data:`SHARED` group's files together.

    Then each module's fixtures and each shared review are worked out on one worker only. The files go
    in collection order: the last ones are small, so the workers finish together.
    """
    if config.getoption("dist") != "load":
        return None  # another --dist was asked for
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return SHARED.get(path, path)

    config.option.loadscopereorder = False
    return ByFile(config, log)


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """The CPU budget, and ``tmp_path``'s folders in memory where the user named no temporary folder.

    The store syncs each save to the disk and a passing test's folder is deleted at its teardown:
    thousands of syncs and deletes a loop, each waited for, a third of the store tests' wall time on
    this machine's disk. In memory the same calls run and return at once. pytest keeps its usual
    numbered folders there (its last three runs); a worker is handed its folder by the controller.
    """
    configure_budget(config)
    chosen = ("TMPDIR", "TEMP", "TMP", "PYTEST_DEBUG_TEMPROOT")
    if (
        hasattr(config, "workerinput")
        or config.option.basetemp
        or any(name in os.environ for name in chosen)
        or not memory_temp_fits(MEMORY_TEMP)
    ):
        return
    os.environ["PYTEST_DEBUG_TEMPROOT"] = str(MEMORY_TEMP)
    try:
        config._tmp_path_factory.getbasetemp()  # fixed now: what the tests start sees no change
    finally:
        del os.environ["PYTEST_DEBUG_TEMPROOT"]


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, object, object]:
    """Pytest keeps the test modules with their asserts rewritten, even where bytecode is not written.

    With ``PYTHONDONTWRITEBYTECODE`` set (as on the house's machines) each process of the loop
    would rewrite every test module again, seconds of CPU a worker; so pytest's own cache is
    written while collecting, and the setting comes back for the tests and what they start.
    """
    was = sys.dont_write_bytecode
    sys.dont_write_bytecode = False
    try:
        return (yield)
    finally:
        sys.dont_write_bytecode = was


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection loaded (modules, test items) lives to the end: :func:`freeze_long_lived`."""
    freeze_long_lived()


def freeze_long_lived() -> None:
    """Objects alive now are left out of every later garbage collection (``gc.freeze``).

    The run's long-lived heap (modules, items, the bear-off tables) is hundreds of thousands of
    objects, and each full collection, a dozen a worker, walked all of them again: a second of CPU a
    loop. The tests' own garbage is collected as before.
    """
    gc.freeze()


def running_children() -> list[str]:
    """The command lines of this process's children still running (from Linux's ``/proc``; none elsewhere)."""
    found = []
    for listed in Path(f"/proc/{os.getpid()}/task").glob("*/children"):
        for pid in listed.read_text().split():
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
                argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except (OSError, IndexError):
                continue  # gone meanwhile
            if state != "Z":  # a zombie has ended; its parent has not yet waited
                found.append(" ".join(a.decode(errors="replace") for a in argv if a))
    return found


@pytest.fixture(scope="session", autouse=True)
def no_thinker_left() -> Generator[None]:
    """At a run's end no thinking child may be left: one no test closed thinks on until the process
    ends, on CPU no test's budget counts (two once cost the quick loop 4-7 s, and two cores)."""
    yield
    left = [argv for argv in running_children() if "cart.ai.worker" in argv]
    assert not left, f"a test started a thinking child and never closed it: {left}"


@pytest.fixture(scope="session")
def first_tables() -> None:
    """The tables read or worked out once a process: seconds on a fresh machine, no one test's cost."""
    load_tables()
    freeze_long_lived()


@pytest.fixture(autouse=True)
def bear_off_tables(first_tables: None) -> None:
    """The tables in this process before each test (a test may have forgotten them)."""
    from cart.ai import bearoff

    if not bearoff.complete():
        load_tables()


@pytest.fixture(scope="session")
def selfplay() -> list[Position]:
    """Positions from 12 seeded random games (seed 2024)."""
    return selfplay_positions(2024, 12)
