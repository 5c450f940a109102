"""Complete computer-vs-computer games at every level (issue 6, check 3).

    node tools/pyodide/run.mjs tools/pyodide/check_games.py     # under Pyodide, as in the browser
    python -m tools.pyodide.check_games                         # the same games under CPython

Each level plays itself (two bots, different seeds) through :class:`cart.engine.Match`, using
only the public API the front ends use: ``cart.ai.choose_action`` for every action (a play for
every roll, a cube decision before every roll and for every double offered, so the cube is
exercised), applied with ``Match.apply``.
The fast levels play a standard money game, a 7-point match (Crawford rule, match-equity cube)
and a MaxGammon game; the master, about 150 times slower, one standard money game.

Every play is checked against the engine's legal plays and every finished game for a legal
result: a winner who bore off all fifteen (or whose double was dropped), the points the cube
and the kind of win give, the score that adds them up, and a record that replays through the
engine to the same Match ID. Any failure raises, which makes ``run.mjs`` exit 1. The last line
is ``RESULT `` and a JSON list of the games, records included, so ``tests/web/test_pyodide.py`` can
replay them under CPython too.
"""

from __future__ import annotations

import json
import random
import sys
import time

from cart.ai import LEVELS, Bot, choose_action
from cart.engine import Double, Drop, Match, Move, Roll, Rules, Take, game_value

MAX_ACTIONS = 20_000
"""Far past any real game (a few hundred actions): only a loop that never ends gets there."""

GAMES: dict[str, Rules] = {
    "money": Rules(),
    "match7": Rules(match_length=7),
    "maxgammon": Rules(variant="maxgammon"),
}
PLAYED = {level: ("money",) if level == "master" else tuple(GAMES) for level in LEVELS}


def play_game(match: Match, bots: tuple[Bot, Bot]) -> dict[str, int]:
    """Play the current game of ``match`` to its end, each action the one ``choose_action`` gives.

    Every action is checked against the phase it answers before the engine applies it; counts of
    what happened.
    """

    counts = {"plays": 0, "doubles": 0, "drops": 0}
    for _ in range(MAX_ACTIONS):
        game = match.game
        if game.phase == "over":
            return counts
        bot = bots[game.actor]
        action = choose_action(bot, match)
        if game.phase == "move":
            legal = game.legal_plays()
            if not isinstance(action, Move) or action.moves not in {p.moves for p in legal}:
                raise AssertionError(
                    f"{bot!r} chose {action!r}, not one of the {len(legal)} legal plays of "
                    f"{game.dice} in {game.position.position_id()}"
                )
            counts["plays"] += 1
        elif game.phase == "doubled":
            if not isinstance(action, (Take, Drop)):
                raise AssertionError(f"{bot!r} answered a double with {action!r}")
            counts["drops"] += isinstance(action, Drop)
        elif game.phase == "roll":
            if not isinstance(action, (Double, Roll)):
                raise AssertionError(f"{bot!r} did {action!r} before rolling")
            counts["doubles"] += isinstance(action, Double)
        elif not isinstance(action, Roll):  # the standard opening roll-off
            raise AssertionError(f"{bot!r} did {action!r} at the opening roll")
        match.apply(action)
    raise AssertionError(f"game {match.game_number} still going after {MAX_ACTIONS} actions")


def check_result(match: Match, score_before: tuple[int, int]) -> str:
    """Raise unless the finished game has a legal winner, value and score; its kind."""
    game = match.game
    winner, kind = game.winner, game.result
    if game.phase != "over" or winner not in (0, 1):
        raise AssertionError(f"game {match.game_number} ended without a winner: {game!r}")
    if kind == "drop":
        if match.record[-1].to_json() != ["drop"] or game.points != game.cube:
            raise AssertionError(f"a dropped double scored {game.points} with the cube at {game.cube}")
    else:
        board = game.board(winner)
        if board.borne_off()[0] != 15:
            raise AssertionError(f"player {winner} won ({kind}) without bearing off: {board.position_id()}")
        value, expected_kind = game_value(board.flip())
        if (kind, game.points) != (expected_kind, value * game.cube):
            raise AssertionError(f"{kind} for {game.points} points; the board says {expected_kind} x{value}")
    gained = [after - before for after, before in zip(match.score, score_before, strict=True)]
    if gained[winner] != game.points or gained[1 - winner] != 0:
        raise AssertionError(f"score went from {score_before} to {match.score} for {game.points} points")
    return str(kind)


def play_session(level: str, name: str, seed: int, page: bool | None = None) -> dict[str, object]:
    """One money game, or one whole match, between two bots of ``level``; its summary.

    ``page``: the master's moves keep to the page's caps (``Bot``'s ``page``); by default, in the page.
    """
    rules = GAMES[name]
    bots = (Bot(level, seed=seed, page=page), Bot(level, seed=seed + 1, page=page))
    match = Match(rules, rng=random.Random(f"pyodide-check:{level}:{name}:{seed}"))
    totals = {"plays": 0, "doubles": 0, "drops": 0}
    kinds: list[str] = []
    while True:
        before = match.score
        for key, n in play_game(match, bots).items():
            totals[key] += n
        kinds.append(check_result(match, before))
        if not rules.is_match or match.is_match_over:
            break
        match.new_game()
    if rules.is_match and (match.match_winner not in (0, 1) or max(match.score) < rules.match_length):
        raise AssertionError(f"the match ended at {match.score} without a winner")
    again = Match.replay(rules, match.record)
    if (again.match_id(), again.score) != (match.match_id(), match.score):
        raise AssertionError(f"the record replays to {again!r}, not {match!r}")
    return {
        "level": level,
        "rules": name,
        "seed": seed,
        "page": bots[0].page,
        "games": match.game_number,
        "kinds": kinds,
        "winner": match.match_winner if rules.is_match else match.game.winner,
        "score": list(match.score),
        **totals,
        "match_id": match.match_id(),
        "record": [action.to_json() for action in match.record],
    }


def main() -> None:
    results = []
    for level in LEVELS:
        for name in PLAYED[level]:
            t0 = time.perf_counter()
            summary = play_session(level, name, seed=7)
            took = time.perf_counter() - t0
            print(
                f"{level:<12} {name:<9} {summary['games']} game(s) {' '.join(summary['kinds']):<22} "
                f"score {summary['score'][0]}-{summary['score'][1]}  {summary['plays']:3d} plays  "
                f"{summary['doubles']} doubles  {took:5.1f} s",
                flush=True,
            )
            results.append(summary)
    print(f"{sys.platform} Python {sys.version.split()[0]}: {len(results)} sessions, every result legal")
    print("RESULT " + json.dumps(results), flush=True)


if __name__ == "__main__":
    main()
