"""Two cartridges on one save folder (issue 18, item 2): one writer per game, nothing lost silently.

Real processes race here, as two windows would: each child (forked from the
test, the store already imported) waits for a "go" file and then creates,
saves or rates at once. Before this issue, ``create()``
of one name succeeded in both in 33 of 40 races, and two processes saving one
game lost one side's actions in 10 of 10, neither being told.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import time
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from cart.engine import Rules
from cart.store import (
    BadNameError,
    ConflictError,
    GameOptions,
    MemoryBackend,
    Store,
    StoreError,
)


def racer(conn: Connection, folder: str, mode: str, who: int, go: str) -> None:
    """One cartridge in its own process: load or create, say ready, wait for the go, then act at once."""
    store = Store(folder)
    if mode == "save":
        session = store.session(store.games.load("race"))
    if mode == "rate":
        options = GameOptions(Rules(), (f"P{who}", "Bob"))
        session = store.session(store.games.create(f"rate {who}", options, rng=random.Random(who)))
    conn.send("ready")
    while not os.path.exists(go):
        time.sleep(0.0002)
    out: dict[str, object] = {"who": who}
    if mode == "create":
        try:
            store.games.create("race", GameOptions(Rules(), (f"P{who}", "Bob")))
            out["ok"] = True
        except StoreError as exc:
            out["ok"], out["why"] = False, str(exc)
    elif mode == "save":
        rng, told, match = random.Random(who), [], session.match
        for _ in range(25):
            phase = match.game.phase
            if phase in ("opening", "roll"):
                match.roll()
            elif phase == "over":
                match.new_game()
            else:
                match.play(rng.choice(match.legal_plays()))
            if session.problem:
                told.append(session.problem)
        record = [a.to_json() for a in match.record]
        out.update(ok=not told, conflict=session.conflict, told=told[:1], record=record)
    else:
        match = session.match
        for i in range(15):
            match.roll()
            match.forfeit(1)  # P<who> wins 2 points each game
            if i < 14:
                match.new_game()
        out.update(ok=session.problem is None, told=session.problem)
    conn.send(json.loads(json.dumps(out)))  # what a report on a pipe carries: JSON values only


def race(tmp_path: Path, folder: Path, mode: str) -> list[dict[str, object]]:
    """Start two children on ``folder``, let them go at one moment, and return what each reports.

    The children are forked from this process, the store already imported: a fresh interpreter
    for each (16 for the create race) took most of this module's time, and the race is the same.
    """
    fork = multiprocessing.get_context("fork")
    go = tmp_path / f"go-{time.monotonic_ns()}"
    children = []
    for who in (1, 2):
        mine, theirs = fork.Pipe(duplex=False)
        child = fork.Process(target=racer, args=(theirs, str(folder), mode, who, str(go)))
        child.start()
        theirs.close()  # the child's end: a child that dies closes the pipe, and recv says so
        children.append((child, mine))
    try:
        for _, conn in children:  # both loaded: the race starts at the go
            assert conn.poll(60) and conn.recv() == "ready"
        go.touch()
        outs = []
        for child, conn in children:
            assert conn.poll(60), "a child gave no report"
            outs.append(conn.recv())
            child.join(60)
            assert child.exitcode == 0, child.exitcode
    finally:
        for child, _ in children:
            if child.is_alive():
                child.kill()
    return outs


ROUNDS = 8


def test_two_processes_creating_one_name_never_both_succeed(tmp_path: Path) -> None:
    for n in range(ROUNDS):
        folder = tmp_path / f"save{n}"
        outs = race(tmp_path, folder, "create")
        winners = [o for o in outs if o["ok"]]
        assert len(winners) == 1, outs
        [loser] = [o for o in outs if not o["ok"]]
        assert "already a saved game called 'race'" in str(loser["why"])
        saved = Store(folder).games.load("race")
        assert saved.options.names[0] == f"P{winners[0]['who']}"  # the winner's game, whole


def test_two_processes_saving_one_game_never_lose_a_save_silently(tmp_path: Path) -> None:
    for n in range(ROUNDS // 2):
        folder = tmp_path / f"save{n}"
        Store(folder).games.create("race", GameOptions(Rules(), ("Ann", "Bob")), rng=random.Random(n))
        outs = race(tmp_path, folder, "save")
        on_disk = [a.to_json() for a in Store(folder).games.load("race").match.record]
        for out in outs:  # whoever was not told has every action on disk
            if out["ok"]:
                assert out["record"] == on_disk, out
            else:
                assert out["conflict"] and "another window or tab" in str(out["told"]), out
        assert any(o["record"] == on_disk for o in outs)  # the file is one side's game, not a mixture
        assert not (folder / "damaged").exists()


def test_two_processes_rating_their_own_games_keep_both_ratings(tmp_path: Path) -> None:
    folder = tmp_path / "save"
    outs = race(tmp_path, folder, "rate")
    assert all(o["ok"] for o in outs), outs
    store = Store(folder)
    for who in (1, 2):
        assert store.ratings.get(f"player:P{who}").experience == 30
    assert store.ratings.get("player:Bob").experience == 60


def test_a_second_copy_is_told_and_overwrites_nothing_until_it_takes_over() -> None:
    backend = MemoryBackend()
    Store(backend).games.create("g", GameOptions(Rules(), ("Ann", "Bob")))
    first, second = Store(backend), Store(backend)
    a = first.session(first.games.load("g"))
    b = second.session(second.games.load("g"))
    a.match.roll((3, 1))
    b.match.roll((6, 5))
    assert b.conflict and b.problem and "another window or tab" in b.problem and not a.conflict
    assert [x.to_json() for x in Store(backend).games.load("g").match.record] == [["roll", 3, 1]]
    with pytest.raises(ConflictError):
        second.games.save(b.game)
    b.take_over()
    assert not b.conflict and b.problem is None
    assert [x.to_json() for x in Store(backend).games.load("g").match.record] == [["roll", 6, 5]]
    a.match.play(a.match.legal_plays()[0])
    assert a.conflict  # now the first copy is the stale one, and is told


def test_create_refuses_a_name_made_between_its_check_and_its_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, other = Store(tmp_path), Store(tmp_path)

    def made_meanwhile(name: str) -> bytes | None:
        """The check sees no game; another cartridge creates it right after."""
        other.games.create("race", GameOptions())
        return None

    monkeypatch.setattr(store.games.backend, "read", made_meanwhile)
    with pytest.raises(BadNameError, match="already"):
        store.games.create("race", GameOptions(names=("Zed", "Bob")))
    assert Store(tmp_path).games.load("race").options.names[0] == "White"
