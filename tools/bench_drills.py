"""The Drills window as the player waits for it: F2 to its first frame, and Start to the first drill's.

    python -m tools.bench drills [--rounds R]      # with the other benchmarks
    python -m tools.bench_drills [--drills N] [--rounds R]

A store in a temporary folder holds ``--drills`` drills (500 by default: positions of
tools/data/bench_suite.txt, each with an analysis of five plays and a few days of answers,
a sample of the book's bound). The App runs headless at 640x512 on the title; each round
times, in wall and CPU time, F2 fed to the App through the frame that first draws the
window (the book read from disk, the counts and the graph), then Start through the first
drill's frame, each from a fresh App; the reference, measured by turns in the same round,
is the Ratings window opened the same way over the same title, and a bare title frame.
The best of the rounds is kept. Speed is measured, never asserted.
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

from cart.drills import Analysis, Answer, Choice, Drill, drill_to_json
from cart.engine import EngineError, GameState, Match, Rules
from cart.engine.notation import format_play
from cart.store import Settings, Store
from cart.ui.app import App
from cart.ui.kit.intents import Command, Intent, Pointer
from cart.ui.practice.drill_play import DrillScene
from cart.ui.practice.drills_window import DrillsScene
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
            analysis=Analysis("bench", choices[0].label, choices), box=rng.randint(0, 6),
            due=TODAY + timedelta(days=rng.randint(-3, 20)), answers=answers,
        )  # fmt: skip
        out.setdefault(drill.id, drill)
    return list(out.values())


Figure = tuple[float, float]
"""Wall and CPU seconds."""
Going = Callable[[], Transition | None]


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
        Store(folder, clock=noon).drills.update(lambda _: [drill_to_json(d) for d in kept], lambda i: i[:-1])
        size = (folder / "drills.json").stat().st_size
        print(f"drills window: {len(kept)} drills in the store ({size // 1024} KiB), best of {rounds} rounds")
        best: dict[str, Figure] = {}
        here = [Pointer(320, 256)]
        for _ in range(rounds):
            app = fresh_app(folder)
            figures = {"bare title frame": timed(app, here)}
            figures["Ratings window, open"] = timed(app, here, partial(ratings, app))
            app = fresh_app(folder)
            figures["Drills window, F2 to its frame"] = timed(app, [*here, Command("drills")])
            window = app.top
            assert isinstance(window, DrillsScene), window
            figures["Start to the first drill's frame"] = timed(app, here, window.start_today)
            assert isinstance(app.top, DrillScene), app.top
            for name, figure in figures.items():
                best[name] = min(best.get(name, figure), figure)
        for name, (wall, cpu) in best.items():
            print(f"  {name:36s} {wall * 1000:7.1f} ms wall {cpu * 1000:7.1f} ms CPU")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--drills", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    run(args.drills, args.rounds)


if __name__ == "__main__":
    main()
