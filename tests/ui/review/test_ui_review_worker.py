"""Issue 29: the Review's analysis in the worker process, the frame only polling for its parts.

The same review as the frame's slices make (its key, its marks, the analysis kept with the
game); the frame finishing it where the worker dies mid-analysis or is not ready yet; a window
closed mid-analysis losing nothing and leaving no answer for anyone else. The worker runs for
real here (a child Python), but for the page's, which answers in this process.
"""

from __future__ import annotations

import os
import pickle
import signal
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import pyxel
from tables import child_argv
from test_ui_review import Player, open_from_list, saved

from cart.ai.jobs import Job, think_job
from cart.ai.review import Review, analysis_key, review_from_cache, review_match
from cart.ai.slices import drain
from cart.ai.worker import Worker, answer, sendable
from cart.engine import Match
from cart.store import Settings, Store
from cart.ui.app import App
from cart.ui.board.view_state import Player as BoardPlayer
from cart.ui.kit.assets import Assets
from cart.ui.kit.thinking import Asker
from cart.ui.review.review import ReviewScene
from cart.ui.review.review_source import ReviewSource

WAIT_S = 120.0  # a loaded machine: generous, never reached by an analysis that ends


@pytest.fixture(scope="module")
def short(game: Match) -> tuple[Match, Review]:
    """The finished game's first 40 actions (a double taken at 23-24) and their review made in the frame."""
    match = Match.replay(game.rules, game.record[:40], names=game.names)
    return match, review_match(match)


def worker_app(tmp_path: Path, worker: Asker | None) -> App:
    store = Store(tmp_path, clock=lambda: datetime(2025, 1, 31, 18, 4, 5, tzinfo=UTC))
    app = App(store=store, headless=True, seed=0, settings=Settings(animation_speed="off"), worker=worker)
    app.think_budget = 30.0  # what falls back to the frame is thought in one frame
    return app


def started() -> Worker:
    worker = Worker.start(child_argv())
    assert worker is not None
    return worker


def opened(tmp_path: Path, game: Match) -> tuple[Worker, App, Player, ReviewScene]:
    """A real worker, an app with ``game`` saved, and its Review opened from the saved games."""
    worker = started()
    app = worker_app(tmp_path, worker)
    saved(app, game)
    p = Player(app)
    return worker, app, p, open_from_list(p)


def until(p: Player, done: Any) -> list[int]:
    """Frames, a few milliseconds apart, until ``done()``: the progress each frame showed."""
    shown = []
    limit = time.monotonic() + WAIT_S
    while not done() and time.monotonic() < limit:
        p.frames(1)
        shown.append(p.top.done)  # type: ignore[attr-defined]
        time.sleep(0.005)
    assert done()
    return shown


def marks_in_the_frame(app: App, game: Match, review: Review) -> dict[int, str]:
    """The marks the window shows for ``review`` (read, not analysed again)."""
    players = (BoardPlayer(game.names[0], "white"), BoardPlayer(game.names[1], "red"))
    return ReviewScene(app.services, ReviewSource("frame", game, players, 1, cached=review)).marks


def kept(app: App) -> Review | None:
    """The analysis kept with the saved game."""
    assert app.store is not None
    game = app.store.games.load("Friday")
    return review_from_cache(app.store.reviews.load(game), game.match.record, analysis_key())


@pytest.mark.slow  # seconds: the quick loop keeps under 40 s; CI runs it
def test_the_review_analysed_in_the_worker_is_the_frames(
    assets: Assets, tmp_path: Path, short: tuple[Match, Review]
) -> None:
    """Parts come back as the bar shows them, joined into the frame's review: key, figures, marks, the
    analysis kept with the game."""
    game, review = short
    _, app, p, scene = opened(tmp_path, game)
    p.frames(1)
    assert scene.analysis.asked is not None and scene.analysis.reviewer is None  # sent away
    shown = until(p, lambda: scene.finished)
    assert scene.analysis.reviewer is None  # nothing was thought in the frame
    assert scene.review == review and scene.review.key == analysis_key()
    assert scene.marks and scene.marks == marks_in_the_frame(app, game, review)
    assert shown == sorted(shown) and len(set(shown)) > 3  # the bar moved on part by part
    p.press(pyxel.KEY_ESCAPE)
    assert kept(app) == review
    app.close()


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="stops the child to kill it mid-part")
@pytest.mark.slow  # the fallbacks, seconds each: the quick loop keeps the worker's own review
def test_the_frame_finishes_the_review_when_the_worker_dies_mid_analysis(
    assets: Assets, tmp_path: Path, short: tuple[Match, Review]
) -> None:
    game, review = short
    worker, app, p, scene = opened(tmp_path, game)
    until(p, lambda: scene.done > 0)
    os.kill(worker.process.pid, signal.SIGSTOP)  # it cannot answer the part it has before it is killed
    p.frames(2)
    done = scene.done
    assert scene.analysis.asked is not None and 0 < done < scene.total
    worker.process.kill()
    until(p, lambda: scene.finished)
    assert scene.analysis.reviewer is not None  # the frame finished it, from what had come back
    assert scene.review == review and scene.marks == marks_in_the_frame(app, game, review)
    app.close()


