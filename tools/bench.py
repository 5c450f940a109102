"""Benchmarks, each printed with its ratio to a reference measured in the same run.

    python -m tools.bench                  # everything
    python -m tools.bench movegen          # legal play generation only
    python -m tools.bench pyodide          # the AI under Pyodide against CPython

movegen: the 2,000 (position, roll) pairs of tools/data/bench_suite.txt (from
gnubg self-play, see tools/make_suite.py) through our generator and through
gnubg_nn.moves (GNU Backgammon's C generator) on the same suite; and the worst
case we know, OQcJkxGUOYEqEw with 2-2 (637 distinct plays). Each figure is the
best of several rounds, so a busy machine inflates it less.

ai: time per move of each level over the same suite (master over every tenth
pair), mean and p99, and the longest single slice of its ``think_play``
generator (what one frame of the UI may spend), against GNU Backgammon's 0-ply
``best_move`` (C) on the same pairs; plus one net evaluation.

pyodide: the AI's time per move under Pyodide (the CPython build Pyxel's web
runtime runs the cart on, from npm, in Node.js) against CPython in this same run,
over the same suite pairs (beginner, intermediate and expert every tenth, master
every hundredth) and one net evaluation, each pass timed in CPython and at once
in Pyodide (one process serving passes after a warm-up), best of the rounds; plus
the first (cold) expert pass. The ratio has a goal of 1.7 at most (issue 6).
``tools/pyodide/time_ai.py`` times both sides. Needs ``node`` and ``npm ci
--prefix tools/pyodide``; without them the section says so and the other
benchmarks still run.

review: a 60-move game (the first 60 plays of an intermediate-v-expert money
game) fully reviewed by ``cart.ai.review`` (every play, cube decision and
roll), at the default depth and at 0-ply, with the longest slice of its
generator (what one frame spends), against GNU Backgammon's ``analyse match``
at 0-ply of the same game, imported from our ``.mat`` export (goal: 15 s);
then the same review under Pyodide in Node.js, with its ratio to CPython's.

review_window: the Review window's frames while its analysis runs in their
spare time, against the same window at rest and a bare frame
(``tools/bench_review_window.py``).

ui: the Pyxel game headless at 640x512, update + draw per frame (mean, p99,
longest) over a whole computer-v-computer game, and the frames while the
master level thinks (with and without the thought, which fills each frame's
spare time), against a bare ``pyxel.cls`` frame measured in the same run; then
each level's reply at 30 fps, from the frame its dice are rolled to the frame
its play is applied (tumble and man-by-man animation included), on a simulated
frame clock (a frame lasts the period or its work, whichever is longer).
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cart.engine import Position, legal_plays
from cart.engine.fast import successors

ROOT = Path(__file__).resolve().parent.parent

SUITE = ROOT / "tools" / "data" / "bench_suite.txt"
WORST = ("OQcJkxGUOYEqEw", (2, 2))


def quantile(ordered: list[float], q: float) -> float:
    """The ``q`` quantile of values already sorted (the nearest rank at or below)."""
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def load_suite() -> list[tuple[Position, int, int]]:
    pairs = []
    for line in SUITE.read_text().splitlines():
        if line and not line.startswith("#"):
            pid, roll = line.split()
            pairs.append((Position.from_position_id(pid), int(roll[0]), int(roll[1])))
    return pairs


def best_of(rounds: int, fn: Callable[[], object]) -> float:
    """Best wall time of ``rounds`` runs of fn, in seconds."""
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def bench_movegen(rounds: int) -> None:
    import gnubg_nn

    suite = load_suite()
    keys = [(p.key, d1, d2) for p, d1, d2 in suite]
    boards = [(p.gnubg_board(), d1, d2) for p, d1, d2 in suite]
    n = len(suite)

    def ours_raw() -> None:
        for k, d1, d2 in keys:
            successors(k, d1, d2)

    def ours_plays() -> None:
        for p, d1, d2 in suite:
            legal_plays(p, (d1, d2))

    def gnubg() -> None:
        for b, d1, d2 in boards:
            gnubg_nn.moves(b, d1, d2)

    def ours_cold() -> None:
        # The generator caches masks per side; clear them to time the worst (no reuse) case.
        from cart.engine import movegen

        movegen._opp_cache.clear()
        movegen._occ_cache.clear()
        for k, d1, d2 in keys:
            successors(k, d1, d2)

    counts_ours = sum(len(successors(k, d1, d2)) for k, d1, d2 in keys)
    counts_gnubg = sum(len(gnubg_nn.moves(b, d1, d2)) for b, d1, d2 in boards)
    t_g = best_of(rounds, gnubg)
    t_raw = best_of(rounds, ours_raw)
    t_cold = min(best_of(1, ours_cold) for _ in range(rounds))
    t_plays = best_of(rounds, ours_plays)
    print(f"movegen suite: {n} (position, roll) pairs, {counts_ours} plays (gnubg {counts_gnubg})")
    us = 1e6 / n
    print(f"  gnubg_nn.moves (C)          {t_g * us:8.2f} us/position   1.00x (reference)")
    print(f"  successors (raw, AI path)   {t_raw * us:8.2f} us/position   {t_raw / t_g:5.2f}x gnubg")
    print(f"  successors, caches cleared  {t_cold * us:8.2f} us/position   {t_cold / t_g:5.2f}x gnubg")
    print(f"  legal_plays (Play objects)  {t_plays * us:8.2f} us/position   {t_plays / t_g:5.2f}x gnubg")

    pid, (d1, d2) = WORST
    pos = Position.from_position_id(pid)
    board = pos.gnubg_board()
    reps = 50
    w_g = best_of(rounds, lambda: [gnubg_nn.moves(board, d1, d2) for _ in range(reps)]) / reps
    w_raw = best_of(rounds, lambda: [successors(pos.key, d1, d2) for _ in range(reps)]) / reps
    w_plays = best_of(rounds, lambda: [legal_plays(pos, (d1, d2)) for _ in range(reps)]) / reps
    print(f"worst case {pid} {d1}-{d2}: {len(successors(pos.key, d1, d2))} plays")
    print(f"  gnubg_nn.moves (C)          {w_g * 1e3:8.3f} ms   1.00x (reference)")
    print(f"  successors (raw, AI path)   {w_raw * 1e3:8.3f} ms   {w_raw / w_g:5.2f}x gnubg")
    print(f"  legal_plays (Play objects)  {w_plays * 1e3:8.3f} ms   {w_plays / w_g:5.2f}x gnubg")


WEIGHTS: Path | None = None
"""``--weights``: a weight file for the ``ai`` benchmark instead of the cart's own (a candidate net)."""


