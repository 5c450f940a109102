"""Judge the computer's cube against GNU Backgammon's cube analysis, on a fixed set of positions.

The suite (``tools/data/cube_suite.txt``, rebuilt by ``make``) is pre-roll positions
from the expert's own cubeless self-play, kept where GNU Backgammon's 0-ply gives
the roller between 55% and 95% to win (where doubles and takes are decided), each
with a cube context: money with the cube centred or owned by the roller, and a
7-point match at several scores, 2-away/4-away among them. Nothing here teaches the
computer: gnubg only judges.

For every position gnubg (the ``gnubg`` package, ``set threads 1``, 0-ply cube
decisions unless ``--ply``) gives its cubeful equities for no double, double/take
and double/pass (money: points per unit of the cube; match: EMG) and its proper
action. Ours is ``Bot.cube_action`` at the roll and with the double pending. The
report, for money and match separately and by score:

- the full decision (no double / double-take / double-pass / too good-take / too
  good-pass) agreeing with gnubg's;
- the doubler's and the taker's actions agreeing;
- the equity each loses by gnubg's cubeful equities: the doubler's best is
  ``max(ND, min(DT, DP))``, the taker's ``min(DT, DP)``.

::

    python -m tools.cube_judge make --positions 420 --seed 1     # rebuild the suite
    python -m tools.cube_judge judge --level expert               # agreement and cost
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from cart.ai import Bot
from cart.ai.bot import Evaluation, load_weights
from cart.ai.turn import choose_action
from cart.engine import (
    Action,
    Double,
    Drop,
    GameState,
    Match,
    MatchKey,
    Move,
    NewGame,
    Position,
    Roll,
    Rules,
    Take,
)

SUITE = Path(__file__).resolve().parent / "data" / "cube_suite.txt"
MATCH = 7
SCORES = ((7, 7), (5, 5), (3, 3), (2, 2), (6, 4), (4, 6), (2, 4), (4, 2), (3, 5), (5, 3), (2, 3), (3, 2))
"""7-point match scores as (roller away, opponent away): even, leading, trailing, 2-away/4-away."""
CONTEXTS = ("money-centred", "money-owned", *(f"{a}-away/{b}-away" for a, b in SCORES))


# -- the suite -------------------------------------------------------------------------
@dataclass(frozen=True)
class CubeSpot:
    """One position and cube context: the roller (player 0) is about to roll and may double."""

    position_id: str
    match_id: str
    context: str

    @property
    def key(self) -> MatchKey:
        return MatchKey.from_id(self.match_id)

    @property
    def is_match(self) -> bool:
        return self.key.match_length > 0

    def state(self) -> tuple[GameState, tuple[int, int]]:
        """Our engine's game state and the match score for this spot."""
        key = self.key
        rules = Rules(match_length=key.match_length)
        state = GameState.from_position(
            rules,
            Position.from_position_id(self.position_id),
            turn=key.on_roll,
            cube=key.cube,
            cube_owner=key.cube_owner,
            crawford=key.crawford,
        )
        return state, key.score


def context_key(context: str) -> MatchKey:
    """The Match ID fields of a context, the roller being player 0 and on roll before rolling."""
    if context == "money-centred":
        return MatchKey()
    if context == "money-owned":
        return MatchKey(cube=2, cube_owner=0)
    mine, theirs = (int(x) for x in re.findall(r"\d+", context))
    return MatchKey(match_length=MATCH, score=(MATCH - mine, MATCH - theirs), jacoby=True)


