"""Issue 37: a rollout asked for from the Review: its window, its progress, Stop, and its figures kept.

Driven through Pyxel's real input as ``test_ui_review.py`` drives the Review (R, Escape);
the trials run in the frame here (no worker), a few of them, the figures read off the window's run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import pyxel
from finished_game import finished_game, finished_review
from test_ui_review import KEYS, Player, make_app, open_from_list, opened_by_keys, saved

from cart.ai.jobs import think_job
from cart.ai.rollout import QUICK_PLIES, Settings, Tally
from cart.ai.rollout.review import rollout_key
from cart.ai.slices import drain
from cart.ui.kit import palette as wimp
from cart.ui.kit.thinking import FrameClock
from cart.ui.review import review_rollout
from cart.ui.review.review import ReviewScene
from cart.ui.review.review_rollout import RolloutRun, RolloutScene, kept_forms, lines_of, rollouts_form
from cart.ui.wimp.stage import Tell

FEW = Settings(luck="none", truncate=2, max_trials=4)
"""Four plain trials of two plies each, then the net: what the window does with its trials does not
depend on their length, and a default rollout's first part alone took about a second of CPU."""
WHOLE = Settings(luck="none", max_trials=3)
"""Three plain whole games, where the window's switch between whole and quick games is the point."""


