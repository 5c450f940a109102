"""Crash safety: a process saving in a loop is killed with SIGKILL at random moments.

Afterwards every game must load (nothing damaged, nothing set aside) and each
must hold at least every action whose save had finished: at most the action
being saved at the moment of the kill is missing. The savers seal a piece of the
record (see :mod:`cart.store.saves.pieces`) every few actions, so kills fall
between a piece and the head that leads to it as well.

The forking process and each saver share one pipe to the test, so every report
is a whole line written by a single ``os.write`` (one write of less than
``PIPE_BUF`` bytes reaches a pipe whole or not at all, even when the writer is
killed). ``print`` makes one write per word where ``PYTHONUNBUFFERED`` is set,
and a busy machine then interleaved the forking process's words with the
saver's: ``pidready 24381`` and a test that never saw the saver's pid. The
saver names its own pid in its ``ready`` line, so no report of one process
waits on another's.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cart.store import Store

NAMES = ("Alpha", "Beta", "Gamma")

CHILD = r"""
import os, random, sys
from cart.engine import Rules
from cart.store import GameOptions, Store
from cart.store.saves import pieces

pieces.PIECE_ACTIONS = 2  # a piece at almost every game start: kills fall between a piece and its head too,
# and even ten kills on a busy machine (a save or two each) seal some

def say(*words):
    # One whole line in one write: never mixed with another process's words, never cut by a kill.
    os.write(1, (" ".join(map(str, words)) + "\n").encode())

def worker(folder, seed):
    store = Store(folder)
    games = []
    for i, name in enumerate(("Alpha", "Beta", "Gamma")):
        if store.games.exists(name):
            games.append(store.games.load(name))
        else:
            options = GameOptions(Rules(), ("Ann", "Bob"))
            games.append(store.games.create(name, options, rng=random.Random(i)))
        if games[-1].match.rng is None:
            sys.exit("the dice generator's state was not restored")
    say("ready", os.getpid(), *(f"{g.name}:{len(g.match.record)}" for g in games))
    rng = random.Random(seed)
    k = 0
    while True:
        game = games[k % 3]
        k += 1
        match = game.match
        phase = match.game.phase
        if phase == "over":
            match.new_game()
        elif phase == "roll" and rng.random() < 0.2:
            match.forfeit(match.game.turn)  # short games: a new one, and a piece, every few actions
        elif phase in ("opening", "roll"):
            match.roll()
        else:
            match.play(rng.choice(match.legal_plays()))
        store.games.save(game)
        say("saved", game.name, len(match.record), "end")  # "end": the test counts only whole reports

# Import once, then fork one saving process per kill: starting Python each time would
# take seconds over dozens of kills.
for line in sys.stdin:
    pid = os.fork()
    if pid == 0:
        try:
            worker(sys.argv[1], int(line))
        except BaseException as e:  # say why, or the test would wait for "ready" forever
            say("died", repr(e).replace("\n", " "))
        finally:
            os._exit(1)
    os.waitpid(pid, 0)
    say("reaped")
"""

WATCHDOG_S = 300  # far beyond a normal run (seconds), only so a stuck saver cannot hang CI


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
@pytest.mark.parametrize("kills", [10, pytest.param(30, marks=pytest.mark.slow)])
def test_sigkill_at_random_moments_loses_at_most_the_last_action(tmp_path: Path, kills: int) -> None:
    """Ten kills in the quick loop (a save written in place, not renamed, fails there), thirty in the slow."""
    folder = tmp_path / "save"
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    rng = random.Random(1989)
    saved: dict[str, int] = {}
    saves = 0
    parent = subprocess.Popen(
        [sys.executable, str(script), str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        text=True,
        start_new_session=True,  # its own process group, so the watchdog reaches the forked savers too
    )
    assert parent.stdin is not None and parent.stdout is not None
    out = parent.stdout
    # A stuck saver would leave readline waiting for ever: after WATCHDOG_S the whole group is
    # killed, the pipe closes and the test fails saying so, instead of hanging the run.
    fired = threading.Event()

    def stop_all() -> None:
        fired.set()
        os.killpg(parent.pid, signal.SIGKILL)

    watchdog = threading.Timer(WATCHDOG_S, stop_all)
    watchdog.start()

    def report() -> list[str]:
        """The next report's words; a finished save is counted (however it was reached)."""
        nonlocal saves
        line = out.readline()
        assert line, (
            f"the watchdog stopped the savers after {WATCHDOG_S} s"
            if fired.is_set()
            else "the forking process died"
        )
        words = line.split()
        if len(words) == 4 and words[0] == "saved" and words[2].isdigit() and words[3] == "end":
            saved[words[1]] = int(words[2])
            saves += 1
        return words

    try:
        for kill in range(kills):
            parent.stdin.write(f"{kill}\n")
            parent.stdin.flush()
            while (words := report())[:1] != ["ready"]:
                assert words[:1] not in (["died"], ["reaped"]), f"the saver died unready: {words}"
            pid = int(words[1])
            for loaded in words[2:]:  # a save that finished but was not reported yet counts
                name, _, count = loaded.partition(":")
                saved[name] = int(count)
            # Kill while it saves, however slow the machine: after its first save, at a random moment.
            while (words := report())[:1] != ["saved"]:
                assert words[:1] != ["died"], f"the saver died: {words}"
            time.sleep(rng.uniform(0.0, 0.03))
            os.kill(pid, signal.SIGKILL)
            while report() != ["reaped"]:
                pass
            # After every kill: every game loads, and holds every finished save.
            store = Store(folder)
            for name in NAMES:
                length = len(store.games.load(name).match.record)
                assert saved.get(name, 0) <= length <= saved.get(name, 0) + 1, (kill, name, saved, length)
            assert store.take_notices() == []
            assert not (folder / "damaged").exists()
    finally:
        watchdog.cancel()
        parent.stdin.close()
        parent.wait(timeout=WATCHDOG_S)
    assert saves >= kills  # every kill landed among saves
    assert list(folder.glob("games/*.part"))  # pieces were sealed along the way