def _context(i: int) -> str:
    """Half money (centred and owned in turn), half match (the scores in turn)."""
    if i % 2 == 0:
        return CONTEXTS[(i // 2) % 2]
    return CONTEXTS[2 + (i // 2) % len(SCORES)]


def make_suite(positions: int, seed: int) -> list[CubeSpot]:
    """Pre-roll positions of the expert's cubeless self-play in gnubg 0-ply's doubling window."""
    import gnubg_nn

    bot = Bot("expert", seed=seed)
    rng = random.Random(seed)
    spots: list[CubeSpot] = []
    seen: set[str] = set()
    while len(spots) < positions:
        match = Match(Rules(variant="maxgammon"), rng=random.Random(rng.randrange(1 << 30)))
        while match.game.phase != "over" and len(spots) < positions:
            game = match.game
            if game.phase == "roll":
                pos = game.position
                pid = pos.position_id()
                win = gnubg_nn.probabilities(pos.gnubg_board(), 0)[0]
                if 0.55 <= win <= 0.95 and pid not in seen and rng.random() < 0.35:
                    seen.add(pid)
                    context = _context(len(spots))
                    spots.append(CubeSpot(pid, context_key(context).to_id(), context))
            match.apply(choose_action(bot, match))
    return spots


def write_suite(spots: list[CubeSpot], path: Path = SUITE) -> None:
    lines = ["# position_id match_id context (python -m tools.cube_judge make)"]
    lines += [f"{s.position_id} {s.match_id} {s.context}" for s in spots]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_suite(path: Path = SUITE) -> list[CubeSpot]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            pid, mid, context = line.split()
            out.append(CubeSpot(pid, mid, context))
    return out


# -- GNU Backgammon's verdict ------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """Cubeful equities for the doubler (money: per unit of cube; match: EMG) and the proper action."""

    no_double: float
    double_take: float
    double_pass: float
    doubles: bool
    takes: bool

    @property
    def best_for_doubler(self) -> float:
        return max(self.no_double, min(self.double_take, self.double_pass))


class NoCube(Exception):
    """gnubg sees no cube decision here (it would not let the side on roll double)."""


class Gnubg:
    """GNU Backgammon's cube analysis through its Python package, its text output captured."""

    _LINE = re.compile(r"^\s*\d\.\s+(No (?:re)?double|(?:Re)?[Dd]ouble, (?:take|pass))\s+([-+]\d+\.\d+)")
    _PROPER = re.compile(r"Proper cube action:\s*(.+?)\s*(?:\(|$)", re.M)

    def __init__(self, ply: int = 0) -> None:
        import gnubg

        self.gnubg = gnubg
        for command in (
            "set threads 1",
            "set jacoby off",
            "set beavers 0",
            "set output mwc off",
            f"set evaluation cubedecision evaluation plies {ply}",
            f"set evaluation chequerplay evaluation plies {ply}",
            "new session",
        ):
            self._run(command)

    def _run(self, command: str) -> str:
        """One gnubg command, what it writes (C code, to both standard streams) read back from a file."""
        sys.stdout.flush()
        sys.stderr.flush()
        saved = os.dup(1), os.dup(2)
        with tempfile.TemporaryFile(mode="w+b") as out:
            os.dup2(out.fileno(), 1)
            os.dup2(out.fileno(), 2)
            try:
                self.gnubg.command(command)
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os.dup2(saved[0], 1)
                os.dup2(saved[1], 2)
                os.close(saved[0])
                os.close(saved[1])
            out.seek(0)
            return out.read().decode("utf-8", "replace")

    def verdict(self, spot: CubeSpot) -> Verdict:
        self._run(f"set matchid {spot.match_id}")
        self._run(f"set board {spot.position_id}")
        text = self._run("hint")
        if "cannot double" in text:
            raise NoCube(text.strip())
        values: dict[str, float] = {}
        for line in text.splitlines():
            found = self._LINE.match(line)
            if found:
                name = found.group(1).lower().replace("redouble", "double")
                values[name] = float(found.group(2))
        proper = self._PROPER.search(text)
        if len(values) != 3 or proper is None:
            raise RuntimeError(f"unexpected gnubg output for {spot}:\n{text}")
        action = proper.group(1).lower().replace("redouble", "double")
        doubles = action.startswith(("double", "optional double"))
        takes = action.endswith("take")
        return Verdict(values["no double"], values["double, take"], values["double, pass"], doubles, takes)


# -- ours ----------------------------------------------------------------------------------
def with_gnubg_chances(bot: Bot) -> Bot:
    """The bot with GNU Backgammon's 0-ply chances in place of its own evaluation (a diagnostic).

    Fed the judge's own chances, what is left of the disagreement is the cube model's,
    not the evaluator's. Nothing is learnt from it.
    """
    import gnubg_nn

    def evaluate(position: Position) -> Evaluation:
        win, wg, wbg, lg, lbg = gnubg_nn.probabilities(position.gnubg_board(), 0)
        return Evaluation(win, wg, wbg, lg, lbg, 2.0 * win - 1.0 + wg + wbg - lg - lbg)

    bot.evaluate = evaluate  # type: ignore[method-assign]
    return bot


def ours(bot: Bot, spot: CubeSpot) -> tuple[bool, bool]:
    """(doubles, takes) as the bot decides them: at the roll, and with the double pending."""
    state, score = spot.state()
    match = Match(state.rules, start=state)
    match.score = score
    offer = bot.cube_action(match)
    assert offer is not None, spot
    match.double()
    answer = bot.cube_action(match)
    assert answer is not None, spot
    return offer.action == "double", answer.action == "take"


def label(doubles: bool, takes: bool, v: Verdict | None = None) -> str:
    """The full decision's name; "too good" when not doubling though the taker would pass."""
    if doubles:
        return "double/take" if takes else "double/pass"
    return "no double" if takes else "too good"


@dataclass
class Tally:
    n: int = 0
    full: int = 0
    doubler: int = 0
    taker: int = 0
    doubler_cost: float = 0.0
    taker_cost: float = 0.0

    def add(self, v: Verdict, doubles: bool, takes: bool) -> None:
        self.n += 1
        self.full += label(doubles, takes) == label(v.doubles, v.takes)
        self.doubler += doubles == v.doubles
        self.taker += takes == v.takes
        chosen = min(v.double_take, v.double_pass) if doubles else v.no_double
        self.doubler_cost += v.best_for_doubler - chosen
        self.taker_cost += (v.double_take if takes else v.double_pass) - min(v.double_take, v.double_pass)

    def row(self, name: str) -> str:
        n = max(self.n, 1)
        return (
            f"  {name:<16} {self.n:4d}   full {100 * self.full / n:5.1f}%"
            f"   doubler {100 * self.doubler / n:5.1f}%   taker {100 * self.taker / n:5.1f}%"
            f"   cost/decision: doubler {self.doubler_cost / n:.4f}"
            f"  taker {self.taker_cost / n:.4f}"
        )


def judge(
    level: str, ply: int, limit: int | None, chances: str = "ours", weights: Path | None = None
) -> dict[str, Tally]:
    bot = Bot(level, weights=load_weights(weights) if weights else None)
    if chances == "gnubg":
        bot = with_gnubg_chances(bot)
    gnubg = Gnubg(ply)
    tallies: dict[str, Tally] = defaultdict(Tally)
    spots = read_suite()[:limit]
    for spot in spots:
        v = gnubg.verdict(spot)
        doubles, takes = ours(bot, spot)
        for name in ("all", "money" if not spot.is_match else "match", spot.context):
            tallies[name].add(v, doubles, takes)
    return tallies


def report(tallies: dict[str, Tally]) -> Iterator[str]:
    for name in ("all", "money", "match", *CONTEXTS):
        if name in tallies:
            yield tallies[name].row(name)


# -- cubeful games against gnubg 0-ply ------------------------------------------------------
class GnubgPlayer:
    """GNU Backgammon as an opponent with the cube live: its cube analysis, its 0-ply checker play."""

    def __init__(self, gnubg: Gnubg) -> None:
        self.gnubg = gnubg

    def action(self, match: Match) -> Action:
        import gnubg_nn

        game = match.game
        if game.phase == "over":
            return NewGame()
        if game.phase == "opening":
            return Roll(match.draw_dice())
        if game.phase == "move":
            assert game.dice is not None
            # best_move(..., b=1) gives the result as [mover, opponent] (tools/versus.py)
            _, key = gnubg_nn.best_move(game.position.gnubg_board(), *game.dice, b=1)
            mover, opponent = gnubg_nn.board_from_position_key(key)
            result = Position.from_counts(opponent, mover)
            for play in game.legal_plays():
                if play.result == result:
                    return Move.of(play)
            raise RuntimeError(f"gnubg's play in {game.position.position_id()} is not a legal play")
        if game.phase == "roll" and not game.can_double():
            return Roll(match.draw_dice())
        key = replace(match.match_key(), doubled=False, turn=game.turn, dice=(0, 0))
        try:
            verdict = self.gnubg.verdict(CubeSpot(game.position.position_id(), key.to_id(), "game"))
        except NoCube:  # a cube gnubg would not turn: it rolls, and takes one it would not offer
            return Take() if game.phase == "doubled" else Roll(match.draw_dice())
        if game.phase == "doubled":
            return Take() if verdict.takes else Drop()
        return Double() if verdict.doubles else Roll(match.draw_dice())


def cubeful_games(
    level: str, games: int, match_length: int, seed: int, weights: Path | None = None
) -> list[float]:
    """Our ``level`` against gnubg 0-ply, the cube live on both sides; our result per game or match.

    Pair ``i`` plays two games (or matches) on the same dice with the seats swapped.
    Money: points won per game; match: 1 for a match won, 0 for one lost.
    """
    bot = Bot(level, seed=seed, weights=load_weights(weights) if weights else None)
    them = GnubgPlayer(Gnubg(0))
    results = []
    for i in range(games):
        us = i % 2
        rules = Rules(match_length=match_length)
        match = Match(rules, rng=random.Random(seed * 1_000_003 + i // 2))
        while True:
            game = match.game
            if game.phase == "over" and (match.is_match_over or not rules.is_match):
                break
            actor = game.actor if game.phase != "over" else us
            action = choose_action(bot, match) if actor == us else them.action(match)
            match.apply(action)
        if rules.is_match:
            results.append(1.0 if match.match_winner == us else 0.0)
        else:
            results.append(float(match.score[us] - match.score[1 - us]))
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    make = sub.add_parser("make", help="rebuild the suite")
    make.add_argument("--positions", type=int, default=420)
    make.add_argument("--seed", type=int, default=1)
    run = sub.add_parser("judge", help="score our cube decisions against gnubg's")
    run.add_argument("--level", default="expert")
    run.add_argument("--ply", type=int, default=0, help="gnubg's cube evaluation depth (default 0)")
    run.add_argument("--limit", type=int, default=None, help="only the first N spots")
    run.add_argument(
        "--chances",
        choices=("ours", "gnubg"),
        default="ours",
        help="gnubg: our cube model on gnubg's 0-ply chances, to measure the model alone",
    )
    games = sub.add_parser("games", help="cubeful games against gnubg 0-ply, both cubes live")
    games.add_argument("--level", default="expert")
    games.add_argument("--games", type=int, default=200, help="games (money) or matches; pairs share dice")
    games.add_argument("--match", type=int, default=0, help="match length (0: money sessions)")
    games.add_argument("--seed", type=int, default=1)
    for sub_parser in (run, games):
        sub_parser.add_argument(
            "--weights", type=Path, help="a weight file for our side (default: the cart's own)"
        )
    args = ap.parse_args(argv)
    if args.command == "make":
        spots = make_suite(args.positions, args.seed)
        write_suite(spots)
        print(f"wrote {len(spots)} spots to {SUITE}")
        return 0
    if args.command == "games":
        results = cubeful_games(args.level, args.games, args.match, args.seed, args.weights)
        # pairs share their dice with the seats swapped: the interval is over pairs, as in versus
        pairs = [(results[i] + results[i + 1]) / 2 for i in range(0, len(results) - 1, 2)]
        n = len(pairs)
        mean = sum(pairs) / n
        sd = (sum((r - mean) ** 2 for r in pairs) / max(n - 1, 1)) ** 0.5
        what = f"{args.match}-point matches won" if args.match else "points a game"
        half = 1.96 * sd / n**0.5
        print(
            f"{args.level} against gnubg 0-ply, cube live: {mean:+.3f} +- {half:.3f} {what} ({len(results)})"
        )
        return 0
    tallies = judge(args.level, args.ply, args.limit, args.chances, args.weights)
    print(
        f"cube decisions of {args.level} ({args.chances} chances) against gnubg {args.ply}-ply"
        f" ({tallies['all'].n} spots)"
    )
    for line in report(tallies):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
