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


def master_to_move(app: App) -> Driver:
    """The master (seat 0) with 5-2 to play in a middle game: a thought of a few frames at least."""
    pos = Position.from_position_id("4HPwATDgc/ABMA")
    return play_scene(app, against("master"), GameState.from_position(Rules(), pos, dice=(5, 2)))


def until_moved(d: Driver) -> Move:
    """Frames, a few milliseconds apart, until the computer's play is in the record."""
    limit = time.monotonic() + WAIT_S
    while not any(isinstance(a, Move) for a in d.table.match.record) and time.monotonic() < limit:
        d.frames()
        time.sleep(0.005)
    move = next(a for a in d.table.match.record if isinstance(a, Move))
    return move


def expected(d: Driver) -> Move:
    """The master's play thought in this process, as the frame's slices make it."""
    hint = drain(think_job(("turn", "master", 0, copy.deepcopy(d.table.match))))
    return Move.of(hint.play)


def test_the_computer_plays_from_the_worker_what_it_would_in_the_frame(assets: Assets) -> None:
    app, worker = make_app()
    assert app.services.worker is worker
    d = master_to_move(app)
    want = expected(d)
    d.frames(2)  # the first frame is drawn before any thought; the second asks the worker
    thinker = d.scene.thinker
    assert thinker is not None and thinker.answer is not None  # sent away, not thought here
    assert until_moved(d) == want
    assert thinker.answer is not None and thinker.answer.ready  # it came from the worker
    app.close()
    assert worker.process.poll() is not None  # the game's end is the child's


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="stops the child to kill it before it answers")
def test_the_game_goes_on_when_the_worker_dies_mid_thought(assets: Assets) -> None:
    """Killed while it thinks: the thought is made in the frame instead, and it is the same play."""
    app, worker = make_app()
    d = master_to_move(app)
    want = expected(d)
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
    d = master_to_move(app)
    want = expected(d)
    d.frames(2)
    assert until_moved(d) == want
