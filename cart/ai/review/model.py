"""What a review says about a match: one frozen value per decision and roll, and each player's totals.

The window, the terminal and the store read these. Equities are points per unit
of the cube (money) or EMG, gnubg's "equity normalised to money game": a single
game won at the current cube is +1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine import Dice

DOUBTFUL = 0.04
BAD = 0.08
VERY_BAD = 0.16
"""GNU Backgammon's default skill thresholds: an error of this much or more earns the mark."""
LUCKY = 0.3
VERY_LUCKY = 0.6
"""GNU Backgammon's luck thresholds: a roll this much better (worse) than the average of the 36."""
RATINGS: tuple[tuple[float, str], ...] = (
    (0.002, "Supernatural"),
    (0.005, "World class"),
    (0.008, "Expert"),
    (0.012, "Advanced"),
    (0.018, "Intermediate"),
    (0.026, "Casual player"),
    (0.035, "Beginner"),
)
"""gnubg's ``arThrsRating``: the first word whose bound the error per move (EMG) is below; else "Awful!"."""

Mark = Literal["", "doubtful", "bad", "very bad"]
LuckMark = Literal["", "lucky", "very lucky", "unlucky", "very unlucky"]
CubeKind = Literal["double", "take"]
Moves = tuple[tuple[int, int], ...]


def mark(loss: float) -> Mark:
    """The mark an error of ``loss`` earns: gnubg's thresholds, inclusive."""
    if loss >= VERY_BAD:
        return "very bad"
    if loss >= BAD:
        return "bad"
    if loss >= DOUBTFUL:
        return "doubtful"
    return ""


def luck_mark(luck: float) -> LuckMark:
    """The mark a roll's luck earns (gnubg: strictly beyond 0.3 / 0.6)."""
    if luck > VERY_LUCKY:
        return "very lucky"
    if luck > LUCKY:
        return "lucky"
    if luck < -VERY_LUCKY:
        return "very unlucky"
    if luck < -LUCKY:
        return "unlucky"
    return ""


def rating(error_per_move: float | None) -> str:
    """gnubg's rating word for an error rate per move in EMG (not millipoints); "N/A" with no decisions."""
    if error_per_move is None:
        return "N/A"
    for bound, word in RATINGS:
        if error_per_move < bound:
            return word
    return "Awful!"


@dataclass(frozen=True)
class PlayReview:
    """One checker play: the play made against the master's best, by the same evaluation.

    ``index``: the record index of the ``Move``; ``made``/``best``: the plays' moves
    (mover's numbering, for arrows); ``choices``: the legal plays (1: forced);
    ``win_after``: seat 0's chance of winning after it (0-ply), a point of the graph.
    """

    index: int
    game_number: int
    player: int
    dice: Dice
    position_id: str
    made: Moves
    best: Moves
    made_text: str
    best_text: str
    made_equity: float
    best_equity: float
    loss: float
    mark: Mark
    choices: int
    win_after: float

    @property
    def forced(self) -> bool:
        return self.choices < 2


@dataclass(frozen=True)
class CubeReview:
    """One cube decision: ``kind`` "double" (doubled, or rolled when it could have) or "take".

    ``made``/``right``: "double"/"no double" ("too good" past the cash point) or
    "take"/"drop"; ``no_double``, ``double_take``, ``double_pass``: the doubler's
    equity for each; ``close``: counted in gnubg's error rate.
    """

    index: int
    game_number: int
    player: int
    kind: CubeKind
    made: str
    right: str
    no_double: float
    double_take: float
    double_pass: float
    loss: float
    mark: Mark
    close: bool

    @property
    def doubler(self) -> int:
        """The player whose equities these are: the taker's opponent on a take or drop."""
        return self.player if self.kind == "double" else 1 - self.player


@dataclass(frozen=True)
class RollReview:
    """The luck of one roll for the player who rolled it: equity after its best play, against the
    average over the 36 rolls (0-ply); the opening roll-off counts for its winner."""

    index: int
    game_number: int
    player: int
    dice: Dice
    luck: float
    mark: LuckMark


@dataclass(frozen=True)
class PlayerTotals:
    """One player's figures, as gnubg's statistics name them.

    ``moves``: unforced plays; ``cube_decisions``: close ones; errors in EMG;
    ``marks``: (doubtful, bad, very bad) counts.
    """

    player: int
    name: str
    moves: int
    cube_decisions: int
    checker_error: float
    cube_error: float
    marks: tuple[int, int, int]
    luck: float

    @property
    def total_error(self) -> float:
        return self.checker_error + self.cube_error

    @property
    def decisions(self) -> int:
        """What the error rate is per: unforced moves and close cube decisions."""
        return self.moves + self.cube_decisions

    @property
    def error_per_move(self) -> float | None:
        """gnubg's overall error rate per move in EMG: all errors over unforced moves and close cube
        decisions (None with neither)."""
        n = self.decisions
        return self.total_error / n if n else None

    @property
    def error_rate(self) -> float | None:
        """The error rate per move in millipoints (mEMG), the figure players quote."""
        e = self.error_per_move
        return None if e is None else 1000.0 * e

    @property
    def rating(self) -> str:
        return rating(self.error_per_move)


@dataclass(frozen=True)
class Review:
    """A match told back: every play, cube decision and roll of ``record[:upto]``, in record order.

    ``key`` names the weights and analysis that made it; a Reviewer continues past ``upto``.
    """

    key: str
    ply: int
    upto: int
    names: tuple[str, str]
    plays: tuple[PlayReview, ...] = ()
    cubes: tuple[CubeReview, ...] = ()
    rolls: tuple[RollReview, ...] = ()

    def totals(self) -> tuple[PlayerTotals, PlayerTotals]:
        """Both players' totals (seat 0, seat 1)."""
        return (self._totals(0), self._totals(1))

    def _totals(self, seat: int) -> PlayerTotals:
        plays = [p for p in self.plays if p.player == seat and not p.forced]
        cubes = [c for c in self.cubes if c.player == seat]
        marks = [p.mark for p in plays] + [c.mark for c in cubes]
        return PlayerTotals(
            seat,
            self.names[seat],
            len(plays),
            sum(c.close for c in cubes),
            sum(p.loss for p in plays),
            sum(c.loss for c in cubes),
            (marks.count("doubtful"), marks.count("bad"), marks.count("very bad")),
            sum(r.luck for r in self.rolls if r.player == seat),
        )

    def decisions(self) -> list[PlayReview | CubeReview]:
        """Plays and cube decisions in record order (a cube decision before the roll it preceded)."""
        both: list[PlayReview | CubeReview] = [*self.plays, *self.cubes]
        return sorted(both, key=lambda d: d.index)

    def errors(self) -> list[PlayReview | CubeReview]:
        """The decisions that earned a mark, in record order: what "next error" steps through."""
        return [d for d in self.decisions() if d.mark != ""]

    def graph(self, game_number: int | None = None) -> list[tuple[int, float]]:
        """(record index, seat 0's chance of winning the game) after each play, of one game or all."""
        return [
            (p.index, p.win_after) for p in self.plays if game_number is None or p.game_number == game_number
        ]
