"""``python -m tools.versus deep --ids FILE``: each position answered as a drill would answer it.

Each line of FILE is ``POSITION_ID MATCH_ID [DICE]`` (DICE as ``61``, ``6-1`` or ``6,1``, for a
Match ID without them); ``#`` starts a comment. For each, the deep check's best answer (the
master's candidates at 2-ply, the close ones rolled out, as :mod:`cart.ai.rollout.check` does
for a drill), in gnubg's notation or a cube action, its equity (EMG) and standard error (0 where
it was not rolled out), and the CPU seconds it took. For the tests and for a judge outside the
game: nothing here is used to train anything. ``deep judge`` (:mod:`tools.drill_judge`) scores
the check against gnubg 2-ply.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from cart.ai.rollout.check import Check, think_whole_check
from cart.ai.slices import drain
from cart.engine import EngineError, MatchKey

_DICE = re.compile(r"([1-6])[-,]?([1-6])")


def check_of_line(line: str) -> Check:
    """The check one line asks for; ``ValueError`` saying what is wrong with it."""
    fields = line.split()
    if len(fields) not in (2, 3):
        raise ValueError("expected POSITION_ID MATCH_ID [DICE]")
    key = MatchKey.from_id(fields[1])
    if len(fields) == 3:
        found = _DICE.fullmatch(fields[2])
        if found is None:
            raise ValueError(f"not a roll: {fields[2]!r}")
        key = dataclasses.replace(key, dice=(int(found.group(1)), int(found.group(2))))
    kind = "take" if key.doubled else "play" if key.dice != (0, 0) else "double"
    return Check(fields[0], key.to_id(), "standard", kind, "")


def cube_words(check: Check) -> tuple[str, float]:
    """The best cube action as gnubg words it, and its equity for the player to decide."""
    figures = {line[0]: line[2] for line in check.lines}
    if check.kind == "take":
        return check.best.capitalize(), figures[check.best]
    taken = figures["double, take"] <= figures["double, pass"]
    answer = "take" if taken else "pass"
    doubled = min(figures["double, take"], figures["double, pass"])
    if check.best == "double":
        return f"Double, {answer}", doubled
    if check.best == "too good":
        return "Too good to double, pass", figures["no double"]
    return f"No double, {answer}", figures["no double"]


def answer_lines(lines: Iterator[str]) -> Iterator[str]:
    """One answer for each position line (a line saying what is wrong, for a line that is)."""
    for raw in lines:
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            check = drain(think_whole_check(check_of_line(text)))
        except (ValueError, EngineError) as exc:
            yield f"{text}  error: {exc}"
            continue
        if check.kind == "play":
            best, equity = check.best, check.lines[0][2]
        else:
            best, equity = cube_words(check)
        se = max((x[3] for x in check.lines if x[0] == check.best), default=0.0)
        yield f"{text}  {best}  {equity:+.4f}  se {se:.4f}  ({check.seconds:.1f} CPU s)"


def main(argv: list[str] | None = None) -> int:
    if argv and argv[0] == "judge":  # the deep check against gnubg 2-ply, gnubg 0-ply beside it
        from tools import drill_judge

        return drill_judge.main(argv[1:])
    p = argparse.ArgumentParser(prog="python -m tools.versus deep", description=__doc__)
    p.add_argument("--ids", type=Path, required=True, help="lines of POSITION_ID MATCH_ID [DICE]")
    a = p.parse_args(argv)
    try:
        text = a.ids.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"Cannot read {a.ids}: {exc}", file=sys.stderr)
        return 2
    for line in answer_lines(iter(text.splitlines())):
        print(line, flush=True)
    return 0
