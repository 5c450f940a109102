"""Check the review (``cart.ai.review``) against GNU Backgammon's analysis of the same games.

Plays ``--games`` money games (cube in use) between pairs of our levels, beginner
to master, so that there are real errors to find; exports each with our ``.mat``
export; has GNU Backgammon (the ``gnubg`` package, ``set threads 1``) import it,
``analyse match`` at ``--gnubg-ply`` (0 by default), ``export match text`` (its
per-move verdicts) and ``show statistics match`` (its totals). Then reports, per
level (each level plays several games, on both sides):

- the error rate per move, ours against gnubg's (gnubg's "Overall statistics":
  all errors over unforced moves plus close cube decisions), and their ratio;
- for the checker plays that either side marks (doubtful / bad / very bad), the
  share where both give the same mark, and the share where both mark it at all.

Measured (November 2026, ours at 1-ply cubeful, gnubg 0-ply, gnubg's thresholds set to ours),
error rate per move ours/gnubg and same-mark share of the plays either marks:

- 20 money games: beginner 48.0/44.7 (1.08), intermediate 24.9/33.2 (0.75), expert 2.5/10.6
  (0.24), master 1.0/7.4 (0.14); same mark 36%, both mark 59% of 159 plays.
- 20 5-point matches: beginner 42.3/44.5 (0.95), intermediate 24.8/26.4 (0.94), expert
  4.3/10.8 (0.40), master 1.3/6.7 (0.19); same mark 33%, both mark 55% of 483 plays.

For scale (``--scale 2``: gnubg's own 0-ply analysis in the place of ours, judged by its 2-ply
on the same games), a far stronger net than ours, independent of gnubg 0-ply's, agrees with it
little better: same mark 54% and both mark 71% of 155 plays (20 money games, seed 7), 51% and
70% of 480 (20 five-point matches, seed 1); its error rates are within 4% of 2-ply's for three
levels, and 1.39-1.46 times them for the master. Agreement with gnubg 0-ply's marks measures
likeness to that one net as much as the review's quality.

The weak levels' rates agree within 25%; the expert and the master play by the very net
that judges them (the expert its 0-ply choice, the master its own search), so the review
sees few of the errors gnubg's different net sees in their plays, and most disagreements
of marks are gnubg marking a play our net thinks best, or a mark one step apart.

::

    python -m tools.versus review judge --games 20            # ours at the default ply
    python -m tools.versus review judge --games 20 --ply 0    # ours at 0-ply
    python -m tools.versus review judge --games 20 --ply 2 --gnubg-ply 2   # the deep pass
    python -m tools.versus review judge --games 20 --seed 7 --scale 2   # and gnubg 0-ply against its 2-ply
    python -m tools.versus review judge --games 20 --ply 2 --gnubg-ply 2 --scale 0   # both, by gnubg 2-ply
"""

from __future__ import annotations

import argparse
import random
import re
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from cart.ai import Bot, choose_action
from cart.ai.review import BAD, DEFAULT_PLY, DOUBTFUL, VERY_BAD, Review, review_match
from cart.engine import Match, Rules
from cart.store import export_mat
from tools.cube_judge import Gnubg

PAIRS = (
    ("beginner", "master"),
    ("intermediate", "expert"),
    ("beginner", "intermediate"),
    ("expert", "master"),
    ("intermediate", "master"),
    ("beginner", "expert"),
)

_HEADER = re.compile(r"^Move number \d+:\s+(\S+) to play (\d)(\d)\s*$")
_MOVES = re.compile(r"^\* (\S+) moves (.+?)\s*$")
_ALERT = re.compile(r"^Alert: (doubtful|bad|very bad) move")
_STARRED = re.compile(r"^\*\s+\d+\.\s.*Eq\.:\s*([-+]\d+\.\d+)(?:\s*\(([-+]\d+\.\d+)\))?")


@dataclass(frozen=True)
class GnubgPlay:
    """One checker play as gnubg's text export judges it."""

    player: str
    dice: tuple[int, int]
    text: str
    loss: float | None  # None: no choice (gnubg lists no candidates)
    mark: str