def bench_ai(rounds: int) -> None:
    import gnubg_nn

    from cart.ai import LEVELS, Bot, load_weights
    from cart.ai.bot import PRUNE_COST
    from cart.ai.net import equity, is_race
    from cart.engine.fast import flip_key

    suite = load_suite()
    boards = [(p.gnubg_board(), d1, d2) for p, d1, d2 in suite]
    t_g = best_of(rounds, lambda: [gnubg_nn.best_move(b, d1, d2) for b, d1, d2 in boards]) / len(boards)
    print(f"ai: time per move over {len(suite)} suite pairs (master: every tenth)")
    print(f"  gnubg_nn.best_move 0-ply (C)   mean {t_g * 1e3:7.3f} ms   1.00x (reference)")
    weights = load_weights(WEIGHTS) if WEIGHTS else load_weights()
    if WEIGHTS:
        print(f"  weights: {WEIGHTS} (contact net: {len(weights.contact.features)} contact features)")
    keys = [flip_key(p.key) for p, _, _ in suite[:500]]
    t_eval = best_of(rounds, lambda: [weights.after(k) for k in keys]) / len(keys)
    print(f"  one net evaluation             mean {t_eval * 1e6:7.1f} us")
    contact = [k for k in keys if not is_race(k)]
    t_full = best_of(rounds, lambda: [equity(weights.after(k)) for k in contact]) / len(contact)
    t_rough = best_of(rounds, lambda: [weights.rough(k) for k in contact]) / len(contact)
    print(
        f"  prune net rank, contact        mean {t_rough * 1e6:7.1f} us   "
        f"{t_rough / t_full:5.2f}x the contact net (the master counts it as {PRUNE_COST})"
    )
    for level in LEVELS:
        bot = Bot(level, seed=1, weights=weights)
        pairs = suite[::10] if level == "master" else suite
        moves: list[float] = []
        slices: list[float] = []
        for pos, d1, d2 in pairs:
            gen = bot.think_play(pos, (d1, d2))
            start = time.perf_counter()
            while True:
                t0 = time.perf_counter()
                try:
                    next(gen)
                except StopIteration:
                    slices.append(time.perf_counter() - t0)
                    break
                slices.append(time.perf_counter() - t0)
            moves.append(time.perf_counter() - start)
        moves.sort()
        slices.sort()
        mean = sum(moves) / len(moves)
        p99 = quantile(moves, 0.99)
        s999 = quantile(slices, 0.999)
        print(
            f"  {level:<12} {len(moves):5d} moves   mean {mean * 1e3:7.3f} ms ({mean / t_g:6.1f}x)   "
            f"p99 {p99 * 1e3:7.2f} ms   slices: {len(slices)}, p99.9 {s999 * 1e3:5.2f} ms, "
            f"longest {slices[-1] * 1e3:5.2f} ms"
        )
    print("  (the longest slice includes whatever the OS did meanwhile; p99.9 is the steadier figure)")


