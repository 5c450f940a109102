"""Issue 37: a rollout asked for from the Review: its window, its progress, Stop, and its figures kept.

Driven through Pyxel's real input as ``test_ui_review.py`` drives the Review (R, Escape);
the trials run in the frame here (no worker), a few of them, the figures read off the window's run.
"""

from __future__ import annotations

from pathlib import Path

import pyxel
from finished_game import finished_game, finished_review
from test_ui_review import Player, make_app, open_from_list, saved

from cart.ai.rollout import Settings
from cart.ui.kit.stage import Tell
from cart.ui.review.review import ReviewScene
from cart.ui.review.review_rollout import RolloutScene

FEW = Settings(luck="none", max_trials=3)  # three trials of plain whole games: a fraction of a second


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
    scene.run.settings = FEW
    p.frames(1)
    assert scene.run.tally.trials >= 1
    p.press(pyxel.KEY_R)  # R again stops it
    stopped = scene.run.tally.trials
    assert not scene.run.running and scene.toggle.label == "Go on"
    p.frames(3)
    assert scene.run.tally.trials == stopped
    p.press(pyxel.KEY_R)  # and goes on, to the limit
    while scene.run.running:
        p.frames(1)
    assert scene.run.tally.trials == 3
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


def test_a_line_with_nothing_to_roll_out_says_so(tmp_path: Path) -> None:
    game = finished_game()
    app = make_app(tmp_path)
    saved(app, game, finished_review())
    p = Player(app)
    review = open_from_list(p)
    review.select(0)  # the game's heading
    assert isinstance(review.rollout(), Tell)
