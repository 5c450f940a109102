"""The cube: cubeful equity from cubeless chances, and the computer's decision from them, in slices.

Both models mix, by the cube's efficiency, the dead cube and a fully live one (Janowski's
idea, as gnubg's 0-ply uses); a match's take points depend on the score, so
:class:`MatchCube` works them out from the table, from the highest cube that matters down.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from typing import Literal, NamedTuple

from ..engine import GameState, Match, Position
from ..engine.fast import flip_key, successors
from .met import after_game
from .net import Probs, equity, flip_probs
from .slices import GEN_COST, ROLLS, SLICE_EVALS


def cube_efficiency(position: Position) -> float:
    """How live the cube is: 0.68 in contact; in a race it grows with the race's length (gnubg's rule)."""
    if not position.is_race():
        return 0.68
    pips = position.pips()[0]
    return min(0.7, max(0.6, 0.55 + 0.00125 * pips))


def live_value(p: float, knots: list[tuple[float, float]]) -> float:
    """The fully live cube's value at chance ``p``: linear between the knots (chance, value), in order."""
    for (a, va), (b, vb) in pairwise(knots):
        if p <= b:
            return va if b - a < 1e-12 else va + (vb - va) * (p - a) / (b - a)
    return knots[-1][1]


def janowski(p: float, w: float, loss: float, x: float, dead: float, owner: str) -> float:
    """Money cubeful equity per unit of cube: Janowski's mix of the dead cube and a fully live one.

    ``w``/``loss``: a win's and a loss's average value (gammons above 1); past either cash
    point the side ahead is too good and plays on for its gammons.
    """
    take_point = (loss - 0.5) / (w + loss + 0.5)
    cash_point = (loss + 1.0) / (w + loss + 0.5)
    knots = [(0.0, -loss)]
    if owner != "mine":
        knots.append((take_point, -1.0))
    if owner != "theirs":
        knots.append((max(cash_point, knots[-1][0]), 1.0))
    knots.append((1.0, w))
    return x * live_value(p, knots) + (1.0 - x) * dead


def money_cube(
    win: float, gammons: tuple[float, float, float, float], x: float, dead: float, owner: str
) -> tuple[float, float, float]:
    """(no double, double/take, double/pass) per unit of the cube; ``gammons``: win g, bg, lose g, bg."""
    wg, wbg, lg, lbg = gammons
    w = 1.0 + (wg + wbg) / win if win > 1e-9 else 1.0
    lo = 1.0 - win
    loss = 1.0 + (lg + lbg) / lo if lo > 1e-9 else 1.0
    return janowski(win, w, loss, x, dead, owner), 2.0 * janowski(win, w, loss, x, dead, "theirs"), 1.0


