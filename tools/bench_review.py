"""A whole game reviewed: ours against GNU Backgammon's ``analyse match``, then under Pyodide.

The ``review`` section of ``python -m tools.bench`` (see :mod:`tools.bench`). The
game is :func:`tools.bench_common.review_game`, rebuilt alike in Pyodide by
``tools/pyodide/time_review.py``, whose ``best_review`` times both interpreters.
"""

from __future__ import annotations

from pathlib import Path

from tools.bench_common import ROOT, best_of, pyodide_node, quantile, review_game

__all__ = ["REVIEW_GOAL_S", "bench_review", "review_in_pyodide"]

REVIEW_GOAL_S = 15.0
"""Issue 20: a 60-move game fully reviewed within this many seconds on the desktop."""


def bench_review(rounds: int) -> None:
    import tempfile

    from cart.ai.review import DEEP_PLY, DEFAULT_PLY
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
    best, slices, cpu = best_review(match, DEEP_PLY, 1)  # the deep pass: a minute, once
    print(
        f"  ours at {DEEP_PLY}-ply (deep pass)  {best:7.2f} s  {best / t_g:6.1f}x   slices: {len(slices)}, "
        f"p99.9 {quantile(slices, 0.999) * 1e3:5.2f} ms, longest {slices[-1] * 1e3:5.2f} ms "
        f"(CPU time: p99.9 {quantile(cpu, 0.999) * 1e3:5.2f} ms, longest {cpu[-1] * 1e3:5.2f} ms)"
    )
    print("  (wall time includes whatever else the machine ran meanwhile; CPU time is the slice's own work)")
    review_in_pyodide(rounds, cpython)


def review_in_pyodide(rounds: int, cpython: dict[int, float]) -> None:
    """The same review under Pyodide in Node.js (tools/pyodide/time_review.py), with its ratio to CPython."""
    import json
    import subprocess

    node = pyodide_node()
    if node is None:
        return
    here = ROOT / "tools" / "pyodide"
    command = [node, str(here / "run.mjs"), "--with", "tools/__init__.py", "--with", "tools/bench_common.py"]
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