@pytest.mark.slow  # the fallbacks, seconds each: the quick loop keeps the worker's own review
def test_a_review_closed_mid_analysis_keeps_its_parts_and_confuses_no_later_thought(
    assets: Assets, tmp_path: Path, short: tuple[Match, Review]
) -> None:
    """The part asked when the window closes is dropped: what was joined is kept (a prefix of the
    review), the next thought gets its own answer, and the window opened again goes on to the same end."""
    game, review = short
    worker, app, p, scene = opened(tmp_path, game)
    until(p, lambda: scene.done > 0)
    assert scene.analysis.asked is not None and not scene.finished
    p.press(pyxel.KEY_ESCAPE)
    assert scene.analysis.asked is None and not isinstance(p.top, ReviewScene)
    part = kept(app)
    assert part is not None and 0 < part.upto < len(game.record)
    assert part.plays == tuple(x for x in review.plays if x.index < part.upto)
    assert part.cubes == tuple(x for x in review.cubes if x.index < part.upto)
    assert part.rolls == tuple(x for x in review.rolls if x.index < part.upto)
    moment = Match.replay(game.rules, game.record[:20], names=game.names)
    job: Job = ("hint", "expert", moment)
    hint = worker.ask(job)
    limit = time.monotonic() + WAIT_S
    while hint is not None and not (hint.ready or hint.failed) and time.monotonic() < limit:
        time.sleep(0.005)
    assert hint is not None and hint.ready and hint.value() == drain(think_job(job))
    scene = open_from_list(p)
    assert scene.done == part.upto  # what was done is not done again
    until(p, lambda: scene.finished)
    assert scene.review == review
    app.close()


class Instant:
    """An answer made at once in this process, by the page's worker's own code (``answer``)."""

    def __init__(self, job: Job) -> None:
        ok, self.data = pickle.loads(answer(sendable(job)))
        self.ready = ok
        self.failed = not ok

    def value(self) -> Any:
        return pickle.loads(self.data)


class Loading:
    """A page's worker that takes nothing until ``up`` (still loading), then answers each part at once;
    ``broken``: each answer fails."""

    def __init__(self) -> None:
        self.up = False
        self.broken = False
        self.asked = 0

    def ask(self, job: Job) -> Instant | None:
        if not self.up:
            return None
        self.asked += 1
        return Instant(("no such job",) if self.broken else job)

    def close(self) -> None:
        self.up = False


@pytest.mark.slow  # the fallbacks, seconds each: the quick loop keeps the worker's own review
def test_a_worker_ready_later_takes_over_from_the_frame_and_one_that_fails_gives_it_back(
    assets: Assets, tmp_path: Path, short: tuple[Match, Review]
) -> None:
    """A page's worker still loading: the frame's slices begin, the worker goes on once ready (from an
    action's end, never mid-double); its parts failing, the frame finishes: one review."""
    game, review = short
    page = Loading()
    app = worker_app(tmp_path, page)
    app.think_budget = 0.02  # slices: the frame's Reviewer judges a little a frame
    saved(app, game)
    p = Player(app)
    scene = open_from_list(p)
    until(p, lambda: scene.done > 3)
    assert scene.analysis.reviewer is not None and page.asked == 0
    page.up = True
    until(p, lambda: scene.done > 15)
    assert scene.analysis.reviewer is None and page.asked > 0  # the worker's now
    page.broken = True
    asked = page.asked
    app.think_budget = 30.0
    until(p, lambda: scene.finished)
    assert page.asked == asked + 1  # one failed part: no more is asked
    assert scene.analysis.reviewer is not None
    assert scene.review == review and scene.marks == marks_in_the_frame(app, game, review)
    app.close()
