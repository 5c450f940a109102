"""A play shown man by man: the boards and dice of each step, from the engine's ``Moved`` event.

No Pyxel here; the Play scene ticks a :class:`CheckerRun` once a frame and
draws the man it says is in the air.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cart.engine import GameState, Moved, Position, boards, dice_list

from . import layout as L
from .view_state import Lifted


@dataclass
class CheckerRun:
    """A play the engine has applied, shown man by man from its ``Moved`` event.

    ``boards`` are the board before each step and the final one, ``dice_left``
    the dice still to play at each of them, both made from the event's steps
    by :meth:`of`, so the animation shows exactly the dice and hits the engine
    says. Until the last man lands the table shows the game as the mover saw
    it: ``state`` (its dice, cube and turn), ``score`` and ``viewer``.
    """

    player: int
    boards: list[Position]  # before each step, and the final board
    moves: list[tuple[int, int]]
    dice_left: list[tuple[int, ...]]
    frames: int
    state: GameState
    score: tuple[int, int]
    viewer: int
    i: int = 0
    t: int = 0

    @classmethod
    def of(
        cls, moved: Moved, state: GameState, score: tuple[int, int], viewer: int, frames: int
    ) -> CheckerRun:
        """The run of ``moved``, a play made in ``state`` at ``score``, seen from ``viewer``'s side."""
        assert moved.before is not None and state.dice is not None
        left = list(dice_list(state.dice))
        lefts = [tuple(left)]
        for step in moved.steps:
            left.remove(step.die)
            lefts.append(tuple(left))
        moves = [(step.src, step.dst) for step in moved.steps]
        runs = [moved.before, *boards(moved.before, moved.steps)]
        return cls(moved.player, runs, moves, lefts, frames, state, score, viewer)

    @property
    def done(self) -> bool:
        return self.i >= len(self.moves)

    def tick(self) -> bool:
        """Advance one frame; True when the last step has landed."""
        self.t += 1
        if self.t >= self.frames:
            self.t = 0
            self.i += 1
            return self.done
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
    held: int = 0  # frames a tumble was kept going past its own (the computer's dice, its play not ready)

    def tick(self) -> bool:
        """One frame; True when this beat is over."""
        if self.run is not None:
            return self.run.tick()
        self.frames -= 1
        return self.frames <= 0

    def hold(self, most: int) -> bool:
        """Keep a tumble going a frame more instead of ending it, ``most`` frames at most; whether it did."""
        if self.kind != "tumbling" or self.frames > 1 or self.held >= most:
            return False
        self.held += 1
        return True


def play_frames(step_frames: int, steps: int) -> int:
    """Frames each man of a play of ``steps`` flies: ``step_frames``, quicker in a long play.

    A play takes at most :data:`PLAY_STEPS` men's time, so a double's four men land about when two
    would, never faster than :data:`QUICKEST` frames a man, which the eye still follows.

    >>> play_frames(8, 1), play_frames(8, 2), play_frames(8, 3), play_frames(8, 4), play_frames(3, 4)
    (8, 8, 7, 5, 3)
    """
    if steps <= PLAY_STEPS or step_frames <= QUICKEST:
        return step_frames
    return max(QUICKEST, round(step_frames * PLAY_STEPS / steps))


PLAY_STEPS = 2.5
"""A long play's men share this many men's flights at the chosen speed (see :func:`play_frames`)."""
QUICKEST = 3
"""Frames a man's flight takes at the quickest (30 fps): 0.1 s, still seen to travel."""