PYODIDE_GOAL = 1.7
"""Issue 6: the AI under Pyodide at most this many times its CPython time per move."""
PYODIDE_STEPS = {"beginner": 10, "intermediate": 10, "expert": 10, "master": 100}
"""Every STEP-th suite pair per level: the master is about 150 times slower than the others."""
PYODIDE_WARMUP_S = 10.0
"""Play before timing under Pyodide, while V8 optimises its WebAssembly (see tools/pyodide/time_ai.py)."""


def bench_pyodide(rounds: int) -> None:
    """AI time per move under Pyodide (Node.js) against CPython: the same passes, interleaved."""
    import json
    import shutil
    import subprocess

    here = ROOT / "tools" / "pyodide"
    print(f"pyodide: AI time per move under Pyodide in Node.js against CPython (goal <= {PYODIDE_GOAL}x)")
    node = shutil.which("node")
    if node is None or not (here / "node_modules" / "pyodide" / "package.json").is_file():
        missing = "node is not installed" if node is None else "run `npm ci --prefix tools/pyodide` first"
        print(f"  not measured: {missing} (see README, Web)")
        return
    from tools.pyodide import time_ai

    passes = ["eval", *(f"{level}:{step}" for level, step in PYODIDE_STEPS.items())]
    best = {name: [float("inf"), float("inf")] for name in passes}  # CPython, Pyodide
    counts: dict[str, int] = {}
    command = [node, str(here / "run.mjs"), "--with", str(SUITE), str(here / "time_ai.py")]
    command += ["--warmup", str(PYODIDE_WARMUP_S)]
    t0 = time.perf_counter()
    with subprocess.Popen(
        command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as served:
        assert served.stdin is not None and served.stdout is not None and served.stderr is not None

        def reply(prefix: str) -> str:
            line = served.stdout.readline()
            if not line.startswith(prefix):
                raise RuntimeError(f"Pyodide said {line!r}\n{served.stderr.read()[-2000:]}")
            return line[len(prefix) :]

        try:
            ready = json.loads(reply("READY "))
            ready_s = time.perf_counter() - t0
            cold = time_ai.warm_up(1.0)
            # Each pass in CPython, then at once the same pass in Pyodide: both meet the same
            # load from whatever else runs on the machine, and the best of the rounds is kept.
            for _ in range(rounds):
                for name in passes:
                    ours, counts[name] = time_ai.time_pass(name)
                    served.stdin.write(name + "\n")
                    served.stdin.flush()
                    theirs, count = reply("PASS ").split()
                    if int(count) != counts[name]:
                        raise RuntimeError(f"{name}: {count} timed in Pyodide, {counts[name]} in CPython")
                    best[name] = [min(best[name][0], ours), min(best[name][1], float(theirs))]
        except (RuntimeError, OSError, ValueError) as exc:
            served.kill()
            print(f"  not measured: {exc}")
            return
        served.stdin.close()
    node_version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"  {ready['interpreter']} in Node.js {node_version}, against {time_ai.interpreter()} (reference)")
    print(
        f"  ready in {ready_s:.0f} s ({PYODIDE_WARMUP_S:.0f} s of it warming up); each pass timed in "
        f"CPython and at once in Pyodide, best of {rounds} rounds"
    )
    print(f"  {'':<24} {'CPython':>12} {'Pyodide':>12}   Pyodide/CPython")

    def row(label: str, cpython: float, pyodide: float, unit: str, scale: float) -> None:
        ratio = pyodide / cpython
        verdict = "ok" if ratio <= PYODIDE_GOAL else f"over the {PYODIDE_GOAL}x goal"
        figures = f"{cpython * scale:9.2f} {unit} {pyodide * scale:9.2f} {unit}"
        print(f"  {label:<24} {figures}   {ratio:5.2f}x  {verdict}")

    row("expert, cold (1st pass)", cold, ready["cold_s"], "ms", 1e3)
    row("one net evaluation", *best["eval"], "us", 1e6)
    for name in passes[1:]:
        row(f"{name.partition(':')[0]} ({counts[name]} moves)", *best[name], "ms", 1e3)


