"""The computer thinks in each frame's spare time (issue 17), driven here by a fake clock."""

from __future__ import annotations

import inspect
from collections.abc import Generator
from pathlib import Path

from cart.ui.kit.thinking import LATE_SLACK, RESERVE_STEP, FrameClock, Thinker


class FakeTime:
    """A clock the test moves: each slice of a fake thought advances it by that slice's length."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def thought(now: FakeTime, slices: list[float]) -> Generator[None, None, str]:
    for s in slices:
        now.t += s
        yield
    return "answer"


def frames_to_answer(slices: list[float], *, draw: float = 0.002) -> tuple[int, list[int]]:
    """Frames a thought of ``slices`` (seconds each) takes at 30 fps, and the slices run in each frame."""
    now = FakeTime()
    clock = FrameClock(30, 0.005, now=now)
    clock.drew(draw)
    answers: list[str] = []
    thinker = Thinker(thought(now, slices), answers.append, state=None)
    per_frame = []
    frames = 0
    while not answers:
        frames += 1
        clock.begin()
        before = thinker.slices
        thinker.step(clock)
        per_frame.append(thinker.slices - before)
        assert now.t - clock.start <= clock.period - 0.005 or thinker.slices - before <= 1
        now.t = clock.start + clock.period  # the frame ends on time
    return frames, per_frame


def test_thinking_fills_the_frame_less_the_draw_and_the_margin() -> None:
    """1 ms slices: 26 of them fit a 33.3 ms frame that keeps 2 ms for drawing and 5 ms of margin."""
    frames, per_frame = frames_to_answer([0.001] * 100)
    assert per_frame[0] == 26
    assert frames == 4


def test_a_slower_draw_leaves_less_time_to_think() -> None:
    _, per_frame = frames_to_answer([0.001] * 100, draw=0.010)
    assert per_frame[0] == 18


def test_one_slow_slice_is_soon_forgotten() -> None:
    """A 20 ms slice is forecast for the next ones only while it decays: not one slice a frame for good."""
    frames, per_frame = frames_to_answer([0.020] + [0.001] * 200)
    assert per_frame[0] == 1  # the slow one, then its forecast says the next would not fit
    assert per_frame[2] >= 20  # by the third frame the frame is full of thought again
    assert frames <= 10


def test_a_fixed_budget_replaces_the_deadline() -> None:
    """The tests' budget: a whole decision in one frame, whatever the frame's time."""
    now = FakeTime()
    clock = FrameClock(30, now=now)
    clock.budget = 30.0
    answers: list[str] = []
    thinker = Thinker(thought(now, [0.05] * 10), answers.append, state=None)
    clock.begin()
    assert thinker.step(clock) and answers == ["answer"]
    assert abs(clock.thought - 0.5) < 1e-9


class Away:
    """A decision made elsewhere, after ``frames`` polls: ``value`` (raised if an exception), or failed."""

    def __init__(self, frames: int, value: object = "away", fail: bool = False) -> None:
        self.polls = 0
        self.frames = frames
        self.answer = value
        self.fail = fail

    @property
    def ready(self) -> bool:
        self.polls += 1
        return not self.fail and self.polls > self.frames

    @property
    def failed(self) -> bool:
        return self.fail and self.polls > self.frames

    def value(self) -> object:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def step_until_answered(thinker: Thinker, clock: FrameClock, now: FakeTime) -> int:
    for frames in range(1, 1000):
        clock.begin()
        if thinker.step(clock):
            return frames
        now.t = clock.start + clock.period
    raise AssertionError("no answer in 1,000 frames")


def test_an_answer_from_elsewhere_is_waited_for_without_thinking_here() -> None:
    """Its ``prepare`` runs in the frames' spare time, the thought itself never: the answer is applied."""
    now = FakeTime()
    clock = FrameClock(30, 0.005, now=now)
    answers: list[object] = []
    here = thought(now, [0.001] * 100)
    thinker = Thinker(here, answers.append, None, answer=Away(5), prepare=thought(now, [0.01] * 5))
    assert step_until_answered(thinker, clock, now) >= 5
    assert answers == ["away"] and thinker.frames >= 5
    assert thinker.slices == 5  # the prepare's five, none of the thought's
    assert inspect.getgeneratorstate(here) == "GEN_CREATED"  # never started


def test_an_answer_that_fails_or_cannot_be_read_is_thought_here() -> None:
    for away in (Away(3, fail=True), Away(3, ValueError("garbled"))):
        now = FakeTime()
        clock = FrameClock(30, 0.005, now=now)
        answers: list[object] = []
        thinker = Thinker(thought(now, [0.001] * 40), answers.append, None, answer=away)
        step_until_answered(thinker, clock, now)
        assert answers == ["answer"] and thinker.answer is None and thinker.slices == 40