def gnubg_plays(text: str) -> list[GnubgPlay]:
    """Every checker play made, in order, from gnubg's ``export match text``."""
    out = []
    blocks = re.split(r"(?m)^(?=Move number \d+:)", text)
    for block in blocks:
        lines = block.splitlines()
        head = _HEADER.match(lines[0]) if lines else None
        if head is None:
            continue
        moved = next((m for m in map(_MOVES.match, lines) if m), None)
        if moved is None:  # a dance
            continue
        mark = next((m.group(1) for m in map(_ALERT.match, lines) if m), "")
        starred = next((m for m in map(_STARRED.match, lines) if m), None)
        loss = None if starred is None else (-float(starred.group(2)) if starred.group(2) else 0.0)
        dice = (int(head.group(2)), int(head.group(3)))
        out.append(GnubgPlay(head.group(1), dice, moved.group(2), loss, mark))
    return out


@dataclass(frozen=True)
class GnubgTotals:
    """One player's figures from gnubg's ``show statistics match`` (errors in EMG, positive)."""

    error: float  # overall: checker play and cube
    decisions: int  # unforced moves + close cube decisions
    checker_error: float
    unforced: int


def gnubg_totals(stats: str) -> dict[str, GnubgTotals]:
    """Per player name, gnubg's totals."""
    lines = stats.splitlines()
    names = next(ln.split()[1:] for ln in lines if ln.startswith("Player"))
    found: dict[str, list[float]] = {}
    section = ""
    for ln in lines:
        if ln.endswith("statistics") and "  " not in ln:
            section = ln.split()[0]
            continue
        label, _, rest = ln.partition("  ")
        nums = [float(x) for x in re.findall(r"[-+]?\d+(?:\.\d+)?", rest)]
        if label == "Unforced moves":
            found["unforced"] = nums
        elif label == "Close or actual cube decisions":
            found["close"] = nums
        elif label.startswith("Error total EMG") and section in ("Chequerplay", "Overall"):
            found[section] = [abs(nums[0]), abs(nums[2])]
    if set(found) != {"unforced", "close", "Chequerplay", "Overall"}:
        raise RuntimeError(f"unexpected gnubg statistics:\n{stats}")
    return {
        n: GnubgTotals(
            found["Overall"][i],
            int(found["unforced"][i] + found["close"][i]),
            found["Chequerplay"][i],
            int(found["unforced"][i]),
        )
        for i, n in enumerate(names)
    }


@dataclass
class Tally:
    """One level's figures over every game it played."""

    ours_error: float = 0.0
    ours_n: int = 0
    gnubg_error: float = 0.0
    gnubg_n: int = 0
    ours_checker: float = 0.0
    ours_moves: int = 0
    gnubg_checker: float = 0.0
    gnubg_moves: int = 0
    marked: int = 0  # plays either side marked
    same: int = 0  # ... with the same mark
    both: int = 0  # ... marked by both
    pairs: list[tuple[str, str]] = field(default_factory=list)

    def add_gnubg(self, g: GnubgTotals) -> None:
        """gnubg's figures for this player in one game (or match)."""
        self.gnubg_error += g.error
        self.gnubg_n += g.decisions
        self.gnubg_checker += g.checker_error
        self.gnubg_moves += g.unforced

    def add_marks(self, ours: str, theirs: str) -> None:
        """One checker play's marks, ours (or the shallow analysis's) and gnubg's ("" for none)."""
        if not (ours or theirs):
            return
        self.marked += 1
        self.same += ours == theirs
        self.both += bool(ours) and bool(theirs)
        self.pairs.append((ours or "-", theirs or "-"))


def play_game(a: str, b: str, seed: int, length: int = 0) -> Match:
    """One money game, or a match to ``length``, ``a`` (seat 0) against ``b``, the cube in use."""
    match = Match(Rules(match_length=length), names=(a, b), rng=random.Random(seed))
    bots = (Bot(a, seed=seed), Bot(b, seed=seed + 1))
    while not match.is_match_over if length else match.game.phase != "over":
        if match.game.phase == "over":
            match.new_game()
            continue
        game = match.game
        actor = game.actor if game.phase != "opening" else 0
        match.apply(choose_action(bots[actor], match))
    return match


