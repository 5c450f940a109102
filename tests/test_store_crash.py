"""Crash safety: a process saving in a loop is killed with SIGKILL at random moments.

Afterwards every game must load (nothing damaged, nothing set aside) and each
must hold at least every action whose save had finished: at most the action
being saved at the moment of the kill is missing.
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
    print("ready", *(f"{g.name}:{len(g.match.record)}" for g in games), flush=True)
    rng = random.Random(seed)
    k = 0
    while True:
        game = games[k % 3]
        k += 1
        match = game.match
        phase = match.game.phase
        if phase == "over":
            match.new_game()
        elif phase in ("opening", "roll"):
            match.roll()
        else:
            match.play(rng.choice(match.legal_plays()))
        store.games.save(game)
        # "end" marks a whole report: a kill can cut a line short ("saved Alpha 1" of "... 12")
        print("saved", game.name, len(match.record), "end", flush=True)

# Import once, then fork one saving process per kill: starting Python each time would
# take seconds over dozens of kills.
for line in sys.stdin:
    pid = os.fork()
    if pid == 0:
        try:
            worker(sys.argv[1], int(line))
        except BaseException as e:  # say why, or the test would wait for "ready" forever
            print("died", repr(e).replace("\n", " "), flush=True)
        finally:
            os._exit(1)
    print("pid", pid, flush=True)
    os.waitpid(pid, 0)
    print("\nreaped", flush=True)  # on a line of its own, after whatever the kill cut short
"""

KILLS = 30
WATCHDOG_S = 300  # far beyond a normal run (seconds), only so a stuck saver cannot hang CI


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_sigkill_at_random_moments_loses_at_most_the_last_action(tmp_path: Path) -> None:
    folder = tmp_path / "save"
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
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
    # A stuck saver would leave readline waiting for ever: after WATCHDOG_S the whole group is
    # killed, the pipe closes and the test fails saying so, instead of hanging the run.
    watchdog = threading.Timer(WATCHDOG_S, os.killpg, (parent.pid, signal.SIGKILL))
    watchdog.start()
    try:
        for kill in range(KILLS):
            parent.stdin.write(f"{kill}\n")
            parent.stdin.flush()
            pid, ready = None, False
            while pid is None or not ready:
                line = parent.stdout.readline()
                assert line, "the forking process died"
                words = line.split() or [""]
                assert words[0] not in ("died", "reaped"), f"the saver died unready: {words}"
                if words[0] == "pid":
                    pid = int(words[1])
                elif words[0] == "ready":
                    ready = True
                    for loaded in words[1:]:  # a save that finished but was not reported yet counts
                        name, _, count = loaded.partition(":")
                        saved[name] = int(count)
            # Kill while it saves, however slow the machine: after its first save, at a random moment.
            while len(words := parent.stdout.readline().split()) != 4 or words[0] != "saved":
                assert words or not parent.stdout.closed, "the forking process died"
                assert words[:1] != ["died"], f"the saver died: {words}"
            saved[words[1]] = int(words[2])
            saves += 1
            time.sleep(rng.uniform(0.0, 0.03))
            os.kill(pid, signal.SIGKILL)
            while (line := parent.stdout.readline()).split() != ["reaped"]:
                assert line, "the forking process died"
                words = line.split()
                if len(words) == 4 and words[0] == "saved" and words[2].isdigit() and words[3] == "end":
                    saved[words[1]] = int(words[2])
                    saves += 1
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
    assert saves >= KILLS  # every kill landed among saves