@dataclass(frozen=True)
class MatchCube:
    """The cube in a match, for player X against Y, from X's cubeless chances: X's chance of the match.

    ``away``: (X's points to go, Y's); ``crawford``: no cube at all in this game.

    >>> even = MatchCube((2, 4), False, 0.7, (0.0, 0.0, 0.0, 0.0), 0.68)
    >>> round(even.take_point(1, 2), 3)  # the trailer, doubled to 2 at 2-away/4-away (Y's chances)
    0.186
    >>> round(even.take_point(0, 4), 3)  # the leader, redoubled to 4: take from 50%
    0.5
    """

    away: tuple[int, int]
    crawford: bool
    win: float
    gammons: tuple[float, float, float, float]
    x: float

    # -- match winning chances after a game ---------------------------------------
    def after(self, points: int, x_wins: bool) -> float:
        """X's match winning chance after X wins (or loses) a game of ``points``."""
        return after_game(self.away, points, x_wins, crawford=self.crawford)

    @cached_property
    def _shares(self) -> tuple[tuple[tuple[float, int], ...], tuple[tuple[float, int], ...]]:
        """How X's wins and losses split into single, gammon and backgammon (conditional shares)."""
        wg, wbg, lg, lbg = self.gammons
        p, q = self.win, 1.0 - self.win
        # a side that cannot win (or lose) at all: its wins (losses) count as singles
        wins = ((1.0 - wg / p, 1), (wg / p - wbg / p, 2), (wbg / p, 3)) if p > 1e-9 else ((1.0, 1),)
        losses = ((1.0 - lg / q, 1), (lg / q - lbg / q, 2), (lbg / q, 3)) if q > 1e-9 else ((1.0, 1),)
        return wins, losses

    def won(self, cube: int) -> float:
        """X's chance after X wins the game at ``cube``, gammons as the chances say."""
        return sum(s * self.after(k * cube, True) for s, k in self._shares[0])

    def lost(self, cube: int) -> float:
        """X's chance after X loses the game at ``cube``."""
        return sum(s * self.after(k * cube, False) for s, k in self._shares[1])

    # -- who may double, and where each side cashes ------------------------------------
    def can_double(self, player: int, cube: int) -> bool:
        """Whether ``player`` (0 = X) gains anything by turning a cube of ``cube``."""
        return not self.crawford and self.away[player] > cube

    def take_point(self, player: int, cube: int) -> float:
        """``player``'s own chance of winning below which a double to ``cube`` should be passed."""
        return self._take_points[(player, cube)]

    def cash_point(self, player: int, cube: int) -> float | None:
        """``player``'s own chance at which, owning or sharing ``cube``, it doubles the other out."""
        if not self.can_double(player, cube):
            return None
        return 1.0 - self.take_point(1 - player, 2 * cube)

    @cached_property
    def _take_points(self) -> dict[tuple[int, int], float]:
        points: dict[tuple[int, int], float] = {}
        top = 1
        while self.can_double(0, top) or self.can_double(1, top):
            top *= 2
        cube = 2 * top
        while cube >= 2:  # the highest cube first: its take points do not depend on a redouble
            for player in (0, 1):
                points[(player, cube)] = self._take(player, cube, points)
            cube //= 2
        return points

    def _take(self, player: int, cube: int, known: dict[tuple[int, int], float]) -> float:
        """Where taking ``cube`` (and owning it) is worth passing, in ``player``'s chances."""

        def mine(value: float) -> float:  # X's chance as ``player``'s chance
            return value if player == 0 else 1.0 - value

        passed = mine(self.after(cube // 2, player != 0))
        lost = mine(self.lost(cube) if player == 0 else self.won(cube))
        if self.can_double(player, cube) and (1 - player, 2 * cube) in known:
            cash_at = 1.0 - known[(1 - player, 2 * cube)]
            top = mine(self.after(cube, player == 0))
            span = top - lost
            point = cash_at * (passed - lost) / span if span > 1e-12 else 0.0
        else:
            won = mine(self.won(cube) if player == 0 else self.lost(cube))
            span = won - lost
            point = (passed - lost) / span if span > 1e-12 else 0.0
        return min(1.0, max(0.0, point))

    # -- cubeful values ------------------------------------------------------------------
    def cubeful(self, cube: int, owner: int | None) -> float:
        """X's match winning chance with ``cube`` owned by ``owner`` (0 = X, 1 = Y, None centred).

        Piecewise linear in X's chance ``p`` through both cash points; past one the side plays on.
        """
        p = self.win
        won, lost = self.won(cube), self.lost(cube)
        dead = p * won + (1.0 - p) * lost
        x_cash = self.cash_point(0, cube) if owner != 1 else None
        y_cash = self.cash_point(1, cube) if owner != 0 else None
        if x_cash is None and y_cash is None:
            return dead
        knots = [(0.0, lost)]
        if y_cash is not None:
            knots.append((1.0 - y_cash, self.after(cube, False)))
        if x_cash is not None:
            knots.append((max(x_cash, knots[-1][0]), self.after(cube, True)))
        knots.append((1.0, won))
        return self.x * live_value(p, knots) + (1.0 - self.x) * dead

    def decision(self, cube: int, owner: int | None) -> tuple[float, float, float]:
        """(no double, double/take, double/pass) for X with ``cube`` owned by ``owner`` now."""
        return self.cubeful(cube, owner), self.cubeful(2 * cube, 1), self.after(cube, True)


# -- one interface for both: the cube state from the roller's side -------------------------
Chances = tuple[float, float, float, float, float]
"""Cubeless chances of the side on roll: win, win gammon, win backgammon, lose gammon, lose backgammon."""


@dataclass(frozen=True)
class CubeState:
    """The cube as the side on roll (player 0 here) sees it, before rolling.

    ``owner``: 0, 1 or None (centred); ``away``: both sides' points to go, None in
    money play. Values are per unit of ``cube`` (money) or match winning chances.
    """

    cube: int
    owner: int | None
    away: tuple[int, int] | None = None
    crawford: bool = False
    max_cube: int = 1 << 15

    @property
    def is_match(self) -> bool:
        return self.away is not None

    def flipped(self) -> CubeState:
        """The same cube seen by the opponent (when it is about to roll)."""
        owner = None if self.owner is None else 1 - self.owner
        away = None if self.away is None else (self.away[1], self.away[0])
        return CubeState(self.cube, owner, away, self.crawford, self.max_cube)

    def taken(self) -> CubeState:
        """After the side on roll doubles and the opponent takes: twice the cube, the opponent's."""
        return CubeState(2 * self.cube, 1, self.away, self.crawford, self.max_cube)

    def may_double(self) -> bool:
        """Whether doubling is allowed now and can gain anything (a cube no win needs is dead)."""
        if self.owner == 1 or self.crawford or 2 * self.cube > self.max_cube:
            return False
        return self.away is None or self.away[0] > self.cube

    def _match(self, chances: Chances, x: float) -> MatchCube:
        assert self.away is not None
        return MatchCube(self.away, self.crawford, chances[0], chances[1:], x)  # type: ignore[arg-type]

    def decision(self, chances: Chances, x: float) -> tuple[float, float, float]:
        """(no double, double/take, double/pass) for the side on roll, at 0-ply."""
        win, wg, wbg, lg, lbg = chances
        if self.away is None:
            dead = win + wg + wbg - (1.0 - win) - lg - lbg
            owner = "centre" if self.owner is None else ("mine" if self.owner == 0 else "theirs")
            return money_cube(win, (wg, wbg, lg, lbg), x, dead, owner)
        return self._match(chances, x).decision(self.cube, self.owner)

    def value(self, chances: Chances, x: float) -> float:
        """The side on roll's cubeful value when it handles the cube well: doubles when it should."""
        nd, dt, dp = self.decision(chances, x)
        if not self.may_double():
            return nd
        return max(nd, min(dt, dp))


def lookahead(state: CubeState, replies: list[tuple[float, Chances, float]]) -> tuple[float, float, float]:
    """(no double, double/take, double/pass) for the side on roll, one ply deeper than :meth:`decision`.

    ``replies``: per roll its weight, the opponent's chances after the play and the
    cube's efficiency there; the opponent then handles the cube as :meth:`CubeState.value` says.
    """
    total = sum(w for w, _, _ in replies)
    after_nd, after_dt = state.flipped(), state.taken().flipped()
    nd = dt = 0.0
    for weight, chances, x in replies:
        their_nd, their_dt = after_nd.value(chances, x), after_dt.value(chances, x)
        if state.is_match:
            nd += weight * (1.0 - their_nd)
            dt += weight * (1.0 - their_dt)
        else:  # per unit of the cube now: after a take the cube is twice as big
            nd -= weight * their_nd
            dt -= weight * 2.0 * their_dt
    if state.is_match:
        assert state.away is not None
        dp = after_game(state.away, state.cube, True, crawford=state.crawford)
    else:
        dp = 1.0
    return nd / total, dt / total, dp


# -- the computer's decision, in slices ----------------------------------------------------
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
