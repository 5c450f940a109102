"""The computer's turn as the player watches it: from its dice to its first man moving and its last landing.

The ``reply`` section of ``python -m tools.bench`` (see :mod:`tools.bench`). The master plays
itself on the desktop's way (its thoughts in a worker process, :mod:`cart.ai.worker`), headless
at 30 fps in real time, each frame started a period after the last as ``pyxel.run`` starts them,
at each animation speed in turn. For every reply with a play it notes the end of four frames:
the one that first draws its dice (they tumble), the first with its dice settled (readable), the
first that draws a man in the air, and the one that draws the last man landed. The reference,
measured in the same run, is the same replies' floor: the frames the tumble and the flights take
at that speed, at 30 fps, with no thought at all.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

from tools.bench_common import quantile

__all__ = ["Reply", "bench_reply", "watch"]

FPS = 30
PERIOD = 1 / FPS
REPLIES = 16
SPEEDS = ("slow", "normal", "fast")


@dataclass
class Reply:
    """One reply's moments (``time.perf_counter``, each the end of the frame that drew it) and its floor."""

    dice: float
    settled: float | None = None
    first: float | None = None
    landed: float | None = None
    steps: int = 0
    floor_frames: int = 0
    men: list[float] = field(default_factory=list)

    @property
    def to_first(self) -> float:
        assert self.first is not None
        return self.first - self.dice

    @property
    def settled_to_first(self) -> float:
        assert self.first is not None and self.settled is not None
        return self.first - self.settled

    @property
    def to_landed(self) -> float:
        assert self.landed is not None
        return self.landed - self.dice


def watch(speed: str, replies: int = REPLIES, level: str = "master", limit_s: float = 120.0) -> list[Reply]:
    """``replies`` of ``level`` against itself at ``speed``, thought in a worker process, at 30 fps."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from cart.ai.worker import Worker
    from cart.engine import Move, Roll
    from cart.store import Settings
    from cart.ui.app import App
    from cart.ui.kit.intents import Pointer
    from cart.ui.table.play import PlayScene
    from cart.ui.title import attract_table, watched

    worker = Worker.start()
    if worker is None:
        raise SystemExit("reply: no worker process could be started")
    app = App(headless=True, seed=1, settings=Settings(animation_speed=speed), worker=worker)
    scene = PlayScene(app.services, attract_table(watched(level), app.rng), attract=True)
    app.switch(scene)
    done: list[Reply] = []
    now: Reply | None = None
    seen = len(scene.match.record)
    start = time.perf_counter()
    while len(done) < replies and time.perf_counter() - start < limit_s:
        t0 = time.perf_counter()
        app.feed([Pointer(300, 200)])
        app.draw()
        t1 = time.perf_counter()
        record = scene.match.record
        seen = min(seen, len(record))  # a new match
        for action in record[seen:]:
            if isinstance(action, Roll) and scene.match.game.phase == "move":
                now = Reply(t1, floor_frames=app.services.prefs.step_frames)
            elif isinstance(action, Move) and now is not None:
                run = next((b.run for b in scene.beats if b.run is not None), None)
                now.steps = len(run.moves) if run is not None else 0
                now.floor_frames += run.frames * now.steps if run is not None else 0
                if run is None:  # shown at once ("off"), or a dance
                    now.first = now.landed = t1
        seen = len(record)
        if now is not None:
            flying = bool(scene.beats) and scene.beats[0].run is not None
            if now.settled is None and not (scene.beats and scene.beats[0].kind == "tumbling"):
                now.settled = t1
            if flying and now.first is None:
                now.first = t1
            if now.first is not None and not flying and not scene.table.untold and now.steps:
                now.landed = now.landed or t1
                done.append(now)
                now = None
            elif now.first is not None and now.landed is not None:
                now = None  # nothing shown man by man
        time.sleep(max(0.0, t0 + PERIOD - time.perf_counter()))
    app.close()
    return done


def figures(replies: list[Reply]) -> str:
    firsts = sorted(r.to_first for r in replies)
    settled = sorted(r.settled_to_first for r in replies)
    landed = sorted(r.to_landed for r in replies)
    floor = sorted(r.floor_frames * PERIOD for r in replies)
    over = sum(1 for t in landed if t > 1.5)
    return (
        f"dice -> first man median {quantile(firsts, 0.5):4.2f} s, longest {firsts[-1]:4.2f} s"
        f" (from settled: median {quantile(settled, 0.5):4.2f} s, longest {settled[-1]:4.2f} s);"
        f" -> last landed median {quantile(landed, 0.5):4.2f} s, longest {landed[-1]:4.2f} s,"
        f" over 1.5 s {over}/{len(landed)};"
        f" floor (tumble + flights, no thought) median {quantile(floor, 0.5):4.2f} s,"
        f" longest {floor[-1]:4.2f} s"
    )


def bench_reply(rounds: int) -> None:
    """Each speed's figures, speeds by turns each round (a busy machine weighs on all alike)."""
    print(
        f"reply: the master's turn on the desktop (worker process), {REPLIES} replies at {FPS} fps in real"
        " time, each speed by turns (target: dice -> first man <= 0.5 s, longest included)"
    )
    for n in range(max(1, min(rounds, 3))):
        for speed in SPEEDS:
            print(f"  round {n + 1}, {speed:7s} {figures(watch(speed))}", flush=True)


if __name__ == "__main__":
    bench_reply(1)
