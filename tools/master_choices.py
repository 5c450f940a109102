"""The Master's choices on a fixed set, kept so that a faster evaluator or search shows it chooses the same.

    python -m tools.master_choices            # rewrites tests/data/master_choices.txt from this tree
    python -m tools.master_choices --check    # this tree's choices against the file; exit 1 on a difference
    node tools/pyodide/run.mjs --with tools/__init__.py --with tools/cube_judge.py \
        --with tools/data/bench_suite.txt --with tools/data/cube_suite.txt \
        --with tests/data/master_choices.txt tools/master_choices.py --check   # the same in the page's Python

Speeding up the evaluator or the Master's search must not change what it plays: the file keeps
what the code before the change chose (recorded from that tree), and ``tests/ai/test_master_same.py``
asks the code now. Three kinds of line, each ``<kind> <spot> = <answer>``:

- ``play <position id> <dice> = <play>``: the Master's play; the spots are every 40th pair of the
  bench suite and :data:`HEAVY`, the slowest thoughts of the Master against itself, where its 2-ply
  runs into its cap (so the work it counts must stay the same too);
- ``cube <position id> <match id> = <offer> <answer>``: its cube decision at the roll and with the
  double pending, each with its three equities (``float.hex``), from every 20th spot of the cube suite;
- ``eval <key, hex> = <after's five chances> <rough>``: the evaluator's outputs, bit for bit, on
  plays of every 20th bench suite pair (contact, crashed, race and bear-off nets alike).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

from cart.ai import Bot, load_weights
from cart.engine import Match, Position, format_play
from cart.engine.fast import successors

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "tests" / "data" / "master_choices.txt"
SUITE = ROOT / "tools" / "data" / "bench_suite.txt"
CUBE_SUITE = ROOT / "tools" / "data" / "cube_suite.txt"

HEAVY = (
    "W9uEJADVuc0AAA 13", "j7c5AAC3mwMIQA 43", "2joAAMwmAAAAAA 16", "mFtwAA+wz8gDIA 54",
    "sm2bEADr5goADA 61", "4HN7BABUbwPAAw 35", "4HPwATDgc/ABMA 65", "sDvDATCY5+ADEA 14",
    "sFvwATDgc/ADIA 41", "mBt4ACewz+AhIA 51", "m22SAANpzt0AAA 25", "sNfgASLgc+QBUA 35",
    "mM+DAQOMZ/BBIA 52", "2jaFAQzm7jAGAA 31", "st02CADXrQkADA 61", "4HPDBwDEtwPAAw 32",
    "sM/gISCYG3gAUw 21", "mOfgAxCwO+QBMA 42", "W1yDwQCz3dABAA 24", "WFviAA6wz4wHAA 23",
)  # fmt: skip
"""The Master's slowest plays over seven-point matches against itself (seeds 1-3), as ``<id> <dice>``."""


def spots() -> Iterator[tuple[str, str]]:
    """Every spot of the record, as (kind, spot) in the file's order."""
    pairs = [line for line in SUITE.read_text().splitlines() if line and not line.startswith("#")]
    for line in pairs[::40]:
        yield "play", line
    for line in HEAVY:
        yield "play", line
    cubes = [line for line in CUBE_SUITE.read_text().splitlines() if line and not line.startswith("#")]
    for line in cubes[::20]:
        yield "cube", " ".join(line.split()[:2])
    for line in pairs[::20]:
        pid, dice = line.split()
        plays = sorted(successors(Position.from_position_id(pid).key, int(dice[0]), int(dice[1])))
        for key in plays[:: max(1, len(plays) // 2)][:2]:
            yield "eval", f"{key:x}"


def answer(kind: str, spot: str) -> str:
    """What this tree's Master (or evaluator) answers at ``spot``."""
    if kind == "play":
        pid, dice = spot.split()
        position = Position.from_position_id(pid)
        bot = Bot("master", seed=1, page=False)  # the desktop's caps, in Pyodide too
        play = bot.choose_play(position, (int(dice[0]), int(dice[1])))
        return "none" if play is None else format_play(position, play).replace(" ", "_")
    if kind == "cube":
        from tools.cube_judge import CubeSpot

        pid, match_id = spot.split()
        state, score = CubeSpot(pid, match_id, "").state()
        match = Match(state.rules, start=state)
        match.score = score
        bot = Bot("master", seed=1)
        words: list[str] = []
        for _ in range(2):
            decision = bot.cube_action(match)
            assert decision is not None, spot
            words.append(decision.action)
            words += [x.hex() for x in decision[1:4]]
            if match.game.phase == "roll":
                match.double()
        return " ".join(words)
    weights = load_weights()
    key = int(spot, 16)
    return " ".join(x.hex() for x in (*weights.after(key), weights.rough(key)))


def read(path: Path = FILE) -> list[tuple[str, str, str]]:
    """The file's (kind, spot, answer) lines."""
    lines = []
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            left, _, right = line.partition(" = ")
            kind, _, spot = left.partition(" ")
            lines.append((kind, spot, right))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the file instead of writing it")
    parser.add_argument("--out", type=Path, default=FILE)
    parser.add_argument("--made-from", default="this tree", help="the code recorded, for the file's head")
    parser.add_argument("--only", nargs="+", choices=("play", "cube", "eval"), help="check these kinds alone")
    args = parser.parse_args()
    if args.check:
        asked = [(k, s, a) for k, s, a in read(args.out) if not args.only or k in args.only]
        differ = [(k, s, a) for k, s, a in asked if answer(k, s) != a]
        for kind, spot, _ in differ:
            print(f"differs: {kind} {spot}")
        print(f"{len(differ)} of {len(asked)} differ")
        sys.exit(1 if differ else 0)
    lines = [f"{kind} {spot} = {answer(kind, spot)}" for kind, spot in spots()]
    head = f"# The Master's choices (tools/master_choices.py) of {args.made_from}\n"
    args.out.write_text(head + "\n".join(lines) + "\n")
    print(f"wrote {len(lines)} lines to {args.out}")


if __name__ == "__main__":
    main()