def judge(
    games: int,
    ply: int,
    gnubg_ply: int,
    seed: int,
    keep: Path | None,
    cubeless: bool = False,
    length: int = 0,
    deep: int = 0,
    scale: dict[str, Tally] | None = None,
) -> dict[str, Tally]:
    """Our review against gnubg's analysis at ``gnubg_ply``; with ``scale``, gnubg's own analysis at
    ``gnubg_ply`` is also judged against its analysis at ``deep`` plies, on the same games, into it
    (``deep`` below ``gnubg_ply``: gnubg at ``deep`` plies in our place, judged as ours is)."""
    gnubg = Gnubg(gnubg_ply)
    if cubeless:  # a diagnostic: how much of the gap is gnubg's cubeful equity
        gnubg._run("set analysis chequerplay evaluation cubeful off")
    for command in (
        # gnubg's own defaults are 0.03 / 0.06 / 0.12: judged on ours, the marks are comparable
        f"set analysis threshold doubtful {DOUBTFUL}",
        f"set analysis threshold bad {BAD}",
        f"set analysis threshold verybad {VERY_BAD}",
    ):
        gnubg._run(command)
    tallies: dict[str, Tally] = defaultdict(Tally)
    spent = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        folder = keep or Path(tmp)
        for i in range(games):
            a, b = PAIRS[i % len(PAIRS)]
            if i // len(PAIRS) % 2:
                a, b = b, a
            match = play_game(a, b, seed + 1000 * i, length)
            mat = folder / f"game{i:03d}.mat"
            mat.write_text(export_mat(match))
            started = time.perf_counter()
            review = review_match(match, ply=ply)
            spent += time.perf_counter() - started
            gnubg._run(f'import mat "{mat}"')
            text, stats = _analyse(gnubg, folder / f"game{i:03d}", gnubg_ply)
            compare(review, text, gnubg_totals(stats), tallies)
            if scale is not None and deep > gnubg_ply:
                deep_text, deep_stats = _analyse(gnubg, folder / f"game{i:03d}-deep", deep)
                compare_gnubg(text, stats, deep_text, deep_stats, scale)
            elif scale is not None:  # gnubg at fewer plies in our place, judged as ours is
                gnubg._run(f'import mat "{mat}"')  # afresh: gnubg keeps a deeper analysis over a shallower
                low_text, low_stats = _analyse(gnubg, folder / f"game{i:03d}-low", deep)
                compare_gnubg(low_text, low_stats, text, stats, scale)
            if i and not i % 5:
                print(f"  {i} games...", flush=True)
    print(f"our review: {spent:.1f} s for {games} {'matches' if length else 'games'} at {ply}-ply")
    return tallies


def _analyse(gnubg: Gnubg, stem: Path, ply: int) -> tuple[str, str]:
    """gnubg's ``analyse match`` of the match loaded, at ``ply``: its text export and its statistics."""
    for what in ("chequerplay", "cubedecision"):
        gnubg._run(f"set analysis {what} evaluation plies {ply}")
    gnubg._run("analyse match")
    out = stem.with_suffix(".txt")
    gnubg._run(f'export match text "{out}"')
    stats = gnubg._run("show statistics match")
    # gnubg writes a match's games to game000.txt, game000_002.txt, game000_003.txt...
    later = sorted(stem.parent.glob(f"{stem.name}_*.txt"), key=lambda p: int(p.stem.rsplit("_")[-1]))
    return "".join(p.read_text(errors="replace") for p in (out, *later)), stats


def compare_gnubg(text: str, stats: str, deep_text: str, deep_stats: str, tallies: dict[str, Tally]) -> None:
    """gnubg's shallow analysis in the place of ours, against its deeper one: what agreement a far
    stronger net than ours reaches on the same plays, for scale."""
    shallow, deep = gnubg_totals(stats), gnubg_totals(deep_stats)
    for name, g in shallow.items():
        tally = tallies[name]
        tally.ours_error += g.error
        tally.ours_n += g.decisions
        tally.ours_checker += g.checker_error
        tally.ours_moves += g.unforced
        tally.add_gnubg(deep[name])
    for mine, gp in zip(gnubg_plays(text), gnubg_plays(deep_text), strict=True):
        tallies[gp.player].add_marks(mine.mark, gp.mark)