def bench_ui(rounds: int) -> None:
    """Frame times of the Pyxel game, headless at 640x512: update + draw, as ``pyxel.run`` would call them."""
    import os

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pyxel

    from cart.engine import Move
    from cart.store import Settings
    from cart.ui import palette
    from cart.ui.app import App
    from cart.ui.intents import Pointer
    from cart.ui.options import GameSetup
    from cart.ui.play import PlayScene
    from cart.ui.table import Table

    app = App(headless=True, seed=1, settings=Settings(animation_speed="fast"))

    def timed(frame: Callable[[], object], n: int) -> list[float]:
        out = []
        for _ in range(n):
            t0 = time.perf_counter()
            frame()
            out.append(time.perf_counter() - t0)
        return sorted(out)

    def stats(times: list[float]) -> str:
        mean = sum(times) / len(times)
        p99 = quantile(times, 0.99)
        return f"mean {mean * 1e3:6.3f} ms   p99 {p99 * 1e3:6.3f} ms   longest {times[-1] * 1e3:6.2f} ms"

    bare = min((timed(lambda: pyxel.cls(palette.DESKTOP), 300) for _ in range(rounds)), key=sum)
    print("ui: update + draw per frame, headless 640x512 (budget at 30 fps: 33 ms; target p99 <= 8 ms)")
    print(f"  bare pyxel.cls frame (reference)     {stats(bare)}")

    def game(level: str) -> tuple[PlayScene, Callable[[], None]]:
        table = Table.new(GameSetup(players=0, level=level), app.rng, hints=True)
        scene = PlayScene(app.services, table, attract=True)
        app.switch(scene)

        def frame() -> None:
            app.feed([Pointer(300, 200)])
            app.draw()

        return scene, frame

    scene, frame = game("expert")
    times: list[float] = []
    while scene.match.game_number == 1 and len(times) < 20000:
        t0 = time.perf_counter()
        frame()
        times.append(time.perf_counter() - t0)
    moves = sum(1 for a in scene.match.record if isinstance(a, Move))
    times.sort()
    print(f"  computer v computer, one game (expert, fast animation: {len(times)} frames, {moves} plays)")
    print(f"                                       {stats(times)}")

    scene, frame = game("master")
    thinking: list[float] = []
    besides: list[float] = []
    for _ in range(1500):
        busy = scene.thinker is not None or scene.match.game.phase == "move"
        t0 = time.perf_counter()
        frame()
        if busy:
            thinking.append(time.perf_counter() - t0)
            besides.append(thinking[-1] - thought(app))
    thinking.sort()
    besides.sort()
    print(f"  master thinking ({len(thinking)} frames, update + draw including the thought)")
    print(f"                                       {stats(thinking)}")
    print("    the same frames less the thought")
    print(f"                                       {stats(besides)}")
    over = sum(1 for t in thinking if t > PERIOD)
    print(f"                                       frames over the {PERIOD * 1e3:.1f} ms period: {over}")

    print(f"  computer reply at {FPS} fps, dice to play ({REPLIES} replies a level, fast animation)")
    for level in ("beginner", "intermediate", "expert", "master"):
        replies, thinks, work, besides = latencies(app, game, level)
        work.sort()
        besides.sort()
        p99 = quantile(work, 0.99)
        p99b = quantile(besides, 0.99)
        print(
            f"    {level:13s} mean {sum(replies) / len(replies):5.2f} s   longest {max(replies):5.2f} s"
            f"   thinking mean {sum(thinks) / len(thinks):5.2f} s   frame p99 {p99 * 1e3:5.2f} ms"
            f" ({p99b * 1e3:4.2f} ms less the thought)   over the period {sum(1 for t in work if t > PERIOD)}"
        )


