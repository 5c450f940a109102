"""The computer thinks in the time each frame has left: a frame clock and a thought stepped against it.

A :class:`Thinker` runs slices until the next, forecast from recent ones, would
pass the :class:`FrameClock`'s deadline. Frames starting late (render work not
seen) grow the clock's reserve, frames on time shrink it. No Pyxel here.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Generator
from typing import Any, Protocol

RECENT = 16
"""Draws the clock looks back over for the time to keep for drawing."""
DECAY = 0.75
"""How much of the forecast is left after each slice that took less: a slow one is forgotten fast."""
LATE_SLACK = 0.001
"""A frame starting this much past its period is on time (timer jitter)."""
RESERVE_STEP = 0.003
"""What a late frame adds to the time kept back (at most its lateness): a browser's frame that misses
its vsync is 16.7 ms late, which as a whole would overshoot what the next frames need."""
RESERVE_GIVEN_BACK = 0.00005
"""What a frame on time gives back: one late frame in 60 (2 s) once the reserve has settled."""
RESERVE_MAX = 0.015
"""The most kept back: thinking keeps about 10 ms a frame even where the rest of a frame costs more
than its period allows (software WebGL on a busy machine), so a reply slows but never stalls."""
STALL = 1.0
"""A gap between frames this long is a pause (a hidden tab, a modal wait), not lateness to learn from."""


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
        self.began = False  # whether a frame has started yet (the first one has no frame before it)
        self.draws: deque[float] = deque(maxlen=RECENT)
        self.thought = 0.0  # seconds of thinking in the current frame
        self.frames = 0  # frames drawn so far
        self.reserve = 0.0  # seconds kept back from thinking for the work no update or draw sees

    def begin(self) -> None:
        """A frame starts (its update is about to run): learn from how late it is."""
        now = self.now()
        if self.began:
            interval = now - self.start
            if interval >= STALL:
                pass
            elif interval > self.period + LATE_SLACK:
                late = interval - self.period
                self.reserve = min(self.reserve + min(late, RESERVE_STEP), RESERVE_MAX)
            else:
                self.reserve = max(0.0, self.reserve - RESERVE_GIVEN_BACK)
        self.began = True
        self.start = now
        self.thought = 0.0

    def drew(self, seconds: float) -> None:
        """The frame's drawing took ``seconds``; the next frames keep that much time for it."""
        self.draws.append(seconds)
        self.frames += 1

    def deadline(self) -> float:
        """When thinking must stop: the frame's end less the draw to come, the margin and the reserve."""
        if self.budget is not None:
            return self.now() + self.budget
        draw = max(self.draws, default=0.002)
        return self.start + self.period - self.margin - draw - self.reserve


class Answer(Protocol):
    """A decision made elsewhere (a worker process): ``ready`` once it has come, ``failed`` once it cannot."""

    @property
    def ready(self) -> bool: ...

    @property
    def failed(self) -> bool: ...

    def value(self) -> Any: ...


class Asker(Protocol):
    """Where decisions may be sent to be made (``cart.ai.worker.Worker``); None from :meth:`ask`: not now."""

    def ask(self, job: tuple[Any, ...]) -> Answer | None: ...

    def close(self) -> None: ...


class Thinker:
    """A computer decision in progress: a ``think_*`` generator stepped until the frame's deadline.

    ``state``: the moment it thinks about; once the game moves on the scene drops it.
    Given an ``answer`` (the same decision made in a worker process), it waits for
    that instead, each frame running only ``prepare`` (what reading the answer
    needs loaded) in slices; an answer that fails falls back to ``gen``'s slices.
    """

    def __init__(
        self,
        gen: Generator[None, None, Any],
        done: Callable[[Any], None],
        state: object,
        player: int | None = None,
        *,
        answer: Answer | None = None,
        prepare: Generator[None, None, Any] | None = None,
    ) -> None:
        self.gen = gen
        self.done = done
        self.state = state
        self.player = player
        self.answer = answer
        self.prepare = prepare
        self.slices = 0
        self.frames = 0
        self.forecast = 0.0  # how long the next slice may take

    def ran(self, seconds: float) -> None:
        """A slice took ``seconds``: the forecast is the longer of it and the decayed last forecast."""
        self.forecast = max(seconds, self.forecast * DECAY)

    def step(self, clock: FrameClock) -> bool:
        """Run slices while the next should end before ``clock``'s deadline (one at least); True: answered."""
        start = clock.now()
        try:
            answer = self.answer
            if answer is not None:
                if self.prepare is not None:
                    if not self._slices(self.prepare, clock):
                        self.frames += 1
                        return False
                    self.prepare = None
                if answer.ready:
                    try:
                        value = answer.value()
                    except Exception:  # an answer that cannot be read: think it here
                        pass
                    else:
                        self.done(value)
                        return True
                elif not answer.failed:
                    self.frames += 1
                    return False
                self.answer = None  # the worker failed: the thought is made here after all
            if self._slices(self.gen, clock, self.done):
                return True
            self.frames += 1
            return False
        finally:
            clock.thought += clock.now() - start

    def _slices(
        self, gen: Generator[None, None, Any], clock: FrameClock, done: Callable[[Any], None] | None = None
    ) -> bool:
        """Step ``gen`` while the next slice should end before the deadline (one at least); True: it ended."""
        deadline = clock.deadline()
        now = clock.now
        while True:
            t0 = now()
            try:
                next(gen)
            except StopIteration as stop:
                if done is not None:
                    done(stop.value)
                return True
            t1 = now()
            self.slices += 1
            self.ran(t1 - t0)
            if t1 + self.forecast >= deadline:
                return False


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
