"""The Review window's frames while its analysis runs, against the same window at rest, in one run.

    python -m tools.bench review_window [--rounds R]      # with the other benchmarks
    python -m tools.bench_review_window [--seed N] [--rounds R]

A finished game (beginner against intermediate, ``--seed``) is opened in the
Review window headless at 640x512 with the real frame clock (no fixed
budget: the analysis gets each frame's spare time, as under ``pyxel.run``).
Each frame's update + draw is timed until the analysis is done: mean, p99,
longest, and how many frames passed 1/30 s (a dropped frame at 30 fps), in
wall time and in the process's CPU time (on a shared machine the wall time
also counts the time others' work held the CPU). The
same window with the analysis done (a cached review) is the reference, and a
bare ``pyxel.cls`` frame the floor; the analysis's own wall time to the end is
printed too. Speed is measured, never asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import time

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pyxel

from cart.ai import Bot, choose_action
from cart.ai.review import review_match
from cart.engine import Match, Rules
from cart.store import Settings
from cart.ui.app import FPS, App
from cart.ui.board.view_state import Player
from cart.ui.kit.stage import Pop, Push
from cart.ui.review.review import ReviewScene
from cart.ui.review.review_source import ReviewSource

PERIOD = 1 / FPS


def finished_game(seed: int) -> Match:
    match = Match(Rules(), names=("Beginner", "You"), rng=random.Random(seed))
    bots = [Bot("beginner", seed=1), Bot("intermediate", seed=2)]
    while match.game.phase != "over":
        match.apply(choose_action(bots[match.game.actor], match))
    return match


def stats(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    over = sum(t > PERIOD for t in times)
    mean = sum(times) / len(times)
    return (
        f"{len(times)} frames, mean {mean * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"longest {ordered[-1] * 1000:.1f} ms, over 1/{FPS} s: {over}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=20, help="the game's dice (20: 53 actions)")
    ap.add_argument("--rounds", type=int, default=1, help="times the analysis is run from nothing")
    args = ap.parse_args()
    run(args.seed, args.rounds)


def run(seed: int = 20, rounds: int = 1) -> None:
    """Time the window analysing the game of ``seed`` ``rounds`` times, then at rest."""
    app = App(headless=True, seed=0, settings=Settings(animation_speed="off"))
    match = finished_game(seed)
    moves = sum(1 for a in match.record if type(a).__name__ == "Move")
    players = (Player("Beginner", "white", computer=True), Player("You", "red"))
    print(f"review window: game seed {seed}, {len(match.record)} actions, {moves} plays")

    cpu: list[float] = []

    def timed(n: int, frame: object) -> list[float]:
        out = []
        cpu.clear()
        for _ in range(n):
            t0, c0 = time.perf_counter(), time.process_time()
            frame()  # type: ignore[operator]
            out.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        return out

    print("bare pyxel.cls frame:  ", stats(timed(300, lambda: pyxel.cls(0))))
    for r in range(rounds):
        scene = ReviewScene(app.services, ReviewSource("bench", match, players, 1))
        app.go(Push(scene))
        times: list[float] = []
        cpu.clear()
        start = time.perf_counter()
        while not scene.finished:
            t0, c0 = time.perf_counter(), time.process_time()
            app.frame()
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        wall = time.perf_counter() - start
        print(f"analysing (round {r + 1}):  ", stats(times), f"| analysis done in {wall:.2f} s")
        print("   the same, CPU time:  ", stats(cpu))
        app.go(Pop(scene))
    cached = review_match(match)
    scene = ReviewScene(app.services, ReviewSource("bench", match, players, 1, cached=cached))
    app.go(Push(scene))
    print("analysed, at rest:     ", stats(timed(300, app.frame)))
    print("   the same, CPU time:  ", stats(cpu))


if __name__ == "__main__":
    main()
