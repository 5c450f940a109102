"""A play shown man by man: the boards and dice of each step, from the engine's steps.

No Pyxel here; the Play scene ticks a :class:`CheckerRun` once a frame and
draws the man it says is in the air.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from cart.engine import Position, Step, boards, dice_list

from . import layout as L
from .view_state import Lifted


@dataclass
class CheckerRun:
    """A play shown man by man from the engine's steps, then ``then`` commits it.

    Boards and dice left are made from the steps (:meth:`of`), so it shows exactly what the engine says.
    """

    player: int
    boards: list[Position]  # before each step, and the final board
    moves: list[tuple[int, int]]
    dice_left: list[tuple[int, ...]]
    frames: int
    then: Callable[[], object]
    i: int = 0
    t: int = 0

    @classmethod
    def of(
        cls,
        player: int,
        before: Position,
        dice: tuple[int, int],
        steps: tuple[Step, ...],
        frames: int,
        then: Callable[[], object],
    ) -> CheckerRun:
        """The run of ``steps`` (a play of ``dice`` from ``before``, from the engine) by ``player``."""
        left = list(dice_list(dice))
        lefts = [tuple(left)]
        for step in steps:
            left.remove(step.die)
            lefts.append(tuple(left))
        moves = [(step.src, step.dst) for step in steps]
        return cls(player, [before, *boards(before, steps)], moves, lefts, frames, then)

    @property
    def done(self) -> bool:
        return self.i >= len(self.moves)

    def tick(self) -> bool:
        """Advance one frame; True when the last step has landed (``then`` has run)."""
        self.t += 1
        if self.t >= self.frames:
            self.t = 0
            self.i += 1
            if self.done:
                self.then()
                return True
        return False

    @property
    def board(self) -> Position:
        return self.boards[min(self.i, len(self.boards) - 1)]

    def lifted(self, viewer: int) -> Lifted | None:
        if self.done:
            return None
        src, dst = self.moves[self.i]
        board = self.boards[self.i]
        mine = board.mine
        a = L.slot_rect(
            L.Spot(self.player, src), min(mine[src], L.place_count_cap(L.Spot(self.player, src))) - 1, viewer
        )
        cap = L.place_count_cap(L.Spot(self.player, dst))
        b = L.slot_rect(L.Spot(self.player, dst), min(mine[dst], cap - 1), viewer)
        f = (self.t + 1) / self.frames
        (ax, ay), (bx, by) = a.center, b.center
        return Lifted(self.player, src, round(ax + (bx - ax) * f), round(ay + (by - ay) * f))


@dataclass
class Beat:
    """Something the table shows before the game goes on (tumbling dice, a play, a pause) for ``frames``."""

    kind: Literal["tumbling", "animating", "pausing"]
    frames: int = 0
    run: CheckerRun | None = None

    def tick(self) -> bool:
        """One frame; True when this beat is over."""
        if self.run is not None:
            return self.run.tick()
        self.frames -= 1
        return self.frames <= 0