@pytest.fixture(autouse=True)
def small_rollouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rollout the Review opens fresh starts with :data:`FEW`, from its first frame, a trial a part (a
    part a frame): short trials would otherwise all fit the first frame, before any Stop."""
    monkeypatch.setattr(review_rollout, "FRESH", FEW)
    monkeypatch.setattr(review_rollout, "PART_S", 0.0)


def test_a_rollout_from_the_review_shows_its_trials_stops_and_is_kept_with_the_review(
    tmp_path: Path,
) -> None:
    game = finished_game()
    app = make_app(tmp_path)
    saved(app, game, finished_review())
    p = Player(app)
    review = open_from_list(p)
    assert review.line.kind == "move"
    p.press(pyxel.KEY_R)
    scene = p.top
    assert isinstance(scene, RolloutScene), scene
    assert scene.run.decision.kind == "play" and scene.run.decision.width >= 2
    assert scene.run.settings == FEW
    p.frames(1)
    assert scene.run.tally.trials >= 1
    p.press(pyxel.KEY_R)  # R again stops it
    stopped = scene.run.tally.trials
    assert stopped < FEW.max_trials and not scene.run.running and scene.toggle.label == "Go on"
    p.frames(3)
    assert scene.run.tally.trials == stopped
    p.press(pyxel.KEY_R)  # and goes on, to the limit
    while scene.run.running:
        p.frames(1)
    assert scene.run.tally.trials == FEW.max_trials
    res = scene.run.result()
    assert all(0 < line.cubeless.se < 3 for line in res.lines)
    p.press(pyxel.KEY_ESCAPE)
    assert p.top is review
    p.press(pyxel.KEY_ESCAPE)
    again = open_from_list(p)  # a new window, its rollouts read from the store
    p.press(pyxel.KEY_R)
    kept = p.top
    assert isinstance(kept, RolloutScene) and kept.run.tally == scene.run.tally
    assert kept.run.settings == FEW and not kept.run.running  # at its limit: shown, not rolled again
    assert isinstance(again, ReviewScene)


@pytest.mark.slow
def test_the_rollout_window_opened_by_the_keys_marks_its_focus_as_every_window_does(tmp_path: Path) -> None:
    """Issue 41, the window on the kit's WindowScene: R from the Review (keys in use) puts the dotted
    focus frame on Stop, the default; Right takes it to Close, Space presses that (the pointer showed).

    Slow: a rollout window of its own each run; the kit's focus frame by keys is the quick loop's in
    ``test_ui_manners.py`` (a dialog opened by keys, the create form)."""
    _, p, review = opened_by_keys(tmp_path, finished_game(), finished_review(), KEYS)
    p.press(pyxel.KEY_R)
    scene = p.top
    assert isinstance(scene, RolloutScene) and scene.focus == scene.toggle.rect.center
    assert scene.run.settings == FEW
    stop, close = scene.toggle.rect, scene.close_button.rect
    assert pyxel.pget(stop.x - 7, stop.y - 7) == wimp.FOCUS  # clear of the default button's ring
    p.press(pyxel.KEY_RIGHT)
    assert scene.focus == close.center and pyxel.pget(close.x - 4, close.y - 4) == wimp.FOCUS
    assert pyxel.pget(stop.x - 7, stop.y - 7) != wimp.FOCUS
    p.press(pyxel.KEY_SPACE)
    assert p.top is review


def test_a_line_with_nothing_to_roll_out_says_so(tmp_path: Path) -> None:
    game = finished_game()
    app = make_app(tmp_path)
    saved(app, game, finished_review())
    p = Player(app)
    review = open_from_list(p)
    review.select(0)  # the game's heading
    assert isinstance(review.rollout(), Tell)


class Here:
    """A worker answering in this process at once (as the page's does), or failing every job."""

    def __init__(self, fails: bool = False) -> None:
        self.fails = fails
        self.asked = 0

    def ask(self, job: tuple[object, ...]) -> Done:
        self.asked += 1
        return Done(None if self.fails else drain(think_job(job)))

    def close(self) -> None:
        pass


class Done:
    def __init__(self, value: object) -> None:
        self.answer = value
        self.ready = value is not None
        self.failed = value is None

    def value(self) -> object:
        return self.answer


def rolled(worker: Here | None) -> RolloutRun:
    from cart.ai.bot import load_weights
    from cart.ai.rollout.review import decision_at

    game = finished_game()
    index = next(i for i in range(len(game.record)) if decision_at(load_weights(), game, i) is not None)
    decision = decision_at(load_weights(), game, index)
    assert decision is not None
    run = RolloutRun(decision, FEW, Tally(), worker)
    clock = FrameClock(30)
    clock.budget = 30.0
    for _ in range(20):
        if not run.running:
            break
        run.step(clock)
    return run


def test_a_rollout_in_the_worker_is_the_frames_and_the_frame_takes_over_from_a_failing_worker() -> None:
    """Parts asked of the worker one at a time add up to the rollout the frame's slices make; a worker
    that fails is left and the frame goes on from what it has."""
    here = rolled(None)
    away = Here()
    there = rolled(away)
    assert there.tally == here.tally and there.tally.trials == FEW.max_trials == away.asked
    failing = Here(fails=True)
    fallen = rolled(failing)
    assert fallen.tally == here.tally and fallen.worker is None and failing.asked == 1


def test_a_double_rolled_out_reads_the_cube_three_ways(tmp_path: Path) -> None:
    """The double's line rolls out the doubler's position; the window's rows are the cube's three
    equities and the answer they give."""
    game = finished_game()
    app = make_app(tmp_path)
    saved(app, game, finished_review())
    p = Player(app)
    review = open_from_list(p)
    review.select(next(i for i, line in enumerate(review.lines.lines) if line.kind == "double"))
    p.press(pyxel.KEY_R)
    scene = p.top
    assert isinstance(scene, RolloutScene) and scene.run.decision.kind == "cube"
    assert scene.run.settings == FEW
    while scene.run.running:
        p.frames(1)
    res = scene.run.result()
    assert res.cube is not None and res.trials == FEW.max_trials
    rows = [name for name, _, _ in lines_of(res, scene.run.decision)]
    assert rows[:3] == ["No double", "Double, take", "Double, pass"] and rows[3].startswith("Right: ")


def test_kept_rollouts_of_other_weights_or_version_or_damaged_are_not_read() -> None:
    form = {"index": 3}
    assert kept_forms(rollouts_form({3: form})) == {3: form}
    assert kept_forms({"key": "0123:rollout-v0", "items": {"3": form}}) == {}
    assert kept_forms({"key": rollout_key(), "items": {"x": form, "4": [1]}}) == {}
    assert kept_forms(None) == {} and kept_forms({"key": rollout_key(), "items": []}) == {}


def test_a_quick_rollout_starts_again_with_games_cut_short_and_says_the_play_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(review_rollout, "FRESH", WHOLE)
    game = finished_game()
    app = make_app(tmp_path)
    saved(app, game, finished_review())
    p = Player(app)
    open_from_list(p)
    p.press(pyxel.KEY_R)
    scene = p.top
    assert isinstance(scene, RolloutScene) and scene.run.settings == WHOLE
    p.frames(1)
    assert scene.run.tally.trials >= 1
    quick = next(e for e in scene.menu_entries() if e.label.startswith("Quick"))
    assert quick.action is not None
    quick.action()
    assert scene.run.settings.truncate == QUICK_PLIES and scene.run.tally.trials == 0 and scene.run.running
    while scene.run.running:
        p.frames(1)
    assert scene.run.tally.trials == WHOLE.max_trials
    rows = [name for name, _, _ in lines_of(scene.run.result(), scene.run.decision)]
    assert sum(name.endswith(" (played)") for name in rows) == 1
    back = next(e for e in scene.menu_entries() if e.label == "Whole games")
    assert back.action is not None
    back.action()
    assert scene.run.settings.truncate == 0 and scene.run.tally.trials == 0
