"""Issue 38: a reviewed game gives drills without asking: once the Review's deep pass is whole, the
human player's mistakes go into the drills' book and are checked deeply, away from the frame."""

from __future__ import annotations

import random
from pathlib import Path

from finished_game import NAMES
from test_ui_review import OPTIONS, Player, make_app, open_from_list

from cart.ai.review import DEEP_PLY, review_cache_form, review_match
from cart.ai.rollout.check import check_key
from cart.drills import DrillBook
from cart.engine import Match, Rules


def bobs_blunder() -> Match:
    """Ann (the computer in OPTIONS) opens 6-1 well; Bob, the human, answers 6-1 with a blunder."""
    m = Match(Rules(), names=NAMES, rng=random.Random(1))
    m.roll((6, 1))
    m.play("13/7 8/7")
    m.roll((6, 1))
    m.play("8/2 6/5")
    return m


def test_the_human_player_s_mistakes_become_checked_drills_after_the_deep_pass(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    game = bobs_blunder()
    assert app.store is not None
    kept = app.store.games.create("Friday", OPTIONS, record=game.record)
    quick, deep = review_match(game), review_match(game, ply=DEEP_PLY)
    app.store.reviews.save(kept, review_cache_form(quick, game.record, deep))  # the deep pass is whole
    p = Player(app)
    scene = open_from_list(p)
    app.think_budget = None  # the frame's spare time
    book = DrillBook(app.store.drills)
    for _ in range(600):
        p.frames(1)
        if scene.drills.idle:
            break
    (drill,) = book.reload()
    assert (drill.player, drill.made, drill.sources[0].game) == (NAMES[1], "8/2 6/5", "Friday")
    assert drill.status == "ready" and drill.analysis is not None and drill.analysis.key == check_key()
    assert drill.analysis.best == "13/7 8/7" and book.daily() == [drill]
    p.frames(3)
    assert len(book.reload()) == 1  # harvested once
