"""The Drills window as the player waits for it: F2 to its first frame, and Start to the first drill's.

    python -m tools.bench drills [--rounds R]      # with the other benchmarks
    python -m tools.bench_drills [--drills N] [--rounds R]

A store in a temporary folder holds ``--drills`` drills (500 by default: positions of
tools/data/bench_suite.txt, each with an analysis of five plays and a few days of answers,
a sample of the book's bound). The App runs headless at 640x512 on the title; each round
times, in wall and CPU time, F2 fed to the App through the frame that first draws the
window, and on through the frames (paced at 30 fps) that read the book from disk a slice a
frame until the one that draws its counts and graph, then Start through the first drill's
frame, each from a fresh App; the reference, measured by turns in the same round,
is the Ratings window opened the same way over the same title, and a bare title frame.
The best of the rounds is kept. Then the window's frames, paced at 30 fps in real time, while it
checks ``--check`` drills waiting for their deep check, in a worker process and in the frame's
spare time, against the same window at rest. Speed is measured, never asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, timedelta
from functools import partial
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from cart.ai.rollout.check import check_key
from cart.ai.worker import Worker
from cart.drills import Analysis, Answer, Choice, Drill, drill_to_json
from cart.drills.check import check_of
from cart.engine import EngineError, GameState, Match, Rules
from cart.engine.notation import format_play
from cart.store import Settings, Store
from cart.ui.app import FPS, App
from cart.ui.kit.intents import Command, Intent, Pointer
from cart.ui.practice.drill_play import DrillScene
from cart.ui.practice.drills_window import DrillsScene
from cart.ui.routes import ToDrills
from cart.ui.wimp.stage import Push, Transition
from cart.ui.windows.ratings_view import RatingsScene
from tools.bench_common import load_suite

TODAY = date(2026, 12, 6)
STAGES = ("opening", "middle", "bear-off")


def drills(n: int) -> list[Drill]:
    """``n`` ready drills from the suite's positions (the seat on roll asked), with answers over days."""
    rng = random.Random(38)
    out: dict[str, Drill] = {}
    for position, d1, d2 in load_suite():
        if len(out) >= n:
            break
        try:
            state = GameState.from_position(Rules(), position, turn=1, dice=(d1, d2))
        except EngineError:
            continue  # a roll with no play: no drill
        plays = state.legal_plays()[:5]
        if len(plays) < 2:
            continue
        match = Match(Rules(), start=state)
        board = state.board(1)
        choices = tuple(
            Choice(format_play(board, p), p.result.position_id(), -0.03 * i) for i, p in enumerate(plays)
        )
        days = rng.randint(0, 12)
        answers = tuple(
            Answer(TODAY - timedelta(days=days - k), rng.random() < 0.6, 0.05) for k in range(min(days, 8))
        )
        drill = Drill(
            match.position_id(), match.match_id(), "play", (d1, d2), "You", choices[-1].label, 0.1,
            STAGES[len(out) % 3], TODAY - timedelta(days=days), status="ready",  # type: ignore[arg-type]
            analysis=Analysis(check_key(), choices[0].label, choices), box=rng.randint(0, 6),
            due=TODAY + timedelta(days=rng.randint(-3, 20)), answers=answers,
        )  # fmt: skip
        out.setdefault(drill.id, drill)
    return list(out.values())


Figure = tuple[float, float]
"""Wall and CPU seconds."""
Going = Callable[[], Transition | None]


def stock(folder: Path, kept: list[Drill]) -> None:
    """The store in ``folder`` holds ``kept``, and no other drill."""
    Store(folder, clock=noon).drills.put(drill_to_json(d) for d in kept)


def noon() -> datetime:
    return datetime(TODAY.year, TODAY.month, TODAY.day, 12, tzinfo=UTC)


def fresh_app(folder: Path) -> App:
    store = Store(folder, clock=noon)
    app = App(store=store, headless=True, seed=0, settings=Settings(animation_speed="off"))
    app.feed([Pointer(320, 256)])  # the title's first frame, the store opened
    app.draw()
    return app


def ratings(app: App) -> Transition:
    return Push(RatingsScene(app.services))


def timed(
    app: App, intents: Sequence[Intent], going: Callable[[], Transition | None] | None = None
) -> Figure:
    """Wall and CPU seconds of one frame: ``intents`` fed, ``going`` (a button's action) gone to, drawn."""
    wall, cpu = time.perf_counter(), time.process_time()
    app.feed(list(intents))
    if going is not None:
        app.go(going())
    app.draw()
    return time.perf_counter() - wall, time.process_time() - cpu


