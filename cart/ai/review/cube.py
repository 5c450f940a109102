"""The cube in a review: how the player on roll values results with the cube, and a cube decision judged.

Apart from the reviewer, so the tutor judges a single decision with it too. A
match's figures are in EMG, as gnubg's, so a cube error reads on a checker error's scale.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine import Action, Double, Drop, GameState, Take
from ..bot import CubeDecision
from ..cube import CubeState
from ..met import after_game
from .model import VERY_BAD, CubeReview, mark


@dataclass(frozen=True)
class CubeView:
    """The cube as the mover sees it before its roll; ``emg`` turns a match winning chance into EMG."""

    state: CubeState
    emg: Callable[[float], float]

    def mover(self, opponent_value: float) -> float:
        """The mover's equity (EMG) from the opponent's cubeful value (money units or match chance)."""
        return self.emg(1.0 - opponent_value) if self.state.is_match else -opponent_value


def cube_view(state: GameState, score: tuple[int, int]) -> CubeView | None:
    """The cube as the player on turn in ``state`` sees it; None where the rules have no cube."""
    if not state.rules.uses_cube:
        return None
    mover = state.turn
    n = state.rules.match_length
    owner = None if state.cube_owner is None else (0 if state.cube_owner == mover else 1)
    away = (n - score[mover], n - score[1 - mover]) if n else None
    cube = CubeState(state.cube, owner, away, state.crawford, state.rules.max_cube)
    return CubeView(cube, _to_emg(state, score, mover))


def emg_span(state: GameState, score: tuple[int, int], doubler: int) -> tuple[float, float] | None:
    """``doubler``'s match winning chances after a single game won and lost at the cube; None in money."""
    n = state.rules.match_length
    if not n:
        return None
    away = (n - score[doubler], n - score[1 - doubler])
    win = after_game(away, state.cube, True, crawford=state.crawford)
    return win, after_game(away, state.cube, False, crawford=state.crawford)


def _to_emg(state: GameState, score: tuple[int, int], doubler: int) -> Callable[[float], float]:
    """``doubler``'s figures in EMG: money's are already (per unit of the cube); a match's chances of
    winning it are mapped as gnubg's ``mwc2eq`` maps them, +1 a single game won at the cube, -1 lost."""
    span = emg_span(state, score, doubler)
    if span is None:
        return lambda x: x
    win, lose = span
    if win - lose < 1e-9:
        return lambda x: 0.0
    return lambda x: (2.0 * x - (win + lose)) / (win - lose)


def cube_review(
    decision: CubeDecision, state: GameState, score: tuple[int, int], action: Action, index: int, game: int
) -> CubeReview:
    """The cube decision ``action`` (Roll/Double for the doubler, Take/Drop for the taker) judged by
    ``decision``, the master's figures for the doubler."""
    doubler = state.turn
    emg = _to_emg(state, score, doubler)
    nd, dt, dp = emg(decision.no_double), emg(decision.double_take), emg(decision.double_pass)
    if isinstance(action, (Take, Drop)):
        made = "take" if isinstance(action, Take) else "drop"
        right = "take" if dt <= dp else "drop"
        loss = (dt if made == "take" else dp) - min(dt, dp)
        close = loss > 0 or abs(dt - dp) < VERY_BAD
        return CubeReview(index, game, 1 - doubler, "take", made, right, nd, dt, dp, loss, mark(loss), close)
    made = "double" if isinstance(action, Double) else "no double"
    right = decision.action if decision.action in ("double", "no double", "too good") else "no double"
    doubled = min(dt, dp)
    # "no double" also where the cube cannot gain (a single win takes the match): ND is the best then
    best = nd if right == "no double" else max(nd, doubled)
    loss = max(0.0, best - (doubled if made == "double" else nd))
    close = loss > 0 or abs(nd - doubled) < VERY_BAD
    return CubeReview(index, game, doubler, "double", made, right, nd, dt, dp, loss, mark(loss), close)


def cube_matters(state: GameState, score: tuple[int, int]) -> bool:
    """Whether the player on roll has a cube decision to make: the rules let it double and a double
    can gain (gnubg skips the leader's dead cube after the Crawford game the same way)."""
    view = cube_view(state, score)
    return state.can_double() and view is not None and view.state.may_double()