def test_the_table_and_its_parts_import_no_pyxel() -> None:
    """Issue 17: the Table model (and the thinking clock, the messages, the animation) run without Pyxel."""
    import subprocess
    import sys

    code = (
        "import sys; import cart.ui.table.table, cart.ui.kit.thinking, cart.ui.kit.text,"
        " cart.ui.table.words, cart.ui.board.animation; print('pyxel' in sys.modules)"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_the_first_computer_turn_builds_the_nets_over_frames_not_in_one() -> None:
    """Building the nets is tens of milliseconds; the table reads them in slices like any thought.

    With the weights not yet read and the budget at one slice a frame, the computer's first frame
    has not finished them, yet it still plays: as it would under a real frame clock, spread out.
    """
    import random

    from seats import against

    from cart.ai import bot
    from cart.engine import GameState, Match, Position, Rules
    from cart.store import Settings
    from cart.ui.app import App

    kept = dict(bot._LOADED)
    bot._LOADED.clear()
    try:
        app = App(headless=True, seed=3, settings=Settings(animation_speed="off"))
        app.think_budget = 0.0  # one slice a frame
        rules = Rules(variant="maxgammon")  # White, the computer here, opens
        start = GameState.from_position(rules, Position.start(), turn=0)
        scene = app.new_game(
            against("beginner", Rules(variant="maxgammon")),
            Match(rules, names=("Beginner", "You"), rng=random.Random(3), start=start),
        )
        frames = 0
        while not bot._LOADED and frames < 2000:
            app.frame()
            frames += 1
        assert bot._LOADED and frames > 10, frames  # many frames, one slice each
        for _ in range(4000):
            if any(type(a).__name__ == "Move" for a in scene.match.record):
                break
            app.frame()
        assert any(type(a).__name__ == "Move" for a in scene.match.record)
    finally:
        bot._LOADED.clear()
        bot._LOADED.update(kept)


def late_frames(extra: float, frames: int) -> tuple[list[int], list[float]]:
    """1 ms slices at 30 fps where each frame also costs ``extra`` seconds no update or draw sees.

    The frame's end is where the loop starts the next: its period, or later when
    update, draw and the unseen work ran past it (as a browser's render does).
    Returns the slices run per frame and the time from each frame's start to the next.
    """
    now = FakeTime()
    clock = FrameClock(30, 0.005, now=now)
    thinker = Thinker(thought(now, [0.001] * 100_000), lambda _: None, state=None)
    per_frame: list[int] = []
    intervals: list[float] = []
    for _ in range(frames):
        clock.begin()
        before = thinker.slices
        thinker.step(clock)
        per_frame.append(thinker.slices - before)
        now.t += 0.002  # the draw
        clock.drew(0.002)
        now.t += extra
        end = max(now.t, clock.start + clock.period)
        intervals.append(end - clock.start)
        now.t = end
    return per_frame, intervals


def test_work_outside_update_and_draw_is_learnt_from_the_frames_start_to_start() -> None:
    """12 ms of render after each draw: the first frames run late, then the thinking makes room and
    frames keep the period (without the reserve every frame would run 7 ms late for good)."""
    per_frame, intervals = late_frames(0.012, 300)
    period = 1 / 30
    assert intervals[0] > period + 0.004  # it cannot know before a frame has run late
    settled = intervals[60:]
    on_time = sum(1 for t in settled if t <= period + LATE_SLACK)
    assert on_time >= 0.9 * len(settled), sorted(settled)[-10:]
    assert min(per_frame[60:]) >= 1  # thinking still advances every frame
    assert sum(per_frame[60:]) / len(per_frame[60:]) >= 8  # and keeps most of what is left


def test_frames_on_time_keep_the_whole_spare_time() -> None:
    """No unseen work: nothing is kept back, each frame thinks as before (26 slices of 1 ms)."""
    per_frame, intervals = late_frames(0.0, 100)
    assert set(per_frame) == {26}
    assert max(intervals) <= 1 / 30 + 1e-9


def test_a_pause_is_not_lateness() -> None:
    """A frame after a long pause (a hidden tab) does not shrink the thinking of the next ones."""
    now = FakeTime()
    clock = FrameClock(30, 0.005, now=now)
    clock.begin()
    now.t += 5.0
    clock.begin()
    assert clock.reserve == 0.0
    now.t += 0.040  # a frame late by 6.7 ms: the reserve grows by a step, not by the whole lateness
    clock.begin()
    assert abs(clock.reserve - RESERVE_STEP) < 1e-9
