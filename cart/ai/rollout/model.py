"""A rollout's terms: its settings, what is rolled out, its sums, what they say (:mod:`cart.ai.rollout`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ...engine import Dice
from ..cube import Chances, CubeState

ROLLOUT_VERSION = 1
"""Bumped whenever a rollout would say something else: kept rollouts of another version are not shown."""
FIRST_ROLLS: tuple[Dice, ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
"""The 36 first rolls, dealt in turn."""
Luck = Literal["none", "prune", "net"]
DEFAULT_LUCK: Luck = "prune"
QUICK_PLIES = 10
"""A quick rollout's truncation: ten plies, then the net's 0-ply (a third of a whole game's time)."""
PRUNE_COST = 0.3
"""A prune-net evaluation, in full-net evaluations (as the master counts it)."""
PRUNE_KEEP = 2
"""Plays of each roll the prune net passes to the full net when it judges the luck."""
MAX_PLIES = 500
"""A trial this long is read by the net where it stands (a game this long does not happen)."""
DECIDED_Z = 2.58
"""The stopping rule: the best play is decided when it leads every other by this many standard
errors of the difference (99%, two-sided), checked after each full rotation of the first roll."""
MIN_TRIALS = 72
"""Trials before the stopping rule is asked: two rotations, so the errors themselves are steady."""
MAX_TRIALS = 1296
"""Trials after which a rollout stops in any case: 36 rotations."""
CHECK_EVERY = 36


@dataclass(frozen=True)
class Settings:
    """How a rollout plays: its luck judge, truncation (plies, 0: whole games), seed and limit."""

    luck: Luck = DEFAULT_LUCK
    truncate: int = 0
    seed: int = 0
    max_trials: int = MAX_TRIALS


@dataclass(frozen=True)
class Decision:
    """What is rolled out, from the point of view of ``player``'s figures.

    ``kind`` "play": ``plays`` are the candidates' result keys (unflipped, the mover low)
    after ``dice``, named by ``labels``; "cube": the position before the roll, one entry.
    ``cube``/``emg``: the cube as the player on roll sees it and the two match results
    (win, lose at the cube) mapping a match chance to EMG; None in money play or without a cube.
    ``made``: which of ``plays`` was played (-1: none of them, or not a play).
    """

    kind: Literal["play", "cube"]
    position_id: str
    dice: Dice | None
    plays: tuple[int, ...]
    labels: tuple[str, ...]
    cube: CubeState | None = None
    emg: tuple[float, float] | None = None
    made: int = -1

    @property
    def width(self) -> int:
        """The lines rolled out side by side."""
        return len(self.plays)

    def to_emg(self, x: float) -> float:
        """A cube-model value (money per cube, or a match winning chance) in EMG."""
        if self.emg is None:
            return x
        win, lose = self.emg
        return 0.0 if win - lose < 1e-9 else (2.0 * x - (win + lose)) / (win - lose)


@dataclass(frozen=True)
class Tally:
    """The sums of a rollout so far: ``trials`` done, and over them each line's five chances
    (``sums``, five per line) and every pair's products (``cross``, the covariance's raw sums)."""

    trials: int = 0
    sums: tuple[float, ...] = ()
    cross: tuple[float, ...] = ()

    @classmethod
    def empty(cls, width: int) -> Tally:
        n = 5 * width
        return cls(0, (0.0,) * n, (0.0,) * (n * n))

    def add(self, rows: Sequence[Sequence[float]]) -> Tally:
        """With more trials, each the five chances of every line side by side."""
        sums = list(self.sums)
        cross = list(self.cross)
        n = len(sums)
        for row in rows:
            for i, v in enumerate(row):
                sums[i] += v
                if v:
                    base = i * n
                    for j, u in enumerate(row):
                        cross[base + j] += v * u
        return Tally(self.trials + len(rows), tuple(sums), tuple(cross))


@dataclass(frozen=True)
class Estimate:
    """One figure of a rollout: its value and standard error (EMG, or cubeless money equity)."""

    value: float
    se: float


@dataclass(frozen=True)
class Line:
    """One play (or the cube decision's position) rolled out: its chances, cubeless and cubeful equity."""

    label: str
    chances: Chances
    cubeless: Estimate
    cubeful: Estimate | None


@dataclass(frozen=True)
class Result:
    """What a rollout says so far: ``lines`` side by side, ``best`` the index of the best line, and for
    a cube decision (no double, double/take, double/pass) in EMG; ``decided`` by the stopping rule."""

    trials: int
    lines: tuple[Line, ...]
    best: int
    cube: tuple[Estimate, Estimate, Estimate] | None
    decided: bool
    luck: Luck = field(default=DEFAULT_LUCK)


# -- playing the trials ------------------------------------------------------------------------
