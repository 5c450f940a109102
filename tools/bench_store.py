"""The store's section of ``python -m tools.bench``: one action with its save, early and late in a career.

    python -m tools.bench store

A money session is played by a seeded random policy (rolls, plays, doubles, takes and
drops, new games) to 300 and to 12,000 actions and saved; then each of the next
actions is applied to the saved game's match, whose session saves it, and only that
(the action and its save, not the choosing) is timed. Printed: the mean and the
longest action over a run, in a save folder on this disk (``FileBackend``, whose
``fsync`` calls make it as noisy as the disk is busy), in memory (the encoding and
checks alone) and in a browser's ``localStorage`` (the backend over a plain dict),
with the ratio of the late figure to the early one (goal: 3 at most). Then what PLAY
costs on a saved session of 40,000 actions and of 300, from a fresh store to the
table's state before its first frame is drawn (goal: under 1 s, within 2x of
``games.load`` alone, timed beside it).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cart.engine import Action, Double, Drop, Match, Move, NewGame, Roll, Rules, Take
from cart.store import Backend, FileBackend, GameOptions, LocalStorageBackend, MemoryBackend, Store

EARLY, LATE, LOAD = 300, 12_000, 40_000
RUN = 600
"""Actions timed in a run: longer than any period of the store's, so its occasional larger writes count."""


class DictStorage:
    """``window.localStorage`` over a dict (no quota); the store's tests add one to it."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def next_action(match: Match, rng: random.Random) -> Action:
    """One legal action of a money session, chosen at random (a new game after each one ends)."""
    game = match.game
    if game.phase == "over":
        return NewGame()
    if game.phase in ("opening", "roll"):
        if game.phase == "roll" and game.can_double() and rng.random() < 0.05:
            return Double()
        return Roll(match.draw_dice())
    if game.phase == "doubled":
        return Take() if rng.random() < 0.8 else Drop()
    return Move.of(rng.choice(match.legal_plays()))


def session_record(actions: int, seed: int = 1) -> list[Action]:
    """The first ``actions`` actions of a seeded random money session."""
    rng = random.Random(seed)
    match = Match(Rules(), rng=random.Random(seed + 1))
    while len(match.record) < actions:
        match.apply(next_action(match, rng))
    return list(match.record)


def time_actions(backend: Backend, record: list[Action], count: int) -> list[float]:
    """Seconds for each of ``count`` actions with its save, in a game saved with ``record`` first."""
    store = Store(backend)
    options = GameOptions(Rules(), ("Ann", "Bob"))
    saved = store.games.create("Bench", options, rng=random.Random(3), record=record)
    session = store.session(saved)
    match = session.match
    rng = random.Random(4)
    times = []
    for _ in range(count):
        action = next_action(match, rng)
        t0 = time.perf_counter()
        match.apply(action)
        times.append(time.perf_counter() - t0)
        if session.problem is not None:
            raise RuntimeError(session.problem)
    return times


def _report(label: str, early: list[float], late: list[float]) -> None:
    a, b = statistics.fmean(early), statistics.fmean(late)
    print(
        f"  {label:<14} at {EARLY:>6,}: {a * 1e3:7.3f} ms mean, {max(early) * 1e3:7.2f} ms longest   "
        f"at {LATE:>6,}: {b * 1e3:7.3f} ms mean, {max(late) * 1e3:7.2f} ms longest   "
        f"ratio {b / a:5.2f} (goal <= 3)"
    )


def bench_store(rounds: int) -> None:
    rounds = max(1, min(rounds, 3))
    print(
        f"store: one action with its save, mean of {RUN} actions from {EARLY:,} and from {LATE:,} "
        f"(best of {rounds})"
    )
    records = {n: session_record(n) for n in (EARLY, LATE)}
    backends: dict[str, Callable[[Path], Backend]] = {
        "folder": FileBackend,
        "memory": lambda _: MemoryBackend(),
        "localStorage": lambda _: LocalStorageBackend(DictStorage()),
    }
    for label, make in backends.items():
        with tempfile.TemporaryDirectory() as folder:
            time_actions(make(Path(folder)), records[EARLY], 50)  # warm-up: imports, caches, first files
        best: dict[int, list[float]] = {}
        for _ in range(rounds):
            for n, record in records.items():
                with tempfile.TemporaryDirectory() as folder:
                    times = time_actions(make(Path(folder)), record, RUN)
                if n not in best or statistics.fmean(times) < statistics.fmean(best[n]):
                    best[n] = times
        _report(label, best[EARLY], best[LATE])
    bench_play(rounds, records[EARLY])


def bench_play(rounds: int, early: list[Action] | None = None) -> None:
    """PLAY on a saved session of :data:`LOAD` and of :data:`EARLY` actions, beside loading it."""
    print(
        f"store: PLAY on a saved money session to the table's first frame's state (a fresh store, "
        f"the load, the session, the table; no drawing) beside games.load alone (best of {rounds})"
    )
    for n in (LOAD, EARLY):
        record = early if n == EARLY and early is not None else session_record(n)
        with tempfile.TemporaryDirectory() as folder:
            store = Store(Path(folder))
            saved = store.games.create(
                "Load", GameOptions(Rules(), ("Ann", "Bob")), rng=random.Random(3), record=record
            )
            store.session(saved)  # its finished games rated, as they are when played
            load = min(_timed(lambda: Store(Path(folder)).games.load("Load")) for _ in range(rounds))
            play = min(_timed(lambda: play_saved(Path(folder), "Load")) for _ in range(rounds))
        goal = " (goal < 1 s)" if n == LOAD else ""
        print(
            f"  {n:>6,} actions: PLAY {play * 1e3:7.1f} ms{goal}   games.load alone {load * 1e3:7.1f} ms   "
            f"ratio {play / load:4.2f} (goal <= 2)"
        )


def play_saved(folder: Path, name: str) -> None:
    """What PLAY on the Start list does up to the table's first frame, drawing apart
    (``StartScene.with_chosen``, then ``App.play_saved``)."""
    from cart.ui.table.table import Table  # here: the store's tests borrow this module's DictStorage

    store = Store(folder)
    saved = store.games.load(name)
    session = store.session(saved)
    Table.of(saved.options, "red", session.match, session=session, store=store)


def _timed(step: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    step()
    return time.perf_counter() - t0
