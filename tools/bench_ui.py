"""The cartridge as a player meets it: frame times, the computer's replies at 30 fps, and start-up.

The ``ui`` and ``start`` sections of ``python -m tools.bench`` (see
:mod:`tools.bench`): they run the Pyxel game headless (or a fresh interpreter to
its first frame), where the other sections time the engine and the AI alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tools.bench_common import ROOT, pyodide_node, quantile

__all__ = [
    "FPS",
    "PACED",
    "PERIOD",
    "REPLIES",
    "STARTUP",
    "bench_start",
    "bench_ui",
    "latencies",
    "paced",
    "thought",
]


def bench_ui(rounds: int) -> None:
    """Frame times of the Pyxel game, headless at 640x512: update + draw, as ``pyxel.run`` would call them."""
    import os

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pyxel

    from cart.engine import Move
    from cart.store import Settings
    from cart.ui.app import App
    from cart.ui.kit import palette
    from cart.ui.kit.intents import Pointer
    from cart.ui.table.play import PlayScene
    from cart.ui.title import attract_table, watched

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
        table = attract_table(watched(level), app.rng)
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
    cpu: list[float] = []  # the same frames in this thread's CPU time: what a busy machine does not add
    for _ in range(1500):
        busy = scene.thinker is not None or scene.match.game.phase == "move"
        t0, c0 = time.perf_counter(), time.thread_time()
        frame()
        if busy:
            thinking.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
            besides.append(thinking[-1] - thought(app))
    thinking.sort()
    besides.sort()
    cpu.sort()
    print(f"  master thinking ({len(thinking)} frames, update + draw including the thought)")
    print(f"                                       {stats(thinking)}")
    print("    the same frames less the thought")
    print(f"                                       {stats(besides)}")
    over = sum(1 for t in thinking if t > PERIOD)
    print(f"                                       frames over the {PERIOD * 1e3:.1f} ms period: {over}")
    print("    the same frames in CPU time (this thread's; the rest is the machine's other work)")
    print(f"                                       {stats(cpu)}")
    print(f"                                       over the period: {sum(1 for t in cpu if t > PERIOD)}")

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

    print(
        f"  master v master at {FPS} fps in real time (frames paced as pyxel.run paces them),"
        f" {PACED} replies, fast animation: in the frame's slices, then in a worker process, by turns"
    )
    for n in range(rounds):
        for apart in (False, True):
            print(f"    round {n + 1}, {'worker process' if apart else 'in the frame  '}  {paced(apart)}")


FPS = 30
PERIOD = 1 / FPS
PACED = 10


def paced(apart: bool, level: str = "master") -> str:
    """The master's replies and the frames while it thinks, at 30 fps in real time: one line of figures.

    A frame starts a period after the last began, or at once when that one ran late, as
    ``pyxel.run`` schedules them; a worker's answer comes in wall time, so nothing here is simulated.
    A reply runs from the frame its dice are rolled to the frame its play lands.
    """
    from cart.ai.worker import Worker
    from cart.engine import Move, Roll
    from cart.store import Settings
    from cart.ui.app import App
    from cart.ui.kit.intents import Pointer
    from cart.ui.table.play import PlayScene
    from cart.ui.title import attract_table, watched

    worker = Worker.start() if apart else None
    if apart and worker is None:
        return "no worker process could be started"
    app = App(headless=True, seed=1, settings=Settings(animation_speed="fast"), worker=worker)
    scene = PlayScene(app.services, attract_table(watched(level), app.rng), attract=True)
    app.switch(scene)
    work: list[float] = []  # update + draw of the frames with a thought under way, wall
    cpu: list[float] = []  # the same in this thread's CPU time
    gaps: list[float] = []  # from each such frame's start to the next frame's
    replies: list[float] = []
    rolled: float | None = None
    seen = 0
    start = time.perf_counter()
    while len(replies) < PACED and time.perf_counter() - start < 120:
        busy = scene.thinker is not None
        t0, c0 = time.perf_counter(), time.thread_time()
        app.feed([Pointer(300, 200)])
        app.draw()
        t1, c1 = time.perf_counter(), time.thread_time()
        if busy or scene.thinker is not None:
            work.append(t1 - t0)
            cpu.append(c1 - c0)
        time.sleep(max(0.0, t0 + PERIOD - time.perf_counter()))
        if busy or scene.thinker is not None:
            gaps.append(time.perf_counter() - t0)
        if scene.table.untold:
            continue
        record = scene.match.record
        seen = min(seen, len(record))
        for action in record[seen:]:
            if isinstance(action, Roll):
                rolled = t0
            elif isinstance(action, Move) and rolled is not None:
                replies.append(t1 - rolled)
                rolled = None
        seen = len(record)
    app.close()
    if not replies or not work:
        return "no reply within 120 s"
    work.sort()
    cpu.sort()
    late = sum(1 for g in gaps if g > PERIOD + 0.002)
    return (
        f"reply mean {sum(replies) / len(replies):4.2f} s, longest {max(replies):4.2f} s;"
        f" thinking frames {len(work)}: update+draw p99 {quantile(work, 0.99) * 1e3:5.1f} ms,"
        f" longest {work[-1] * 1e3:5.1f} ms, over the period {sum(1 for t in work if t > PERIOD)};"
        f" CPU p99 {quantile(cpu, 0.99) * 1e3:5.1f} ms, longest {cpu[-1] * 1e3:5.1f} ms;"
        f" frames late {late}, longest gap {max(gaps) * 1e3:5.1f} ms"
    )


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
    at the frame the play lands (after its man-by-man animation); its
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
        if scene.table.untold:
            continue  # applied, and still shown man by man: the reply ends when it lands
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
import sys
print("first", len([m for m in sys.modules if m.startswith("cart.ai.")]), flush=True)
from cart.engine import Move
play, frames, thought, longest = app.top.attract, 0, 0.0, 0.0
while frames < 600 and not any(isinstance(a, Move) for a in play.match.record):
    c0 = time.thread_time()
    app.frame()
    longest = max(longest, time.thread_time() - c0)
    frames += 1
    thought += app.clock.thought
from cart.ai.bot import _LOADED
print(frames, thought, longest, len(_LOADED), flush=True)
"""
BARE = """
import os
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pyxel
pyxel.init(640, 512, headless=True)
pyxel.cls(0)
print("first 0", flush=True)
"""
"""A bare 640x512 Pyxel page, headless: the reference the cart's start is measured against."""
PYODIDE_WITH = ("cart/ui", "cart/phrasebook.py")
"""What ``tools/pyodide/run.mjs`` writes besides the pure packages, for the title's imports."""


