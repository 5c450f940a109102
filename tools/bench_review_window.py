"""The Review window's frames while its analysis runs, in the frame and in the worker, and at rest.

    python -m tools.bench review_window [--rounds R]      # with the other benchmarks
    python -m tools.bench_review_window [--seed N] [--rounds R]

A finished game (beginner against intermediate, ``--seed``) is opened in the
Review window headless at 640x512 with the real frame clock (no fixed
budget), its frames paced at 30 fps in real time as ``pyxel.run`` paces them
(on a fixed schedule; a frame that ends late is followed at once). Each round
analyses it from nothing twice, by turns: in the frame's spare time (no
worker), then in a worker process (``cart.ai.worker``, warmed up first, as
the game's is long before a Review opens) while the frame polls for its
parts. Each frame's update + draw is timed until the analysis is done: mean,
p99, longest, and how many passed 1/30 s (a dropped frame), in wall time and
in this thread's CPU time (on a shared machine the wall time also counts the
time others' work held the CPU), the worker's with their ratios to the
frame's of the same round; and the analysis's wall time to the end. The same
window with the analysis done (a cached review) is the reference, and a bare
``pyxel.cls`` frame the floor. ``--deep`` then times the deep pass (2-ply) the
same two ways, the quick pass kept (cached) so only the deep one runs.
Speed is measured, never asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import time

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pyxel

from cart.ai import Bot, choose_action
from cart.ai.jobs import review_job
from cart.ai.review import DEFAULT_PLY, Review, review_match
from cart.ai.worker import Worker
from cart.engine import Match, Rules
from cart.store import Settings
from cart.ui.app import FPS, App
from cart.ui.board.view_state import Player
from cart.ui.review.review import ReviewScene
from cart.ui.review.review_source import ReviewSource
from cart.ui.wimp.stage import Pop, Push

PERIOD = 1 / FPS


def finished_game(seed: int) -> Match:
    match = Match(Rules(), names=("Beginner", "You"), rng=random.Random(seed))
    bots = [Bot("beginner", seed=1), Bot("intermediate", seed=2)]
    while match.game.phase != "over":
        match.apply(choose_action(bots[match.game.actor], match))
    return match


def quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def stats(times: list[float]) -> str:
    ordered = sorted(times)
    over = sum(t > PERIOD for t in times)
    mean = sum(times) / len(times)
    return (
        f"{len(times)} frames, mean {mean * 1000:.1f} ms, p99 {quantile(times, 0.99) * 1000:.1f} ms, "
        f"longest {ordered[-1] * 1000:.1f} ms, over 1/{FPS} s: {over}"
    )


def ratios(times: list[float], before: list[float]) -> str:
    """``times``' mean, p99 and longest as ratios to ``before``'s (the in-frame figures of the same round)."""

    def mean(x: list[float]) -> float:
        return sum(x) / len(x)

    return (
        f"x{mean(times) / mean(before):.2f} mean, x{quantile(times, 0.99) / quantile(before, 0.99):.2f} p99, "
        f"x{max(times) / max(before):.2f} longest"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=20, help="the game's dice (20: 99 actions)")
    ap.add_argument("--rounds", type=int, default=1, help="times the analysis is run from nothing each way")
    ap.add_argument("--deep", action="store_true", help="then the deep pass, in the frame and in the worker")
    args = ap.parse_args()
    run(args.seed, args.rounds, args.deep)


PLAYERS = (Player("Beginner", "white", computer=True), Player("You", "red"))


def analysing(
    match: Match, worker: Worker | None, cached: Review | None = None
) -> tuple[list[float], list[float], float]:
    """One analysis from nothing in a fresh window, frames paced at 30 fps: (wall, CPU) per frame, seconds.

    With ``cached`` (the quick pass done) the deep pass, to its end.
    """
    app = App(headless=True, seed=0, settings=Settings(animation_speed="off"), worker=worker)
    scene = ReviewScene(app.services, ReviewSource("bench", match, PLAYERS, 1, cached=cached))
    app.go(Push(scene))
    wall: list[float] = []
    cpu: list[float] = []
    analysis = scene.deep if cached is not None else scene.analysis
    start = due = time.perf_counter()
    while not analysis.finished and time.perf_counter() - start < 300:
        t0, c0 = time.perf_counter(), time.thread_time()
        app.frame()
        t1 = time.perf_counter()
        wall.append(t1 - t0)
        cpu.append(time.thread_time() - c0)
        due = max(due + PERIOD, t1)  # as pyxel.run: on a fixed schedule, a late frame's next at once
        time.sleep(due - t1)
    took = time.perf_counter() - start
    app.go(Pop(scene))
    return wall, cpu, took


def warmed(match: Match) -> Worker | None:
    """A worker process with its nets loaded (it answered a part), or None where none starts."""
    worker = Worker.start()
    if worker is None:
        return None
    answer = worker.ask(review_job(match, DEFAULT_PLY, 0, 0.0))
    while answer is not None and not (answer.ready or answer.failed):
        time.sleep(0.01)
    return worker


def run(seed: int = 20, rounds: int = 1, deep: bool = False) -> None:
    """Time the window analysing the game of ``seed`` ``rounds`` times each way, then at rest."""
    app = App(headless=True, seed=0, settings=Settings(animation_speed="off"))
    match = finished_game(seed)
    moves = sum(1 for a in match.record if type(a).__name__ == "Move")
    print(
        f"review window: game seed {seed}, {len(match.record)} actions, {moves} plays, {FPS} fps in real time"
    )

    cpu: list[float] = []

    def timed(n: int, frame: object) -> list[float]:
        out = []
        cpu.clear()
        for _ in range(n):
            t0, c0 = time.perf_counter(), time.thread_time()
            frame()  # type: ignore[operator]
            out.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
        return out

    print("bare pyxel.cls frame:  ", stats(timed(300, lambda: pyxel.cls(0))))
    worker = warmed(match)
    for r in range(rounds):
        wall, cpu_here, took = analysing(match, None)
        print(f"round {r + 1}, in the frame:      ", stats(wall), f"| analysis done in {took:.2f} s")
        print("   the same, CPU time:       ", stats(cpu_here))
        if worker is None:
            print("   no worker process could be started")
            continue
        away, cpu_away, took_away = analysing(match, worker)
        print(
            f"round {r + 1}, in the worker:     ",
            stats(away),
            f"| analysis done in {took_away:.2f} s (x{took_away / took:.2f})",
        )
        print("   against the frame's:      ", ratios(away, wall))
        print("   the same, CPU time:       ", stats(cpu_away))
        print("   against the frame's:      ", ratios(cpu_away, cpu_here))
    cached = review_match(match)
    for r in range(rounds if deep else 0):
        wall, cpu_here, took = analysing(match, None, cached)
        print(f"deep pass {r + 1}, in the frame:  ", stats(wall), f"| done in {took:.2f} s")
        print("   the same, CPU time:       ", stats(cpu_here))
        if worker is not None:
            away, cpu_away, took_away = analysing(match, worker, cached)
            print(f"deep pass {r + 1}, in the worker: ", stats(away), f"| done in {took_away:.2f} s")
            print("   the same, CPU time:       ", stats(cpu_away))
    if worker is not None:
        worker.close()
    scene = ReviewScene(app.services, ReviewSource("bench", match, PLAYERS, 1, cached=cached))
    app.go(Push(scene))
    print("analysed, at rest:           ", stats(timed(300, app.frame)))
    print("   the same, CPU time:       ", stats(cpu))


if __name__ == "__main__":
    main()