FPS = 30
PERIOD = 1 / FPS


def thought(app: Any) -> float:
    """Seconds the computer thought in the last frame (0 where the app does not say: before issue 17)."""
    clock = getattr(app, "clock", None)
    return clock.thought if clock is not None else 0.0


REPLIES = 12


def latencies(
    app: Any, game: Callable[[str], tuple[Any, Callable[[], None]]], level: str
) -> tuple[list[float], list[float], list[float], list[float]]:
    """Seconds from each computer roll to its play at 30 fps, the part spent thinking, frame times.

    The clock is simulated without sleeping: a frame lasts the period, or
    longer when its update and draw took longer, as ``pyxel.run`` runs it.
    A reply starts at the frame its dice are rolled (the tumble shows) and ends
    at the frame the play is applied (after its man-by-man animation); its
    thinking is the frames that ran with a thought under way.
    """
    from cart.engine import Move, Roll

    scene, frame = game(level)
    clock = 0.0
    rolled: float | None = None
    thinking = 0.0
    replies: list[float] = []
    thought_s: list[float] = []
    work: list[float] = []
    besides: list[float] = []
    seen = 0
    while len(replies) < REPLIES:
        busy = scene.thinker is not None
        t0 = time.perf_counter()
        frame()
        took = time.perf_counter() - t0
        work.append(took)
        besides.append(took - thought(app))
        clock += max(PERIOD, took)
        if busy or scene.thinker is not None:
            thinking += max(PERIOD, took)
        record = scene.match.record
        seen = min(seen, len(record))  # a new match in the attract mode
        for action in record[seen:]:
            if isinstance(action, Roll):
                rolled, thinking = clock, 0.0
            elif isinstance(action, Move) and rolled is not None:
                replies.append(clock - rolled)
                thought_s.append(thinking)
                rolled = None
        seen = len(record)
    return replies, thought_s, work, besides


STARTUP = """
import time, os
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
from cart.ui.app import App
app = App(headless=True, seed=1)
app.frame()
from cart.ai.bot import _LOADED
print("first", len(_LOADED), flush=True)
for _ in range(60):
    app.frame()
print(len(_LOADED), flush=True)
"""