def bench_start(rounds: int) -> None:
    """Launch to the first title frame against a bare Pyxel page, and the title's imports under Pyodide.

    The cart is compiled from source (the browser compiles what its ``.pyxapp`` holds no bytecode
    for): a copy of it without bytecode caches, and nothing written; the standard library's stay.
    """
    import json
    import os
    import shutil
    import subprocess
    import sys
    import tempfile

    copy = Path(tempfile.mkdtemp(prefix="bench-start-"))
    shutil.copytree(ROOT / "cart", copy / "cart", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(copy)}

    def launch(script: str) -> tuple[float, str, str]:
        t0 = time.perf_counter()
        p = subprocess.Popen(
            [sys.executable, "-c", script], cwd=copy, stdout=subprocess.PIPE, text=True, env=env
        )
        assert p.stdout is not None
        first = p.stdout.readline()
        t1 = time.perf_counter()
        rest = p.stdout.read().strip()
        p.wait()
        assert first.startswith("first"), first
        return t1 - t0, first.split()[1], rest

    def median(times: list[float]) -> float:
        return sorted(times)[len(times) // 2]

    cart: list[float] = []
    bare: list[float] = []
    first_moves: list[tuple[float, ...]] = []
    ai_at_first = ""
    for _ in range(rounds):  # by turns, so both meet the same load
        bare.append(launch(BARE)[0])
        seconds, ai_at_first, rest = launch(STARTUP)
        cart.append(seconds)
        first_moves.append(tuple(map(float, rest.split())))
    print(f"start: launch to the first frame, desktop, headless, compiled from source, best of {rounds}")
    print(f"  bare 640x512 Pyxel page (reference)  {min(bare):5.2f} s (median {median(bare):.2f})")
    print(f"  the cart's title                     {min(cart):5.2f} s (median {median(cart):.2f})", end="")
    print(f"   x{min(cart) / min(bare):.2f}")
    frames, thought, longest, loaded = min(first_moves)
    print(f"  AI modules at the first frame: {ai_at_first}; the attract game's first move, best of {rounds}:")
    print(
        f"    {frames:.0f} frames later, {thought:.2f} s of them thinking (what of the AI was not loaded, and"
        f" {loaded:.0f} weight file, loaded in it), the longest frame {longest * 1e3:.1f} ms of CPU"
    )

    from tools.pyodide import time_start

    title = ", ".join(time_start.TITLE_MODULES)
    ours = min(
        json.loads(
            subprocess.run(
                [sys.executable, str(ROOT / "tools" / "pyodide" / "time_start.py")],
                cwd=copy,
                env=env,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )["seconds"]
        for _ in range(rounds)
    )
    shutil.rmtree(copy, ignore_errors=True)
    print(f"  importing {title} (what the title waits for), CPython: {ours:.3f} s")
    node = pyodide_node()
    if node is None:
        return
    here = ROOT / "tools" / "pyodide"
    command = [node, str(here / "run.mjs")]
    for path in PYODIDE_WITH:
        command += ["--with", str(ROOT / path)]
    command.append(str(here / "time_start.py"))
    started: list[float] = []
    imports: list[float] = []
    found: dict[str, Any] = {}
    for _ in range(rounds):
        t0 = time.perf_counter()
        subprocess.run([*command, "--bare"], cwd=ROOT, capture_output=True, check=True)
        started.append(time.perf_counter() - t0)
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
        found = json.loads(done.stdout)
        imports.append(found["seconds"])
    ready, took = min(started), min(imports)
    print(f"  Pyodide in Node.js ({found['interpreter']}), best of {rounds}:")
    print(f"    Node.js to Pyodide ready, the cart written (reference)  {ready:5.2f} s")
    print(f"    importing the same                                  {took:5.2f} s", end="")
    print(f"   x{took / ours:.2f} CPython's; ready + imports x{(ready + took) / ready:.2f} ready")
    ai = ", ".join(found["ai"]) or "none"
    print(f"    modules loaded: {found['modules']} of the cart's, of the AI's: {ai}")
    bench_start_pyxapp(node, rounds, took)


def bench_start_pyxapp(node: str, rounds: int, from_source: float) -> None:
    """The title's imports under Pyodide from the page's package, without and with its bytecode.

    Each package is extracted as Pyxel's player does (timed apart) and the title imported from it
    (``time_start.py --pyxapp``); ``from_source`` is the same imports from the sources alone.
    """
    import json
    import subprocess
    import tempfile

    from tools import build_web

    here = ROOT / "tools" / "pyodide"
    (ROOT / "build").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=ROOT / "build", prefix="bench-start-") as tmp:
        said: list[str] = []
        apps = {}
        for label, budget in (("no bytecode", 0), ("with its bytecode", build_web.BYTECODE_BUDGET)):
            folder = Path(tmp) / str(budget)
            html = build_web.build(folder, budget, said)[1]
            apps[label] = folder / "page.pyxapp"  # what the page runs
            apps[label].write_bytes(build_web.carried_package(html))
        runs: dict[str, list[dict[str, Any]]] = {label: [] for label in apps}
        for _ in range(rounds):  # by turns
            for label, app in apps.items():
                command = [node, str(here / "run.mjs"), "--with", str(app), str(here / "time_start.py")]
                done = subprocess.run(
                    [*command, "--pyxapp", str(app.relative_to(ROOT))],
                    cwd=ROOT,
                    capture_output=True,
                    text=True,
                    check=True,
                )
                runs[label].append(json.loads(done.stdout))
        sizes = {label: app.stat().st_size for label, app in apps.items()}
    print(f"    from the page's package, extracted as Pyxel's player does ({said[1]}), best of {rounds}:")
    for label, got in runs.items():
        size = sizes[label]
        extract = min(r["extract_seconds"] for r in got)
        took = min(r["seconds"] for r in got)
        print(
            f"      {label:18} {size:9,} bytes: extracting {extract:5.2f} s, importing {took:5.2f} s"
            f" (x{took / from_source:.2f} from source alone), {got[0]['from_source']} modules compiled"
        )
