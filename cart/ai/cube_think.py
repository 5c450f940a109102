"""The computer's cube decisions, sliced like its checker play (:meth:`cart.ai.Bot.think_cube`).

This feeds :mod:`cart.ai.cube`'s arithmetic a position's chances (the net at
0-ply or, for the master, the opponent's replies to each roll) and turns its
three equities into the action a player takes.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Literal, NamedTuple

from ..engine import GameState, Match, Position
from ..engine.fast import flip_key, successors
from .cube import Chances, CubeState, cube_efficiency, lookahead
from .net import Probs, equity, flip_probs
from .slices import GEN_COST, ROLLS, SLICE_EVALS

Replies = list[tuple[float, Chances, float]]


class Evaluation(NamedTuple):
    """Cubeless outlook of the side on roll, before it rolls."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float
    equity: float


CubeAction = Literal["double", "no double", "too good", "take", "drop"]


class CubeDecision(NamedTuple):
    """A cube decision and the doubler's equity for each outcome behind it.

    Money: points per unit of the current cube; match: chance of winning the match.
    """

    action: CubeAction
    no_double: float
    double_take: float
    double_pass: float
    evaluation: Evaluation


def think_cube_decision(
    game: GameState | Match,
    evaluate: Callable[[Position], Evaluation],
    replies_of: Callable[[Position], Generator[None, None, Replies]] | None = None,
    deeper: Callable[[Position], Generator[None, None, Evaluation]] | None = None,
) -> Generator[None, None, CubeDecision | None]:
    """The cube decision due now in ``game`` (None: none to make), in slices.

    ``evaluate`` gives 0-ply chances, ``deeper`` (the master) deeper ones in slices; with
    ``replies_of`` it averages the opponent's cubeful value after its best play to each roll.
    """
    if isinstance(game, Match):
        score = game.score
        state = game.game
    else:
        score = (0, 0)
        state = game
    if state.phase == "roll":
        if not state.can_double():
            return None
        doubler = state.turn
    elif state.phase == "doubled":
        doubler = state.turn
    else:
        return None
    yield
    # the doubler is on roll
    ev = evaluate(state.position) if deeper is None else (yield from deeper(state.position))
    n = state.rules.match_length
    owner = None if state.cube_owner is None else (0 if state.cube_owner == doubler else 1)
    cube = CubeState(
        state.cube,
        owner,
        (n - score[doubler], n - score[1 - doubler]) if n else None,
        state.crawford,
        state.rules.max_cube,
    )
    if replies_of is not None:
        replies = yield from replies_of(state.position)
        nd, dt, dp = lookahead(cube, replies)
    else:
        nd, dt, dp = cube.decision(ev[:5], cube_efficiency(state.position))
    if state.phase == "doubled":
        action: CubeAction = "drop" if dt > dp else "take"
    elif not cube.may_double():
        action = "no double"  # a single win at this cube already wins the match
    elif dt > dp:
        action = "too good" if nd > dp else "double"
    else:
        action = "double" if dt > nd else "no double"
    return CubeDecision(action, nd, dt, dp, ev)


def cube_replies(after: Callable[[int], Probs], position: Position) -> Generator[None, None, Replies]:
    """For each roll of the side on roll: its weight, and the opponent's chances and cube efficiency
    before its own roll after the best play (cubeless, gammons counted), a few slices in all."""
    out: Replies = []
    budget = 0
    for a, b, w in ROLLS:
        succ = successors(position.key, a, b)
        budget += GEN_COST
        chosen = position.key  # no play: the same board, the opponent to roll
        best = -9.0
        for k in succ:
            e = equity(after(k))
            if e > best:
                best, chosen = e, k
            budget += 1
            if budget >= SLICE_EVALS:
                budget = 0
                yield
        theirs = flip_probs(after(chosen))
        out.append(
            (
                float(w),
                (theirs[0], theirs[1], theirs[2], theirs[3], theirs[4]),
                cube_efficiency(Position(flip_key(chosen))),
            )
        )
    return out