def compare(review: Review, text: str, totals: dict[str, GnubgTotals], tallies: dict[str, Tally]) -> None:
    for t in review.totals():
        tally = tallies[t.name]
        tally.ours_error += t.total_error
        tally.ours_n += t.moves + t.cube_decisions
        tally.ours_checker += t.checker_error
        tally.ours_moves += t.moves
        tally.add_gnubg(totals[t.name])
    theirs = gnubg_plays(text)
    ours = list(review.plays)
    if len(theirs) != len(ours):
        raise RuntimeError(f"gnubg lists {len(theirs)} plays, the review {len(ours)}")
    for mine, gp in zip(ours, theirs, strict=True):
        if gp.dice not in (mine.dice, mine.dice[::-1]) or gp.player != review.names[mine.player]:
            raise RuntimeError(f"the plays do not line up: {mine} against {gp}")
        tallies[review.names[mine.player]].add_marks(mine.mark, gp.mark)


def _rate(error: float, n: int) -> float:
    return 1000.0 * error / n if n else float("nan")


def report(tallies: dict[str, Tally]) -> list[str]:
    out = [
        "error rate per move in mEMG, all decisions (checker plays alone); marks on checker plays",
        f"{'player':<13} {'ours':>13} {'gnubg':>13} {'ratio':>11}   {'marked':>6} {'same mark':>9} "
        f"{'both mark':>9}",
    ]
    total = Tally()
    for name in sorted(tallies, key=("beginner", "intermediate", "expert", "master").index):
        t = tallies[name]
        ours, theirs = _rate(t.ours_error, t.ours_n), _rate(t.gnubg_error, t.gnubg_n)
        ours_c, theirs_c = _rate(t.ours_checker, t.ours_moves), _rate(t.gnubg_checker, t.gnubg_moves)
        out.append(
            f"{name:<13} {ours:>5.1f} ({ours_c:>5.1f}) {theirs:>5.1f} ({theirs_c:>5.1f}) "
            f"{ours / theirs:>4.2f} ({ours_c / theirs_c:>4.2f})   {t.marked:>6} "
            f"{t.same / max(1, t.marked):>9.0%} {t.both / max(1, t.marked):>9.0%}"
        )
        total.marked += t.marked
        total.same += t.same
        total.both += t.both
    out.append(
        f"{'all plays':<13} {'':>13} {'':>13} {'':>11}   {total.marked:>6} "
        f"{total.same / max(1, total.marked):>9.0%} {total.both / max(1, total.marked):>9.0%}"
    )
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=("judge",))
    p.add_argument("--games", type=int, default=20)
    p.add_argument(
        "--ply",
        type=int,
        choices=(0, 1, 2),
        default=DEFAULT_PLY,
        help="our checker plays' depth (2: the deep pass)",
    )
    p.add_argument("--gnubg-ply", type=int, choices=(0, 1, 2), default=0, help="gnubg's analysis depth")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--match", type=int, default=0, help="play matches to this length (default: money games)")
    p.add_argument("--gnubg-cubeless", action="store_true", help="gnubg judges checker plays cubeless")
    p.add_argument("--keep", type=Path, default=None, help="keep the .mat files and gnubg's text here")
    p.add_argument(
        "--scale",
        type=int,
        choices=(0, 1, 2),
        default=None,
        help="also judge gnubg's own analysis at --gnubg-ply against its analysis at this many plies"
        " (fewer than --gnubg-ply: gnubg at this many in our place, judged as ours is)",
    )
    a = p.parse_args(argv)
    if a.keep:
        a.keep.mkdir(parents=True, exist_ok=True)
    scale: dict[str, Tally] | None = defaultdict(Tally) if a.scale is not None else None
    deep = a.scale or 0
    tallies = judge(a.games, a.ply, a.gnubg_ply, a.seed, a.keep, a.gnubg_cubeless, a.match, deep, scale)
    what = f"{a.match}-point matches" if a.match else "money games"
    print(f"{a.games} {what}, ours at {a.ply}-ply against gnubg at {a.gnubg_ply}-ply:")
    for line in report(tallies):
        print(line)
    if scale is not None:
        low, high = sorted((a.gnubg_ply, a.scale))
        print(f"for scale, gnubg at {low}-ply in our place against gnubg at {high}-ply:")
        for line in report(scale):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
