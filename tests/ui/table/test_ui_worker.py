"""The game with the computer thinking in a process of its own: its plays, and the game going on without it.

Other UI tests think in the frame (the default of :class:`App`), so their games do not
depend on when a process answers; here the worker runs for real.
"""

from __future__ import annotations

import copy
import os
import signal
import time

import pytest
from seats import against
from tables import child_argv
from test_ui_app import Driver, play_scene

from cart.ai.jobs import think_job
from cart.ai.slices import drain
from cart.ai.worker import Worker
from cart.engine import GameState, Move, Position, Rules
from cart.store import Settings
from cart.ui.app import App
from cart.ui.kit.assets import Assets

WAIT_S = 60.0


def make_app() -> tuple[App, Worker]:
    worker = Worker.start(child_argv())
    assert worker is not None
    app = App(headless=True, seed=1, settings=Settings(animation_speed="off"), worker=worker)
    app.think_budget = 30.0  # a thought that falls back to the frame is made in one frame
    return app, worker


def to_move(app: App, level: str) -> Driver:
    """The computer at ``level`` (seat 0) with 5-2 to play in a middle game: the master's is a thought of
    a few frames at least, the expert's (the quick tests': where it is thought is the point) a moment's."""
    pos = Position.from_position_id("4HPwATDgc/ABMA")
    return play_scene(app, against(level), GameState.from_position(Rules(), pos, dice=(5, 2)))


def until_moved(d: Driver) -> Move:
    """Frames, a few milliseconds apart, until the computer's play is in the record."""
    limit = time.monotonic() + WAIT_S
    while not any(isinstance(a, Move) for a in d.table.match.record) and time.monotonic() < limit:
        d.frames()
        time.sleep(0.005)
    move = next(a for a in d.table.match.record if isinstance(a, Move))
    return move


def expected(d: Driver, level: str) -> Move:
    """The computer's play thought in this process, as the frame's slices make it."""
    hint = drain(think_job(("turn", level, 0, copy.deepcopy(d.table.match))))
    return Move.of(hint.play)


def test_the_computer_plays_from_the_worker_what_it_would_in_the_frame(assets: Assets) -> None:
    app, worker = make_app()
    assert app.services.worker is worker
    d = to_move(app, "expert")
    want = expected(d, "expert")
    d.frames(2)  # the first frame is drawn before any thought; the second asks the worker
    thinker = d.scene.thinker
    assert thinker is not None and thinker.answer is not None  # sent away, not thought here
    assert until_moved(d) == want
    assert thinker.answer is not None and thinker.answer.ready  # it came from the worker
    app.close()
    assert worker.process.poll() is not None  # the game's end is the child's


class Dying:
    """A worker in this process whose every answer fails after ``polls`` polls (one a frame) unanswered."""

    def __init__(self, polls: int) -> None:
        self.polls = polls
        self.asked = 0

    def ask(self, job: tuple[object, ...]) -> Dying:
        self.asked += 1
        return self

    @property
    def ready(self) -> bool:
        self.polls -= 1
        return False

    @property
    def failed(self) -> bool:
        return self.polls < 0

    def value(self) -> object:
        raise AssertionError("a failed answer is never read")

    def close(self) -> None:
        pass


def test_the_game_goes_on_when_its_worker_fails_mid_thought(assets: Assets) -> None:
    """The table's side of a worker's death (a real one killed: the slow twin below; a dead worker's
    answers failing: ``tests/ai/test_worker.py``): the thought is made in the frame, the same play."""
    worker = Dying(polls=4)
    app = App(headless=True, seed=1, settings=Settings(animation_speed="off"), worker=worker)
    app.think_budget = 30.0
    d = to_move(app, "expert")
    want = expected(d, "expert")
    d.frames(2)
    thinker = d.scene.thinker
    assert thinker is not None and thinker.answer is worker and worker.asked == 1
    d.frames(2)
    assert not any(isinstance(a, Move) for a in d.table.match.record)  # waiting for the worker
    assert until_moved(d) == want
    assert thinker.answer is None and worker.asked == 1  # thought in the frame: a failed answer is never read


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="stops the child to kill it before it answers")
def test_the_game_goes_on_when_the_worker_dies_mid_thought(assets: Assets) -> None:
    """Killed while it thinks: the thought is made in the frame instead, and it is the same play.

    Slow: a child process of its own and the master's thought twice; the quick twin above fails its
    worker in this process."""
    app, worker = make_app()
    d = to_move(app, "master")
    want = expected(d, "master")
    os.kill(worker.process.pid, signal.SIGSTOP)  # it cannot answer before it is killed
    d.frames(2)
    thinker = d.scene.thinker
    assert thinker is not None and thinker.answer is not None
    d.frames(3)
    assert not any(isinstance(a, Move) for a in d.table.match.record)  # waiting for the worker
    worker.process.kill()
    assert until_moved(d) == want
    assert thinker.answer is None and thinker.slices > 0  # fell back to slices
    # later thoughts are made in the frame from the start
    app.close()


def test_a_game_without_a_worker_thinks_in_the_frame(assets: Assets) -> None:
    app = App(headless=True, seed=1, settings=Settings(animation_speed="off"))
    assert app.worker is None and app.services.worker is None
    app.think_budget = 30.0
    d = to_move(app, "expert")
    want = expected(d, "expert")
    d.frames(2)
    assert until_moved(d) == want