def run(count: int = 500, rounds: int = 5) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        kept = drills(count)
        stock(folder, kept)
        size = sum(p.stat().st_size for p in (folder / "drills").iterdir())  # a drill an entry
        print(f"drills window: {len(kept)} drills in the store ({size // 1024} KiB), best of {rounds} rounds")
        best: dict[str, Figure] = {}
        here = [Pointer(320, 256)]
        for _ in range(rounds):
            app = fresh_app(folder)
            figures = {"bare title frame": timed(app, here)}
            figures["Ratings window, open"] = timed(app, here, partial(ratings, app))
            app = fresh_app(folder)
            began = time.perf_counter(), time.process_time()
            figures["Drills window, F2 to its frame"] = timed(app, [*here, Command("drills")])
            window = app.top
            assert isinstance(window, DrillsScene), window
            figures["F2 to the book read whole (30 fps)"] = read_whole(app, window, began)
            figures["Start to the first drill's frame"] = timed(app, here, window.start_today)
            assert isinstance(app.top, DrillScene), app.top
            for name, figure in figures.items():
                best[name] = min(best.get(name, figure), figure)
        for name, (wall, cpu) in best.items():
            print(f"  {name:36s} {wall * 1000:7.1f} ms wall {cpu * 1000:7.1f} ms CPU")


PERIOD = 1 / FPS


def read_whole(app: App, window: DrillsScene, began: Figure) -> Figure:
    """Wall and CPU seconds from ``began`` (F2) to the frame that read the window's book whole (its
    counts drawn), the frames paced at 30 fps in real time as ``pyxel.run`` paces them."""
    due = began[0]
    while window.reading is not None:
        now = time.perf_counter()
        due = max(due + PERIOD, now)
        time.sleep(due - now)
        app.feed([Pointer(320, 256)])
        app.draw()
    return time.perf_counter() - began[0], time.process_time() - began[1]


def unchecked(n: int) -> list[Drill]:
    """``n`` drills as a harvest leaves them (waiting for their deep check), each the suite's position
    with its fifth play made."""
    return [waiting(d) for d in drills(n) if d.analysis is not None]


def waiting(d: Drill) -> Drill:
    """``d`` (analysed) as a harvest leaves it: its analysis's last play made, its check still to do."""
    assert d.analysis is not None
    made = d.analysis.choices[-1].label
    return d.replace(status="new", analysis=None, box=0, due=None, answers=(), made=made)


def checking_frames(folder: Path, worker: Worker | None, at_rest: bool = False) -> tuple[list[Figure], float]:
    """The Drills window's frames, paced at 30 fps in real time as ``pyxel.run`` paces them, while it
    checks the drills waiting (``at_rest``: 300 frames with none waiting); each frame's update + draw
    (wall, this thread's CPU), and the seconds until the last check was kept."""
    app = App(store=Store(folder, clock=noon), headless=True, seed=0, settings=Settings(), worker=worker)
    app.go(ToDrills())
    window = app.top
    assert isinstance(window, DrillsScene) and window.checking is not None
    frames: list[Figure] = []
    start = due = time.perf_counter()
    while time.perf_counter() - start < 300:
        t0, c0 = time.perf_counter(), time.thread_time()
        app.frame()
        t1 = time.perf_counter()
        frames.append((t1 - t0, time.thread_time() - c0))
        if (len(frames) >= 300) if at_rest else (not window.checking.busy and len(frames) > 2):
            break
        due = max(due + PERIOD, t1)
        time.sleep(due - t1)
    return frames, time.perf_counter() - start


def frame_stats(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    over = sum(t > PERIOD for t in times)  # past 1/30 s: a frame missed at 30 fps
    return (
        f"{len(times)} frames, mean {sum(times) / len(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"longest {ordered[-1] * 1000:.1f} ms, over 33 ms: {over}"
    )


def run_checking(count: int = 3, rounds: int = 1) -> None:
    """The window's frames while it checks ``count`` drills, in the worker, then in the frame; at rest."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        waiting = unchecked(count)
        print(f"drills window checking {len(waiting)} drills, {FPS} fps in real time")
        worker = Worker.start()
        if worker is not None:  # its nets loaded before the window opens, as the game's is long before
            answer = worker.ask(("drill", check_of(waiting[0]), 0.0))
            while answer is not None and not (answer.ready or answer.failed):
                time.sleep(0.01)
        for r in range(rounds):
            for where, asker in (("in the worker", worker), ("in the frame", None)):
                if where == "in the worker" and worker is None:
                    print("  no worker process could be started")
                    continue
                stock(folder, waiting)  # each round from the same drills waiting
                frames, took = checking_frames(folder, asker)
                print(f"  round {r + 1}, {where}: checked in {took:.1f} s")
                print(f"    wall: {frame_stats([w for w, _ in frames])}")
                print(f"    CPU:  {frame_stats([c for _, c in frames])}")
        frames, _ = checking_frames(folder, None, at_rest=True)
        print(f"  at rest, wall: {frame_stats([w for w, _ in frames])}")
        print(f"  at rest, CPU:  {frame_stats([c for _, c in frames])}")
        if worker is not None:
            worker.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--drills", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--check", type=int, default=3, help="drills checked while the frames are timed")
    args = ap.parse_args()
    run(args.drills, args.rounds)
    run_checking(args.check)


if __name__ == "__main__":
    main()
