"""The computer thinks in the time each frame has left: a frame clock and a thought stepped against it.

:class:`FrameClock` gives the deadline by which thinking must stop for the frame
to end on time; a :class:`Thinker` runs slices until the next one, forecast from
recent slices, would pass it, so one slow slice costs a frame, not the game. No
Pyxel: tests and the bench drive it with their own clock.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Generator
from typing import Any

RECENT = 16
"""Draws the clock looks back over for the time to keep for drawing."""
DECAY = 0.75
"""How much of the forecast is left after each slice that took less: a slow one is forgotten fast."""


class FrameClock:
    """When the current frame began and how long drawing takes; the deadline for thinking in this frame.

    ``budget`` fixes the allowance instead: tests make every decision in one frame, the same anywhere.
    """

    def __init__(
        self, fps: int, margin_s: float = 0.005, now: Callable[[], float] = time.perf_counter
    ) -> None:
        self.period = 1 / fps
        self.margin = margin_s
        self.now = now
        self.budget: float | None = None
        self.start = now()
        self.draws: deque[float] = deque(maxlen=RECENT)
        self.thought = 0.0  # seconds of thinking in the current frame
        self.frames = 0  # frames drawn so far

    def begin(self) -> None:
        """A frame starts (its update is about to run)."""
        self.start = self.now()
        self.thought = 0.0

    def drew(self, seconds: float) -> None:
        """The frame's drawing took ``seconds``; the next frames keep that much time for it."""
        self.draws.append(seconds)
        self.frames += 1

    def deadline(self) -> float:
        """The moment thinking must stop: the frame's end less the draw to come and the margin."""
        if self.budget is not None:
            return self.now() + self.budget
        draw = max(self.draws, default=0.002)
        return self.start + self.period - self.margin - draw


class Thinker:
    """A computer decision in progress: a ``think_*`` generator stepped until the frame's deadline.

    ``state``: the moment it thinks about; once the game moves on the scene drops it.
    """

    def __init__(
        self,
        gen: Generator[None, None, Any],
        done: Callable[[Any], None],
        state: object,
        player: int | None = None,
    ) -> None:
        self.gen = gen
        self.done = done
        self.state = state
        self.player = player
        self.slices = 0
        self.frames = 0
        self.forecast = 0.0  # how long the next slice may take

    def ran(self, seconds: float) -> None:
        """A slice took ``seconds``: the forecast is the longer of it and the decayed last forecast."""
        self.forecast = max(seconds, self.forecast * DECAY)

    def step(self, clock: FrameClock) -> bool:
        """Run slices while the next should end before ``clock``'s deadline (one at least); True: answered."""
        deadline = clock.deadline()
        now = clock.now
        start = now()
        try:
            while True:
                t0 = now()
                try:
                    next(self.gen)
                except StopIteration as stop:
                    self.done(stop.value)
                    return True
                t1 = now()
                self.slices += 1
                self.ran(t1 - t0)
                if t1 + self.forecast >= deadline:
                    self.frames += 1
                    return False
        finally:
            clock.thought += now() - start


RECENT_SLICES = 64  # the analysis's slices a frame's forecast looks back over


class SteadyThinker(Thinker):
    """A Thinker that forecasts a slice as the longest of the last :data:`RECENT_SLICES`.

    The analysis's slices vary widely: forgetting a long one would drop a frame at the next.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.recent: deque[float] = deque(maxlen=RECENT_SLICES)

    def ran(self, seconds: float) -> None:
        self.recent.append(seconds)
        self.forecast = max(self.recent)