def bench_start(rounds: int) -> None:
    """Launch to the first frame drawn, desktop, headless, a fresh interpreter each round (goal: < 1 s)."""
    import subprocess
    import sys

    times = []
    loaded = at_first = ""
    for _ in range(rounds):
        t0 = time.perf_counter()
        p = subprocess.Popen([sys.executable, "-c", STARTUP], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert p.stdout is not None
        first = p.stdout.readline()
        t1 = time.perf_counter()
        loaded = p.stdout.read().strip()
        p.wait()
        assert first.startswith("first"), first
        at_first = first.split()[1]
        times.append(t1 - t0)
    best = min(times)
    print(f"start: launch to the first frame (headless, title screen), best of {rounds}: {best:.2f} s")
    print(
        f"  median {sorted(times)[len(times) // 2]:.2f} s; weight files read by the first frame: {at_first},"
        f" 60 frames later: {loaded}"
    )


REVIEW_GOAL_S = 15.0
"""Issue 20: a 60-move game fully reviewed within this many seconds on the desktop."""


def review_game(plays: int = 60, seed: int = 1) -> Any:
    """The first game of intermediate v expert (money, cube in use) with at least ``plays`` plays,
    cut right after its ``plays``-th play."""
    import random

    from cart.ai import Bot, choose_action
    from cart.engine import Match, Move, Rules

    for s in range(seed, seed + 500):
        match = Match(Rules(), rng=random.Random(s))
        bots = (Bot("intermediate", seed=s), Bot("expert", seed=s))
        while match.game.phase != "over":
            game = match.game
            match.apply(choose_action(bots[game.actor if game.phase != "opening" else 0], match))
        ends = [i for i, a in enumerate(match.record) if isinstance(a, Move)]
        if len(ends) >= plays:
            return Match.replay(match.rules, match.record[: ends[plays - 1] + 1], names=match.names)
    raise RuntimeError("no game that long")


def bench_review(rounds: int) -> None:
    import tempfile

    from cart.ai.review import DEFAULT_PLY
    from cart.store import export_mat
    from tools.cube_judge import Gnubg
    from tools.pyodide.time_review import best_review

    match = review_game()
    rounds = max(1, min(rounds, 3))  # each round is seconds long
    with tempfile.TemporaryDirectory() as tmp:
        mat = Path(tmp) / "game.mat"
        mat.write_text(export_mat(match))
        gnubg = Gnubg(0)
        gnubg._run("set analysis chequerplay evaluation plies 0")
        gnubg._run("set analysis cubedecision evaluation plies 0")

        def theirs() -> None:
            gnubg._run(f'import mat "{mat}"')
            gnubg._run("analyse match")

        t_g = best_of(1, theirs)  # once: gnubg caches its evaluations, a second analysis is nearly free
    print(f"review: a 60-move game ({len(match.record)} actions), fully reviewed; goal {REVIEW_GOAL_S:.0f} s")
    print(f"  gnubg analyse match 0-ply (C)  {t_g:7.2f} s    1.00x (reference)")
    cpython: dict[int, float] = {}
    for ply in (DEFAULT_PLY, 0):
        best, slices, cpu = best_review(match, ply, rounds)
        cpython[ply] = best
        print(
            f"  ours at {ply}-ply{' (default)' if ply == DEFAULT_PLY else '':<10}  {best:7.2f} s  "
            f"{best / t_g:6.1f}x   slices: {len(slices)}, p99.9 {quantile(slices, 0.999) * 1e3:5.2f} ms, "
            f"longest {slices[-1] * 1e3:5.2f} ms (CPU time: p99.9 {quantile(cpu, 0.999) * 1e3:5.2f} ms, "
            f"longest {cpu[-1] * 1e3:5.2f} ms)"
        )
    print("  (wall time includes whatever else the machine ran meanwhile; CPU time is the slice's own work)")
    review_in_pyodide(rounds, cpython)


def review_in_pyodide(rounds: int, cpython: dict[int, float]) -> None:
    """The same review under Pyodide in Node.js (tools/pyodide/time_review.py), with its ratio to CPython."""
    import json
    import shutil
    import subprocess

    here = ROOT / "tools" / "pyodide"
    node = shutil.which("node")
    if node is None or not (here / "node_modules" / "pyodide" / "package.json").is_file():
        missing = "node is not installed" if node is None else "run `npm ci --prefix tools/pyodide` first"
        print(f"  Pyodide: not measured: {missing} (see README, Web)")
        return
    command = [node, str(here / "run.mjs"), "--with", "tools/__init__.py", "--with", "tools/bench.py"]
    done = subprocess.run(
        [*command, str(here / "time_review.py"), str(rounds)], cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode != 0:
        print(f"  Pyodide: failed: {done.stderr.strip()[-500:]}")
        return
    result = json.loads(done.stdout.strip().splitlines()[-1])
    for ply, took in cpython.items():
        got = result[str(ply)]
        print(
            f"  Pyodide {result['python']} at {ply}-ply  {got['seconds']:7.2f} s  "
            f"{got['seconds'] / took:6.2f}x CPython's   slices: {got['slices']}, "
            f"longest {got['longest_ms']:5.2f} ms"
        )


def bench_review_window(rounds: int) -> None:
    from tools import bench_review_window

    bench_review_window.run(rounds=max(1, min(rounds, 3)))


BENCHES = {
    "movegen": bench_movegen,
    "ai": bench_ai,
    "review": bench_review,
    "review_window": bench_review_window,
    "pyodide": bench_pyodide,
    "ui": bench_ui,
    "start": bench_start,
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("which", nargs="*", help=f"benchmarks to run, of {', '.join(BENCHES)} (default: all)")
    ap.add_argument("--rounds", type=int, default=7, help="rounds per figure; the best is kept")
    ap.add_argument("--weights", type=Path, help="ai: time this weight file's nets instead of the cart's own")
    args = ap.parse_args()
    global WEIGHTS
    WEIGHTS = args.weights
    unknown = [name for name in args.which if name not in BENCHES]
    if unknown:
        ap.error(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(BENCHES)}")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}")
    for name in args.which or BENCHES:
        BENCHES[name](args.rounds)


if __name__ == "__main__":
    main()
