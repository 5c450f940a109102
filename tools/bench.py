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

deep: the teacher's look at a position (cart.ai.deep) in CPU per position: 2-ply
with each roll's best play by the net searched at 1-ply (the teacher's, GNU
Backgammon's 2-ply) and with each roll's short list of the master's six, against the
1-ply in the same run, over every 40th suite position, each afresh; and the longest
slice of its generator. The teacher reads its own contact net; the shipped nets' 2-ply
is printed beside it.

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

review_window: the Review window's frames at 30 fps in real time while its
analysis runs in their spare time, then in a worker process (cart.ai.worker),
by turns each round, against the same window at rest and a bare frame
(``tools/bench_review_window.py``).

drills: the Drills window with 500 drills in the store, F2 on the title to its first frame and Start
to the first drill's, against the Ratings window opened the same way and a bare title frame; then
its frames at 30 fps while it checks drills in the worker and in the frame, against it at rest
(``tools/bench_drills.py``).

rollout: the rollout's standard error per CPU second, each variance reduction
against a plain rollout measured beside it, on contact and crashed positions of
our own, and the Review's rollout's trials a second (``tools/bench_rollout.py``;
``--frames S`` there times the Rollout window's frames).

ui: the Pyxel game headless at 640x512, update + draw per frame (mean, p99,
longest) over a whole computer-v-computer game, and the frames while the
master level thinks (with and without the thought, which fills each frame's
spare time, and in CPU time, which a busy machine does not inflate), against
a bare ``pyxel.cls`` frame measured in the same run; then
each level's reply at 30 fps, from the frame its dice are rolled to the frame
its play is applied (tumble and man-by-man animation included), on a simulated
frame clock (a frame lasts the period or its work, whichever is longer); last
the master's replies and thinking frames paced at 30 fps in real time, thought
in the frame and in the worker process (cart.ai.worker), by turns each round.

start: a fresh interpreter to the title's first frame, desktop, headless, the
cart compiled from source, against a bare 640x512 Pyxel page by turns; the
attract game's first move (frames, thinking, longest frame in CPU); the title's
imports in CPython and under Pyodide in Node.js (``tools/pyodide/time_start.py``)
against that process's own start; and under Pyodide from the built ``.pyxapp``
without and with its bytecode (``tools/build_web.py``), extraction timed apart.

reply: the master's turn as the player watches it on the desktop (worker process, 30 fps in real
time), at each animation speed: dice drawn (tumbling) -> dice settled -> first man moving -> last
man landed, beside the floor the tumble and the flights take with no thought at all
(``tools/bench_reply.py``; target: dice -> first man <= 0.5 s, its longest included).

store: one action with its save at 300 and at 12,000 actions of a money
session (goal: at most 3x), in a folder and in a browser's localStorage, and
PLAY on a saved session of 40,000 actions and of 300, to the table's state
before its first frame (goal: under 1 s, within 2x of loading it, timed beside).

The sections live in tools/bench_ai.py (movegen, ai, deep), tools/bench_pyodide.py,
tools/bench_review.py, tools/bench_review_window.py, tools/bench_drills.py, tools/bench_ui.py (ui,
start), tools/bench_reply.py and tools/bench_store.py; what they share (the suite, best-of timing,
the review's game) in tools/bench_common.py.
"""

from __future__ import annotations

import argparse
import platform
from collections.abc import Callable
from functools import partial
from pathlib import Path

from tools.bench_ai import bench_ai, bench_deep, bench_movegen
from tools.bench_common import review_game
from tools.bench_pyodide import bench_pyodide
from tools.bench_reply import bench_reply
from tools.bench_review import bench_review
from tools.bench_store import bench_store
from tools.bench_ui import bench_start, bench_ui

__all__ = ["BENCHES", "main", "review_game"]


def bench_review_window(rounds: int) -> None:
    from tools import bench_review_window

    bench_review_window.run(rounds=max(1, min(rounds, 3)))


def bench_drills(rounds: int) -> None:
    from tools import bench_drills

    bench_drills.run(rounds=max(1, min(rounds, 5)))
    bench_drills.run_checking()


def bench_rollout(rounds: int) -> None:
    from tools import bench_rollout

    bench_rollout.run(trials=36, each=max(1, min(rounds, 3)))


BENCHES = {
    "movegen": bench_movegen,
    "ai": bench_ai,
    "deep": bench_deep,
    "review": bench_review,
    "review_window": bench_review_window,
    "drills": bench_drills,
    "rollout": bench_rollout,
    "pyodide": bench_pyodide,
    "ui": bench_ui,
    "reply": bench_reply,
    "start": bench_start,
    "store": bench_store,
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("which", nargs="*", help=f"benchmarks to run, of {', '.join(BENCHES)} (default: all)")
    ap.add_argument("--rounds", type=int, default=7, help="rounds per figure; the best is kept")
    ap.add_argument("--weights", type=Path, help="ai: time this weight file's nets instead of the cart's own")
    args = ap.parse_args()
    run: dict[str, Callable[[int], None]] = {**BENCHES, "ai": partial(bench_ai, weights_file=args.weights)}
    unknown = [name for name in args.which if name not in BENCHES]
    if unknown:
        ap.error(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(BENCHES)}")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}")
    for name in args.which or BENCHES:
        run[name](args.rounds)


if __name__ == "__main__":
    main()
